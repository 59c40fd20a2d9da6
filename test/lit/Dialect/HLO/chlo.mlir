// RUN: disc-opt %s | disc-opt | FileCheck %s
// RUN: disc-opt %s -mlir-print-op-generic | disc-opt | FileCheck %s

// The chlo ops in the forms JAX 0.10 prints, each parsed, printed and parsed
// again (also through the generic form).

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<4xf32>, %c: tensor<4xcomplex<f32>>, %i: tensor<4xi32>) {
  // CHECK: chlo.erf %arg0 : tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.erfc %arg0 : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.lgamma
  %3 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.digamma
  %4 = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.bessel_i1e
  %5 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.tan
  %6 = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.sinh
  %7 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.cosh
  %8 = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.asin
  %9 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.acos
  %10 = chlo.acos %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.atan
  %11 = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.asinh
  %12 = chlo.asinh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.acosh
  %13 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.atanh
  %14 = chlo.atanh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.square %arg2 : tensor<4xi32> -> tensor<4xi32>
  %15 = chlo.square %i : tensor<4xi32> -> tensor<4xi32>
  // CHECK: chlo.conj %arg1 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %16 = chlo.conj %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  // CHECK: chlo.is_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  %17 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  // CHECK: chlo.is_neg_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  %18 = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>
  // CHECK: chlo.is_pos_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  %19 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // CHECK: chlo.next_after %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.polygamma %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.polygamma %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.zeta %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.zeta %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%a: tensor<4xf32>, %b: tensor<3x4xf32>, %p: tensor<3x4xi1>, %i: tensor<4xi32>, %j: tensor<3x4xi32>, %d: tensor<?x4xf32>) {
  // CHECK: chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // Older exporters spell the dimensions as a dense tensor.
  // CHECK: chlo.broadcast_subtract %arg0, %arg1 {broadcast_dimensions = dense<1> : tensor<1xi64>}
  %1 = chlo.broadcast_subtract %a, %b {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_multiply %arg1, %arg0 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %2 = chlo.broadcast_multiply %b, %a : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_divide
  %3 = chlo.broadcast_divide %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_remainder
  %4 = chlo.broadcast_remainder %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_maximum
  %5 = chlo.broadcast_maximum %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_minimum
  %6 = chlo.broadcast_minimum %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_power
  %7 = chlo.broadcast_power %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_atan2
  %8 = chlo.broadcast_atan2 %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_and
  %9 = chlo.broadcast_and %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_or
  %10 = chlo.broadcast_or %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_xor
  %11 = chlo.broadcast_xor %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_left
  %12 = chlo.broadcast_shift_left %i, %j {broadcast_dimensions = array<i64: 1>} : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_right_arithmetic
  %13 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_right_logical
  %14 = chlo.broadcast_shift_right_logical %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_next_after
  %15 = chlo.broadcast_next_after %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_polygamma
  %16 = chlo.broadcast_polygamma %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_zeta
  %17 = chlo.broadcast_zeta %a, %b : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_complex %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  %18 = chlo.broadcast_complex %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  // CHECK: chlo.broadcast_compare %arg0, %arg1 {broadcast_dimensions = array<i64: 1>, compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  %19 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 1>, compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  // CHECK: chlo.broadcast_select %arg2, %arg0, %arg1 : (tensor<3x4xi1>, tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %20 = chlo.broadcast_select %p, %a, %b : (tensor<3x4xi1>, tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_add %arg5, %arg0 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %21 = chlo.broadcast_add %d, %a : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return
}

// CHECK-LABEL: func.func @structured
func.func @structured(%x: tensor<3x5xf32>, %l: tensor<6x3xf32>, %r: tensor<2x3x4xf32>, %g: tensor<2xi64>) {
  // CHECK: %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  // CHECK: chlo.constant dense<1.000000e+00> : tensor<4xf32>
  %0 = chlo.constant dense<1.0> : tensor<4xf32>
  // CHECK: "chlo.constant_like"(%arg0) <{value = 2.000000e+00 : f32}> : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %1 = "chlo.constant_like"(%x) <{value = 2.0 : f32}> : (tensor<3x5xf32>) -> tensor<3x5xf32>
  // CHECK: "chlo.ragged_dot"(%arg1, %arg2, %arg3) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}>
  %2 = "chlo.ragged_dot"(%l, %r, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x3xf32>, tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return
}

// The generic form JAX's compiler_ir('stablehlo') prints.
// CHECK-LABEL: func.func @generic
func.func @generic(%x: tensor<4xf64>) -> tensor<4xf64> {
  // CHECK: chlo.erf %arg0 : tensor<4xf64> -> tensor<4xf64>
  %0 = "chlo.erf"(%x) : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
