// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s --check-prefix=STEPS
// RUN: disc-opt %s --disc-stablehlo-to-linalg=sequential-scans=true --split-input-file | FileCheck %s --check-prefix=LOOP

// jnp.cumsum along the last of 8 elements. Log-step: init added in, then
// three steps of elementwise adds over slices shifted by 1, 2 and 4, each
// written back from that offset on. Sequential: one loop along the 8
// elements per row, the running sum carried, in parallel over the rows.
// STEPS-LABEL: func.func @cumsum
// STEPS: %[[INIT:.*]] = tensor.from_elements %{{.*}} : tensor<f32>
// STEPS: %[[WITH_INIT:.*]] = linalg.generic {{.*}} ins(%[[INIT]], %arg0 : tensor<f32>, tensor<?x8xf32>)
// STEPS: %[[E1:.*]] = tensor.extract_slice %[[WITH_INIT]][0, 0] [%{{.*}}, 7]
// STEPS: %[[L1:.*]] = tensor.extract_slice %[[WITH_INIT]][0, 1] [%{{.*}}, 7]
// STEPS: %[[S1:.*]] = linalg.generic {{.*}} ins(%[[E1]], %[[L1]] : tensor<?x7xf32>, tensor<?x7xf32>)
// STEPS: arith.addf
// STEPS: %[[R1:.*]] = tensor.insert_slice %[[S1]] into %[[WITH_INIT]][0, 1] [%{{.*}}, 7]
// STEPS: tensor.extract_slice %[[R1]][0, 2] [%{{.*}}, 6]
// STEPS: %[[R2:.*]] = tensor.insert_slice %{{.*}} into %[[R1]][0, 2] [%{{.*}}, 6]
// STEPS: %[[R3:.*]] = tensor.insert_slice %{{.*}} into %[[R2]][0, 4] [%{{.*}}, 4]
// STEPS: return %[[R3]]
// LOOP-LABEL: func.func @cumsum
// LOOP: %[[ZERO:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// LOOP: %[[IN:.*]] = bufferization.to_buffer %arg0 read_only : tensor<?x8xf32> to memref<?x8xf32>
// LOOP: %[[OUT:.*]] = memref.alloc(%{{.*}}) : memref<?x8xf32>
// LOOP: scf.parallel (%[[ROW:.*]]) =
// LOOP: scf.for %[[K:.*]] = %{{.*}} to %c8 step %{{.*}} iter_args(%[[SUM:.*]] = %[[ZERO]]) -> (f32)
// LOOP: %[[X:.*]] = memref.load %[[IN]][%[[ROW]], %[[K]]]
// LOOP: %[[NEXT:.*]] = arith.addf %[[SUM]], %[[X]] : f32
// LOOP: memref.store %[[NEXT]], %[[OUT]][%[[ROW]], %[[K]]]
// LOOP: scf.yield %[[NEXT]]
// LOOP: %[[RESULT:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// LOOP: return %[[RESULT]]
func.func @cumsum(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %init = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 1, 8>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>} : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A reverse cummax along the first dimension of a 1-D tensor: the loop walks
// from the last element (index 4 - k), and the steps combine each element
// with the one `shift` after it, written back from offset 0.
// STEPS-LABEL: func.func @reverse_cummax
// STEPS: %[[E1:.*]] = tensor.extract_slice %[[SCAN:.*]][0] [4] [1]
// STEPS: %[[L1:.*]] = tensor.extract_slice %[[SCAN]][1] [4] [1]
// STEPS: %[[S1:.*]] = linalg.generic {{.*}} ins(%[[L1]], %[[E1]] : tensor<4xf32>, tensor<4xf32>)
// STEPS: arith.maximumf
// STEPS: tensor.insert_slice %[[S1]] into %[[SCAN]][0] [4] [1]
// LOOP-LABEL: func.func @reverse_cummax
// LOOP-NOT: scf.parallel
// LOOP: scf.for %[[K:.*]] = %{{.*}} to %c5
// LOOP: %[[INDEX:.*]] = arith.subi %c4, %[[K]] : index
// LOOP: memref.load %{{.*}}[%[[INDEX]]]
// LOOP: arith.maximumf
func.func @reverse_cummax(%x: tensor<5xf32>) -> tensor<5xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 5>, padding = dense<[[0, 4]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Not a scan: an add whose init is not zero would count the padding, so the
// windows are reduced as windows.
// STEPS-LABEL: func.func @sum_with_one
// STEPS-NOT: tensor.insert_slice
// STEPS: iterator_types = ["parallel", "reduction"]
// LOOP-LABEL: func.func @sum_with_one
// LOOP-NOT: scf.for
// LOOP: iterator_types = ["parallel", "reduction"]
func.func @sum_with_one(%x: tensor<6xf32>) -> tensor<6xf32> {
  %init = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 6>, padding = dense<[[5, 0]]> : tensor<1x2xi64>} : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// jnp.cumsum of complex numbers: the init (0, 0) is zero, so it is a scan,
// its running value complex.
// STEPS-LABEL: func.func @complex_cumsum
// STEPS: complex.add
// STEPS: tensor.insert_slice
// LOOP-LABEL: func.func @complex_cumsum
// LOOP: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (complex<f32>)
// LOOP: complex.add
func.func @complex_cumsum(%x: tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>> {
  %init = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %r = stablehlo.add %a, %b : tensor<complex<f32>>
    stablehlo.return %r : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 1, 8>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>} : (tensor<3x8xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x8xcomplex<f32>>
  return %0 : tensor<3x8xcomplex<f32>>
}

// -----

// A complex init of (0, 1) is not zero: the windows are reduced as windows.
// STEPS-LABEL: func.func @complex_sum_with_imaginary_init
// STEPS-NOT: tensor.insert_slice
// STEPS: iterator_types = ["parallel", "reduction"]
// LOOP-LABEL: func.func @complex_sum_with_imaginary_init
// LOOP-NOT: scf.for
// LOOP: iterator_types = ["parallel", "reduction"]
func.func @complex_sum_with_imaginary_init(%x: tensor<6xcomplex<f64>>) -> tensor<6xcomplex<f64>> {
  %init = stablehlo.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f64>>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<complex<f64>>, %b: tensor<complex<f64>>):
    %r = stablehlo.add %a, %b : tensor<complex<f64>>
    stablehlo.return %r : tensor<complex<f64>>
  }) {window_dimensions = array<i64: 6>, padding = dense<[[5, 0]]> : tensor<1x2xi64>} : (tensor<6xcomplex<f64>>, tensor<complex<f64>>) -> tensor<6xcomplex<f64>>
  return %0 : tensor<6xcomplex<f64>>
}
