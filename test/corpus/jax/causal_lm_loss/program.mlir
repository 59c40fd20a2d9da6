module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<32xf32>, %arg5: tensor<16x32xf32>, %arg6: tensor<16xf32>, %arg7: tensor<32x16xf32>, %arg8: tensor<16xf32>, %arg9: tensor<16xf32>, %arg10: tensor<16xf32>, %arg11: tensor<16xf32>, %arg12: tensor<24x16xf32>, %arg13: tensor<2x5xi32>, %arg14: tensor<2x5xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<16x16xf32> {jax.result_info = "result[1]['block']['attn']['wk']"}, tensor<16x16xf32> {jax.result_info = "result[1]['block']['attn']['wo']"}, tensor<16x16xf32> {jax.result_info = "result[1]['block']['attn']['wq']"}, tensor<16x16xf32> {jax.result_info = "result[1]['block']['attn']['wv']"}, tensor<32xf32> {jax.result_info = "result[1]['block']['fc1']['b']"}, tensor<16x32xf32> {jax.result_info = "result[1]['block']['fc1']['w']"}, tensor<16xf32> {jax.result_info = "result[1]['block']['fc2']['b']"}, tensor<32x16xf32> {jax.result_info = "result[1]['block']['fc2']['w']"}, tensor<16xf32> {jax.result_info = "result[1]['block']['ln1_b']"}, tensor<16xf32> {jax.result_info = "result[1]['block']['ln1_s']"}, tensor<16xf32> {jax.result_info = "result[1]['block']['ln2_b']"}, tensor<16xf32> {jax.result_info = "result[1]['block']['ln2_s']"}, tensor<24x16xf32> {jax.result_info = "result[1]['embed']"}) {
    %0:2 = call @_take(%arg12, %arg13) : (tensor<24x16xf32>, tensor<2x5xi32>) -> (tensor<2x5x16xf32>, tensor<2x5x1xi32>)
    %c = stablehlo.constant dense<true> : tensor<i1>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<5x5xi1>
    %2 = call @tril(%1) : (tensor<5x5xi1>) -> tensor<5x5xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [2, 3] : (tensor<5x5xi1>) -> tensor<1x1x5x5xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%0#0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %7 = stablehlo.divide %5, %6 : tensor<2x5x1xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %8:5 = call @_var(%0#0, %c_1) : (tensor<2x5x16xf32>, tensor<i32>) -> (tensor<2x5x1xf32>, tensor<2x5x16xf32>, tensor<f32>, tensor<i1>, tensor<2x5x1xf32>)
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %10 = stablehlo.subtract %0#0, %9 : tensor<2x5x16xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %12 = stablehlo.add %8#0, %11 : tensor<2x5x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<2x5x1xf32>
    %14 = stablehlo.divide %13, %12 : tensor<2x5x1xf32>
    %cst_3 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %16 = stablehlo.multiply %15, %14 : tensor<2x5x1xf32>
    %17 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %18 = stablehlo.multiply %10, %17 : tensor<2x5x16xf32>
    %19 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %21 = stablehlo.multiply %18, %20 : tensor<2x5x16xf32>
    %22 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %24 = stablehlo.add %21, %23 : tensor<2x5x16xf32>
    %25 = stablehlo.dot_general %24, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %26 = stablehlo.reshape %25 : (tensor<2x5x16xf32>) -> tensor<2x5x2x8xf32>
    %27 = stablehlo.dot_general %24, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %28 = stablehlo.reshape %27 : (tensor<2x5x16xf32>) -> tensor<2x5x2x8xf32>
    %29 = stablehlo.dot_general %24, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %30 = stablehlo.reshape %29 : (tensor<2x5x16xf32>) -> tensor<2x5x2x8xf32>
    %31 = stablehlo.dot_general %26, %28, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x5x2x8xf32>, tensor<2x5x2x8xf32>) -> tensor<2x2x5x5xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %32 = stablehlo.sqrt %cst_4 : tensor<f32>
    %33 = stablehlo.convert %32 : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    %35 = stablehlo.divide %31, %34 : tensor<2x2x5x5xf32>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %36:3 = call @_where_1(%3, %35, %cst_5) : (tensor<1x1x5x5xi1>, tensor<2x2x5x5xf32>, tensor<f32>) -> (tensor<2x2x5x5xf32>, tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>)
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %37 = stablehlo.reduce(%36#0 init: %cst_6) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %38 = stablehlo.reshape %37 : (tensor<2x2x5xf32>) -> tensor<2x2x5x1xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %40 = stablehlo.compare EQ, %36#0, %39, FLOAT : (tensor<2x2x5x5xf32>, tensor<2x2x5x5xf32>) -> tensor<2x2x5x5xi1>
    %41 = stablehlo.convert %40 : (tensor<2x2x5x5xi1>) -> tensor<2x2x5x5xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %44 = stablehlo.maximum %43, %37 : tensor<2x2x5xf32>
    %45 = stablehlo.compare EQ, %37, %44, FLOAT : (tensor<2x2x5xf32>, tensor<2x2x5xf32>) -> tensor<2x2x5xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %48 = stablehlo.select %45, %46, %47 : tensor<2x2x5xi1>, tensor<2x2x5xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %50 = stablehlo.compare EQ, %49, %44, FLOAT : (tensor<2x2x5xf32>, tensor<2x2x5xf32>) -> tensor<2x2x5xi1>
    %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %53 = stablehlo.select %50, %51, %52 : tensor<2x2x5xi1>, tensor<2x2x5xf32>
    %54 = stablehlo.divide %48, %53 : tensor<2x2x5xf32>
    %55 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x1xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %57 = stablehlo.subtract %36#0, %56 : tensor<2x2x5x5xf32>
    %58 = stablehlo.exponential %57 : tensor<2x2x5x5xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_14) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x1xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %62 = stablehlo.divide %58, %61 : tensor<2x2x5x5xf32>
    %63 = stablehlo.multiply %60, %60 : tensor<2x2x5x1xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x2x5x1xf32>
    %65 = stablehlo.divide %64, %63 : tensor<2x2x5x1xf32>
    %66 = stablehlo.dot_general %30, %62, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x5x2x8xf32>, tensor<2x2x5x5xf32>) -> tensor<2x2x8x5xf32>
    %67 = stablehlo.transpose %66, dims = [0, 3, 1, 2] : (tensor<2x2x8x5xf32>) -> tensor<2x5x2x8xf32>
    %68 = stablehlo.reshape %67 : (tensor<2x5x2x8xf32>) -> tensor<2x5x16xf32>
    %69 = stablehlo.dot_general %68, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %70 = stablehlo.add %0#0, %69 : tensor<2x5x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %71 = stablehlo.reduce(%70 init: %cst_16) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_17 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %74 = stablehlo.divide %72, %73 : tensor<2x5x1xf32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %75:5 = call @_var(%70, %c_18) : (tensor<2x5x16xf32>, tensor<i32>) -> (tensor<2x5x1xf32>, tensor<2x5x16xf32>, tensor<f32>, tensor<i1>, tensor<2x5x1xf32>)
    %76 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %77 = stablehlo.subtract %70, %76 : tensor<2x5x16xf32>
    %cst_19 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %79 = stablehlo.add %75#0, %78 : tensor<2x5x1xf32>
    %80 = stablehlo.rsqrt %79 : tensor<2x5x1xf32>
    %81 = stablehlo.divide %80, %79 : tensor<2x5x1xf32>
    %cst_20 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %83 = stablehlo.multiply %82, %81 : tensor<2x5x1xf32>
    %84 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %85 = stablehlo.multiply %77, %84 : tensor<2x5x16xf32>
    %86 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %88 = stablehlo.multiply %85, %87 : tensor<2x5x16xf32>
    %89 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %90 = stablehlo.broadcast_in_dim %89, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %91 = stablehlo.add %88, %90 : tensor<2x5x16xf32>
    %92 = stablehlo.dot_general %91, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x32xf32>) -> tensor<2x5x32xf32>
    %93 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x5x32xf32>
    %95 = stablehlo.add %92, %94 : tensor<2x5x32xf32>
    %cst_21 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x5x32xf32>
    %97 = stablehlo.multiply %96, %95 : tensor<2x5x32xf32>
    %98 = stablehlo.negate %95 : tensor<2x5x32xf32>
    %cst_22 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x5x32xf32>
    %100 = stablehlo.multiply %98, %99 : tensor<2x5x32xf32>
    %101 = chlo.erfc %100 : tensor<2x5x32xf32> -> tensor<2x5x32xf32>
    %102 = chlo.square %100 : tensor<2x5x32xf32> -> tensor<2x5x32xf32>
    %103 = stablehlo.negate %102 : tensor<2x5x32xf32>
    %104 = stablehlo.exponential %103 : tensor<2x5x32xf32>
    %105 = stablehlo.multiply %97, %101 : tensor<2x5x32xf32>
    %106 = stablehlo.dot_general %105, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x32xf32>, tensor<32x16xf32>) -> tensor<2x5x16xf32>
    %107 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %108 = stablehlo.broadcast_in_dim %107, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %109 = stablehlo.add %106, %108 : tensor<2x5x16xf32>
    %110 = stablehlo.add %70, %109 : tensor<2x5x16xf32>
    %111 = stablehlo.transpose %arg12, dims = [1, 0] : (tensor<24x16xf32>) -> tensor<16x24xf32>
    %112 = stablehlo.dot_general %110, %111, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x24xf32>) -> tensor<2x5x24xf32>
    %113 = stablehlo.reshape %112 : (tensor<2x5x24xf32>) -> tensor<10x24xf32>
    %114 = stablehlo.reshape %arg14 : (tensor<2x5xi32>) -> tensor<10xi32>
    %115:3 = call @log_softmax(%113) : (tensor<10x24xf32>) -> (tensor<10x24xf32>, tensor<10x24xf32>, tensor<10x1xf32>)
    %116 = stablehlo.broadcast_in_dim %114, dims = [0] : (tensor<10xi32>) -> tensor<10x1xi32>
    %117:2 = call @take_along_axis(%115#0, %116) : (tensor<10x24xf32>, tensor<10x1xi32>) -> (tensor<10x1xf32>, tensor<10x1x1xi32>)
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.reduce(%117#0 init: %cst_23) applies stablehlo.add across dimensions = [0, 1] : (tensor<10x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_24 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %119 = stablehlo.divide %118, %cst_24 : tensor<f32>
    %120 = stablehlo.negate %119 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %121 = stablehlo.negate %cst_25 : tensor<f32>
    %cst_26 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %122 = stablehlo.divide %121, %cst_26 : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [] : (tensor<f32>) -> tensor<10x1xf32>
    %124 = call @take_along_axis_2(%117#1, %123) : (tensor<10x1x1xi32>, tensor<10x1xf32>) -> tensor<10x24xf32>
    %125 = call @log_softmax_3(%115#1, %115#2, %124) : (tensor<10x24xf32>, tensor<10x1xf32>, tensor<10x24xf32>) -> tensor<10x24xf32>
    %126 = stablehlo.reshape %125 : (tensor<10x24xf32>) -> tensor<2x5x24xf32>
    %127 = stablehlo.dot_general %126, %110, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x24xf32>, tensor<2x5x16xf32>) -> tensor<24x16xf32>
    %128 = stablehlo.transpose %127, dims = [1, 0] : (tensor<24x16xf32>) -> tensor<16x24xf32>
    %129 = stablehlo.dot_general %126, %111, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x24xf32>, tensor<16x24xf32>) -> tensor<2x5x16xf32>
    %130 = stablehlo.transpose %128, dims = [1, 0] : (tensor<16x24xf32>) -> tensor<24x16xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.reduce(%129 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %132 = stablehlo.reshape %131 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %133 = stablehlo.reduce(%132 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %134 = stablehlo.dot_general %129, %105, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x32xf32>) -> tensor<16x32xf32>
    %135 = stablehlo.transpose %134, dims = [1, 0] : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %136 = stablehlo.dot_general %129, %arg7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<32x16xf32>) -> tensor<2x5x32xf32>
    %137 = stablehlo.multiply %97, %136 : tensor<2x5x32xf32>
    %138 = stablehlo.multiply %136, %101 : tensor<2x5x32xf32>
    %cst_29 = stablehlo.constant dense<-1.12837923> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x5x32xf32>
    %140 = stablehlo.multiply %139, %137 : tensor<2x5x32xf32>
    %141 = stablehlo.multiply %140, %104 : tensor<2x5x32xf32>
    %cst_30 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x5x32xf32>
    %143 = stablehlo.multiply %141, %142 : tensor<2x5x32xf32>
    %144 = stablehlo.negate %143 : tensor<2x5x32xf32>
    %cst_31 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %145 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2x5x32xf32>
    %146 = stablehlo.multiply %145, %138 : tensor<2x5x32xf32>
    %147 = stablehlo.add %144, %146 : tensor<2x5x32xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %148 = stablehlo.reduce(%147 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x32xf32>, tensor<f32>) -> tensor<32xf32>
    %149 = stablehlo.reshape %148 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %150 = stablehlo.reduce(%149 init: %cst_33) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %151 = stablehlo.dot_general %147, %91, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x32xf32>, tensor<2x5x16xf32>) -> tensor<32x16xf32>
    %152 = stablehlo.transpose %151, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %153 = stablehlo.dot_general %147, %arg5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x32xf32>, tensor<16x32xf32>) -> tensor<2x5x16xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %154 = stablehlo.reduce(%153 init: %cst_34) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %155 = stablehlo.reshape %154 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %156 = stablehlo.reduce(%155 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %157 = stablehlo.multiply %85, %153 : tensor<2x5x16xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157 init: %cst_36) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %159 = stablehlo.reshape %158 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %160 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %161 = stablehlo.multiply %153, %160 : tensor<2x5x16xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %162 = stablehlo.reduce(%159 init: %cst_37) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %163 = stablehlo.multiply %77, %161 : tensor<2x5x16xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %164 = stablehlo.reduce(%163 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %165 = stablehlo.reshape %164 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %166 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %167 = stablehlo.multiply %161, %166 : tensor<2x5x16xf32>
    %168 = stablehlo.multiply %165, %83 : tensor<2x5x1xf32>
    %169 = stablehlo.negate %167 : tensor<2x5x16xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.reduce(%169 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %171 = stablehlo.reshape %170 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %172 = stablehlo.add %129, %167 : tensor<2x5x16xf32>
    %173 = call @_var_4(%75#1, %75#2, %75#3, %75#4, %168) : (tensor<2x5x16xf32>, tensor<f32>, tensor<i1>, tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %174 = stablehlo.add %172, %173 : tensor<2x5x16xf32>
    %cst_40 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %176 = stablehlo.divide %171, %175 : tensor<2x5x1xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %177 = stablehlo.reduce(%176 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %178 = stablehlo.broadcast_in_dim %177, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x16xf32>
    %179 = stablehlo.add %174, %178 : tensor<2x5x16xf32>
    %180 = stablehlo.dot_general %179, %68, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x16xf32>) -> tensor<16x16xf32>
    %181 = stablehlo.transpose %180, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %182 = stablehlo.dot_general %179, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %183 = stablehlo.reshape %182 : (tensor<2x5x16xf32>) -> tensor<2x5x2x8xf32>
    %184 = stablehlo.transpose %183, dims = [0, 2, 3, 1] : (tensor<2x5x2x8xf32>) -> tensor<2x2x8x5xf32>
    %185 = stablehlo.dot_general %184, %30, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x8x5xf32>, tensor<2x5x2x8xf32>) -> tensor<2x2x5x5xf32>
    %186 = stablehlo.dot_general %184, %62, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x8x5xf32>, tensor<2x2x5x5xf32>) -> tensor<2x2x8x5xf32>
    %187 = stablehlo.transpose %186, dims = [0, 3, 1, 2] : (tensor<2x2x8x5xf32>) -> tensor<2x5x2x8xf32>
    %188 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %189 = stablehlo.multiply %185, %188 : tensor<2x2x5x5xf32>
    %190 = stablehlo.multiply %189, %58 : tensor<2x2x5x5xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %191 = stablehlo.reduce(%190 init: %cst_42) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %192 = stablehlo.reshape %191 : (tensor<2x2x5xf32>) -> tensor<2x2x5x1xf32>
    %193 = stablehlo.negate %192 : tensor<2x2x5x1xf32>
    %194 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %195 = stablehlo.divide %185, %194 : tensor<2x2x5x5xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %196 = stablehlo.reduce(%193 init: %cst_43) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x1xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %197 = stablehlo.broadcast_in_dim %196, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x5xf32>
    %198 = stablehlo.add %195, %197 : tensor<2x2x5x5xf32>
    %199 = stablehlo.multiply %198, %58 : tensor<2x2x5x5xf32>
    %200 = call @_where_6(%36#1, %36#2, %199) : (tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>, tensor<2x2x5x5xf32>) -> tensor<2x2x5x5xf32>
    %201 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    %202 = stablehlo.divide %200, %201 : tensor<2x2x5x5xf32>
    %203 = stablehlo.dot_general %202, %26, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x5xf32>, tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %204 = stablehlo.transpose %203, dims = [0, 2, 1, 3] : (tensor<2x2x5x8xf32>) -> tensor<2x5x2x8xf32>
    %205 = stablehlo.dot_general %202, %28, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x5xf32>, tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %206 = stablehlo.transpose %205, dims = [0, 2, 1, 3] : (tensor<2x2x5x8xf32>) -> tensor<2x5x2x8xf32>
    %207 = stablehlo.reshape %187 : (tensor<2x5x2x8xf32>) -> tensor<2x5x16xf32>
    %208 = stablehlo.dot_general %207, %24, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x16xf32>) -> tensor<16x16xf32>
    %209 = stablehlo.transpose %208, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %210 = stablehlo.dot_general %207, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %211 = stablehlo.reshape %204 : (tensor<2x5x2x8xf32>) -> tensor<2x5x16xf32>
    %212 = stablehlo.dot_general %211, %24, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x16xf32>) -> tensor<16x16xf32>
    %213 = stablehlo.transpose %212, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %214 = stablehlo.dot_general %211, %arg0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %215 = stablehlo.add %210, %214 : tensor<2x5x16xf32>
    %216 = stablehlo.reshape %206 : (tensor<2x5x2x8xf32>) -> tensor<2x5x16xf32>
    %217 = stablehlo.dot_general %216, %24, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x16xf32>) -> tensor<16x16xf32>
    %218 = stablehlo.transpose %217, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %219 = stablehlo.dot_general %216, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x16xf32>) -> tensor<2x5x16xf32>
    %220 = stablehlo.add %215, %219 : tensor<2x5x16xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %221 = stablehlo.reduce(%220 init: %cst_44) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %222 = stablehlo.reshape %221 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %223 = stablehlo.reduce(%222 init: %cst_45) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %224 = stablehlo.multiply %18, %220 : tensor<2x5x16xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %225 = stablehlo.reduce(%224 init: %cst_46) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %226 = stablehlo.reshape %225 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %227 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x5x16xf32>
    %228 = stablehlo.multiply %220, %227 : tensor<2x5x16xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %229 = stablehlo.reduce(%226 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %230 = stablehlo.multiply %10, %228 : tensor<2x5x16xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %231 = stablehlo.reduce(%230 init: %cst_48) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %232 = stablehlo.reshape %231 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %233 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %234 = stablehlo.multiply %228, %233 : tensor<2x5x16xf32>
    %235 = stablehlo.multiply %232, %16 : tensor<2x5x1xf32>
    %236 = stablehlo.negate %234 : tensor<2x5x16xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %237 = stablehlo.reduce(%236 init: %cst_49) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %238 = stablehlo.reshape %237 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %239 = stablehlo.add %179, %234 : tensor<2x5x16xf32>
    %240 = call @_var_4(%8#1, %8#2, %8#3, %8#4, %235) : (tensor<2x5x16xf32>, tensor<f32>, tensor<i1>, tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %241 = stablehlo.add %239, %240 : tensor<2x5x16xf32>
    %cst_50 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %243 = stablehlo.divide %238, %242 : tensor<2x5x1xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %244 = stablehlo.reduce(%243 init: %cst_51) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %245 = stablehlo.broadcast_in_dim %244, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x16xf32>
    %246 = stablehlo.add %241, %245 : tensor<2x5x16xf32>
    %247 = call @_take_7(%0#1, %246) : (tensor<2x5x1xi32>, tensor<2x5x16xf32>) -> tensor<24x16xf32>
    %248 = stablehlo.add %130, %247 : tensor<24x16xf32>
    return %120, %213, %181, %218, %209, %150, %152, %133, %135, %223, %229, %156, %162, %248 : tensor<f32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<32xf32>, tensor<16x32xf32>, tensor<16xf32>, tensor<32x16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<24x16xf32>
  }
  func.func private @_take(%arg0: tensor<24x16xf32>, %arg1: tensor<2x5xi32>) -> (tensor<2x5x16xf32>, tensor<2x5x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x5xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
    %c_0 = stablehlo.constant dense<24> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x5xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<2x5xi1>, tensor<2x5xi32>, tensor<2x5xi32>) -> tensor<2x5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x5xi32>) -> tensor<2x5x1xi32>
    %c_1 = stablehlo.constant dense<23> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x5x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x5x1xi32>, tensor<2x5x1xi32>) -> tensor<2x5x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x5x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x5x1xi32>, tensor<2x5x1xi32>) -> tensor<2x5x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x5x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x5x1xi1>, tensor<i1>) -> tensor<2x5xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<24x16xf32>, tensor<2x5x1xi32>) -> tensor<2x5x16xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x5xi1>) -> tensor<2x5x16xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x5x16xi1>, tensor<2x5x16xf32>
    return %16, %5 : tensor<2x5x16xf32>, tensor<2x5x1xi32>
  }
  func.func private @_where(%arg0: tensor<2x5xi1>, %arg1: tensor<2x5xi32>, %arg2: tensor<2x5xi32>) -> tensor<2x5xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x5xi1>, tensor<2x5xi32>
    return %0 : tensor<2x5xi32>
  }
  func.func private @tril(%arg0: tensor<5x5xi1>) -> tensor<5x5xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi32>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<5x5xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<5x5xi1>, tensor<5x5xi1>
    return %6 : tensor<5x5xi1>
  }
  func.func private @_var(%arg0: tensor<2x5x16xf32>, %arg1: tensor<i32>) -> (tensor<2x5x1xf32>, tensor<2x5x16xf32>, tensor<f32>, tensor<i1>, tensor<2x5x1xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x16xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x5x16xf32>
    %6 = chlo.square %5 : tensor<2x5x16xf32> -> tensor<2x5x16xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x5x16xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<2x5x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16:2 = call @_where_0(%15, %14, %cst_5) : (tensor<i1>, tensor<2x5x1xf32>, tensor<f32>) -> (tensor<2x5x1xf32>, tensor<2x5x1xf32>)
    return %16#0, %8, %10, %15, %16#1 : tensor<2x5x1xf32>, tensor<2x5x16xf32>, tensor<f32>, tensor<i1>, tensor<2x5x1xf32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<2x5x1xf32>, %arg2: tensor<f32>) -> (tensor<2x5x1xf32>, tensor<2x5x1xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x5x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    return %2, %3 : tensor<2x5x1xf32>, tensor<2x5x1xf32>
  }
  func.func private @_where_1(%arg0: tensor<1x1x5x5xi1>, %arg1: tensor<2x2x5x5xf32>, %arg2: tensor<f32>) -> (tensor<2x2x5x5xf32>, tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<1x1x5x5xi1>) -> tensor<2x2x5x5xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    return %3, %1, %4 : tensor<2x2x5x5xf32>, tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>
  }
  func.func private @log_softmax(%arg0: tensor<10x24xf32>) -> (tensor<10x24xf32>, tensor<10x24xf32>, tensor<10x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<10x24xf32>, tensor<f32>) -> tensor<10xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<10xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<10xf32>) -> tensor<10x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<10x1xf32>) -> tensor<10x24xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<10x24xf32>
    %6 = stablehlo.exponential %5 : tensor<10x24xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<10x24xf32>, tensor<f32>) -> tensor<10xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<10xf32>) -> tensor<10x1xf32>
    %9 = stablehlo.log %8 : tensor<10x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<10x1xf32>) -> tensor<10x24xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<10x24xf32>
    return %11, %6, %8 : tensor<10x24xf32>, tensor<10x24xf32>, tensor<10x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<10x24xf32>, %arg1: tensor<10x1xi32>) -> (tensor<10x1xf32>, tensor<10x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<10x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<10x1xi32>, tensor<10x1xi32>) -> tensor<10x1xi1>
    %c_0 = stablehlo.constant dense<24> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<10x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<10x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<10x1xi1>, tensor<10x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<10x1xi32>) -> tensor<10x1x1xi32>
    %c_1 = stablehlo.constant dense<23> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<10x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<10x1x1xi32>, tensor<10x1x1xi32>) -> tensor<10x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<10x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<10x1x1xi32>, tensor<10x1x1xi32>) -> tensor<10x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<10x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<10x1x1xi1>, tensor<i1>) -> tensor<10x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<10x24xf32>, tensor<10x1x1xi32>) -> tensor<10x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<10x1xi1>, tensor<10x1xf32>
    return %15, %5 : tensor<10x1xf32>, tensor<10x1x1xi32>
  }
  func.func private @take_along_axis_2(%arg0: tensor<10x1x1xi32>, %arg1: tensor<10x1xf32>) -> tensor<10x24xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10x24xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<10x24xf32>, tensor<10x1x1xi32>, tensor<10x1xf32>) -> tensor<10x24xf32>
    return %1 : tensor<10x24xf32>
  }
  func.func private @log_softmax_3(%arg0: tensor<10x24xf32>, %arg1: tensor<10x1xf32>, %arg2: tensor<10x24xf32>) -> tensor<10x24xf32> {
    %0 = stablehlo.negate %arg2 : tensor<10x24xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<10x24xf32>, tensor<f32>) -> tensor<10xf32>
    %2 = stablehlo.reshape %1 : (tensor<10xf32>) -> tensor<10x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<10x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<10x1xf32>, tensor<f32>) -> tensor<10xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<10xf32>) -> tensor<10x24xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<10x24xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<10x24xf32>
    return %7 : tensor<10x24xf32>
  }
  func.func private @_var_4(%arg0: tensor<2x5x16xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<2x5x1xf32>, %arg4: tensor<2x5x1xf32>) -> tensor<2x5x16xf32> {
    %0 = call @_where_5(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<2x5x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x16xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<2x5x16xf32>
    %6 = stablehlo.negate %5 : tensor<2x5x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<2x5xf32>
    %8 = stablehlo.reshape %7 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_1 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x5x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x16xf32>
    %13 = stablehlo.add %5, %12 : tensor<2x5x16xf32>
    return %13 : tensor<2x5x16xf32>
  }
  func.func private @_where_5(%arg0: tensor<i1>, %arg1: tensor<2x5x1xf32>, %arg2: tensor<2x5x1xf32>) -> tensor<2x5x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<2x5x1xf32>
    return %1 : tensor<2x5x1xf32>
  }
  func.func private @_where_6(%arg0: tensor<2x2x5x5xi1>, %arg1: tensor<2x2x5x5xf32>, %arg2: tensor<2x2x5x5xf32>) -> tensor<2x2x5x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>
    return %1 : tensor<2x2x5x5xf32>
  }
  func.func private @_take_7(%arg0: tensor<2x5x1xi32>, %arg1: tensor<2x5x16xf32>) -> tensor<24x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<24x16xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<24x16xf32>, tensor<2x5x1xi32>, tensor<2x5x16xf32>) -> tensor<24x16xf32>
    return %1 : tensor<24x16xf32>
  }
}
