module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x3xf32>, %arg1: tensor<5xi32>, %arg2: tensor<5x3xf32>) -> (tensor<8x3xf32> {jax.result_info = "result[0]"}, tensor<8x3xf32> {jax.result_info = "result[1]"}, tensor<8x3xf32> {jax.result_info = "result[2]"}, tensor<8x3xf32> {jax.result_info = "result[3]"}, tensor<8x3xf32> {jax.result_info = "result[4]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<5xi1>, tensor<5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %6 = "stablehlo.scatter"(%arg0, %5, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %36 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %36 : tensor<f32>
    }) : (tensor<8x3xf32>, tensor<5x1xi32>, tensor<5x3xf32>) -> tensor<8x3xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %8 = stablehlo.compare LT, %arg1, %7, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %10 = stablehlo.add %arg1, %9 : tensor<5xi32>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<5xi1>, tensor<5xi32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %13 = "stablehlo.scatter"(%arg0, %12, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      stablehlo.return %arg4 : tensor<f32>
    }) : (tensor<8x3xf32>, tensor<5x1xi32>, tensor<5x3xf32>) -> tensor<8x3xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %15 = stablehlo.compare LT, %arg1, %14, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_4 = stablehlo.constant dense<8> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %17 = stablehlo.add %arg1, %16 : tensor<5xi32>
    %18 = stablehlo.select %15, %17, %arg1 : tensor<5xi1>, tensor<5xi32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %20 = "stablehlo.scatter"(%arg0, %19, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %36 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
      stablehlo.return %36 : tensor<f32>
    }) : (tensor<8x3xf32>, tensor<5x1xi32>, tensor<5x3xf32>) -> tensor<8x3xf32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %22 = stablehlo.compare LT, %arg1, %21, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_6 = stablehlo.constant dense<8> : tensor<i32>
    %23 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %24 = stablehlo.add %arg1, %23 : tensor<5xi32>
    %25 = stablehlo.select %22, %24, %arg1 : tensor<5xi1>, tensor<5xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %27 = stablehlo.convert %26 : tensor<5xi32>
    %28 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %29 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %30 = stablehlo.concatenate %28, %29, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %32 = "stablehlo.scatter"(%arg0, %30, %31) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %36 = stablehlo.multiply %arg3, %arg4 : tensor<f32>
      stablehlo.return %36 : tensor<f32>
    }) : (tensor<8x3xf32>, tensor<5x2xi32>, tensor<5xf32>) -> tensor<8x3xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %34 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %35 = "stablehlo.scatter"(%33, %34, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %36 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %36 : tensor<f32>
    }) : (tensor<8x3xf32>, tensor<5x1xi32>, tensor<5x3xf32>) -> tensor<8x3xf32>
    return %6, %13, %20, %32, %35 : tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>
  }
}
