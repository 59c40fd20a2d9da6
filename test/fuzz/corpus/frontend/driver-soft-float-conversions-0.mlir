func.func public @main(%a: tensor<16xf16>, %s: tensor<16xf32>) -> (tensor<16xf16>, tensor<16xbf16>) {
  %0 = stablehlo.convert %a : (tensor<16xf16>) -> tensor<16xf32>
  %1 = stablehlo.multiply %0, %s : tensor<16xf32>
  %2 = stablehlo.convert %1 : (tensor<16xf32>) -> tensor<16xf16>
  %3 = stablehlo.convert %1 : (tensor<16xf32>) -> tensor<16xbf16>
  return %2, %3 : tensor<16xf16>, tensor<16xbf16>
}
