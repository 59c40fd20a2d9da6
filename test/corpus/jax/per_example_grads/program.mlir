module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<6x3xf32>, %arg2: tensor<5x6xf32>, %arg3: tensor<5x3xf32>) -> (tensor<5x3xf32> {jax.result_info = "result['b']"}, tensor<5x6x3xf32> {jax.result_info = "result['w']"}) {
    %0 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x6xf32>, tensor<6x3xf32>) -> tensor<5x3xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %3 = stablehlo.add %0, %2 : tensor<5x3xf32>
    %4 = stablehlo.subtract %3, %arg3 : tensor<5x3xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<5x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %7 = stablehlo.multiply %6, %4 : tensor<5x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<5x3xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %12 = stablehlo.multiply %11, %7 : tensor<5x3xf32>
    %13 = stablehlo.dot_general %12, %arg2, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<5x6xf32>) -> tensor<5x3x6xf32>
    %14 = stablehlo.transpose %13, dims = [0, 2, 1] : (tensor<5x3x6xf32>) -> tensor<5x6x3xf32>
    return %12, %14 : tensor<5x3xf32>, tensor<5x6x3xf32>
  }
}
