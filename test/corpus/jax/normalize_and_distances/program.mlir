module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<5x4xf32> {jax.result_info = "result[0]"}, tensor<5x3xf32> {jax.result_info = "result[1]"}, tensor<4xf32> {jax.result_info = "result[2]"}) {
    %0 = call @norm(%arg0) : (tensor<5x4xf32>) -> tensor<5x1xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x4xf32>
    %2 = stablehlo.divide %arg0, %1 : tensor<5x4xf32>
    %3 = stablehlo.multiply %arg0, %arg0 : tensor<5x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %6 = stablehlo.multiply %arg1, %arg1 : tensor<3x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %9 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x3xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %11 = stablehlo.add %9, %10 : tensor<5x3xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x4xf32>
    %13 = stablehlo.multiply %12, %arg0 : tensor<5x4xf32>
    %14 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
    %15 = stablehlo.dot_general %13, %14, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
    %16 = stablehlo.subtract %11, %15 : tensor<5x3xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %18 = stablehlo.maximum %16, %17 : tensor<5x3xf32>
    %19 = stablehlo.sqrt %18 : tensor<5x3xf32>
    %20 = call @norm_0(%arg0) : (tensor<5x4xf32>) -> tensor<4xf32>
    return %2, %19, %20 : tensor<5x4xf32>, tensor<5x3xf32>, tensor<4xf32>
  }
  func.func private @norm(%arg0: tensor<5x4xf32>) -> tensor<5x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<5x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<5x1xf32>
    return %3 : tensor<5x1xf32>
  }
  func.func private @norm_0(%arg0: tensor<5x4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.abs %arg0 : tensor<5x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
