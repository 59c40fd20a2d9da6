// RUN: disc-opt %s -split-input-file -verify-diagnostics

func.func @add_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op requires the same shape for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_dynamic_ok(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_element_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op requires the same element type for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @short_form_arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a function type with 2 inputs and 1 result}}
  %0 = stablehlo.add %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_in_dim_count(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions has 2 entries but the operand has rank 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_size(%x: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{operand dimension 0 of size 3 cannot broadcast to result dimension 1 of size 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @broadcast_in_dim_range(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast dimension 2 is out of range for rank 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dot_general_contracting(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{contracting dimension sizes differ: lhs dimension 1 is 3, rhs dimension 0 is 4}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_general_batching(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{batching dimension sizes differ: lhs dimension 0 is 2, rhs dimension 0 is 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_result(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result dimension 1 must be 5}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_contracting(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{contracting dimensions differ: 3 vs 4}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @transpose_permutation(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{permutation dimension 0 appears more than once}}
  %0 = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_elements(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{operand has 6 elements but the result has 5}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @slice_bounds(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{slice [2:4] of dimension 1 is out of bounds}}
  %0 = stablehlo.slice %x [0:2, 2:4] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @slice_result(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{result dimension 1 must be 1}}
  %0 = stablehlo.slice %x [0:2, 0:3:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @concatenate_result(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{result dimension 0 must be 5}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_result(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{result dimension 1 must be 6}}
  %0 = stablehlo.pad %x, %v, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @iota_dimension() -> tensor<4xi32> {
  // expected-error @+1 {{iota_dimension 1 is out of range for rank 1}}
  %0 = stablehlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reduce_result(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{result 0 dimension 0 must equal input dimension 0}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @select_pred(%p: tensor<3xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{pred must be a scalar or have the shape of the result}}
  %0 = stablehlo.select %p, %a, %a : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @constant_type() -> tensor<3xf32> {
  // expected-error @+1 {{value type 'tensor<2xf32>' does not match the result type 'tensor<3xf32>'}}
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @convolution_features(%img: tensor<1x8x8x4xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input feature dimension (4) must equal the kernel input feature dimension (3) times feature_group_count (1)}}
  %0 = stablehlo.convolution(%img, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @conv_layout(%img: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, got 'q'}}
  %0 = stablehlo.convolution(%img, %k) dim_numbers = [b, 0, 1, q]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @precision_name(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{unknown precision 'LOW'}}
  %0 = stablehlo.dot %a, %b, precision = [LOW, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @mhlo_verifies_too(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'mhlo.broadcast_in_dim' op broadcast_dimensions has 2 entries but the operand has rank 1}}
  %0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @conv_raw_range(%img: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input layout dimension 7 is out of range for rank 4}}
  %0 = "stablehlo.convolution"(%img, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 7, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @reduce_terminator(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{reducer must end in a return of 1 values}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A complex<f32> is 64 bits: an i64 of another shape is no bitcast of it.
func.func @bitcast_complex(%x: tensor<2xcomplex<f32>>) -> tensor<3xi64> {
  // expected-error @+1 {{operand and result shapes must match when the element bit widths are equal}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xcomplex<f32>>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

func.func @dims_element_type(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dimension list}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<1> : tensor<1xi32>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @if_branch_types(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{false_branch must return the op's result types, returns 1 values}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %y : tensor<4xi32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_dimension(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 is out of range for rank 1}}
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare  LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gather_slice_sizes(%x: tensor<4x8xf32>, %i: tensor<4x1xi32>) -> tensor<4x9xf32> {
  // expected-error @+1 {{slice size 9 of dimension 1 is out of bounds}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 9>}> : (tensor<4x8xf32>, tensor<4x1xi32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

func.func @reduce_window_dims(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{window_dimensions must have one entry per input dimension (2)}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @get_tuple_element_index(%t: tuple<tensor<f32>>) -> tensor<f32> {
  // expected-error @+1 {{index 1 is out of range for a tuple of 1}}
  %0 = "stablehlo.get_tuple_element"(%t) <{index = 1 : i32}> : (tuple<tensor<f32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @chlo_erf_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<4xi32>'}}
  %0 = chlo.erf %a : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @chlo_broadcast_shapes(%a: tensor<3xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op operand #1 dimension 1 of size 4 cannot broadcast with size 3}}
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @chlo_broadcast_dimensions(%a: tensor<3xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op broadcast dimension 2 is out of range for result rank 2}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @chlo_top_k_too_large(%a: tensor<3x5xf32>) -> tensor<3x6xf32> {
  // expected-error @+1 {{'chlo.top_k' op k = 6 is larger than the last dimension's size 5}}
  %values, %indices = chlo.top_k(%a, k = 6) : tensor<3x5xf32> -> (tensor<3x6xf32>, tensor<3x6xi32>)
  return %values : tensor<3x6xf32>
}

// -----

func.func @real_dynamic_slice_entries(%a: tensor<?x8xf32>, %start: tensor<2xi64>, %limit: tensor<3xi64>) -> tensor<?x1xf32> {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op limit_indices has 3 entries but the operand has rank 2}}
  %0 = stablehlo.real_dynamic_slice %a, %start, %limit, %start : (tensor<?x8xf32>, tensor<2xi64>, tensor<3xi64>, tensor<2xi64>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

func.func @real_dynamic_slice_rank(%a: tensor<?x8xf32>, %start: tensor<2xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op result has rank 1 but the operand has rank 2}}
  %0 = stablehlo.real_dynamic_slice %a, %start, %start, %start : (tensor<?x8xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @quantized_add_storage(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x!quant.uniform<i16:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>> {
  // expected-error @+1 {{'stablehlo.add' op requires the same element type for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i16:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
}

// -----

func.func @uniform_quantize_expressed(%x: tensor<2xf64>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>> {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op operand must be of the result's expressed type 'f32' or quantized from it, got 'tensor<2xf64>'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf64>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
}

// -----

func.func @uniform_dequantize_expressed(%q: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2xf16> {
  // expected-error @+1 {{'stablehlo.uniform_dequantize' op result must be of the operand's expressed type 'f32', got 'tensor<2xf16>'}}
  %0 = stablehlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @quantized_constant_storage() -> tensor<2x!quant.uniform<u8:f32, 0.1:3>> {
  // expected-error @+1 {{'stablehlo.constant' op value type 'tensor<2xi8>' is not the storage type 'tensor<2xui8>' of the quantized result type 'tensor<2x!quant.uniform<u8:f32, 1.000000e-01:3>>'}}
  %0 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<u8:f32, 0.1:3>>
  return %0 : tensor<2x!quant.uniform<u8:f32, 0.1:3>>
}
