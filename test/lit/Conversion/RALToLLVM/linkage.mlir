// RUN: disc-opt %s -disc-ral-to-llvm | FileCheck %s

// Only disc_entry_* and disc_model_abi_version are exported: every other
// definition, public or not, becomes internal or stays private; declarations
// (libm) stay external.

// The module maps each entry to its signature, sorted by name.
// CHECK: module attributes {disc.entry_signatures = {other = {inputs = [], outputs = [{dtype = "i32", name = "t", shape = array<i64: 2>}]}, run = {inputs = [], outputs = []}}}
// CHECK-DAG: llvm.mlir.global private constant @cst(
// CHECK-DAG: llvm.mlir.global internal @table(
// CHECK-DAG: llvm.func internal @helper(
// CHECK-DAG: llvm.func internal @run(%arg0: !llvm.ptr)
// CHECK-DAG: llvm.func internal @other(%arg0: !llvm.ptr)
// CHECK-DAG: llvm.func @disc_entry_run(%arg0: !llvm.ptr)
// CHECK-DAG: llvm.func @disc_entry_other(%arg0: !llvm.ptr)
// CHECK-DAG: llvm.func @disc_model_abi_version() -> i32
// CHECK-DAG: llvm.func @erff(f32) -> f32

memref.global "private" constant @cst : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @table : memref<2xi32> = dense<[3, 4]>

func.func private @helper() -> f32 {
  %m = memref.get_global @cst : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xf32>
  %a = math.erf %v : f32
  return %a : f32
}

func.func @run(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %v = func.call @helper() : () -> f32
  return
}

func.func @other(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = [{dtype = "i32", name = "t", shape = array<i64: 2>}]}} {
  %t = memref.get_global @table : memref<2xi32>
  %c0 = arith.constant 0 : i64
  disc_ral.dispatch %ctx, "ral_send_output" device "cpu" may_fail (%c0, %t) : (i64, memref<2xi32>) -> ()
  return
}
