module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<8xf32>, %arg7: tensor<16x8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<8xf32>, %arg10: tensor<8xf32>, %arg11: tensor<8xf32>, %arg12: tensor<2x4x8xf32>, %arg13: tensor<2x4x8xf32>) -> (tensor<8x8xf32> {jax.result_info = "result['attn']['wk']"}, tensor<8x8xf32> {jax.result_info = "result['attn']['wo']"}, tensor<8x8xf32> {jax.result_info = "result['attn']['wq']"}, tensor<8x8xf32> {jax.result_info = "result['attn']['wv']"}, tensor<16xf32> {jax.result_info = "result['fc1']['b']"}, tensor<8x16xf32> {jax.result_info = "result['fc1']['w']"}, tensor<8xf32> {jax.result_info = "result['fc2']['b']"}, tensor<16x8xf32> {jax.result_info = "result['fc2']['w']"}, tensor<8xf32> {jax.result_info = "result['ln1_b']"}, tensor<8xf32> {jax.result_info = "result['ln1_s']"}, tensor<8xf32> {jax.result_info = "result['ln2_b']"}, tensor<8xf32> {jax.result_info = "result['ln2_s']"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg12 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x4x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = call @_var(%arg12, %c) : (tensor<2x4x8xf32>, tensor<i32>) -> tensor<2x4x1xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %6 = stablehlo.subtract %arg12, %5 : tensor<2x4x8xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %8 = stablehlo.add %4, %7 : tensor<2x4x1xf32>
    %9 = stablehlo.rsqrt %8 : tensor<2x4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %11 = stablehlo.multiply %6, %10 : tensor<2x4x8xf32>
    %12 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x4x8xf32>
    %14 = stablehlo.multiply %11, %13 : tensor<2x4x8xf32>
    %15 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x4x8xf32>
    %17 = stablehlo.add %14, %16 : tensor<2x4x8xf32>
    %18 = stablehlo.dot_general %17, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %19 = stablehlo.reshape %18 : (tensor<2x4x8xf32>) -> tensor<2x4x2x4xf32>
    %20 = stablehlo.dot_general %17, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %21 = stablehlo.reshape %20 : (tensor<2x4x8xf32>) -> tensor<2x4x2x4xf32>
    %22 = stablehlo.dot_general %17, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %23 = stablehlo.reshape %22 : (tensor<2x4x8xf32>) -> tensor<2x4x2x4xf32>
    %24 = stablehlo.dot_general %19, %21, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x2x4xf32>, tensor<2x4x2x4xf32>) -> tensor<2x2x4x4xf32>
    %cst_2 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %25 = stablehlo.sqrt %cst_2 : tensor<f32>
    %26 = stablehlo.convert %25 : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<2x2x4x4xf32>
    %28 = stablehlo.divide %24, %27 : tensor<2x2x4x4xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_3) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x4x4xf32>, tensor<f32>) -> tensor<2x2x4xf32>
    %30 = stablehlo.reshape %29 : (tensor<2x2x4xf32>) -> tensor<2x2x4x1xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2, 3] : (tensor<2x2x4x1xf32>) -> tensor<2x2x4x4xf32>
    %32 = stablehlo.compare EQ, %28, %31, FLOAT : (tensor<2x2x4x4xf32>, tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xi1>
    %33 = stablehlo.convert %32 : (tensor<2x2x4x4xi1>) -> tensor<2x2x4x4xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_4) applies stablehlo.add across dimensions = [3] : (tensor<2x2x4x4xf32>, tensor<f32>) -> tensor<2x2x4xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %36 = stablehlo.maximum %35, %29 : tensor<2x2x4xf32>
    %37 = stablehlo.compare EQ, %29, %36, FLOAT : (tensor<2x2x4xf32>, tensor<2x2x4xf32>) -> tensor<2x2x4xi1>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %40 = stablehlo.select %37, %38, %39 : tensor<2x2x4xi1>, tensor<2x2x4xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %42 = stablehlo.compare EQ, %41, %36, FLOAT : (tensor<2x2x4xf32>, tensor<2x2x4xf32>) -> tensor<2x2x4xi1>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %45 = stablehlo.select %42, %43, %44 : tensor<2x2x4xi1>, tensor<2x2x4xf32>
    %46 = stablehlo.divide %40, %45 : tensor<2x2x4xf32>
    %47 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<2x2x4xf32>) -> tensor<2x2x4x1xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3] : (tensor<2x2x4x1xf32>) -> tensor<2x2x4x4xf32>
    %49 = stablehlo.subtract %28, %48 : tensor<2x2x4x4xf32>
    %50 = stablehlo.exponential %49 : tensor<2x2x4x4xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_11) applies stablehlo.add across dimensions = [3] : (tensor<2x2x4x4xf32>, tensor<f32>) -> tensor<2x2x4xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<2x2x4xf32>) -> tensor<2x2x4x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<2x2x4x1xf32>) -> tensor<2x2x4x4xf32>
    %54 = stablehlo.divide %50, %53 : tensor<2x2x4x4xf32>
    %55 = stablehlo.multiply %52, %52 : tensor<2x2x4x1xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x2x4x1xf32>
    %57 = stablehlo.divide %56, %55 : tensor<2x2x4x1xf32>
    %58 = stablehlo.dot_general %23, %54, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x2x4xf32>, tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
    %59 = stablehlo.transpose %58, dims = [0, 3, 1, 2] : (tensor<2x2x4x4xf32>) -> tensor<2x4x2x4xf32>
    %60 = stablehlo.reshape %59 : (tensor<2x4x2x4xf32>) -> tensor<2x4x8xf32>
    %61 = stablehlo.dot_general %60, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %62 = stablehlo.add %arg12, %61 : tensor<2x4x8xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_14 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %66 = stablehlo.divide %64, %65 : tensor<2x4x1xf32>
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %67:5 = call @_var_0(%62, %c_15) : (tensor<2x4x8xf32>, tensor<i32>) -> (tensor<2x4x1xf32>, tensor<2x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x1xf32>)
    %68 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %69 = stablehlo.subtract %62, %68 : tensor<2x4x8xf32>
    %cst_16 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %71 = stablehlo.add %67#0, %70 : tensor<2x4x1xf32>
    %72 = stablehlo.rsqrt %71 : tensor<2x4x1xf32>
    %73 = stablehlo.divide %72, %71 : tensor<2x4x1xf32>
    %cst_17 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<2x4x1xf32>
    %76 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %77 = stablehlo.multiply %69, %76 : tensor<2x4x8xf32>
    %78 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x4x8xf32>
    %80 = stablehlo.multiply %77, %79 : tensor<2x4x8xf32>
    %81 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x4x8xf32>
    %83 = stablehlo.add %80, %82 : tensor<2x4x8xf32>
    %84 = stablehlo.dot_general %83, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x16xf32>) -> tensor<2x4x16xf32>
    %85 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %86 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x4x16xf32>
    %87 = stablehlo.add %84, %86 : tensor<2x4x16xf32>
    %cst_18 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %89 = stablehlo.multiply %88, %87 : tensor<2x4x16xf32>
    %90 = stablehlo.negate %87 : tensor<2x4x16xf32>
    %cst_19 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %92 = stablehlo.multiply %90, %91 : tensor<2x4x16xf32>
    %93 = chlo.erfc %92 : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
    %94 = chlo.square %92 : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
    %95 = stablehlo.negate %94 : tensor<2x4x16xf32>
    %96 = stablehlo.exponential %95 : tensor<2x4x16xf32>
    %97 = stablehlo.multiply %89, %93 : tensor<2x4x16xf32>
    %98 = stablehlo.dot_general %97, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16xf32>, tensor<16x8xf32>) -> tensor<2x4x8xf32>
    %99 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x4x8xf32>
    %101 = stablehlo.add %98, %100 : tensor<2x4x8xf32>
    %102 = stablehlo.add %62, %101 : tensor<2x4x8xf32>
    %103 = stablehlo.subtract %102, %arg13 : tensor<2x4x8xf32>
    %104 = stablehlo.multiply %103, %103 : tensor<2x4x8xf32>
    %cst_20 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %106 = stablehlo.multiply %105, %103 : tensor<2x4x8xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %107 = stablehlo.reduce(%104 init: %cst_21) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_22 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %108 = stablehlo.divide %107, %cst_22 : tensor<f32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_24 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %109 = stablehlo.divide %cst_23, %cst_24 : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %109, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %111 = stablehlo.multiply %110, %106 : tensor<2x4x8xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.reduce(%111 init: %cst_25) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %113 = stablehlo.reshape %112 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %114 = stablehlo.reduce(%113 init: %cst_26) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %115 = stablehlo.dot_general %111, %97, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x16xf32>) -> tensor<8x16xf32>
    %116 = stablehlo.transpose %115, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %117 = stablehlo.dot_general %111, %arg7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<16x8xf32>) -> tensor<2x4x16xf32>
    %118 = stablehlo.multiply %89, %117 : tensor<2x4x16xf32>
    %119 = stablehlo.multiply %117, %93 : tensor<2x4x16xf32>
    %cst_27 = stablehlo.constant dense<-1.12837923> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %121 = stablehlo.multiply %120, %118 : tensor<2x4x16xf32>
    %122 = stablehlo.multiply %121, %96 : tensor<2x4x16xf32>
    %cst_28 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %124 = stablehlo.multiply %122, %123 : tensor<2x4x16xf32>
    %125 = stablehlo.negate %124 : tensor<2x4x16xf32>
    %cst_29 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %127 = stablehlo.multiply %126, %119 : tensor<2x4x16xf32>
    %128 = stablehlo.add %125, %127 : tensor<2x4x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.reduce(%128 init: %cst_30) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x16xf32>, tensor<f32>) -> tensor<16xf32>
    %130 = stablehlo.reshape %129 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.reduce(%130 init: %cst_31) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %132 = stablehlo.dot_general %128, %83, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16xf32>, tensor<2x4x8xf32>) -> tensor<16x8xf32>
    %133 = stablehlo.transpose %132, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %134 = stablehlo.dot_general %128, %arg5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16xf32>, tensor<8x16xf32>) -> tensor<2x4x8xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %135 = stablehlo.reduce(%134 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %136 = stablehlo.reshape %135 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.reduce(%136 init: %cst_33) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %138 = stablehlo.multiply %77, %134 : tensor<2x4x8xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %139 = stablehlo.reduce(%138 init: %cst_34) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %140 = stablehlo.reshape %139 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %141 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x4x8xf32>
    %142 = stablehlo.multiply %134, %141 : tensor<2x4x8xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %143 = stablehlo.reduce(%140 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %144 = stablehlo.multiply %69, %142 : tensor<2x4x8xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %145 = stablehlo.reduce(%144 init: %cst_36) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %146 = stablehlo.reshape %145 : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %147 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %148 = stablehlo.multiply %142, %147 : tensor<2x4x8xf32>
    %149 = stablehlo.multiply %146, %75 : tensor<2x4x1xf32>
    %150 = stablehlo.negate %148 : tensor<2x4x8xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.reduce(%150 init: %cst_37) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %152 = stablehlo.reshape %151 : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %153 = stablehlo.add %111, %148 : tensor<2x4x8xf32>
    %154 = call @_var_2(%67#1, %67#2, %67#3, %67#4, %149) : (tensor<2x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x1xf32>, tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %155 = stablehlo.add %153, %154 : tensor<2x4x8xf32>
    %cst_38 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %157 = stablehlo.divide %152, %156 : tensor<2x4x1xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %160 = stablehlo.add %155, %159 : tensor<2x4x8xf32>
    %161 = stablehlo.dot_general %160, %60, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<8x8xf32>
    %162 = stablehlo.transpose %161, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %163 = stablehlo.dot_general %160, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %164 = stablehlo.reshape %163 : (tensor<2x4x8xf32>) -> tensor<2x4x2x4xf32>
    %165 = stablehlo.transpose %164, dims = [0, 2, 3, 1] : (tensor<2x4x2x4xf32>) -> tensor<2x2x4x4xf32>
    %166 = stablehlo.dot_general %165, %23, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x4x4xf32>, tensor<2x4x2x4xf32>) -> tensor<2x2x4x4xf32>
    %167 = stablehlo.dot_general %165, %54, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x4x4xf32>, tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
    %168 = stablehlo.transpose %167, dims = [0, 3, 1, 2] : (tensor<2x2x4x4xf32>) -> tensor<2x4x2x4xf32>
    %169 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<2x2x4x1xf32>) -> tensor<2x2x4x4xf32>
    %170 = stablehlo.multiply %166, %169 : tensor<2x2x4x4xf32>
    %171 = stablehlo.multiply %170, %50 : tensor<2x2x4x4xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %172 = stablehlo.reduce(%171 init: %cst_40) applies stablehlo.add across dimensions = [3] : (tensor<2x2x4x4xf32>, tensor<f32>) -> tensor<2x2x4xf32>
    %173 = stablehlo.reshape %172 : (tensor<2x2x4xf32>) -> tensor<2x2x4x1xf32>
    %174 = stablehlo.negate %173 : tensor<2x2x4x1xf32>
    %175 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<2x2x4x1xf32>) -> tensor<2x2x4x4xf32>
    %176 = stablehlo.divide %166, %175 : tensor<2x2x4x4xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %177 = stablehlo.reduce(%174 init: %cst_41) applies stablehlo.add across dimensions = [3] : (tensor<2x2x4x1xf32>, tensor<f32>) -> tensor<2x2x4xf32>
    %178 = stablehlo.broadcast_in_dim %177, dims = [0, 1, 2] : (tensor<2x2x4xf32>) -> tensor<2x2x4x4xf32>
    %179 = stablehlo.add %176, %178 : tensor<2x2x4x4xf32>
    %180 = stablehlo.multiply %179, %50 : tensor<2x2x4x4xf32>
    %181 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<2x2x4x4xf32>
    %182 = stablehlo.divide %180, %181 : tensor<2x2x4x4xf32>
    %183 = stablehlo.dot_general %182, %19, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x4x4xf32>, tensor<2x4x2x4xf32>) -> tensor<2x2x4x4xf32>
    %184 = stablehlo.transpose %183, dims = [0, 2, 1, 3] : (tensor<2x2x4x4xf32>) -> tensor<2x4x2x4xf32>
    %185 = stablehlo.dot_general %182, %21, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x4x4xf32>, tensor<2x4x2x4xf32>) -> tensor<2x2x4x4xf32>
    %186 = stablehlo.transpose %185, dims = [0, 2, 1, 3] : (tensor<2x2x4x4xf32>) -> tensor<2x4x2x4xf32>
    %187 = stablehlo.reshape %168 : (tensor<2x4x2x4xf32>) -> tensor<2x4x8xf32>
    %188 = stablehlo.dot_general %187, %17, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<8x8xf32>
    %189 = stablehlo.transpose %188, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %190 = stablehlo.dot_general %187, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %191 = stablehlo.reshape %184 : (tensor<2x4x2x4xf32>) -> tensor<2x4x8xf32>
    %192 = stablehlo.dot_general %191, %17, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<8x8xf32>
    %193 = stablehlo.transpose %192, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %194 = stablehlo.dot_general %191, %arg0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %195 = stablehlo.add %190, %194 : tensor<2x4x8xf32>
    %196 = stablehlo.reshape %186 : (tensor<2x4x2x4xf32>) -> tensor<2x4x8xf32>
    %197 = stablehlo.dot_general %196, %17, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<8x8xf32>
    %198 = stablehlo.transpose %197, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %199 = stablehlo.dot_general %196, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %200 = stablehlo.add %195, %199 : tensor<2x4x8xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %201 = stablehlo.reduce(%200 init: %cst_42) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %202 = stablehlo.reshape %201 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %203 = stablehlo.reduce(%202 init: %cst_43) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %204 = stablehlo.multiply %11, %200 : tensor<2x4x8xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.reduce(%204 init: %cst_44) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %206 = stablehlo.reshape %205 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %207 = stablehlo.reduce(%206 init: %cst_45) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %193, %162, %198, %189, %131, %133, %114, %116, %203, %207, %137, %143 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<16xf32>, tensor<8x16xf32>, tensor<8xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @_var(%arg0: tensor<2x4x8xf32>, %arg1: tensor<i32>) -> tensor<2x4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x4x8xf32>
    %6 = chlo.square %5 : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x4x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4x1xf32>
    return %14 : tensor<2x4x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x4x1xf32>, %arg2: tensor<f32>) -> tensor<2x4x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x4x1xf32>
    return %2 : tensor<2x4x1xf32>
  }
  func.func private @_var_0(%arg0: tensor<2x4x8xf32>, %arg1: tensor<i32>) -> (tensor<2x4x1xf32>, tensor<2x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x1xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x4x8xf32>
    %6 = chlo.square %5 : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x4x8xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<2x4x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16:2 = call @_where_1(%15, %14, %cst_5) : (tensor<i1>, tensor<2x4x1xf32>, tensor<f32>) -> (tensor<2x4x1xf32>, tensor<2x4x1xf32>)
    return %16#0, %8, %10, %15, %16#1 : tensor<2x4x1xf32>, tensor<2x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x1xf32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<2x4x1xf32>, %arg2: tensor<f32>) -> (tensor<2x4x1xf32>, tensor<2x4x1xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    return %2, %3 : tensor<2x4x1xf32>, tensor<2x4x1xf32>
  }
  func.func private @_var_2(%arg0: tensor<2x4x8xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<2x4x1xf32>, %arg4: tensor<2x4x1xf32>) -> tensor<2x4x8xf32> {
    %0 = call @_where_3(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<2x4x1xf32>, tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<2x4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<2x4x8xf32>
    %6 = stablehlo.negate %5 : tensor<2x4x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %8 = stablehlo.reshape %7 : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x4x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %13 = stablehlo.add %5, %12 : tensor<2x4x8xf32>
    return %13 : tensor<2x4x8xf32>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<2x4x1xf32>, %arg2: tensor<2x4x1xf32>) -> tensor<2x4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<2x4x1xf32>
    return %1 : tensor<2x4x1xf32>
  }
}
