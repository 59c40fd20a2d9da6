// What JAX 0.10.2 prints (jax_enable_x64) for
//   lax.cumprod(x, axis=0, reverse=True), x complex128[30, 4]
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<30x4xcomplex<f64>>) -> (tensor<30x4xcomplex<f64>> {jax.result_info = "result"}) {
    %0 = call @cumprod(%arg0) : (tensor<30x4xcomplex<f64>>) -> tensor<30x4xcomplex<f64>>
    return %0 : tensor<30x4xcomplex<f64>>
  }
  func.func private @cumprod(%arg0: tensor<30x4xcomplex<f64>>) -> tensor<30x4xcomplex<f64>> {
    %cst = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 29], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 30, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<complex<f64>>, %arg2: tensor<complex<f64>>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<complex<f64>>
      stablehlo.return %1 : tensor<complex<f64>>
    }) : (tensor<30x4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<30x4xcomplex<f64>>
    return %0 : tensor<30x4xcomplex<f64>>
  }
}
