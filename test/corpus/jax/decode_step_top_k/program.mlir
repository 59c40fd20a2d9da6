module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<2x8x16xf32>, %arg5: tensor<2x8x16xf32>, %arg6: tensor<2xi32>, %arg7: tensor<i32>) -> (tensor<2x4xf32> {jax.result_info = "result[0]"}, tensor<2x4xi32> {jax.result_info = "result[1]"}, tensor<2x8x16xf32> {jax.result_info = "result[2]"}, tensor<2x8x16xf32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %1 = stablehlo.compare LT, %arg6, %0, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_0 = stablehlo.constant dense<32> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %3 = stablehlo.add %arg6, %2 : tensor<2xi32>
    %4 = stablehlo.select %1, %3, %arg6 : tensor<2xi1>, tensor<2xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<32x16xf32>, tensor<2x1xi32>) -> tensor<2x16xf32>
    %7 = stablehlo.dot_general %6, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
    %8 = stablehlo.dot_general %6, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
    %9 = stablehlo.dot_general %6, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 2] : (tensor<2x16xf32>) -> tensor<2x1x16xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.compare LT, %arg7, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %12 = stablehlo.add %arg7, %c_2 : tensor<i32>
    %13 = stablehlo.select %11, %12, %arg7 : tensor<i1>, tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.dynamic_update_slice %arg4, %10, %c_3, %13, %c_4 : (tensor<2x8x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
    %15 = stablehlo.broadcast_in_dim %9, dims = [0, 2] : (tensor<2x16xf32>) -> tensor<2x1x16xf32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.compare LT, %arg7, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_6 = stablehlo.constant dense<8> : tensor<i32>
    %17 = stablehlo.add %arg7, %c_6 : tensor<i32>
    %18 = stablehlo.select %16, %17, %arg7 : tensor<i1>, tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.dynamic_update_slice %arg5, %15, %c_7, %18, %c_8 : (tensor<2x8x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
    %20 = stablehlo.dot_general %7, %14, batching_dims = [0] x [0], contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x8x16xf32>) -> tensor<2x8xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %22 = stablehlo.divide %20, %21 : tensor<2x8xf32>
    %23 = stablehlo.iota dim = 0 : tensor<8xi32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [1] : (tensor<8xi32>) -> tensor<1x8xi32>
    %25 = stablehlo.broadcast_in_dim %arg7, dims = [] : (tensor<i32>) -> tensor<1x8xi32>
    %26 = stablehlo.compare LE, %24, %25, SIGNED : (tensor<1x8xi32>, tensor<1x8xi32>) -> tensor<1x8xi1>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %27 = call @_where(%26, %22, %cst_9) : (tensor<1x8xi1>, tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_10) applies stablehlo.maximum across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %30 = stablehlo.maximum %29, %28 : tensor<2xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
    %33 = stablehlo.subtract %27, %32 : tensor<2x8xf32>
    %34 = stablehlo.exponential %33 : tensor<2x8xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_12) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
    %38 = stablehlo.divide %34, %37 : tensor<2x8xf32>
    %39 = stablehlo.dot_general %38, %19, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<2x8x16xf32>) -> tensor<2x16xf32>
    %40 = stablehlo.add %6, %39 : tensor<2x16xf32>
    %41 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %42 = stablehlo.dot_general %40, %41, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
    %values, %indices = chlo.top_k(%42, k = 4) : tensor<2x32xf32> -> (tensor<2x4xf32>, tensor<2x4xi32>)
    return %values, %indices, %14, %19 : tensor<2x4xf32>, tensor<2x4xi32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>
  }
  func.func private @_where(%arg0: tensor<1x8xi1>, %arg1: tensor<2x8xf32>, %arg2: tensor<f32>) -> tensor<2x8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x8xi1>) -> tensor<2x8xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x8xi1>, tensor<2x8xf32>
    return %3 : tensor<2x8xf32>
  }
}
