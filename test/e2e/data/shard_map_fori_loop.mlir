// What JAX 0.10.2 prints on 4 forced host devices for
//   mesh = jax.make_mesh((4,), ("d",), axis_types=(AxisType.Auto,))
//   def layers(h, w):
//     def step(i, carry):
//       h, total = carry
//       h = jnp.tanh(h @ w) + i.astype(jnp.float32) * 0.125
//       total = total + jax.lax.psum(h, "d")
//       h = jax.lax.ppermute(h, "d", [(j, (j + 1) % 4) for j in range(4)])
//       return h, total
//     return jax.lax.fori_loop(0, 3, step, (h, jnp.zeros(h.shape, h.dtype)))
//   jax.jit(jax.shard_map(layers, mesh=mesh, in_specs=(P("d"), P()),
//                         out_specs=(P("d"), P()))).lower(x, w).as_text()
//   # x: 8x3, w: 3x3 f32
module @jit_layers attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["d"=4]> {stablehlo.mesh = {axes = [{name = "d", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x3xf32>, %arg1: tensor<3x3xf32>) -> (tensor<8x3xf32> {jax.result_info = "result[0]"}, tensor<2x3xf32> {jax.result_info = "result[1]"}) {
    %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"d"}, {}]>, <@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"d"}, {}]>, <@mesh, [{}, {}]>] manual_axes={"d"} (%arg2: tensor<2x3xf32>, %arg3: tensor<3x3xf32>) {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
      %c = stablehlo.constant dense<0> : tensor<i32>
      %c_0 = stablehlo.constant dense<0> : tensor<i32>
      %2:5 = stablehlo.while(%iterArg = %arg3, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %arg2, %iterArg_4 = %1) : tensor<3x3xf32>, tensor<i32>, tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>
      cond {
        %c_5 = stablehlo.constant dense<3> : tensor<i32>
        %3 = stablehlo.compare LT, %iterArg_1, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %3 : tensor<i1>
      } do {
        %3:3 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3, %iterArg_4) : (tensor<3x3xf32>, tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>)
        %c_5 = stablehlo.constant dense<1> : tensor<i32>
        %4 = stablehlo.add %iterArg_1, %c_5 : tensor<i32>
        stablehlo.return %iterArg, %4, %3#0, %3#1, %3#2 : tensor<3x3xf32>, tensor<i32>, tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>
      }
      sdy.return %2#3, %2#4 : tensor<2x3xf32>, tensor<2x3xf32>
    } : (tensor<8x3xf32>, tensor<3x3xf32>) -> (tensor<8x3xf32>, tensor<2x3xf32>)
    return %0#0, %0#1 : tensor<8x3xf32>, tensor<2x3xf32>
  }
  func.func private @closed_call(%arg0: tensor<3x3xf32>, %arg1: tensor<i32>, %arg2: tensor<2x3xf32>, %arg3: tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = stablehlo.dot_general %arg2, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
    %2 = stablehlo.tanh %1 : tensor<2x3xf32>
    %3 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %4 = stablehlo.multiply %3, %cst : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %6 = stablehlo.add %2, %5 : tensor<2x3xf32>
    %7 = "stablehlo.all_reduce"(%6) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %10 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %8 = stablehlo.add %arg3, %7 : tensor<2x3xf32>
    %9 = "stablehlo.collective_permute"(%6) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0, %9, %8 : tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
}
