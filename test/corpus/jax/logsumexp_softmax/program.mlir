module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xf32>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<5x7xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<5xf32>
    %3 = stablehlo.is_finite %2 : (tensor<5xf32>) -> tensor<5xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %5 = stablehlo.select %3, %2, %4 : tensor<5xi1>, tensor<5xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x7xf32>
    %8 = stablehlo.subtract %arg0, %7 : tensor<5x7xf32>
    %9 = stablehlo.exponential %8 : tensor<5x7xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %11 = stablehlo.sign %10 : tensor<5xf32>
    %12 = stablehlo.abs %10 : tensor<5xf32>
    %13 = stablehlo.log %12 : tensor<5xf32>
    %14 = stablehlo.add %13, %5 : tensor<5xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %15 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %17 = stablehlo.maximum %16, %15 : tensor<7xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<5x7xf32>
    %20 = stablehlo.subtract %arg0, %19 : tensor<5x7xf32>
    %21 = stablehlo.exponential %20 : tensor<5x7xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<5x7xf32>
    %25 = stablehlo.divide %21, %24 : tensor<5x7xf32>
    return %14, %25 : tensor<5xf32>, tensor<5x7xf32>
  }
}
