module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8x8xf32>, %arg6: tensor<3x8xf32>, %arg7: tensor<5x3x8xf32>) -> (tensor<3x8xf32> {jax.result_info = "result[0]"}, tensor<5x3x8xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x3x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:10 = stablehlo.while(%iterArg = %arg7, %iterArg_0 = %arg5, %iterArg_1 = %arg2, %iterArg_2 = %arg4, %iterArg_3 = %arg1, %iterArg_4 = %arg3, %iterArg_5 = %arg0, %iterArg_6 = %c, %iterArg_7 = %arg6, %iterArg_8 = %0) : tensor<5x3x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>, tensor<3x8xf32>, tensor<5x3x8xf32>
    cond {
      %c_9 = stablehlo.constant dense<5> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_6, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_6) : (tensor<5x3x8xf32>, tensor<i32>) -> tensor<3x8xf32>
      %3:2 = func.call @closed_call(%iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %iterArg_7, %2) : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>)
      %4 = func.call @dynamic_update_index_in_dim(%iterArg_8, %3#1, %iterArg_6) : (tensor<5x3x8xf32>, tensor<3x8xf32>, tensor<i32>) -> tensor<5x3x8xf32>
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_6, %c_9 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %5, %3#0, %4 : tensor<5x3x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>, tensor<3x8xf32>, tensor<5x3x8xf32>
    }
    return %1#8, %1#9 : tensor<3x8xf32>, tensor<5x3x8xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x3x8xf32>, %arg1: tensor<i32>) -> tensor<3x8xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 3, 8] : (tensor<5x3x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3x8xf32>) -> tensor<3x8xf32>
    return %1 : tensor<3x8xf32>
  }
  func.func private @closed_call(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8x8xf32>, %arg6: tensor<3x8xf32>, %arg7: tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>) {
    %0 = stablehlo.dot_general %arg7, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %1 = stablehlo.dot_general %arg6, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %2 = stablehlo.add %0, %1 : tensor<3x8xf32>
    %3 = stablehlo.negate %2 : tensor<3x8xf32>
    %4 = stablehlo.exponential %3 : tensor<3x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %6 = stablehlo.add %5, %4 : tensor<3x8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %8 = stablehlo.divide %7, %6 : tensor<3x8xf32>
    %9 = stablehlo.dot_general %arg7, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %10 = stablehlo.dot_general %arg6, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %11 = stablehlo.add %9, %10 : tensor<3x8xf32>
    %12 = stablehlo.negate %11 : tensor<3x8xf32>
    %13 = stablehlo.exponential %12 : tensor<3x8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %15 = stablehlo.add %14, %13 : tensor<3x8xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %17 = stablehlo.divide %16, %15 : tensor<3x8xf32>
    %18 = stablehlo.dot_general %arg7, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %19 = stablehlo.multiply %17, %arg6 : tensor<3x8xf32>
    %20 = stablehlo.dot_general %19, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %21 = stablehlo.add %18, %20 : tensor<3x8xf32>
    %22 = stablehlo.tanh %21 : tensor<3x8xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %24 = stablehlo.subtract %23, %8 : tensor<3x8xf32>
    %25 = stablehlo.multiply %24, %arg6 : tensor<3x8xf32>
    %26 = stablehlo.multiply %8, %22 : tensor<3x8xf32>
    %27 = stablehlo.add %25, %26 : tensor<3x8xf32>
    return %27, %27 : tensor<3x8xf32>, tensor<3x8xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x3x8xf32>, %arg1: tensor<3x8xf32>, %arg2: tensor<i32>) -> tensor<5x3x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x8xf32>) -> tensor<1x3x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<5x3x8xf32>, tensor<1x3x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x3x8xf32>
    return %1 : tensor<5x3x8xf32>
  }
}
