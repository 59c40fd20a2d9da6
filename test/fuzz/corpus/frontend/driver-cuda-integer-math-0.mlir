func.func @main(%x: tensor<64xi32>, %y: tensor<64xi8>) -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi8>) {
  %p = stablehlo.popcnt %x : tensor<64xi32>
  %c = stablehlo.count_leading_zeros %x : tensor<64xi32>
  %a = stablehlo.abs %y : tensor<64xi8>
  return %p, %c, %a : tensor<64xi32>, tensor<64xi32>, tensor<64xi8>
}
