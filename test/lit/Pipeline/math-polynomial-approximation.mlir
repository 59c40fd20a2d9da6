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
