// Errors in the program are reported at their file:line:col.
// RUN: not disc-compile %s --compile-to=buffers 2>&1 | FileCheck %s

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: diagnostics.mlir:[[@LINE+1]]:23: error: use of undeclared SSA value name
  %y = arith.addf %x, %undefined : tensor<4xf32>
  return %y : tensor<4xf32>
}
