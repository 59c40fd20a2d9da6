module {
  func.func @grouped_both(%x: tensor<4x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<2x4x3x3xf32> {
    %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<4x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<2x4x3x3xf32>
    return %0 : tensor<2x4x3x3xf32>
  }
}
