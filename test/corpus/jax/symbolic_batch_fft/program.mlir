module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<?x16xf32>, %arg2: tensor<?x4x6xcomplex<f32>>) -> (tensor<?x9xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<?x16xf32> {jax.result_info = "result[1]"}, tensor<?x4x6xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<?x4x6xcomplex<f32>> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x16xf32>) -> tensor<i32>
    %1 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x4x6xcomplex<f32>>) -> tensor<i32>
    %2 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[1].shape = (b, 16),args[2].shape = (b, 4, 6). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[1].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %3 = stablehlo.compare EQ, %1, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%3, %1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[1].shape = (b, 16),args[2].shape = (b, 4, 6). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[1].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %4:4 = call @_wrapped_jax_export_main(%0, %arg0, %arg1, %arg2) : (tensor<i32>, tensor<16xf32>, tensor<?x16xf32>, tensor<?x4x6xcomplex<f32>>) -> (tensor<?x9xcomplex<f32>>, tensor<?x16xf32>, tensor<?x4x6xcomplex<f32>>, tensor<?x4x6xcomplex<f32>>)
    return %4#0, %4#1, %4#2, %4#3 : tensor<?x9xcomplex<f32>>, tensor<?x16xf32>, tensor<?x4x6xcomplex<f32>>, tensor<?x4x6xcomplex<f32>>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<16xf32>, %arg2: tensor<?x16xf32>, %arg3: tensor<?x4x6xcomplex<f32>>) -> (tensor<?x9xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<?x16xf32> {jax.result_info = "result[1]"}, tensor<?x4x6xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<?x4x6xcomplex<f32>> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<9> : tensor<1xi32>
    %cst = stablehlo.constant dense<(5.000000e-01,0.000000e+00)> : tensor<complex<f32>>
    %c_1 = stablehlo.constant dense<16> : tensor<1xi32>
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0, 1] : (tensor<1x16xf32>, tensor<2xi32>) -> tensor<?x16xf32>
    %4 = stablehlo.multiply %arg2, %3 : tensor<?x16xf32>
    %5 = call @fft(%arg0, %4) : (tensor<i32>, tensor<?x16xf32>) -> tensor<?x9xcomplex<f32>>
    %6 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %7 = stablehlo.concatenate %6, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %8 = stablehlo.dynamic_broadcast_in_dim %cst, %7, dims = [] : (tensor<complex<f32>>, tensor<2xi32>) -> tensor<?x9xcomplex<f32>>
    %9 = stablehlo.multiply %5, %8 : tensor<?x9xcomplex<f32>>
    %10 = call @_pad(%arg0, %9, %c) : (tensor<i32>, tensor<?x9xcomplex<f32>>, tensor<i32>) -> tensor<?x9xcomplex<f32>>
    %11 = call @fft_0(%arg0, %10) : (tensor<i32>, tensor<?x9xcomplex<f32>>) -> tensor<?x16xf32>
    %12 = call @fft_1(%arg0, %arg3) : (tensor<i32>, tensor<?x4x6xcomplex<f32>>) -> tensor<?x4x6xcomplex<f32>>
    %13 = call @fft_2(%arg0, %arg3) : (tensor<i32>, tensor<?x4x6xcomplex<f32>>) -> tensor<?x4x6xcomplex<f32>>
    return %5, %11, %12, %13 : tensor<?x9xcomplex<f32>>, tensor<?x16xf32>, tensor<?x4x6xcomplex<f32>>, tensor<?x4x6xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x16xf32>) -> tensor<?x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg1, type = RFFT, length = [16] : (tensor<?x16xf32>) -> tensor<?x9xcomplex<f32>>
    return %0 : tensor<?x9xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x9xcomplex<f32>>, %arg2: tensor<i32>) -> tensor<?x9xcomplex<f32>> {
    %0 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg1, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<?x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x9xcomplex<f32>>
    return %1 : tensor<?x9xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x9xcomplex<f32>>) -> tensor<?x16xf32> {
    %0 = stablehlo.fft %arg1, type = IRFFT, length = [16] : (tensor<?x9xcomplex<f32>>) -> tensor<?x16xf32>
    return %0 : tensor<?x16xf32>
  }
  func.func private @fft_1(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4x6xcomplex<f32>>) -> tensor<?x4x6xcomplex<f32>> {
    %0 = stablehlo.fft %arg1, type = FFT, length = [4, 6] : (tensor<?x4x6xcomplex<f32>>) -> tensor<?x4x6xcomplex<f32>>
    return %0 : tensor<?x4x6xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4x6xcomplex<f32>>) -> tensor<?x4x6xcomplex<f32>> {
    %0 = stablehlo.fft %arg1, type = IFFT, length = [6] : (tensor<?x4x6xcomplex<f32>>) -> tensor<?x4x6xcomplex<f32>>
    return %0 : tensor<?x4x6xcomplex<f32>>
  }
}
