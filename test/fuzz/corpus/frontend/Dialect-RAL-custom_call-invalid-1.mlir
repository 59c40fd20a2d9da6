func.func @dynamic_result(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = disc_ral.custom_call "grow"(%x : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
