// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-linalg-write-products-transposed))' | FileCheck %s

// Attention's context [B, H, S, D] copied into [B, S, H, D] to merge its
// heads: the product writes [B, S, H, D] itself and the copy goes.
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#c = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
#heads = affine_map<(b, i, h, d) -> (b, h, i, d)>
#id = affine_map<(b, i, h, d) -> (b, i, h, d)>
// CHECK-DAG: #[[P:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[V:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
// CHECK-DAG: #[[MERGED:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d3)>
// CHECK-LABEL: func.func @context
// CHECK-SAME: (%[[PROBS:.*]]: tensor<2x3x4x5xf32>, %[[VALUE:.*]]: tensor<2x3x5x8xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4x3x8xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x4x3x8xf32>)
// CHECK: %[[CONTEXT:.*]] = linalg.generic {indexing_maps = [#[[P]], #[[V]], #[[MERGED]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[PROBS]], %[[VALUE]] : tensor<2x3x4x5xf32>, tensor<2x3x5x8xf32>) outs(%[[INIT]] : tensor<2x4x3x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[CONTEXT]] : tensor<2x4x3x8xf32>
func.func @context(%probs: tensor<2x3x4x5xf32>, %value: tensor<2x3x5x8xf32>) -> tensor<2x4x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x3x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  %context = linalg.generic {indexing_maps = [#p, #v, #c], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%probs, %value : tensor<2x3x4x5xf32>, tensor<2x3x5x8xf32>) outs(%init : tensor<2x3x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4x8xf32>
  %merged_empty = tensor.empty() : tensor<2x4x3x8xf32>
  %merged = linalg.generic {indexing_maps = [#heads, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%context : tensor<2x3x4x8xf32>) outs(%merged_empty : tensor<2x4x3x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x3x8xf32>
  return %merged : tensor<2x4x3x8xf32>
}

// -----

// Batch 1 as JAX prints it: a named batch_matmul over the heads, its unit
// batch dim added by a reshape before the transpose; the product writes
// [S, H, D] and the reshape follows it. bf16 operands into f32.
#heads = affine_map<(b, i, h, d) -> (b, h, i, d)>
#id = affine_map<(b, i, h, d) -> (b, i, h, d)>
// CHECK-DAG: #[[MERGED:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d0, d2)>
// CHECK-LABEL: func.func @context_batch_one
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<7x3x8xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<7x3x8xf32>)
// CHECK: %[[CONTEXT:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[MERGED]]]
// CHECK-SAME: outs(%[[INIT]] : tensor<7x3x8xf32>)
// CHECK: arith.extf
// CHECK: %[[EXPANDED:.*]] = tensor.expand_shape %[[CONTEXT]] {{\[}}[0, 1], [2], [3]] output_shape [1, 7, 3, 8] : tensor<7x3x8xf32> into tensor<1x7x3x8xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[EXPANDED]]
func.func @context_batch_one(%probs: tensor<3x7x7xbf16>, %value: tensor<3x7x8xbf16>) -> tensor<1x7x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x7x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x7x8xf32>) -> tensor<3x7x8xf32>
  %context = linalg.batch_matmul ins(%probs, %value : tensor<3x7x7xbf16>, tensor<3x7x8xbf16>)
      outs(%init : tensor<3x7x8xf32>) -> tensor<3x7x8xf32>
  %expanded = tensor.expand_shape %context [[0, 1], [2], [3]] output_shape [1, 3, 7, 8] : tensor<3x7x8xf32> into tensor<1x3x7x8xf32>
  %merged_empty = tensor.empty() : tensor<1x7x3x8xf32>
  %merged = linalg.generic {indexing_maps = [#heads, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%expanded : tensor<1x3x7x8xf32>) outs(%merged_empty : tensor<1x7x3x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x7x3x8xf32>
  return %merged : tensor<1x7x3x8xf32>
}

// -----

// A dynamic batch: the new output's sizes come from the old one's.
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#c = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
#heads = affine_map<(b, i, h, d) -> (b, h, i, d)>
#id = affine_map<(b, i, h, d) -> (b, i, h, d)>
// CHECK-LABEL: func.func @context_dynamic_batch
// CHECK: %[[BATCH:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x3x4x8xf32>
// CHECK: tensor.empty(%[[BATCH]]) : tensor<?x4x3x8xf32>
// CHECK: %[[CONTEXT:.*]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<?x4x3x8xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[CONTEXT]]
func.func @context_dynamic_batch(%probs: tensor<?x3x4x5xf32>, %value: tensor<?x3x5x8xf32>) -> tensor<?x4x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %batch = tensor.dim %probs, %c0 : tensor<?x3x4x5xf32>
  %empty = tensor.empty(%batch) : tensor<?x3x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x3x4x8xf32>) -> tensor<?x3x4x8xf32>
  %context = linalg.generic {indexing_maps = [#p, #v, #c], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%probs, %value : tensor<?x3x4x5xf32>, tensor<?x3x5x8xf32>) outs(%init : tensor<?x3x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<?x3x4x8xf32>
  %merged_empty = tensor.empty(%batch) : tensor<?x4x3x8xf32>
  %merged = linalg.generic {indexing_maps = [#heads, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%context : tensor<?x3x4x8xf32>) outs(%merged_empty : tensor<?x4x3x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<?x4x3x8xf32>
  return %merged : tensor<?x4x3x8xf32>
}

// -----

// A transpose that moves the innermost dim: the library writes rows along
// rhs's free dim, so the product and the copy stay.
#id = affine_map<(b, d, i) -> (b, d, i)>
#swap = affine_map<(b, d, i) -> (b, i, d)>
// CHECK-LABEL: func.func @innermost_moves
// CHECK: linalg.batch_matmul
// CHECK: %[[COPY:.*]] = linalg.generic
// CHECK: return %[[COPY]]
func.func @innermost_moves(%lhs: tensor<3x4x5xf32>, %rhs: tensor<3x5x8xf32>) -> tensor<3x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x4x8xf32>) -> tensor<3x4x8xf32>
  %product = linalg.batch_matmul ins(%lhs, %rhs : tensor<3x4x5xf32>, tensor<3x5x8xf32>)
      outs(%init : tensor<3x4x8xf32>) -> tensor<3x4x8xf32>
  %t_empty = tensor.empty() : tensor<3x8x4xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%product : tensor<3x4x8xf32>) outs(%t_empty : tensor<3x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x8x4xf32>
  return %t : tensor<3x8x4xf32>
}

// -----

// A product that something else reads too is written once, as it is.
#heads = affine_map<(i, h, d) -> (h, i, d)>
#id = affine_map<(i, h, d) -> (i, h, d)>
// CHECK-LABEL: func.func @other_user
// CHECK: %[[PRODUCT:.*]] = linalg.batch_matmul
// CHECK: %[[COPY:.*]] = linalg.generic
// CHECK: return %[[COPY]], %[[PRODUCT]]
func.func @other_user(%lhs: tensor<3x4x5xf32>, %rhs: tensor<3x5x8xf32>) -> (tensor<4x3x8xf32>, tensor<3x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x4x8xf32>) -> tensor<3x4x8xf32>
  %product = linalg.batch_matmul ins(%lhs, %rhs : tensor<3x4x5xf32>, tensor<3x5x8xf32>)
      outs(%init : tensor<3x4x8xf32>) -> tensor<3x4x8xf32>
  %t_empty = tensor.empty() : tensor<4x3x8xf32>
  %t = linalg.generic {indexing_maps = [#heads, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%product : tensor<3x4x8xf32>) outs(%t_empty : tensor<4x3x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x3x8xf32>
  return %t, %product : tensor<4x3x8xf32>, tensor<3x4x8xf32>
}

// -----

// Integers: no library product, the compiler's own loops read the copy.
#heads = affine_map<(i, h, d) -> (h, i, d)>
#id = affine_map<(i, h, d) -> (i, h, d)>
// CHECK-LABEL: func.func @integers
// CHECK: linalg.batch_matmul
// CHECK: %[[COPY:.*]] = linalg.generic
// CHECK: return %[[COPY]]
func.func @integers(%lhs: tensor<3x4x5xi32>, %rhs: tensor<3x5x8xi32>) -> tensor<4x3x8xi32> {
  %zero = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<3x4x8xi32>
  %init = linalg.fill ins(%zero : i32) outs(%empty : tensor<3x4x8xi32>) -> tensor<3x4x8xi32>
  %product = linalg.batch_matmul ins(%lhs, %rhs : tensor<3x4x5xi32>, tensor<3x5x8xi32>)
      outs(%init : tensor<3x4x8xi32>) -> tensor<3x4x8xi32>
  %t_empty = tensor.empty() : tensor<4x3x8xi32>
  %t = linalg.generic {indexing_maps = [#heads, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%product : tensor<3x4x8xi32>) outs(%t_empty : tensor<4x3x8xi32>) {
  ^bb0(%in: i32, %out: i32):
    linalg.yield %in : i32
  } -> tensor<4x3x8xi32>
  return %t : tensor<4x3x8xi32>
}

// -----

// Batch 1 once disc-linalg-fuse-elementwise has folded the reshape into the
// copy: the copy's loop of the unit batch dim indexes nothing of the
// product, whose output takes the other three, a reshape adding the unit
// dim after it.
#merge = affine_map<(b, i, h, d) -> (h, i, d)>
#id = affine_map<(b, i, h, d) -> (b, i, h, d)>
// CHECK-DAG: #[[MERGED:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d0, d2)>
// CHECK-LABEL: func.func @context_unit_loop
// CHECK: %[[CONTEXT:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[MERGED]]]
// CHECK-SAME: outs(%{{.*}} : tensor<7x3x8xf32>)
// CHECK: %[[EXPANDED:.*]] = tensor.expand_shape %[[CONTEXT]] {{\[}}[0, 1], [2], [3]] output_shape [1, 7, 3, 8] : tensor<7x3x8xf32> into tensor<1x7x3x8xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[EXPANDED]]
func.func @context_unit_loop(%probs: tensor<3x7x7xf32>, %value: tensor<3x7x8xf32>) -> tensor<1x7x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x7x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x7x8xf32>) -> tensor<3x7x8xf32>
  %context = linalg.batch_matmul ins(%probs, %value : tensor<3x7x7xf32>, tensor<3x7x8xf32>)
      outs(%init : tensor<3x7x8xf32>) -> tensor<3x7x8xf32>
  %merged_empty = tensor.empty() : tensor<1x7x3x8xf32>
  %merged = linalg.generic {indexing_maps = [#merge, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%context : tensor<3x7x8xf32>) outs(%merged_empty : tensor<1x7x3x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x7x3x8xf32>
  return %merged : tensor<1x7x3x8xf32>
}

// -----

// A copy that broadcasts the product along a dim it lacks is no transpose:
// the product and the copy stay.
#broadcast = affine_map<(r, i, h, d) -> (h, i, d)>
#id = affine_map<(r, i, h, d) -> (r, i, h, d)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.batch_matmul
// CHECK: %[[COPY:.*]] = linalg.generic
// CHECK: return %[[COPY]]
func.func @broadcast(%probs: tensor<3x7x7xf32>, %value: tensor<3x7x8xf32>) -> tensor<2x7x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x7x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x7x8xf32>) -> tensor<3x7x8xf32>
  %context = linalg.batch_matmul ins(%probs, %value : tensor<3x7x7xf32>, tensor<3x7x8xf32>)
      outs(%init : tensor<3x7x8xf32>) -> tensor<3x7x8xf32>
  %copies_empty = tensor.empty() : tensor<2x7x3x8xf32>
  %copies = linalg.generic {indexing_maps = [#broadcast, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%context : tensor<3x7x8xf32>) outs(%copies_empty : tensor<2x7x3x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x7x3x8xf32>
  return %copies : tensor<2x7x3x8xf32>
}

// -----

// As many heads as positions: the product's output and the copy's are one
// tensor.empty (CSE merged them), erased once with the copy.
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#c = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
#heads = affine_map<(b, i, h, d) -> (b, h, i, d)>
#id = affine_map<(b, i, h, d) -> (b, i, h, d)>
// CHECK-LABEL: func.func @one_empty_for_both_outputs
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4x4x8xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<2x4x4x8xf32>)
// CHECK: %[[CONTEXT:.*]] = linalg.generic
// CHECK-SAME: outs(%[[INIT]] : tensor<2x4x4x8xf32>)
// CHECK-NOT: tensor.empty
// CHECK-NOT: linalg.generic
// CHECK: return %[[CONTEXT]] : tensor<2x4x4x8xf32>
func.func @one_empty_for_both_outputs(%probs: tensor<2x4x4x5xf32>, %value: tensor<2x4x5x8xf32>) -> tensor<2x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x4x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %context = linalg.generic {indexing_maps = [#p, #v, #c], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%probs, %value : tensor<2x4x4x5xf32>, tensor<2x4x5x8xf32>) outs(%init : tensor<2x4x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4x8xf32>
  %merged = linalg.generic {indexing_maps = [#heads, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%context : tensor<2x4x4x8xf32>) outs(%empty : tensor<2x4x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x4x8xf32>
  return %merged : tensor<2x4x4x8xf32>
}
