func.func @softmax(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = mhlo.constant dense<0xFF800000> : tensor<f32>
  %1 = mhlo.reduce(%arg0 init: %0) applies mhlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = mhlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
  %3 = mhlo.subtract %arg0, %2 : tensor<4x6xf32>
  %4 = mhlo.exponential %3 : tensor<4x6xf32>
  return %4 : tensor<4x6xf32>
}
