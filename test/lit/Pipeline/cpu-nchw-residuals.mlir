// PyTorch's NCHW residual blocks on the CPU: each convolution reads NHWC, and
// the residual sums between them stay NHWC. Only the program's input is
// transposed, and the last sum writes the NCHW result itself.
// RUN: disc-compile %s --compile-to=linalg | FileCheck %s

// CHECK-DAG: #[[NHWC_FROM_NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[NCHW_FROM_NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @main
// CHECK: %[[X:.*]] = linalg.generic {indexing_maps = [#[[NHWC_FROM_NCHW]], #[[ID]]]
// CHECK-SAME: ins(%arg0 : tensor<1x8x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CHECK: %[[CA:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X]],
// CHECK: %[[R0:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[NHWC_FROM_NCHW]], #[[ID]]]
// CHECK-SAME: ins(%[[CA]], %arg0 : {{.*}}) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CHECK: %[[CB:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[R0]],
// CHECK: %[[R1:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]]
// CHECK-SAME: ins(%[[CB]], %[[R0]] : {{.*}}) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CHECK: %[[CC:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[R1]],
// CHECK: %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[NCHW_FROM_NHWC]], #[[NCHW_FROM_NHWC]], #[[ID]]]
// CHECK-SAME: ins(%[[CC]], %[[R1]] : {{.*}}) outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[OUT]]
func.func @main(%x: tensor<1x8x4x4xf32>, %wa: tensor<8x8x1x1xf32>, %wb: tensor<8x8x1x1xf32>,
                %wc: tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<1x8x4x4xf32>
  %ca = stablehlo.convolution(%x, %wa) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %sa = stablehlo.add %ca, %x : tensor<1x8x4x4xf32>
  %r0 = stablehlo.maximum %sa, %zero : tensor<1x8x4x4xf32>
  %cb = stablehlo.convolution(%r0, %wb) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %sb = stablehlo.add %cb, %r0 : tensor<1x8x4x4xf32>
  %r1 = stablehlo.maximum %sb, %zero : tensor<1x8x4x4xf32>
  %cc = stablehlo.convolution(%r1, %wc) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %r2 = stablehlo.add %cc, %r1 : tensor<1x8x4x4xf32>
  return %r2 : tensor<1x8x4x4xf32>
}
