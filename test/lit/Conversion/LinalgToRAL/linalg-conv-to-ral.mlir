// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-linalg-conv-to-ral))' | FileCheck %s

// The padded copy that bufferization makes of tensor.pad is never written:
// the call reads the unpadded input and takes its padding (top 1, left 1,
// bottom 0, right 1); the output's zero fill goes too. The padded buffer is
// still allocated and freed.
// CHECK-LABEL: func.func @padded
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[X:.*]]: memref<2x8x8x4xf32>, %[[W:.*]]: memref<3x3x4x6xf32>)
// CHECK: %[[PADDED:.*]] = memref.alloc() : memref<2x9x10x4xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: memref.copy
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x4x8x6xf32>
// CHECK-NOT: linalg.
// CHECK: disc_ral.dispatch %[[CTX]], "ral_conv" device "cpu" may_fail(%[[X]], %[[W]], %[[OUT]], %c2_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}) : (memref<2x8x8x4xf32>, memref<3x3x4x6xf32>, memref<2x4x8x6xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
// CHECK: memref.dealloc %[[PADDED]]
// CHECK: return %[[OUT]]
func.func @padded(%ctx: !disc_ral.context, %x: memref<2x8x8x4xf32>, %w: memref<3x3x4x6xf32>) -> memref<2x4x8x6xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<2x9x10x4xf32>
  linalg.map outs(%padded : memref<2x9x10x4xf32>)
    (%init: f32) {
      linalg.yield %zero : f32
    }
  %window = memref.subview %padded[0, 1, 1, 0] [2, 8, 8, 4] [1, 1, 1, 1] : memref<2x9x10x4xf32> to memref<2x8x8x4xf32, strided<[360, 40, 4, 1], offset: 44>>
  memref.copy %x, %window : memref<2x8x8x4xf32> to memref<2x8x8x4xf32, strided<[360, 40, 4, 1], offset: 44>>
  %out = memref.alloc() : memref<2x4x8x6xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<2x4x8x6xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%padded, %w : memref<2x9x10x4xf32>, memref<3x3x4x6xf32>) outs(%out : memref<2x4x8x6xf32>)
  memref.dealloc %padded : memref<2x9x10x4xf32>
  return %out : memref<2x4x8x6xf32>
}

// -----

// Unpadded, with dilations: zero padding in the call.
// CHECK-LABEL: func.func @dilated
// CHECK: disc_ral.dispatch %{{.*}}, "ral_conv" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c2_i64{{[_0-9]*}}, %c3_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}})
func.func @dilated(%ctx: !disc_ral.context, %x: memref<1x9x9x4xf32>, %w: memref<3x3x4x6xf32>, %out: memref<1x5x3x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<1x5x3x6xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 3]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x9x9x4xf32>, memref<3x3x4x6xf32>) outs(%out : memref<1x5x3x6xf32>)
  return
}

// -----

// A padded buffer the unpadded input may have changed under (a write to a
// buffer that is not fresh between the copy and the convolution) is read
// as it is.
// CHECK-LABEL: func.func @written_between
// CHECK: memref.copy
// CHECK: disc_ral.dispatch %{{.*}}, "ral_conv" device "cpu" may_fail(%[[PADDED:.*]], %{{.*}}, %{{.*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}) : (memref<1x10x10x4xf32>
func.func @written_between(%ctx: !disc_ral.context, %x: memref<1x8x8x4xf32>, %w: memref<3x3x4x6xf32>, %out: memref<1x8x8x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<1x10x10x4xf32>
  linalg.fill ins(%zero : f32) outs(%padded : memref<1x10x10x4xf32>)
  %window = memref.subview %padded[0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1] : memref<1x10x10x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  memref.copy %x, %window : memref<1x8x8x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  linalg.fill ins(%zero : f32) outs(%x : memref<1x8x8x4xf32>)
  linalg.fill ins(%zero : f32) outs(%out : memref<1x8x8x6xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%padded, %w : memref<1x10x10x4xf32>, memref<3x3x4x6xf32>) outs(%out : memref<1x8x8x6xf32>)
  return
}

// -----

