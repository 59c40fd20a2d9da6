module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<8xf32>, %arg3: tensor<32x8xf32>, %arg4: tensor<4x16xf32>) -> (tensor<4x8xf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<32xf32>) -> tensor<32xf16>
    %1 = stablehlo.convert %arg1 : (tensor<16x32xf32>) -> tensor<16x32xf16>
    %2 = stablehlo.convert %arg2 : (tensor<8xf32>) -> tensor<8xf16>
    %3 = stablehlo.convert %arg3 : (tensor<32x8xf32>) -> tensor<32x8xf16>
    %4 = stablehlo.convert %arg4 : (tensor<4x16xf32>) -> tensor<4x16xf16>
    %5 = stablehlo.dot_general %4, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf16>, tensor<16x32xf16>) -> tensor<4x32xf16>
    %6 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<32xf16>) -> tensor<1x32xf16>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x32xf16>) -> tensor<4x32xf16>
    %8 = stablehlo.add %5, %7 : tensor<4x32xf16>
    %9 = call @relu(%8) : (tensor<4x32xf16>) -> tensor<4x32xf16>
    %10 = stablehlo.dot_general %9, %3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf16>, tensor<32x8xf16>) -> tensor<4x8xf16>
    %11 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<8xf16>) -> tensor<1x8xf16>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x8xf16>) -> tensor<4x8xf16>
    %13 = stablehlo.add %10, %12 : tensor<4x8xf16>
    return %13 : tensor<4x8xf16>
  }
  func.func private @relu(%arg0: tensor<4x32xf16>) -> tensor<4x32xf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<4x32xf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x32xf16>
    return %1 : tensor<4x32xf16>
  }
}
