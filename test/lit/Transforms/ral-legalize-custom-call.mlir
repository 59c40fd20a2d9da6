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
