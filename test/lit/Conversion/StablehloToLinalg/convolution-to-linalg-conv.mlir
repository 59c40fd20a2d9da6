// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-convolution-to-linalg-conv))' | FileCheck %s
// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-convolution-to-linalg-conv{grouped=1}))' | FileCheck %s --check-prefix=GROUPED

// NHWC and HWIO as they are: the input padded, a zero-filled output, and
// the named convolution with the strides and dilations.
// CHECK-LABEL: func.func @nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x8x4xf32>, %[[W:.*]]: tensor<3x3x4x6xf32>)
// CHECK: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 0, 1, 0]
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x3x6xf32>)
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME: ins(%[[PADDED]], %[[W]] : tensor<2x9x10x4xf32>, tensor<3x3x4x6xf32>) outs(%[[INIT]] : tensor<2x4x3x6xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[CONV]]
func.func @nhwc(%x: tensor<2x8x8x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x4x3x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 0], [1, 1]], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x4x3x6xf32>
  return %0 : tensor<2x4x3x6xf32>
}

// -----

// PyTorch's NCHW and OIHW: transposed to NHWC (then padded) and HWIO, the
// result back.
// CHECK-DAG: #[[TO_NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[TO_HWIO:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d2, d0, d1)>
// CHECK-DAG: #[[TO_NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @nchw
// CHECK: %[[X:.*]] = linalg.generic {indexing_maps = [#[[TO_NHWC]], {{.*}}ins(%{{.*}} : tensor<1x3x16x16xf32>) outs(%{{.*}} : tensor<1x16x16x3xf32>)
// CHECK: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[W:.*]] = linalg.generic {indexing_maps = [#[[TO_HWIO]], {{.*}}ins(%{{.*}} : tensor<8x3x3x3xf32>) outs(%{{.*}} : tensor<3x3x3x8xf32>)
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK-SAME: ins(%[[PADDED]], %[[W]] : tensor<1x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%{{.*}} : tensor<1x16x16x8xf32>)
// CHECK: %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[TO_NCHW]], {{.*}}ins(%[[CONV]] : tensor<1x16x16x8xf32>) outs(%{{.*}} : tensor<1x8x16x16xf32>)
// CHECK: return %[[OUT]]
func.func @nchw(%x: tensor<1x3x16x16xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x16x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

// -----

// A dynamic batch: the output's batch is the input's.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: %[[BATCH:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x10x10x4xf32>
// CHECK: tensor.empty(%[[BATCH]]) : tensor<?x8x8x6xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @dynamic_batch(%x: tensor<?x8x8x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<?x8x8x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<?x8x8x6xf32>
  return %0 : tensor<?x8x8x6xf32>
}

// -----

// Left to disc-convolution-to-gemm or the direct lowering: a 1x1 window
// that reads its NHWC input as it lies (a plain product), f16, a grouped
// convolution, lhs dilation, negative padding, and a 1-D convolution.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK-COUNT-6: stablehlo.convolution
func.func @left_alone(%x: tensor<1x8x8x4xf32>, %w1: tensor<1x1x4x6xf32>, %h: tensor<1x8x8x4xf16>, %wh: tensor<3x3x4x6xf16>, %wg: tensor<3x3x2x6xf32>, %w: tensor<3x3x4x6xf32>, %s: tensor<1x8x4xf32>, %ws: tensor<3x4x6xf32>) -> (tensor<1x8x8x6xf32>, tensor<1x6x6x6xf16>, tensor<1x6x6x6xf32>, tensor<1x13x13x6xf32>, tensor<1x4x6x6xf32>, tensor<1x6x6xf32>) {
  %0 = stablehlo.convolution(%x, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<1x1x4x6xf32>) -> tensor<1x8x8x6xf32>
  %1 = stablehlo.convolution(%h, %wh) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf16>, tensor<3x3x4x6xf16>) -> tensor<1x6x6x6xf16>
  %2 = stablehlo.convolution(%x, %wg) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x6x6x6xf32>
  %3 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x13x13x6xf32>
  %4 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[-2, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x4x6x6xf32>
  %5 = stablehlo.convolution(%s, %ws) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x4xf32>, tensor<3x4x6xf32>) -> tensor<1x6x6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x8x8x6xf32>, tensor<1x6x6x6xf16>, tensor<1x6x6x6xf32>, tensor<1x13x13x6xf32>, tensor<1x4x6x6xf32>, tensor<1x6x6xf32>
}

