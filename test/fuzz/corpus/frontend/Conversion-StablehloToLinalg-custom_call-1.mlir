func.func @unsigned(%x: tensor<3xui32>) -> tensor<i64> {
  %0 = stablehlo.custom_call @count(%x) : (tensor<3xui32>) -> tensor<i64>
  return %0 : tensor<i64>
}
