// RUN: disc-opt %s --disc-fold-scales-into-convolutions --split-input-file | FileCheck %s

// An inference batch norm as torch-mlir writes it, NCHW with two channels:
// ((conv - mean) * rsqrt(var + eps)) * gamma + beta. The scales
// rsqrt(var + eps) * gamma are [2 * 1, 4 * 0.75] = [2, 3]: the filter's
// output channels of 1s become 2s and 3s, mean times the scale ([2, 6]) is
// subtracted and beta added.
// CHECK-LABEL: func.func @batch_norm
// CHECK-NOT: stablehlo.rsqrt
// CHECK-NOT: stablehlo.multiply
// CHECK-DAG: %[[W:.*]] = stablehlo.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}3.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-DAG: %[[M:.*]] = stablehlo.constant dense<[2.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = stablehlo.convolution(%arg0, %[[W]])
// CHECK: %[[MB:.*]] = stablehlo.broadcast_in_dim %[[M]], dims = [1]
// CHECK: %[[S:.*]] = stablehlo.subtract %[[C]], %[[MB]]
// CHECK: stablehlo.add %[[S]], %{{.*}}
func.func @batch_norm(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = stablehlo.constant dense<1.0> : tensor<2x2x1x1xf32>
  %mean = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = stablehlo.constant dense<[0.25, 0.0625]> : tensor<2xf32>
  %eps = stablehlo.constant dense<0.0> : tensor<f64>
  %gamma = stablehlo.constant dense<[1.0, 0.75]> : tensor<2xf32>
  %beta = stablehlo.constant dense<[5.0, 7.0]> : tensor<2xf32>
  %conv = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %eps32 = stablehlo.convert %eps : (tensor<f64>) -> tensor<f32>
  %epsv = stablehlo.broadcast_in_dim %eps32, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %shifted_var = stablehlo.add %epsv, %var : tensor<2xf32>
  %inv = stablehlo.rsqrt %shifted_var : tensor<2xf32>
  %mean3 = stablehlo.reshape %mean : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %inv3 = stablehlo.reshape %inv : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %gamma3 = stablehlo.reshape %gamma : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %beta3 = stablehlo.reshape %beta : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %mb = stablehlo.broadcast_in_dim %mean3, dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %ib = stablehlo.broadcast_in_dim %inv3, dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %gb = stablehlo.broadcast_in_dim %gamma3, dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %bb = stablehlo.broadcast_in_dim %beta3, dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %0 = stablehlo.subtract %conv, %mb : tensor<1x2x4x4xf32>
  %1 = stablehlo.multiply %0, %ib : tensor<1x2x4x4xf32>
  %2 = stablehlo.multiply %1, %gb : tensor<1x2x4x4xf32>
  %3 = stablehlo.add %2, %bb : tensor<1x2x4x4xf32>
  return %3 : tensor<1x2x4x4xf32>
}

// -----

// A scale along a dim other than the output features, a filter that is an
// argument, and a convolution read twice stay products.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: stablehlo.multiply
func.func @kept(%x: tensor<1x2x4x4xf32>, %v: tensor<2x2x1x1xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = stablehlo.constant dense<1.0> : tensor<2x2x1x1xf32>
  %rows = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %channels = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %conv = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %by_row = stablehlo.broadcast_in_dim %rows, dims = [2] : (tensor<4xf32>) -> tensor<1x2x4x4xf32>
  %0 = stablehlo.multiply %conv, %by_row : tensor<1x2x4x4xf32>
  %conv_v = stablehlo.convolution(%x, %v) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %by_channel = stablehlo.broadcast_in_dim %channels, dims = [1] : (tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %1 = stablehlo.multiply %conv_v, %by_channel : tensor<1x2x4x4xf32>
  %conv2 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %2 = stablehlo.multiply %conv2, %by_channel : tensor<1x2x4x4xf32>
  return %0, %1, %2, %conv2 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}

// -----

// A shift and a scale of anything but such a convolution (GELU's
// 0.5 * (1 + t)) stay as the program has them.
// CHECK-LABEL: func.func @not_a_convolution
// CHECK: %[[S:.*]] = stablehlo.add %arg0, %{{.*}}
// CHECK: stablehlo.multiply %[[S]], %{{.*}}
func.func @not_a_convolution(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<4x8xf32>
  %0 = stablehlo.add %t, %one : tensor<4x8xf32>
  %1 = stablehlo.multiply %0, %half : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
