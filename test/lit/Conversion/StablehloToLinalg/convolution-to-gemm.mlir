// RUN: disc-opt %s --split-input-file --disc-convolution-to-gemm | FileCheck %s

// NHWC x HWIO, stride 2, padding 1, rhs dilation 2: the padded input is
// gathered into patches [n, oh, ow, kh, kw, c], which are [N*Oh*Ow, Kh*Kw*Cin]
// rows; the kernel is [Kh*Kw*Cin, Cout] as it lies, and the product is the
// NHWC result as it lies.
// CHECK-DAG: #[[GATHER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d3 * 2, d2 * 2 + d4 * 2, d5)>
// CHECK-DAG: #[[ID6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @conv_nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x8x3xf32>, %[[W:.*]]: tensor<3x3x3x4xf32>)
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x3x3x3x3xf32>
// CHECK: %[[PATCHES:.*]] = linalg.generic {indexing_maps = [#[[GATHER]], #[[ID6]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[PAD]] : tensor<2x10x10x3xf32>) outs(%[[EMPTY]] : tensor<2x3x3x3x3x3xf32>)
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[PATCHES]] {{\[\[}}0, 1, 2], [3, 4, 5]] : tensor<2x3x3x3x3x3xf32> into tensor<18x27xf32>
// CHECK: %[[KERNEL:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1, 2], [3]] : tensor<3x3x3x4xf32> into tensor<27x4xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<18x4xf32>)
// CHECK: %[[PRODUCT:.*]] = linalg.matmul ins(%[[ROWS]], %[[KERNEL]] : tensor<18x27xf32>, tensor<27x4xf32>) outs(%[[FILLED]] : tensor<18x4xf32>)
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[PRODUCT]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 3, 3, 4] : tensor<18x4xf32> into tensor<2x3x3x4xf32>
// CHECK: return %[[OUT]]
func.func @conv_nhwc(%x: tensor<2x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<2x3x3x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  return %0 : tensor<2x3x3x4xf32>
}

// -----

// NCHW x OIHW: the columns follow the kernel's (i, kh, kw), so the kernel is
// [Cout, Cin*Kh*Kw] as it lies and the product reads it transposed; the
// [N, Oh, Ow, Cout] product is transposed into NCHW.
// CHECK-DAG: #[[GATHER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 * 2 + d4, d2 * 2 + d5)>
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHST:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[OUTMAP:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[TONCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @conv_nchw
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>)
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 0, 0]
// CHECK: %[[PATCHES:.*]] = linalg.generic {indexing_maps = [#[[GATHER]], #{{.*}}]{{.*}} ins(%[[PAD]] : tensor<2x3x9x9xf32>) outs(%{{.*}} : tensor<2x4x4x3x3x3xf32>)
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[PATCHES]] {{\[\[}}0, 1, 2], [3, 4, 5]] : tensor<2x4x4x3x3x3xf32> into tensor<32x27xf32>
// CHECK: %[[KERNEL:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2, 3]] : tensor<4x3x3x3xf32> into tensor<4x27xf32>
// CHECK: %[[PRODUCT:.*]] = linalg.matmul indexing_maps = [#[[LHS]], #[[RHST]], #[[OUTMAP]]] ins(%[[ROWS]], %[[KERNEL]] : tensor<32x27xf32>, tensor<4x27xf32>) outs(%{{.*}} : tensor<32x4xf32>)
// CHECK: %[[NHWC:.*]] = tensor.expand_shape %[[PRODUCT]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 4, 4, 4] : tensor<32x4xf32> into tensor<2x4x4x4xf32>
// CHECK: %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[TONCHW]], #{{.*}}]{{.*}} ins(%[[NHWC]] : tensor<2x4x4x4xf32>) outs(%{{.*}} : tensor<2x4x4x4xf32>)
// CHECK: return %[[OUT]]
func.func @conv_nchw(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}

// -----

