// What JAX 0.10.2 prints (jax_enable_x64) for
//   jnp.argsort(x, axis=0), x complex128[40, 3]
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<40x3xcomplex<f64>>) -> (tensor<40x3xi64> {jax.result_info = "result"}) {
    %0 = call @argsort(%arg0) : (tensor<40x3xcomplex<f64>>) -> tensor<40x3xi64>
    return %0 : tensor<40x3xi64>
  }
  func.func private @argsort(%arg0: tensor<40x3xcomplex<f64>>) -> tensor<40x3xi64> {
    %0 = stablehlo.iota dim = 0 : tensor<40x3xi64>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<complex<f64>>, %arg2: tensor<complex<f64>>, %arg3: tensor<i64>, %arg4: tensor<i64>):
      %2 = stablehlo.real %arg1 : (tensor<complex<f64>>) -> tensor<f64>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %3 = stablehlo.compare EQ, %2, %cst, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %4 = stablehlo.select %3, %cst_0, %2 : tensor<i1>, tensor<f64>
      %5 = stablehlo.compare NE, %2, %2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %6 = stablehlo.select %5, %cst_1, %4 : tensor<i1>, tensor<f64>
      %7 = stablehlo.imag %arg1 : (tensor<complex<f64>>) -> tensor<f64>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %8 = stablehlo.compare EQ, %7, %cst_2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %9 = stablehlo.select %8, %cst_3, %7 : tensor<i1>, tensor<f64>
      %10 = stablehlo.compare NE, %7, %7, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %11 = stablehlo.select %10, %cst_4, %9 : tensor<i1>, tensor<f64>
      %12 = stablehlo.real %arg2 : (tensor<complex<f64>>) -> tensor<f64>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %13 = stablehlo.compare EQ, %12, %cst_5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %14 = stablehlo.select %13, %cst_6, %12 : tensor<i1>, tensor<f64>
      %15 = stablehlo.compare NE, %12, %12, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_7 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %16 = stablehlo.select %15, %cst_7, %14 : tensor<i1>, tensor<f64>
      %17 = stablehlo.imag %arg2 : (tensor<complex<f64>>) -> tensor<f64>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %18 = stablehlo.compare EQ, %17, %cst_8, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %19 = stablehlo.select %18, %cst_9, %17 : tensor<i1>, tensor<f64>
      %20 = stablehlo.compare NE, %17, %17, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %21 = stablehlo.select %20, %cst_10, %19 : tensor<i1>, tensor<f64>
      %22 = stablehlo.compare LT, %11, %21, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %23 = stablehlo.compare LT, %6, %16, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %24 = stablehlo.compare EQ, %6, %16, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %25 = stablehlo.and %24, %22 : tensor<i1>
      %26 = stablehlo.or %23, %25 : tensor<i1>
      stablehlo.return %26 : tensor<i1>
    }) : (tensor<40x3xcomplex<f64>>, tensor<40x3xi64>) -> (tensor<40x3xcomplex<f64>>, tensor<40x3xi64>)
    return %1#1 : tensor<40x3xi64>
  }
}
