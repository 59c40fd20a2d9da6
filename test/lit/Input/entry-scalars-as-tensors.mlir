// RUN: disc-opt %s -split-input-file -disc-entry-scalars-as-tensors | FileCheck %s

// A Python number in and out, as torch-mlir prints them: the f64 and the i1
// become rank-0 tensors, read with tensor.extract and returned with
// tensor.from_elements; the tensor argument stays as it is.
// CHECK-LABEL: func.func @numbers
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[S:.*]]: tensor<f64>) -> (tensor<f64>, tensor<3xf32>, tensor<i1>)
// CHECK: %[[SCALAR:.*]] = tensor.extract %[[S]][] : tensor<f64>
// CHECK: %[[TWICE:.*]] = arith.addf %[[SCALAR]], %[[SCALAR]] : f64
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[T0:.*]] = tensor.from_elements %[[TWICE]] : tensor<f64>
// CHECK: %[[T1:.*]] = tensor.from_elements %[[TRUE]] : tensor<i1>
// CHECK: return %[[T0]], %[[X]], %[[T1]] : tensor<f64>, tensor<3xf32>, tensor<i1>
func.func @numbers(%x: tensor<3xf32>, %s: f64) -> (f64, tensor<3xf32>, i1) {
  %twice = arith.addf %s, %s : f64
  %true = arith.constant true
  return %twice, %x, %true : f64, tensor<3xf32>, i1
}

// -----

// A function without arguments returning a constant number.
// CHECK-LABEL: func.func @constant() -> tensor<i64>
// CHECK: %[[C:.*]] = arith.constant 7 : i64
// CHECK: %[[T:.*]] = tensor.from_elements %[[C]] : tensor<i64>
// CHECK: return %[[T]] : tensor<i64>
func.func @constant() -> i64 {
  %c = arith.constant 7 : i64
  return %c : i64
}

// -----

// A private function keeps its scalars: only entries pass through the ABI.
// CHECK-LABEL: func.func private @helper(%{{.*}}: f32) -> f32
func.func private @helper(%x: f32) -> f32 {
  return %x : f32
}
