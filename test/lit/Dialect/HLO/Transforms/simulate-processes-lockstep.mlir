// RUN: disc-opt %s --disc-simulate-processes --split-input-file --verify-diagnostics | FileCheck %s

// A while whose body holds a collective is one while for both processes:
// it carries both processes' values, its condition computes each one's and
// fails the run unless they agree, and its body is copied in step.
// CHECK-LABEL: module @while_all_reduce
// CHECK: %[[LOOP:.*]]:4 = stablehlo.while(%[[I0:[a-z0-9]+]] = %arg1, %[[V0:[a-z0-9]+]] = %arg0, %[[I1:[a-z0-9]+]] = %arg3, %[[V1:[a-z0-9]+]] = %arg2)
// CHECK: cond
// CHECK: %[[C0:.*]] = stablehlo.compare GT, %[[I0]]
// CHECK: %[[C1:.*]] = stablehlo.compare GT, %[[I1]]
// CHECK-DAG: %[[AGREE:.*]] = stablehlo.compare EQ, %[[C0]], %[[C1]]
// CHECK-DAG: %[[SHOWN0:.*]] = stablehlo.convert %[[C0]] : (tensor<i1>) -> tensor<i32>
// CHECK-DAG: %[[SHOWN1:.*]] = stablehlo.convert %[[C1]] : (tensor<i1>) -> tensor<i32>
// CHECK: stablehlo.custom_call @shape_assertion(%[[AGREE]], %[[SHOWN0]], %[[SHOWN1]]) {error_message = "stablehlo.while: its simulated processes disagree on whether to run another iteration, so their collectives would not meet; process by process: {0} {1}", has_side_effect = true}
// CHECK: stablehlo.return %[[C0]] : tensor<i1>
// CHECK: do
// CHECK: %[[SUM:.*]] = "stablehlo.map"(%[[V0]], %[[V1]])
// CHECK: %[[J0:.*]] = stablehlo.subtract %[[I0]]
// CHECK: %[[J1:.*]] = stablehlo.subtract %[[I1]]
// CHECK: stablehlo.return %[[J0]], %[[SUM]], %[[J1]], %[[SUM]]
// CHECK: return %[[LOOP]]#1, %[[LOOP]]#3
module @while_all_reduce attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<f32>, %n: tensor<i32>) -> tensor<f32> {
    %0:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<f32>
    cond {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %s = "stablehlo.all_reduce"(%v) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.subtract %i, %one : tensor<i32>
      stablehlo.return %j, %s : tensor<i32>, tensor<f32>
    }
    return %0#1 : tensor<f32>
  }
}

// -----

// A loop without collectives stays one loop per process, here inside the
// lockstep loop; replica_id in it is each copy's constant.
// CHECK-LABEL: module @nested_while
// CHECK: stablehlo.while(%[[I0:[a-z0-9]+]] = %arg1, %[[V0:[a-z0-9]+]] = %arg0, %{{[a-z0-9]+}} = %arg0, %[[I1:[a-z0-9]+]] = %arg3, %[[V1:[a-z0-9]+]] = %arg2, %{{[a-z0-9]+}} = %arg2)
// CHECK: do
// CHECK: %[[INNER0:.*]]:2 = stablehlo.while(%{{.*}} = %[[I0]], %{{.*}} = %[[V0]]) : tensor<i32>, tensor<f32>
// CHECK-NOT: all_gather
// CHECK: stablehlo.constant dense<0> : tensor<ui32>
// CHECK: %[[INNER1:.*]]:2 = stablehlo.while(%{{.*}} = %[[I1]], %{{.*}} = %[[V1]]) : tensor<i32>, tensor<f32>
// CHECK: stablehlo.constant dense<1> : tensor<ui32>
// CHECK: %[[ROW0:.*]] = stablehlo.reshape %[[INNER0]]#1
// CHECK: %[[ROW1:.*]] = stablehlo.reshape %[[INNER1]]#1
// CHECK: stablehlo.concatenate %[[ROW0]], %[[ROW1]], dim = 0
module @nested_while attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<f32>, %n: tensor<i32>) -> tensor<2xf32> {
    %0:3 = stablehlo.while(%i = %n, %v = %x, %g = %x) : tensor<i32>, tensor<f32>, tensor<f32>
    cond {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %inner:2 = stablehlo.while(%k = %i, %w = %v) : tensor<i32>, tensor<f32>
      cond {
        %c = stablehlo.constant dense<0> : tensor<i32>
        %p = stablehlo.compare GT, %k, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %p : tensor<i1>
      } do {
        %r = stablehlo.replica_id : tensor<ui32>
        %rf = stablehlo.convert %r : (tensor<ui32>) -> tensor<f32>
        %w2 = stablehlo.add %w, %rf : tensor<f32>
        %one = stablehlo.constant dense<1> : tensor<i32>
        %k2 = stablehlo.subtract %k, %one : tensor<i32>
        stablehlo.return %k2, %w2 : tensor<i32>, tensor<f32>
      }
      %r = stablehlo.reshape %inner#1 : (tensor<f32>) -> tensor<1xf32>
      %all = "stablehlo.all_gather"(%r) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1xf32>) -> tensor<2xf32>
      %first = stablehlo.slice %all [0:1] : (tensor<2xf32>) -> tensor<1xf32>
      %s = stablehlo.reshape %first : (tensor<1xf32>) -> tensor<f32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.subtract %i, %one : tensor<i32>
      stablehlo.return %j, %inner#1, %s : tensor<i32>, tensor<f32>, tensor<f32>
    }
    %r = stablehlo.reshape %0#2 : (tensor<f32>) -> tensor<1xf32>
    %all = "stablehlo.all_gather"(%r) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1xf32>) -> tensor<2xf32>
    return %all : tensor<2xf32>
  }
}

