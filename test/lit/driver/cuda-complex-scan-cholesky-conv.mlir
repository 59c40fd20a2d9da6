// A complex prefix scan, a complex Hermitian cholesky and a complex
// convolution compile for CUDA as their real forms do; the .so imports
// nothing.
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0
// RUN: ral-run %t.so --describe | FileCheck %s

// CHECK: target: cuda
// CHECK: output 0 'result0': 3x8xc64
// CHECK: output 1 'result1': 5x5xc128
// CHECK: output 2 'result2': 1x3x5x5xc64

func.func @main(%scanned: tensor<3x8xcomplex<f32>>, %hermitian: tensor<5x5xcomplex<f64>>, %x: tensor<1x2x5x5xcomplex<f32>>, %w: tensor<3x2x3x3xcomplex<f32>>) -> (tensor<3x8xcomplex<f32>>, tensor<5x5xcomplex<f64>>, tensor<1x3x5x5xcomplex<f32>>) {
  %zero = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
  %cumsum = "stablehlo.reduce_window"(%scanned, %zero) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %r = stablehlo.add %a, %b : tensor<complex<f32>>
    stablehlo.return %r : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 1, 8>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>} : (tensor<3x8xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x8xcomplex<f32>>
  %factor = stablehlo.cholesky %hermitian, lower = true : tensor<5x5xcomplex<f64>>
  %conv = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5x5xcomplex<f32>>, tensor<3x2x3x3xcomplex<f32>>) -> tensor<1x3x5x5xcomplex<f32>>
  return %cumsum, %factor, %conv : tensor<3x8xcomplex<f32>>, tensor<5x5xcomplex<f64>>, tensor<1x3x5x5xcomplex<f32>>
}
