// RUN: disc-opt %s --disc-simulate-processes --split-input-file --verify-diagnostics | FileCheck %s

// disc.process_programs builds @main, which runs @send on process 0 and
// @recv on process 1: each recv on channel 1 gets the operand of the send
// it meets, in order. Tokens leave the signature; the functions go.
// CHECK-LABEL: module @sequential_same_channel
// CHECK-NOT: disc.process_programs
// CHECK: func.func @main(%arg0: tensor<2x2xi64> {disc.process = "replica 0, partition 0"})
// CHECK-SAME: -> (tensor<2x2xi64> {disc.process = "replica 1, partition 0"}, tensor<2x2xi64> {disc.process = "replica 1, partition 0"})
// CHECK: %[[SECOND:.*]] = stablehlo.constant dense<{{\[\[}}5, 6], [7, 8]]>
// CHECK: return %arg0, %[[SECOND]]
// CHECK-NOT: func.func
module @sequential_same_channel attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@send, @recv]}} {
  func.func @send(%operand : tensor<2x2xi64>, %token : !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
    %result0 = "stablehlo.send"(%operand, %token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
    %constant = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
    %result1 = "stablehlo.send"(%constant, %token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
    return %result0, %result1 : !stablehlo.token, !stablehlo.token
  }
  func.func @recv(%token : !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token, tensor<2x2xi64>, !stablehlo.token) {
    %results0, %results1 = "stablehlo.recv"(%token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    %results2, %results3 = "stablehlo.recv"(%token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    return %results0, %results1, %results2, %results3 : tensor<2x2xi64>, !stablehlo.token, tensor<2x2xi64>, !stablehlo.token
  }
}

// -----

// Two channels cross: process 0 sends on 1 and receives on 2, process 1
// the other way round; what each computes after receiving uses its own
// partition_id.
// CHECK-LABEL: module @crossing_channels
// CHECK: func.func @pair(%arg0: tensor<3xf32> {disc.process = "replica 0, partition 0"}, %arg1: tensor<3xf32> {disc.process = "replica 0, partition 1"})
// CHECK: stablehlo.constant dense<0> : tensor<ui32>
// CHECK: %[[GOT0:.*]] = stablehlo.add %arg1, %{{.*}}
// CHECK: stablehlo.constant dense<1> : tensor<ui32>
// CHECK: %[[GOT1:.*]] = stablehlo.add %arg0, %{{.*}}
// CHECK: return %[[GOT0]], %[[GOT1]]
module @crossing_channels attributes {mhlo.num_partitions = 2 : i32, disc.process_programs = {pair = [@first, @second]}} {
  func.func @first(%x : tensor<3xf32>) -> tensor<3xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    %s = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
    %r:2 = "stablehlo.recv"(%s) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
    %id = stablehlo.partition_id : tensor<ui32>
    %f = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %y = stablehlo.add %r#0, %b : tensor<3xf32>
    return %y : tensor<3xf32>
  }
  func.func @second(%x : tensor<3xf32>) -> tensor<3xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
    %s = "stablehlo.send"(%x, %r#1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
    %id = stablehlo.partition_id : tensor<ui32>
    %f = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %y = stablehlo.add %r#0, %b : tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

// Both processes send first: a send waits for its receiver, so neither
// gets to its recv.
module @both_send_first attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@a, @b]}} {
  func.func @a(%x : tensor<2xf32>) -> tensor<2xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    // expected-error @+1 {{stablehlo.send on channel 1 of process 0 would wait forever: no other process receives on channel 1 while it waits}}
    %s = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %r:2 = "stablehlo.recv"(%s) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    return %r#0 : tensor<2xf32>
  }
  func.func @b(%x : tensor<2xf32>) -> tensor<2xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    // expected-error @+1 {{stablehlo.send on channel 2 of process 1 would wait forever: no other process receives on channel 2 while it waits}}
    %s = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %r:2 = "stablehlo.recv"(%s) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    return %r#0 : tensor<2xf32>
  }
}

// -----

// A recv no process sends to.
module @unpaired_recv attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@idle, @waits]}} {
  func.func @idle(%x : tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
  func.func @waits(%t : !stablehlo.token) -> tensor<2xf32> {
    // expected-error @+1 {{stablehlo.recv on channel 3 of process 1 would wait forever: no other process sends on channel 3 while it waits}}
    %r:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    return %r#0 : tensor<2xf32>
  }
}

// -----

module @type_mismatch attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@sends, @receives]}} {
  func.func @sends(%x : tensor<2xf32>, %t : !stablehlo.token) -> !stablehlo.token {
    // expected-note @+1 {{the stablehlo.send}}
    %s = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    return %s : !stablehlo.token
  }
  func.func @receives(%t : !stablehlo.token) -> tensor<3xf32> {
    // expected-error @+1 {{stablehlo.recv on channel 1 of process 1 receives (tensor<3xf32>), but the stablehlo.send it meets on process 0 sends (tensor<2xf32>)}}
    %r:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
    return %r#0 : tensor<3xf32>
  }
}

// -----

// expected-error @+1 {{disc.process_programs gives @main 1 functions, but the program has 2 processes (mhlo.num_replicas x mhlo.num_partitions): it needs one per process}}
module @too_few_functions attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@f]}} {
  func.func @f(%x : tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{disc.process_programs names @missing for @main, which is not a function of one block in the module}}
module @missing_function attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@f, @missing]}} {
  func.func @f(%x : tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

module @send_in_loop attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@loops, @f]}} {
  func.func @loops(%x : tensor<2xf32>, %n : tensor<i32>) -> tensor<2xf32> {
    %0:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<2xf32>
    cond {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %t = stablehlo.after_all : !stablehlo.token
      // expected-error @+1 {{stablehlo.send inside stablehlo.while: sends and receives pair only at the top of a process's function}}
      %s = "stablehlo.send"(%v, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
      stablehlo.return %i, %v : tensor<i32>, tensor<2xf32>
    }
    return %0#1 : tensor<2xf32>
  }
  func.func @f(%x : tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}

// -----

module @collective_in_program attributes {mhlo.num_replicas = 2 : i32, disc.process_programs = {main = [@f, @f]}} {
  func.func @f(%x : tensor<2xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{stablehlo.all_gather in a function of disc.process_programs: collectives pair only between processes that all run one entry}}
    %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<4xf32>
    %1 = stablehlo.slice %0 [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
