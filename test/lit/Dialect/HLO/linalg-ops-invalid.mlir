// RUN: disc-opt %s -split-input-file -verify-diagnostics

func.func @solve_not_square(%a: tensor<3x4xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.triangular_solve' op a must hold square matrices, got 3x4}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @solve_wrong_side(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.triangular_solve' op dimension 1 of b must equal the size of a's matrices}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @solve_batch(%a: tensor<2x3x3xf32>, %b: tensor<4x3x2xf32>) -> tensor<4x3x2xf32> {
  // expected-error @+1 {{'stablehlo.triangular_solve' op a and b differ in batch dimension 0}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

func.func @solve_transpose_keyword(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{expected ::mlir::stablehlo::Transpose to be one of: TRANSPOSE_INVALID, NO_TRANSPOSE, TRANSPOSE, ADJOINT}}
  // expected-error @+1 {{failed to parse}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose CONJUGATE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @cholesky_rank(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.cholesky' op a must have rank 2 or more, got 1}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_precision_format(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected a format eXmY, got 'f5m10'}}
  %0 = stablehlo.reduce_precision %x, format = f5m10 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @batch_norm_feature_index(%x: tensor<4x3xf32>, %v: tensor<3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op feature_index 2 is out of range for rank 2}}
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @batch_norm_features(%x: tensor<4x3xf32>, %v: tensor<4xf32>) -> (tensor<4x3xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op per-feature operands and results must have 3 elements, one per feature}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4x3xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4x3xf32>, tensor<4xf32>, tensor<4xf32>
}
