// RUN: disc-opt %s --disc-stablehlo-to-linalg | FileCheck %s
// RUN: disc-opt %s --disc-stablehlo-to-linalg=split-scatter-windows=true | FileCheck %s --check-prefix=SPLIT

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

// Split (the CPU): the window's rows are not indexed, so an scf.forall over
// blocks of them (one block of 3 here) carries a block of the result; each
// update, in order, is checked once against the rows and combined by one
// elementwise linalg.generic over the contiguous rows of the update and the
// block.
// SPLIT-LABEL: func.func @scatter_add
// SPLIT-SAME: (%[[X:.*]]: tensor<6x3xf32>, %[[IDS:.*]]: tensor<4x1xi32>, %[[U:.*]]: tensor<4x3xf32>)
// SPLIT: %[[OUT:.*]] = scf.forall (%[[B:.*]]) in (1) shared_outs(%[[SHARED:.*]] = %[[X]]) -> (tensor<6x3xf32>)
// SPLIT: %[[START:.*]] = arith.muli %[[B]], %c3
// SPLIT: %[[BLOCK:.*]] = tensor.extract_slice %[[SHARED]][0, %[[START]]] [6, 3] [1, 1]
// SPLIT: %[[ROWS:.*]] = scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[BLOCK]]) -> (tensor<6x3xf32>)
// SPLIT: %[[ID:.*]] = tensor.extract %[[IDS]][%[[N]], %{{.*}}] : tensor<4x1xi32>
// SPLIT: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// SPLIT: %[[ROWINDEX:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
// SPLIT: arith.cmpi ult, %[[ROWINDEX]], %c6 : index
// SPLIT-NOT: arith.cmpi
// SPLIT: scf.if %{{.*}} -> (tensor<6x3xf32>) {
// SPLIT: %[[UROW:.*]] = tensor.extract_slice %[[U]][%[[N]], %[[START]]] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<3xf32>
// SPLIT: %[[XROW:.*]] = tensor.extract_slice %[[ACC]][%[[ROWINDEX]], 0] [1, 3] [1, 1] : tensor<6x3xf32> to tensor<3xf32>
// SPLIT: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[UROW]] : tensor<3xf32>) outs(%[[XROW]] : tensor<3xf32>)
// SPLIT: ^bb0(%[[IN:.*]]: f32, %[[OLD:.*]]: f32):
// SPLIT: arith.addf %[[OLD]], %[[IN]] : f32
// SPLIT: tensor.insert_slice %[[SUM]] into %[[ACC]][%[[ROWINDEX]], 0] [1, 3] [1, 1]
// SPLIT: } else {
// SPLIT: scf.yield %[[ACC]] : tensor<6x3xf32>
// SPLIT: scf.forall.in_parallel
// SPLIT: tensor.parallel_insert_slice %[[ROWS]] into %[[SHARED]][0, %[[START]]] [6, 3] [1, 1]
// SPLIT: return %[[OUT]]

// Rows of 200 f32: blocks of 64 (four cache lines), the last one 8 long.
// CHECK-LABEL: func.func @scatter_set_rows_200
// SPLIT-LABEL: func.func @scatter_set_rows_200
// SPLIT: scf.forall (%[[B:.*]]) in (4)
// SPLIT: %[[START:.*]] = arith.muli %[[B]], %c64
// SPLIT: %[[LEFT:.*]] = arith.subi %c200{{.*}}, %[[START]]
// SPLIT: %[[LENGTH:.*]] = arith.minui %c64{{.*}}, %[[LEFT]]
// SPLIT: tensor.extract_slice %{{.*}}[0, %[[START]]] [5, %[[LENGTH]]] [1, 1] : tensor<5x200xf32> to tensor<5x?xf32>
// SPLIT: linalg.generic {{.*}} ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}} : tensor<?xf32>)
// SPLIT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// SPLIT: linalg.yield %[[IN]] : f32
func.func @scatter_set_rows_200(%x: tensor<5x200xf32>, %ids: tensor<2x1xi32>, %u: tensor<2x200xf32>) -> tensor<5x200xf32> {
  %0 = "stablehlo.scatter"(%x, %ids, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x200xf32>, tensor<2x1xi32>, tensor<2x200xf32>) -> tensor<5x200xf32>
  return %0 : tensor<5x200xf32>
}

// x.at[:, i].add(u): the unindexed window dim is the input's first, so a
// block's elements are combined one by one along it, still after one check
// of the indexed column.
// CHECK-LABEL: func.func @scatter_add_columns
// SPLIT-LABEL: func.func @scatter_add_columns
// SPLIT: scf.forall (%[[B:.*]]) in (1)
// SPLIT: scf.for %[[N:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<4x8xi32>)
// SPLIT: %[[COLUMN:.*]] = arith.index_cast
// SPLIT: %[[INSIDE:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// SPLIT: scf.for %[[R:.*]] = %c0{{.*}} to %c4{{.*}} step %c1{{.*}} iter_args(%[[ELEMENTS:.*]] = %[[ACC]]) -> (tensor<4x8xi32>)
// SPLIT: scf.if %[[INSIDE]] -> (tensor<4x8xi32>)
// SPLIT: tensor.extract %[[ELEMENTS]][%[[R]], %{{.*}}] : tensor<4x8xi32>
// SPLIT: arith.addi
// SPLIT: tensor.insert
func.func @scatter_add_columns(%x: tensor<4x8xi32>, %ids: tensor<3x1xi32>, %u: tensor<3x4xi32>) -> tensor<4x8xi32> {
  %0 = "stablehlo.scatter"(%x, %ids, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x8xi32>, tensor<3x1xi32>, tensor<3x4xi32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// Scalar windows: nothing to split, the sequential loop nest stays.
// CHECK-LABEL: func.func @scatter_scalars
// SPLIT-LABEL: func.func @scatter_scalars
// SPLIT-NOT: scf.forall
// SPLIT: scf.for
// SPLIT: tensor.insert
func.func @scatter_scalars(%x: tensor<8xf32>, %ids: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<8xf32> {
  %0 = "stablehlo.scatter"(%x, %ids, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
