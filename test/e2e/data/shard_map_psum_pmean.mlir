// What JAX 0.10.2 prints on 4 forced host devices for
//   mesh = jax.make_mesh((2, 2), ("a", "b"), axis_types=(AxisType.Auto,) * 2)
//   def f(x, w):
//     y = x @ w
//     return jax.lax.psum(y, "b"), jax.lax.pmean(y, ("a", "b"))
//   jax.jit(jax.shard_map(f, mesh=mesh, in_specs=(P("a", "b"), P("b", None)),
//                         out_specs=(P("a", None), P()))).lower(x, w).as_text()
//   # x: 4x6, w: 6x3 f32
module @jit_f attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["a"=2, "b"=2]> {stablehlo.mesh = {axes = [{name = "a", size = 2 : i64}, {name = "b", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<4x6xf32>, %arg1: tensor<6x3xf32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<2x3xf32> {jax.result_info = "result[1]"}) {
    %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>] manual_axes={"a", "b"} (%arg2: tensor<2x3xf32>, %arg3: tensor<3x3xf32>) {
      %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %6 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %3 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %6 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
      %5 = stablehlo.divide %3, %4 : tensor<2x3xf32>
      sdy.return %2, %5 : tensor<2x3xf32>, tensor<2x3xf32>
    } : (tensor<4x6xf32>, tensor<6x3xf32>) -> (tensor<4x3xf32>, tensor<2x3xf32>)
    return %0#0, %0#1 : tensor<4x3xf32>, tensor<2x3xf32>
  }
}
