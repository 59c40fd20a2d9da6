func.func @dot_vectors(%m: tensor<4x3xf32>, %v: tensor<3xf32>) -> (tensor<4xf32>, tensor<f32>) {
  %0 = stablehlo.dot %m, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  %1 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1 : tensor<4xf32>, tensor<f32>
}
