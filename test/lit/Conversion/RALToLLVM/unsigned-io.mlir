// RUN: disc-opt %s -disc-ral-inject-context -disc-ral-bind-io \
// RUN:   -disc-ral-legalize-to-dispatch -disc-ral-to-llvm | FileCheck %s

// Buffers the lowering made signless cross the runtime boundary with the
// user's unsigned dtype; the casts between the two views leave no trace.
// CHECK-DAG: "ral_recv_input___cpu___pvoid_i64___m1dui8\00"
// CHECK-DAG: "ral_send_output___cpu___pvoid_i64_m1dui8___void\00"
// CHECK-NOT: unrealized_conversion_cast
func.func @main(%x: memref<4xi8>) -> memref<4xi8>
    attributes {disc.entry_signature = {inputs = [{dtype = "ui8", name = "x", shape = array<i64: 4>}], outputs = [{dtype = "ui8", name = "result0", shape = array<i64: 4>}]}} {
  %y = memref.alloc() : memref<4xi8>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xi8>
  memref.store %v, %y[%c0] : memref<4xi8>
  return %y : memref<4xi8>
}
