// RUN: disc-opt %s --inline --symbol-dce | FileCheck %s

// JAX outlines helpers into private functions; calls to them inline, and the
// helpers, now unused, are dropped.

// CHECK-LABEL: func.func public @main
// CHECK-NOT:     call
// CHECK:         %[[ZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK:         %[[RELU:.*]] = stablehlo.maximum %arg0, %[[ZERO]] : tensor<4xf32>
// CHECK:         return %[[RELU]]
// CHECK-NOT:   func.func private @relu
func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @relu(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @relu(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
  %0 = stablehlo.maximum %arg0, %cst : tensor<4xf32>
  return %0 : tensor<4xf32>
}
