module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<3x3x3x8xf32>, %arg3: tensor<3x3x8x8xf32>, %arg4: tensor<5xf32>, %arg5: tensor<32x5xf32>, %arg6: tensor<2x8x8x3xf32>, %arg7: tensor<2xi32>) -> (tensor<8xf32> {jax.result_info = "result[0]['bn_b']"}, tensor<8xf32> {jax.result_info = "result[0]['bn_s']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[0]['c1']"}, tensor<3x3x8x8xf32> {jax.result_info = "result[0]['c2']"}, tensor<5xf32> {jax.result_info = "result[0]['head']['b']"}, tensor<32x5xf32> {jax.result_info = "result[0]['head']['w']"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convolution(%arg6, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x8x8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:5 = call @_var(%0, %c) : (tensor<2x8x8x8xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<2x8x8x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>)
    %5 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %7 = stablehlo.subtract %0, %6 : tensor<2x8x8x8xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %9 = stablehlo.add %4#0, %8 : tensor<8xf32>
    %10 = stablehlo.rsqrt %9 : tensor<8xf32>
    %11 = stablehlo.divide %10, %9 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %13 = stablehlo.multiply %12, %11 : tensor<8xf32>
    %14 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %16 = stablehlo.multiply %7, %15 : tensor<2x8x8x8xf32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %19 = stablehlo.multiply %16, %18 : tensor<2x8x8x8xf32>
    %20 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %22 = stablehlo.add %19, %21 : tensor<2x8x8x8xf32>
    %23 = call @relu(%22) : (tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x8x8x8xf32>
    %25 = stablehlo.compare GT, %22, %24, FLOAT : (tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xi1>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x8x8x8xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<f32>
    %28 = "stablehlo.reduce_window"(%23, %27) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %121 = stablehlo.maximum %arg8, %arg9 : tensor<f32>
      stablehlo.return %121 : tensor<f32>
    }) : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<2x4x4x8xf32>
    %29 = stablehlo.convolution(%28, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x8xf32>, tensor<3x3x8x8xf32>) -> tensor<2x4x4x8xf32>
    %30 = call @relu_0(%29) : (tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %32 = stablehlo.compare GT, %29, %31, FLOAT : (tensor<2x4x4x8xf32>, tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<f32>
    %35 = "stablehlo.reduce_window"(%30, %34) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %121 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %121 : tensor<f32>
    }) : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x2x2x8xf32>
    %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x2x2x8xf32>
    %37 = stablehlo.divide %35, %36 : tensor<2x2x2x8xf32>
    %38 = stablehlo.reshape %37 : (tensor<2x2x2x8xf32>) -> tensor<2x32xf32>
    %39 = stablehlo.dot_general %38, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32xf32>, tensor<32x5xf32>) -> tensor<2x5xf32>
    %40 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<2x5xf32>
    %42 = stablehlo.add %39, %41 : tensor<2x5xf32>
    %43:3 = call @log_softmax(%42) : (tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x1xf32>)
    %44 = stablehlo.broadcast_in_dim %arg7, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %45:2 = call @take_along_axis(%43#0, %44) : (tensor<2x5xf32>, tensor<2x1xi32>) -> (tensor<2x1xf32>, tensor<2x1x1xi32>)
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45#0 init: %cst_10) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %47 = stablehlo.divide %46, %cst_11 : tensor<f32>
    %48 = stablehlo.negate %47 : tensor<f32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %49 = stablehlo.negate %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %50 = stablehlo.divide %49, %cst_13 : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
    %52 = call @take_along_axis_1(%45#1, %51) : (tensor<2x1x1xi32>, tensor<2x1xf32>) -> tensor<2x5xf32>
    %53 = call @log_softmax_2(%43#1, %43#2, %52) : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_14) applies stablehlo.add across dimensions = [0] : (tensor<2x5xf32>, tensor<f32>) -> tensor<5xf32>
    %55 = stablehlo.reshape %54 : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_15) applies stablehlo.add across dimensions = [0] : (tensor<1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %57 = stablehlo.dot_general %53, %38, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5xf32>, tensor<2x32xf32>) -> tensor<5x32xf32>
    %58 = stablehlo.transpose %57, dims = [1, 0] : (tensor<5x32xf32>) -> tensor<32x5xf32>
    %59 = stablehlo.dot_general %53, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5xf32>, tensor<32x5xf32>) -> tensor<2x32xf32>
    %60 = stablehlo.reshape %59 : (tensor<2x32xf32>) -> tensor<2x2x2x8xf32>
    %cst_16 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x2x2x8xf32>
    %62 = stablehlo.divide %60, %61 : tensor<2x2x2x8xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.pad %62, %cst_17, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 1, 1, 0] : (tensor<2x2x2x8xf32>, tensor<f32>) -> tensor<2x5x5x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<f32>
    %65 = "stablehlo.reduce_window"(%63, %64) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %121 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %121 : tensor<f32>
    }) : (tensor<2x5x5x8xf32>, tensor<f32>) -> tensor<2x4x4x8xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %67 = stablehlo.select %32, %65, %66 : tensor<2x4x4x8xi1>, tensor<2x4x4x8xf32>
    %68 = stablehlo.convolution(%28, %67) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x8xf32>, tensor<2x4x4x8xf32>) -> tensor<3x3x8x8xf32>
    %69 = stablehlo.reverse %arg3, dims = [0, 1] : tensor<3x3x8x8xf32>
    %70 = stablehlo.convolution(%67, %69) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x8xf32>, tensor<3x3x8x8xf32>) -> tensor<2x4x4x8xf32>
    %cst_20 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %71 = stablehlo.pad %23, %cst_20, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<2x8x8x8xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = "stablehlo.select_and_scatter"(%71, %70, %cst_21) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %121 = stablehlo.compare GE, %arg8, %arg9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %121 : tensor<i1>
    }, {
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %121 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %121 : tensor<f32>
    }) : (tensor<2x8x8x8xf32>, tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x8x8x8xf32>
    %73 = stablehlo.slice %72 [0:2, 0:8, 0:8, 0:8] : (tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x8x8x8xf32>
    %75 = stablehlo.select %25, %73, %74 : tensor<2x8x8x8xi1>, tensor<2x8x8x8xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %76 = stablehlo.reduce(%75 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %77 = stablehlo.reshape %76 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%77 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %79 = stablehlo.multiply %16, %75 : tensor<2x8x8x8xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %80 = stablehlo.reduce(%79 init: %cst_25) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %81 = stablehlo.reshape %80 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %82 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %83 = stablehlo.multiply %75, %82 : tensor<2x8x8x8xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.reduce(%81 init: %cst_26) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %85 = stablehlo.multiply %7, %83 : tensor<2x8x8x8xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %86 = stablehlo.reduce(%85 init: %cst_27) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %87 = stablehlo.reshape %86 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %88 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %89 = stablehlo.multiply %83, %88 : tensor<2x8x8x8xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %90 = stablehlo.reduce(%87 init: %cst_28) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %91 = stablehlo.multiply %90, %13 : tensor<8xf32>
    %92 = stablehlo.negate %89 : tensor<2x8x8x8xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %93 = stablehlo.reduce(%92 init: %cst_29) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %94 = stablehlo.reshape %93 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %95 = stablehlo.reduce(%94 init: %cst_30) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %96 = call @_var_3(%4#1, %4#2, %4#3, %4#4, %91) : (tensor<2x8x8x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
    %97 = stablehlo.add %89, %96 : tensor<2x8x8x8xf32>
    %cst_31 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %99 = stablehlo.divide %95, %98 : tensor<8xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [3] : (tensor<8xf32>) -> tensor<2x8x8x8xf32>
    %101 = stablehlo.add %97, %100 : tensor<2x8x8x8xf32>
    %102 = stablehlo.convolution(%arg6, %101) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<2x8x8x8xf32>) -> tensor<3x3x3x8xf32>
    %cst_32 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %104 = stablehlo.multiply %103, %78 : tensor<8xf32>
    %105 = stablehlo.subtract %arg0, %104 : tensor<8xf32>
    %cst_33 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %107 = stablehlo.multiply %106, %84 : tensor<8xf32>
    %108 = stablehlo.subtract %arg1, %107 : tensor<8xf32>
    %cst_34 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %110 = stablehlo.multiply %109, %102 : tensor<3x3x3x8xf32>
    %111 = stablehlo.subtract %arg2, %110 : tensor<3x3x3x8xf32>
    %cst_35 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<3x3x8x8xf32>
    %113 = stablehlo.multiply %112, %68 : tensor<3x3x8x8xf32>
    %114 = stablehlo.subtract %arg3, %113 : tensor<3x3x8x8xf32>
    %cst_36 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %116 = stablehlo.multiply %115, %56 : tensor<5xf32>
    %117 = stablehlo.subtract %arg4, %116 : tensor<5xf32>
    %cst_37 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<32x5xf32>
    %119 = stablehlo.multiply %118, %58 : tensor<32x5xf32>
    %120 = stablehlo.subtract %arg5, %119 : tensor<32x5xf32>
    return %105, %108, %111, %114, %117, %120, %48 : tensor<8xf32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x8xf32>, tensor<5xf32>, tensor<32x5xf32>, tensor<f32>
  }
  func.func private @_var(%arg0: tensor<2x8x8x8xf32>, %arg1: tensor<i32>) -> (tensor<8xf32>, tensor<2x8x8x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x8x8x8xf32>
    %6 = chlo.square %5 : tensor<2x8x8x8xf32> -> tensor<2x8x8x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x8x8xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x8x8x8xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %13 = stablehlo.divide %11, %12 : tensor<8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15:2 = call @_where(%14, %13, %cst_5) : (tensor<i1>, tensor<8xf32>, tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>)
    return %15#0, %8, %10, %14, %15#1 : tensor<8xf32>, tensor<2x8x8x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<8xf32>, %arg2: tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    return %2, %3 : tensor<8xf32>, tensor<8xf32>
  }
  func.func private @relu(%arg0: tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x8x8x8xf32>
    return %1 : tensor<2x8x8x8xf32>
  }
  func.func private @relu_0(%arg0: tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x4x4x8xf32>
    return %1 : tensor<2x4x4x8xf32>
  }
  func.func private @log_softmax(%arg0: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x5xf32>
    %6 = stablehlo.exponential %5 : tensor<2x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %9 = stablehlo.log %8 : tensor<2x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x5xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x5xf32>
    return %11, %6, %8 : tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x5xf32>, %arg1: tensor<2x1xi32>) -> (tensor<2x1xf32>, tensor<2x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x1xi1>, tensor<2x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x1xi32>) -> tensor<2x1x1xi32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x1x1xi1>, tensor<i1>) -> tensor<2x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<2x5xf32>, tensor<2x1x1xi32>) -> tensor<2x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x1xi1>, tensor<2x1xf32>
    return %15, %5 : tensor<2x1xf32>, tensor<2x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<2x1x1xi32>, %arg1: tensor<2x1xf32>) -> tensor<2x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x5xf32>, tensor<2x1x1xi32>, tensor<2x1xf32>) -> tensor<2x5xf32>
    return %1 : tensor<2x5xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<2x5xf32>, %arg1: tensor<2x1xf32>, %arg2: tensor<2x5xf32>) -> tensor<2x5xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.reshape %1 : (tensor<2xf32>) -> tensor<2x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x1xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x5xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x5xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2x5xf32>
    return %7 : tensor<2x5xf32>
  }
  func.func private @_var_3(%arg0: tensor<2x8x8x8xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>) -> tensor<2x8x8x8xf32> {
    %0 = call @_where_4(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.divide %0, %1 : tensor<8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<8xf32>) -> tensor<2x8x8x8xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<2x8x8x8xf32>
    %5 = stablehlo.negate %4 : tensor<2x8x8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %7 = stablehlo.reshape %6 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %9 = stablehlo.divide %7, %8 : tensor<1x1x1x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<8xf32>) -> tensor<2x8x8x8xf32>
    %12 = stablehlo.add %4, %11 : tensor<2x8x8x8xf32>
    return %12 : tensor<2x8x8x8xf32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}
