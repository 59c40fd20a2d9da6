module @jit_convs attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @conv_bias_relu(%arg0: tensor<2x8x8x16xf32> loc("x"), %arg1: tensor<3x3x16x32xf32> loc("w"), %arg2: tensor<32xf32> loc("b")) -> (tensor<2x8x8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x8x8x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<32xf32>) -> tensor<2x8x8x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x8x8x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x32xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<2x8x8x32xf32>
    return %4 : tensor<2x8x8x32xf32>
  }
  func.func public @conv_nchw(%arg0: tensor<1x3x16x16xf16>, %arg1: tensor<8x3x3x3xf16>) -> (tensor<1x8x8x8xf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x16x16xf16>, tensor<8x3x3x3xf16>) -> tensor<1x8x8x8xf16>
    return %0 : tensor<1x8x8x8xf16>
  }
  func.func public @conv_1x1(%arg0: tensor<4x7x7x64xf32>, %arg1: tensor<1x1x64x16xf32>) -> (tensor<4x7x7x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x7x7x64xf32>, tensor<1x1x64x16xf32>) -> tensor<4x7x7x16xf32>
    return %0 : tensor<4x7x7x16xf32>
  }
  func.func public @conv_1d(%arg0: tensor<2x100x8xf32>, %arg1: tensor<5x8x12xf32>) -> (tensor<2x100x12xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x100x8xf32>, tensor<5x8x12xf32>) -> tensor<2x100x12xf32>
    return %0 : tensor<2x100x12xf32>
  }
  func.func public @depthwise(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3x3x1x4xf32>) -> (tensor<1x8x8x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x1x4xf32>) -> tensor<1x8x8x4xf32>
    return %0 : tensor<1x8x8x4xf32>
  }
}
