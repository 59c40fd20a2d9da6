module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<[1.000000e+00, -2.000000e+00, 5.000000e-01]> : tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:3 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c, %iterArg_2 = %0) : tensor<4x5xf32>, tensor<i32>, tensor<4x5xf32>
    cond {
      %c_3 = stablehlo.constant dense<4> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_1, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %3 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) : (tensor<4x5xf32>, tensor<i32>) -> tensor<5xf32>
      %4 = func.call @closed_call(%3) : (tensor<5xf32>) -> tensor<5xf32>
      %5 = func.call @dynamic_update_index_in_dim(%iterArg_2, %4, %iterArg_1) : (tensor<4x5xf32>, tensor<5xf32>, tensor<i32>) -> tensor<4x5xf32>
      %c_3 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_1, %c_3 : tensor<i32>
      stablehlo.return %iterArg, %6, %5 : tensor<4x5xf32>, tensor<i32>, tensor<4x5xf32>
    }
    %2 = call @polyval(%cst, %arg0) : (tensor<3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    return %1#2, %2 : tensor<4x5xf32>, tensor<4x5xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<4x5xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 5] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<1x5xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x5xf32>) -> tensor<5xf32>
    return %1 : tensor<5xf32>
  }
  func.func private @closed_call(%arg0: tensor<5xf32>) -> tensor<5xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.subtract %1, %arg0 : tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %5 = stablehlo.multiply %2, %4 : tensor<5xf32>
    return %5 : tensor<5xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<4x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<i32>) -> tensor<4x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<4x5xf32>, tensor<1x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
    return %1 : tensor<4x5xf32>
  }
  func.func private @polyval(%arg0: tensor<3xf32>, %arg1: tensor<4x5xf32>) -> tensor<4x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<5xf32>) -> tensor<4x5xf32>
    %2 = stablehlo.slice %arg0 [0:0] : (tensor<3xf32>) -> tensor<0xf32>
    %3 = stablehlo.slice %arg0 [0:3] : (tensor<3xf32>) -> tensor<3xf32>
    %4 = stablehlo.slice %3 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = call @closed_call_0(%arg1, %1, %5) : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %7 = stablehlo.slice %3 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
    %8 = stablehlo.reshape %7 : (tensor<1xf32>) -> tensor<f32>
    %9 = call @closed_call_0(%arg1, %6, %8) : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %10 = stablehlo.slice %3 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
    %11 = stablehlo.reshape %10 : (tensor<1xf32>) -> tensor<f32>
    %12 = call @closed_call_0(%arg1, %9, %11) : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    return %12 : tensor<4x5xf32>
  }
  func.func private @closed_call_0(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<f32>) -> tensor<4x5xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<4x5xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x5xf32>
    return %2 : tensor<4x5xf32>
  }
}
