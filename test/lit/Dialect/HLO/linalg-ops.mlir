// RUN: disc-opt %s | disc-opt | FileCheck %s
// RUN: disc-opt %s -mlir-print-op-generic | disc-opt | FileCheck %s

// triangular_solve, cholesky, reduce_precision and the batch_norm ops in the
// forms JAX prints, parsed, printed and parsed again.

// CHECK-LABEL: func.func @linear_algebra
func.func @linear_algebra(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x3xf32>, tensor<2x3x3xf32>) {
  // CHECK: "stablehlo.triangular_solve"(%{{.*}}, %{{.*}}) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: stablehlo.cholesky %{{.*}}, lower = true : tensor<2x3x3xf32>
  %1 = stablehlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  // CHECK: stablehlo.cholesky %{{.*}} : tensor<2x3x3xf32>
  %2 = stablehlo.cholesky %a : tensor<2x3x3xf32>
  return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x3xf32>, tensor<2x3x3xf32>
}

// The spec's cholesky also takes complex (Hermitian) matrices.
// CHECK-LABEL: func.func @cholesky_complex
func.func @cholesky_complex(%a: tensor<3x3xcomplex<f64>>) -> tensor<3x3xcomplex<f64>> {
  // CHECK: stablehlo.cholesky %{{.*}}, lower = true : tensor<3x3xcomplex<f64>>
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xcomplex<f64>>
  return %0 : tensor<3x3xcomplex<f64>>
}

// CHECK-LABEL: func.func @reduce_precision
func.func @reduce_precision(%x: tensor<6xf64>) -> tensor<6xf64> {
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m10 : tensor<6xf64>
  %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<6xf64>
  return %0 : tensor<6xf64>
}

// CHECK-LABEL: func.func @batch_norm
func.func @batch_norm(%x: tensor<4x3xf32>, %v: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  // CHECK: "stablehlo.batch_norm_inference"({{.*}}) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  // CHECK: "stablehlo.batch_norm_training"({{.*}}) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
  %1:3 = "stablehlo.batch_norm_training"(%x, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>)
  // CHECK: "stablehlo.batch_norm_grad"({{.*}}) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
  %2:3 = "stablehlo.batch_norm_grad"(%x, %v, %v, %v, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0, %1#0, %2#0 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}
