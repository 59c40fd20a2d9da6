func.func @tensors(%ctx: !disc_ral.context, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = disc_ral.custom_call "negate"(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
