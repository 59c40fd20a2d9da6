// RUN: disc-opt %s -split-input-file -disc-linalg-update-loop-state-in-place | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (3 - d0)>

// The new state of a while loop is written over the state it replaces; an
// op that reads the state again, or reads it elsewhere than it writes, and
// one that only reads a function argument keep their fresh tensors.
// CHECK-LABEL: func.func @while_state
// CHECK: } do {
// CHECK: ^bb0(%[[STATE:.*]]: tensor<4xf32>, %[[OTHER:.*]]: tensor<4xf32>, %[[THIRD:.*]]: tensor<4xf32>):
// CHECK: linalg.generic {{.*}} ins(%[[STATE]], %[[X:.*]] : tensor<4xf32>, tensor<4xf32>) outs(%[[STATE]] : tensor<4xf32>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[OTHER]], %[[OTHER]] : tensor<4xf32>, tensor<4xf32>) outs(%[[EMPTY]] : tensor<4xf32>)
// CHECK: %[[EMPTY2:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[THIRD]] : tensor<4xf32>) outs(%[[EMPTY2]] : tensor<4xf32>)
// CHECK: %[[EMPTY3:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>) outs(%[[EMPTY3]] : tensor<4xf32>)
func.func @while_state(%x: tensor<4xf32>, %go: i1) -> tensor<4xf32> {
  %r:3 = scf.while (%s = %x, %t = %x, %u = %x) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    scf.condition(%go) %s, %t, %u : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%s: tensor<4xf32>, %t: tensor<4xf32>, %u: tensor<4xf32>):
    %e0 = tensor.empty() : tensor<4xf32>
    %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%s, %x : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %v = arith.addf %p, %q : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    %e1 = tensor.empty() : tensor<4xf32>
    %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %v = arith.mulf %p, %q : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    %e2 = tensor.empty() : tensor<4xf32>
    %c = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
        ins(%u : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
    ^bb0(%p: f32, %o: f32):
      linalg.yield %p : f32
    } -> tensor<4xf32>
    %e3 = tensor.empty() : tensor<4xf32>
    %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e3 : tensor<4xf32>) {
    ^bb0(%p: f32, %o: f32):
      %v = arith.negf %p : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    scf.yield %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// A for loop's iteration argument is loop state too; its induction variable
// is not.
// CHECK-LABEL: func.func @for_state
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[STATE:.*]] = %{{.*}}) -> (tensor<8xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[STATE]] : tensor<8xf32>) outs(%[[STATE]] : tensor<8xf32>)
func.func @for_state(%x: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x) -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%p: f32, %o: f32):
      %v = arith.addf %p, %p : f32
      linalg.yield %v : f32
    } -> tensor<8xf32>
    scf.yield %a : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
