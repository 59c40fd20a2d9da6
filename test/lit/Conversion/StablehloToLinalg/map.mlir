// RUN: disc-opt %s --disc-stablehlo-to-linalg | FileCheck %s

// A map is one elementwise linalg.generic whose body is the map's
// computation as scalar ops; the result element type may differ.
// CHECK-LABEL: func.func @map_fma_compare
// CHECK: %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xi1>
// CHECK: linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%[[EMPTY]] : tensor<?x4xi1>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[P]], %[[HALF]] : f32
// CHECK: linalg.yield %[[GT]] : i1
func.func @map_fma_compare(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xi1> {
  %0 = "stablehlo.map"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.multiply %a, %b : tensor<f32>
    %c = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %r = stablehlo.compare  GT, %p, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) {dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xi1>
  return %0 : tensor<?x4xi1>
}
