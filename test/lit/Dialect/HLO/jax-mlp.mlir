// RUN: disc-opt %s | FileCheck %s
// RUN: disc-opt %s -mlir-print-debuginfo | disc-opt -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// An MLP as `jax.jit(f).lower(x).as_text(debug_info=True)` prints it: module
// and argument attributes, argument names, result info and `#loc` aliases
// defined after their use, all kept.

#loc1 = loc("x")
#loc2 = loc("w1")
#loc3 = loc("b1")
module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}", jax.arg_info = "x"} loc("x"), %arg1: tensor<64x128xf32> {mhlo.layout_mode = "default"} loc("w1"), %arg2: tensor<128xf32> {mhlo.layout_mode = "default"} loc("b1")) -> (tensor<8x128xf32> {jax.result_info = "result", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32> loc(#loc5)
    %1 = stablehlo.reshape %arg2 : (tensor<128xf32>) -> tensor<1x128xf32> loc(#loc6)
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32> loc(#loc7)
    %3 = stablehlo.add %0, %2 : tensor<8x128xf32> loc(#loc7)
    %4 = call @relu(%3) : (tensor<8x128xf32>) -> tensor<8x128xf32> loc(#loc8)
    return %4 : tensor<8x128xf32> loc(#loc)
  } loc(#loc)
  func.func private @relu(%arg0: tensor<8x128xf32> loc(#loc10)) -> tensor<8x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc9)
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x128xf32> loc(#loc9)
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x128xf32> loc(#loc9)
    return %1 : tensor<8x128xf32> loc(#loc8)
  } loc(#loc8)
} loc(#loc)
#loc = loc(unknown)
#loc4 = loc("/home/user/mlp.py":12:0)
#loc5 = loc("jit(mlp)/jit(main)/dot_general"(#loc4))
#loc6 = loc("jit(mlp)/jit(main)/reshape"(#loc4))
#loc7 = loc("jit(mlp)/jit(main)/add"(#loc4))
#loc8 = loc("jit(mlp)/jit(main)/relu"(#loc4))
#loc9 = loc("jit(mlp)/jit(main)/max"(#loc4))
#loc10 = loc("jit(mlp)/jit(main)/jit(relu)"(#loc4))

// CHECK: module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK: func.func public @main(%arg0: tensor<8x64xf32> {jax.arg_info = "x", mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"}, %arg1: tensor<64x128xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<128xf32> {mhlo.layout_mode = "default"}) -> (tensor<8x128xf32> {jax.result_info = "result", mhlo.layout_mode = "default"})
// CHECK-NEXT: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
// CHECK-NEXT: stablehlo.reshape %arg2 : (tensor<128xf32>) -> tensor<1x128xf32>
// CHECK-NEXT: stablehlo.broadcast_in_dim %{{.*}}, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
// CHECK-NEXT: stablehlo.add %{{.*}}, %{{.*}} : tensor<8x128xf32>
// CHECK-NEXT: call @relu
// CHECK: func.func private @relu
// CHECK-NEXT: stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
// CHECK-NEXT: stablehlo.maximum %arg0, %{{.*}} : tensor<8x128xf32>

// The argument names and op locations survive a round trip.
// LOC: #[[FILE:loc[0-9]*]] = loc("/home/user/mlp.py":12:0)
// LOC: func.func public @main(%arg0: tensor<8x64xf32> {{.*}} loc("x"), %arg1: tensor<64x128xf32> {{.*}} loc("w1"), %arg2: tensor<128xf32> {{.*}} loc("b1"))
// LOC: stablehlo.dot_general {{.*}} loc(#[[DOT:loc[0-9]*]])
// LOC: #[[DOT]] = loc("jit(mlp)/jit(main)/dot_general"(#[[FILE]]))
