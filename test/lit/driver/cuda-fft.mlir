// The CUDA runtime has no FFT: fft is refused at compile time, naming the
// op and the target, rather than failing when the model runs.
// RUN: not disc-compile %s --target=cuda --compile-to=linalg 2>&1 | FileCheck %s

// CHECK: cuda-fft.mlir:[[@LINE+3]]:8: error: stablehlo.fft on --target=cuda (the CPU runtime computes it with FFTW) is not supported by disc yet
// CHECK: error: unsupported ops: stablehlo.fft (1)
func.func public @main(%x: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}
