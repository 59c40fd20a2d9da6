module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xui32>, %arg1: tensor<4xui32>, %arg2: tensor<?x5xf32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<?x5xui32> {jax.result_info = "result[1]"}, tensor<4xui32> {jax.result_info = "result[2]"}, tensor<?x5xui16> {jax.result_info = "result[3]"}, tensor<4xui32> {jax.result_info = "result[4]"}, tensor<?x5xui8> {jax.result_info = "result[5]"}, tensor<4xui32> {jax.result_info = "result[6]"}, tensor<?x5xui32> {jax.result_info = "result[7]"}, tensor<4xui32> {jax.result_info = "result[8]"}, tensor<?x5xui16> {jax.result_info = "result[9]"}, tensor<4xui32> {jax.result_info = "result[10]"}, tensor<?x5xui8> {jax.result_info = "result[11]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x5xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[1].shape = (b, 5). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[1].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2:12 = call @_wrapped_jax_export_main(%0, %arg0, %arg1, %arg2) : (tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<?x5xf32>) -> (tensor<4xui32>, tensor<?x5xui32>, tensor<4xui32>, tensor<?x5xui16>, tensor<4xui32>, tensor<?x5xui8>, tensor<4xui32>, tensor<?x5xui32>, tensor<4xui32>, tensor<?x5xui16>, tensor<4xui32>, tensor<?x5xui8>)
    return %2#0, %2#1, %2#2, %2#3, %2#4, %2#5, %2#6, %2#7, %2#8, %2#9, %2#10, %2#11 : tensor<4xui32>, tensor<?x5xui32>, tensor<4xui32>, tensor<?x5xui16>, tensor<4xui32>, tensor<?x5xui8>, tensor<4xui32>, tensor<?x5xui32>, tensor<4xui32>, tensor<?x5xui16>, tensor<4xui32>, tensor<?x5xui8>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<4xui32>, %arg2: tensor<4xui32>, %arg3: tensor<?x5xf32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<?x5xui32> {jax.result_info = "result[1]"}, tensor<4xui32> {jax.result_info = "result[2]"}, tensor<?x5xui16> {jax.result_info = "result[3]"}, tensor<4xui32> {jax.result_info = "result[4]"}, tensor<?x5xui8> {jax.result_info = "result[5]"}, tensor<4xui32> {jax.result_info = "result[6]"}, tensor<?x5xui32> {jax.result_info = "result[7]"}, tensor<4xui32> {jax.result_info = "result[8]"}, tensor<?x5xui16> {jax.result_info = "result[9]"}, tensor<4xui32> {jax.result_info = "result[10]"}, tensor<?x5xui8> {jax.result_info = "result[11]"}) {
    %c = stablehlo.constant dense<5> : tensor<1xi32>
    %0 = stablehlo.reshape %arg1 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %2 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%1, %3) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui32>)
    %5 = stablehlo.bitcast_convert %4#0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %6 = stablehlo.reshape %5 : (tensor<2x2xui32>) -> tensor<4xui32>
    %7 = stablehlo.reshape %6 : (tensor<4xui32>) -> tensor<2x2xui32>
    %8 = stablehlo.bitcast_convert %7 : (tensor<2x2xui32>) -> tensor<2xui64>
    %9 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %10 = stablehlo.concatenate %9, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %11:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%8, %10) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui16>)
    %12 = stablehlo.bitcast_convert %11#0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %13 = stablehlo.reshape %12 : (tensor<2x2xui32>) -> tensor<4xui32>
    %14 = stablehlo.reshape %13 : (tensor<4xui32>) -> tensor<2x2xui32>
    %15 = stablehlo.bitcast_convert %14 : (tensor<2x2xui32>) -> tensor<2xui64>
    %16 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.concatenate %16, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %18:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%15, %17) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui8>)
    %19 = stablehlo.bitcast_convert %18#0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %20 = stablehlo.reshape %19 : (tensor<2x2xui32>) -> tensor<4xui32>
    %21 = stablehlo.reshape %arg2 : (tensor<4xui32>) -> tensor<2x2xui32>
    %22 = stablehlo.bitcast_convert %21 : (tensor<2x2xui32>) -> tensor<2xui64>
    %23 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %24 = stablehlo.concatenate %23, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %25:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%22, %24) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui32>)
    %26 = stablehlo.bitcast_convert %25#0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %27 = stablehlo.reshape %26 : (tensor<2x2xui32>) -> tensor<4xui32>
    %28 = stablehlo.reshape %27 : (tensor<4xui32>) -> tensor<2x2xui32>
    %29 = stablehlo.bitcast_convert %28 : (tensor<2x2xui32>) -> tensor<2xui64>
    %30 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %31 = stablehlo.concatenate %30, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %32:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%29, %31) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui16>)
    %33 = stablehlo.bitcast_convert %32#0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %34 = stablehlo.reshape %33 : (tensor<2x2xui32>) -> tensor<4xui32>
    %35 = stablehlo.reshape %34 : (tensor<4xui32>) -> tensor<2x2xui32>
    %36 = stablehlo.bitcast_convert %35 : (tensor<2x2xui32>) -> tensor<2xui64>
    %37 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %38 = stablehlo.concatenate %37, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %39:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%36, %38) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui8>)
    %40 = stablehlo.bitcast_convert %39#0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %41 = stablehlo.reshape %40 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %6, %4#1, %13, %11#1, %20, %18#1, %27, %25#1, %34, %32#1, %41, %39#1 : tensor<4xui32>, tensor<?x5xui32>, tensor<4xui32>, tensor<?x5xui16>, tensor<4xui32>, tensor<?x5xui8>, tensor<4xui32>, tensor<?x5xui32>, tensor<4xui32>, tensor<?x5xui16>, tensor<4xui32>, tensor<?x5xui8>
  }
}
