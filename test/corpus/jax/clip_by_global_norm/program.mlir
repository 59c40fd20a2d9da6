module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<8xf32>, %arg3: tensor<32x8xf32>, %arg4: tensor<f32>) -> (tensor<32xf32> {jax.result_info = "result[0]['l1']['b']"}, tensor<16x32xf32> {jax.result_info = "result[0]['l1']['w']"}, tensor<8xf32> {jax.result_info = "result[0]['l2']['b']"}, tensor<32x8xf32> {jax.result_info = "result[0]['l2']['w']"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.add %cst_0, %1 : tensor<f32>
    %3 = stablehlo.multiply %arg1, %arg1 : tensor<16x32xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x32xf32>, tensor<f32>) -> tensor<f32>
    %5 = stablehlo.add %2, %4 : tensor<f32>
    %6 = stablehlo.multiply %arg2, %arg2 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %8 = stablehlo.add %5, %7 : tensor<f32>
    %9 = stablehlo.multiply %arg3, %arg3 : tensor<32x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_3) applies stablehlo.add across dimensions = [0, 1] : (tensor<32x8xf32>, tensor<f32>) -> tensor<f32>
    %11 = stablehlo.add %8, %10 : tensor<f32>
    %12 = stablehlo.sqrt %11 : tensor<f32>
    %13 = stablehlo.divide %arg4, %12 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.minimum %cst_4, %13 : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %16 = stablehlo.multiply %arg0, %15 : tensor<32xf32>
    %17 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %18 = stablehlo.multiply %arg1, %17 : tensor<16x32xf32>
    %19 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %20 = stablehlo.multiply %arg2, %19 : tensor<8xf32>
    %21 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<32x8xf32>
    %22 = stablehlo.multiply %arg3, %21 : tensor<32x8xf32>
    return %16, %18, %20, %22, %12 : tensor<32xf32>, tensor<16x32xf32>, tensor<8xf32>, tensor<32x8xf32>, tensor<f32>
  }
}
