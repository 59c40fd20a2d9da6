module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xf32>) -> (tensor<7xf32> {jax.result_info = "result[0]"}, tensor<5xf32> {jax.result_info = "result[1]"}, tensor<f32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}, tensor<7xf32> {jax.result_info = "result[4]"}, tensor<5xi32> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = call @_var(%arg0, %c) : (tensor<5x7xf32>, tensor<i32>) -> tensor<7xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = call @_std(%arg0, %c_0) : (tensor<5x7xf32>, tensor<i32>) -> tensor<5xf32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_std_2(%arg0, %c_1) : (tensor<5x7xf32>, tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<3.500000e+01> : tensor<f32>
    %4 = stablehlo.divide %3, %cst_2 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %6 = call @argmin(%arg0) : (tensor<5x7xf32>) -> tensor<5xi32>
    return %0, %1, %2, %4, %5, %6 : tensor<7xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>, tensor<7xf32>, tensor<5xi32>
  }
  func.func private @_var(%arg0: tensor<5x7xf32>, %arg1: tensor<i32>) -> tensor<7xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %cst_0 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x7xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x7xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<5x7xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x7xf32>
    %6 = chlo.square %5 : tensor<5x7xf32> -> tensor<5x7xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %11 = stablehlo.divide %9, %10 : tensor<7xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where(%12, %11, %cst_4) : (tensor<i1>, tensor<7xf32>, tensor<f32>) -> tensor<7xf32>
    return %13 : tensor<7xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<7xf32>, %arg2: tensor<f32>) -> tensor<7xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<7xf32>
    return %2 : tensor<7xf32>
  }
  func.func private @_std(%arg0: tensor<5x7xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
    %0 = call @_var_0(%arg0, %arg1) : (tensor<5x7xf32>, tensor<i32>) -> tensor<5xf32>
    %1 = stablehlo.sqrt %0 : tensor<5xf32>
    return %1 : tensor<5xf32>
  }
  func.func private @_var_0(%arg0: tensor<5x7xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %cst_0 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x7xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x7xf32>
    %6 = chlo.square %5 : tensor<5x7xf32> -> tensor<5x7xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %11 = stablehlo.divide %9, %10 : tensor<5xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where_1(%12, %11, %cst_4) : (tensor<i1>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
    return %13 : tensor<5xf32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<5xf32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<5xf32>
    return %2 : tensor<5xf32>
  }
  func.func private @_std_2(%arg0: tensor<5x7xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %0 = call @_var_3(%arg0, %arg1) : (tensor<5x7xf32>, tensor<i32>) -> tensor<f32>
    %1 = stablehlo.sqrt %0 : tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @_var_3(%arg0: tensor<5x7xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %cst_0 = stablehlo.constant dense<3.500000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<5x7xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x7xf32>
    %6 = chlo.square %5 : tensor<5x7xf32> -> tensor<5x7xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<3.500000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<f32>
    %10 = stablehlo.divide %9, %8 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = call @_where_4(%11, %10, %cst_4) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    return %12 : tensor<f32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @argmin(%arg0: tensor<5x7xf32>) -> tensor<5xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<5x7xi32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<5x7xf32>, tensor<5x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare LT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
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
    return %1#1 : tensor<5xi32>
  }
}
