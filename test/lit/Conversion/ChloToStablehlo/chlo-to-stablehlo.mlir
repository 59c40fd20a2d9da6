// RUN: disc-opt %s --disc-chlo-to-stablehlo --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @broadcast_add
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK: %[[BA:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[R:.*]] = stablehlo.add %[[BA]], %[[B]] : tensor<3x4xf32>
// CHECK: return %[[R]]
func.func @broadcast_add(%a: tensor<4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// The lower-ranked operand's dimensions map where broadcast_dimensions says,
// not to the trailing ones.
// CHECK-LABEL: func.func @broadcast_compare_dims
// CHECK: %[[BA:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
// CHECK: stablehlo.compare GT, %[[BA]], %arg1, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
func.func @broadcast_compare_dims(%a: tensor<3xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xi1> {
  %0 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 0>, compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction GT>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

// -----

// A dynamic result size is the larger of the operands' sizes.
// CHECK-LABEL: func.func @broadcast_dynamic
// CHECK: %[[S0:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK: %[[R0:.*]] = stablehlo.reshape %[[S0]]
// CHECK: %[[S1:.*]] = stablehlo.get_dimension_size %arg1, dim = 0
// CHECK: %[[R1:.*]] = stablehlo.reshape %[[S1]]
// CHECK: %[[M:.*]] = stablehlo.maximum %[[R0]], %[[R1]]
// CHECK: %[[SHAPE:.*]] = stablehlo.concatenate %[[M]], %{{.*}}, dim = 0
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %[[SHAPE]], dims = [0, 1]
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg1, %[[SHAPE]], dims = [0, 1]
// CHECK: stablehlo.multiply
func.func @broadcast_dynamic(%a: tensor<?x1xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_multiply %a, %b : (tensor<?x1xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @simple
// CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<f32>
// CHECK: stablehlo.multiply %arg0, %arg0 : tensor<4xf32>
// CHECK: %[[ABS:.*]] = stablehlo.abs %arg0
// CHECK: %[[INFS:.*]] = stablehlo.broadcast_in_dim %[[INF]], dims = []
// CHECK: stablehlo.compare EQ, %[[ABS]], %[[INFS]]
// CHECK: stablehlo.tan %arg0
// CHECK-NOT: chlo.
func.func @simple(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<4xf32>) {
  %0 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  %2 = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi1>, tensor<4xf32>
}

// -----

// f16 is computed in f32 and rounded once; |x| < 1 takes x * P(x*x), the
// rest 1 - erfc(|x|) with exp(-x*x) from the split of x*x.
// CHECK-LABEL: func.func @erf_f16
// CHECK: %[[X:.*]] = stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: stablehlo.and
// CHECK: stablehlo.exponential_minus_one
// CHECK: stablehlo.exponential
// CHECK: stablehlo.select
// CHECK: %[[R:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: return %[[R]]
// CHECK-NOT: chlo.
func.func @erf_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = chlo.erf %x : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// CHECK-LABEL: func.func @lgamma
// CHECK: stablehlo.floor
// CHECK: stablehlo.log
// CHECK: stablehlo.round_nearest_even
// CHECK-NOT: chlo.
func.func @lgamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// k steps of a while loop, each a reduce of (value, index) pairs over the
// row keeping the larger value (total order) and the smaller index.
// CHECK-LABEL: func.func @top_k
// CHECK-DAG: %[[K:.*]] = stablehlo.constant dense<2> : tensor<i32>
// CHECK-DAG: %[[LOWEST:.*]] = stablehlo.constant dense<0xFFFFFFFF> : tensor<f32>
// CHECK-DAG: %[[PAST:.*]] = stablehlo.constant dense<5> : tensor<i32>
// CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<3x5xi32>
// CHECK: %[[LOOP:.*]]:5 = stablehlo.while(%[[X:.*]] = %arg0, %[[I:.*]] = %[[IOTA]], %[[V:.*]] = %{{.*}}, %[[IX:.*]] = %{{.*}}, %[[STEP:.*]] = %{{.*}})
// CHECK: cond {
// CHECK: stablehlo.compare LT, %[[STEP]], %[[K]]
// CHECK: } do {
// CHECK: %[[RED:.*]]:2 = stablehlo.reduce(%[[X]] init: %[[LOWEST]]), (%[[I]] init: %[[PAST]]) across dimensions = [1]
// CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK: stablehlo.compare EQ, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, SIGNED
// CHECK: stablehlo.dynamic_update_slice %[[V]]
// CHECK: stablehlo.dynamic_update_slice %[[IX]]
// CHECK: stablehlo.compare EQ, %[[I]]
// CHECK: return %[[LOOP]]#2, %[[LOOP]]#3
func.func @top_k(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %values, %indices : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

// An op without a decomposition stays, for the lowering to report.
// CHECK-LABEL: func.func @unsupported
// CHECK: chlo.zeta %arg0, %arg1
func.func @unsupported(%x: tensor<4xf32>, %q: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
