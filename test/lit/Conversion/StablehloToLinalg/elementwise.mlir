// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// One linalg.generic per elementwise op, dynamic sizes read from an operand.
// CHECK-LABEL: func.func @add_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x64xf32>, %[[B:.*]]: tensor<?x64xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D0:.*]] = tensor.dim %[[B]], %[[C0]]
// CHECK: %[[DA:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[DA]], %{{.*}}
// CHECK: cf.assert %[[SAME]], "stablehlo.add: operands differ in the size of dimension 0"
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D0]]) : tensor<?x64xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x64xf32>, tensor<?x64xf32>)
// CHECK-SAME: outs(%[[INIT]] : tensor<?x64xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @add_dynamic(%a: tensor<?x64xf32>, %b: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = stablehlo.add %a, %b : tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// f16 arithmetic runs in f32 and rounds once.
// CHECK-LABEL: func.func @mul_f16
// CHECK: ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %{{.*}}: f16):
// CHECK: %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK: %[[YW:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK: %[[P:.*]] = arith.mulf %[[XW]], %[[YW]] : f32
// CHECK: %[[R:.*]] = arith.truncf %[[P]] : f32 to f16
// CHECK: linalg.yield %[[R]]
func.func @mul_f16(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  %0 = stablehlo.multiply %a, %b : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Unsigned tensors become signless and use the unsigned ops; the function
// signature is converted too.
// CHECK-LABEL: func.func @unsigned_ops
// CHECK-SAME: (%{{.*}}: tensor<8xi32>, %{{.*}}: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>)
// CHECK: arith.divui
// CHECK: arith.remui
// CHECK: arith.maxui
// CHECK: arith.shrui
// CHECK-NOT: arith.shrsi
func.func @unsigned_ops(%a: tensor<8xui32>, %b: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>, tensor<8xui32>, tensor<8xui32>) {
  %0 = stablehlo.divide %a, %b : tensor<8xui32>
  %1 = stablehlo.remainder %a, %b : tensor<8xui32>
  %2 = stablehlo.maximum %a, %b : tensor<8xui32>
  %3 = stablehlo.shift_right_logical %a, %b : tensor<8xui32>
  return %0, %1, %2, %3 : tensor<8xui32>, tensor<8xui32>, tensor<8xui32>, tensor<8xui32>
}

// -----

// Signed division never traps: x / 0 = -1 and INT_MIN / -1 = INT_MIN.
// CHECK-LABEL: func.func @signed_divide
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[YZ:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]]
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[XMIN:.*]] = arith.cmpi eq, %[[X]], %[[MIN]]
// CHECK: %[[M1:.*]] = arith.constant -1 : i32
// CHECK: %[[YM1:.*]] = arith.cmpi eq, %[[Y]], %[[M1]]
// CHECK: %[[OVF:.*]] = arith.andi %[[XMIN]], %[[YM1]]
// CHECK: %[[BAD:.*]] = arith.ori %[[YZ]], %[[OVF]]
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]]
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]]
// CHECK: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK: %[[R:.*]] = arith.select %[[YZ]], %[[ALL]], %[[Q]]
// CHECK: linalg.yield %[[R]]
func.func @signed_divide(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
  %0 = stablehlo.divide %a, %b : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// Float remainder is fmod; round_nearest_afz and round_nearest_even differ.
// CHECK-LABEL: func.func @float_unary
// CHECK: arith.remf
// CHECK: math.round %
// CHECK: math.roundeven
// CHECK: math.rsqrt
// CHECK: math.cbrt
// CHECK: math.expm1
// CHECK: math.log1p
// CHECK: math.atan2
// CHECK: math.powf
func.func @float_unary(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.remainder %a, %b : tensor<4xf32>
  %1 = stablehlo.round_nearest_afz %a : tensor<4xf32>
  %2 = stablehlo.round_nearest_even %a : tensor<4xf32>
  %3 = stablehlo.rsqrt %a : tensor<4xf32>
  %4 = stablehlo.cbrt %a : tensor<4xf32>
  %5 = stablehlo.exponential_minus_one %a : tensor<4xf32>
  %6 = stablehlo.log_plus_one %a : tensor<4xf32>
  %7 = stablehlo.atan2 %a, %b : tensor<4xf32>
  %8 = stablehlo.power %a, %b : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// logistic = 1 / (1 + exp(-x)).
// CHECK-LABEL: func.func @logistic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[NEG:.*]] = arith.negf %[[X]]
// CHECK: %[[E:.*]] = math.exp %[[NEG]]
// CHECK: %[[D:.*]] = arith.addf %[[ONE]], %[[E]]
// CHECK: %[[R:.*]] = arith.divf %[[ONE]], %[[D]]
// CHECK: linalg.yield %[[R]]
func.func @logistic(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.logistic %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sign keeps NaN and signed zeros: x > 0 ? 1 : (x < 0 ? -1 : x).
// CHECK-LABEL: func.func @sign_float
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[X]]
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[X]]
// CHECK: %[[NEG:.*]] = arith.select %[[LT]], %{{.*}}, %[[X]]
// CHECK: %[[R:.*]] = arith.select %[[GT]], %{{.*}}, %[[NEG]]
// CHECK: linalg.yield %[[R]]
func.func @sign_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.sign %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Shifts by at least the bit width give 0, or the sign fill.
// CHECK-LABEL: func.func @shifts
// CHECK: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[W:.*]] = arith.constant 8 : i8
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[Y]], %[[W]]
// CHECK: %[[S:.*]] = arith.shli %[[X]], %[[Y]]
// CHECK: arith.select %[[OK]], %[[S]], %{{.*}}
// CHECK: ^bb0(%[[X2:.*]]: i8, %[[Y2:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[W2:.*]] = arith.constant 8 : i8
// CHECK: %[[OK2:.*]] = arith.cmpi ult, %[[Y2]], %[[W2]]
// CHECK: %[[SEVEN:.*]] = arith.constant 7 : i8
// CHECK: %[[AMOUNT:.*]] = arith.select %[[OK2]], %[[Y2]], %[[SEVEN]]
// CHECK: arith.shrsi %[[X2]], %[[AMOUNT]]
func.func @shifts(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %0 = stablehlo.shift_left %a, %b : tensor<4xi8>
  %1 = stablehlo.shift_right_arithmetic %a, %b : tensor<4xi8>
  return %0, %1 : tensor<4xi8>, tensor<4xi8>
}

