// RUN: disc-opt %s -disc-mhlo-to-stablehlo -split-input-file | FileCheck %s

// Every mhlo op becomes the stablehlo op of the same name; attributes and
// regions come along, legacy dense dimension lists become arrays.

// CHECK-LABEL: func.func @softmax
// CHECK-NOT: mhlo.
// CHECK: %[[NINF:.*]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK: %[[MAX:.*]] = stablehlo.reduce(%arg0 init: %[[NINF]]) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[MAX]], dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
// CHECK: %[[SUB:.*]] = stablehlo.subtract %arg0, %[[B]] : tensor<4x6xf32>
// CHECK: %[[EXP:.*]] = stablehlo.exponential %[[SUB]] : tensor<4x6xf32>
// CHECK: return %[[EXP]]
func.func @softmax(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = mhlo.constant dense<0xFF800000> : tensor<f32>
  %1 = mhlo.reduce(%arg0 init: %0) applies mhlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = mhlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
  %3 = mhlo.subtract %arg0, %2 : tensor<4x6xf32>
  %4 = mhlo.exponential %3 : tensor<4x6xf32>
  return %4 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func @attributes
// CHECK: stablehlo.compare  GT, %arg0, %arg0,  TOTALORDER : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [2], precision = [HIGHEST, DEFAULT] : (tensor<2x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [2], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = {{\[}}[0, 1], [0, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
// CHECK: "stablehlo.gather"(%arg0, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}>
// CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm =  PHILOX
func.func @attributes(%a: tensor<2x3xf32>, %b: tensor<2x4x3xf32>, %img: tensor<1x3x8x8xf32>, %k: tensor<16x3x3x3xf32>, %s: tensor<2xui64>) -> tensor<2x3xi1> {
  %0 = "mhlo.compare"(%a, %a) {comparison_direction = #mhlo<comparison_direction GT>, compare_type = #mhlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %1 = "mhlo.dot_general"(%a, %b) {dot_dimension_numbers = #mhlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#mhlo<precision HIGHEST>, #mhlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4xf32>
  %5 = "mhlo.dot_general"(%a, %b) {dot_dimension_numbers = #mhlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, algorithm = #mhlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4xf32>
  %2 = "mhlo.convolution"(%img, %k) {batch_group_count = 1 : i64, dimension_numbers = #mhlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>], rhs_dilation = dense<1> : tensor<2xi64>, window_strides = dense<2> : tensor<2xi64>} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
  %idx = mhlo.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %3 = "mhlo.gather"(%a, %idx) {dimension_numbers = #mhlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = dense<[1, 3]> : tensor<2xi64>} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %4:2 = "mhlo.rng_bit_generator"(%s) {rng_algorithm = #mhlo<rng_algorithm PHILOX>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %0 : tensor<2x3xi1>
}

// -----

// Legacy `dense<...>` dimension lists become `array<i64: ...>`.
// CHECK-LABEL: func.func @old_jax
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<3x2xf32>, tensor<f32>) -> tensor<2xf32>
// RUN: disc-opt %s -disc-mhlo-to-stablehlo -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC: "stablehlo.broadcast_in_dim"(%{{.*}}) <{broadcast_dimensions = array<i64: 0, 1>}>
// GENERIC: "stablehlo.transpose"(%{{.*}}) <{permutation = array<i64: 1, 0>}>
// GENERIC: "stablehlo.reduce"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 0>}>
func.func @old_jax(%x: tensor<1x3xf32>) -> tensor<2xf32> {
  %0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x3xf32>) -> tensor<2x3xf32>
  %1 = "mhlo.transpose"(%0) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %zero = mhlo.constant dense<0.0> : tensor<f32>
  %2 = "mhlo.reduce"(%1, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "mhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = dense<0> : tensor<1xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}

// -----

// Region-carrying ops keep their regions; tokens change dialect everywhere.
// CHECK-LABEL: func.func @regions_and_tokens
// CHECK-SAME: (%arg0: tensor<i32>, %arg1: !stablehlo.token) -> !stablehlo.token
// CHECK: stablehlo.while(%[[I:.*]] = %arg0) : tensor<i32>
// CHECK: stablehlo.compare  LT, %[[I]]
// CHECK: stablehlo.return
// CHECK: } do {
// CHECK: stablehlo.add %[[I]]
// CHECK: "stablehlo.unknown_to_disc"(%arg1) : (!stablehlo.token) -> !stablehlo.token
func.func @regions_and_tokens(%n: tensor<i32>, %t: !mhlo.token) -> !mhlo.token {
  %0 = mhlo.while(%i = %n) : tensor<i32>
   cond {
    %c = mhlo.constant dense<3> : tensor<i32>
    %p = mhlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    mhlo.return %p : tensor<i1>
  } do {
    %c = mhlo.constant dense<1> : tensor<i32>
    %s = mhlo.add %i, %c : tensor<i32>
    mhlo.return %s : tensor<i32>
  }
  %1 = "mhlo.unknown_to_disc"(%t) : (!mhlo.token) -> !mhlo.token
  return %1 : !mhlo.token
}

// -----

// StableHLO passes through untouched.
// CHECK-LABEL: func.func @already_stablehlo
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %arg0, %[[C]] : tensor<f32>
// CHECK-NEXT: return %[[S]]
func.func @already_stablehlo(%x: tensor<f32>) -> tensor<f32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.add %x, %c : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @fft
// CHECK: stablehlo.fft %arg0, type = RFFT, length = [8] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
func.func @fft(%x: tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>> {
  %0 = "mhlo.fft"(%x) {fft_type = #mhlo<fft_type RFFT>, fft_length = dense<8> : tensor<1xi64>} : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  return %0 : tensor<4x5xcomplex<f32>>
}
