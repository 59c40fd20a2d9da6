// What JAX 0.10.2 prints (jax_enable_x64) for
//   lax.reduce_window(x, 0j, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), 'SAME') / 4,
//     x complex64[2, 7, 6, 3]
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x7x6x3xcomplex<f32>>) -> (tensor<2x4x3x3xcomplex<f32>> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 0], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<complex<f32>>, %arg2: tensor<complex<f32>>):
      %3 = stablehlo.add %arg1, %arg2 : tensor<complex<f32>>
      stablehlo.return %3 : tensor<complex<f32>>
    }) : (tensor<2x7x6x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x4x3x3xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(4.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<2x4x3x3xcomplex<f32>>
    %2 = stablehlo.divide %0, %1 : tensor<2x4x3x3xcomplex<f32>>
    return %2 : tensor<2x4x3x3xcomplex<f32>>
  }
}
