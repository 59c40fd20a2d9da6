func.func @main(%x: tensor<1024x64xf32>) -> tensor<64xf32> {
  %neg_inf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %max = stablehlo.reduce(%x init: %neg_inf) applies stablehlo.maximum across dimensions = [0] : (tensor<1024x64xf32>, tensor<f32>) -> tensor<64xf32>
  return %max : tensor<64xf32>
}