// -----

// Integer power by squaring over the exponent's bits.
// CHECK-LABEL: func.func @integer_power
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK: arith.muli
// CHECK: arith.shrui
// CHECK: scf.yield
// CHECK: arith.cmpi slt
func.func @integer_power(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.power %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A scalar predicate and scalar clamp bounds are read with an empty map.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @scalar_operands
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[ID]], #[[ID]]]
// CHECK: arith.select
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[SCALAR]], #[[ID]]]
// CHECK: arith.maximumf
// CHECK: arith.minimumf
func.func @scalar_operands(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<2x3xf32>
  %1 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Bitwise ops, not, popcnt and clz on integers; not on i1 flips the bit.
// CHECK-LABEL: func.func @bitwise
// CHECK: arith.andi
// CHECK: arith.ori
// CHECK: arith.xori
// CHECK: %[[ALL:.*]] = arith.constant -1 : i16
// CHECK: arith.xori %{{.*}}, %[[ALL]] : i16
// CHECK: math.ctpop
// CHECK: math.ctlz
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: arith.xori %{{.*}}, %[[TRUE]] : i1
func.func @bitwise(%a: tensor<4xi16>, %b: tensor<4xi16>, %p: tensor<4xi1>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi1>) {
  %0 = stablehlo.and %a, %b : tensor<4xi16>
  %1 = stablehlo.or %a, %b : tensor<4xi16>
  %2 = stablehlo.xor %a, %b : tensor<4xi16>
  %3 = stablehlo.not %a : tensor<4xi16>
  %4 = stablehlo.popcnt %a : tensor<4xi16>
  %5 = stablehlo.count_leading_zeros %a : tensor<4xi16>
  %6 = stablehlo.not %p : tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi1>
}

// -----

// is_finite is |x| != inf, ordered (NaN is not finite).
// CHECK-LABEL: func.func @is_finite
// CHECK: %[[ABS:.*]] = math.absf
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: arith.cmpf one, %[[ABS]], %[[INF]]
func.func @is_finite(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.is_finite %a : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
