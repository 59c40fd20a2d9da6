module @scale {
  func.func public @affine(%x: tensor<2x4xf32> loc("x"), %s: tensor<4xf32> loc("s")) -> (tensor<2x4xf32> {jax.result_info = "y"}) {
    %0 = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.multiply %x, %0 : tensor<2x4xf32>
    %one = stablehlo.constant dense<1.000000e+00> : tensor<2x4xf32>
    %2 = stablehlo.add %1, %one : tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
  func.func public @negate(%x: tensor<2x4xf32> loc("x")) -> (tensor<2x4xf32> {jax.result_info = "y"}) {
    %0 = stablehlo.negate %x : tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}
