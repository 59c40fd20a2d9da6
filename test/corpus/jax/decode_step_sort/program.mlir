module @jit_top_p attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x20xf32>, %arg1: tensor<f32>) -> (tensor<3x20xf32> {jax.result_info = "result[0]"}, tensor<3x20xi32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x20xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x20xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x20xf32>
    %6 = stablehlo.exponential %5 : tensor<3x20xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x20xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x20xf32>
    %10 = stablehlo.divide %6, %9 : tensor<3x20xf32>
    %11 = call @sort(%10) : (tensor<3x20xf32>) -> tensor<3x20xf32>
    %12 = stablehlo.reverse %11, dims = [1] : tensor<3x20xf32>
    %13 = call @cumsum(%12) : (tensor<3x20xf32>) -> tensor<3x20xf32>
    %14 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3x20xf32>
    %15 = stablehlo.compare LT, %13, %14, FLOAT : (tensor<3x20xf32>, tensor<3x20xf32>) -> tensor<3x20xi1>
    %16 = stablehlo.convert %15 : (tensor<3x20xi1>) -> tensor<3x20xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.reduce(%16 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<3x20xi32>, tensor<i32>) -> tensor<3xi32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %19 = call @take_along_axis(%12, %18) : (tensor<3x20xf32>, tensor<3x1xi32>) -> tensor<3x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x20xf32>
    %21 = stablehlo.compare GE, %10, %20, FLOAT : (tensor<3x20xf32>, tensor<3x20xf32>) -> tensor<3x20xi1>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = call @_where(%21, %arg0, %cst_2) : (tensor<3x20xi1>, tensor<3x20xf32>, tensor<f32>) -> tensor<3x20xf32>
    %23 = stablehlo.negate %arg0 : tensor<3x20xf32>
    %24 = call @argsort(%23) : (tensor<3x20xf32>) -> tensor<3x20xi32>
    return %22, %24 : tensor<3x20xf32>, tensor<3x20xi32>
  }
  func.func private @sort(%arg0: tensor<3x20xf32>) -> tensor<3x20xf32> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %1 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.select %1, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %4 = stablehlo.select %3, %cst_1, %2 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.select %5, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %7 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %8 = stablehlo.select %7, %cst_4, %6 : tensor<i1>, tensor<f32>
      %9 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    }) : (tensor<3x20xf32>) -> tensor<3x20xf32>
    return %0 : tensor<3x20xf32>
  }
  func.func private @cumsum(%arg0: tensor<3x20xf32>) -> tensor<3x20xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<3x20xf32>) -> tensor<3x20xf32>
    return %0 : tensor<3x20xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<3x20xf32>) -> tensor<3x20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [19, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 20>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<3x20xf32>, tensor<f32>) -> tensor<3x20xf32>
    return %1 : tensor<3x20xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<3x20xf32>, %arg1: tensor<3x1xi32>) -> tensor<3x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %c_0 = stablehlo.constant dense<20> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3x1xi1>, tensor<3x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<3x1xi32>) -> tensor<3x1x1xi32>
    %c_1 = stablehlo.constant dense<19> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<3x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<3x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<3x1x1xi1>, tensor<i1>) -> tensor<3x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x20xf32>, tensor<3x1x1xi32>) -> tensor<3x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<3x1xi1>, tensor<3x1xf32>
    return %15 : tensor<3x1xf32>
  }
  func.func private @_where(%arg0: tensor<3x20xi1>, %arg1: tensor<3x20xf32>, %arg2: tensor<f32>) -> tensor<3x20xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x20xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3x20xi1>, tensor<3x20xf32>
    return %2 : tensor<3x20xf32>
  }
  func.func private @argsort(%arg0: tensor<3x20xf32>) -> tensor<3x20xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<3x20xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<3x20xf32>, tensor<3x20xi32>) -> (tensor<3x20xf32>, tensor<3x20xi32>)
    return %1#1 : tensor<3x20xi32>
  }
}
