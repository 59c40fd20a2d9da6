// RUN: disc-opt %s | disc-opt | FileCheck %s

// CHECK-LABEL: func.func @io
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context)
func.func @io(%ctx: !disc_ral.context) {
  // CHECK: %[[X:.*]] = disc_ral.recv_input %[[CTX]], 0 : memref<?x64xf32>
  %x = disc_ral.recv_input %ctx, 0 : memref<?x64xf32>
  // CHECK: disc_ral.send_output %[[CTX]], 1, %[[X]] : memref<?x64xf32>
  disc_ral.send_output %ctx, 1, %x : memref<?x64xf32>
  return
}

// CHECK-LABEL: func.func @dispatch
func.func @dispatch(%ctx: !disc_ral.context, %n: index) -> memref<?x4xui8> {
  %bytes = arith.constant 256 : i64
  // CHECK: %[[P:.*]] = disc_ral.dispatch %{{.*}}, "ral_alloc" device "cpu" may_fail(%{{.*}}) : (i64) -> !llvm.ptr
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail (%bytes) : (i64) -> !llvm.ptr
  // CHECK: disc_ral.dispatch %{{.*}}, "ral_dealloc" device "cpu"(%[[P]]) : (!llvm.ptr) -> ()
  disc_ral.dispatch %ctx, "ral_dealloc" device "cpu" (%p) : (!llvm.ptr) -> ()
  // CHECK: disc_ral.memref_from_ptr %[[P]][%{{.*}}] : memref<?x4xui8>
  %m = disc_ral.memref_from_ptr %p[%n] : memref<?x4xui8>
  // CHECK: disc_ral.memref_from_ptr %[[P]] : memref<f16>
  %s = disc_ral.memref_from_ptr %p : memref<f16>
  return %m : memref<?x4xui8>
}

// CHECK-LABEL: func.func @shape_assertion
// CHECK-SAME: (%[[HOLDS:.*]]: i1, %[[B:.*]]: i64)
func.func @shape_assertion(%holds: i1, %b: i64) {
  // CHECK: disc_ral.shape_assertion %[[HOLDS]], %[[B]] : i64 "'b' = {0}"
  disc_ral.shape_assertion %holds, %b : i64 "'b' = {0}"
  // CHECK: disc_ral.shape_assertion %[[HOLDS]] "no values"
  disc_ral.shape_assertion %holds "no values"
  return
}
