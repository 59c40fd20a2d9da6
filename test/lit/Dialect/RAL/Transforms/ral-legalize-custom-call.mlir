// RUN: disc-opt %s -disc-ral-legalize-to-dispatch -split-input-file -verify-diagnostics | FileCheck %s
// RUN: disc-opt %s -disc-ral-legalize-to-dispatch -split-input-file -verify-diagnostics \
// RUN:   -convert-scf-to-cf -disc-ral-to-llvm | FileCheck %s --check-prefix=LLVM

// A user kernel is called with the context, its inputs, then its outputs,
// and its status is checked like any runtime call's.
// CHECK-LABEL: func.func private @kernel
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[X:.*]]: memref<4x8xf32>, %[[S:.*]]: memref<8xf32>, %[[O:.*]]: memref<4x8xf32>)
// CHECK: disc_ral.dispatch %[[CTX]], "scaled_softplus" device "cpu" may_fail(%[[X]], %[[S]], %[[O]]) : (memref<4x8xf32>, memref<8xf32>, memref<4x8xf32>) -> ()
// CHECK-NOT: disc_ral.custom_call
// LLVM: llvm.mlir.global private constant @{{.*}}("scaled_softplus___cpu___pvoid_m2df32_m1df32_m2df32___void\00")
func.func private @kernel(%ctx: !disc_ral.context, %x: memref<4x8xf32>, %s: memref<8xf32>, %o: memref<4x8xf32>) {
  disc_ral.custom_call "scaled_softplus"(%x, %s : memref<4x8xf32>, memref<8xf32>) outs(%o : memref<4x8xf32>)
  return
}

// -----

// A kernel that returns its result is a dispatch returning a memref with
// every dimension dynamic; the size the program declares static (8) is
// checked before the memref is cast to the declared type.
// CHECK-LABEL: func.func private @returned
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[X:.*]]: memref<?x8xf32>)
// CHECK: %[[R:.*]] = disc_ral.dispatch %[[CTX]], "rows_with_positive_sum" device "cpu" may_fail(%[[X]]) : (memref<?x8xf32>) -> memref<?x?xf32>
// CHECK: %[[COLS:.*]] = memref.dim %[[R]], %{{.*}} : memref<?x?xf32>
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[COLS]], %[[EIGHT]] : index
// CHECK: scf.if
// CHECK: disc_ral.dispatch %[[CTX]], "ral_report_error"
// CHECK: %[[CAST:.*]] = memref.cast %[[R]] : memref<?x?xf32> to memref<?x8xf32>
// CHECK: disc_ral.dispatch %[[CTX]], "ral_send_output" device "cpu" may_fail(%{{.*}}, %[[CAST]])
// LLVM-DAG: llvm.mlir.global private constant @{{.*}}("rows_with_positive_sum___cpu___pvoid_m2df32___m2df32\00")
// LLVM-DAG: rows_with_positive_sum returned result #0 with dimension 1 of another size than 8, which the program declares
func.func private @returned(%ctx: !disc_ral.context, %x: memref<?x8xf32>) {
  %0 = disc_ral.custom_call "rows_with_positive_sum"(%x : memref<?x8xf32>) -> memref<?x8xf32>
  disc_ral.send_output %ctx, 0, %0 : memref<?x8xf32>
  return
}

// -----

func.func @tensors(%ctx: !disc_ral.context, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'disc_ral.custom_call' op on tensors must be bufferized before it becomes a runtime call}}
  %0 = disc_ral.custom_call "negate"(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @no_context(%x: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{'disc_ral.custom_call' op needs the runtime, but its function has no leading !disc_ral.context argument}}
  disc_ral.custom_call "negate"(%x : memref<4xf32>) outs(%o : memref<4xf32>)
  return
}
