module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xf32>) -> (tensor<64xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<64xf32>
    %2 = stablehlo.negate %arg0 : tensor<64xf32>
    %cst_0 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<64xf32>
    %5 = chlo.erfc %4 : tensor<64xf32> -> tensor<64xf32>
    %6 = chlo.square %4 : tensor<64xf32> -> tensor<64xf32>
    %7 = stablehlo.negate %6 : tensor<64xf32>
    %8 = stablehlo.exponential %7 : tensor<64xf32>
    %9 = stablehlo.multiply %1, %5 : tensor<64xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %11 = stablehlo.multiply %1, %10 : tensor<64xf32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.multiply %12, %5 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<-1.12837923> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %15 = stablehlo.multiply %14, %11 : tensor<64xf32>
    %16 = stablehlo.multiply %15, %8 : tensor<64xf32>
    %cst_3 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %18 = stablehlo.multiply %16, %17 : tensor<64xf32>
    %19 = stablehlo.negate %18 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %21 = stablehlo.multiply %20, %13 : tensor<64xf32>
    %22 = stablehlo.add %19, %21 : tensor<64xf32>
    return %22 : tensor<64xf32>
  }
}
