// RUN: disc-opt %s --disc-stablehlo-one-device --split-input-file --verify-diagnostics | FileCheck %s

// The collectives of a group of one return their operands.
// CHECK-LABEL: func.func @collectives
// CHECK-NOT: stablehlo.all_
// CHECK-NOT: stablehlo.reduce_scatter
// CHECK-NOT: stablehlo.collective
// CHECK: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0
func.func @collectives(%x: tensor<2x3xf32>, %root: tensor<1xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle=1, type=0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, has_dynamic_root} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  %6 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A permute to itself keeps the operand; with no pair targeting this
// process the result is zeros. The ids are 0.
// CHECK-LABEL: func.func @permute_and_ids
// CHECK: %[[ZEROS:[0-9]+]] = stablehlo.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK: %[[REPLICA:[0-9]+]] = stablehlo.constant dense<0> : tensor<ui32>
// CHECK: %[[PARTITION:[0-9]+]] = stablehlo.constant dense<0> : tensor<ui32>
// CHECK: return %arg0, %[[ZEROS]], %[[REPLICA]], %[[PARTITION]]
func.func @permute_and_ids(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<ui32>, tensor<ui32>) {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = stablehlo.replica_id : tensor<ui32>
  %3 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<ui32>, tensor<ui32>
}

// -----

func.func @two_replicas(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{stablehlo.all_gather names 2 processes in replica_groups; disc runs a program on one device (one replica, one partition)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{mhlo.num_replicas = 8; disc runs a program on one device (one replica, one partition); disc-compile --simulate-processes runs all its processes there}}
module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 8 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

func.func @outfeed(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = stablehlo.after_all : !stablehlo.token
  // expected-error @+1 {{stablehlo.outfeed is not supported by disc: a program runs on one device with no host transfer queue and no peer}}
  %0 = "stablehlo.outfeed"(%x, %t) {outfeed_config = ""} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %x : tensor<2xf32>
}

// -----

// Tokens and tuples go once nothing uses them; get_tuple_element forwards
// through nested tuples.
// CHECK-LABEL: func.func @tokens_and_tuples
// CHECK-NOT: stablehlo.after_all
// CHECK-NOT: stablehlo.create_token
// CHECK-NOT: tuple
// CHECK: return %arg1
func.func @tokens_and_tuples(%x: tensor<2xf32>, %y: tensor<i64>) -> tensor<i64> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0 : !stablehlo.token
  %inner = stablehlo.tuple %y : tuple<tensor<i64>>
  %outer = stablehlo.tuple %x, %inner : tuple<tensor<2xf32>, tuple<tensor<i64>>>
  %0 = stablehlo.get_tuple_element %outer[1] : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<i64>>) -> tensor<i64>
  return %1 : tensor<i64>
}

// -----

// The decomposition's body replaces the composite; the private function goes.
// CHECK-LABEL: func.func @composite
// CHECK: %[[TWO:.*]] = stablehlo.constant dense<2>
// CHECK: %[[SUM:.*]] = stablehlo.add %arg0, %[[TWO]]
// CHECK: return %[[SUM]]
// CHECK-NOT: add_n.impl
func.func @composite(%x: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.composite "stablehlo.add_n" %x {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func private @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  return %1 : tensor<i64>
}

// -----

// A decomposition holding a composite inlines all the way down.
// CHECK-LABEL: func.func @nested_composite
// CHECK-NOT: stablehlo.composite
// CHECK: %[[INNER:.*]] = stablehlo.add %arg0, %arg0
// CHECK: %[[OUTER:.*]] = stablehlo.multiply %[[INNER]], %[[INNER]]
// CHECK: return %[[OUTER]]
// CHECK-NOT: func.func private
func.func @nested_composite(%x: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.composite "my.outer" %x {decomposition = @outer.impl} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func private @outer.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.composite "my.inner" %arg0 {decomposition = @inner.impl} : (tensor<i64>) -> tensor<i64>
  %1 = stablehlo.multiply %0, %0 : tensor<i64>
  return %1 : tensor<i64>
}
func.func private @inner.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<i64>
  return %0 : tensor<i64>
}

// -----

// The composite that runs out of depth is a copy of the one inside the
// decomposition, hence the error's location.
func.func @recursive_composite(%x: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.composite "my.forever" %x {decomposition = @forever.impl} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func private @forever.impl(%arg0: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{stablehlo.composite "my.forever": decompositions nest more than 64 deep; is @forever.impl recursive?}}
  %0 = stablehlo.composite "my.forever" %arg0 {decomposition = @forever.impl} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// dynamic_pad: a gather of the operand at (o - low) / (interior + 1), kept
// where that division is exact and lands inside the operand.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK: stablehlo.iota dim = 0 : tensor<7x5xi64>
// CHECK: stablehlo.divide
// CHECK: %[[G:.*]] = "stablehlo.gather"(%arg0
// CHECK-SAME: -> tensor<7x5xi64>
// CHECK: %[[R:.*]] = stablehlo.select %{{.*}}, %[[G]], %{{.*}} : tensor<7x5xi1>, tensor<7x5xi64>
// CHECK: return %[[R]]
func.func @dynamic_pad(%x: tensor<5x4xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<7x5xi64> {
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  return %0 : tensor<7x5xi64>
}

// -----

// The slice sizes come from the result's offset dimensions.
// CHECK-LABEL: func.func @dynamic_gather
// CHECK: "stablehlo.gather"(%arg0, %arg1)
// CHECK-SAME: slice_sizes = array<i64: 1, 2, 2>
func.func @dynamic_gather(%x: tensor<3x4x2xi64>, %starts: tensor<2x3x2xi64>, %sizes: tensor<3xi64>) -> tensor<2x3x2x2xi64> {
  %0 = "stablehlo.dynamic_gather"(%x, %starts, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %0 : tensor<2x3x2x2xi64>
}

// -----

// The input is padded and dilated at run time to what the windows read
// ((2 - 1) * 4 + (3 - 1) + 1 = 7), and the convolution keeps only its strides.
// CHECK-LABEL: func.func @dynamic_conv
// CHECK: %[[P:.*]] = stablehlo.select {{.*}} : tensor<1x7x7x1xi1>, tensor<1x7x7x1xi64>
// CHECK: stablehlo.convolution(%[[P]], %arg1)
// CHECK-SAME: window = {stride = [4, 4], rhs_dilate = [1, 1], reverse = [0, 0]}
// CHECK-SAME: -> tensor<1x2x2x1xi64>
func.func @dynamic_conv(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>, %padding: tensor<2x2xi64>) -> tensor<1x2x2x1xi64> {
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}
