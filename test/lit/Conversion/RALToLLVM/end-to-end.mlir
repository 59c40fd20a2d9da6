// RUN: disc-opt %s -disc-ral-inject-context -disc-ral-bind-io \
// RUN:   -disc-ral-legalize-to-dispatch -disc-ral-to-llvm | FileCheck %s
// RUN: disc-opt %s -disc-ral-inject-context -disc-ral-bind-io \
// RUN:   -disc-ral-legalize-to-dispatch -disc-ral-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// A bufferized entry, from binding its io to the exported symbol.

// CHECK-DAG: "ral_recv_input___cpu___pvoid_i64___m1df32\00"
// CHECK-DAG: "ral_alloc___cpu___pvoid_i64___pvoid\00"
// CHECK-DAG: "ral_send_output___cpu___pvoid_i64_m1df32___void\00"
// CHECK-DAG: "ral_dealloc___cpu___pvoid_pvoid___void\00"
// CHECK-LABEL: llvm.func internal @add_one(%arg0: !llvm.ptr)
// recv_input, two allocs, dealloc and send_output: five status checks.
// CHECK-COUNT-5: llvm.icmp "ne" %{{.*}}, %{{.*}} : i32
// CHECK-NOT: llvm.icmp "ne"
// CHECK: llvm.func @disc_entry_add_one(%arg0: !llvm.ptr)

// IR: @__disc_api_name.ral_recv_input___cpu___pvoid_i64___m1df32 = private constant
// IR: define internal void @add_one(ptr %0)
// IR: define void @disc_entry_add_one(ptr %0)
// IR-NEXT: call void @add_one(ptr %0)
// IR: define i32 @disc_model_abi_version()
// IR-NEXT: ret i32 1
func.func @add_one(%x: memref<?xf32>) -> memref<?xf32>
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1>}], outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1>}]}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %v = memref.load %x[%i] : memref<?xf32>
  %w = arith.addf %v, %one : f32
  memref.store %w, %y[%i] : memref<?xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  %copy = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %copy : memref<?xf32>
  return %y : memref<?xf32>
}
