// RUN: disc-opt %s -disc-ral-legalize-to-dispatch | FileCheck %s
// RUN: disc-opt %s -disc-ral-legalize-to-dispatch -convert-scf-to-cf \
// RUN:   -disc-ral-to-llvm | FileCheck %s --check-prefix=LLVM

// A failed assertion reports its message, with the source location, to the
// runtime instead of aborting.
// CHECK-DAG: llvm.mlir.global private constant @[[MSG:.*]]("{{.*}}ral-legalize-assert.mlir:{{[0-9]+}}:3: batch sizes disagree\00")
// CHECK-DAG: llvm.mlir.global private constant @[[MSG2:.*]]("{{.*}}ral-legalize-assert.mlir:{{[0-9]+}}:5: index out of range\00")
// CHECK-LABEL: func.func private @check
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[A]], %[[B]] : index
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[VIOLATED:.*]] = arith.xori %[[SAME]], %[[TRUE]] : i1
// CHECK: scf.if %[[VIOLATED]] {
// CHECK-NEXT: %[[TEXT:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK-NEXT: disc_ral.dispatch %[[CTX]], "ral_report_error" device "cpu" may_fail(%[[TEXT]]) : (!llvm.ptr) -> ()
// CHECK: scf.for
// CHECK: scf.if
// CHECK: llvm.mlir.addressof @[[MSG2]]
// CHECK-NOT: cf.assert

// LLVM: "ral_report_error___cpu___pvoid_pvoid___void\00"
// LLVM-LABEL: llvm.func internal @check
// LLVM-COUNT-2: llvm.icmp "ne" %{{.*}}, %{{.*}} : i32
// LLVM-NOT: cf.assert
func.func private @check(%ctx: !disc_ral.context, %a: index, %b: index) {
  %same = arith.cmpi eq, %a, %b : index
  cf.assert %same, "batch sizes disagree"
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ok = arith.cmpi slt, %i, %a : index
    cf.assert %ok, "index out of range"
  }
  return
}
