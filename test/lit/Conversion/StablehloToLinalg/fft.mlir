// RUN: disc-opt %s -split-input-file -disc-stablehlo-to-linalg=fft-calls=true -verify-diagnostics | FileCheck %s

// Each fft becomes a call of the runtime's transform of its type on the
// operand with the untransformed dimensions folded into one batch
// dimension, the result unfolded again.
// CHECK-LABEL: func.func @batched
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x8xcomplex<f32>>, %[[R:.*]]: tensor<5x4x6xf64>)
func.func @batched(%x: tensor<2x3x8xcomplex<f32>>, %r: tensor<5x4x6xf64>) -> (tensor<2x3x8xcomplex<f32>>, tensor<5x4x4xcomplex<f64>>) {
  // CHECK: %[[XB:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x8xcomplex<f32>> into tensor<6x8xcomplex<f32>>
  // CHECK: %[[F:.*]] = disc_ral.custom_call "ral_fft"(%[[XB]] : tensor<6x8xcomplex<f32>>) -> tensor<6x8xcomplex<f32>>
  // CHECK: tensor.expand_shape %[[F]] {{\[}}[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xcomplex<f32>> into tensor<2x3x8xcomplex<f32>>
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<2x3x8xcomplex<f32>>) -> tensor<2x3x8xcomplex<f32>>
  // CHECK: %[[S:.*]] = disc_ral.custom_call "ral_rfft"(%[[R]] : tensor<5x4x6xf64>) -> tensor<5x4x4xcomplex<f64>>
  // CHECK-NOT: tensor.expand_shape
  %1 = stablehlo.fft %r, type = RFFT, length = [4, 6] : (tensor<5x4x6xf64>) -> tensor<5x4x4xcomplex<f64>>
  return %0, %1 : tensor<2x3x8xcomplex<f32>>, tensor<5x4x4xcomplex<f64>>
}

// -----

// Without batch dimensions the call gets a batch of one.
// CHECK-LABEL: func.func @unbatched
func.func @unbatched(%x: tensor<2x4x3xcomplex<f64>>, %h: tensor<5xcomplex<f32>>) -> (tensor<2x4x3xcomplex<f64>>, tensor<8xf32>) {
  // CHECK: %[[XB:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3]] output_shape [1, 2, 4, 3] : tensor<2x4x3xcomplex<f64>> into tensor<1x2x4x3xcomplex<f64>>
  // CHECK: %[[I:.*]] = disc_ral.custom_call "ral_ifft"(%[[XB]] : tensor<1x2x4x3xcomplex<f64>>) -> tensor<1x2x4x3xcomplex<f64>>
  // CHECK: tensor.collapse_shape %[[I]] {{\[}}[0, 1], [2], [3]] : tensor<1x2x4x3xcomplex<f64>> into tensor<2x4x3xcomplex<f64>>
  %0 = stablehlo.fft %x, type = IFFT, length = [2, 4, 3] : (tensor<2x4x3xcomplex<f64>>) -> tensor<2x4x3xcomplex<f64>>
  // CHECK: disc_ral.custom_call "ral_irfft"(%{{.*}} : tensor<1x5xcomplex<f32>>) -> tensor<1x8xf32>
  %1 = stablehlo.fft %h, type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
  return %0, %1 : tensor<2x4x3xcomplex<f64>>, tensor<8xf32>
}

// -----

// A dynamic batch reaches the call as the size of its result's batch
// dimension; the leading dimensions fold into it and unfold from the
// operand's sizes. A `?` among the transformed dimensions is fft_length's.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x8xcomplex<f32>>, %[[R:.*]]: tensor<?x?xf32>)
func.func @dynamic(%x: tensor<?x3x8xcomplex<f32>>, %r: tensor<?x?xf32>) -> (tensor<?x3x8xcomplex<f32>>, tensor<?x?xcomplex<f32>>) {
  // CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[XB:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<?x3x8xcomplex<f32>> into tensor<?x8xcomplex<f32>>
  // CHECK: %[[B:.*]] = tensor.dim %[[XB]], %c0
  // CHECK: %[[F:.*]] = disc_ral.custom_call "ral_fft"(%[[XB]] : tensor<?x8xcomplex<f32>>) sizes(%[[B]]) -> tensor<?x8xcomplex<f32>>
  // CHECK: tensor.expand_shape %[[F]] {{\[}}[0, 1], [2]] output_shape [%[[N]], 3, 8] : tensor<?x8xcomplex<f32>> into tensor<?x3x8xcomplex<f32>>
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<?x3x8xcomplex<f32>>) -> tensor<?x3x8xcomplex<f32>>
  // CHECK: %[[RS:.*]] = tensor.cast %[[R]] : tensor<?x?xf32> to tensor<?x16xf32>
  // CHECK: %[[S:.*]] = disc_ral.custom_call "ral_rfft"(%[[RS]] : tensor<?x16xf32>) sizes(%{{.*}}) -> tensor<?x9xcomplex<f32>>
  // CHECK: tensor.cast %[[S]] : tensor<?x9xcomplex<f32>> to tensor<?x?xcomplex<f32>>
  %1 = stablehlo.fft %r, type = RFFT, length = [16] : (tensor<?x?xf32>) -> tensor<?x?xcomplex<f32>>
  return %0, %1 : tensor<?x3x8xcomplex<f32>>, tensor<?x?xcomplex<f32>>
}

// -----

// Several dynamic batch dimensions come back through a reshape to their
// sizes.
// CHECK-LABEL: func.func @dynamic_batches
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4x6xcomplex<f32>>)
func.func @dynamic_batches(%x: tensor<?x?x4x6xcomplex<f32>>) -> tensor<?x?x4x6xcomplex<f32>> {
  // CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[M:.*]] = tensor.dim %[[X]], %c1
  // CHECK: %[[XB:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2], [3]] : tensor<?x?x4x6xcomplex<f32>> into tensor<?x4x6xcomplex<f32>>
  // CHECK: %[[F:.*]] = disc_ral.custom_call "ral_fft"(%[[XB]] : tensor<?x4x6xcomplex<f32>>) sizes(%{{.*}}) -> tensor<?x4x6xcomplex<f32>>
  // CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[N]], %[[M]], %{{.*}}, %{{.*}} : tensor<4xindex>
  // CHECK: tensor.reshape %[[F]](%[[SHAPE]]) : (tensor<?x4x6xcomplex<f32>>, tensor<4xindex>) -> tensor<?x?x4x6xcomplex<f32>>
  %0 = stablehlo.fft %x, type = FFT, length = [4, 6] : (tensor<?x?x4x6xcomplex<f32>>) -> tensor<?x?x4x6xcomplex<f32>>
  return %0 : tensor<?x?x4x6xcomplex<f32>>
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.fft (1)}}
module {
  func.func @half(%x: tensor<8xf16>) -> tensor<5xcomplex<f16>> {
    // expected-error@+1 {{stablehlo.fft on element type f16 (FFTW computes f32 and f64, complex<f32> and complex<f64>) is not supported by disc yet}}
    %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf16>) -> tensor<5xcomplex<f16>>
    return %0 : tensor<5xcomplex<f16>>
  }
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.fft (1)}}
module {
  func.func @shorter_length(%x: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
    // expected-error@+1 {{stablehlo.fft whose fft_length differs from its operand's innermost dimensions is not supported by disc yet}}
    %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    return %0 : tensor<8xcomplex<f32>>
  }
}
