module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6x6xf32>, %arg2: tensor<3x6xf32>, %arg3: tensor<2x6xf32>, %arg4: tensor<5x2x3xf32>, %arg5: tensor<2x6xf32>) -> (tensor<6xf32> {jax.result_info = "result['b']"}, tensor<6x6xf32> {jax.result_info = "result['wh']"}, tensor<3x6xf32> {jax.result_info = "result['wx']"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<6xf32>) -> tensor<1x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5:10 = stablehlo.while(%iterArg = %arg4, %iterArg_13 = %arg2, %iterArg_14 = %arg1, %iterArg_15 = %0, %iterArg_16 = %c, %iterArg_17 = %arg3, %iterArg_18 = %1, %iterArg_19 = %2, %iterArg_20 = %3, %iterArg_21 = %4) : tensor<5x2x3xf32>, tensor<3x6xf32>, tensor<6x6xf32>, tensor<1x6xf32>, tensor<i32>, tensor<2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>
    cond {
      %c_22 = stablehlo.constant dense<5> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_16, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %20 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_16) : (tensor<5x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %21:5 = func.call @closed_call(%iterArg_13, %iterArg_14, %iterArg_15, %iterArg_17, %20) : (tensor<3x6xf32>, tensor<6x6xf32>, tensor<1x6xf32>, tensor<2x6xf32>, tensor<2x3xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>)
      %22 = func.call @dynamic_update_index_in_dim(%iterArg_18, %21#1, %iterArg_16) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %23 = func.call @dynamic_update_index_in_dim(%iterArg_19, %21#2, %iterArg_16) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %24 = func.call @dynamic_update_index_in_dim(%iterArg_20, %21#3, %iterArg_16) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %25 = func.call @dynamic_update_index_in_dim(%iterArg_21, %21#4, %iterArg_16) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %c_22 = stablehlo.constant dense<1> : tensor<i32>
      %26 = stablehlo.add %iterArg_16, %c_22 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_13, %iterArg_14, %iterArg_15, %26, %21#0, %22, %23, %24, %25 : tensor<5x2x3xf32>, tensor<3x6xf32>, tensor<6x6xf32>, tensor<1x6xf32>, tensor<i32>, tensor<2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>
    }
    %6 = stablehlo.subtract %5#5, %arg5 : tensor<2x6xf32>
    %7 = stablehlo.multiply %6, %6 : tensor<2x6xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %9 = stablehlo.multiply %8, %6 : tensor<2x6xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%7 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %11 = stablehlo.divide %10, %cst_5 : tensor<f32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_8 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %13 = stablehlo.divide %cst_7, %cst_8 : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %15 = stablehlo.multiply %14, %9 : tensor<2x6xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %19:10 = stablehlo.while(%iterArg = %arg4, %iterArg_13 = %5#7, %iterArg_14 = %5#8, %iterArg_15 = %5#9, %iterArg_16 = %arg1, %iterArg_17 = %c_12, %iterArg_18 = %16, %iterArg_19 = %17, %iterArg_20 = %18, %iterArg_21 = %15) : tensor<5x2x3xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<6x6xf32>, tensor<i32>, tensor<3x6xf32>, tensor<6x6xf32>, tensor<6xf32>, tensor<2x6xf32>
    cond {
      %c_22 = stablehlo.constant dense<5> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_17, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %c_22 = stablehlo.constant dense<5> : tensor<i32>
      %20 = stablehlo.subtract %c_22, %iterArg_17 : tensor<i32>
      %c_23 = stablehlo.constant dense<1> : tensor<i32>
      %21 = stablehlo.subtract %20, %c_23 : tensor<i32>
      %22 = func.call @dynamic_index_in_dim(%iterArg, %21) : (tensor<5x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %23 = func.call @dynamic_index_in_dim_0(%iterArg_13, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %24 = func.call @dynamic_index_in_dim_0(%iterArg_14, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %25 = func.call @dynamic_index_in_dim_0(%iterArg_15, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %26:4 = func.call @closed_call_1(%iterArg_16, %iterArg_18, %iterArg_19, %iterArg_20, %iterArg_21, %22, %23, %24, %25) : (tensor<6x6xf32>, tensor<3x6xf32>, tensor<6x6xf32>, tensor<6xf32>, tensor<2x6xf32>, tensor<2x3xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> (tensor<3x6xf32>, tensor<6x6xf32>, tensor<6xf32>, tensor<2x6xf32>)
      %c_24 = stablehlo.constant dense<1> : tensor<i32>
      %27 = stablehlo.add %iterArg_17, %c_24 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_13, %iterArg_14, %iterArg_15, %iterArg_16, %27, %26#0, %26#1, %26#2, %26#3 : tensor<5x2x3xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<6x6xf32>, tensor<i32>, tensor<3x6xf32>, tensor<6x6xf32>, tensor<6xf32>, tensor<2x6xf32>
    }
    return %19#8, %19#7, %19#6 : tensor<6xf32>, tensor<6x6xf32>, tensor<3x6xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2x3xf32>, %arg1: tensor<i32>) -> tensor<2x3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 3] : (tensor<5x2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
  func.func private @closed_call(%arg0: tensor<3x6xf32>, %arg1: tensor<6x6xf32>, %arg2: tensor<1x6xf32>, %arg3: tensor<2x6xf32>, %arg4: tensor<2x3xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x6xf32>) -> tensor<2x6xf32>
    %1 = stablehlo.dot_general %arg3, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x6xf32>) -> tensor<2x6xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x6xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x6xf32>) -> tensor<2x6xf32>
    %4 = stablehlo.add %2, %3 : tensor<2x6xf32>
    %5 = stablehlo.tanh %4 : tensor<2x6xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %7 = stablehlo.subtract %6, %5 : tensor<2x6xf32>
    return %5, %5, %arg3, %5, %7 : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x2x6xf32>, %arg1: tensor<2x6xf32>, %arg2: tensor<i32>) -> tensor<5x2x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x6xf32>) -> tensor<1x2x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<5x2x6xf32>, tensor<1x2x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x2x6xf32>
    return %1 : tensor<5x2x6xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<5x2x6xf32>, %arg1: tensor<i32>) -> tensor<2x6xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 6] : (tensor<5x2x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x6xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
    return %1 : tensor<2x6xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<6x6xf32>, %arg1: tensor<3x6xf32>, %arg2: tensor<6x6xf32>, %arg3: tensor<6xf32>, %arg4: tensor<2x6xf32>, %arg5: tensor<2x3xf32>, %arg6: tensor<2x6xf32>, %arg7: tensor<2x6xf32>, %arg8: tensor<2x6xf32>) -> (tensor<3x6xf32>, tensor<6x6xf32>, tensor<6xf32>, tensor<2x6xf32>) {
    %0 = stablehlo.multiply %arg4, %arg8 : tensor<2x6xf32>
    %1 = stablehlo.multiply %0, %arg7 : tensor<2x6xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x6xf32>, tensor<f32>) -> tensor<6xf32>
    %4 = stablehlo.reshape %3 : (tensor<6xf32>) -> tensor<1x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %6 = stablehlo.add %arg3, %5 : tensor<6xf32>
    %7 = stablehlo.dot_general %2, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<6x6xf32>
    %8 = stablehlo.transpose %7, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %9 = stablehlo.add %arg2, %8 : tensor<6x6xf32>
    %10 = stablehlo.dot_general %2, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x6xf32>) -> tensor<2x6xf32>
    %11 = stablehlo.dot_general %2, %arg5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
    %12 = stablehlo.transpose %11, dims = [1, 0] : (tensor<6x3xf32>) -> tensor<3x6xf32>
    %13 = stablehlo.add %arg1, %12 : tensor<3x6xf32>
    return %13, %9, %6, %10 : tensor<3x6xf32>, tensor<6x6xf32>, tensor<6xf32>, tensor<2x6xf32>
  }
}
