// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// A max pool: the input padded with the init value, the output filled with
// it, and one generic with a parallel loop per output dim and a reduction
// loop per window dim above 1, sized by an empty tensor of the window's
// shape; the window at output (h, w) reads padded[2h + kh, 2w + kw].
// CHECK-DAG: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
// CHECK-DAG: #[[SHAPE:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[INIT:.*]] = tensor.extract
// CHECK: %[[PADDED:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[INIT]] : f32
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x5x5x4xf32>)
// CHECK: %[[WINDOW_SHAPE:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[WINDOW]], #[[SHAPE]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[PADDED]], %[[WINDOW_SHAPE]] : tensor<2x11x11x4xf32>, tensor<3x3xf32>) outs(%[[FILLED]] : tensor<2x5x5x4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK: arith.maximumf %[[ACC]], %[[IN]] fastmath<reassoc> : f32
func.func @max_pool(%x: tensor<2x9x9x4xf32>) -> tensor<2x5x5x4xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<2x9x9x4xf32>, tensor<f32>) -> tensor<2x5x5x4xf32>
  return %0 : tensor<2x5x5x4xf32>
}

// -----

// Base dilation is interior padding; window dilation scales the window's
// index.
// CHECK-DAG: #[[WINDOW:.*]] = affine_map<(d0, d1, d2) -> (d0 + d2 * 3, d1)>
// CHECK-LABEL: func.func @dilations
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<10x3xf32>)
// CHECK: tensor.insert_slice %{{.*}} into %[[FILLED]][1, 0] [5, 3] [2, 1]
// CHECK: linalg.generic {indexing_maps = [#[[WINDOW]], {{.*}}iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: arith.addf
func.func @dilations(%x: tensor<5x3xf32>) -> tensor<4x3xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>} : (tensor<5x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A dynamic batch: its output size is (padded - window) / stride + 1, or 0
// where the window does not fit.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: %[[DIM:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x8xf32>
// CHECK: %[[FITS:.*]] = arith.cmpi sge, %[[DIM]], %{{.*}} : index
// CHECK: %[[SIZE:.*]] = arith.select %[[FITS]], %{{.*}}, %{{.*}} : index
// CHECK: tensor.empty(%[[SIZE]]) : tensor<?x8xf32>
// CHECK: linalg.generic
func.func @dynamic_batch(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A window larger than its input: the result is the empty filled tensor.
// CHECK-LABEL: func.func @empty_result
// CHECK: %[[EMPTY:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x0xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[EMPTY]]
func.func @empty_result(%x: tensor<2x3xf32>) -> tensor<2x0xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 5>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

// Complex sum pooling: the input padded with the complex init, the window
// summed by complex.add in one linalg.generic.
// CHECK-LABEL: func.func @complex_pooling
// CHECK: %[[PADDED:.*]] = tensor.pad
// CHECK: tensor.yield %{{.*}} : complex<f32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]{{.*}} ins(%[[PADDED]], %{{.*}} : tensor<6x8xcomplex<f32>>, tensor<2x2xcomplex<f32>>)
// CHECK: complex.add %{{.*}} : complex<f32>
func.func @complex_pooling(%x: tensor<4x6xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
  %init = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.add %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>
}
