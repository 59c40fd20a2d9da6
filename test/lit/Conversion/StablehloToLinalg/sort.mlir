// RUN: disc-opt %s --disc-stablehlo-to-linalg -split-input-file | FileCheck %s

// Along dimension 0 of two operands: each is transposed to row-major order
// before the first to_buffer, sorted between a result and a scratch buffer
// by parallel passes, and transposed back. The copy pass (insertion sort of
// 16-element runs) writes to the results when the number of merge passes
// is even; each merge pass reads the buffers the previous one wrote.
// CHECK-LABEL: func.func @sort_pairs_dim0
// CHECK: %[[KT:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<5x3xi32>) outs(%{{.*}} : tensor<3x5xi32>)
// CHECK: %[[VT:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<5x3xf32>) outs(%{{.*}} : tensor<3x5xf32>)
// CHECK: %[[KB:.*]] = bufferization.to_buffer %[[KT]] read_only : tensor<3x5xi32> to memref<3x5xi32>
// CHECK: %[[KIN:.*]] = memref.collapse_shape %[[KB]] {{\[}}[0, 1]] : memref<3x5xi32> into memref<15xi32>
// CHECK: %[[VB:.*]] = bufferization.to_buffer %[[VT]] read_only
// CHECK: %[[VIN:.*]] = memref.collapse_shape %[[VB]]
// CHECK: %[[KOUT:.*]] = memref.alloc() : memref<3x5xi32>
// CHECK: %[[KRES:.*]] = memref.collapse_shape %[[KOUT]]
// CHECK: %[[KSCRATCH:.*]] = memref.collapse_shape %{{.*}} : memref<3x5xi32> into memref<15xi32>
// CHECK: %[[VOUT:.*]] = memref.alloc() : memref<3x5xf32>
// CHECK: %[[VRES:.*]] = memref.collapse_shape %[[VOUT]]
// CHECK: %[[VSCRATCH:.*]] = memref.collapse_shape %{{.*}} : memref<3x5xf32> into memref<15xf32>
// CHECK: %[[PASSES:.*]]:2 = scf.while
// CHECK: %[[FIRST_IN_RESULTS:.*]] = arith.xori %[[PASSES]]#1, %true : i1
// CHECK: scf.if %[[FIRST_IN_RESULTS]] {
// CHECK: scf.parallel
// CHECK: scf.for %[[P:.*]] =
// CHECK: %[[KEY:.*]] = memref.load %[[KIN]][%[[P]]] : memref<15xi32>
// CHECK: %[[VALUE:.*]] = memref.load %[[VIN]][%[[P]]] : memref<15xf32>
// CHECK: %[[AT:.*]]:3 = scf.while
// CHECK: %[[BEFORE:.*]] = memref.load %[[KRES]]
// CHECK: %[[LESS:.*]] = arith.cmpi slt, %[[KEY]], %[[BEFORE]] : i32
// CHECK: scf.condition
// CHECK: memref.store %[[KEY]], %[[KRES]][%[[AT]]#0] : memref<15xi32>
// CHECK: memref.store %[[VALUE]], %[[VRES]][%[[AT]]#0] : memref<15xf32>
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[KSCRATCH]]
// CHECK: scf.while (%{{.*}} = %c16, %{{.*}} = %[[FIRST_IN_RESULTS]])
// CHECK: scf.if %{{.*}} {
// CHECK: scf.parallel
// Each pair of runs is merged from both ends: the least remaining element
// goes to the front, the greatest to the back.
// CHECK: scf.for %[[STEP:.*]] = %{{.*}} iter_args(%[[L:.*]] = %{{.*}}, %[[LB:.*]] = %{{.*}}, %[[R:.*]] = %{{.*}}, %[[RB:.*]] = %{{.*}}) -> (index, index, index, index)
// CHECK: %[[LK:.*]] = memref.load %[[KRES]]
// CHECK: %[[LV:.*]] = memref.load %[[VRES]]
// CHECK: %[[RK:.*]] = memref.load %[[KRES]]
// CHECK: %[[RV:.*]] = memref.load %[[VRES]]
// CHECK: %[[LTK:.*]] = memref.load %[[KRES]]
// CHECK: %[[LTV:.*]] = memref.load %[[VRES]]
// CHECK: %[[RTK:.*]] = memref.load %[[KRES]]
// CHECK: %[[RTV:.*]] = memref.load %[[VRES]]
// CHECK: %[[LEFT_HAS:.*]] = arith.cmpi sle, %[[L]], %[[LB]] : index
// CHECK: %[[RIGHT_HAS:.*]] = arith.cmpi sle, %[[R]], %[[RB]] : index
// Ties take the left (earlier) element at the front: stable.
// CHECK: %[[RIGHT_LESS:.*]] = arith.cmpi slt, %[[RK]], %[[LK]] : i32
// CHECK: %[[TAKE_RIGHT:.*]] = arith.andi %[[RIGHT_HAS]], %{{.*}} : i1
// CHECK: %[[FRONT:.*]] = arith.addi %{{.*}}, %[[STEP]] : index
// CHECK: %[[K:.*]] = arith.select %[[TAKE_RIGHT]], %[[RK]], %[[LK]] : i32
// CHECK: %[[V:.*]] = arith.select %[[TAKE_RIGHT]], %[[RV]], %[[LV]] : f32
// CHECK: memref.store %[[K]], %[[KSCRATCH]][%[[FRONT]]]
// CHECK: memref.store %[[V]], %[[VSCRATCH]][%[[FRONT]]]
// ... and the right (later) one at the back.
// CHECK: %[[TAIL_RIGHT_LESS:.*]] = arith.cmpi slt, %[[RTK]], %[[LTK]] : i32
// CHECK: %[[TAKE_LEFT_TAIL:.*]] = arith.andi
// CHECK: %[[BACK:.*]] = arith.subi %{{.*}}, %[[STEP]] : index
// CHECK: %[[KTAIL:.*]] = arith.select %[[TAKE_LEFT_TAIL]], %[[LTK]], %[[RTK]] : i32
// CHECK: memref.store %[[KTAIL]], %[[KSCRATCH]][%[[BACK]]]
// An odd count leaves one element for the middle.
// CHECK: scf.if
// CHECK: arith.cmpi sle
// CHECK: memref.store %{{.*}}, %[[KSCRATCH]]
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[KRES]]
// CHECK: %[[KSORTED:.*]] = bufferization.to_tensor %[[KOUT]] restrict writable : memref<3x5xi32> to tensor<3x5xi32>
// CHECK: %[[VSORTED:.*]] = bufferization.to_tensor %[[VOUT]] restrict writable
// CHECK: %[[K5X3:.*]] = linalg.generic {{.*}} ins(%[[KSORTED]] : tensor<3x5xi32>) outs(%{{.*}} : tensor<5x3xi32>)
// CHECK: %[[V5X3:.*]] = linalg.generic {{.*}} ins(%[[VSORTED]] : tensor<3x5xf32>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: return %[[K5X3]], %[[V5X3]]
func.func @sort_pairs_dim0(%k: tensor<5x3xi32>, %v: tensor<5x3xf32>) -> (tensor<5x3xi32>, tensor<5x3xf32>) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare  LT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5x3xi32>, tensor<5x3xf32>) -> (tensor<5x3xi32>, tensor<5x3xf32>)
  return %0#0, %0#1 : tensor<5x3xi32>, tensor<5x3xf32>
}

// -----

// A dynamic row along the last dimension needs no transpose; its length is
// read from the operand. A constant the comparator reads from outside
// (canonicalization hoists them) is emitted as a scalar where it is used.
// CHECK-LABEL: func.func @sort_dynamic_hoisted_constant
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK: bufferization.to_buffer %arg0 read_only : tensor<?xf32> to memref<?xf32>
// CHECK: memref.alloc(%[[N]]) : memref<?xf32>
// CHECK: arith.cmpi slt, %{{.*}}, %[[N]] : index
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf oeq, %{{.*}}, %[[ZERO]] : f32
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @sort_dynamic_hoisted_constant(%x: tensor<?xf32>) -> tensor<?xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %is_zero = stablehlo.compare  EQ, %a, %zero,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %key = stablehlo.select %is_zero, %zero, %a : tensor<i1>, tensor<f32>
    %1 = stablehlo.compare  LT, %key, %b,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
