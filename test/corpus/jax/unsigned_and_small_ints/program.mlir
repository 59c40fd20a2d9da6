module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xui8>, %arg1: tensor<8xui8>, %arg2: tensor<8xi8>) -> (tensor<8xui8> {jax.result_info = "result[0]"}, tensor<8xui8> {jax.result_info = "result[1]"}, tensor<8xi32> {jax.result_info = "result[2]"}, tensor<8xi8> {jax.result_info = "result[3]"}, tensor<8xi16> {jax.result_info = "result[4]"}, tensor<8xui8> {jax.result_info = "result[5]"}, tensor<8xui8> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<8xui8>
    %c = stablehlo.constant dense<3> : tensor<ui8>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<8xui8>
    %2 = stablehlo.multiply %arg0, %1 : tensor<8xui8>
    %c_0 = stablehlo.constant dense<2> : tensor<ui8>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui8>) -> tensor<8xui8>
    %4 = stablehlo.shift_right_logical %arg0, %3 : tensor<8xui8>
    %5 = stablehlo.convert %4 : (tensor<8xui8>) -> tensor<8xi32>
    %6 = stablehlo.convert %arg1 : (tensor<8xui8>) -> tensor<8xi8>
    %7 = stablehlo.subtract %6, %arg2 : tensor<8xi8>
    %8 = stablehlo.convert %arg2 : (tensor<8xi8>) -> tensor<8xi16>
    %c_1 = stablehlo.constant dense<300> : tensor<i16>
    %9 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i16>) -> tensor<8xi16>
    %10 = stablehlo.multiply %8, %9 : tensor<8xi16>
    %11 = stablehlo.not %arg0 : tensor<8xui8>
    %12 = stablehlo.popcnt %arg0 : tensor<8xui8>
    return %0, %2, %5, %7, %10, %11, %12 : tensor<8xui8>, tensor<8xui8>, tensor<8xi32>, tensor<8xi8>, tensor<8xi16>, tensor<8xui8>, tensor<8xui8>
  }
}
