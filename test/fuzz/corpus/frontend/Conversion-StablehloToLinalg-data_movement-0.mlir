func.func @constant() -> (tensor<2xui8>, tensor<3xf32>) {
  %0 = stablehlo.constant dense<[1, 255]> : tensor<2xui8>
  %1 = stablehlo.constant dense<2.5> : tensor<3xf32>
  return %0, %1 : tensor<2xui8>, tensor<3xf32>
}
