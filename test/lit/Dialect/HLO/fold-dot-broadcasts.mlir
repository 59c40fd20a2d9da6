// RUN: disc-opt %s -split-input-file -disc-fold-dot-broadcasts | FileCheck %s

// A sequence-major linear layer: the weight broadcast over the sequence is
// read once, by one product of all the rows.
// CHECK-LABEL: func.func @linear_over_a_sequence
// CHECK-SAME: (%[[X:.*]]: tensor<197x8x768xf32>, %[[W:.*]]: tensor<768x2304xf32>)
// CHECK-NOT: stablehlo.broadcast_in_dim
// CHECK: %[[ROWS:.*]] = stablehlo.reshape %[[X]] : (tensor<197x8x768xf32>) -> tensor<1576x768xf32>
// CHECK: %[[Y:.*]] = stablehlo.dot_general %[[ROWS]], %[[W]], contracting_dims = [1] x [0] : (tensor<1576x768xf32>, tensor<768x2304xf32>) -> tensor<1576x2304xf32>
// CHECK: %[[OUT:.*]] = stablehlo.reshape %[[Y]] : (tensor<1576x2304xf32>) -> tensor<197x8x2304xf32>
// CHECK: return %[[OUT]]
func.func @linear_over_a_sequence(%x: tensor<197x8x768xf32>, %w: tensor<768x2304xf32>) -> tensor<197x8x2304xf32> {
  %b = stablehlo.broadcast_in_dim %w, dims = [1, 2] : (tensor<768x2304xf32>) -> tensor<197x768x2304xf32>
  %r = stablehlo.reshape %b : (tensor<197x768x2304xf32>) -> tensor<197x768x2304xf32>
  %same = stablehlo.broadcast_in_dim %r, dims = [0, 1, 2] : (tensor<197x768x2304xf32>) -> tensor<197x768x2304xf32>
  %y = stablehlo.dot_general %x, %same, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<197x8x768xf32>, tensor<197x768x2304xf32>) -> tensor<197x8x2304xf32>
  return %y : tensor<197x8x2304xf32>
}

// -----

// A weight laid out [N, K], contracted on its second dim.
// CHECK-LABEL: func.func @transposed_weight
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [1] : (tensor<12x16xf32>, tensor<32x16xf32>) -> tensor<12x32xf32>
func.func @transposed_weight(%x: tensor<3x4x16xf32>, %w: tensor<32x16xf32>) -> tensor<3x4x32xf32> {
  %b = stablehlo.broadcast_in_dim %w, dims = [1, 2] : (tensor<32x16xf32>) -> tensor<3x32x16xf32>
  %y = stablehlo.dot_general %x, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x4x16xf32>, tensor<3x32x16xf32>) -> tensor<3x4x32xf32>
  return %y : tensor<3x4x32xf32>
}

// -----

// A broadcast that also repeats a dim of the matrix, and a product of two
// batched operands, stay as they are.
// CHECK-LABEL: func.func @stay
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0]
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0]
func.func @stay(%x: tensor<3x4x16xf32>, %w: tensor<1x32xf32>, %v: tensor<3x16x32xf32>) -> (tensor<3x4x32xf32>, tensor<3x4x32xf32>) {
  %b = stablehlo.broadcast_in_dim %w, dims = [1, 2] : (tensor<1x32xf32>) -> tensor<3x16x32xf32>
  %y = stablehlo.dot_general %x, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x4x16xf32>, tensor<3x16x32xf32>) -> tensor<3x4x32xf32>
  %z = stablehlo.dot_general %x, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x4x16xf32>, tensor<3x16x32xf32>) -> tensor<3x4x32xf32>
  return %y, %z : tensor<3x4x32xf32>, tensor<3x4x32xf32>
}
