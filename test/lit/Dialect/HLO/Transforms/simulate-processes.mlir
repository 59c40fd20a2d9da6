// RUN: disc-opt %s --disc-simulate-processes --split-input-file --verify-diagnostics | FileCheck %s

// Two replicas: the entry takes and returns both processes' values, process
// 0's first; all_reduce folds the body over the group; the ids are constants.
// CHECK-LABEL: module @all_reduce attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK: func.func @main(%arg0: tensor<4xf32> {disc.process = "replica 0, partition 0", jax.arg_info = "x"}, %arg1: tensor<4xf32> {disc.process = "replica 1, partition 0", jax.arg_info = "x"})
// CHECK-SAME: -> (tensor<4xf32> {disc.process = "replica 0, partition 0"}, tensor<ui32> {disc.process = "replica 0, partition 0"}, tensor<4xf32> {disc.process = "replica 1, partition 0"}, tensor<ui32> {disc.process = "replica 1, partition 0"})
// CHECK: %[[SUM:.*]] = "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0>}>
// CHECK: stablehlo.add
// CHECK: %[[P0:.*]] = stablehlo.multiply %[[SUM]], %arg0
// CHECK: %[[P1:.*]] = stablehlo.multiply %[[SUM]], %arg1
// CHECK: %[[R0:.*]] = stablehlo.constant dense<0> : tensor<ui32>
// CHECK: %[[R1:.*]] = stablehlo.constant dense<1> : tensor<ui32>
// CHECK: return %[[P0]], %[[R0]], %[[P1]], %[[R1]]
module @all_reduce attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%x: tensor<4xf32> {jax.arg_info = "x"}) -> (tensor<4xf32>, tensor<ui32>) {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.multiply %0, %x : tensor<4xf32>
    %2 = stablehlo.replica_id : tensor<ui32>
    return %1, %2 : tensor<4xf32>, tensor<ui32>
  }
}

// -----

// One replica, two partitions: all_gather with a channel groups the
// partitions of each replica (cross_replica_and_partition).
// CHECK-LABEL: module @all_gather
// CHECK: %[[ALL:.*]] = stablehlo.concatenate %arg0, %arg1, dim = 0
// CHECK: %[[P0:.*]] = stablehlo.constant dense<0> : tensor<ui32>
// CHECK: %[[P1:.*]] = stablehlo.constant dense<1> : tensor<ui32>
// CHECK: return %[[ALL]], %[[P0]], %[[ALL]], %[[P1]]
module @all_gather attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<2xi32>) -> (tensor<4xi32>, tensor<ui32>) {
    %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2xi32>) -> tensor<4xi32>
    %1 = stablehlo.partition_id : tensor<ui32>
    return %0, %1 : tensor<4xi32>, tensor<ui32>
  }
}

// -----

// collective_permute: 0 sends to 1, and nothing reaches 0, which gets zeros.
// CHECK-LABEL: module @permute
// CHECK: %[[ZEROS:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: return %[[ZEROS]], %arg0
module @permute attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// all_to_all: part i of every sender goes to the i-th receiver.
// CHECK-LABEL: module @all_to_all
// CHECK: %[[A0:.*]] = stablehlo.slice %arg0 [0:2, 0:2]
// CHECK: %[[B0:.*]] = stablehlo.slice %arg1 [0:2, 0:2]
// CHECK: %[[TO0:.*]] = stablehlo.concatenate %[[A0]], %[[B0]], dim = 0
// CHECK: %[[A1:.*]] = stablehlo.slice %arg0 [0:2, 2:4]
// CHECK: %[[B1:.*]] = stablehlo.slice %arg1 [0:2, 2:4]
// CHECK: %[[TO1:.*]] = stablehlo.concatenate %[[A1]], %[[B1]], dim = 0
// CHECK: return %[[TO0]], %[[TO1]]
module @all_to_all attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2x4xi64>) -> tensor<4x2xi64> {
    %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
    return %0 : tensor<4x2xi64>
  }
}

// -----