// -----

// A lockstep while nested in another: the collective is two loops deep.
// CHECK-LABEL: module @while_in_while
// CHECK: stablehlo.while(%{{.*}}) : tensor<i32>, tensor<f32>, tensor<i32>, tensor<f32>
// CHECK: do
// CHECK: stablehlo.while(%{{.*}}) : tensor<i32>, tensor<f32>, tensor<i32>, tensor<f32>
// CHECK: cond
// CHECK: stablehlo.custom_call @shape_assertion
// CHECK: do
// CHECK: stablehlo.concatenate
// CHECK-NOT: stablehlo.concatenate
module @while_in_while attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<f32>, %n: tensor<i32>) -> tensor<f32> {
    %0:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<f32>
    cond {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %inner:2 = stablehlo.while(%k = %i, %w = %v) : tensor<i32>, tensor<f32>
      cond {
        %c = stablehlo.constant dense<0> : tensor<i32>
        %p = stablehlo.compare GT, %k, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %p : tensor<i1>
      } do {
        %r = stablehlo.reshape %w : (tensor<f32>) -> tensor<1xf32>
        %all = "stablehlo.all_gather"(%r) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<1xf32>) -> tensor<2xf32>
        %first = stablehlo.slice %all [1:2] : (tensor<2xf32>) -> tensor<1xf32>
        %s = stablehlo.reshape %first : (tensor<1xf32>) -> tensor<f32>
        %one = stablehlo.constant dense<1> : tensor<i32>
        %k2 = stablehlo.subtract %k, %one : tensor<i32>
        stablehlo.return %k2, %s : tensor<i32>, tensor<f32>
      }
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.subtract %i, %one : tensor<i32>
      stablehlo.return %j, %inner#1 : tensor<i32>, tensor<f32>
    }
    return %0#1 : tensor<f32>
  }
}

// -----

