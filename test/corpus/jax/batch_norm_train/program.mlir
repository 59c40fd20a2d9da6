module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x5x6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<6xf32>, %arg3: tensor<6xf32>, %arg4: tensor<6xf32>) -> (tensor<4x5x5x6xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x5x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.divide %0, %1 : tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = call @_var(%arg0, %c) : (tensor<4x5x5x6xf32>, tensor<i32>) -> tensor<6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x5x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %6 = stablehlo.divide %4, %5 : tensor<6xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %7 = call @_var(%arg0, %c_3) : (tensor<4x5x5x6xf32>, tensor<i32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<4x5x5x6xf32>
    %10 = stablehlo.subtract %arg0, %9 : tensor<4x5x5x6xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %12 = stablehlo.add %7, %11 : tensor<6xf32>
    %13 = stablehlo.rsqrt %12 : tensor<6xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<4x5x5x6xf32>
    %16 = stablehlo.multiply %10, %15 : tensor<4x5x5x6xf32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<4x5x5x6xf32>
    %19 = stablehlo.multiply %16, %18 : tensor<4x5x5x6xf32>
    %20 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<4x5x5x6xf32>
    %22 = stablehlo.add %19, %21 : tensor<4x5x5x6xf32>
    %cst_5 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %24 = stablehlo.multiply %23, %arg3 : tensor<6xf32>
    %cst_6 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %26 = stablehlo.multiply %25, %2 : tensor<6xf32>
    %27 = stablehlo.add %24, %26 : tensor<6xf32>
    %cst_7 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %29 = stablehlo.multiply %28, %arg4 : tensor<6xf32>
    %cst_8 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %31 = stablehlo.multiply %30, %3 : tensor<6xf32>
    %32 = stablehlo.add %29, %31 : tensor<6xf32>
    return %22, %27, %32 : tensor<4x5x5x6xf32>, tensor<6xf32>, tensor<6xf32>
  }
  func.func private @_var(%arg0: tensor<4x5x5x6xf32>, %arg1: tensor<i32>) -> tensor<6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x5x6xf32>, tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x6xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x6xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<4x5x5x6xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x5x5x6xf32>
    %6 = chlo.square %5 : tensor<4x5x5x6xf32> -> tensor<4x5x5x6xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x5x6xf32>, tensor<f32>) -> tensor<6xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %11 = stablehlo.divide %9, %10 : tensor<6xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where(%12, %11, %cst_4) : (tensor<i1>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
    return %13 : tensor<6xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<6xf32>, %arg2: tensor<f32>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<6xf32>
    return %2 : tensor<6xf32>
  }
}
