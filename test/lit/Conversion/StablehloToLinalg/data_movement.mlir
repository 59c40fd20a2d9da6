// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// Unsigned constants keep their bits under a signless type.
// CHECK-LABEL: func.func @constant
// CHECK: arith.constant dense<[1, -1]> : tensor<2xi8>
// CHECK: arith.constant dense<2.500000e+00> : tensor<3xf32>
func.func @constant() -> (tensor<2xui8>, tensor<3xf32>) {
  %0 = stablehlo.constant dense<[1, 255]> : tensor<2xui8>
  %1 = stablehlo.constant dense<2.5> : tensor<3xf32>
  return %0, %1 : tensor<2xui8>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[W]] : i64 to f32
// CHECK: linalg.yield %[[F]]
func.func @iota() -> tensor<2x3xf32> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Size-1 dimensions that expand read at index 0.
// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]]
func.func @broadcast_in_dim(%a: tensor<1x4xf32>) -> tensor<2x3x4xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<1x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A dynamic result size comes from the operand dimension that maps to it.
// CHECK-LABEL: func.func @broadcast_in_dim_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %[[C0]]
// CHECK: tensor.empty(%[[D]]) : tensor<?x64xf32>
func.func @broadcast_in_dim_dynamic(%a: tensor<?xf32>) -> tensor<?x64xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<?xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// An operand dimension that may be 1 at run time is decided per element.
// CHECK-LABEL: func.func @dynamic_broadcast_in_dim
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xi64>)
// CHECK: %[[E:.*]] = tensor.extract %[[S]]
// CHECK: %[[SIZE:.*]] = arith.index_cast %[[E]]
// CHECK: %[[D0:.*]] = tensor.dim %[[A]]
// CHECK-NEXT: %{{.*}} = arith.constant 1 : index
// CHECK-NEXT: %[[IS1:.*]] = arith.cmpi eq, %[[D0]], %{{.*}}
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[D0]], %[[SIZE]]
// CHECK: %[[OK:.*]] = arith.ori %[[IS1]], %[[SAME]]
// CHECK: cf.assert %[[OK]], "stablehlo.dynamic_broadcast_in_dim: operand dimension 0 does not broadcast to the result"
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[D0]]
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[J:.*]] = arith.select %[[ONE]], %{{.*}}, %[[I]]
// CHECK: tensor.extract %[[A]][%[[J]]]
func.func @dynamic_broadcast_in_dim(%a: tensor<?xf32>, %shape: tensor<2xi64>) -> tensor<3x?xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %shape, dims = [1] : (tensor<?xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @reshape(%a: tensor<2x3x4xf32>, %b: tensor<6xf32>) -> (tensor<6x4xf32>, tensor<3x2xf32>) {
  %0 = stablehlo.reshape %a : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = stablehlo.reshape %b : (tensor<6xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.reshape %1 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %2 : tensor<6x4xf32>, tensor<3x2xf32>
}

// -----

// The shape becomes index sizes, the static ones constants.
// CHECK-LABEL: func.func @dynamic_reshape
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %c2{{.*}} : tensor<2xindex>
// CHECK: tensor.reshape %{{.*}}(%[[SHAPE]]) : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x2xf32>
func.func @dynamic_reshape(%a: tensor<?x4xf32>, %shape: tensor<2xi32>) -> tensor<?x2xf32> {
  %0 = stablehlo.dynamic_reshape %a, %shape : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// result[i, j, k] = operand[k, i, j] for permutation [2, 0, 1].
// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-LABEL: func.func @transpose
// CHECK: tensor.empty() : tensor<4x2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}]
func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [2, 3] [1, 2] : tensor<4x6xf32> to tensor<2x3xf32>
func.func @slice(%a: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.slice %a [1:3, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Start indices are clamped to [0, size - slice size].
// CHECK-LABEL: func.func @dynamic_slice
// CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[I:.*]]: tensor<i32>)
// CHECK: %[[S:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[S]] : i32 to index
// CHECK: %[[SIZE:.*]] = arith.constant 3 : index
// CHECK: %[[DIM:.*]] = arith.constant 8 : index
// CHECK: %[[LIMIT:.*]] = arith.subi %[[DIM]], %[[SIZE]] : index
// CHECK: %[[LO:.*]] = arith.minsi %[[IDX]], %[[LIMIT]]
// CHECK: %[[OFF:.*]] = arith.maxsi %[[LO]], %{{.*}}
// CHECK: tensor.extract_slice %[[A]][%[[OFF]]] [3] [1] : tensor<8xf32> to tensor<3xf32>
func.func @dynamic_slice(%a: tensor<8xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [3] : (tensor<8xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A dynamic dim holds ceil((limit - start) / stride) elements; a static one
// keeps its size. A limit past the operand's size is a run's error.
// CHECK-LABEL: func.func @real_dynamic_slice
// CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[START:.*]]: tensor<2xi64>, %[[LIMIT:.*]]: tensor<2xi64>, %[[STRIDE:.*]]: tensor<2xi64>)
// CHECK: %[[S0:.*]] = tensor.extract %[[START]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[B0:.*]] = arith.index_cast %[[S0]] : i64 to index
// CHECK: %[[L0:.*]] = tensor.extract %[[LIMIT]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[E0:.*]] = arith.index_cast %[[L0]] : i64 to index
// CHECK: %[[T0:.*]] = tensor.extract %[[STRIDE]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[ST0:.*]] = arith.index_cast %[[T0]] : i64 to index
// CHECK: cf.assert %{{.*}}, "stablehlo.real_dynamic_slice: a limit index exceeds dimension 0"
// CHECK: %[[EXTENT:.*]] = arith.subi %[[E0]], %[[B0]] : index
// CHECK: %[[STRIDE_LESS_ONE:.*]] = arith.subi %[[ST0]], %{{.*}} : index
// CHECK: %[[ROUNDED:.*]] = arith.addi %[[EXTENT]], %[[STRIDE_LESS_ONE]] : index
// CHECK: %[[N0:.*]] = arith.divsi %[[ROUNDED]], %[[ST0]] : index
// CHECK: cf.assert %{{.*}}, "stablehlo.real_dynamic_slice: a limit index exceeds dimension 1"
// CHECK: tensor.extract_slice %[[A]][%[[B0]], %{{.*}}] [%[[N0]], 1] [%[[ST0]], %{{.*}}] : tensor<?x8xf32> to tensor<?x1xf32>
func.func @real_dynamic_slice(%a: tensor<?x8xf32>, %start: tensor<2xi64>, %limit: tensor<2xi64>, %stride: tensor<2xi64>) -> tensor<?x1xf32> {
  %0 = stablehlo.real_dynamic_slice %a, %start, %limit, %stride : (tensor<?x8xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[A:.*]]: tensor<8xi32>, %[[U:.*]]: tensor<2xi32>, %[[I:.*]]: tensor<i64>)
// CHECK: %[[S:.*]] = tensor.extract %[[I]][] : tensor<i64>
// CHECK: arith.index_castui %[[S]] : i64 to index
// CHECK: arith.minui
// CHECK: %[[OFF:.*]] = arith.maxsi
// CHECK: tensor.insert_slice %[[U]] into %[[A]][%[[OFF]]] [2] [1] : tensor<2xi32> into tensor<8xi32>
func.func @dynamic_update_slice(%a: tensor<8xi32>, %u: tensor<2xi32>, %i: tensor<ui64>) -> tensor<8xi32> {
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<8xi32>, tensor<2xi32>, tensor<ui64>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x?xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty(%{{.*}}) : tensor<2x?xf32>
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[A]] into %[[INIT]][0, 0] [2, 3] [1, 1]
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[B]] into %[[R0]][0, 3] [2, %{{.*}}] [1, 1]
// CHECK: return %[[R1]]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// Edge padding only: tensor.pad.
// CHECK-LABEL: func.func @pad_edges
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: tensor.pad %{{.*}} low[1, 0] high[0, 2]
// CHECK: tensor.yield %[[V]] : f32
func.func @pad_edges(%a: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x5xf32> {
  %0 = stablehlo.pad %a, %v, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Interior padding spreads the elements with a strided insert; negative
// edges cut afterwards.
// CHECK-LABEL: func.func @pad_interior_negative
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<8xf32>)
// CHECK: %[[I:.*]] = tensor.insert_slice %{{.*}} into %[[F]][1] [4] [2] : tensor<4xf32> into tensor<8xf32>
// CHECK: tensor.extract_slice %[[I]][0] [7] [1] : tensor<8xf32> to tensor<7xf32>
func.func @pad_interior_negative(%a: tensor<4xf32>, %v: tensor<f32>) -> tensor<7xf32> {
  %0 = stablehlo.pad %a, %v, low = [1], high = [-1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// CHECK-LABEL: func.func @reverse
// CHECK-SAME: (%[[A:.*]]: tensor<3x4xf32>)
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[RJ:.*]] = arith.subi %{{.*}}, %[[J]] : index
// CHECK: tensor.extract %[[A]][%[[I]], %[[RJ]]] : tensor<3x4xf32>
func.func @reverse(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.reverse %a, dims = [1] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @get_dimension_size
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[S:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: tensor.from_elements %[[S]] : tensor<i32>
func.func @get_dimension_size(%a: tensor<?x4xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @dynamic_iota
// CHECK: tensor.extract
// CHECK: linalg.generic
// CHECK: linalg.index 0 : index
// CHECK: arith.index_castui %{{.*}} : index to i32
func.func @dynamic_iota(%shape: tensor<1xi64>) -> tensor<?xui32> {
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xui32>
  return %0 : tensor<?xui32>
}
