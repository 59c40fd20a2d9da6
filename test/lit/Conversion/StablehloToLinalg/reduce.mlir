// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// A sum: outputs filled with the init value, reduction iterators on the
// reduced dimensions, the body's add on scalars, free to reassociate.
// CHECK: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduce_sum
// CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[INIT:.*]]: tensor<f32>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]]
// CHECK: %[[V:.*]] = tensor.extract %[[INIT]][] : tensor<f32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<?xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%[[A]] : tensor<?x8xf32>) outs(%[[F]] : tensor<?xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] fastmath<reassoc> : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @reduce_sum(%a: tensor<?x8xf32>, %init: tensor<f32>) -> tensor<?xf32> {
  %0 = "stablehlo.reduce"(%a, %init) ({
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = stablehlo.add %acc, %x : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<?x8xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// argmax: two operands, a body of compares and selects; the body's
// accumulators are the generic's outputs.
// CHECK-LABEL: func.func @argmax
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction"]
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[I:.*]]: i32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i32):
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[ACC]], %[[X]] : f32
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[ACC]], %[[X]] : f32
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[ACCI]], %[[I]] : i32
// CHECK: %[[TIE:.*]] = arith.andi %[[EQ]], %[[LT]] : i1
// CHECK: %[[KEEP:.*]] = arith.ori %[[GT]], %[[TIE]] : i1
// CHECK: %[[V:.*]] = arith.select %[[KEEP]], %[[ACC]], %[[X]] : f32
// CHECK: %[[IDX:.*]] = arith.select %[[KEEP]], %[[ACCI]], %[[I]] : i32
// CHECK: linalg.yield %[[V]], %[[IDX]] : f32, i32
func.func @argmax(%a: tensor<8xf32>, %idx: tensor<8xi32>) -> (tensor<f32>, tensor<i32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = "stablehlo.reduce"(%a, %idx, %ninf, %zero) ({
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %x: tensor<f32>, %i: tensor<i32>):
    %gt = stablehlo.compare GT, %acc, %x, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %acc, %x, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %acci, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %acc, %x : tensor<i1>, tensor<f32>
    %j = stablehlo.select %keep, %acci, %i : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

// Unsigned max reduction: maxui, with constants in the body.
// CHECK-LABEL: func.func @reduce_unsigned
// CHECK-SAME: -> tensor<4xi16>
// CHECK: ^bb0(%[[X:.*]]: i16, %[[ACC:.*]]: i16):
// CHECK: %[[C:.*]] = arith.constant 1 : i16
// CHECK: %[[M:.*]] = arith.maxui %[[ACC]], %[[X]] : i16
// CHECK: %[[R:.*]] = arith.maxui %[[M]], %[[C]] : i16
// CHECK: linalg.yield %[[R]] : i16
func.func @reduce_unsigned(%a: tensor<4x6xui16>, %init: tensor<ui16>) -> tensor<4xui16> {
  %0 = "stablehlo.reduce"(%a, %init) ({
  ^bb0(%acc: tensor<ui16>, %x: tensor<ui16>):
    %one = stablehlo.constant dense<1> : tensor<ui16>
    %1 = stablehlo.maximum %acc, %x : tensor<ui16>
    %2 = stablehlo.maximum %1, %one : tensor<ui16>
    stablehlo.return %2 : tensor<ui16>
  }) {dimensions = array<i64: 1>} : (tensor<4x6xui16>, tensor<ui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}
