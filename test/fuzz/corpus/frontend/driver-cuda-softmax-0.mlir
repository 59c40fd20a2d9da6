func.func public @main(%arg0: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
  %2 = stablehlo.maximum %1, %0 : tensor<64xf32>
  %3 = stablehlo.is_finite %2 : (tensor<64xf32>) -> tensor<64xi1>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
  %5 = stablehlo.select %3, %2, %4 : tensor<64xi1>, tensor<64xf32>
  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1024xf32>
  %8 = stablehlo.subtract %arg0, %7 : tensor<64x1024xf32>
  %9 = stablehlo.exponential %8 : tensor<64x1024xf32>
  %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
  %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1024xf32>
  %13 = stablehlo.divide %9, %12 : tensor<64x1024xf32>
  return %13 : tensor<64x1024xf32>
}
