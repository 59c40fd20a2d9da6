func.func @main(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<?x1024xf32>, tensor<f32>) -> tensor<?xf32>
  %b = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<?xf32>) -> tensor<?x1024xf32>
  %r = stablehlo.divide %x, %b : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}
