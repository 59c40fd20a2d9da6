// RUN: disc-opt %s | FileCheck %s

// The generic form of each op parses, with inherent attributes written either
// as properties `<{...}>` (what current JAX prints) or in the attribute
// dictionary (what older tools printed), and prints in the pretty form.

// CHECK-LABEL: func.func @generic
func.func @generic(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %v: tensor<3xf32>, %i: tensor<2x3xi32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.add %arg0, %arg1 : tensor<2x3xf32>
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %1 = "stablehlo.constant"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  // CHECK: stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %2 = "stablehlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK: stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.broadcast_in_dim"(%v) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.compare  LT, %arg0, %arg1,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: stablehlo.slice %arg0 [0:1, 1:3] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %5 = "stablehlo.slice"(%a) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 1, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<1x2xf32>
  // CHECK: stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %6 = "stablehlo.transpose"(%a) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: stablehlo.dot_general %arg0, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %7 = "stablehlo.dot_general"(%a, %6) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  // CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %8 = "stablehlo.reduce"(%a, %1) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  // CHECK: stablehlo.iota dim = 1 : tensor<2x3xi32>
  %9 = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>
  // CHECK: stablehlo.custom_call @cpu_thing(%arg0) {api_version = 2 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = "stablehlo.custom_call"(%a) {call_target_name = "cpu_thing", api_version = 2 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // Ops disc does not define (a name no StableHLO version has, so that it
  // stays undefined) still parse, so later passes can name them.
  // CHECK: "stablehlo.future_op"(%arg0) <{lower = true}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = "stablehlo.future_op"(%a) <{lower = true}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Ops without a pretty form keep the generic one, attributes included.
// CHECK-LABEL: func.func @generic_only
func.func @generic_only(%x: tensor<4x8xf32>, %idx: tensor<4x1xi32>, %p: tensor<i1>, %k: tensor<i32>) -> tensor<4x8xf32> {
  // CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<4x1xi32>) -> tensor<4x8xf32>
  %0 = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<4x1xi32>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}>
  %1 = "stablehlo.scatter"(%x, %idx, %x) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    "stablehlo.return"(%new) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<4x1xi32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}>
  %2 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%l: tensor<f32>, %r: tensor<f32>):
    %lt = stablehlo.compare  LT, %l, %r,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.if"(%arg2)
  %3 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<4x8xf32>
  }, {
    stablehlo.return %2 : tensor<4x8xf32>
  }) : (tensor<i1>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.case"(%arg3)
  %4 = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<4x8xf32>
  }, {
    stablehlo.return %3 : tensor<4x8xf32>
  }) : (tensor<i32>) -> tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{padding = dense<{{\[}}[0, 0], [0, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>}>
  %5 = "stablehlo.reduce_window"(%4, %zero) <{padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  // CHECK: stablehlo.tuple %{{.*}}, %{{.*}} : tuple<tensor<4x8xf32>, tensor<i32>>
  %6 = "stablehlo.tuple"(%5, %k) : (tensor<4x8xf32>, tensor<i32>) -> tuple<tensor<4x8xf32>, tensor<i32>>
  // CHECK: stablehlo.get_tuple_element %{{.*}}[0] : (tuple<tensor<4x8xf32>, tensor<i32>>) -> tensor<4x8xf32>
  %7 = "stablehlo.get_tuple_element"(%6) <{index = 0 : i32}> : (tuple<tensor<4x8xf32>, tensor<i32>>) -> tensor<4x8xf32>
  return %7 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @custom_call_aliases
// CHECK: stablehlo.custom_call @lapack_sgetrf(%arg0) {api_version = 2 : i32, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<operand_index = 0>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
func.func @custom_call_aliases(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.custom_call @lapack_sgetrf(%x) {api_version = 2 : i32, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// Early StableHLO (as JAX printed it before 2024) spelled dimension lists as
// dense elements; they parse, verify and print in today's pretty form.
// CHECK-LABEL: func.func @early_stablehlo
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.slice %{{.*}} [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
func.func @early_stablehlo(%x: tensor<3xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.slice"(%0) {start_indices = dense<[0, 1]> : tensor<2xi64>, limit_indices = dense<[2, 3]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %2 = "stablehlo.transpose"(%1) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %2 : tensor<2x2xf32>
}

// A scalar dimension field left out is 0, as StableHLO prints it (JAX's
// gather of one start index).
// CHECK-LABEL: func.func @gather_index_vector_dim_left_out
// CHECK: index_vector_dim = 0
func.func @gather_index_vector_dim_left_out(%x: tensor<5x7xf32>, %i: tensor<1xi32>) -> tensor<5xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 5, 1>}> : (tensor<5x7xf32>, tensor<1xi32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
