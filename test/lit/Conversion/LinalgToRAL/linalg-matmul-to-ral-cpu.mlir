// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-linalg-matmul-to-ral{device=cpu}))' | FileCheck %s
// RUN: not disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-linalg-matmul-to-ral{device=tpu}))' 2>&1 | FileCheck %s --check-prefix=DEVICE

// DEVICE: error: disc-linalg-matmul-to-ral: device 'tpu' has no ral_gemm (expected cpu or gpu)

// f32 and f64 products become calls of the CPU's ral_gemm; the fills are
// gone.
// CHECK-LABEL: func.func @f32_and_f64
// CHECK-NOT: linalg.fill
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<64x128xf32>, memref<128x32xf32>, memref<64x32xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<?x?x16xf64>, memref<?x16x?xf64>, memref<?x?x?xf64>, i1, i1) -> ()
// CHECK-NOT: linalg.
// CHECK: return
func.func @f32_and_f64(%ctx: !disc_ral.context, %a: memref<64x128xf32>,
                       %b: memref<128x32xf32>, %c: memref<64x32xf32>,
                       %x: memref<?x?x16xf64>, %y: memref<?x16x?xf64>,
                       %z: memref<?x?x?xf64>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.matmul ins(%a, %b : memref<64x128xf32>, memref<128x32xf32>)
                outs(%c : memref<64x32xf32>)
  %zero64 = arith.constant 0.0 : f64
  linalg.fill ins(%zero64 : f64) outs(%z : memref<?x?x?xf64>)
  linalg.batch_matmul ins(%x, %y : memref<?x?x16xf64>, memref<?x16x?xf64>)
                      outs(%z : memref<?x?x?xf64>)
  return
}

// -----

// The CPU's libraries take no f16 products (oneDNN's matmul has none in
// Debian's oneDNN 2.6): they stay loops, fill included, whether f16
// throughout or widened into f32.
// CHECK-LABEL: func.func @f16_stays
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK-NOT: disc_ral.dispatch
func.func @f16_stays(%ctx: !disc_ral.context, %a: memref<8x16xf16>,
                     %b: memref<16x4xf16>, %c: memref<8x4xf16>,
                     %d: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%c : memref<8x4xf16>)
  linalg.matmul ins(%a, %b : memref<8x16xf16>, memref<16x4xf16>)
                outs(%c : memref<8x4xf16>)
  %zero32 = arith.constant 0.0 : f32
  linalg.fill ins(%zero32 : f32) outs(%d : memref<8x4xf32>)
  linalg.matmul ins(%a, %b : memref<8x16xf16>, memref<16x4xf16>)
                outs(%d : memref<8x4xf32>)
  return
}

// -----

