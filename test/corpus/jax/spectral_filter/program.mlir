module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x16xf32>, %arg1: tensor<9xf32>, %arg2: tensor<6x8xf32>) -> (tensor<3x16xf32> {jax.result_info = "result[0]"}, tensor<6x5xf32> {jax.result_info = "result[1]"}, tensor<6x8xcomplex<f32>> {jax.result_info = "result[2]"}) {
    %0 = call @fft(%arg0) : (tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>>
    %1 = stablehlo.convert %arg1 : (tensor<9xf32>) -> tensor<9xcomplex<f32>>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<9xcomplex<f32>>) -> tensor<1x9xcomplex<f32>>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x9xcomplex<f32>>) -> tensor<3x9xcomplex<f32>>
    %4 = stablehlo.multiply %0, %3 : tensor<3x9xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = call @_pad(%4, %c) : (tensor<3x9xcomplex<f32>>, tensor<i32>) -> tensor<3x9xcomplex<f32>>
    %6 = call @fft_0(%5) : (tensor<3x9xcomplex<f32>>) -> tensor<3x16xf32>
    %7 = call @fft_1(%arg2) : (tensor<6x8xf32>) -> tensor<6x5xcomplex<f32>>
    %8 = stablehlo.abs %7 : (tensor<6x5xcomplex<f32>>) -> tensor<6x5xf32>
    %9 = stablehlo.multiply %8, %8 : tensor<6x5xf32>
    %10 = stablehlo.reverse %arg2, dims = [1] : tensor<6x8xf32>
    %11 = stablehlo.convert %10 : (tensor<6x8xf32>) -> tensor<6x8xcomplex<f32>>
    %cst = stablehlo.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<6x8xcomplex<f32>>
    %13 = stablehlo.multiply %12, %11 : tensor<6x8xcomplex<f32>>
    %14 = stablehlo.convert %arg2 : (tensor<6x8xf32>) -> tensor<6x8xcomplex<f32>>
    %15 = stablehlo.add %14, %13 : tensor<6x8xcomplex<f32>>
    %16 = call @fft_2(%15) : (tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(5.000000e-01,0.000000e+00)> : tensor<complex<f32>>
    %17 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6x8xcomplex<f32>>
    %18 = stablehlo.multiply %16, %17 : tensor<6x8xcomplex<f32>>
    %19 = call @fft_3(%18) : (tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>>
    return %6, %9, %19 : tensor<3x16xf32>, tensor<6x5xf32>, tensor<6x8xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [16] : (tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>>
    return %0 : tensor<3x9xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<3x9xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<3x9xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<3x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x9xcomplex<f32>>
    return %1 : tensor<3x9xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<3x9xcomplex<f32>>) -> tensor<3x16xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [16] : (tensor<3x9xcomplex<f32>>) -> tensor<3x16xf32>
    return %0 : tensor<3x16xf32>
  }
  func.func private @fft_1(%arg0: tensor<6x8xf32>) -> tensor<6x5xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [6, 8] : (tensor<6x8xf32>) -> tensor<6x5xcomplex<f32>>
    return %0 : tensor<6x5xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [6, 8] : (tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>>
    return %0 : tensor<6x8xcomplex<f32>>
  }
  func.func private @fft_3(%arg0: tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [6, 8] : (tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>>
    return %0 : tensor<6x8xcomplex<f32>>
  }
}
