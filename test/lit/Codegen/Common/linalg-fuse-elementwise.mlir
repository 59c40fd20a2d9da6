// RUN: disc-opt %s -split-input-file -disc-linalg-fuse-elementwise | FileCheck %s

// Elementwise chains still fuse, as with linalg-fuse-elementwise-ops: an add
// feeding a max becomes one generic.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @elementwise_chain
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
func.func @elementwise_chain(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %empty = tensor.empty() : tensor<8x4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x4xf32>, tensor<8x4xf32>) outs(%empty : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %max = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %b : tensor<8x4xf32>, tensor<8x4xf32>) outs(%empty : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  return %max : tensor<8x4xf32>
}

// -----

// A reshape of an elementwise result still folds into it: the generic runs
// on the expanded shape.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @reshape_of_elementwise
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x4x4xf32>)
// CHECK: arith.negf
// CHECK-NOT: tensor.expand_shape
func.func @reshape_of_elementwise(%a: tensor<8x4xf32>) -> tensor<2x4x4xf32> {
  %empty = tensor.empty() : tensor<8x4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x4xf32>) outs(%empty : tensor<8x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8x4xf32>
  %expanded = tensor.expand_shape %neg [[0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
  return %expanded : tensor<2x4x4xf32>
}

// -----

// A product between reshapes (im2col: a gather, collapsed to rows, times the
// kernel, expanded back) stays a linalg.matmul of rank 2: neither reshape
// folds into it, and the gather is not fused into it.
#gather = affine_map<(d0, d1, d2, d3) -> (d0, d1 + d2, d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @product_between_reshapes
// CHECK: %[[GATHER:.*]] = linalg.generic
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[GATHER]] {{\[\[}}0, 1], [2, 3]] : tensor<2x6x3x4xf32> into tensor<12x12xf32>
// CHECK: %[[PRODUCT:.*]] = linalg.matmul ins(%[[ROWS]], %{{.*}} : tensor<12x12xf32>, tensor<12x5xf32>) outs(%{{.*}} : tensor<12x5xf32>) -> tensor<12x5xf32>
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[PRODUCT]] {{\[\[}}0, 1], [2]] output_shape [2, 6, 5] : tensor<12x5xf32> into tensor<2x6x5xf32>
// CHECK: return %[[OUT]]
func.func @product_between_reshapes(%x: tensor<2x8x4xf32>, %w: tensor<12x5xf32>) -> tensor<2x6x5xf32> {
  %empty = tensor.empty() : tensor<2x6x3x4xf32>
  %patches = linalg.generic {indexing_maps = [#gather, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x4xf32>) outs(%empty : tensor<2x6x3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x6x3x4xf32>
  %rows = tensor.collapse_shape %patches [[0, 1], [2, 3]] : tensor<2x6x3x4xf32> into tensor<12x12xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<12x5xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<12x5xf32>) -> tensor<12x5xf32>
  %product = linalg.matmul ins(%rows, %w : tensor<12x12xf32>, tensor<12x5xf32>) outs(%filled : tensor<12x5xf32>) -> tensor<12x5xf32>
  %out = tensor.expand_shape %product [[0, 1], [2]] output_shape [2, 6, 5] : tensor<12x5xf32> into tensor<2x6x5xf32>
  return %out : tensor<2x6x5xf32>
}

// -----

// An elementwise producer is not fused into a product written as a generic
// (x * w^T), which would recompute it for every output column.
#id = affine_map<(d0, d1) -> (d0, d1)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhsT = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @producer_of_product
// CHECK: %[[NEG:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[NEG]], %{{.*}} : tensor<8x16xf32>, tensor<4x16xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @producer_of_product(%x: tensor<8x16xf32>, %w: tensor<4x16xf32>) -> tensor<8x4xf32> {
  %empty = tensor.empty() : tensor<8x16xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%empty : tensor<8x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8x4xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  %product = linalg.generic {indexing_maps = [#lhs, #rhsT, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%neg, %w : tensor<8x16xf32>, tensor<4x16xf32>) outs(%filled : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %product : tensor<8x4xf32>
}

// -----

// Elementwise producers fuse into their one user as upstream's
// linalg-fuse-elementwise-ops fuses them, into a reduction too (softmax's
// sum of exponentials).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @fused
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @fused(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %empty = tensor.empty() : tensor<4x8xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%empty : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%rows : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row],
                         iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// A contraction keeps its producers out: BERT's scores from a scaled,
// transposed q, and a bf16 product into f32 whose operands are converted
// from f32. The contraction still multiplies and adds its own inputs.
#bshd = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#bhsd = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#q = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#kT = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#scores = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @contractions
// CHECK: %[[Q:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK: arith.mulf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[Q]], %{{.*}} : tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>)
// CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK-NEXT: arith.addf %[[ACC]], %[[M]] : f32
// CHECK: %[[X:.*]] = linalg.generic
// CHECK: arith.truncf
// CHECK: %[[W:.*]] = linalg.generic
// CHECK: arith.truncf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[X]], %[[W]] : tensor<8x16xbf16>, tensor<16x4xbf16>)
// CHECK-NEXT: ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: f32):
// CHECK-NEXT: arith.extf
// CHECK-NEXT: arith.extf
func.func @contractions(%qIn: tensor<2x8x4x16xf32>, %k: tensor<2x4x8x16xf32>,
                        %x: tensor<8x16xf32>, %w: tensor<16x4xf32>)
    -> (tensor<2x4x8x8xf32>, tensor<8x4xf32>) {
  %scale = arith.constant 0.25 : f32
  %zero = arith.constant 0.0 : f32
  %qEmpty = tensor.empty() : tensor<2x4x8x16xf32>
  %q = linalg.generic {indexing_maps = [#bshd, #bhsd],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%qIn : tensor<2x8x4x16xf32>) outs(%qEmpty : tensor<2x4x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %scale : f32
    linalg.yield %s : f32
  } -> tensor<2x4x8x16xf32>
  %sEmpty = tensor.empty() : tensor<2x4x8x8xf32>
  %sInit = linalg.fill ins(%zero : f32) outs(%sEmpty : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %scores = linalg.generic {indexing_maps = [#q, #kT, #scores],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>)
      outs(%sInit : tensor<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<2x4x8x8xf32>
  %xEmpty = tensor.empty() : tensor<8x16xbf16>
  %xb = linalg.generic {indexing_maps = [#id, #id],
                        iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%xEmpty : tensor<8x16xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x16xbf16>
  %wEmpty = tensor.empty() : tensor<16x4xbf16>
  %wb = linalg.generic {indexing_maps = [#id, #id],
                        iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<16x4xf32>) outs(%wEmpty : tensor<16x4xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x4xbf16>
  %oEmpty = tensor.empty() : tensor<8x4xf32>
  %oInit = linalg.fill ins(%zero : f32) outs(%oEmpty : tensor<8x4xf32>) -> tensor<8x4xf32>
  %o = linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%xb, %wb : tensor<8x16xbf16>, tensor<16x4xbf16>)
      outs(%oInit : tensor<8x4xf32>) {
  ^bb0(%l: bf16, %r: bf16, %acc: f32):
    %lw = arith.extf %l : bf16 to f32
    %rw = arith.extf %r : bf16 to f32
    %m = arith.mulf %lw, %rw : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8x4xf32>
  return %scores, %o : tensor<2x4x8x8xf32>, tensor<8x4xf32>
}

// -----

// On a dynamic shape the consumer's sizes are read from the producer with
// tensor.dim; answered from the producer's operand, that read no longer
// counts as a second use, and the chain fuses.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @dynamic_chain
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>)
// CHECK: tensor.dim %[[A]]
// CHECK: linalg.generic
// CHECK: arith.negf
// CHECK: math.exp
// CHECK-NOT: linalg.generic
func.func @dynamic_chain(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %empty = tensor.empty(%n) : tensor<?xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%empty : tensor<?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  %m = tensor.dim %neg, %c0 : tensor<?xf32>
  %empty2 = tensor.empty(%m) : tensor<?xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%neg : tensor<?xf32>) outs(%empty2 : tensor<?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %exp : tensor<?xf32>
}

// -----

// A grouped convolution's N x H x W x G x 1 result transposed to NCHW, then
// read back as NHWC with a constant C x 1 x 1 bias: the bias drops its unit
// dims, so the reshape between the two transposes folds, and they fuse
// into one generic that reads the result in place (its unit innermost loop
// dropped, as below).
#to_nchw_in = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4, d1, d2)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#to_nhwc_in = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#bias = affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @transposes_around_a_unit_dim_bias
// CHECK-SAME: (%[[GROUPED:.*]]: tensor<2x3x3x4x1xf32>)
// CHECK: %[[NHWC:.*]] = tensor.collapse_shape %[[GROUPED]] {{\[}}[0], [1], [2], [3, 4]]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[NHWC]], %{{.*}} : tensor<2x3x3x4xf32>, tensor<4xf32>)
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @transposes_around_a_unit_dim_bias(%grouped: tensor<2x3x3x4x1xf32>) -> tensor<2x3x3x4xf32> {
  %bias = arith.constant dense<[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]> : tensor<4x1x1xf32>
  %nchw_empty = tensor.empty() : tensor<2x4x1x3x3xf32>
  %nchw = linalg.generic {indexing_maps = [#to_nchw_in, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%grouped : tensor<2x3x3x4x1xf32>) outs(%nchw_empty : tensor<2x4x1x3x3xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  } -> tensor<2x4x1x3x3xf32>
  %collapsed = tensor.collapse_shape %nchw [[0], [1, 2], [3], [4]] : tensor<2x4x1x3x3xf32> into tensor<2x4x3x3xf32>
  %nhwc_empty = tensor.empty() : tensor<2x3x3x4xf32>
  %sum = linalg.generic {indexing_maps = [#to_nhwc_in, #bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%collapsed, %bias : tensor<2x4x3x3xf32>, tensor<4x1x1xf32>) outs(%nhwc_empty : tensor<2x3x3x4xf32>) {
  ^bb0(%x: f32, %b: f32, %out: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3x3x4xf32>
  return %sum : tensor<2x3x3x4xf32>
}

// -----

// An elementwise generic whose innermost loop runs once (a depthwise
// convolution's N x H x W x C x 1 result) loses that loop, so that the loop
// over C, contiguous everywhere, is innermost and vectorizes.
#id4u = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @unit_innermost_loop
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x3x4x1xf32> into tensor<2x3x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3]]
func.func @unit_innermost_loop(%a: tensor<2x3x4x1xf32>, %b: tensor<2x3x4x1xf32>) -> tensor<2x3x4x1xf32> {
  %empty = tensor.empty() : tensor<2x3x4x1xf32>
  %sum = linalg.generic {indexing_maps = [#id4u, #id4u, #id4u], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<2x3x4x1xf32>, tensor<2x3x4x1xf32>) outs(%empty : tensor<2x3x4x1xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4x1xf32>
  return %sum : tensor<2x3x4x1xf32>
}

// -----

// A sum that one generic transposes to NHWC and another reads as NCHW (a
// residual sum: the next convolution and the next sum) is written NHWC; the
// transpose goes, and the next sum reads it through the inverse permutation.
// The batch is dynamic.
#id4t = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nchw_of_nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#nhwc_of_nchw = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#channel = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[LAST:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-DAG: #[[NHWC_OF_NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[NCHW_OF_NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @residual_sum_in_its_transposed_layout
// CHECK-SAME: (%[[CONV:.*]]: tensor<?x2x3x4xf32>, %[[BIAS:.*]]: tensor<4xf32>, %[[SKIP:.*]]: tensor<?x4x2x3xf32>, %[[NEXT:.*]]: tensor<?x2x3x4xf32>)
// CHECK: %[[BATCH:.*]] = tensor.dim %[[SKIP]], %c0
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[BATCH]]) : tensor<?x2x3x4xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[LAST]], #[[NHWC_OF_NCHW]], #[[ID]]]
// CHECK-SAME: ins(%[[CONV]], %[[BIAS]], %[[SKIP]] : {{.*}}) outs(%[[EMPTY]] : tensor<?x2x3x4xf32>)
// CHECK: %[[NEXT_SUM:.*]] = linalg.generic {indexing_maps = [#[[NCHW_OF_NHWC]], #[[NCHW_OF_NHWC]], #[[ID]]]
// CHECK-SAME: ins(%[[NEXT]], %[[SUM]] : tensor<?x2x3x4xf32>, tensor<?x2x3x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[SUM]], %[[NEXT_SUM]]
func.func @residual_sum_in_its_transposed_layout(
    %conv: tensor<?x2x3x4xf32>, %bias: tensor<4xf32>, %skip: tensor<?x4x2x3xf32>,
    %next: tensor<?x2x3x4xf32>) -> (tensor<?x2x3x4xf32>, tensor<?x4x2x3xf32>) {
  %c0 = arith.constant 0 : index
  %batch = tensor.dim %skip, %c0 : tensor<?x4x2x3xf32>
  %nchw_empty = tensor.empty(%batch) : tensor<?x4x2x3xf32>
  %sum = linalg.generic {indexing_maps = [#nchw_of_nhwc, #channel, #id4t, #id4t], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias, %skip : tensor<?x2x3x4xf32>, tensor<4xf32>, tensor<?x4x2x3xf32>) outs(%nchw_empty : tensor<?x4x2x3xf32>) {
  ^bb0(%x: f32, %b: f32, %s: f32, %out: f32):
    %0 = arith.addf %x, %b : f32
    %1 = arith.addf %0, %s : f32
    linalg.yield %1 : f32
  } -> tensor<?x4x2x3xf32>
  %nhwc_empty = tensor.empty(%batch) : tensor<?x2x3x4xf32>
  %nhwc = linalg.generic {indexing_maps = [#nhwc_of_nchw, #id4t], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<?x4x2x3xf32>) outs(%nhwc_empty : tensor<?x2x3x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  } -> tensor<?x2x3x4xf32>
  %next_sum = linalg.generic {indexing_maps = [#nchw_of_nhwc, #id4t, #id4t], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%next, %sum : tensor<?x2x3x4xf32>, tensor<?x4x2x3xf32>) outs(%nchw_empty : tensor<?x4x2x3xf32>) {
  ^bb0(%x: f32, %s: f32, %out: f32):
    %0 = arith.addf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<?x4x2x3xf32>
  return %nhwc, %next_sum : tensor<?x2x3x4xf32>, tensor<?x4x2x3xf32>
}

// -----

// A sum that is also returned keeps its layout: the caller reads it as it is.
#id4r = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nhwc_of_nchw_r = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-LABEL: func.func @returned_sum_keeps_its_layout
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x4x2x3xf32>)
// CHECK: %[[NHWC:.*]] = linalg.generic
// CHECK-SAME: ins(%[[SUM]] : tensor<1x4x2x3xf32>) outs(%{{.*}} : tensor<1x2x3x4xf32>)
// CHECK: return %[[NHWC]], %[[SUM]]
func.func @returned_sum_keeps_its_layout(%a: tensor<1x4x2x3xf32>, %b: tensor<1x4x2x3xf32>)
    -> (tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>) {
  %nchw_empty = tensor.empty() : tensor<1x4x2x3xf32>
  %sum = linalg.generic {indexing_maps = [#id4r, #id4r, #id4r], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>) outs(%nchw_empty : tensor<1x4x2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x2x3xf32>
  %nhwc_empty = tensor.empty() : tensor<1x2x3x4xf32>
  %nhwc = linalg.generic {indexing_maps = [#nhwc_of_nchw_r, #id4r], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<1x4x2x3xf32>) outs(%nhwc_empty : tensor<1x2x3x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  } -> tensor<1x2x3x4xf32>
  return %nhwc, %sum : tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>
}
