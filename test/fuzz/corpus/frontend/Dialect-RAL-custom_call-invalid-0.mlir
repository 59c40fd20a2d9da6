func.func @bad_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = disc_ral.custom_call "a___b"(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
