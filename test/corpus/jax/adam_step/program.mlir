module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<8x4xf32>, %arg4: tensor<4xf32>, %arg5: tensor<8x4xf32>, %arg6: tensor<i32>, %arg7: tensor<6x8xf32>, %arg8: tensor<6x4xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]['b']"}, tensor<8x4xf32> {jax.result_info = "result[0]['w']"}, tensor<4xf32> {jax.result_info = "result[1]['b']"}, tensor<8x4xf32> {jax.result_info = "result[1]['w']"}, tensor<4xf32> {jax.result_info = "result[2]['b']"}, tensor<8x4xf32> {jax.result_info = "result[2]['w']"}, tensor<i32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg7, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<6x4xf32>
    %3 = stablehlo.add %0, %2 : tensor<6x4xf32>
    %4 = stablehlo.subtract %3, %arg8 : tensor<6x4xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<6x4xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %7 = stablehlo.multiply %6, %4 : tensor<6x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
    %9 = stablehlo.divide %8, %cst_1 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
    %10 = stablehlo.divide %cst_2, %cst_3 : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %12 = stablehlo.multiply %11, %7 : tensor<6x4xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<6x4xf32>, tensor<f32>) -> tensor<4xf32>
    %14 = stablehlo.reshape %13 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %16 = stablehlo.dot_general %12, %arg7, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
    %17 = stablehlo.transpose %16, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %18 = stablehlo.add %arg6, %c : tensor<i32>
    %cst_6 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %20 = stablehlo.multiply %19, %arg2 : tensor<4xf32>
    %cst_7 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %22 = stablehlo.multiply %21, %15 : tensor<4xf32>
    %23 = stablehlo.add %20, %22 : tensor<4xf32>
    %cst_8 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %25 = stablehlo.multiply %24, %arg3 : tensor<8x4xf32>
    %cst_9 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %27 = stablehlo.multiply %26, %17 : tensor<8x4xf32>
    %28 = stablehlo.add %25, %27 : tensor<8x4xf32>
    %cst_10 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %30 = stablehlo.multiply %29, %arg4 : tensor<4xf32>
    %cst_11 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %32 = stablehlo.multiply %31, %15 : tensor<4xf32>
    %33 = stablehlo.multiply %32, %15 : tensor<4xf32>
    %34 = stablehlo.add %30, %33 : tensor<4xf32>
    %cst_12 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %36 = stablehlo.multiply %35, %arg5 : tensor<8x4xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %38 = stablehlo.multiply %37, %17 : tensor<8x4xf32>
    %39 = stablehlo.multiply %38, %17 : tensor<8x4xf32>
    %40 = stablehlo.add %36, %39 : tensor<8x4xf32>
    %41 = stablehlo.convert %18 : (tensor<i32>) -> tensor<f32>
    %cst_14 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %42 = stablehlo.power %cst_14, %41 : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %43 = stablehlo.subtract %cst_15, %42 : tensor<f32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %44 = stablehlo.divide %cst_16, %43 : tensor<f32>
    %45 = stablehlo.convert %18 : (tensor<i32>) -> tensor<f32>
    %cst_17 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %46 = stablehlo.power %cst_17, %45 : tensor<f32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %47 = stablehlo.subtract %cst_18, %46 : tensor<f32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.divide %cst_19, %47 : tensor<f32>
    %cst_20 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %50 = stablehlo.multiply %49, %23 : tensor<4xf32>
    %51 = stablehlo.broadcast_in_dim %44, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %52 = stablehlo.multiply %50, %51 : tensor<4xf32>
    %53 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %54 = stablehlo.multiply %34, %53 : tensor<4xf32>
    %55 = stablehlo.sqrt %54 : tensor<4xf32>
    %cst_21 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %57 = stablehlo.add %55, %56 : tensor<4xf32>
    %58 = stablehlo.divide %52, %57 : tensor<4xf32>
    %59 = stablehlo.subtract %arg0, %58 : tensor<4xf32>
    %cst_22 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %61 = stablehlo.multiply %60, %28 : tensor<8x4xf32>
    %62 = stablehlo.broadcast_in_dim %44, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %63 = stablehlo.multiply %61, %62 : tensor<8x4xf32>
    %64 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %65 = stablehlo.multiply %40, %64 : tensor<8x4xf32>
    %66 = stablehlo.sqrt %65 : tensor<8x4xf32>
    %cst_23 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %68 = stablehlo.add %66, %67 : tensor<8x4xf32>
    %69 = stablehlo.divide %63, %68 : tensor<8x4xf32>
    %70 = stablehlo.subtract %arg1, %69 : tensor<8x4xf32>
    return %59, %70, %23, %28, %34, %40, %18 : tensor<4xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<8x4xf32>, tensor<i32>
  }
}
