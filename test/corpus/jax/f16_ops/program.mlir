module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>) -> (tensor<4x8xf16> {jax.result_info = "result[0]"}, tensor<4x8xf16> {jax.result_info = "result[1]"}, tensor<4x8xf16> {jax.result_info = "result[2]"}, tensor<8xf16> {jax.result_info = "result[3]"}, tensor<4x4xf16> {jax.result_info = "result[4]"}, tensor<4x8xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<4x8xf16>
    %1 = stablehlo.tanh %arg0 : tensor<4x8xf16>
    %2 = stablehlo.multiply %1, %arg1 : tensor<4x8xf16>
    %cst = stablehlo.constant dense<0xFC00> : tensor<f16>
    %3 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<4xf16>
    %cst_0 = stablehlo.constant dense<0xFC00> : tensor<f16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f16>) -> tensor<4xf16>
    %5 = stablehlo.maximum %4, %3 : tensor<4xf16>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xf16>) -> tensor<4x1xf16>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<4x1xf16>) -> tensor<4x8xf16>
    %8 = stablehlo.subtract %arg0, %7 : tensor<4x8xf16>
    %9 = stablehlo.exponential %8 : tensor<4x8xf16>
    %10 = stablehlo.convert %9 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %13 = stablehlo.convert %12 : (tensor<4x1xf32>) -> tensor<4x1xf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<4x1xf16>) -> tensor<4x8xf16>
    %15 = stablehlo.divide %9, %14 : tensor<4x8xf16>
    %16 = stablehlo.convert %arg0 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %18 = stablehlo.convert %17 : (tensor<8xf32>) -> tensor<8xf16>
    %19 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<4x8xf16>) -> tensor<8x4xf16>
    %20 = stablehlo.dot_general %arg0, %19, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf16>, tensor<8x4xf16>) -> tensor<4x4xf16>
    %21 = stablehlo.convert %arg0 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    return %0, %2, %15, %18, %20, %21 : tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<8xf16>, tensor<4x4xf16>, tensor<4x8xf32>
  }
}
