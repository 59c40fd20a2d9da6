module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x4x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<5xf32>) -> (tensor<3x4x4x5xf32> {jax.result_info = "result[0]"}, tensor<5xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.divide %0, %1 : tensor<5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3:5 = call @_var(%arg0, %c) : (tensor<3x4x4x5xf32>, tensor<i32>) -> (tensor<5xf32>, tensor<3x4x4x5xf32>, tensor<f32>, tensor<i1>, tensor<5xf32>)
    %4 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %6 = stablehlo.subtract %arg0, %5 : tensor<3x4x4x5xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %8 = stablehlo.add %3#0, %7 : tensor<5xf32>
    %9 = stablehlo.rsqrt %8 : tensor<5xf32>
    %10 = stablehlo.divide %9, %8 : tensor<5xf32>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<5xf32>
    %13 = stablehlo.broadcast_in_dim %9, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %15 = stablehlo.multiply %6, %14 : tensor<3x4x4x5xf32>
    %16 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<3x4x4x5xf32>
    %19 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %21 = stablehlo.add %18, %20 : tensor<3x4x4x5xf32>
    %22 = stablehlo.multiply %21, %21 : tensor<3x4x4x5xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<3x4x4x5xf32>
    %24 = stablehlo.multiply %21, %21 : tensor<3x4x4x5xf32>
    %cst_3 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x4x4x5xf32>
    %26 = stablehlo.multiply %25, %24 : tensor<3x4x4x5xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%23 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x4x4x5xf32>
    %29 = stablehlo.multiply %28, %26 : tensor<3x4x4x5xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %31 = stablehlo.reshape %30 : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_7) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %33 = stablehlo.multiply %15, %29 : tensor<3x4x4x5xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_8) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %35 = stablehlo.reshape %34 : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %36 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %37 = stablehlo.multiply %29, %36 : tensor<3x4x4x5xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%35 init: %cst_9) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %39 = stablehlo.multiply %6, %37 : tensor<3x4x4x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_10) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %41 = stablehlo.reshape %40 : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %42 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %43 = stablehlo.multiply %37, %42 : tensor<3x4x4x5xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%41 init: %cst_11) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %45 = stablehlo.multiply %44, %12 : tensor<5xf32>
    %46 = stablehlo.negate %43 : tensor<3x4x4x5xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.reduce(%46 init: %cst_12) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %48 = stablehlo.reshape %47 : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_13) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %50 = call @_var_0(%3#1, %3#2, %3#3, %3#4, %45) : (tensor<3x4x4x5xf32>, tensor<f32>, tensor<i1>, tensor<5xf32>, tensor<5xf32>) -> tensor<3x4x4x5xf32>
    %51 = stablehlo.add %43, %50 : tensor<3x4x4x5xf32>
    %cst_14 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %53 = stablehlo.divide %49, %52 : tensor<5xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [3] : (tensor<5xf32>) -> tensor<3x4x4x5xf32>
    %55 = stablehlo.add %51, %54 : tensor<3x4x4x5xf32>
    return %55, %38, %32 : tensor<3x4x4x5xf32>, tensor<5xf32>, tensor<5xf32>
  }
  func.func private @_var(%arg0: tensor<3x4x4x5xf32>, %arg1: tensor<i32>) -> (tensor<5xf32>, tensor<3x4x4x5xf32>, tensor<f32>, tensor<i1>, tensor<5xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %cst_0 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x5xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x5xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<3x4x4x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x4x4x5xf32>
    %6 = chlo.square %5 : tensor<3x4x4x5xf32> -> tensor<3x4x4x5xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x4x4x5xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<3x4x4x5xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %13 = stablehlo.divide %11, %12 : tensor<5xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15:2 = call @_where(%14, %13, %cst_5) : (tensor<i1>, tensor<5xf32>, tensor<f32>) -> (tensor<5xf32>, tensor<5xf32>)
    return %15#0, %8, %10, %14, %15#1 : tensor<5xf32>, tensor<3x4x4x5xf32>, tensor<f32>, tensor<i1>, tensor<5xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<5xf32>, %arg2: tensor<f32>) -> (tensor<5xf32>, tensor<5xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    return %2, %3 : tensor<5xf32>, tensor<5xf32>
  }
  func.func private @_var_0(%arg0: tensor<3x4x4x5xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<5xf32>, %arg4: tensor<5xf32>) -> tensor<3x4x4x5xf32> {
    %0 = call @_where_1(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.divide %0, %1 : tensor<5xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<5xf32>) -> tensor<3x4x4x5xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<3x4x4x5xf32>
    %5 = stablehlo.negate %4 : tensor<3x4x4x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %7 = stablehlo.reshape %6 : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %cst_0 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x5xf32>
    %9 = stablehlo.divide %7, %8 : tensor<1x1x1x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<5xf32>) -> tensor<3x4x4x5xf32>
    %12 = stablehlo.add %4, %11 : tensor<3x4x4x5xf32>
    return %12 : tensor<3x4x4x5xf32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<5xf32>, %arg2: tensor<5xf32>) -> tensor<5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<5xf32>
    return %1 : tensor<5xf32>
  }
}
