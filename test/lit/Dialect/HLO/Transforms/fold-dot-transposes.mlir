// RUN: disc-opt %s --disc-fold-dot-transposes --split-input-file | FileCheck %s

// Attention's q * k^T with two batch dims: q's head split and k's head split
// and transpose (two transposes) fold into the dims of one product of the
// [B, S, H, D] inputs.
// CHECK-LABEL: func.func @attention_scores
// CHECK-SAME: (%[[Q:.*]]: tensor<8x128x12x64xf32>, %[[K:.*]]: tensor<8x128x12x64xf32>)
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[S:.*]] = stablehlo.dot_general %[[Q]], %[[K]], batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3]
// CHECK-SAME: -> tensor<8x12x128x128xf32>
// CHECK: return %[[S]]
func.func @attention_scores(%q: tensor<8x128x12x64xf32>, %k: tensor<8x128x12x64xf32>) -> tensor<8x12x128x128xf32> {
  %qh = stablehlo.transpose %q, dims = [0, 2, 1, 3] : (tensor<8x128x12x64xf32>) -> tensor<8x12x128x64xf32>
  %kh = stablehlo.transpose %k, dims = [0, 2, 1, 3] : (tensor<8x128x12x64xf32>) -> tensor<8x12x128x64xf32>
  %kt = stablehlo.transpose %kh, dims = [0, 1, 3, 2] : (tensor<8x12x128x64xf32>) -> tensor<8x12x64x128xf32>
  %s = stablehlo.dot_general %qh, %kt, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<8x12x128x64xf32>, tensor<8x12x64x128xf32>) -> tensor<8x12x128x128xf32>
  return %s : tensor<8x12x128x128xf32>
}

// -----

// Batch 1 as JAX prints it: the unit dim is dropped by a reshape after the
// transpose, which moves before it; bf16 into f32.
// CHECK-LABEL: func.func @batch_one
// CHECK-SAME: (%[[P:.*]]: tensor<12x128x128xbf16>, %[[V:.*]]: tensor<1x128x768xbf16>)
// CHECK: %[[V4:.*]] = stablehlo.reshape %[[V]] : (tensor<1x128x768xbf16>) -> tensor<1x128x12x64xbf16>
// CHECK: %[[V3:.*]] = stablehlo.reshape %[[V4]] : (tensor<1x128x12x64xbf16>) -> tensor<128x12x64xbf16>
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %[[P]], %[[V3]], batching_dims = [0] x [1], contracting_dims = [2] x [0]
// CHECK-SAME: -> tensor<12x128x64xf32>
func.func @batch_one(%p: tensor<12x128x128xbf16>, %v: tensor<1x128x768xbf16>) -> tensor<12x128x64xf32> {
  %v4 = stablehlo.reshape %v : (tensor<1x128x768xbf16>) -> tensor<1x128x12x64xbf16>
  %vh = stablehlo.transpose %v4, dims = [0, 2, 1, 3] : (tensor<1x128x12x64xbf16>) -> tensor<1x12x128x64xbf16>
  %v3 = stablehlo.reshape %vh : (tensor<1x12x128x64xbf16>) -> tensor<12x128x64xbf16>
  %c = stablehlo.dot_general %p, %v3, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<12x128x128xbf16>, tensor<12x128x64xbf16>) -> tensor<12x128x64xf32>
  return %c : tensor<12x128x64xf32>
}

// -----

// A transpose that something else reads stays a copy, and the product
// reads it.
// CHECK-LABEL: func.func @other_user
// CHECK: %[[WT:.*]] = stablehlo.transpose
// CHECK: stablehlo.dot_general %{{.*}}, %[[WT]], contracting_dims = [1] x [0]
func.func @other_user(%x: tensor<4x5xf32>, %w: tensor<3x5xf32>) -> (tensor<4x3xf32>, tensor<5x3xf32>) {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<3x5xf32>) -> tensor<5x3xf32>
  %y = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  return %y, %wt : tensor<4x3xf32>, tensor<5x3xf32>
}

// -----

// The folded operand's innermost dim would be a batch dim, whose rows the
// library cannot read with unit stride.
// CHECK-LABEL: func.func @innermost_batch
// CHECK: %[[YT:.*]] = stablehlo.transpose
// CHECK: stablehlo.dot_general %{{.*}}, %[[YT]], batching_dims = [0] x [0], contracting_dims = [2] x [1]
func.func @innermost_batch(%x: tensor<6x4x5xf32>, %y: tensor<5x3x6xf32>) -> tensor<6x4x3xf32> {
  %yt = stablehlo.transpose %y, dims = [2, 0, 1] : (tensor<5x3x6xf32>) -> tensor<6x5x3xf32>
  %z = stablehlo.dot_general %x, %yt, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x4x5xf32>, tensor<6x5x3xf32>) -> tensor<6x4x3xf32>
  return %z : tensor<6x4x3xf32>
}

// -----

// No library product of integers: the compiler's own code reads the copy.
// CHECK-LABEL: func.func @integers
// CHECK: %[[WT:.*]] = stablehlo.transpose
// CHECK: stablehlo.dot_general %{{.*}}, %[[WT]], contracting_dims = [1] x [0]
func.func @integers(%x: tensor<4x5xi32>, %w: tensor<3x5xi32>) -> tensor<4x3xi32> {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<3x5xi32>) -> tensor<5x3xi32>
  %y = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<4x5xi32>, tensor<5x3xi32>) -> tensor<4x3xi32>
  return %y : tensor<4x3xi32>
}

// -----

// Two free dims in an operand, whose order in the result would change.
// CHECK-LABEL: func.func @two_free_dims
// CHECK: %[[XT:.*]] = stablehlo.transpose
// CHECK: stablehlo.dot_general %[[XT]], %{{.*}}, contracting_dims = [2] x [1]
func.func @two_free_dims(%x: tensor<2x4x5xf32>, %w: tensor<3x5xf32>) -> tensor<2x4x3xf32> {
  %xt = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x4x5xf32>) -> tensor<4x2x5xf32>
  %y = stablehlo.dot_general %xt, %w, contracting_dims = [2] x [1] : (tensor<4x2x5xf32>, tensor<3x5xf32>) -> tensor<4x2x3xf32>
  %r = stablehlo.transpose %y, dims = [1, 0, 2] : (tensor<4x2x3xf32>) -> tensor<2x4x3xf32>
  return %r : tensor<2x4x3xf32>
}

// -----

// A dynamic batch folds the same: the transposes need no static shape.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: (%[[Q:.*]]: tensor<?x128x12x64xf32>, %[[K:.*]]: tensor<?x128x12x64xf32>)
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %[[Q]], %[[K]], batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3]
func.func @dynamic_batch(%q: tensor<?x128x12x64xf32>, %k: tensor<?x128x12x64xf32>) -> tensor<?x12x128x128xf32> {
  %qh = stablehlo.transpose %q, dims = [0, 2, 1, 3] : (tensor<?x128x12x64xf32>) -> tensor<?x12x128x64xf32>
  %kh = stablehlo.transpose %k, dims = [0, 2, 3, 1] : (tensor<?x128x12x64xf32>) -> tensor<?x12x64x128xf32>
  %s = stablehlo.dot_general %qh, %kh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<?x12x128x64xf32>, tensor<?x12x64x128xf32>) -> tensor<?x12x128x128xf32>
  return %s : tensor<?x12x128x128xf32>
}