// Bufferization reuses the unpadded input's buffer, once copied, as the
// output: the zero fill between the copy and the convolution overwrites
// it, so the call reads the padded copy.
// CHECK-LABEL: func.func @unpadded_reused_as_output
// CHECK: %[[PADDED:.*]] = memref.alloc() : memref<1x10x10x4xf32>
// CHECK: memref.copy %[[BUFFER:.*]], %{{.*}} :
// CHECK: disc_ral.dispatch %{{.*}}, "ral_conv" device "cpu" may_fail(%[[PADDED]], %{{.*}}, %[[BUFFER]], %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}) : (memref<1x10x10x4xf32>
func.func @unpadded_reused_as_output(%ctx: !disc_ral.context, %x: memref<1x8x8x4xf32>, %w: memref<3x3x4x4xf32>) -> memref<1x8x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %buffer = memref.alloc() : memref<1x8x8x4xf32>
  memref.copy %x, %buffer : memref<1x8x8x4xf32> to memref<1x8x8x4xf32>
  %padded = memref.alloc() : memref<1x10x10x4xf32>
  linalg.fill ins(%zero : f32) outs(%padded : memref<1x10x10x4xf32>)
  %window = memref.subview %padded[0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1] : memref<1x10x10x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  memref.copy %buffer, %window : memref<1x8x8x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  linalg.fill ins(%zero : f32) outs(%buffer : memref<1x8x8x4xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%padded, %w : memref<1x10x10x4xf32>, memref<3x3x4x4xf32>) outs(%buffer : memref<1x8x8x4xf32>)
  memref.dealloc %padded : memref<1x10x10x4xf32>
  return %buffer : memref<1x8x8x4xf32>
}

// -----

// An output that may hold anything (no zero fill) and a function without a
// runtime context are left as they are.
// CHECK-LABEL: func.func @accumulates
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-LABEL: func.func @no_context
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: disc_ral.dispatch
func.func @accumulates(%ctx: !disc_ral.context, %x: memref<1x8x8x4xf32>, %w: memref<3x3x4x6xf32>, %out: memref<1x6x6x6xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x6xf32>) outs(%out : memref<1x6x6x6xf32>)
  return
}
func.func @no_context(%x: memref<1x8x8x4xf32>, %w: memref<3x3x4x6xf32>, %out: memref<1x6x6x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<1x6x6x6xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x6xf32>) outs(%out : memref<1x6x6x6xf32>)
  return
}

// -----

// A filter that is a constant of the model: the runtime may keep it in
// oneDNN's layout for the context. A global that is not constant may be
// written, so it is passed as any other filter.
memref.global "private" constant @filter : memref<3x3x4x6xf32> = dense<1.0>
memref.global "private" @state : memref<3x3x4x6xf32> = dense<1.0>
// CHECK-LABEL: func.func @constant_filter
// CHECK: disc_ral.dispatch %{{.*}}, "ral_conv_constant_filter" device "cpu"
// CHECK: disc_ral.dispatch %{{.*}}, "ral_conv" device "cpu"
func.func @constant_filter(%ctx: !disc_ral.context, %x: memref<1x9x9x4xf32>, %out: memref<1x7x7x6xf32>, %out2: memref<1x7x7x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = memref.get_global @filter : memref<3x3x4x6xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<1x7x7x6xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x9x9x4xf32>, memref<3x3x4x6xf32>) outs(%out : memref<1x7x7x6xf32>)
  %s = memref.get_global @state : memref<3x3x4x6xf32>
  linalg.fill ins(%zero : f32) outs(%out2 : memref<1x7x7x6xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %s : memref<1x9x9x4xf32>, memref<3x3x4x6xf32>) outs(%out2 : memref<1x7x7x6xf32>)
  return
}

// -----

