module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x5xf32>, %arg1: tensor<8xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<8x5xf32> {jax.result_info = "result[1]"}, tensor<5xi32> {jax.result_info = "result[2]"}) {
    %0 = call @argmax(%arg0) : (tensor<8x5xf32>) -> tensor<8xi32>
    %1 = stablehlo.compare EQ, %0, %arg1, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %2 = stablehlo.convert %1 : (tensor<8xi1>) -> tensor<8xi32>
    %3 = stablehlo.convert %2 : (tensor<8xi32>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %5 = stablehlo.divide %4, %cst_0 : tensor<f32>
    %6 = call @_one_hot(%arg1) : (tensor<8xi32>) -> tensor<8x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %8 = call @clip(%0, %c_1) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %10 = stablehlo.compare LT, %8, %9, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %12 = stablehlo.add %8, %11 : tensor<8xi32>
    %13 = stablehlo.select %10, %12, %8 : tensor<8xi1>, tensor<8xi32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %16 = "stablehlo.scatter"(%7, %14, %15) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %17 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %17 : tensor<i32>
    }) : (tensor<5xi32>, tensor<8x1xi32>, tensor<8xi32>) -> tensor<5xi32>
    return %5, %6, %16 : tensor<f32>, tensor<8x5xf32>, tensor<5xi32>
  }
  func.func private @argmax(%arg0: tensor<8x5xf32>) -> tensor<8xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<8x5xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<8x5xf32>, tensor<8x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<8xi32>
  }
  func.func private @_one_hot(%arg0: tensor<8xi32>) -> tensor<8x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x5xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x5xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<8x5xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<8x5xi32>, tensor<8x5xi32>) -> tensor<8x5xi1>
    %5 = stablehlo.convert %4 : (tensor<8x5xi1>) -> tensor<8x5xf32>
    return %5 : tensor<8x5xf32>
  }
  func.func private @clip(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<8xi32>
    return %2 : tensor<8xi32>
  }
}
