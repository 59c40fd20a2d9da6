// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @dot_matmul
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<4x5xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<3x5xf32>) outs(%[[F]] : tensor<4x5xf32>)
func.func @dot_matmul(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.dot %a, %b : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// CHECK-LABEL: func.func @dot_vectors
// CHECK: linalg.matvec
// CHECK: linalg.dot
func.func @dot_vectors(%m: tensor<4x3xf32>, %v: tensor<3xf32>) -> (tensor<4xf32>, tensor<f32>) {
  %0 = stablehlo.dot %m, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  %1 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1 : tensor<4xf32>, tensor<f32>
}

// -----

// Mixed precision: bf16 inputs accumulate in the f32 result type.
// CHECK-LABEL: func.func @batch_matmul_bf16
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x4x3xbf16>, tensor<2x3x5xbf16>) outs(%{{.*}} : tensor<2x4x5xf32>)
func.func @batch_matmul_bf16(%a: tensor<2x4x3xbf16>, %b: tensor<2x3x5xbf16>) -> tensor<2x4x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x3xbf16>, tensor<2x3x5xbf16>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// Contracting dimensions anywhere: a generic contraction. Loops are (lhs
// free, rhs free, contracting).
// CHECK: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @dot_general_transposed
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK: linalg.yield %[[S]]
func.func @dot_general_transposed(%a: tensor<3x4xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Unsigned inputs zero-extend into a wider result.
// CHECK-LABEL: func.func @dot_unsigned
// CHECK: linalg.generic
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi
func.func @dot_unsigned(%a: tensor<2x3xui8>, %b: tensor<3x4xui8>) -> tensor<2x4xui32> {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xui8>, tensor<3x4xui8>) -> tensor<2x4xui32>
  return %0 : tensor<2x4xui32>
}

// -----

// Dynamic contracting sizes are checked at run time.
// CHECK-LABEL: func.func @dot_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[B:.*]]: tensor<?x5xf32>)
// CHECK: %[[K1:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK: %[[K2:.*]] = tensor.dim %[[B]], %{{.*}}
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[K1]], %[[K2]]
// CHECK: cf.assert %[[SAME]], "stablehlo.dot: lhs dimension 1 and rhs dimension 0 differ in size"
// CHECK: linalg.matmul
func.func @dot_dynamic(%a: tensor<4x?xf32>, %b: tensor<?x5xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.dot %a, %b : (tensor<4x?xf32>, tensor<?x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
