// What JAX 0.10.2 prints (jax_enable_x64) for
//   jnp.cumsum(x, axis=1), x complex64[3, 100]
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x100xcomplex<f32>>) -> (tensor<3x100xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = call @cumsum(%arg0) : (tensor<3x100xcomplex<f32>>) -> tensor<3x100xcomplex<f32>>
    return %0 : tensor<3x100xcomplex<f32>>
  }
  func.func private @cumsum(%arg0: tensor<3x100xcomplex<f32>>) -> tensor<3x100xcomplex<f32>> {
    %0 = call @cumsum_0(%arg0) : (tensor<3x100xcomplex<f32>>) -> tensor<3x100xcomplex<f32>>
    return %0 : tensor<3x100xcomplex<f32>>
  }
  func.func private @cumsum_0(%arg0: tensor<3x100xcomplex<f32>>) -> tensor<3x100xcomplex<f32>> {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<complex<f32>>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [99, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 100>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<complex<f32>>, %arg2: tensor<complex<f32>>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<complex<f32>>
      stablehlo.return %2 : tensor<complex<f32>>
    }) : (tensor<3x100xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x100xcomplex<f32>>
    return %1 : tensor<3x100xcomplex<f32>>
  }
}
