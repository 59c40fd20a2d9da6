module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<4xf32>) -> (tensor<2x3x5xf32> {jax.result_info = "result[0]"}, tensor<3x3xf32> {jax.result_info = "result[1]"}, tensor<2x4xf32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}, tensor<4x4xf32> {jax.result_info = "result[4]"}, tensor<2xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    %1 = stablehlo.slice %arg0 [0:1, 0:3, 0:4] : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %5 = stablehlo.dot_general %arg3, %arg3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
    %6 = stablehlo.dot_general %arg3, %arg3, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
    %7 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1, 2] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2xf32>
    return %0, %3, %4, %5, %6, %7 : tensor<2x3x5xf32>, tensor<3x3xf32>, tensor<2x4xf32>, tensor<f32>, tensor<4x4xf32>, tensor<2xf32>
  }
}
