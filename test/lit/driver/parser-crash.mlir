// Some of MLIR 22's op parsers crash after reporting malformed text (found by
// the frontend fuzzer; mlir-opt crashes on this too). disc-compile parses
// under crash recovery: the program fails with its diagnostics and exit 1.
// RUN: not disc-compile %s -o %t.so 2>&1 | FileCheck %s

// CHECK: parser-crash.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected '['
// CHECK: parser-crash.mlir:1:1: error: the MLIR parser crashed on this program
func.func @row_sum(%a: memref<8x64xf32>, %out: memref<8xf32>) {
  linalg.reduce ins(%a : memref<8x64xf32>) outs(%out : memref<8xf32>) dimensions = 1
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}
