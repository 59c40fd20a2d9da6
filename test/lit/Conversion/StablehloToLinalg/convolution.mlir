// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// NHWC x HWIO with stride 2, padding 1 and rhs dilation 2. Loops: n, oh, ow,
// oc, ic, kh, kw.
// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d5 * 2, d2 * 2 + d6 * 2, d4)>
// CHECK: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>
// CHECK: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_nhwc
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[K]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[PAD]], %{{.*}} : tensor<1x10x10x3xf32>, tensor<3x3x3x4xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @conv_nhwc(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// NCHW x OIHW with two feature groups: the input feature is picked from the
// output feature's group.
// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 3) * 2 + d4, d2 + d5, d3 + d6)>
// CHECK: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-LABEL: func.func @conv_nchw_grouped
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[K]], #{{.*}}]
func.func @conv_nchw_grouped(%x: tensor<2x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<2x6x3x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x3x3xf32>
  return %0 : tensor<2x6x3x3xf32>
}

// -----

// lhs dilation is interior padding of the input; window reversal reverses
// the kernel.
// CHECK-LABEL: func.func @conv_lhs_dilation
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK: linalg.fill
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0] [1, 4, 1] [1, 2, 1] : tensor<1x4x1xf32> into tensor<1x7x1xf32>
// CHECK: linalg.generic
func.func @conv_lhs_dilation(%x: tensor<1x4x1xf32>, %w: tensor<2x1x1xf32>) -> tensor<1x6x1xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x6x1xf32>
  return %0 : tensor<1x6x1xf32>
}

// -----

// Complex elements: the input padded with complex zeros, each product and
// sum a complex one, accumulated from a complex zero.
// CHECK-LABEL: func.func @conv_complex
// CHECK: %[[ZERO:.*]] = complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: %[[PAD:.*]] = tensor.pad
// CHECK: tensor.yield %[[ZERO]] : complex<f64>
// CHECK: %[[ACC_ZERO:.*]] = complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ACC_ZERO]] : complex<f64>)
// CHECK: linalg.generic {{.*}} ins(%[[PAD]], %{{.*}} : tensor<1x2x7x7xcomplex<f64>>, tensor<3x2x3x3xcomplex<f64>>) outs(%[[INIT]] : tensor<1x3x5x5xcomplex<f64>>)
// CHECK: %[[PRODUCT:.*]] = complex.mul %{{.*}}, %{{.*}} : complex<f64>
// CHECK: complex.add %{{.*}}, %[[PRODUCT]] : complex<f64>
func.func @conv_complex(%x: tensor<1x2x5x5xcomplex<f64>>, %w: tensor<3x2x3x3xcomplex<f64>>) -> tensor<1x3x5x5xcomplex<f64>> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5x5xcomplex<f64>>, tensor<3x2x3x3xcomplex<f64>>) -> tensor<1x3x5x5xcomplex<f64>>
  return %0 : tensor<1x3x5x5xcomplex<f64>>
}
