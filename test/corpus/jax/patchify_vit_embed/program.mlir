module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<48x16xf32>, %arg2: tensor<1x1x16xf32>, %arg3: tensor<5x16xf32>) -> (tensor<2x6x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x8x8x3xf32>) -> tensor<2x2x4x2x4x3xf32>
    %1 = stablehlo.transpose %0, dims = [0, 1, 3, 2, 4, 5] : (tensor<2x2x4x2x4x3xf32>) -> tensor<2x2x2x4x4x3xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x2x2x4x4x3xf32>) -> tensor<2x4x48xf32>
    %3 = stablehlo.dot_general %2, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x48xf32>, tensor<48x16xf32>) -> tensor<2x4x16xf32>
    %4 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x1x16xf32>
    %5 = stablehlo.concatenate %4, %3, dim = 1 : (tensor<2x1x16xf32>, tensor<2x4x16xf32>) -> tensor<2x5x16xf32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [1, 2] : (tensor<5x16xf32>) -> tensor<1x5x16xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<1x5x16xf32>) -> tensor<2x5x16xf32>
    %8 = stablehlo.add %5, %7 : tensor<2x5x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = call @_pad(%8, %c) : (tensor<2x5x16xf32>, tensor<i32>) -> tensor<2x6x16xf32>
    return %9 : tensor<2x6x16xf32>
  }
  func.func private @_pad(%arg0: tensor<2x5x16xf32>, %arg1: tensor<i32>) -> tensor<2x6x16xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0, 0], high = [0, 1, 0], interior = [0, 0, 0] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x6x16xf32>
    return %1 : tensor<2x6x16xf32>
  }
}
