func.func public @main(%x: tensor<4x8xf32> loc("x"),
                       %scale: tensor<8xf32> loc("scale"))
    -> (tensor<4x8xf32> {jax.result_info = "y"}) {
  %two = stablehlo.constant dense<2.0> : tensor<4x8xf32>
  %doubled = stablehlo.multiply %x, %two : tensor<4x8xf32>
  %softplus = stablehlo.custom_call @scaled_softplus(%doubled, %scale)
      : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %normalized = "stablehlo.custom_call"(%softplus)
      {call_target_name = "row_normalize"}
      : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = stablehlo.add %normalized, %x : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
