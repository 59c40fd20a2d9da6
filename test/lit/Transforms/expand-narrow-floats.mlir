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
