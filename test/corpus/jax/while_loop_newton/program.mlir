module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>) -> (tensor<10xf32> {jax.result_info = "result[0]"}, tensor<10xf32> {jax.result_info = "result[1][0]"}, tensor<i32> {jax.result_info = "result[1][1]"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c_0, %iterArg_3 = %c, %iterArg_4 = %0) : tensor<10xf32>, tensor<i32>, tensor<i32>, tensor<10xf32>
    cond {
      %c_5 = stablehlo.constant dense<8> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %3:2 = func.call @closed_call(%iterArg, %iterArg_3, %iterArg_4) : (tensor<10xf32>, tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %4, %3#0, %3#1 : tensor<10xf32>, tensor<i32>, tensor<i32>, tensor<10xf32>
    }
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c_1) : tensor<10xf32>, tensor<i32>
    cond {
      %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %3 = stablehlo.reduce(%iterArg init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
      %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %4 = stablehlo.compare GT, %3, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<10xf32>
      %4 = stablehlo.divide %iterArg, %3 : tensor<10xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_2, %c_4 : tensor<i32>
      stablehlo.return %4, %5 : tensor<10xf32>, tensor<i32>
    }
    return %1#3, %2#0, %2#1 : tensor<10xf32>, tensor<10xf32>, tensor<i32>
  }
  func.func private @closed_call(%arg0: tensor<10xf32>, %arg1: tensor<i32>, %arg2: tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = stablehlo.divide %arg0, %arg2 : tensor<10xf32>
    %2 = stablehlo.add %arg2, %1 : tensor<10xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<10xf32>
    return %0, %4 : tensor<i32>, tensor<10xf32>
  }
}
