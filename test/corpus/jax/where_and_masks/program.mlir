module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>, %arg2: tensor<4xi32>) -> (tensor<4x6xf32> {jax.result_info = "result[0]"}, tensor<4x6xf32> {jax.result_info = "result[1]"}, tensor<4x6xf32> {jax.result_info = "result[2]"}, tensor<4xi1> {jax.result_info = "result[3]"}, tensor<6xi1> {jax.result_info = "result[4]"}, tensor<4xi32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<6xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<6xi32>) -> tensor<1x6xi32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x6xi32>) -> tensor<4x6xi32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<4x1xi32>) -> tensor<4x6xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %6 = call @_where(%5, %arg0, %arg1) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %7 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %8 = stablehlo.subtract %arg0, %arg1 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = call @_where_0(%7, %8, %cst) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
    %cst_0 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = call @clip(%arg0, %cst_0, %cst_1) : (tensor<4x6xf32>, tensor<f32>, tensor<f32>) -> tensor<4x6xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %12 = stablehlo.compare GT, %arg0, %11, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %13 = stablehlo.reduce(%12 init: %c) applies stablehlo.or across dimensions = [1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<4xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %14 = stablehlo.reduce(%5 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<4x6xi1>, tensor<i1>) -> tensor<6xi1>
    %15 = call @cumsum(%5) : (tensor<4x6xi1>) -> tensor<24xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %17 = call @clip_2(%15, %c_5) : (tensor<24xi32>, tensor<i32>) -> tensor<24xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %19 = stablehlo.compare LT, %17, %18, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_7 = stablehlo.constant dense<4> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %21 = stablehlo.add %17, %20 : tensor<24xi32>
    %22 = stablehlo.select %19, %21, %17 : tensor<24xi1>, tensor<24xi32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<24xi32>) -> tensor<24x1xi32>
    %c_8 = stablehlo.constant dense<1> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %25 = "stablehlo.scatter"(%16, %23, %24) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %31 = stablehlo.add %arg3, %arg4 : tensor<i32>
      stablehlo.return %31 : tensor<i32>
    }) : (tensor<4xi32>, tensor<24x1xi32>, tensor<24xi32>) -> tensor<4xi32>
    %26 = call @cumsum_3(%25) : (tensor<4xi32>) -> tensor<4xi32>
    %c_9 = stablehlo.constant dense<6> : tensor<i32>
    %27 = call @floor_divide(%26, %c_9) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_10 = stablehlo.constant dense<4> : tensor<i32>
    %28 = call @remainder(%27, %c_10) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_11 = stablehlo.constant dense<1> : tensor<i32>
    %29 = call @floor_divide(%26, %c_11) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_12 = stablehlo.constant dense<6> : tensor<i32>
    %30 = call @remainder(%29, %c_12) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %6, %9, %10, %13, %14, %30 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4xi1>, tensor<6xi1>, tensor<4xi32>
  }
  func.func private @_where(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xf32>, %arg2: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x6xi1>, tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
  func.func private @_where_0(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xf32>, %arg2: tensor<f32>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<4x6xi1>, tensor<4x6xf32>
    return %2 : tensor<4x6xf32>
  }
  func.func private @clip(%arg0: tensor<4x6xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x6xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x6xf32>
    return %5 : tensor<4x6xf32>
  }
  func.func private @cumsum(%arg0: tensor<4x6xi1>) -> tensor<24xi32> {
    %0 = stablehlo.reshape %arg0 : (tensor<4x6xi1>) -> tensor<24xi1>
    %1 = stablehlo.convert %0 : (tensor<24xi1>) -> tensor<24xi32>
    %2 = call @cumsum_1(%1) : (tensor<24xi32>) -> tensor<24xi32>
    return %2 : tensor<24xi32>
  }
  func.func private @cumsum_1(%arg0: tensor<24xi32>) -> tensor<24xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[23, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 24>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<24xi32>, tensor<i32>) -> tensor<24xi32>
    return %1 : tensor<24xi32>
  }
  func.func private @clip_2(%arg0: tensor<24xi32>, %arg1: tensor<i32>) -> tensor<24xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<24xi32>
    return %2 : tensor<24xi32>
  }
  func.func private @cumsum_3(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %0 = call @cumsum_4(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @cumsum_4(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %1 : tensor<4xi32>
  }
  func.func private @floor_divide(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<4xi32>
    %2 = stablehlo.sign %arg0 : tensor<4xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %10 = stablehlo.and %5, %9 : tensor<4xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<4xi32>
    %13 = call @_where_5(%10, %12, %1) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    return %13 : tensor<4xi32>
  }
  func.func private @_where_5(%arg0: tensor<4xi1>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @remainder(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_6(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %12 = stablehlo.and %11, %6 : tensor<4xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %14 = stablehlo.add %4, %13 : tensor<4xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<4xi1>, tensor<4xi32>
    return %15 : tensor<4xi32>
  }
  func.func private @_where_6(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
