// RUN: disc-opt %s -disc-math-polynomial-approximation | FileCheck %s

// tanh, exp and log become arithmetic on f32 scalars and vectors alike.
// CHECK-LABEL: func.func @transcendental
// CHECK-NOT: math.tanh
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: return
func.func @transcendental(%x: f32, %v: vector<8xf32>) -> (f32, vector<8xf32>, f32) {
  %t = math.tanh %x : f32
  %e = math.exp %v : vector<8xf32>
  %l = math.log %x : f32
  return %t, %e, %l : f32, vector<8xf32>, f32
}

// f16 is computed in f32 and rounded back.
// CHECK-LABEL: func.func @half
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: math.tanh
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @half(%x: f16) -> f16 {
  %t = math.tanh %x : f16
  return %t : f16
}

// sqrt has a fast instruction; it is left alone.
// CHECK-LABEL: func.func @sqrt
// CHECK: math.sqrt
func.func @sqrt(%x: f64) -> f64 {
  %s = math.sqrt %x : f64
  return %s : f64
}

// atan2 of y = +-0 is a signed 0 or pi (the approximation alone gives NaN
// for x = +-0 and +pi for y = -0, x < 0): the sign of x picks 0 or pi, the
// sign of y is the result's.
// CHECK-LABEL: func.func @atan2_of_zero_y
// CHECK-SAME: (%[[Y:[^:]*]]: f32, %[[X:[^:]*]]: f32)
// CHECK-DAG: %[[PI:.*]] = arith.constant 3.14159274 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NOT: math.atan2
// CHECK: %[[SIGN_X:.*]] = math.copysign %[[ONE]], %[[X]]
// CHECK-NEXT: %[[X_NEG:.*]] = arith.cmpf olt, %[[SIGN_X]], %[[ZERO]]
// CHECK-NEXT: %[[MAG:.*]] = arith.select %[[X_NEG]], %[[PI]], %[[ZERO]]
// CHECK-NEXT: %[[OF_ZEROS:.*]] = math.copysign %[[MAG]], %[[Y]]
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %{{.*}}, %[[OF_ZEROS]], %{{.*}}
// CHECK-NEXT: return %[[RESULT]]
func.func @atan2_of_zero_y(%y: f32, %x: f32) -> f32 {
  %a = math.atan2 %y, %x : f32
  return %a : f32
}

// A power of a constant whole exponent from -1 to 4 is products of its base
// (GPT-2's GELU cubes its input); another exponent keeps powf.
// CHECK-LABEL: func.func @whole_powers
// CHECK-SAME: (%[[X:[^:]*]]: f32, %[[V:[^:]*]]: vector<8xf32>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[MINUS_TWO:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5.000000e+00 : f32
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: %[[CUBE:.*]] = arith.mulf %[[SQUARE]], %[[X]] : f32
// CHECK: %[[VSQUARE:.*]] = arith.mulf %[[V]], %[[V]] : vector<8xf32>
// CHECK: %[[FOURTH:.*]] = arith.mulf %[[VSQUARE]], %[[VSQUARE]] : vector<8xf32>
// CHECK: %[[RECIPROCAL:.*]] = arith.divf %[[ONE]], %[[X]] : f32
// CHECK: %[[ROOT:.*]] = math.powf %[[X]], %[[HALF]] : f32
// CHECK: %[[INVERSE_SQUARE:.*]] = math.powf %[[X]], %[[MINUS_TWO]] : f32
// CHECK: %[[FIFTH:.*]] = math.powf %[[X]], %[[FIVE]] : f32
// CHECK: return %[[CUBE]], %[[FOURTH]], %[[RECIPROCAL]], %[[ONE]], %[[ROOT]], %[[INVERSE_SQUARE]], %[[FIFTH]]
func.func @whole_powers(%x: f32, %v: vector<8xf32>) -> (f32, vector<8xf32>, f32, f32, f32, f32, f32) {
  %three = arith.constant 3.0 : f32
  %four = arith.constant dense<4.0> : vector<8xf32>
  %minus_one = arith.constant -1.0 : f32
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %minus_two = arith.constant -2.0 : f32
  %five = arith.constant 5.0 : f32
  %cube = math.powf %x, %three : f32
  %fourth = math.powf %v, %four : vector<8xf32>
  %reciprocal = math.powf %x, %minus_one : f32
  %one = math.powf %x, %zero : f32
  %root = math.powf %x, %half : f32
  %inverse_square = math.powf %x, %minus_two : f32
  %fifth = math.powf %x, %five : f32
  return %cube, %fourth, %reciprocal, %one, %root, %inverse_square, %fifth : f32, vector<8xf32>, f32, f32, f32, f32, f32
}
