// RUN: disc-opt %s -disc-ral-legalize-to-dispatch | FileCheck %s

// A shape assertion that does not hold hands its message, located, and its
// values, in a buffer on the stack, to ral_report_shape_assertion.
// CHECK-DAG: llvm.mlir.global private constant @[[MSG:.*]]("{{.*}}ral-legalize-shape-assertion.mlir:{{[0-9]+}}:3: 'b' = {0}, 'c' = {1}\00")
// CHECK-LABEL: func.func private @check
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[HOLDS:.*]]: i1, %[[B:.*]]: i64, %[[C:.*]]: i64)
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[VIOLATED:.*]] = arith.xori %[[HOLDS]], %[[TRUE]] : i1
// CHECK: scf.if %[[VIOLATED]] {
// CHECK: %[[TEXT:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK: %[[VALUES:.*]] = memref.alloca() : memref<2xi64>
// CHECK: memref.store %[[B]], %[[VALUES]][%{{.*}}] : memref<2xi64>
// CHECK: memref.store %[[C]], %[[VALUES]][%{{.*}}] : memref<2xi64>
// CHECK: disc_ral.dispatch %[[CTX]], "ral_report_shape_assertion" device "cpu" may_fail(%[[TEXT]], %[[VALUES]]) : (!llvm.ptr, memref<2xi64>) -> ()
// CHECK-NOT: disc_ral.shape_assertion
func.func private @check(%ctx: !disc_ral.context, %holds: i1, %b: i64, %c: i64) {
  disc_ral.shape_assertion %holds, %b, %c : i64, i64 "'b' = {0}, 'c' = {1}"
  return
}
