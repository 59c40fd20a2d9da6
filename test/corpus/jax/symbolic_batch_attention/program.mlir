module @jit_transformer_block attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<8xf32>, %arg7: tensor<16x8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<8xf32>, %arg10: tensor<8xf32>, %arg11: tensor<8xf32>, %arg12: tensor<?x4x8xf32>) -> (tensor<?x4x8xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg12, dim = 0 : (tensor<?x4x8xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[1].shape = (b, 4, 8). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[1].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @_wrapped_jax_export_main(%0, %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11, %arg12) : (tensor<i32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<16xf32>, tensor<8x16xf32>, tensor<8xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<?x4x8xf32>) -> tensor<?x4x8xf32>
    return %2 : tensor<?x4x8xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<16xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<8xf32>, %arg8: tensor<16x8xf32>, %arg9: tensor<8xf32>, %arg10: tensor<8xf32>, %arg11: tensor<8xf32>, %arg12: tensor<8xf32>, %arg13: tensor<?x4x8xf32>) -> (tensor<?x4x8xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.12837911> : tensor<f32>
    %cst_0 = stablehlo.constant dense<-0.37612626> : tensor<f32>
    %cst_1 = stablehlo.constant dense<0.112835854> : tensor<f32>
    %cst_2 = stablehlo.constant dense<-0.0268538129> : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.00518832775> : tensor<f32>
    %cst_4 = stablehlo.constant dense<-8.0101937E-4> : tensor<f32>
    %cst_5 = stablehlo.constant dense<7.85386146E-5> : tensor<f32>
    %cst_6 = stablehlo.constant dense<-88.7228394> : tensor<f32>
    %cst_7 = stablehlo.constant dense<0.564189494> : tensor<f32>
    %cst_8 = stablehlo.constant dense<-0.282076746> : tensor<f32>
    %cst_9 = stablehlo.constant dense<0.42184633> : tensor<f32>
    %cst_10 = stablehlo.constant dense<-1.01526523> : tensor<f32>
    %cst_11 = stablehlo.constant dense<2.92101908> : tensor<f32>
    %cst_12 = stablehlo.constant dense<-7.49551868> : tensor<f32>
    %cst_13 = stablehlo.constant dense<1.297720e+01> : tensor<f32>
    %cst_14 = stablehlo.constant dense<-10.477664> : tensor<f32>
    %cst_15 = stablehlo.constant dense<0.563825965> : tensor<f32>
    %cst_16 = stablehlo.constant dense<-0.274112701> : tensor<f32>
    %cst_17 = stablehlo.constant dense<3.404880e-01> : tensor<f32>
    %cst_18 = stablehlo.constant dense<-0.494451523> : tensor<f32>
    %cst_19 = stablehlo.constant dense<0.621000468> : tensor<f32>
    %cst_20 = stablehlo.constant dense<-0.582473278> : tensor<f32>
    %cst_21 = stablehlo.constant dense<0.368742466> : tensor<f32>
    %cst_22 = stablehlo.constant dense<-0.138703942> : tensor<f32>
    %cst_23 = stablehlo.constant dense<2.326820e-02> : tensor<f32>
    %cst_24 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_26 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %cst_27 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %c = stablehlo.constant dense<16> : tensor<1xi32>
    %cst_28 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_29 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %c_30 = stablehlo.constant dense<2> : tensor<1xi32>
    %cst_31 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %c_32 = stablehlo.constant dense<8> : tensor<1xi32>
    %c_33 = stablehlo.constant dense<0> : tensor<i32>
    %cst_34 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %c_35 = stablehlo.constant dense<1> : tensor<1xi32>
    %c_36 = stablehlo.constant dense<4> : tensor<1xi32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg13 init: %cst_37) applies stablehlo.add across dimensions = [2] : (tensor<?x4x8xf32>, tensor<f32>) -> tensor<?x4xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %cst_34, %5, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %7 = stablehlo.divide %3, %6 : tensor<?x4x1xf32>
    %8 = call @_var(%arg0, %arg13, %c_33) : (tensor<i32>, tensor<?x4x8xf32>, tensor<i32>) -> tensor<?x4x1xf32>
    %9 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %10 = stablehlo.concatenate %9, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %11 = stablehlo.dynamic_broadcast_in_dim %7, %10, dims = [0, 1, 2] : (tensor<?x4x1xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %12 = stablehlo.subtract %arg13, %11 : tensor<?x4x8xf32>
    %13 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %14 = stablehlo.concatenate %13, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %15 = stablehlo.dynamic_broadcast_in_dim %cst_31, %14, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %16 = stablehlo.add %8, %15 : tensor<?x4x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<?x4x1xf32>
    %18 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %19 = stablehlo.concatenate %18, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %20 = stablehlo.dynamic_broadcast_in_dim %17, %19, dims = [0, 1, 2] : (tensor<?x4x1xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %21 = stablehlo.multiply %12, %20 : tensor<?x4x8xf32>
    %22 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %23 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %24 = stablehlo.concatenate %23, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %25 = stablehlo.dynamic_broadcast_in_dim %22, %24, dims = [0, 1, 2] : (tensor<1x1x8xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %26 = stablehlo.multiply %21, %25 : tensor<?x4x8xf32>
    %27 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %28 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %29 = stablehlo.concatenate %28, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %30 = stablehlo.dynamic_broadcast_in_dim %27, %29, dims = [0, 1, 2] : (tensor<1x1x8xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %31 = stablehlo.add %26, %30 : tensor<?x4x8xf32>
    %32 = stablehlo.dot_general %31, %arg3, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x8xf32>) -> tensor<?x4x8xf32>
    %33 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %34 = stablehlo.concatenate %33, %c_36, %c_30, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %35 = stablehlo.dynamic_reshape %32, %34 : (tensor<?x4x8xf32>, tensor<4xi32>) -> tensor<?x4x2x4xf32>
    %36 = stablehlo.dot_general %31, %arg1, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x8xf32>) -> tensor<?x4x8xf32>
    %37 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %38 = stablehlo.concatenate %37, %c_36, %c_30, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %39 = stablehlo.dynamic_reshape %36, %38 : (tensor<?x4x8xf32>, tensor<4xi32>) -> tensor<?x4x2x4xf32>
    %40 = stablehlo.dot_general %31, %arg4, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x8xf32>) -> tensor<?x4x8xf32>
    %41 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %42 = stablehlo.concatenate %41, %c_36, %c_30, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %43 = stablehlo.dynamic_reshape %40, %42 : (tensor<?x4x8xf32>, tensor<4xi32>) -> tensor<?x4x2x4xf32>
    %44 = stablehlo.dot_general %35, %39, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<?x4x2x4xf32>, tensor<?x4x2x4xf32>) -> tensor<?x2x4x4xf32>
    %45 = stablehlo.sqrt %cst_29 : tensor<f32>
    %46 = stablehlo.convert %45 : tensor<f32>
    %47 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %48 = stablehlo.concatenate %47, %c_30, %c_36, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %49 = stablehlo.dynamic_broadcast_in_dim %46, %48, dims = [] : (tensor<f32>, tensor<4xi32>) -> tensor<?x2x4x4xf32>
    %50 = stablehlo.divide %44, %49 : tensor<?x2x4x4xf32>
    %51 = stablehlo.reduce(%50 init: %cst_28) applies stablehlo.maximum across dimensions = [3] : (tensor<?x2x4x4xf32>, tensor<f32>) -> tensor<?x2x4xf32>
    %52 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %53 = stablehlo.concatenate %52, %c_30, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %54 = stablehlo.dynamic_broadcast_in_dim %cst_28, %53, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x2x4xf32>
    %55 = stablehlo.maximum %54, %51 : tensor<?x2x4xf32>
    %56 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %57 = stablehlo.concatenate %56, %c_30, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %58 = stablehlo.dynamic_broadcast_in_dim %55, %57, dims = [0, 1, 2] : (tensor<?x2x4xf32>, tensor<4xi32>) -> tensor<?x2x4x1xf32>
    %59 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %60 = stablehlo.concatenate %59, %c_30, %c_36, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %61 = stablehlo.dynamic_broadcast_in_dim %58, %60, dims = [0, 1, 2, 3] : (tensor<?x2x4x1xf32>, tensor<4xi32>) -> tensor<?x2x4x4xf32>
    %62 = stablehlo.subtract %50, %61 : tensor<?x2x4x4xf32>
    %63 = stablehlo.exponential %62 : tensor<?x2x4x4xf32>
    %64 = stablehlo.reduce(%63 init: %cst_37) applies stablehlo.add across dimensions = [3] : (tensor<?x2x4x4xf32>, tensor<f32>) -> tensor<?x2x4xf32>
    %65 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %66 = stablehlo.concatenate %65, %c_30, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %67 = stablehlo.dynamic_broadcast_in_dim %64, %66, dims = [0, 1, 2] : (tensor<?x2x4xf32>, tensor<4xi32>) -> tensor<?x2x4x1xf32>
    %68 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %69 = stablehlo.concatenate %68, %c_30, %c_36, %c_36, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %70 = stablehlo.dynamic_broadcast_in_dim %67, %69, dims = [0, 1, 2, 3] : (tensor<?x2x4x1xf32>, tensor<4xi32>) -> tensor<?x2x4x4xf32>
    %71 = stablehlo.divide %63, %70 : tensor<?x2x4x4xf32>
    %72 = stablehlo.dot_general %43, %71, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3] : (tensor<?x4x2x4xf32>, tensor<?x2x4x4xf32>) -> tensor<?x2x4x4xf32>
    %73 = stablehlo.transpose %72, dims = [0, 3, 1, 2] : (tensor<?x2x4x4xf32>) -> tensor<?x4x2x4xf32>
    %74 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %75 = stablehlo.concatenate %74, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %76 = stablehlo.dynamic_reshape %73, %75 : (tensor<?x4x2x4xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %77 = stablehlo.dot_general %76, %arg2, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x8xf32>) -> tensor<?x4x8xf32>
    %78 = stablehlo.add %arg13, %77 : tensor<?x4x8xf32>
    %79 = stablehlo.reduce(%78 init: %cst_37) applies stablehlo.add across dimensions = [2] : (tensor<?x4x8xf32>, tensor<f32>) -> tensor<?x4xf32>
    %80 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %81 = stablehlo.concatenate %80, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %82 = stablehlo.dynamic_broadcast_in_dim %79, %81, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %83 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %84 = stablehlo.concatenate %83, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %85 = stablehlo.dynamic_broadcast_in_dim %cst_34, %84, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %86 = stablehlo.divide %82, %85 : tensor<?x4x1xf32>
    %87 = call @_var(%arg0, %78, %c_33) : (tensor<i32>, tensor<?x4x8xf32>, tensor<i32>) -> tensor<?x4x1xf32>
    %88 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %89 = stablehlo.concatenate %88, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %90 = stablehlo.dynamic_broadcast_in_dim %86, %89, dims = [0, 1, 2] : (tensor<?x4x1xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %91 = stablehlo.subtract %78, %90 : tensor<?x4x8xf32>
    %92 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %93 = stablehlo.concatenate %92, %c_36, %c_35, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %94 = stablehlo.dynamic_broadcast_in_dim %cst_31, %93, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %95 = stablehlo.add %87, %94 : tensor<?x4x1xf32>
    %96 = stablehlo.rsqrt %95 : tensor<?x4x1xf32>
    %97 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %98 = stablehlo.concatenate %97, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %99 = stablehlo.dynamic_broadcast_in_dim %96, %98, dims = [0, 1, 2] : (tensor<?x4x1xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %100 = stablehlo.multiply %91, %99 : tensor<?x4x8xf32>
    %101 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %102 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %103 = stablehlo.concatenate %102, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %104 = stablehlo.dynamic_broadcast_in_dim %101, %103, dims = [0, 1, 2] : (tensor<1x1x8xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %105 = stablehlo.multiply %100, %104 : tensor<?x4x8xf32>
    %106 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %107 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %108 = stablehlo.concatenate %107, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %109 = stablehlo.dynamic_broadcast_in_dim %106, %108, dims = [0, 1, 2] : (tensor<1x1x8xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %110 = stablehlo.add %105, %109 : tensor<?x4x8xf32>
    %111 = stablehlo.dot_general %110, %arg6, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x16xf32>) -> tensor<?x4x16xf32>
    %112 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %113 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %114 = stablehlo.concatenate %113, %c_36, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %115 = stablehlo.dynamic_broadcast_in_dim %112, %114, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %116 = stablehlo.add %111, %115 : tensor<?x4x16xf32>
    %117 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %118 = stablehlo.concatenate %117, %c_36, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %119 = stablehlo.dynamic_broadcast_in_dim %cst_27, %118, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %120 = stablehlo.multiply %119, %116 : tensor<?x4x16xf32>
    %121 = stablehlo.negate %116 : tensor<?x4x16xf32>
    %122 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %123 = stablehlo.concatenate %122, %c_36, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %124 = stablehlo.dynamic_broadcast_in_dim %cst_26, %123, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %125 = stablehlo.multiply %121, %124 : tensor<?x4x16xf32>
    %126 = stablehlo.multiply %125, %125 : tensor<?x4x16xf32>
    %127 = stablehlo.negate %126 : tensor<?x4x16xf32>
    %128 = stablehlo.abs %125 : tensor<?x4x16xf32>
    %129 = stablehlo.get_dimension_size %125, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %130 = stablehlo.reshape %129 : (tensor<i32>) -> tensor<1xi32>
    %131 = stablehlo.get_dimension_size %125, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %132 = stablehlo.reshape %131 : (tensor<i32>) -> tensor<1xi32>
    %133 = stablehlo.get_dimension_size %125, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %134 = stablehlo.reshape %133 : (tensor<i32>) -> tensor<1xi32>
    %135 = stablehlo.concatenate %130, %132, %134, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %136 = stablehlo.dynamic_broadcast_in_dim %cst_25, %135, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %137 = stablehlo.divide %136, %126 : tensor<?x4x16xf32>
    %138 = stablehlo.exponential %127 : tensor<?x4x16xf32>
    %139 = stablehlo.divide %136, %128 : tensor<?x4x16xf32>
    %140 = stablehlo.multiply %138, %139 : tensor<?x4x16xf32>
    %141 = stablehlo.get_dimension_size %125, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %142 = stablehlo.reshape %141 : (tensor<i32>) -> tensor<1xi32>
    %143 = stablehlo.get_dimension_size %125, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %144 = stablehlo.reshape %143 : (tensor<i32>) -> tensor<1xi32>
    %145 = stablehlo.get_dimension_size %125, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %146 = stablehlo.reshape %145 : (tensor<i32>) -> tensor<1xi32>
    %147 = stablehlo.concatenate %142, %144, %146, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %148 = stablehlo.dynamic_broadcast_in_dim %cst_24, %147, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %149 = stablehlo.compare LT, %128, %148 : (tensor<?x4x16xf32>, tensor<?x4x16xf32>) -> tensor<?x4x16xi1>
    %150 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %151 = stablehlo.reshape %150 : (tensor<i32>) -> tensor<1xi32>
    %152 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %153 = stablehlo.reshape %152 : (tensor<i32>) -> tensor<1xi32>
    %154 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %155 = stablehlo.reshape %154 : (tensor<i32>) -> tensor<1xi32>
    %156 = stablehlo.concatenate %151, %153, %155, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %157 = stablehlo.dynamic_broadcast_in_dim %cst_23, %156, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %158 = stablehlo.multiply %157, %137 : tensor<?x4x16xf32>
    %159 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %160 = stablehlo.reshape %159 : (tensor<i32>) -> tensor<1xi32>
    %161 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %162 = stablehlo.reshape %161 : (tensor<i32>) -> tensor<1xi32>
    %163 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %164 = stablehlo.reshape %163 : (tensor<i32>) -> tensor<1xi32>
    %165 = stablehlo.concatenate %160, %162, %164, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %166 = stablehlo.dynamic_broadcast_in_dim %cst_22, %165, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %167 = stablehlo.add %158, %166 : tensor<?x4x16xf32>
    %168 = stablehlo.multiply %167, %137 : tensor<?x4x16xf32>
    %169 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %170 = stablehlo.reshape %169 : (tensor<i32>) -> tensor<1xi32>
    %171 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %172 = stablehlo.reshape %171 : (tensor<i32>) -> tensor<1xi32>
    %173 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %174 = stablehlo.reshape %173 : (tensor<i32>) -> tensor<1xi32>
    %175 = stablehlo.concatenate %170, %172, %174, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %176 = stablehlo.dynamic_broadcast_in_dim %cst_21, %175, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %177 = stablehlo.add %168, %176 : tensor<?x4x16xf32>
    %178 = stablehlo.multiply %177, %137 : tensor<?x4x16xf32>
    %179 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %180 = stablehlo.reshape %179 : (tensor<i32>) -> tensor<1xi32>
    %181 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %182 = stablehlo.reshape %181 : (tensor<i32>) -> tensor<1xi32>
    %183 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %184 = stablehlo.reshape %183 : (tensor<i32>) -> tensor<1xi32>
    %185 = stablehlo.concatenate %180, %182, %184, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %186 = stablehlo.dynamic_broadcast_in_dim %cst_20, %185, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %187 = stablehlo.add %178, %186 : tensor<?x4x16xf32>
    %188 = stablehlo.multiply %187, %137 : tensor<?x4x16xf32>
    %189 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %190 = stablehlo.reshape %189 : (tensor<i32>) -> tensor<1xi32>
    %191 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %192 = stablehlo.reshape %191 : (tensor<i32>) -> tensor<1xi32>
    %193 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %194 = stablehlo.reshape %193 : (tensor<i32>) -> tensor<1xi32>
    %195 = stablehlo.concatenate %190, %192, %194, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %196 = stablehlo.dynamic_broadcast_in_dim %cst_19, %195, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %197 = stablehlo.add %188, %196 : tensor<?x4x16xf32>
    %198 = stablehlo.multiply %197, %137 : tensor<?x4x16xf32>
    %199 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %200 = stablehlo.reshape %199 : (tensor<i32>) -> tensor<1xi32>
    %201 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %202 = stablehlo.reshape %201 : (tensor<i32>) -> tensor<1xi32>
    %203 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %204 = stablehlo.reshape %203 : (tensor<i32>) -> tensor<1xi32>
    %205 = stablehlo.concatenate %200, %202, %204, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %206 = stablehlo.dynamic_broadcast_in_dim %cst_18, %205, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %207 = stablehlo.add %198, %206 : tensor<?x4x16xf32>
    %208 = stablehlo.multiply %207, %137 : tensor<?x4x16xf32>
    %209 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %210 = stablehlo.reshape %209 : (tensor<i32>) -> tensor<1xi32>
    %211 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %212 = stablehlo.reshape %211 : (tensor<i32>) -> tensor<1xi32>
    %213 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %214 = stablehlo.reshape %213 : (tensor<i32>) -> tensor<1xi32>
    %215 = stablehlo.concatenate %210, %212, %214, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %216 = stablehlo.dynamic_broadcast_in_dim %cst_17, %215, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %217 = stablehlo.add %208, %216 : tensor<?x4x16xf32>
    %218 = stablehlo.multiply %217, %137 : tensor<?x4x16xf32>
    %219 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %220 = stablehlo.reshape %219 : (tensor<i32>) -> tensor<1xi32>
    %221 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %222 = stablehlo.reshape %221 : (tensor<i32>) -> tensor<1xi32>
    %223 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %224 = stablehlo.reshape %223 : (tensor<i32>) -> tensor<1xi32>
    %225 = stablehlo.concatenate %220, %222, %224, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %226 = stablehlo.dynamic_broadcast_in_dim %cst_16, %225, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %227 = stablehlo.add %218, %226 : tensor<?x4x16xf32>
    %228 = stablehlo.multiply %227, %137 : tensor<?x4x16xf32>
    %229 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %230 = stablehlo.reshape %229 : (tensor<i32>) -> tensor<1xi32>
    %231 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %232 = stablehlo.reshape %231 : (tensor<i32>) -> tensor<1xi32>
    %233 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %234 = stablehlo.reshape %233 : (tensor<i32>) -> tensor<1xi32>
    %235 = stablehlo.concatenate %230, %232, %234, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %236 = stablehlo.dynamic_broadcast_in_dim %cst_15, %235, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %237 = stablehlo.add %228, %236 : tensor<?x4x16xf32>
    %238 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %239 = stablehlo.reshape %238 : (tensor<i32>) -> tensor<1xi32>
    %240 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %241 = stablehlo.reshape %240 : (tensor<i32>) -> tensor<1xi32>
    %242 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %243 = stablehlo.reshape %242 : (tensor<i32>) -> tensor<1xi32>
    %244 = stablehlo.concatenate %239, %241, %243, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %245 = stablehlo.dynamic_broadcast_in_dim %cst_14, %244, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %246 = stablehlo.multiply %245, %137 : tensor<?x4x16xf32>
    %247 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %248 = stablehlo.reshape %247 : (tensor<i32>) -> tensor<1xi32>
    %249 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %250 = stablehlo.reshape %249 : (tensor<i32>) -> tensor<1xi32>
    %251 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %252 = stablehlo.reshape %251 : (tensor<i32>) -> tensor<1xi32>
    %253 = stablehlo.concatenate %248, %250, %252, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %254 = stablehlo.dynamic_broadcast_in_dim %cst_13, %253, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %255 = stablehlo.add %246, %254 : tensor<?x4x16xf32>
    %256 = stablehlo.multiply %255, %137 : tensor<?x4x16xf32>
    %257 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %258 = stablehlo.reshape %257 : (tensor<i32>) -> tensor<1xi32>
    %259 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %260 = stablehlo.reshape %259 : (tensor<i32>) -> tensor<1xi32>
    %261 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %262 = stablehlo.reshape %261 : (tensor<i32>) -> tensor<1xi32>
    %263 = stablehlo.concatenate %258, %260, %262, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %264 = stablehlo.dynamic_broadcast_in_dim %cst_12, %263, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %265 = stablehlo.add %256, %264 : tensor<?x4x16xf32>
    %266 = stablehlo.multiply %265, %137 : tensor<?x4x16xf32>
    %267 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %268 = stablehlo.reshape %267 : (tensor<i32>) -> tensor<1xi32>
    %269 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %270 = stablehlo.reshape %269 : (tensor<i32>) -> tensor<1xi32>
    %271 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %272 = stablehlo.reshape %271 : (tensor<i32>) -> tensor<1xi32>
    %273 = stablehlo.concatenate %268, %270, %272, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %274 = stablehlo.dynamic_broadcast_in_dim %cst_11, %273, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %275 = stablehlo.add %266, %274 : tensor<?x4x16xf32>
    %276 = stablehlo.multiply %275, %137 : tensor<?x4x16xf32>
    %277 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %278 = stablehlo.reshape %277 : (tensor<i32>) -> tensor<1xi32>
    %279 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %280 = stablehlo.reshape %279 : (tensor<i32>) -> tensor<1xi32>
    %281 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %282 = stablehlo.reshape %281 : (tensor<i32>) -> tensor<1xi32>
    %283 = stablehlo.concatenate %278, %280, %282, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %284 = stablehlo.dynamic_broadcast_in_dim %cst_10, %283, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %285 = stablehlo.add %276, %284 : tensor<?x4x16xf32>
    %286 = stablehlo.multiply %285, %137 : tensor<?x4x16xf32>
    %287 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %288 = stablehlo.reshape %287 : (tensor<i32>) -> tensor<1xi32>
    %289 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %290 = stablehlo.reshape %289 : (tensor<i32>) -> tensor<1xi32>
    %291 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %292 = stablehlo.reshape %291 : (tensor<i32>) -> tensor<1xi32>
    %293 = stablehlo.concatenate %288, %290, %292, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %294 = stablehlo.dynamic_broadcast_in_dim %cst_9, %293, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %295 = stablehlo.add %286, %294 : tensor<?x4x16xf32>
    %296 = stablehlo.multiply %295, %137 : tensor<?x4x16xf32>
    %297 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %298 = stablehlo.reshape %297 : (tensor<i32>) -> tensor<1xi32>
    %299 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %300 = stablehlo.reshape %299 : (tensor<i32>) -> tensor<1xi32>
    %301 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %302 = stablehlo.reshape %301 : (tensor<i32>) -> tensor<1xi32>
    %303 = stablehlo.concatenate %298, %300, %302, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %304 = stablehlo.dynamic_broadcast_in_dim %cst_8, %303, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %305 = stablehlo.add %296, %304 : tensor<?x4x16xf32>
    %306 = stablehlo.multiply %305, %137 : tensor<?x4x16xf32>
    %307 = stablehlo.get_dimension_size %137, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %308 = stablehlo.reshape %307 : (tensor<i32>) -> tensor<1xi32>
    %309 = stablehlo.get_dimension_size %137, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %310 = stablehlo.reshape %309 : (tensor<i32>) -> tensor<1xi32>
    %311 = stablehlo.get_dimension_size %137, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %312 = stablehlo.reshape %311 : (tensor<i32>) -> tensor<1xi32>
    %313 = stablehlo.concatenate %308, %310, %312, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %314 = stablehlo.dynamic_broadcast_in_dim %cst_7, %313, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %315 = stablehlo.add %306, %314 : tensor<?x4x16xf32>
    %316 = stablehlo.select %149, %237, %315 : tensor<?x4x16xi1>, tensor<?x4x16xf32>
    %317 = stablehlo.multiply %140, %316 : tensor<?x4x16xf32>
    %318 = stablehlo.get_dimension_size %125, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %319 = stablehlo.reshape %318 : (tensor<i32>) -> tensor<1xi32>
    %320 = stablehlo.get_dimension_size %125, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %321 = stablehlo.reshape %320 : (tensor<i32>) -> tensor<1xi32>
    %322 = stablehlo.get_dimension_size %125, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %323 = stablehlo.reshape %322 : (tensor<i32>) -> tensor<1xi32>
    %324 = stablehlo.concatenate %319, %321, %323, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %325 = stablehlo.dynamic_broadcast_in_dim %cst_6, %324, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %326 = stablehlo.compare LT, %127, %325 : (tensor<?x4x16xf32>, tensor<?x4x16xf32>) -> tensor<?x4x16xi1>
    %327 = stablehlo.get_dimension_size %125, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %328 = stablehlo.reshape %327 : (tensor<i32>) -> tensor<1xi32>
    %329 = stablehlo.get_dimension_size %125, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %330 = stablehlo.reshape %329 : (tensor<i32>) -> tensor<1xi32>
    %331 = stablehlo.get_dimension_size %125, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %332 = stablehlo.reshape %331 : (tensor<i32>) -> tensor<1xi32>
    %333 = stablehlo.concatenate %328, %330, %332, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %334 = stablehlo.dynamic_broadcast_in_dim %cst_37, %333, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %335 = stablehlo.select %326, %334, %317 : tensor<?x4x16xi1>, tensor<?x4x16xf32>
    %336 = stablehlo.compare LT, %125, %334 : (tensor<?x4x16xf32>, tensor<?x4x16xf32>) -> tensor<?x4x16xi1>
    %337 = stablehlo.subtract %148, %335 : tensor<?x4x16xf32>
    %338 = stablehlo.select %336, %337, %335 : tensor<?x4x16xi1>, tensor<?x4x16xf32>
    %339 = stablehlo.get_dimension_size %125, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %340 = stablehlo.reshape %339 : (tensor<i32>) -> tensor<1xi32>
    %341 = stablehlo.get_dimension_size %125, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %342 = stablehlo.reshape %341 : (tensor<i32>) -> tensor<1xi32>
    %343 = stablehlo.get_dimension_size %125, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %344 = stablehlo.reshape %343 : (tensor<i32>) -> tensor<1xi32>
    %345 = stablehlo.concatenate %340, %342, %344, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %346 = stablehlo.dynamic_broadcast_in_dim %cst_25, %345, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %347 = stablehlo.multiply %125, %125 : tensor<?x4x16xf32>
    %348 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %349 = stablehlo.reshape %348 : (tensor<i32>) -> tensor<1xi32>
    %350 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %351 = stablehlo.reshape %350 : (tensor<i32>) -> tensor<1xi32>
    %352 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %353 = stablehlo.reshape %352 : (tensor<i32>) -> tensor<1xi32>
    %354 = stablehlo.concatenate %349, %351, %353, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %355 = stablehlo.dynamic_broadcast_in_dim %cst_5, %354, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %356 = stablehlo.multiply %355, %347 : tensor<?x4x16xf32>
    %357 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %358 = stablehlo.reshape %357 : (tensor<i32>) -> tensor<1xi32>
    %359 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %360 = stablehlo.reshape %359 : (tensor<i32>) -> tensor<1xi32>
    %361 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %362 = stablehlo.reshape %361 : (tensor<i32>) -> tensor<1xi32>
    %363 = stablehlo.concatenate %358, %360, %362, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %364 = stablehlo.dynamic_broadcast_in_dim %cst_4, %363, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %365 = stablehlo.add %356, %364 : tensor<?x4x16xf32>
    %366 = stablehlo.multiply %365, %347 : tensor<?x4x16xf32>
    %367 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %368 = stablehlo.reshape %367 : (tensor<i32>) -> tensor<1xi32>
    %369 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %370 = stablehlo.reshape %369 : (tensor<i32>) -> tensor<1xi32>
    %371 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %372 = stablehlo.reshape %371 : (tensor<i32>) -> tensor<1xi32>
    %373 = stablehlo.concatenate %368, %370, %372, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %374 = stablehlo.dynamic_broadcast_in_dim %cst_3, %373, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %375 = stablehlo.add %366, %374 : tensor<?x4x16xf32>
    %376 = stablehlo.multiply %375, %347 : tensor<?x4x16xf32>
    %377 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %378 = stablehlo.reshape %377 : (tensor<i32>) -> tensor<1xi32>
    %379 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %380 = stablehlo.reshape %379 : (tensor<i32>) -> tensor<1xi32>
    %381 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %382 = stablehlo.reshape %381 : (tensor<i32>) -> tensor<1xi32>
    %383 = stablehlo.concatenate %378, %380, %382, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %384 = stablehlo.dynamic_broadcast_in_dim %cst_2, %383, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %385 = stablehlo.add %376, %384 : tensor<?x4x16xf32>
    %386 = stablehlo.multiply %385, %347 : tensor<?x4x16xf32>
    %387 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %388 = stablehlo.reshape %387 : (tensor<i32>) -> tensor<1xi32>
    %389 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %390 = stablehlo.reshape %389 : (tensor<i32>) -> tensor<1xi32>
    %391 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %392 = stablehlo.reshape %391 : (tensor<i32>) -> tensor<1xi32>
    %393 = stablehlo.concatenate %388, %390, %392, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %394 = stablehlo.dynamic_broadcast_in_dim %cst_1, %393, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %395 = stablehlo.add %386, %394 : tensor<?x4x16xf32>
    %396 = stablehlo.multiply %395, %347 : tensor<?x4x16xf32>
    %397 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %398 = stablehlo.reshape %397 : (tensor<i32>) -> tensor<1xi32>
    %399 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %400 = stablehlo.reshape %399 : (tensor<i32>) -> tensor<1xi32>
    %401 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %402 = stablehlo.reshape %401 : (tensor<i32>) -> tensor<1xi32>
    %403 = stablehlo.concatenate %398, %400, %402, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %404 = stablehlo.dynamic_broadcast_in_dim %cst_0, %403, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %405 = stablehlo.add %396, %404 : tensor<?x4x16xf32>
    %406 = stablehlo.multiply %405, %347 : tensor<?x4x16xf32>
    %407 = stablehlo.get_dimension_size %347, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %408 = stablehlo.reshape %407 : (tensor<i32>) -> tensor<1xi32>
    %409 = stablehlo.get_dimension_size %347, dim = 1 : (tensor<?x4x16xf32>) -> tensor<i32>
    %410 = stablehlo.reshape %409 : (tensor<i32>) -> tensor<1xi32>
    %411 = stablehlo.get_dimension_size %347, dim = 2 : (tensor<?x4x16xf32>) -> tensor<i32>
    %412 = stablehlo.reshape %411 : (tensor<i32>) -> tensor<1xi32>
    %413 = stablehlo.concatenate %408, %410, %412, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %414 = stablehlo.dynamic_broadcast_in_dim %cst, %413, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %415 = stablehlo.add %406, %414 : tensor<?x4x16xf32>
    %416 = stablehlo.multiply %125, %415 : tensor<?x4x16xf32>
    %417 = stablehlo.subtract %346, %416 : tensor<?x4x16xf32>
    %418 = stablehlo.abs %125 : tensor<?x4x16xf32>
    %419 = stablehlo.compare LT, %418, %346 : (tensor<?x4x16xf32>, tensor<?x4x16xf32>) -> tensor<?x4x16xi1>
    %420 = stablehlo.select %419, %417, %338 : tensor<?x4x16xi1>, tensor<?x4x16xf32>
    %421 = stablehlo.multiply %120, %420 : tensor<?x4x16xf32>
    %422 = stablehlo.dot_general %421, %arg8, contracting_dims = [2] x [0] : (tensor<?x4x16xf32>, tensor<16x8xf32>) -> tensor<?x4x8xf32>
    %423 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %424 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %425 = stablehlo.concatenate %424, %c_36, %c_32, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %426 = stablehlo.dynamic_broadcast_in_dim %423, %425, dims = [0, 1, 2] : (tensor<1x1x8xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %427 = stablehlo.add %422, %426 : tensor<?x4x8xf32>
    %428 = stablehlo.add %78, %427 : tensor<?x4x8xf32>
    return %428 : tensor<?x4x8xf32>
  }
  func.func private @_var(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4x8xf32>, %arg2: tensor<i32>) -> tensor<?x4x1xf32> {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<4> : tensor<1xi32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<?x4x8xf32>, tensor<f32>) -> tensor<?x4xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %cst_0, %5, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %7 = stablehlo.divide %3, %6 : tensor<?x4x1xf32>
    %8 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.concatenate %8, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %7, %9, dims = [0, 1, 2] : (tensor<?x4x1xf32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %11 = stablehlo.subtract %arg1, %10 : tensor<?x4x8xf32>
    %12 = stablehlo.multiply %11, %11 : tensor<?x4x8xf32>
    %13 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %14 = stablehlo.subtract %cst_0, %13 : tensor<f32>
    %15 = stablehlo.reduce(%12 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<?x4x8xf32>, tensor<f32>) -> tensor<?x4xf32>
    %16 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.concatenate %16, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %18 = stablehlo.dynamic_broadcast_in_dim %15, %17, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %19 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %20 = stablehlo.concatenate %19, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %21 = stablehlo.dynamic_broadcast_in_dim %14, %20, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %22 = stablehlo.divide %18, %21 : tensor<?x4x1xf32>
    %23 = stablehlo.compare GT, %14, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %24 = call @_where(%arg0, %23, %22, %cst) : (tensor<i32>, tensor<i1>, tensor<?x4x1xf32>, tensor<f32>) -> tensor<?x4x1xf32>
    return %24 : tensor<?x4x1xf32>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i1>, %arg2: tensor<?x4x1xf32>, %arg3: tensor<f32>) -> tensor<?x4x1xf32> {
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
    %0 = stablehlo.convert %arg3 : tensor<f32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_0, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x1xf32>
    %4 = stablehlo.select %arg1, %arg2, %3 : tensor<i1>, tensor<?x4x1xf32>
    return %4 : tensor<?x4x1xf32>
  }
}