// bf16 products go to oneDNN's matmul through ral_gemm: bf16 throughout
// (a batch, a transposed rhs) and bf16 operands widened into f32, as JAX's
// preferred_element_type=f32 prints them.
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhsT = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @bf16
// CHECK-NOT: linalg.fill
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %true{{.*}}) : (memref<4x8x16xbf16>, memref<4x8x16xbf16>, memref<4x8x8xbf16>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<8x16xbf16>, memref<16x4xbf16>, memref<8x4xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.
// CHECK: return
func.func @bf16(%ctx: !disc_ral.context, %a: memref<4x8x16xbf16>,
                %b: memref<4x8x16xbf16>, %c: memref<4x8x8xbf16>,
                %x: memref<8x16xbf16>, %y: memref<16x4xbf16>,
                %o: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<4x8x8xbf16>)
  linalg.generic {indexing_maps = [#lhs, #rhsT, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8x16xbf16>, memref<4x8x16xbf16>)
      outs(%c : memref<4x8x8xbf16>) {
  ^bb0(%l: bf16, %r: bf16, %acc: bf16):
    %m = arith.mulf %l, %r : bf16
    %s = arith.addf %acc, %m : bf16
    linalg.yield %s : bf16
  }
  %zero32 = arith.constant 0.0 : f32
  linalg.fill ins(%zero32 : f32) outs(%o : memref<8x4xf32>)
  linalg.matmul ins(%x, %y : memref<8x16xbf16>, memref<16x4xbf16>)
                outs(%o : memref<8x4xf32>)
  return
}

// -----

// A dense layer on [B, S, K] activations, as dot_general of a rank-3 lhs and
// a rank-2 weight lowers: lhs and out collapse to B * S rows, one rank-2
// product; a transposed weight ([N, K]) is read transposed.
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#rhsT = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dense_layer
// CHECK-NOT: linalg.fill
// CHECK: %[[LHS:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<?x128x768xf32> into memref<?x768xf32>
// CHECK: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<?x128x3072xf32> into memref<?x3072xf32>
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%[[LHS]], %{{.*}}, %[[OUT]], %false{{.*}}, %false{{.*}}) : (memref<?x768xf32>, memref<768x3072xf32>, memref<?x3072xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %true{{.*}}) : (memref<?x768xf32>, memref<3072x768xf32>, memref<?x3072xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.
// CHECK: return
func.func @dense_layer(%ctx: !disc_ral.context, %x: memref<?x128x768xf32>,
                       %w: memref<768x3072xf32>, %wt: memref<3072x768xf32>,
                       %y: memref<?x128x3072xf32>, %z: memref<?x128x3072xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<?x128x3072xf32>)
  linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x128x768xf32>, memref<768x3072xf32>)
      outs(%y : memref<?x128x3072xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%z : memref<?x128x3072xf32>)
  linalg.generic {indexing_maps = [#lhs, #rhsT, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wt : memref<?x128x768xf32>, memref<3072x768xf32>)
      outs(%z : memref<?x128x3072xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows that do not collapse (a view whose batches are not a whole number
// of row strides apart) and a transposed lhs of several leading dims stay
// loops.
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#lhsT = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @rows_that_stay
// CHECK-NOT: disc_ral.dispatch
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: disc_ral.dispatch
func.func @rows_that_stay(%ctx: !disc_ral.context,
                          %x: memref<2x4x8xf32, strided<[80, 16, 1]>>,
                          %xt: memref<2x8x4xf32>, %w: memref<8x3xf32>,
                          %y: memref<2x4x3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<2x4x3xf32>)
  linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x4x8xf32, strided<[80, 16, 1]>>, memref<8x3xf32>)
      outs(%y : memref<2x4x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%y : memref<2x4x3xf32>)
  linalg.generic {indexing_maps = [#lhsT, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xt, %w : memref<2x8x4xf32>, memref<8x3xf32>)
      outs(%y : memref<2x4x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}


// -----

// One zero buffer that several products start from, as bufferization leaves
// the zero tensor CSE merged: the first products copy it into their outputs
// (the copies are erased with them), the last one writes it itself.
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @shared_zeros
// CHECK: linalg.fill
// CHECK-NOT: memref.copy
// CHECK: "ral_gemm" device "cpu"
// CHECK-NOT: memref.copy
// CHECK: "ral_gemm" device "cpu"
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @shared_zeros(%ctx: !disc_ral.context, %x: memref<1x4x8xf32>,
                        %w: memref<8x8xf32>) -> (memref<1x4x8xf32>, memref<1x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %zeros = memref.alloc() : memref<1x4x8xf32>
  linalg.fill ins(%zero : f32) outs(%zeros : memref<1x4x8xf32>)
  %first = memref.alloc() : memref<1x4x8xf32>
  memref.copy %zeros, %first : memref<1x4x8xf32> to memref<1x4x8xf32>
  linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<1x4x8xf32>, memref<8x8xf32>)
      outs(%first : memref<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%first, %w : memref<1x4x8xf32>, memref<8x8xf32>)
      outs(%zeros : memref<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return %first, %zeros : memref<1x4x8xf32>, memref<1x4x8xf32>
}

// -----

// Zeros that something else writes before the product, or a copy of a
// buffer that is not all zeros, are not zeros: the products stay loops.
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @not_zeros
// CHECK-NOT: "ral_gemm"
// CHECK: return
func.func @not_zeros(%ctx: !disc_ral.context, %x: memref<1x4x8xf32>,
                     %w: memref<8x8xf32>, %v: memref<1x4x8xf32>)
    -> (memref<1x4x8xf32>, memref<1x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %zeros = memref.alloc() : memref<1x4x8xf32>
  linalg.fill ins(%zero : f32) outs(%zeros : memref<1x4x8xf32>)
  memref.copy %v, %zeros : memref<1x4x8xf32> to memref<1x4x8xf32>
  %first = memref.alloc() : memref<1x4x8xf32>
  memref.copy %zeros, %first : memref<1x4x8xf32> to memref<1x4x8xf32>
  linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<1x4x8xf32>, memref<8x8xf32>)
      outs(%first : memref<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%first, %w : memref<1x4x8xf32>, memref<8x8xf32>)
      outs(%zeros : memref<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return %first, %zeros : memref<1x4x8xf32>, memref<1x4x8xf32>
}

// -----

// Attention written as einsum (bqhd,bkhd->bhqk): each operand is read through
// a memref.transpose that puts its batch dims (b, h) first; they do not
// collapse into one, so the CPU's ral_gemm takes rank 4.
#q = affine_map<(b, h, i, j, d) -> (b, i, h, d)>
#k = affine_map<(b, h, i, j, d) -> (b, j, h, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
// CHECK-LABEL: func.func @einsum_scores
// CHECK: %[[Q:.*]] = memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x4x3x8xf32> to memref<2x3x4x8xf32, strided<[96, 8, 24, 1]>>
// CHECK: %[[K:.*]] = memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x5x3x8xf32> to memref<2x3x5x8xf32, strided<[120, 8, 24, 1]>>
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%[[Q]], %[[K]], %{{.*}}, %false, %true) : (memref<2x3x4x8xf32, strided<[96, 8, 24, 1]>>, memref<2x3x5x8xf32, strided<[120, 8, 24, 1]>>, memref<2x3x4x5xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.generic
func.func @einsum_scores(%ctx: !disc_ral.context, %query: memref<2x4x3x8xf32>,
                         %key: memref<2x5x3x8xf32>) -> memref<2x3x4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %scores = memref.alloc() : memref<2x3x4x5xf32>
  linalg.fill ins(%zero : f32) outs(%scores : memref<2x3x4x5xf32>)
  linalg.generic {indexing_maps = [#q, #k, #s],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%query, %key : memref<2x4x3x8xf32>, memref<2x5x3x8xf32>)
      outs(%scores : memref<2x3x4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  }
  return %scores : memref<2x3x4x5xf32>
}

// -----

// Attention's context written in the layout of its heads' merge
// (bhqk,bkhd->bqhd, disc-linalg-write-products-transposed): the output, like
// v, is written through a memref.transpose that puts its batch dims first.
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, j, h, d)>
#c = affine_map<(b, h, i, d, j) -> (b, i, h, d)>
// CHECK-LABEL: func.func @context_in_merged_layout
// CHECK: %[[V:.*]] = memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x5x3x8xf32> to memref<2x3x5x8xf32, strided<[120, 8, 24, 1]>>
// CHECK: %[[C:.*]] = memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x4x3x8xf32> to memref<2x3x4x8xf32, strided<[96, 8, 24, 1]>>
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "cpu" may_fail(%{{.*}}, %[[V]], %[[C]], %false, %false{{.*}}) : (memref<2x3x4x5xf32>, memref<2x3x5x8xf32, strided<[120, 8, 24, 1]>>, memref<2x3x4x8xf32, strided<[96, 8, 24, 1]>>, i1, i1) -> ()
// CHECK-NOT: linalg.generic
func.func @context_in_merged_layout(%ctx: !disc_ral.context, %probs: memref<2x3x4x5xf32>,
                                    %value: memref<2x5x3x8xf32>) -> memref<2x4x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %context = memref.alloc() : memref<2x4x3x8xf32>
  linalg.fill ins(%zero : f32) outs(%context : memref<2x4x3x8xf32>)
  linalg.generic {indexing_maps = [#p, #v, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%probs, %value : memref<2x3x4x5xf32>, memref<2x5x3x8xf32>)
      outs(%context : memref<2x4x3x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  }
  return %context : memref<2x4x3x8xf32>
}

// -----

// An output whose innermost dim is lhs's free one: the library writes rows
// of rhs's free dim, so the product stays a loop nest.
#p = affine_map<(b, i, d, j) -> (b, i, j)>
#v = affine_map<(b, i, d, j) -> (b, j, d)>
#c = affine_map<(b, i, d, j) -> (b, d, i)>
// CHECK-LABEL: func.func @output_rows_of_lhs
// CHECK-NOT: ral_gemm
// CHECK: linalg.generic
func.func @output_rows_of_lhs(%ctx: !disc_ral.context, %probs: memref<3x4x5xf32>,
                              %value: memref<3x5x8xf32>) -> memref<3x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %context = memref.alloc() : memref<3x8x4xf32>
  linalg.fill ins(%zero : f32) outs(%context : memref<3x8x4xf32>)
  linalg.generic {indexing_maps = [#p, #v, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%probs, %value : memref<3x4x5xf32>, memref<3x5x8xf32>)
      outs(%context : memref<3x8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  }
  return %context : memref<3x8x4xf32>
}