// A replica_id inside a loop body is each copy's own constant.
// CHECK-LABEL: module @nested_id
// CHECK: stablehlo.while(%{{.*}} = %arg0)
// CHECK: do {
// CHECK: stablehlo.constant dense<0> : tensor<ui32>
// CHECK: stablehlo.while(%{{.*}} = %arg1)
// CHECK: do {
// CHECK: stablehlo.constant dense<1> : tensor<ui32>
// CHECK-NOT: replica_id
module @nested_id attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<ui32>) -> tensor<ui32> {
    %0 = stablehlo.while(%i = %x) : tensor<ui32>
    cond {
      %c = stablehlo.constant dense<10> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %c : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %r = stablehlo.replica_id : tensor<ui32>
      %n = stablehlo.add %i, %r : tensor<ui32>
      stablehlo.return %n : tensor<ui32>
    }
    return %0 : tensor<ui32>
  }
}

// -----

// One process: nothing to do.
// CHECK-LABEL: module @one_process
// CHECK: func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
// CHECK: stablehlo.replica_id
module @one_process attributes {mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.replica_id : tensor<ui32>
    return %x : tensor<2xf32>
  }
}

// -----

module @collective_in_map attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.map"(%x) ({
    ^bb0(%v: tensor<f32>):
      // expected-error @+1 {{stablehlo.all_reduce inside stablehlo.map: a collective in a region other than a while, if or case body cannot be paired across simulated processes}}
      %s = "stablehlo.all_reduce"(%v) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

module @out_of_range attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{stablehlo.collective_permute names replica 2 in source_target_pairs, but the program has 2 replicas}}
    %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

module @send attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    // expected-error @+1 {{stablehlo.send on processes that all run one function: disc pairs sends with receives between the functions that the module's disc.process_programs gives each process}}
    %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = false} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    return %x : tensor<2xf32>
  }
}

// -----

// A Shardy program (jax.pmap, shard_map) is global: its manual
// computation runs once per device on the device's shard, and its result
// is the devices' shards put together; the mesh goes.
// CHECK-LABEL: module @manual_computation
// CHECK-NOT: sdy.mesh
// CHECK: func.func public @main(%arg0: tensor<4x3xf32> {sdy.sharding = {{.*}}}) -> tensor<4x3xf32>
// CHECK: %[[S0:.*]] = stablehlo.slice %arg0 [0:2, 0:3]
// CHECK: %[[S1:.*]] = stablehlo.slice %arg0 [2:4, 0:3]
// CHECK: %[[SUM:.*]] = "stablehlo.map"(%[[S0]], %[[S1]])
// CHECK: %[[WHOLE:.*]] = stablehlo.concatenate %[[SUM]], %[[SUM]], dim = 0
// CHECK-NOT: sdy.
// CHECK: return %[[WHOLE]]
module @manual_computation attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=2]>
  func.func public @main(%arg0: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) -> tensor<4x3xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{"i"}, {}]>] manual_axes={"i"} (%x: tensor<2x3xf32>) {
      %1 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      sdy.return %1 : tensor<2x3xf32>
    } : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

module @partly_manual attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["i"=2, "j"=2]>
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{sdy.manual_computation leaves mesh axis "j" to the partitioner; simulated processes need every axis manual}}
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}]>] out_shardings=[<@mesh, [{"i"}]>] manual_axes={"i"} (%x: tensor<2xf32>) {
      sdy.return %x : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// No source_target_pairs: every process receives zeros.
// CHECK-LABEL: module @no_pairs
// CHECK: %[[ZEROS:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK: return %[[ZEROS]], %[[ZEROS]]
module @no_pairs attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

module @uneven_all_to_all attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    // expected-error @+1 {{stablehlo.all_to_all cannot split dimension 0 of size 3 of operand 0 into 2 parts}}
    %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// A sharded program without a manual computation (jax.jit with shardings)
// is the whole computation: it runs once.
// CHECK-LABEL: module @auto_sharded attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK-NOT: sdy.mesh
// CHECK: func.func public @main(%arg0: tensor<8xf32> {sdy.sharding = {{.*}}}) -> tensor<8xf32>
// CHECK: %[[Y:.*]] = stablehlo.tanh %arg0
// CHECK: return %[[Y]] : tensor<8xf32>
module @auto_sharded attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["d"=4]>
  func.func public @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}]>}) -> tensor<8xf32> {
    %0 = stablehlo.tanh %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

module @gspmd_manual attributes {mhlo.num_partitions = 2 : i32} {
  func.func public @main(%arg0: tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) -> tensor<4xf32> {
    // expected-error @+1 {{stablehlo.custom_call @SPMDFullToShardShape: GSPMD's manual sharding cannot be simulated; JAX exports it as Shardy's sdy.manual_computation, which can}}
    %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{manual}"} : (tensor<8xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
