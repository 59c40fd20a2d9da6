module @jit_model attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<32xf32>, %arg5: tensor<16x32xf32>, %arg6: tensor<16xf32>, %arg7: tensor<32x16xf32>, %arg8: tensor<16xf32>, %arg9: tensor<16xf32>, %arg10: tensor<16xf32>, %arg11: tensor<16xf32>, %arg12: tensor<30x16xf32>, %arg13: tensor<6x16xf32>, %arg14: tensor<2x6xi32>) -> (tensor<2x6x16xf32> {jax.result_info = "result"}) {
    %0 = call @_take(%arg12, %arg14) : (tensor<30x16xf32>, tensor<2x6xi32>) -> tensor<2x6x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg13, dims = [1, 2] : (tensor<6x16xf32>) -> tensor<1x6x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x6x16xf32>) -> tensor<2x6x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x6x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x6x16xf32>, tensor<f32>) -> tensor<2x6xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %7 = stablehlo.divide %5, %6 : tensor<2x6x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = call @_var(%3, %c) : (tensor<2x6x16xf32>, tensor<i32>) -> tensor<2x6x1xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x16xf32>
    %10 = stablehlo.subtract %3, %9 : tensor<2x6x16xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %12 = stablehlo.add %8, %11 : tensor<2x6x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<2x6x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x16xf32>
    %15 = stablehlo.multiply %10, %14 : tensor<2x6x16xf32>
    %16 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x6x16xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<2x6x16xf32>
    %19 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x6x16xf32>
    %21 = stablehlo.add %18, %20 : tensor<2x6x16xf32>
    %22 = stablehlo.dot_general %21, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x16xf32>) -> tensor<2x6x16xf32>
    %23 = stablehlo.reshape %22 : (tensor<2x6x16xf32>) -> tensor<2x6x2x8xf32>
    %24 = stablehlo.dot_general %21, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x16xf32>) -> tensor<2x6x16xf32>
    %25 = stablehlo.reshape %24 : (tensor<2x6x16xf32>) -> tensor<2x6x2x8xf32>
    %26 = stablehlo.dot_general %21, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x16xf32>) -> tensor<2x6x16xf32>
    %27 = stablehlo.reshape %26 : (tensor<2x6x16xf32>) -> tensor<2x6x2x8xf32>
    %28 = stablehlo.dot_general %23, %25, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x8xf32>, tensor<2x6x2x8xf32>) -> tensor<2x2x6x6xf32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %29 = stablehlo.sqrt %cst_2 : tensor<f32>
    %30 = stablehlo.convert %29 : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %32 = stablehlo.divide %28, %31 : tensor<2x2x6x6xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_3) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x2x6xf32>
    %35 = stablehlo.maximum %34, %33 : tensor<2x2x6xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %38 = stablehlo.subtract %32, %37 : tensor<2x2x6x6xf32>
    %39 = stablehlo.exponential %38 : tensor<2x2x6x6xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_5) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %43 = stablehlo.divide %39, %42 : tensor<2x2x6x6xf32>
    %44 = stablehlo.dot_general %27, %43, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x8xf32>, tensor<2x2x6x6xf32>) -> tensor<2x2x8x6xf32>
    %45 = stablehlo.transpose %44, dims = [0, 3, 1, 2] : (tensor<2x2x8x6xf32>) -> tensor<2x6x2x8xf32>
    %46 = stablehlo.reshape %45 : (tensor<2x6x2x8xf32>) -> tensor<2x6x16xf32>
    %47 = stablehlo.dot_general %46, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x16xf32>) -> tensor<2x6x16xf32>
    %48 = stablehlo.add %3, %47 : tensor<2x6x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<2x6x16xf32>, tensor<f32>) -> tensor<2x6xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_7 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %52 = stablehlo.divide %50, %51 : tensor<2x6x1xf32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %53 = call @_var(%48, %c_8) : (tensor<2x6x16xf32>, tensor<i32>) -> tensor<2x6x1xf32>
    %54 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x16xf32>
    %55 = stablehlo.subtract %48, %54 : tensor<2x6x16xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %57 = stablehlo.add %53, %56 : tensor<2x6x1xf32>
    %58 = stablehlo.rsqrt %57 : tensor<2x6x1xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x16xf32>
    %60 = stablehlo.multiply %55, %59 : tensor<2x6x16xf32>
    %61 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x6x16xf32>
    %63 = stablehlo.multiply %60, %62 : tensor<2x6x16xf32>
    %64 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x6x16xf32>
    %66 = stablehlo.add %63, %65 : tensor<2x6x16xf32>
    %67 = stablehlo.dot_general %66, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x32xf32>) -> tensor<2x6x32xf32>
    %68 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x6x32xf32>
    %70 = stablehlo.add %67, %69 : tensor<2x6x32xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x6x32xf32>
    %72 = stablehlo.multiply %71, %70 : tensor<2x6x32xf32>
    %73 = stablehlo.negate %70 : tensor<2x6x32xf32>
    %cst_11 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x6x32xf32>
    %75 = stablehlo.multiply %73, %74 : tensor<2x6x32xf32>
    %76 = chlo.erfc %75 : tensor<2x6x32xf32> -> tensor<2x6x32xf32>
    %77 = stablehlo.multiply %72, %76 : tensor<2x6x32xf32>
    %78 = stablehlo.dot_general %77, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x32xf32>, tensor<32x16xf32>) -> tensor<2x6x16xf32>
    %79 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x6x16xf32>
    %81 = stablehlo.add %78, %80 : tensor<2x6x16xf32>
    %82 = stablehlo.add %48, %81 : tensor<2x6x16xf32>
    return %82 : tensor<2x6x16xf32>
  }
  func.func private @_take(%arg0: tensor<30x16xf32>, %arg1: tensor<2x6xi32>) -> tensor<2x6x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x6xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x6xi32>, tensor<2x6xi32>) -> tensor<2x6xi1>
    %c_0 = stablehlo.constant dense<30> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x6xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x6xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<2x6xi1>, tensor<2x6xi32>, tensor<2x6xi32>) -> tensor<2x6xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x6xi32>) -> tensor<2x6x1xi32>
    %c_1 = stablehlo.constant dense<29> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x6x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x6x1xi32>, tensor<2x6x1xi32>) -> tensor<2x6x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x6x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x6x1xi32>, tensor<2x6x1xi32>) -> tensor<2x6x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x6x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x6x1xi1>, tensor<i1>) -> tensor<2x6xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<30x16xf32>, tensor<2x6x1xi32>) -> tensor<2x6x16xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x6xi1>) -> tensor<2x6x16xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x6x16xi1>, tensor<2x6x16xf32>
    return %16 : tensor<2x6x16xf32>
  }
  func.func private @_where(%arg0: tensor<2x6xi1>, %arg1: tensor<2x6xi32>, %arg2: tensor<2x6xi32>) -> tensor<2x6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x6xi1>, tensor<2x6xi32>
    return %0 : tensor<2x6xi32>
  }
  func.func private @_var(%arg0: tensor<2x6x16xf32>, %arg1: tensor<i32>) -> tensor<2x6x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x6x16xf32>, tensor<f32>) -> tensor<2x6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x16xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x6x16xf32>
    %6 = chlo.square %5 : tensor<2x6x16xf32> -> tensor<2x6x16xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x6x16xf32>, tensor<f32>) -> tensor<2x6xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x6x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where_0(%13, %12, %cst_4) : (tensor<i1>, tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6x1xf32>
    return %14 : tensor<2x6x1xf32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<2x6x1xf32>, %arg2: tensor<f32>) -> tensor<2x6x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x6x1xf32>
    return %2 : tensor<2x6x1xf32>
  }
}
