// RUN: disc-opt %s --disc-lapack-custom-calls --split-input-file --verify-diagnostics | FileCheck %s

// trsm's option characters (as JAX 0.10 prints them: 'L' = 76, 'U' = 85,
// 'N' = 78, 'T' = 84, 'R' = 82, 'C' = 67) become triangular_solve's flags.
// CHECK-LABEL: func.func @trsm
// CHECK: %[[LOWER:.*]] = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
// CHECK: %[[UPPER:.*]] = "stablehlo.triangular_solve"(%arg0, %[[LOWER]]) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}>
// CHECK: "stablehlo.triangular_solve"(%arg0, %arg2) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
// CHECK-NOT: stablehlo.custom_call
func.func @trsm(%a: tensor<5x5xf32>, %b: tensor<5x3xf32>, %c: tensor<3x5xf32>) -> (tensor<5x3xf32>, tensor<3x5xf32>) {
  %0 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<5x5xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %1 = stablehlo.custom_call @lapack_strsm_ffi(%a, %0) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}} : (tensor<5x5xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %2 = stablehlo.custom_call @blas_strsm(%a, %c) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 67 : ui8, uplo = 76 : ui8}} : (tensor<5x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %1, %2 : tensor<5x3xf32>, tensor<3x5xf32>
}

// -----

// potrf's info is 0 unless the factor's last pivot is NaN (not positive
// definite), batch by batch.
// CHECK-LABEL: func.func @potrf
// CHECK: %[[FACTOR:.*]] = stablehlo.cholesky %arg0, lower = true : tensor<2x4x4xf64>
// CHECK: %[[PIVOT:.*]] = stablehlo.slice %[[FACTOR]] [0:2, 3:4, 3:4]
// CHECK: %[[PIVOTS:.*]] = stablehlo.reshape %[[PIVOT]] : (tensor<2x1x1xf64>) -> tensor<2xf64>
// CHECK: %[[FAILED:.*]] = stablehlo.compare NE, %[[PIVOTS]], %[[PIVOTS]]
// CHECK: %[[INFO:.*]] = stablehlo.convert %[[FAILED]] : (tensor<2xi1>) -> tensor<2xi32>
// CHECK: return %[[FACTOR]], %[[INFO]]
func.func @potrf(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2xi32>) {
  %0:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%a) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2x4x4xf64>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @potrf_upper
// CHECK: stablehlo.cholesky %arg0 : tensor<3x3xf32>
func.func @potrf_upper(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>) {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {backend_config = "", mhlo.backend_config = {uplo = 85 : ui8}} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<3x3xf32>, tensor<i32>
}

// -----

// zpotrf: a complex factor; a failed one is NaN in both parts, which a
// complex NE of the last pivot with itself tells.
// CHECK-LABEL: func.func @zpotrf_upper
// CHECK: %[[FACTOR:.*]] = stablehlo.cholesky %arg0 : tensor<3x3xcomplex<f64>>
// CHECK: %[[PIVOT:.*]] = stablehlo.slice %[[FACTOR]] [2:3, 2:3]
// CHECK: %[[PIVOTS:.*]] = stablehlo.reshape %[[PIVOT]] : (tensor<1x1xcomplex<f64>>) -> tensor<complex<f64>>
// CHECK: stablehlo.compare NE, %[[PIVOTS]], %[[PIVOTS]]
func.func @zpotrf_upper(%a: tensor<3x3xcomplex<f64>>) -> (tensor<3x3xcomplex<f64>>, tensor<i32>) {
  %0:2 = stablehlo.custom_call @lapack_zpotrf_ffi(%a) {backend_config = "", mhlo.backend_config = {uplo = 85 : ui8}} : (tensor<3x3xcomplex<f64>>) -> (tensor<3x3xcomplex<f64>>, tensor<i32>)
  return %0#0, %0#1 : tensor<3x3xcomplex<f64>>, tensor<i32>
}

// -----

// Other custom calls are left to the lowering's own checks.
// CHECK-LABEL: func.func @other_call
// CHECK: stablehlo.custom_call @my_kernel
func.func @other_call(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.custom_call @my_kernel(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @getrf(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>) {
  // expected-error @+1 {{stablehlo.custom_call @lapack_sgetrf_ffi: the LAPACK routine getrf is not supported by disc yet (trsm and potrf are)}}
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {backend_config = ""} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>)
  return %0#0, %0#1, %0#2 : tensor<3x3xf32>, tensor<3xi32>, tensor<i32>
}

// -----

func.func @trsm_without_options(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{stablehlo.custom_call @lapack_strsm_ffi needs a `side` option, one of the characters 'LR' as an integer, in its backend_config}}
  %0 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {backend_config = ""} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @trsm_with_alpha(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>, %alpha: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{stablehlo.custom_call @lapack_strsm_ffi takes 2 matrix operand(s) and returns 1 result(s), got 3 and 1}}
  %0 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b, %alpha) {backend_config = ""} : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
