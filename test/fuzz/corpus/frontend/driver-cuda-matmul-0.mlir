module @jit_models attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @matmul(%arg0: tensor<64x128xf32>, %arg1: tensor<128x32xf32>) -> (tensor<64x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x128xf32>, tensor<128x32xf32>) -> tensor<64x32xf32>
    return %0 : tensor<64x32xf32>
  }
  func.func public @batched(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x8xf32>) -> (tensor<4x8x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    return %0 : tensor<4x8x8xf32>
  }
  func.func public @mlp(%arg0: tensor<8x64xf32> loc("x"), %arg1: tensor<64x32xf32> loc("w1"), %arg2: tensor<32xf32> loc("b1")) -> (tensor<8x32xf32> {jax.result_info = "logits"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<8x32xf32>
    %3 = call @relu(%2) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    return %3 : tensor<8x32xf32>
  }
  func.func public @mixed_f16(%arg0: tensor<8x64xf16>, %arg1: tensor<32x64xf16>) -> (tensor<8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf16>, tensor<32x64xf16>) -> tensor<8x32xf32>
    return %0 : tensor<8x32xf32>
  }
  func.func public @mixed_bf16(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x8xf32>) -> (tensor<4x8x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4x8x16xf32>) -> tensor<4x8x16xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<4x16x8xf32>) -> tensor<4x16x8xbf16>
    %2 = stablehlo.dot_general %0, %1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xbf16>, tensor<4x16x8xbf16>) -> tensor<4x8x8xf32>
    return %2 : tensor<4x8x8xf32>
  }
  func.func public @attention(%arg0: tensor<2x16x4x32xf32> loc("q"), %arg1: tensor<2x4x16x32xf32> loc("k"), %arg2: tensor<2x4x16x32xf32> loc("v")) -> (tensor<2x4x16x32xf32> {jax.result_info = "result"}) {
    %q = stablehlo.transpose %arg0, dims = [0, 2, 1, 3] : (tensor<2x16x4x32xf32>) -> tensor<2x4x16x32xf32>
    %scale = stablehlo.constant dense<0.176776695> : tensor<2x4x16x32xf32>
    %scaled = stablehlo.multiply %q, %scale : tensor<2x4x16x32xf32>
    %0 = stablehlo.dot_general %scaled, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x32xf32>, tensor<2x4x16x32xf32>) -> tensor<2x4x16x16xf32>
    %1 = stablehlo.dot_general %0, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x4x16x32xf32>) -> tensor<2x4x16x32xf32>
    return %1 : tensor<2x4x16x32xf32>
  }
  func.func public @reshaped(%arg0: tensor<64x128xf32>, %arg1: tensor<128x32xf32>) -> (tensor<8x8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x128xf32>, tensor<128x32xf32>) -> tensor<64x32xf32>
    %1 = stablehlo.reshape %0 : (tensor<64x32xf32>) -> tensor<8x8x32xf32>
    return %1 : tensor<8x8x32xf32>
  }
  func.func private @relu(%arg0: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x32xf32>
    return %1 : tensor<8x32xf32>
  }
}
