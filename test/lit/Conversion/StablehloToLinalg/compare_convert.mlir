// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// FLOAT comparisons are ordered except NE.
// CHECK-LABEL: func.func @compare_float
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf une
// CHECK: arith.cmpf oge
func.func @compare_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare NE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare GE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// TOTALORDER compares the bit patterns, negative ones with the magnitude bits
// flipped.
// CHECK-LABEL: func.func @compare_totalorder
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK: %[[XB:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[XNEG:.*]] = arith.cmpi slt, %[[XB]], %{{.*}}
// CHECK: %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[XF:.*]] = arith.xori %[[XB]], %[[MAX]]
// CHECK: %[[XK:.*]] = arith.select %[[XNEG]], %[[XF]], %[[XB]]
// CHECK: %[[YB:.*]] = arith.bitcast %[[Y]] : f32 to i32
// CHECK: %[[YK:.*]] = arith.select %{{.*}}, %{{.*}}, %[[YB]]
// CHECK: arith.cmpi slt, %[[XK]], %[[YK]]
func.func @compare_totalorder(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Signedness comes from compare_type, else from the element type; i1
// compares unsigned (false < true).
// CHECK-LABEL: func.func @compare_int
// CHECK: arith.cmpi sgt
// CHECK: arith.cmpi ugt
// CHECK: arith.cmpi ule
// CHECK: arith.cmpi ult
func.func @compare_int(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<4xui8>, %d: tensor<4xui8>, %p: tensor<4xi1>, %q: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare GT, %a, %b, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = stablehlo.compare LE, %c, %d : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %3 = stablehlo.compare LT, %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// float -> int truncates and saturates; NaN becomes 0.
// CHECK-LABEL: func.func @convert_f32_to_i32
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i32):
// CHECK: %[[T:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK: %[[UP:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK: %[[LO:.*]] = arith.negf %[[UP]]
// CHECK: %[[BIG:.*]] = arith.cmpf oge, %[[X]], %[[UP]]
// CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[X]], %[[LO]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: %[[IMAX:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[R1:.*]] = arith.select %[[BIG]], %[[IMAX]], %[[T]]
// CHECK: %[[IMIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[R2:.*]] = arith.select %[[SMALL]], %[[IMIN]], %[[R1]]
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[R3:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[R2]]
// CHECK: linalg.yield %[[R3]]
func.func @convert_f32_to_i32(%a: tensor<4xf32>) -> tensor<4xi32> {
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Conversions by signedness: zero extension from unsigned and i1, uitofp,
// fptoui to unsigned, != 0 to i1.
// CHECK-LABEL: func.func @convert_signedness
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.extsi %{{.*}} : i8 to i32
// CHECK: arith.uitofp %{{.*}} : i32 to f32
// CHECK: arith.fptoui %{{.*}} : f64 to i16
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK: arith.cmpf une
// CHECK: arith.cmpi ne
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to bf16
func.func @convert_signedness(%a: tensor<4xui8>, %b: tensor<4xi8>, %c: tensor<4xui32>, %d: tensor<4xf64>, %p: tensor<4xi1>, %e: tensor<4xf32>, %f: tensor<4xi64>, %g: tensor<4xf16>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xui16>, tensor<4xi32>, tensor<4xi1>, tensor<4xi1>, tensor<4xbf16>) {
  %0 = stablehlo.convert %a : (tensor<4xui8>) -> tensor<4xi32>
  %1 = stablehlo.convert %b : (tensor<4xi8>) -> tensor<4xi32>
  %2 = stablehlo.convert %c : (tensor<4xui32>) -> tensor<4xf32>
  %3 = stablehlo.convert %d : (tensor<4xf64>) -> tensor<4xui16>
  %4 = stablehlo.convert %p : (tensor<4xi1>) -> tensor<4xi32>
  %5 = stablehlo.convert %e : (tensor<4xf32>) -> tensor<4xi1>
  %6 = stablehlo.convert %f : (tensor<4xi64>) -> tensor<4xi1>
  %7 = stablehlo.convert %g : (tensor<4xf16>) -> tensor<4xbf16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xui16>, tensor<4xi32>, tensor<4xi1>, tensor<4xi1>, tensor<4xbf16>
}

// -----

// bitcast_convert of the same width is arith.bitcast; to a narrower type the
// result gains a minor dimension (little endian).
// CHECK: #[[DROP:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @bitcast_convert
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: linalg.generic {indexing_maps = [#[[DROP]], #{{.*}}]
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i8):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK: %[[SHIFT:.*]] = arith.muli %[[KI]], %[[EIGHT]]
// CHECK: %[[S:.*]] = arith.shrui %[[BITS]], %[[SHIFT]]
// CHECK: arith.trunci %[[S]] : i32 to i8
func.func @bitcast_convert(%a: tensor<3xf32>) -> (tensor<3xi32>, tensor<3x4xui8>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<3xf32>) -> tensor<3xi32>
  %1 = stablehlo.bitcast_convert %a : (tensor<3xf32>) -> tensor<3x4xui8>
  return %0, %1 : tensor<3xi32>, tensor<3x4xui8>
}

// -----

// To and from i1 as between any two widths: a scalar becomes a rank-1 vector
// of its bits (the operand read with an empty map), and back.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @bitcast_convert_i1
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #{{.*}}]
// CHECK: ^bb0(%[[X:.*]]: f64, %{{.*}}: i1):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : f64 to i64
// CHECK: %[[S:.*]] = arith.shrui %[[BITS]]
// CHECK: arith.trunci %[[S]] : i64 to i1
// CHECK: linalg.generic
// CHECK: %[[BIT:.*]] = tensor.extract %{{.*}}[%c0] : tensor<64xi1>
// CHECK: arith.extui %[[BIT]] : i1 to i64
// CHECK: arith.bitcast %{{.*}} : i64 to f64
func.func @bitcast_convert_i1(%a: tensor<f64>) -> (tensor<64xi1>, tensor<f64>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<f64>) -> tensor<64xi1>
  %1 = stablehlo.bitcast_convert %0 : (tensor<64xi1>) -> tensor<f64>
  return %0, %1 : tensor<64xi1>, tensor<f64>
}

// -----

// reduce_precision to e5m10 on f32 bits: round half to even at bit 13, then
// infinity above 2^15 and signed zero at or below 2^-14 (exponents 142 and
// 112 shifted into place); NaN stays the input.
// CHECK-LABEL: func.func @reduce_precision
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[LAST:.*]] = arith.andi %[[BITS]], %c8192_i32
// CHECK: %[[ODD:.*]] = arith.shrui %[[LAST]], %c13_i32
// CHECK: %[[BIAS:.*]] = arith.addi %[[ODD]], %c4095_i32
// CHECK: %[[SUM:.*]] = arith.addi %[[BITS]], %[[BIAS]]
// CHECK: %[[ROUNDED:.*]] = arith.andi %[[SUM]], %c-8192_i32
// CHECK: %[[EXP:.*]] = arith.andi %[[ROUNDED]], %c2139095040_i32
// CHECK: %[[OVER:.*]] = arith.cmpi ugt, %[[EXP]], %c1191182336_i32
// CHECK: %[[UNDER:.*]] = arith.cmpi ule, %[[EXP]], %c939524096_i32
// CHECK: %[[ZERO:.*]] = arith.andi %[[ROUNDED]], %c-2147483648_i32
// CHECK: %[[INF:.*]] = arith.ori %[[ZERO]]
// CHECK: %[[SMALL:.*]] = arith.select %[[UNDER]], %[[ZERO]], %[[ROUNDED]]
// CHECK: %[[BOUNDED:.*]] = arith.select %[[OVER]], %[[INF]], %[[SMALL]]
// CHECK: %[[R:.*]] = arith.bitcast %[[BOUNDED]] : i32 to f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: arith.select %[[NAN]], %[[X]], %[[R]]
func.func @reduce_precision(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// With no mantissa bit left a NaN has nowhere to stay NaN: it becomes
// infinity.
// CHECK-LABEL: func.func @reduce_precision_no_mantissa
// CHECK: %[[NAN:.*]] = arith.cmpf uno
// CHECK: %[[INF:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK: arith.select %[[NAN]], %[[INF]]
func.func @reduce_precision_no_mantissa(%a: tensor<2xf64>) -> tensor<2xf64> {
  %0 = stablehlo.reduce_precision %a, format = e5m0 : tensor<2xf64>
  return %0 : tensor<2xf64>
}