// A 1x1 NHWC convolution with unit strides and no padding gathers nothing:
// the input is the rows as it lies, here with a dynamic batch and f16.
// CHECK-LABEL: func.func @conv_1x1
// CHECK-SAME: (%[[X:.*]]: tensor<?x5x5x8xf16>, %[[W:.*]]: tensor<1x1x8x4xf16>)
// CHECK-NOT: linalg.generic
// CHECK-DAG: %[[BATCH:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x5x5x8xf16>
// CHECK-DAG: %[[ROWS:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1, 2], [3]] : tensor<?x5x5x8xf16> into tensor<?x8xf16>
// CHECK-DAG: %[[KERNEL:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1, 2], [3]] : tensor<1x1x8x4xf16> into tensor<8x4xf16>
// CHECK: %[[PRODUCT:.*]] = linalg.matmul ins(%[[ROWS]], %[[KERNEL]] : tensor<?x8xf16>, tensor<8x4xf16>) outs(%{{.*}} : tensor<?x4xf16>)
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[PRODUCT]] {{\[\[}}0, 1, 2], [3]] output_shape [%[[BATCH]], 5, 5, 4] : tensor<?x4xf16> into tensor<?x5x5x4xf16>
// CHECK-NOT: linalg.generic
// CHECK: return %[[OUT]]
func.func @conv_1x1(%x: tensor<?x5x5x8xf16>, %w: tensor<1x1x8x4xf16>) -> tensor<?x5x5x4xf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x5x5x8xf16>, tensor<1x1x8x4xf16>) -> tensor<?x5x5x4xf16>
  return %0 : tensor<?x5x5x4xf16>
}

// -----

// A 1x1 NCHW convolution: the gather is a transpose copy into [n, h, w, c]
// (the unit window dims are no columns).
// CHECK-DAG: #[[TONHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-LABEL: func.func @conv_1x1_nchw
// CHECK: %[[PATCHES:.*]] = linalg.generic {indexing_maps = [#[[TONHWC]], #{{.*}}]{{.*}} outs(%{{.*}} : tensor<1x5x5x8xf32>)
// CHECK: tensor.collapse_shape %[[PATCHES]] {{\[\[}}0, 1, 2], [3]] : tensor<1x5x5x8xf32> into tensor<25x8xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3]] : tensor<4x8x1x1xf32> into tensor<4x8xf32>
// CHECK: linalg.matmul indexing_maps
// CHECK-SAME: tensor<25x8xf32>, tensor<4x8xf32>
func.func @conv_1x1_nchw(%x: tensor<1x8x5x5xf32>, %w: tensor<4x8x1x1xf32>) -> tensor<1x4x5x5xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x5x5xf32>, tensor<4x8x1x1xf32>) -> tensor<1x4x5x5xf32>
  return %0 : tensor<1x4x5x5xf32>
}

// -----

// conv1d (batch, width, feature) with window reversal: the gather reads the
// window backwards, (K - 1 - k), and the kernel is used as it lies.
// CHECK-DAG: #[[GATHER:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1 * 2 + -d2 + 4, d3)>
// CHECK-LABEL: func.func @conv_1d_reversed
// CHECK-SAME: (%[[X:.*]]: tensor<2x16x3xf32>, %[[W:.*]]: tensor<5x3x4xf32>)
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 2, 0] high[0, 2, 0]
// CHECK: %[[PATCHES:.*]] = linalg.generic {indexing_maps = [#[[GATHER]], #{{.*}}]{{.*}} ins(%[[PAD]] : tensor<2x20x3xf32>) outs(%{{.*}} : tensor<2x8x5x3xf32>)
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[PATCHES]] {{\[\[}}0, 1], [2, 3]] : tensor<2x8x5x3xf32> into tensor<16x15xf32>
// CHECK: %[[KERNEL:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1], [2]] : tensor<5x3x4xf32> into tensor<15x4xf32>
// CHECK: linalg.matmul ins(%[[ROWS]], %[[KERNEL]] : tensor<16x15xf32>, tensor<15x4xf32>)
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [2, 8, 4] : tensor<16x4xf32> into tensor<2x8x4xf32>
func.func @conv_1d_reversed(%x: tensor<2x16x3xf32>, %w: tensor<5x3x4xf32>) -> tensor<2x8x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[2, 2]], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x3xf32>, tensor<5x3x4xf32>) -> tensor<2x8x4xf32>
  return %0 : tensor<2x8x4xf32>
}

// -----

