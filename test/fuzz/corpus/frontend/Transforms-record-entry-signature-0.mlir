func.func @main(%x: tensor<?x64xf32> loc("x"), %y: tensor<ui8>,
                %w: tensor<3xbf16> loc(fused["w", "model.py":3:1]),
                %mask: tensor<2x?xi1> loc(callsite("mask" at "model.py":9:2)))
    -> (tensor<?x10xf32> {jax.result_info = ""},
        tensor<4xi64> {jax.result_info = "logits"}) {
  %0 = "test.producer"() : () -> tensor<?x10xf32>
  %1 = "test.producer"() : () -> tensor<4xi64>
  return %0, %1 : tensor<?x10xf32>, tensor<4xi64>
}

func.func private @helper(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