// Two groups on an input that is a view expanded from an NHWC buffer,
// padded as bufferization leaves it: the call reads the unpadded NHWC
// buffer, the output collapsed to NHWC, and the G x F x H x W x I filter as
// HWIO, with 2 groups.
// CHECK-LABEL: func.func @grouped_expanded_input
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[X:.*]]: memref<1x8x8x4xf32>, %[[W:.*]]: memref<2x3x3x3x2xf32>)
// CHECK-NOT: memref.copy
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1], [2], [3, 4]] : memref<1x8x8x2x3xf32> into memref<1x8x8x6xf32>
// CHECK-DAG: %[[OHWI:.*]] = memref.collapse_shape %[[W]] {{\[\[}}0, 1], [2], [3], [4]] : memref<2x3x3x3x2xf32> into memref<6x3x3x2xf32>
// CHECK: %[[HWIO:.*]] = memref.transpose %[[OHWI]] (d0, d1, d2, d3) -> (d1, d2, d3, d0) : memref<6x3x3x2xf32> to memref<3x3x2x6xf32, strided<[6, 2, 1, 18]>>
// CHECK: disc_ral.dispatch %[[CTX]], "ral_conv" device "cpu" may_fail(%[[X]], %[[HWIO]], %[[OUT]], %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c2_i64{{[_0-9]*}})
// CHECK-NOT: linalg.conv
func.func @grouped_expanded_input(%ctx: !disc_ral.context, %x: memref<1x8x8x4xf32>, %w: memref<2x3x3x3x2xf32>) -> memref<1x8x8x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<1x10x10x4xf32>
  linalg.fill ins(%zero : f32) outs(%padded : memref<1x10x10x4xf32>)
  %window = memref.subview %padded[0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1] : memref<1x10x10x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  memref.copy %x, %window : memref<1x8x8x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  %grouped = memref.expand_shape %padded [[0], [1], [2], [3, 4]] output_shape [1, 10, 10, 2, 2] : memref<1x10x10x4xf32> into memref<1x10x10x2x2xf32>
  %out = memref.alloc() : memref<1x8x8x2x3xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<1x8x8x2x3xf32>)
  linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%grouped, %w : memref<1x10x10x2x2xf32>, memref<2x3x3x3x2xf32>) outs(%out : memref<1x8x8x2x3xf32>)
  memref.dealloc %padded : memref<1x10x10x4xf32>
  return %out : memref<1x8x8x2x3xf32>
}

// -----

// A depthwise convolution whose input was padded as N x H x W x G x 1 (the
// expansion folded into the ops that made it) and whose filter is a view
// of a constant: the unpadded buffer collapsed to NHWC, the padding in the
// call, and the constant filter's call.
memref.global "private" constant @depthwise : memref<4x1x3x3x1xf32> = dense<1.0>
// CHECK-LABEL: func.func @depthwise_padded_grouped
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[X:.*]]: memref<2x6x6x4x1xf32>)
// CHECK-NOT: memref.copy
// CHECK-DAG: %[[XC:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0], [1], [2], [3, 4]] : memref<2x6x6x4x1xf32> into memref<2x6x6x4xf32>
// CHECK-DAG: %[[OUTC:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1], [2], [3, 4]] : memref<2x3x3x4x1xf32> into memref<2x3x3x4xf32>
// CHECK: disc_ral.dispatch %[[CTX]], "ral_conv_constant_filter" device "cpu" may_fail(%[[XC]], %{{.*}}, %[[OUTC]], %c2_i64{{[_0-9]*}}, %c2_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c4_i64{{[_0-9]*}}) : (memref<2x6x6x4xf32>, memref<3x3x1x4xf32, strided<[3, 1, 1, 9]>>, memref<2x3x3x4xf32>
func.func @depthwise_padded_grouped(%ctx: !disc_ral.context, %x: memref<2x6x6x4x1xf32>) -> memref<2x3x3x4x1xf32> {
  %zero = arith.constant 0.0 : f32
  %w = memref.get_global @depthwise : memref<4x1x3x3x1xf32>
  %padded = memref.alloc() : memref<2x7x7x4x1xf32>
  linalg.fill ins(%zero : f32) outs(%padded : memref<2x7x7x4x1xf32>)
  %window = memref.subview %padded[0, 1, 1, 0, 0] [2, 6, 6, 4, 1] [1, 1, 1, 1, 1] : memref<2x7x7x4x1xf32> to memref<2x6x6x4x1xf32, strided<[196, 28, 4, 1, 1], offset: 32>>
  memref.copy %x, %window : memref<2x6x6x4x1xf32> to memref<2x6x6x4x1xf32, strided<[196, 28, 4, 1, 1], offset: 32>>
  %out = memref.alloc() : memref<2x3x3x4x1xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<2x3x3x4x1xf32>)
  linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%padded, %w : memref<2x7x7x4x1xf32>, memref<4x1x3x3x1xf32>) outs(%out : memref<2x3x3x4x1xf32>)
  memref.dealloc %padded : memref<2x7x7x4x1xf32>
  return %out : memref<2x3x3x4x1xf32>
}
