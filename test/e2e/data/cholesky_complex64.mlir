// What JAX 0.10.2 prints (jax_enable_x64) for
//   jnp.linalg.cholesky(a), a complex64[40, 40]
module @jit_cholesky attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<40x40xcomplex<f32>>) -> (tensor<40x40xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = call @cholesky(%arg0) : (tensor<40x40xcomplex<f32>>) -> tensor<40x40xcomplex<f32>>
    return %0 : tensor<40x40xcomplex<f32>>
  }
  func.func private @cholesky(%arg0: tensor<40x40xcomplex<f32>>) -> tensor<40x40xcomplex<f32>> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<40x40xcomplex<f32>>) -> tensor<40x40xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<40x40xcomplex<f32>>) -> tensor<40x40xf32>
    %2 = stablehlo.imag %0 : (tensor<40x40xcomplex<f32>>) -> tensor<40x40xf32>
    %3 = stablehlo.negate %2 : tensor<40x40xf32>
    %4 = stablehlo.complex %1, %3 : tensor<40x40xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<40x40xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<40x40xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<40x40xcomplex<f32>>
    %8:2 = stablehlo.custom_call @lapack_cpotrf_ffi(%7) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=40, j=40, k=40, l=40}, custom>} : (tensor<40x40xcomplex<f32>>) -> (tensor<40x40xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#1, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<40x40xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<40x40xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<40x40xi1>, tensor<40x40xcomplex<f32>>
    %15 = stablehlo.iota dim = 0 : tensor<40x40xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %16 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<40x40xi64>
    %17 = stablehlo.add %15, %16 : tensor<40x40xi64>
    %18 = stablehlo.iota dim = 1 : tensor<40x40xi64>
    %19 = stablehlo.compare GE, %17, %18, SIGNED : (tensor<40x40xi64>, tensor<40x40xi64>) -> tensor<40x40xi1>
    %cst_2 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f32>>) -> tensor<40x40xcomplex<f32>>
    %21 = stablehlo.select %19, %14, %20 : tensor<40x40xi1>, tensor<40x40xcomplex<f32>>
    return %21 : tensor<40x40xcomplex<f32>>
  }
}
