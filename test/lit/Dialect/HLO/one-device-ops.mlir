// RUN: disc-opt %s | disc-opt | FileCheck %s
// RUN: disc-opt %s -mlir-print-op-generic | disc-opt | FileCheck %s

// Collectives, tokens, tuples, composite and the dynamic forms in the forms
// the spec's examples and JAX print, each parsed, printed and parsed again
// (also through the generic form).

// CHECK-LABEL: func.func @collectives
func.func @collectives(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // CHECK: "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}>
  %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: "stablehlo.all_gather"(%{{.*}}) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}>
  %1 = "stablehlo.all_gather"(%0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle=1, type=0>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: "stablehlo.all_to_all"
  %2 = "stablehlo.all_to_all"(%1) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: "stablehlo.reduce_scatter"
  %3 = "stablehlo.reduce_scatter"(%2) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: "stablehlo.collective_permute"(%{{.*}}) <{source_target_pairs = dense<0> : tensor<1x2xi64>}>
  %4 = "stablehlo.collective_permute"(%3) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: "stablehlo.collective_broadcast"
  %5 = "stablehlo.collective_broadcast"(%4) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %6 = stablehlo.replica_id : tensor<ui32>
  // CHECK: stablehlo.partition_id : tensor<ui32>
  %7 = stablehlo.partition_id : tensor<ui32>
  return %5 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @tokens
func.func @tokens(%x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: %[[T0:.*]] = stablehlo.create_token : !stablehlo.token
  %t0 = stablehlo.create_token : !stablehlo.token
  // CHECK: %[[T1:.*]] = stablehlo.after_all : !stablehlo.token
  %t1 = stablehlo.after_all : !stablehlo.token
  // CHECK: stablehlo.after_all %[[T0]], %[[T1]] : !stablehlo.token
  %t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token
  // CHECK: "stablehlo.infeed"(%{{.*}}) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %0:2 = "stablehlo.infeed"(%t2) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  // CHECK: "stablehlo.send"(%arg0, %{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}>
  %1 = "stablehlo.send"(%x, %0#1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0#0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @tuples
func.func @tuples(%x: tensor<2xf64>, %y: tensor<i64>) -> tensor<i64> {
  // CHECK: %[[IN:.*]] = stablehlo.tuple %arg1 : tuple<tensor<i64>>
  %0 = stablehlo.tuple %y : tuple<tensor<i64>>
  // CHECK: %[[OUT:.*]] = stablehlo.tuple %arg0, %[[IN]] : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  %1 = stablehlo.tuple %x, %0 : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  // CHECK: stablehlo.get_tuple_element %[[OUT]][1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %2 = stablehlo.get_tuple_element %1[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %3 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<i64>>) -> tensor<i64>
  return %3 : tensor<i64>
}

// CHECK-LABEL: func.func @composite
func.func @composite(%x: tensor<i64>) -> tensor<i64> {
  // CHECK: stablehlo.composite "stablehlo.add_n" %arg0 {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl, version = 1 : i32} : (tensor<i64>) -> tensor<i64>
  %0 = stablehlo.composite "stablehlo.add_n" %x {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl, version = 1 : i32} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func private @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  return %arg0 : tensor<i64>
}

// CHECK-LABEL: func.func @dynamic_forms
func.func @dynamic_forms(%x: tensor<5x4xi64>, %v: tensor<i64>, %d: tensor<2xi64>, %p: tensor<2x2xi64>, %l: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>) -> tensor<7x5xi64> {
  // CHECK: stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg2, %arg2 : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %d, %d, %d : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  // CHECK: stablehlo.real_dynamic_slice %arg0, %arg2, %arg2, %arg2 : (tensor<5x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  %1 = stablehlo.real_dynamic_slice %x, %d, %d, %d : (tensor<5x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  // CHECK: "stablehlo.dynamic_gather"
  %2 = "stablehlo.dynamic_gather"(%x, %p, %d) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>} : (tensor<5x4xi64>, tensor<2x2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  // CHECK: "stablehlo.dynamic_conv"
  %3 = "stablehlo.dynamic_conv"(%l, %k, %p) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<7x5xi64>
}
