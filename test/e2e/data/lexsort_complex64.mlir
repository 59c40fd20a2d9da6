// What JAX 0.10.2 prints (jax_enable_x64) for
//   jnp.lexsort((a, b)), a and b complex64[300]
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<300xcomplex<f32>>, %arg1: tensor<300xcomplex<f32>>) -> (tensor<300xi64> {jax.result_info = "result"}) {
    %0 = call @lexsort(%arg0, %arg1) : (tensor<300xcomplex<f32>>, tensor<300xcomplex<f32>>) -> tensor<300xi64>
    return %0 : tensor<300xi64>
  }
  func.func private @lexsort(%arg0: tensor<300xcomplex<f32>>, %arg1: tensor<300xcomplex<f32>>) -> tensor<300xi64> {
    %0 = stablehlo.iota dim = 0 : tensor<300xi64>
    %1:3 = "stablehlo.sort"(%arg1, %arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<complex<f32>>, %arg3: tensor<complex<f32>>, %arg4: tensor<complex<f32>>, %arg5: tensor<complex<f32>>, %arg6: tensor<i64>, %arg7: tensor<i64>):
      %2 = stablehlo.real %arg2 : (tensor<complex<f32>>) -> tensor<f32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.compare EQ, %2, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %4 = stablehlo.select %3, %cst_0, %2 : tensor<i1>, tensor<f32>
      %5 = stablehlo.compare NE, %2, %2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %6 = stablehlo.select %5, %cst_1, %4 : tensor<i1>, tensor<f32>
      %7 = stablehlo.imag %arg2 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.compare EQ, %7, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.select %8, %cst_3, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare NE, %7, %7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %11 = stablehlo.select %10, %cst_4, %9 : tensor<i1>, tensor<f32>
      %12 = stablehlo.real %arg3 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %13 = stablehlo.compare EQ, %12, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %14 = stablehlo.select %13, %cst_6, %12 : tensor<i1>, tensor<f32>
      %15 = stablehlo.compare NE, %12, %12, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_7 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %16 = stablehlo.select %15, %cst_7, %14 : tensor<i1>, tensor<f32>
      %17 = stablehlo.imag %arg3 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %18 = stablehlo.compare EQ, %17, %cst_8, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %19 = stablehlo.select %18, %cst_9, %17 : tensor<i1>, tensor<f32>
      %20 = stablehlo.compare NE, %17, %17, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %21 = stablehlo.select %20, %cst_10, %19 : tensor<i1>, tensor<f32>
      %22 = stablehlo.real %arg4 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %23 = stablehlo.compare EQ, %22, %cst_11, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %24 = stablehlo.select %23, %cst_12, %22 : tensor<i1>, tensor<f32>
      %25 = stablehlo.compare NE, %22, %22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_13 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %26 = stablehlo.select %25, %cst_13, %24 : tensor<i1>, tensor<f32>
      %27 = stablehlo.imag %arg4 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %28 = stablehlo.compare EQ, %27, %cst_14, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %29 = stablehlo.select %28, %cst_15, %27 : tensor<i1>, tensor<f32>
      %30 = stablehlo.compare NE, %27, %27, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_16 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %31 = stablehlo.select %30, %cst_16, %29 : tensor<i1>, tensor<f32>
      %32 = stablehlo.real %arg5 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %33 = stablehlo.compare EQ, %32, %cst_17, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %34 = stablehlo.select %33, %cst_18, %32 : tensor<i1>, tensor<f32>
      %35 = stablehlo.compare NE, %32, %32, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_19 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %36 = stablehlo.select %35, %cst_19, %34 : tensor<i1>, tensor<f32>
      %37 = stablehlo.imag %arg5 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %38 = stablehlo.compare EQ, %37, %cst_20, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %39 = stablehlo.select %38, %cst_21, %37 : tensor<i1>, tensor<f32>
      %40 = stablehlo.compare NE, %37, %37, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_22 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %41 = stablehlo.select %40, %cst_22, %39 : tensor<i1>, tensor<f32>
      %42 = stablehlo.compare LT, %31, %41, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %43 = stablehlo.compare LT, %26, %36, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %44 = stablehlo.compare EQ, %26, %36, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %45 = stablehlo.and %44, %42 : tensor<i1>
      %46 = stablehlo.or %43, %45 : tensor<i1>
      %47 = stablehlo.compare LT, %11, %21, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %48 = stablehlo.compare EQ, %11, %21, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %49 = stablehlo.and %48, %46 : tensor<i1>
      %50 = stablehlo.or %47, %49 : tensor<i1>
      %51 = stablehlo.compare LT, %6, %16, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %52 = stablehlo.compare EQ, %6, %16, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %53 = stablehlo.and %52, %50 : tensor<i1>
      %54 = stablehlo.or %51, %53 : tensor<i1>
      stablehlo.return %54 : tensor<i1>
    }) : (tensor<300xcomplex<f32>>, tensor<300xcomplex<f32>>, tensor<300xi64>) -> (tensor<300xcomplex<f32>>, tensor<300xcomplex<f32>>, tensor<300xi64>)
    return %1#2 : tensor<300xi64>
  }
}
