// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// An embedding lookup: one parallel generic over the result that reads the
// token id, clamps it to [0, 50 - 1], and reads the table's row at it.
// CHECK-LABEL: func.func @embedding
// CHECK-SAME: (%[[TABLE:.*]]: tensor<50x16xf32>, %[[IDS:.*]]: tensor<3x7xi32>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<3x7x16xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]} outs(%[[EMPTY]] : tensor<3x7x16xf32>)
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[S:.*]] = linalg.index 1 : index
// CHECK: %[[D:.*]] = linalg.index 2 : index
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[B]], %[[S]]] : tensor<3x7xi32>
// CHECK: %[[START:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: %[[BELOW:.*]] = arith.minsi %[[START]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.maxsi %[[BELOW]], %{{.*}} : index
// CHECK: %[[COLUMN:.*]] = arith.addi %{{.*}}, %[[D]] : index
// CHECK: %[[ELEMENT:.*]] = tensor.extract %[[TABLE]][%{{.*}}, %[[COLUMN]]] : tensor<50x16xf32>
// CHECK: linalg.yield %[[ELEMENT]] : f32
func.func @embedding(%table: tensor<50x16xf32>, %ids: tensor<3x7xi32>) -> tensor<3x7x16xf32> {
  %0 = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<50x16xf32>, tensor<3x7xi32>) -> tensor<3x7x16xf32>
  return %0 : tensor<3x7x16xf32>
}

// -----

// Unsigned start indices are clamped unsigned; a batching dim reads the
// result's batch index.
// CHECK-LABEL: func.func @batching_unsigned
// CHECK: arith.index_castui %{{.*}} : i32 to index
// CHECK: arith.minui
func.func @batching_unsigned(%x: tensor<5x7xf32>, %i: tensor<5x3x1xui32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<5x7xf32>, tensor<5x3x1xui32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// A dynamic batch: the result's batch is the indices'.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: %[[BATCH:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x7xi32>
// CHECK: tensor.empty(%[[BATCH]]) : tensor<?x7x16xf32>
func.func @dynamic_batch(%table: tensor<50x16xf32>, %ids: tensor<?x7xi32>) -> tensor<?x7x16xf32> {
  %0 = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<50x16xf32>, tensor<?x7xi32>) -> tensor<?x7x16xf32>
  return %0 : tensor<?x7x16xf32>
}
