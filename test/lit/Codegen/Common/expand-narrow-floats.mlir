// RUN: disc-opt %s -split-input-file -disc-expand-narrow-floats -canonicalize | FileCheck %s

// An add of f8E4M3FN: both operands widen to f32 through their bits (the
// sign to bit 31, the exponent rebiased by 127 - 7 = 120, the mantissa to
// bit 20, subnormals as mantissa * 2^-9, 0x7f and 0xff NaN), the add is in
// f32, and the sum rounds back to nearest even: clamped below 2^9, rounded
// with 2^19 - 1 plus the odd bit, subnormals through an f32 add of 2^14,
// and anything above 448 (0x7e), inf and NaN become 0x7f with the sign.
// CHECK-LABEL: func.func @add_e4m3fn
// CHECK-DAG: %[[NAN:.*]] = arith.constant 2143289344 : i32
// CHECK-DAG: %[[LARGEST:.*]] = arith.constant 126 : i32
// CHECK-DAG: %[[CLAMP:.*]] = arith.constant 1140850688 : i32
// CHECK-DAG: %[[MAGIC:.*]] = arith.constant 1.638400e+04 : f32
// CHECK-DAG: %[[SUBNORMAL_STEP:.*]] = arith.constant 0.001953125 : f32
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant 120 : i32
// CHECK: arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.addi %{{.*}}, %[[REBIAS]] : i32
// CHECK: arith.mulf %{{.*}}, %[[SUBNORMAL_STEP]] : f32
// CHECK: arith.select %{{.*}}, %[[NAN]], %{{.*}} : i32
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[SUM_BITS:.*]] = arith.bitcast %[[SUM]] : f32 to i32
// CHECK: arith.minui %{{.*}}, %[[CLAMP]] : i32
// CHECK: arith.addf %{{.*}}, %[[MAGIC]] : f32
// CHECK: arith.cmpi ugt, %{{.*}}, %[[LARGEST]] : i32
// CHECK: %[[BYTE:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: %[[RESULT:.*]] = arith.bitcast %[[BYTE]] : i8 to f8E4M3FN
// CHECK: return %[[RESULT]]
func.func @add_e4m3fn(%a: f8E4M3FN, %b: f8E4M3FN) -> f8E4M3FN {
  %0 = arith.addf %a, %b : f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

// A truncation to an FNUZ format: zero keeps no sign and 0x80 is the one
// NaN, for NaN inputs and values too large alike; vectors convert
// element by element.
// CHECK-LABEL: func.func @trunc_e5m2fnuz
// CHECK-DAG: %[[ONE_NAN:.*]] = arith.constant dense<128> : vector<4xi32>
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: arith.select %{{.*}}, %[[ONE_NAN]], %{{.*}} : vector<4xi1>, vector<4xi32>
// CHECK: arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK: arith.bitcast %{{.*}} : vector<4xi8> to vector<4xf8E5M2FNUZ>
// CHECK-NOT: arith.truncf
func.func @trunc_e5m2fnuz(%a: vector<4xf32>) -> vector<4xf8E5M2FNUZ> {
  %0 = arith.truncf %a : vector<4xf32> to vector<4xf8E5M2FNUZ>
  return %0 : vector<4xf8E5M2FNUZ>
}

// -----

// f8E5M2 has infinities: an all-ones exponent is inf or NaN; the f32 value
// then narrows exactly to f16.
// CHECK-LABEL: func.func @ext_e5m2_to_f16
// CHECK-DAG: arith.constant 2139095040 : i32
// CHECK: %[[WIDE:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.truncf %[[WIDE]] : f32 to f16
func.func @ext_e5m2_to_f16(%a: f8E5M2) -> f16 {
  %0 = arith.extf %a : f8E5M2 to f16
  return %0 : f16
}

// -----

// f8E8M0FNU, which has no sign, goes through upstream's expansion.
// CHECK-LABEL: func.func @ext_e8m0
// CHECK-NOT: arith.extf %{{.*}} : f8E8M0FNU
// CHECK: arith.bitcast %{{.*}} : f8E8M0FNU to i8
func.func @ext_e8m0(%a: f8E8M0FNU) -> f32 {
  %0 = arith.extf %a : f8E8M0FNU to f32
  return %0 : f32
}

// -----

// f4E2M1FN, 4 bits in an i4: the sign moves from bit 3 to bit 31, the
// exponent is rebiased by 127 - 1 = 126; there is no NaN to decode. Its
// multiply rounds back saturating (too large a value is 6, 0x7) and makes
// an infinity or NaN (magnitude at or above 0x7f800000) a zero of its sign.
// CHECK-LABEL: func.func @mul_e2m1fn
// CHECK-DAG: %[[SIGN4:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[TO_BIT31:.*]] = arith.constant 28 : i32
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant 126 : i32
// CHECK-DAG: %[[LARGEST:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[INF:.*]] = arith.constant 2139095040 : i32
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f4E2M1FN to i4
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : i4 to i32
// CHECK: %[[SIGN:.*]] = arith.andi %[[WIDE]], %[[SIGN4]] : i32
// CHECK: arith.shli %[[SIGN]], %[[TO_BIT31]] : i32
// CHECK: arith.addi %{{.*}}, %[[REBIAS]] : i32
// CHECK-NOT: 2143289344
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[OVERFLOW:.*]] = arith.cmpi ugt, %{{.*}}, %[[LARGEST]] : i32
// CHECK: %[[SATURATED:.*]] = arith.select %[[OVERFLOW]], %[[LARGEST]], %{{.*}} : i32
// CHECK: %[[NONFINITE:.*]] = arith.cmpi uge, %{{.*}}, %[[INF]] : i32
// CHECK: arith.select %[[NONFINITE]], %{{.*}}, %[[SATURATED]] : i32
// CHECK: %[[PATTERN:.*]] = arith.trunci %{{.*}} : i32 to i4
// CHECK: %[[RESULT:.*]] = arith.bitcast %[[PATTERN]] : i4 to f4E2M1FN
// CHECK: return %[[RESULT]]
func.func @mul_e2m1fn(%a: f4E2M1FN, %b: f4E2M1FN) -> f4E2M1FN {
  %0 = arith.mulf %a, %b : f4E2M1FN
  return %0 : f4E2M1FN
}

// -----

// The 6-bit floats are 6 bits in an i6, the sign bit 5.
// CHECK-LABEL: func.func @convert_6_bit
// CHECK: arith.trunci %{{.*}} : i32 to i6
// CHECK: arith.bitcast %{{.*}} : i6 to f6E2M3FN
// CHECK: arith.bitcast %{{.*}} : f6E3M2FN to i6
// CHECK: arith.extui %{{.*}} : i6 to i32
func.func @convert_6_bit(%a: f32, %b: f6E3M2FN) -> (f6E2M3FN, f32) {
  %0 = arith.truncf %a : f32 to f6E2M3FN
  %1 = arith.extf %b : f6E3M2FN to f32
  return %0, %1 : f6E2M3FN, f32
}
