module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<9xf32>, %arg1: tensor<4x16xf32>, %arg2: tensor<4x16xf32>) -> (tensor<9xf32> {jax.result_info = "result"}) {
    %0 = call @fft(%arg1) : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    %1 = stablehlo.convert %arg0 : (tensor<9xf32>) -> tensor<9xcomplex<f32>>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<9xcomplex<f32>>) -> tensor<1x9xcomplex<f32>>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x9xcomplex<f32>>) -> tensor<4x9xcomplex<f32>>
    %4 = stablehlo.multiply %0, %3 : tensor<4x9xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5:2 = call @_pad(%4, %c) : (tensor<4x9xcomplex<f32>>, tensor<i32>) -> (tensor<4x9xcomplex<f32>>, tensor<complex<f32>>)
    %6 = call @fft_0(%5#0) : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
    %7 = stablehlo.subtract %6, %arg2 : tensor<4x16xf32>
    %8 = stablehlo.multiply %7, %7 : tensor<4x16xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %10 = stablehlo.multiply %9, %7 : tensor<4x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%8 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %12 = stablehlo.divide %11, %cst_1 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %13 = stablehlo.divide %cst_2, %cst_3 : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %15 = stablehlo.multiply %14, %10 : tensor<4x16xf32>
    %16 = call @fft_1(%15) : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    %17 = call @_pad_3(%5#1, %16) : (tensor<complex<f32>>, tensor<4x9xcomplex<f32>>) -> tensor<4x9xcomplex<f32>>
    %18 = stablehlo.multiply %0, %17 : tensor<4x9xcomplex<f32>>
    %cst_4 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %19 = stablehlo.reduce(%18 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<4x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<9xcomplex<f32>>
    %20 = stablehlo.reshape %19 : (tensor<9xcomplex<f32>>) -> tensor<1x9xcomplex<f32>>
    %cst_5 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %21 = stablehlo.reduce(%20 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<1x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<9xcomplex<f32>>
    %22 = stablehlo.real %21 : (tensor<9xcomplex<f32>>) -> tensor<9xf32>
    %23 = stablehlo.convert %22 : tensor<9xf32>
    return %23 : tensor<9xf32>
  }
  func.func private @fft(%arg0: tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    return %0 : tensor<4x9xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<4x9xcomplex<f32>>, %arg1: tensor<i32>) -> (tensor<4x9xcomplex<f32>>, tensor<complex<f32>>) {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<4x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x9xcomplex<f32>>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    return %1, %cst : tensor<4x9xcomplex<f32>>, tensor<complex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [16] : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
  func.func private @fft_1(%arg0: tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>> {
    %0 = call @fft_2(%arg0) : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<9xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.dynamic_update_slice %1, %2, %c : (tensor<9xcomplex<f32>>, tensor<1xcomplex<f32>>, tensor<i32>) -> tensor<9xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<1xcomplex<f32>>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %5 = stablehlo.dynamic_update_slice %3, %4, %c_2 : (tensor<9xcomplex<f32>>, tensor<1xcomplex<f32>>, tensor<i32>) -> tensor<9xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1] : (tensor<9xcomplex<f32>>) -> tensor<1x9xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(6.250000e-02,0.000000e+00)> : tensor<complex<f32>>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<1x9xcomplex<f32>>
    %8 = stablehlo.multiply %7, %6 : tensor<1x9xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x9xcomplex<f32>>) -> tensor<4x9xcomplex<f32>>
    %10 = stablehlo.multiply %9, %0 : tensor<4x9xcomplex<f32>>
    %11 = stablehlo.real %10 : (tensor<4x9xcomplex<f32>>) -> tensor<4x9xf32>
    %12 = stablehlo.imag %10 : (tensor<4x9xcomplex<f32>>) -> tensor<4x9xf32>
    %13 = stablehlo.negate %12 : tensor<4x9xf32>
    %14 = stablehlo.complex %11, %13 : tensor<4x9xcomplex<f32>>
    return %14 : tensor<4x9xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    return %0 : tensor<4x9xcomplex<f32>>
  }
  func.func private @_pad_3(%arg0: tensor<complex<f32>>, %arg1: tensor<4x9xcomplex<f32>>) -> tensor<4x9xcomplex<f32>> {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.pad %arg1, %cst, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<4x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x9xcomplex<f32>>
    %1 = stablehlo.slice %0 [0:4, 0:9] : (tensor<4x9xcomplex<f32>>) -> tensor<4x9xcomplex<f32>>
    return %1 : tensor<4x9xcomplex<f32>>
  }
}
