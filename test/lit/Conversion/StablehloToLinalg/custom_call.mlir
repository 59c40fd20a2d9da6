// RUN: disc-opt %s -split-input-file -disc-stablehlo-to-linalg -verify-diagnostics | FileCheck %s

// Both spellings become a call of the user kernel they name; the ops around
// them are lowered as usual.
// CHECK-LABEL: func.func @kernels
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<8xf32>)
func.func @kernels(%x: tensor<4x8xf32>, %scale: tensor<8xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[SP:.*]] = disc_ral.custom_call "scaled_softplus"(%[[X]], %[[S]] : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %0 = stablehlo.custom_call @scaled_softplus(%x, %scale) {backend_config = ""} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // CHECK: %[[N:.*]]:2 = disc_ral.custom_call "row_normalize"(%[[SP]] : tensor<4x8xf32>) -> tensor<4x8xf32>, tensor<4xf32>
  %1:2 = "stablehlo.custom_call"(%0) {call_target_name = "row_normalize", api_version = 1 : i32} : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>)
  // CHECK: linalg.generic
  // CHECK: arith.addf
  %2 = stablehlo.add %1#0, %x : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// Unsigned element types reach the kernel as signless integers.
// CHECK-LABEL: func.func @unsigned
// CHECK: disc_ral.custom_call "count"(%{{.*}} : tensor<3xi32>) -> tensor<i64>
func.func @unsigned(%x: tensor<3xui32>) -> tensor<i64> {
  %0 = stablehlo.custom_call @count(%x) : (tensor<3xui32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// A result of dynamic shape is the kernel's to size: the call carries no
// sizes, so the kernel returns its results.
// CHECK-LABEL: func.func @dynamic_result
// CHECK: disc_ral.custom_call "positive"(%{{.*}} : tensor<?xf32>) -> tensor<?xf32>, tensor<i64>
func.func @dynamic_result(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<i64>) {
  %0:2 = stablehlo.custom_call @positive(%x) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<i64>)
  return %0#0, %0#1 : tensor<?xf32>, tensor<i64>
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1)}}
module {
  func.func @xla_api_version(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{stablehlo.custom_call @lapack_kernel with api_version 2 (disc calls kernels registered with TAO_RAL_API, version 1) is not supported by disc yet}}
    %0 = stablehlo.custom_call @lapack_kernel(%x) {api_version = 2 : i32} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1)}}
module {
  func.func @side_effect(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{stablehlo.custom_call @log_it with has_side_effect is not supported by disc yet}}
    %0 = stablehlo.custom_call @log_it(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1)}}
module {
  func.func @aliases(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
    // expected-error@+1 {{stablehlo.custom_call @in_place with output_operand_aliases is not supported by disc yet}}
    %0 = stablehlo.custom_call @in_place(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1)}}
module {
  func.func @tuple_result(%x: tensor<4xf32>) -> tuple<tensor<4xf32>, tensor<4xf32>> {
    // expected-error@+1 {{stablehlo.custom_call @pair with a tuple or non-tensor result is not supported by disc yet}}
    %0 = stablehlo.custom_call @pair(%x) : (tensor<4xf32>) -> tuple<tensor<4xf32>, tensor<4xf32>>
    return %0 : tuple<tensor<4xf32>, tensor<4xf32>>
  }
}

// -----

// Sharding annotations are their operand on one device.
// CHECK-LABEL: func.func @sharding
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NOT: custom_call
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-NOT: custom_call
// CHECK: return %[[Y]]
func.func @sharding(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.exponential %1 : tensor<4x8xf32>
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{replicated}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}

// -----

// A shard of a value split over several devices is not one disc can run.
// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1)}}
module {
  func.func @shard_shape(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
    // expected-error@+1 {{stablehlo.custom_call @SPMDFullToShardShape that changes its operand's type (a shard of a value split over several devices; disc runs on one) is not supported by disc yet}}
    %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}

// -----

// jax.export's shape assertion: its condition and values as scalars, the
// values widened to i64 as their types say.
// CHECK-LABEL: func.func @shape_assertion
// CHECK: %[[HOLDS:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: %[[B:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[B]] : i32 to i64
// CHECK: %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[WIDE_C:.*]] = arith.extui %[[C]] : i32 to i64
// CHECK: disc_ral.shape_assertion %[[HOLDS]], %[[WIDE]], %[[WIDE_C]] : i64, i64 "expected 'b' >= 1, got {0} (and {1})"
// CHECK-NOT: custom_call
func.func @shape_assertion(%holds: tensor<i1>, %b: tensor<i32>, %c: tensor<ui32>) {
  stablehlo.custom_call @shape_assertion(%holds, %b, %c) {api_version = 2 : i32, error_message = "expected 'b' >= 1, got {0} (and {1})", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<ui32>) -> ()
  return
}

// -----

// A shape assertion needs its message and a condition first.
// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1)}}
module {
  func.func @shape_assertion_without_condition(%b: tensor<i32>) {
    // expected-error@+1 {{stablehlo.custom_call @shape_assertion whose operand 0 is tensor<i32> (expected a tensor<i1> condition, then integer scalars) is not supported by disc yet}}
    stablehlo.custom_call @shape_assertion(%b) {api_version = 2 : i32, error_message = "{0}", has_side_effect = true} : (tensor<i32>) -> ()
    return
  }
}