// -----

// Feature groups, for a library that computes them (`grouped`): PyTorch's
// depthwise NCHW convolution, its NHWC input padded and expanded to
// N x H x W x G x C/G, its OIHW kernel laid out as OHWI and expanded to
// G x O/G x H x W x I, the result collapsed to NHWC and transposed back.
// Without `grouped`, the convolution is left as it is.
// CHECK-LABEL: func.func @depthwise_nchw
// CHECK: stablehlo.convolution
// GROUPED-DAG: #[[TO_OHWI:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// GROUPED-LABEL: func.func @depthwise_nchw
// GROUPED: %[[PADDED:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// GROUPED: %[[OHWI:.*]] = linalg.generic {indexing_maps = [#[[TO_OHWI]], {{.*}}ins(%{{.*}} : tensor<8x1x3x3xf32>) outs(%{{.*}} : tensor<8x3x3x1xf32>)
// GROUPED-DAG: %[[X:.*]] = tensor.expand_shape %[[PADDED]] {{\[\[}}0], [1], [2], [3, 4]] output_shape [1, 18, 18, 4, 1] : tensor<1x18x18x4xf32> into tensor<1x18x18x4x1xf32>
// GROUPED-DAG: %[[W:.*]] = tensor.expand_shape %[[OHWI]] {{\[\[}}0, 1], [2], [3], [4]] output_shape [4, 2, 3, 3, 1] : tensor<8x3x3x1xf32> into tensor<4x2x3x3x1xf32>
// GROUPED: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x8x8x4x2xf32>)
// GROUPED: %[[CONV:.*]] = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<1x18x18x4x1xf32>, tensor<4x2x3x3x1xf32>) outs(%[[INIT]] : tensor<1x8x8x4x2xf32>)
// GROUPED: %[[NHWC:.*]] = tensor.collapse_shape %[[CONV]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x8x8x4x2xf32> into tensor<1x8x8x8xf32>
// GROUPED: linalg.generic {{.*}}ins(%[[NHWC]] : tensor<1x8x8x8xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>)
func.func @depthwise_nchw(%x: tensor<1x4x16x16xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x8x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x4x16x16xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// Two groups of an NHWC input with a dynamic batch, and a 1x1 grouped
// window that reads its input as it lies: a grouped convolution is never a
// plain product, so it is rewritten too.
// CHECK-LABEL: func.func @grouped_nhwc
// CHECK-COUNT-2: stablehlo.convolution
// GROUPED-LABEL: func.func @grouped_nhwc
// GROUPED: tensor.expand_shape %{{.*}} {{\[\[}}0], [1], [2], [3, 4]] output_shape [%{{.*}}, 8, 8, 2, 2] : tensor<?x8x8x4xf32> into tensor<?x8x8x2x2xf32>
// GROUPED: linalg.conv_2d_nhwgc_gfhwc {{.*}}outs(%{{.*}} : tensor<?x6x6x2x3xf32>)
// GROUPED: tensor.collapse_shape %{{.*}} : tensor<?x6x6x2x3xf32> into tensor<?x6x6x6xf32>
// GROUPED: linalg.conv_2d_nhwgc_gfhwc {{.*}}outs(%{{.*}} : tensor<1x8x8x2x3xf32>)
// GROUPED-NOT: stablehlo.convolution
func.func @grouped_nhwc(%x: tensor<?x8x8x4xf32>, %w: tensor<3x3x2x6xf32>, %y: tensor<1x8x8x4xf32>, %w1: tensor<1x1x2x6xf32>) -> (tensor<?x6x6x6xf32>, tensor<1x8x8x6xf32>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<?x8x8x4xf32>, tensor<3x3x2x6xf32>) -> tensor<?x6x6x6xf32>
  %1 = stablehlo.convolution(%y, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<1x1x2x6xf32>) -> tensor<1x8x8x6xf32>
  return %0, %1 : tensor<?x6x6x6xf32>, tensor<1x8x8x6xf32>
}