// A kernel whose output feature is neither first nor last ([kh, o, kw, i])
// is copied into [kh, kw, i, o] once.
// CHECK-DAG: #[[KERNELCOPY:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-LABEL: func.func @conv_kernel_feature_inside
// CHECK-SAME: (%[[X:.*]]: tensor<1x6x6x2xf32>, %[[W:.*]]: tensor<3x4x3x2xf32>)
// CHECK: %[[COPY:.*]] = linalg.generic {indexing_maps = [#[[KERNELCOPY]], #{{.*}}]{{.*}} ins(%[[W]] : tensor<3x4x3x2xf32>) outs(%{{.*}} : tensor<3x3x2x4xf32>)
// CHECK: %[[KERNEL:.*]] = tensor.collapse_shape %[[COPY]] {{\[\[}}0, 1, 2], [3]] : tensor<3x3x2x4xf32> into tensor<18x4xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %[[KERNEL]] : tensor<16x18xf32>, tensor<18x4xf32>)
func.func @conv_kernel_feature_inside(%x: tensor<1x6x6x2xf32>, %w: tensor<3x4x3x2xf32>) -> tensor<1x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, o, 1, i]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x2xf32>, tensor<3x4x3x2xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// lhs dilation spreads the input (interior padding) before the gather.
// CHECK-LABEL: func.func @conv_lhs_dilation
// CHECK: linalg.fill
// CHECK: %[[SPREAD:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 2, 0] [1, 4, 2] [1, 2, 1] : tensor<1x4x2xf32> into tensor<1x11x2xf32>
// CHECK: linalg.generic {{.*}} ins(%[[SPREAD]] : tensor<1x11x2xf32>) outs(%{{.*}} : tensor<1x9x3x2xf32>)
// CHECK: linalg.matmul
func.func @conv_lhs_dilation(%x: tensor<1x4x2xf32>, %w: tensor<3x2x3xf32>) -> tensor<1x9x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<3x2x3xf32>) -> tensor<1x9x3xf32>
  return %0 : tensor<1x9x3xf32>
}

// -----

// 16-bit floats into f32, as disc-widen-narrow-accumulations leaves them:
// the windows are gathered as bf16, the product accumulates into f32.
// CHECK-LABEL: func.func @bf16_into_f32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x4x4x3x3x2xbf16>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x18xbf16>, tensor<18x4xbf16>) outs(%{{.*}} : tensor<16x4xf32>)
func.func @bf16_into_f32(%x: tensor<1x6x6x2xbf16>, %w: tensor<3x3x2x4xbf16>) -> tensor<1x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x2xbf16>, tensor<3x3x2x4xbf16>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// Left to disc-stablehlo-to-linalg: feature groups, batch groups, element
// types cuBLAS's gemm does not take, 16-bit floats into f64, a dynamic
// spatial size.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-6: stablehlo.convolution
// CHECK-NOT: linalg.matmul
func.func @left_alone(%x: tensor<1x6x6x4xf32>, %w: tensor<3x3x2x6xf32>,
                      %b: tensor<4x6x6x2xf32>, %wb: tensor<3x3x2x4xf32>,
                      %x64: tensor<1x6x6x2xf64>, %w64: tensor<3x3x2x4xf64>,
                      %xi: tensor<1x6x6x2xi32>, %wi: tensor<3x3x2x4xi32>,
                      %xh: tensor<1x6x6x2xf16>, %wh: tensor<3x3x2x4xf16>,
                      %xd: tensor<1x?x6x2xf32>, %wd: tensor<3x3x2x4xf32>) {
  %grouped = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x6x6x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x4x4x6xf32>
  %batch_grouped = stablehlo.convolution(%b, %wb) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x6x6x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x4x4x4xf32>
  %f64 = stablehlo.convolution(%x64, %w64) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x2xf64>, tensor<3x3x2x4xf64>) -> tensor<1x4x4x4xf64>
  %i32 = stablehlo.convolution(%xi, %wi) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x2xi32>, tensor<3x3x2x4xi32>) -> tensor<1x4x4x4xi32>
  %mixed = stablehlo.convolution(%xh, %wh) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x2xf16>, tensor<3x3x2x4xf16>) -> tensor<1x4x4x4xf64>
  %dynamic = stablehlo.convolution(%xd, %wd) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x?x6x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x?x4x4xf32>
  return
}
