func.func @mul_f16(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  %0 = stablehlo.multiply %a, %b : tensor<4xf16>
  return %0 : tensor<4xf16>
}
