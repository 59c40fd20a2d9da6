func.func @iota() -> tensor<2x3xf32> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
