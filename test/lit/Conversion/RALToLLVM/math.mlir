// RUN: disc-opt %s -disc-ral-to-llvm | FileCheck %s

// Math ops LLVM has intrinsics for stay intrinsics; the others call libm,
// which is declared, never defined, and keeps external linkage.
// CHECK-DAG: llvm.func @erff(f32) -> f32
// CHECK-DAG: llvm.func @cbrt(f64) -> f64
// CHECK-LABEL: llvm.func internal @math
// CHECK: %[[E:.*]] = llvm.intr.exp(%{{.*}}) : (f32) -> f32
// CHECK: %[[S:.*]] = llvm.intr.sqrt(%[[E]]) : (f32) -> f32
// CHECK: %[[ERF:.*]] = llvm.call @erff(%[[S]]) : (f32) -> f32
// CHECK: llvm.call @cbrt(%{{.*}}) : (f64) -> f64
// CHECK: llvm.intr.exp(%{{.*}}) : (vector<4xf32>) -> vector<4xf32>
func.func private @math(%x: f32, %y: f64, %v: vector<4xf32>)
    -> (f32, f64, vector<4xf32>) {
  %e = math.exp %x : f32
  %s = math.sqrt %e : f32
  %erf = math.erf %s : f32
  %c = math.cbrt %y : f64
  %ve = math.exp %v : vector<4xf32>
  return %erf, %c, %ve : f32, f64, vector<4xf32>
}

// Vector operands: n-D vectors become arrays of 1-D vectors for intrinsics;
// libm calls take one element at a time.
// CHECK-LABEL: llvm.func internal @vector_math
// CHECK-COUNT-2: llvm.intr.exp(%{{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK-COUNT-4: llvm.call @erff(%{{.*}}) : (f32) -> f32
// CHECK-NOT: math.
func.func private @vector_math(%v: vector<2x4xf32>, %s: vector<4xf32>)
    -> (vector<2x4xf32>, vector<4xf32>) {
  %e = math.exp %v : vector<2x4xf32>
  %r = math.erf %s : vector<4xf32>
  return %e, %r : vector<2x4xf32>, vector<4xf32>
}
