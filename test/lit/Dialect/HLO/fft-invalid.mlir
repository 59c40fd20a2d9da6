// RUN: disc-opt %s -split-input-file -verify-diagnostics

func.func @too_many_lengths(%x: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.fft' op fft_length must have 1 to 3 entries, got 4}}
  %0 = stablehlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return %0 : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @real_fft_of_complex(%x: tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.fft' op operand of RFFT must be real, got 'complex<f32>'}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

func.func @complex_fft_to_real(%x: tensor<8xcomplex<f32>>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.fft' op result of FFT must be complex, got 'f32'}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @mixed_precision(%x: tensor<8xf64>) -> tensor<5xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.fft' op element types 'f64' and 'complex<f32>' must be a real type and the complex type of its precision}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf64>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

func.func @length_of_real_side(%x: tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.fft' op fft_length 6 must equal dimension 1 of the real operand, 8}}
  %0 = stablehlo.fft %x, type = RFFT, length = [6] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  return %0 : tensor<4x5xcomplex<f32>>
}

// -----

func.func @full_spectrum(%x: tensor<8xf32>) -> tensor<8xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.fft' op result dimension 0 must be 5, got 8}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

func.func @inverse_of_full_spectrum(%x: tensor<8xcomplex<f32>>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.fft' op operand of IRFFT must hold n/2+1 = 5 elements of its last dimension, got 8}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @more_lengths_than_dims(%x: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.fft' op fft_length has 2 entries, more than the operand's rank 1}}
  %0 = stablehlo.fft %x, type = FFT, length = [1, 8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

func.func @unknown_type(%x: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  // expected-error @+2 {{expected ::mlir::stablehlo::FftType to be one of: FFT, IFFT, RFFT, IRFFT}}
  // expected-error @+1 {{failed to parse}}
  %0 = stablehlo.fft %x, type = DCT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}
