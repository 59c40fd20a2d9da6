module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x64xf32> loc("x"), %arg1: tensor<64x32xf32> loc("w1"), %arg2: tensor<32xf32> loc("b1")) -> (tensor<?x32xf32> {jax.result_info = "logits"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x64xf32>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<32> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %arg2, %3, dims = [1] : (tensor<32xf32>, tensor<2xi32>) -> tensor<?x32xf32>
    %5 = stablehlo.add %0, %4 : tensor<?x32xf32>
    %6 = call @relu(%5) : (tensor<?x32xf32>) -> tensor<?x32xf32>
    return %6 : tensor<?x32xf32>
  }
  func.func private @relu(%arg0: tensor<?x32xf32>) -> tensor<?x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x32xf32>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<32> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %cst, %2, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x32xf32>
    %4 = stablehlo.maximum %arg0, %3 : tensor<?x32xf32>
    return %4 : tensor<?x32xf32>
  }
}
