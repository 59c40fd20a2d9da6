// RUN: disc-opt %s --disc-stablehlo-to-linalg | FileCheck %s

// A scatter-add: a loop nest over the updates carries the result; each
// update element's result row comes from its index, is checked against the
// input's bounds (skipped outside), and is combined and inserted in place.
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[X:.*]]: tensor<6x3xf32>, %[[IDS:.*]]: tensor<4x1xi32>, %[[U:.*]]: tensor<4x3xf32>)
// CHECK: %[[OUT:.*]] = scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ROWS:.*]] = %[[X]]) -> (tensor<6x3xf32>)
// CHECK: scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ROWS]]) -> (tensor<6x3xf32>)
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[N]], %{{.*}}] : tensor<4x1xi32>
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: arith.cmpi ult, %{{.*}}, %c6 : index
// CHECK: arith.cmpi ult, %{{.*}}, %c3 : index
// CHECK: scf.if %{{.*}} -> (tensor<6x3xf32>) {
// CHECK: %[[OLD:.*]] = tensor.extract %[[ACC]]
// CHECK: %[[NEW:.*]] = tensor.extract %[[U]][%[[N]], %[[D]]] : tensor<4x3xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[NEW]] : f32
// CHECK: %[[INSERTED:.*]] = tensor.insert %[[SUM]] into %[[ACC]]
// CHECK: scf.yield %[[INSERTED]] : tensor<6x3xf32>
// CHECK: } else {
// CHECK: scf.yield %[[ACC]] : tensor<6x3xf32>
// CHECK: return %[[OUT]]
func.func @scatter_add(%x: tensor<6x3xf32>, %ids: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = "stablehlo.scatter"(%x, %ids, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}
