// RUN: disc-opt %s --disc-stablehlo-to-linalg | FileCheck %s

// The gradient of a 2x2 / 2 max pool: the result starts as the init value;
// for each source element, a loop over its window carries whether an
// element was picked, where, and its value; positions outside the operand
// are skipped; the picked element gets the source element added.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>, %[[G:.*]]: tensor<2x2xf32>)
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x4xf32>)
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %[[FILLED]]) -> (tensor<4x4xf32>)
// CHECK: scf.for %[[J:.*]] = {{.*}} iter_args(%[[RESULT:.*]] = %{{.*}}) -> (tensor<4x4xf32>)
// CHECK: %[[SEARCH:.*]]:4 = scf.for {{.*}} -> (i1, index, index, f32)
// CHECK: scf.for {{.*}} -> (i1, index, index, f32)
// CHECK: arith.cmpi ult
// CHECK: scf.if %{{.*}} -> (i1, index, index, f32)
// CHECK: %[[CANDIDATE:.*]] = tensor.extract %[[X]]
// CHECK: arith.cmpf oge, %{{.*}}, %[[CANDIDATE]] : f32
// CHECK: scf.if %[[SEARCH]]#0 -> (tensor<4x4xf32>)
// CHECK: %[[OLD:.*]] = tensor.extract %[[RESULT]][%[[SEARCH]]#1, %[[SEARCH]]#2]
// CHECK: %[[SOURCE:.*]] = tensor.extract %[[G]][%[[I]], %[[J]]]
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[SOURCE]] : f32
// CHECK: tensor.insert %[[SUM]] into %[[RESULT]][%[[SEARCH]]#1, %[[SEARCH]]#2]
func.func @max_pool_grad(%x: tensor<4x4xf32>, %g: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%x, %g, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