// The predicate comes from an all_reduce of every process, so every
// process takes the same branch: one if, on process 0's predicate,
// without a check; the branch without a collective is copied per process.
// CHECK-LABEL: module @if_shared_predicate
// CHECK-NOT: shape_assertion
// CHECK: %[[P0:.*]] = stablehlo.compare GT
// CHECK: %[[IF:.*]]:2 = "stablehlo.if"(%[[P0]])
// CHECK: %[[ALL:.*]] = stablehlo.concatenate %arg0, %arg1, dim = 0
// CHECK: stablehlo.return %[[ALL]], %[[ALL]]
// CHECK: %[[OWN0:.*]] = stablehlo.concatenate %arg0, %arg0, dim = 0
// CHECK: %[[OWN1:.*]] = stablehlo.concatenate %arg1, %arg1, dim = 0
// CHECK: stablehlo.return %[[OWN0]], %[[OWN1]]
// CHECK: return %[[IF]]#0, %[[IF]]#1
module @if_shared_predicate attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xi32>) -> tensor<4xi32> {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %t = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    %e = stablehlo.slice %s [0:1] : (tensor<2xi32>) -> tensor<1xi32>
    %r = stablehlo.reshape %e : (tensor<1xi32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %p = stablehlo.compare GT, %r, %z : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %0 = "stablehlo.if"(%p) ({
      %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
      stablehlo.return %g : tensor<4xi32>
    }, {
      %c = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
      stablehlo.return %c : tensor<4xi32>
    }) : (tensor<i1>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}

// -----

// A reduce of a total every process shares is shared too: no check.
// CHECK-LABEL: module @if_on_reduced_total
// CHECK-NOT: shape_assertion
// CHECK: "stablehlo.if"
module @if_on_reduced_total attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %p = stablehlo.compare GT, %sum, %z : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %0 = "stablehlo.if"(%p) ({
      %g = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
      stablehlo.return %g : tensor<2xf32>
    }, {
      stablehlo.return %x : tensor<2xf32>
    }) : (tensor<i1>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// A loop over shared values whose body reads replica_id differs between
// the processes: the run checks.
// CHECK-LABEL: module @if_on_loop_reading_replica_id
// CHECK: stablehlo.custom_call @shape_assertion
// CHECK: "stablehlo.if"
module @if_on_loop_reading_replica_id attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.while(%i = %c) : tensor<ui32>
    cond {
      %n = stablehlo.constant dense<1> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %r = stablehlo.replica_id : tensor<ui32>
      %j = stablehlo.add %i, %r : tensor<ui32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %k = stablehlo.add %j, %one : tensor<ui32>
      stablehlo.return %k : tensor<ui32>
    }
    %two = stablehlo.constant dense<2> : tensor<ui32>
    %p = stablehlo.compare EQ, %0, %two : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %1 = "stablehlo.if"(%p) ({
      %g = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
      stablehlo.return %g : tensor<2xf32>
    }, {
      stablehlo.return %x : tensor<2xf32>
    }) : (tensor<i1>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}

// -----

// Each process's own predicate: the run checks that they agree.
// CHECK-LABEL: module @if_own_predicate
// CHECK: %[[AGREE:.*]] = stablehlo.compare EQ, %arg0, %arg2
// CHECK: stablehlo.custom_call @shape_assertion(%[[AGREE]], %{{.*}}, %{{.*}}) {error_message = "stablehlo.if: its simulated processes disagree on which branch to take, so their collectives would not meet; process by process: {0} {1}", has_side_effect = true}
// CHECK: "stablehlo.if"(%arg0)
module @if_own_predicate attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.if"(%p) ({
      %s = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
      stablehlo.return %s : tensor<f32>
    }, {
      stablehlo.return %x : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// case: the processes must agree on the branch each takes, an index out of
// range taking the last; collective_permute across partitions swaps them.
// CHECK-LABEL: module @case_permute
// CHECK-DAG: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-DAG: %[[COUNT:.*]] = stablehlo.constant dense<2> : tensor<i32>
// CHECK-DAG: %[[LAST:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK: %[[BELOW0:.*]] = stablehlo.compare LT, %arg0, %[[ZERO]]
// CHECK: %[[ABOVE0:.*]] = stablehlo.compare GE, %arg0, %[[COUNT]]
// CHECK: %[[OUT0:.*]] = stablehlo.or %[[BELOW0]], %[[ABOVE0]]
// CHECK: %[[B0:.*]] = stablehlo.select %[[OUT0]], %[[LAST]], %arg0
// CHECK: %[[B1:.*]] = stablehlo.select %{{.*}}, %[[LAST]], %arg2
// CHECK: %[[AGREE:.*]] = stablehlo.compare EQ, %[[B0]], %[[B1]]
// CHECK: stablehlo.custom_call @shape_assertion(%[[AGREE]], %[[B0]], %[[B1]]) {error_message = "stablehlo.case: its simulated processes disagree on which branch to take
// CHECK: %[[CASE:.*]]:2 = "stablehlo.case"(%arg0)
// CHECK: stablehlo.return %arg3, %arg1
// CHECK: stablehlo.return %arg1, %arg3
// CHECK: return %[[CASE]]#0, %[[CASE]]#1
module @case_permute attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%i: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.case"(%i) ({
      %g = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
      stablehlo.return %g : tensor<2xf32>
    }, {
      stablehlo.return %x : tensor<2xf32>
    }) : (tensor<i32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// partition_id is the same on every process of a grid of one partition, so
// a case on it needs no check.
// CHECK-LABEL: module @case_on_shared_id
// CHECK-NOT: shape_assertion
// CHECK: "stablehlo.case"
module @case_on_shared_id attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %id = stablehlo.partition_id : tensor<ui32>
    %i = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>
    %0 = "stablehlo.case"(%i) ({
      %g = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
      stablehlo.return %g : tensor<2xf32>
    }, {
      stablehlo.return %x : tensor<2xf32>
    }) : (tensor<i32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

module @collective_in_reduce_in_while attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<2xf32> {
    %0:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<2xf32>
    cond {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %m = "stablehlo.map"(%v) ({
      ^bb0(%e: tensor<f32>):
        // expected-error @+1 {{stablehlo.all_reduce inside stablehlo.map: a collective in a region other than a while, if or case body cannot be paired across simulated processes}}
        %s = "stablehlo.all_reduce"(%e) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %t = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %t : tensor<f32>
        }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>
      stablehlo.return %i, %m : tensor<i32>, tensor<2xf32>
    }
    return %0#1 : tensor<2xf32>
  }
}
