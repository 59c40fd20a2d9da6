module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x16xf32>, %arg1: tensor<16x8xi8>, %arg2: tensor<8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x16xi8> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.abs %arg0 : tensor<4x16xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<1.270000e+02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<4x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x16xf32>
    %6 = stablehlo.divide %arg0, %5 : tensor<4x16xf32>
    %7 = call @round(%6) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    %c = stablehlo.constant dense<-127> : tensor<i32>
    %c_1 = stablehlo.constant dense<127> : tensor<i32>
    %8 = call @clip(%7, %c, %c_1) : (tensor<4x16xf32>, tensor<i32>, tensor<i32>) -> tensor<4x16xf32>
    %9 = stablehlo.convert %8 : (tensor<4x16xf32>) -> tensor<4x16xi8>
    %10 = stablehlo.dot_general %9, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xi8>, tensor<16x8xi8>) -> tensor<4x8xi32>
    %11 = stablehlo.convert %10 : (tensor<4x8xi32>) -> tensor<4x8xf32>
    %12 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %13 = stablehlo.multiply %11, %12 : tensor<4x8xf32>
    %14 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %16 = stablehlo.multiply %13, %15 : tensor<4x8xf32>
    return %16, %9 : tensor<4x8xf32>, tensor<4x16xi8>
  }
  func.func private @round(%arg0: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
  func.func private @clip(%arg0: tensor<4x16xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x16xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x16xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x16xf32>
    return %5 : tensor<4x16xf32>
  }
}
