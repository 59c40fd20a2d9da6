func.func @main(%x: tensor<8x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf32>) -> tensor<8x64xf32>
  %s = stablehlo.add %x, %bb : tensor<8x64xf32>
  %e = stablehlo.exponential %s : tensor<8x64xf32>
  %m = stablehlo.multiply %e, %x : tensor<8x64xf32>
  %t = stablehlo.tanh %m : tensor<8x64xf32>
  return %t : tensor<8x64xf32>
}
