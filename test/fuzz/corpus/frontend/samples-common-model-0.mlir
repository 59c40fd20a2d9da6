module @tiny_dense {
  func.func public @main(%x: tensor<2x3xf32> loc("x"), %w: tensor<3x4xf32> loc("w"), %b: tensor<4xf32> loc("b")) -> (tensor<2x4xf32> {jax.result_info = "y"}) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x4xf32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<2x4xf32>
    %3 = stablehlo.maximum %2, %zero : tensor<2x4xf32>
    return %3 : tensor<2x4xf32>
  }
}
