// RUN: disc-opt %s --disc-widen-narrow-accumulations --split-input-file | FileCheck %s

// A bf16 product accumulates into f32; the operands stay bf16.
// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xbf16>, %[[B:.*]]: tensor<8x3xbf16>)
// CHECK: %[[P:.*]] = stablehlo.dot_general %[[A]], %[[B]], contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x3xbf16>) -> tensor<4x3xf32>
// CHECK: %[[R:.*]] = stablehlo.convert %[[P]] : (tensor<4x3xf32>) -> tensor<4x3xbf16>
// CHECK: return %[[R]]
func.func @dot(%a: tensor<4x8xbf16>, %b: tensor<8x3xbf16>) -> tensor<4x3xbf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x3xbf16>) -> tensor<4x3xbf16>
  return %0 : tensor<4x3xbf16>
}

// -----

// An f16 convolution, likewise.
// CHECK-LABEL: func.func @convolution
// CHECK: stablehlo.convolution{{.*}} -> tensor<1x4x4x2xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf16>
func.func @convolution(%x: tensor<1x6x6x3xf16>, %w: tensor<3x3x3x2xf16>) -> tensor<1x4x4x2xf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf16>, tensor<3x3x3x2xf16>) -> tensor<1x4x4x2xf16>
  return %0 : tensor<1x4x4x2xf16>
}

// -----

// A bf16 sum: operand and init to f32, the body's add on f32, the sum back.
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[X:.*]]: tensor<2x49xbf16>)
// CHECK-DAG: %[[WX:.*]] = stablehlo.convert %[[X]] : (tensor<2x49xbf16>) -> tensor<2x49xf32>
// CHECK-DAG: %[[WI:.*]] = stablehlo.convert %{{.*}} : (tensor<bf16>) -> tensor<f32>
// CHECK: %[[S:.*]] = stablehlo.reduce(%[[WX]] init: %[[WI]])
// CHECK-SAME: (tensor<2x49xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK: %[[R:.*]] = stablehlo.convert %[[S]] : (tensor<2xf32>) -> tensor<2xbf16>
// CHECK: return %[[R]]
func.func @sum(%x: tensor<2x49xbf16>) -> tensor<2xbf16> {
  %zero = stablehlo.constant dense<0.0> : tensor<bf16>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x49xbf16>, tensor<bf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// A window sum (an average pool's) in f32.
// CHECK-LABEL: func.func @window_sum
// CHECK: "stablehlo.reduce_window"
// CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<f32>
// CHECK: (tensor<1x4x4xf32>, tensor<f32>) -> tensor<1x2x2xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<1x2x2xf32>) -> tensor<1x2x2xbf16>
func.func @window_sum(%x: tensor<1x4x4xbf16>) -> tensor<1x2x2xbf16> {
  %zero = stablehlo.constant dense<0.0> : tensor<bf16>
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 2, 2>} : (tensor<1x4x4xbf16>, tensor<bf16>) -> tensor<1x2x2xbf16>
  return %0 : tensor<1x2x2xbf16>
}

// -----

// A maximum is exact in any precision; f32 sums and products stay as
// they are.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: stablehlo.convert
// CHECK: return
func.func @kept(%x: tensor<2x49xbf16>, %a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> (tensor<2xbf16>, tensor<4x3xf32>) {
  %low = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %0 = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x49xbf16>, tensor<bf16>) -> tensor<2xbf16>
  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<2xbf16>, tensor<4x3xf32>
}
