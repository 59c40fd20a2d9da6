module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<8xf32>, %arg3: tensor<32x8xf32>, %arg4: tensor<4x16xf32>, %arg5: tensor<4x8xf32>, %arg6: tensor<f32>) -> (tensor<32xf32> {jax.result_info = "result[0]['l1']['b']"}, tensor<16x32xf32> {jax.result_info = "result[0]['l1']['w']"}, tensor<8xf32> {jax.result_info = "result[0]['l2']['b']"}, tensor<32x8xf32> {jax.result_info = "result[0]['l2']['w']"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<i1> {jax.result_info = "result[2]"}) {
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
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<4x32xf16>
    %11 = stablehlo.compare GT, %8, %10, FLOAT : (tensor<4x32xf16>, tensor<4x32xf16>) -> tensor<4x32xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f16>) -> tensor<4x32xf16>
    %13 = stablehlo.dot_general %9, %3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf16>, tensor<32x8xf16>) -> tensor<4x8xf16>
    %14 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<8xf16>) -> tensor<1x8xf16>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<1x8xf16>) -> tensor<4x8xf16>
    %16 = stablehlo.add %13, %15 : tensor<4x8xf16>
    %17 = stablehlo.convert %16 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %18 = stablehlo.subtract %17, %arg5 : tensor<4x8xf32>
    %19 = stablehlo.multiply %18, %18 : tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %21 = stablehlo.multiply %20, %18 : tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%19 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %23 = stablehlo.divide %22, %cst_3 : tensor<f32>
    %24 = stablehlo.multiply %23, %arg6 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.multiply %cst_4, %arg6 : tensor<f32>
    %cst_5 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %26 = stablehlo.divide %25, %cst_5 : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %28 = stablehlo.multiply %27, %21 : tensor<4x8xf32>
    %29 = stablehlo.convert %28 : (tensor<4x8xf32>) -> tensor<4x8xf16>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf16>, tensor<f16>) -> tensor<8xf16>
    %31 = stablehlo.reshape %30 : (tensor<8xf16>) -> tensor<1x8xf16>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %32 = stablehlo.reduce(%31 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf16>, tensor<f16>) -> tensor<8xf16>
    %33 = stablehlo.dot_general %29, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf16>, tensor<4x32xf16>) -> tensor<8x32xf16>
    %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<8x32xf16>) -> tensor<32x8xf16>
    %35 = stablehlo.dot_general %29, %3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf16>, tensor<32x8xf16>) -> tensor<4x32xf16>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f16>) -> tensor<4x32xf16>
    %37 = stablehlo.select %11, %35, %36 : tensor<4x32xi1>, tensor<4x32xf16>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %38 = stablehlo.reduce(%37 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<4x32xf16>, tensor<f16>) -> tensor<32xf16>
    %39 = stablehlo.reshape %38 : (tensor<32xf16>) -> tensor<1x32xf16>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %40 = stablehlo.reduce(%39 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<1x32xf16>, tensor<f16>) -> tensor<32xf16>
    %41 = stablehlo.dot_general %37, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf16>, tensor<4x16xf16>) -> tensor<32x16xf16>
    %42 = stablehlo.transpose %41, dims = [1, 0] : (tensor<32x16xf16>) -> tensor<16x32xf16>
    %43 = stablehlo.convert %34 : (tensor<32x8xf16>) -> tensor<32x8xf32>
    %44 = stablehlo.convert %32 : (tensor<8xf16>) -> tensor<8xf32>
    %45 = stablehlo.convert %42 : (tensor<16x32xf16>) -> tensor<16x32xf32>
    %46 = stablehlo.convert %40 : (tensor<32xf16>) -> tensor<32xf32>
    %47 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %48 = stablehlo.divide %46, %47 : tensor<32xf32>
    %49 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %50 = stablehlo.divide %45, %49 : tensor<16x32xf32>
    %51 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %52 = stablehlo.divide %44, %51 : tensor<8xf32>
    %53 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<32x8xf32>
    %54 = stablehlo.divide %43, %53 : tensor<32x8xf32>
    %55 = stablehlo.is_finite %48 : (tensor<32xf32>) -> tensor<32xi1>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %56 = stablehlo.reduce(%55 init: %c) applies stablehlo.and across dimensions = [0] : (tensor<32xi1>, tensor<i1>) -> tensor<i1>
    %57 = stablehlo.is_finite %50 : (tensor<16x32xf32>) -> tensor<16x32xi1>
    %c_11 = stablehlo.constant dense<true> : tensor<i1>
    %58 = stablehlo.reduce(%57 init: %c_11) applies stablehlo.and across dimensions = [0, 1] : (tensor<16x32xi1>, tensor<i1>) -> tensor<i1>
    %59 = stablehlo.is_finite %52 : (tensor<8xf32>) -> tensor<8xi1>
    %c_12 = stablehlo.constant dense<true> : tensor<i1>
    %60 = stablehlo.reduce(%59 init: %c_12) applies stablehlo.and across dimensions = [0] : (tensor<8xi1>, tensor<i1>) -> tensor<i1>
    %61 = stablehlo.is_finite %54 : (tensor<32x8xf32>) -> tensor<32x8xi1>
    %c_13 = stablehlo.constant dense<true> : tensor<i1>
    %62 = stablehlo.reduce(%61 init: %c_13) applies stablehlo.and across dimensions = [0, 1] : (tensor<32x8xi1>, tensor<i1>) -> tensor<i1>
    %63 = stablehlo.broadcast_in_dim %56, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %64 = stablehlo.broadcast_in_dim %58, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %65 = stablehlo.broadcast_in_dim %60, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %66 = stablehlo.broadcast_in_dim %62, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %67 = stablehlo.concatenate %63, %64, %65, %66, dim = 0 : (tensor<1xi1>, tensor<1xi1>, tensor<1xi1>, tensor<1xi1>) -> tensor<4xi1>
    %c_14 = stablehlo.constant dense<true> : tensor<i1>
    %68 = stablehlo.reduce(%67 init: %c_14) applies stablehlo.and across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %70 = stablehlo.multiply %69, %48 : tensor<32xf32>
    %71 = stablehlo.subtract %arg0, %70 : tensor<32xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %73 = stablehlo.multiply %72, %50 : tensor<16x32xf32>
    %74 = stablehlo.subtract %arg1, %73 : tensor<16x32xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %76 = stablehlo.multiply %75, %52 : tensor<8xf32>
    %77 = stablehlo.subtract %arg2, %76 : tensor<8xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<32x8xf32>
    %79 = stablehlo.multiply %78, %54 : tensor<32x8xf32>
    %80 = stablehlo.subtract %arg3, %79 : tensor<32x8xf32>
    %81 = stablehlo.divide %24, %arg6 : tensor<f32>
    return %71, %74, %77, %80, %81, %68 : tensor<32xf32>, tensor<16x32xf32>, tensor<8xf32>, tensor<32x8xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @relu(%arg0: tensor<4x32xf16>) -> tensor<4x32xf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<4x32xf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x32xf16>
    return %1 : tensor<4x32xf16>
  }
}
