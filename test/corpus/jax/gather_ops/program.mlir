module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xf32>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6x5xf32> {jax.result_info = "result[2]"}, tensor<6x3xf32> {jax.result_info = "result[3]"}, tensor<6x6xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %1 = call @take_along_axis(%arg0, %0) : (tensor<6x5xf32>, tensor<6x1xi32>) -> tensor<6x1xf32>
    %2 = stablehlo.reshape %1 : (tensor<6x1xf32>) -> tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.compare LT, %arg1, %3, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %6 = stablehlo.add %arg1, %5 : tensor<6xi32>
    %7 = stablehlo.select %4, %6, %arg1 : tensor<6xi1>, tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %9 = stablehlo.compare LT, %arg2, %8, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %11 = stablehlo.add %arg2, %10 : tensor<6xi32>
    %12 = stablehlo.select %9, %11, %arg2 : tensor<6xi1>, tensor<6xi32>
    %13 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %15 = stablehlo.concatenate %13, %14, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
    %16 = "stablehlo.gather"(%arg0, %15) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x5xf32>, tensor<6x2xi32>) -> tensor<6xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.compare LT, %arg1, %17, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %20 = stablehlo.add %arg1, %19 : tensor<6xi32>
    %21 = stablehlo.select %18, %20, %arg1 : tensor<6xi1>, tensor<6xi32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %23 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5>}> : (tensor<6x5xf32>, tensor<6x1xi32>) -> tensor<6x5xf32>
    %24 = stablehlo.slice %arg0 [0:6, 0:5:2] : (tensor<6x5xf32>) -> tensor<6x3xf32>
    %25 = call @_take(%arg0, %arg1) : (tensor<6x5xf32>, tensor<6xi32>) -> tensor<6x6xf32>
    return %2, %16, %23, %24, %25 : tensor<6xf32>, tensor<6xf32>, tensor<6x5xf32>, tensor<6x3xf32>, tensor<6x6xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<6x5xf32>, %arg1: tensor<6x1xi32>) -> tensor<6x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x1xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<6x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<6x1xi1>, tensor<6x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<6x1xi32>) -> tensor<6x1x1xi32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<6x1x1xi32>, tensor<6x1x1xi32>) -> tensor<6x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<6x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<6x1x1xi32>, tensor<6x1x1xi32>) -> tensor<6x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<6x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<6x1x1xi1>, tensor<i1>) -> tensor<6x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x5xf32>, tensor<6x1x1xi32>) -> tensor<6x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<6x1xi1>, tensor<6x1xf32>
    return %15 : tensor<6x1xf32>
  }
  func.func private @_take(%arg0: tensor<6x5xf32>, %arg1: tensor<6xi32>) -> tensor<6x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 6, 1>}> : (tensor<6x5xf32>, tensor<6x1xi32>) -> tensor<6x6xf32>
    return %1 : tensor<6x6xf32>
  }
}
