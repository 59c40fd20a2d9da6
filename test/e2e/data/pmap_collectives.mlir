// What JAX 0.10.2 prints on 4 forced host devices for
//   def f(x, w):
//     y = jnp.tanh(x @ w)
//     s = jax.lax.psum(y, "i")
//     g = jax.lax.all_gather(y, "i")
//     p = jax.lax.ppermute(y, "i", [(0, 1), (1, 2), (2, 3), (3, 0)])
//     return s, g.sum(0) - s, p * jax.lax.axis_index("i")
//   jax.pmap(f, axis_name="i").lower(x, w).as_text()  # x: 4x3x5, w: 4x5x2 f32
module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x3x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, %arg1: tensor<4x5x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) -> (tensor<4x3x2xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, tensor<4x3x2xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, tensor<4x3x2xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) {
    %0:3 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}, {}]>] out_shardings=[<@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}, {}]>] manual_axes={"i"} (%arg2: tensor<1x3x5xf32>, %arg3: tensor<1x5x2xf32>) {
      %1 = stablehlo.reshape %arg2 : (tensor<1x3x5xf32>) -> tensor<3x5xf32>
      %2 = stablehlo.reshape %arg3 : (tensor<1x5x2xf32>) -> tensor<5x2xf32>
      %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>
      %4 = stablehlo.tanh %3 : tensor<3x2xf32>
      %5 = "stablehlo.all_reduce"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %21 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %21 : tensor<f32>
      }) : (tensor<3x2xf32>) -> tensor<3x2xf32>
      %6 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
      %7 = "stablehlo.all_gather"(%6) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x3x2xf32>) -> tensor<4x3x2xf32>
      %8 = "stablehlo.collective_permute"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<3x2xf32>) -> tensor<3x2xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.reduce(%7 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
      %10 = stablehlo.subtract %9, %5 : tensor<3x2xf32>
      %c = stablehlo.constant dense<1> : tensor<ui32>
      %c_0 = stablehlo.constant dense<4> : tensor<ui32>
      %11 = stablehlo.partition_id : tensor<ui32>
      %12 = stablehlo.divide %11, %c : tensor<ui32>
      %13 = stablehlo.remainder %12, %c_0 : tensor<ui32>
      %14 = stablehlo.convert %13 : (tensor<ui32>) -> tensor<i32>
      %15 = stablehlo.convert %14 : (tensor<i32>) -> tensor<f32>
      %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<3x2xf32>
      %17 = stablehlo.multiply %8, %16 : tensor<3x2xf32>
      %18 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
      %19 = stablehlo.broadcast_in_dim %10, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
      %20 = stablehlo.broadcast_in_dim %17, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
      sdy.return %18, %19, %20 : tensor<1x3x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>
    } : (tensor<4x3x5xf32>, tensor<4x5x2xf32>) -> (tensor<4x3x2xf32>, tensor<4x3x2xf32>, tensor<4x3x2xf32>)
    return %0#0, %0#1, %0#2 : tensor<4x3x2xf32>, tensor<4x3x2xf32>, tensor<4x3x2xf32>
  }
}

