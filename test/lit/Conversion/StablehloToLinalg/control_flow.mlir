// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[V:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i32>)
// CHECK: %[[R:.*]]:2 = scf.while (%[[A:.*]] = %[[V]], %[[B:.*]] = %[[N]]) : (tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>) {
// CHECK: %[[C:.*]] = linalg.generic
// CHECK: arith.cmpi ugt
// CHECK: %[[P:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK: scf.condition(%[[P]]) %[[A]], %[[B]] : tensor<4xf32>, tensor<i32>
// CHECK: } do {
// CHECK: ^bb0(%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<i32>):
// CHECK: %[[J:.*]] = linalg.generic
// CHECK: arith.subi
// CHECK: %[[W:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: scf.yield %[[W]], %[[J]] : tensor<4xf32>, tensor<i32>
// CHECK: return %[[R]]#0
func.func @while_loop(%v: tensor<4xf32>, %n: tensor<ui32>) -> tensor<4xf32> {
  %0:2 = "stablehlo.while"(%v, %n) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<ui32>):
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %c = stablehlo.compare GT, %b, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<4xf32>, %i: tensor<ui32>):
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %j = stablehlo.subtract %i, %one : tensor<ui32>
    %w = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %w, %j : tensor<4xf32>, tensor<ui32>
  }) : (tensor<4xf32>, tensor<ui32>) -> (tensor<4xf32>, tensor<ui32>)
  return %0#0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @if_else
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<4xf32>)
// CHECK: %[[C:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (tensor<4xf32>) {
// CHECK: %[[N:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: scf.yield %[[N]] : tensor<4xf32>
// CHECK: } else {
// CHECK: scf.yield %[[A]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @if_else(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.if"(%p) ({
    %n = stablehlo.negate %a : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }, {
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Out-of-range indices run the last branch: it is the default.
// CHECK-LABEL: func.func @case
// CHECK: %[[I:.*]] = tensor.extract
// CHECK: %[[X:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK: scf.index_switch %[[X]] -> tensor<2xi32>
// CHECK: case 0 {
// CHECK: scf.yield
// CHECK: case 1 {
// CHECK: scf.yield
// CHECK: default {
// CHECK: scf.yield
func.func @case(%i: tensor<i32>, %a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<2xi32>
  }, {
    %n = stablehlo.negate %a : tensor<2xi32>
    stablehlo.return %n : tensor<2xi32>
  }, {
    %m = stablehlo.add %a, %a : tensor<2xi32>
    stablehlo.return %m : tensor<2xi32>
  }) : (tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @optimization_barrier
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[A]]
func.func @optimization_barrier(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.optimization_barrier %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
