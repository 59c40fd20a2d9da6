module @jit_hvp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<5x4xf32>, %arg2: tensor<4x3xf32>) -> (tensor<4x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
    %1 = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
    %2 = stablehlo.tanh %0 : tensor<5x3xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<5x3xf32>
    %4 = stablehlo.add %1, %3 : tensor<5x3xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %6 = stablehlo.subtract %5, %2 : tensor<5x3xf32>
    %7 = stablehlo.multiply %4, %6 : tensor<5x3xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %9 = stablehlo.subtract %8, %2 : tensor<5x3xf32>
    %10 = stablehlo.negate %7 : tensor<5x3xf32>
    %11 = stablehlo.multiply %2, %2 : tensor<5x3xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %13 = stablehlo.multiply %12, %2 : tensor<5x3xf32>
    %14 = stablehlo.multiply %7, %13 : tensor<5x3xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %16 = stablehlo.multiply %15, %2 : tensor<5x3xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %18 = stablehlo.multiply %17, %7 : tensor<5x3xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%11 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x3xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%14 init: %cst_5) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x3xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %22 = stablehlo.multiply %21, %16 : tensor<5x3xf32>
    %23 = stablehlo.multiply %21, %18 : tensor<5x3xf32>
    %24 = stablehlo.multiply %22, %9 : tensor<5x3xf32>
    %25 = stablehlo.multiply %23, %9 : tensor<5x3xf32>
    %26 = stablehlo.multiply %22, %10 : tensor<5x3xf32>
    %27 = stablehlo.add %25, %26 : tensor<5x3xf32>
    %28 = stablehlo.multiply %24, %2 : tensor<5x3xf32>
    %29 = stablehlo.multiply %27, %2 : tensor<5x3xf32>
    %30 = stablehlo.multiply %24, %7 : tensor<5x3xf32>
    %31 = stablehlo.add %29, %30 : tensor<5x3xf32>
    %32 = stablehlo.add %24, %28 : tensor<5x3xf32>
    %33 = stablehlo.add %27, %31 : tensor<5x3xf32>
    %34 = stablehlo.dot_general %32, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
    %35 = stablehlo.dot_general %33, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
    %36 = stablehlo.transpose %34, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
    %37 = stablehlo.transpose %35, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
    return %37 : tensor<4x3xf32>
  }
}
