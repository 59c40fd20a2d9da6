// RUN: disc-opt %s | disc-opt | FileCheck %s
// RUN: disc-opt %s -mlir-print-op-generic | disc-opt | FileCheck %s

// fft in the form JAX prints and in the generic form, parsed, printed and
// parsed again.

// CHECK-LABEL: func.func @fft
func.func @fft(%c: tensor<3x8xcomplex<f32>>, %r: tensor<2x4x6xf64>, %h: tensor<2x4x4xcomplex<f64>>) -> (tensor<3x8xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<2x4x4xcomplex<f64>>, tensor<2x4x6xf64>) {
  // CHECK: stablehlo.fft %{{.*}}, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %0 = stablehlo.fft %c, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  // CHECK: stablehlo.fft %{{.*}}, type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %1 = "stablehlo.fft"(%0) {fft_type = #stablehlo<fft_type IFFT>, fft_length = array<i64: 3, 8>} : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  // CHECK: stablehlo.fft %{{.*}}, type = RFFT, length = [4, 6] : (tensor<2x4x6xf64>) -> tensor<2x4x4xcomplex<f64>>
  %2 = stablehlo.fft %r, type = RFFT, length = [4, 6] : (tensor<2x4x6xf64>) -> tensor<2x4x4xcomplex<f64>>
  // CHECK: stablehlo.fft %{{.*}}, type = IRFFT, length = [2, 4, 6] : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x6xf64>
  %3 = stablehlo.fft %h, type = IRFFT, length = [2, 4, 6] : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x6xf64>
  return %0, %1, %2, %3 : tensor<3x8xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<2x4x4xcomplex<f64>>, tensor<2x4x6xf64>
}

// The half spectrum of an odd length, and of a dynamic batch.
// CHECK-LABEL: func.func @odd_and_dynamic
func.func @odd_and_dynamic(%r: tensor<?x7xf32>) -> tensor<?x4xcomplex<f32>> {
  // CHECK: stablehlo.fft %{{.*}}, type = RFFT, length = [7] : (tensor<?x7xf32>) -> tensor<?x4xcomplex<f32>>
  %0 = stablehlo.fft %r, type = RFFT, length = [7] : (tensor<?x7xf32>) -> tensor<?x4xcomplex<f32>>
  return %0 : tensor<?x4xcomplex<f32>>
}
