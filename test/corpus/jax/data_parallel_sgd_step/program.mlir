module @jit_local_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=1]> {stablehlo.mesh = {axes = [{name = "data", size = 1 : i64}]}}
  func.func public @main(%arg0: tensor<2xf32>, %arg1: tensor<4x2xf32>, %arg2: tensor<6x4xf32>, %arg3: tensor<6x2xf32>) -> (tensor<2xf32> {jax.result_info = "result['b']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<4x2xf32> {jax.result_info = "result['w']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x2xf32>) -> tensor<6x2xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<2xf32>) -> tensor<1x2xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<6x2xf32>
    %3 = stablehlo.add %0, %2 : tensor<6x2xf32>
    %4 = stablehlo.subtract %3, %arg3 : tensor<6x2xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<6x2xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x2xf32>
    %7 = stablehlo.multiply %6, %4 : tensor<6x2xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x2xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %9 = stablehlo.divide %8, %cst_1 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %10 = stablehlo.divide %cst_2, %cst_3 : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<6x2xf32>
    %12 = stablehlo.multiply %11, %7 : tensor<6x2xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<6x2xf32>, tensor<f32>) -> tensor<2xf32>
    %14 = stablehlo.reshape %13 : (tensor<2xf32>) -> tensor<1x2xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<1x2xf32>, tensor<f32>) -> tensor<2xf32>
    %16 = stablehlo.dot_general %12, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x2xf32>, tensor<6x4xf32>) -> tensor<2x4xf32>
    %17 = stablehlo.transpose %16, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %18 = "stablehlo.all_reduce"(%15) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %30 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %30 : tensor<f32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    %19 = "stablehlo.all_reduce"(%17) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %30 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %30 : tensor<f32>
    }) : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %21 = stablehlo.divide %18, %20 : tensor<2xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
    %23 = stablehlo.divide %19, %22 : tensor<4x2xf32>
    %cst_8 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %25 = stablehlo.multiply %24, %21 : tensor<2xf32>
    %26 = stablehlo.subtract %arg0, %25 : tensor<2xf32>
    %cst_9 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
    %28 = stablehlo.multiply %27, %23 : tensor<4x2xf32>
    %29 = stablehlo.subtract %arg1, %28 : tensor<4x2xf32>
    return %26, %29 : tensor<2xf32>, tensor<4x2xf32>
  }
}
