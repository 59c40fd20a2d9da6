// RUN: disc-opt %s -disc-ral-to-llvm | FileCheck %s

// The module keeps every entry's signature for the metadata.
// CHECK: module attributes {disc.entry_signatures = {main = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}], outputs = []}}}

// Each API name is a private constant string.
// CHECK-DAG: llvm.mlir.global private constant @[[SEND:.*]]("ral_send_output___cpu___pvoid_i64_m2df32___void\00")
// CHECK-DAG: llvm.mlir.global private constant @[[RECV:.*]]("ral_recv_input___cpu___pvoid_i64___m2df32\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FLAG:.*]]("ral_flag___cpu___pvoid_i1_m0di32_f16___i1_f64\00")

// CHECK-LABEL: llvm.func internal @main(%arg0: !llvm.ptr)
// Stack slots are allocated once, at function entry: the slot arrays hold
// 1 + 1 + (3 + 2 * 2) = 9 slots for recv_input and send_output.
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.alloca %{{.*}} x !llvm.array<9 x ptr>
// CHECK: llvm.alloca %{{.*}} x !llvm.array<9 x ptr>
// CHECK-NOT: llvm.alloca
// exec_ctx = ctx_struct[0], fn = ctx_struct[1].
// CHECK: %[[EXEC:.*]] = llvm.load %arg0 : !llvm.ptr -> !llvm.ptr
// CHECK: %[[FN_ADDR:.*]] = llvm.getelementptr %arg0[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[FN:.*]] = llvm.load %[[FN_ADDR]] : !llvm.ptr -> !llvm.ptr
// Slot 0 points to the stored exec_ctx, slot 1 to the index, slots 2..8 to
// the result descriptor's fields.
// CHECK: llvm.store %[[EXEC]], %[[EXEC_SLOT:.*]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[SLOTS:.*]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<9 x ptr>
// CHECK: llvm.store %[[EXEC_SLOT]], %[[S0]]
// CHECK: llvm.getelementptr %[[SLOTS]][0, 1]
// CHECK: %[[F0:.*]] = llvm.getelementptr %[[DESC:.*]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.getelementptr %[[SLOTS]][0, 2]
// CHECK: llvm.getelementptr %[[DESC]][0, 3, 1]
// CHECK: llvm.getelementptr %[[SLOTS]][0, 6]
// CHECK: llvm.getelementptr %[[DESC]][0, 4, 1]
// CHECK: llvm.getelementptr %[[SLOTS]][0, 8]
// CHECK: %[[NAME:.*]] = llvm.mlir.addressof @[[RECV]] : !llvm.ptr
// CHECK: %[[STATUS:.*]] = llvm.call %[[FN]](%[[EXEC]], %[[NAME]], %[[SLOTS]]) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// A failed call returns at once.
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[FAILED:.*]] = llvm.icmp "ne" %[[STATUS]], %[[ZERO]] : i32
// CHECK: llvm.cond_br %[[FAILED]], ^[[RETURN:.*]], ^[[NEXT:.*]]
// CHECK: ^[[NEXT]]:
// CHECK: llvm.load %[[DESC]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.mlir.addressof @[[SEND]]
// CHECK: llvm.call
// CHECK: llvm.cond_br %{{.*}}, ^[[RETURN]], ^{{.*}}
// CHECK: ^[[RETURN]]:
// CHECK-NEXT: llvm.return
func.func @main(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}], outputs = []}} {
  %c0 = arith.constant 0 : i64
  %x = disc_ral.dispatch %ctx, "ral_recv_input" device "cpu" may_fail (%c0) : (i64) -> memref<?x4xf32>
  disc_ral.dispatch %ctx, "ral_send_output" device "cpu" may_fail (%c0, %x) : (i64, memref<?x4xf32>) -> ()
  return
}

// Scalars take one slot each, a rank-0 memref three; results follow the
// arguments and are read back after the call. Without may_fail there is no
// status check.
// CHECK-LABEL: llvm.func internal @scalars
// CHECK: llvm.alloca %{{.*}} x f64
// CHECK: llvm.alloca %{{.*}} x i1
// CHECK: llvm.alloca %{{.*}} x f16
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, i64)>
// CHECK: llvm.alloca %{{.*}} x i1
// CHECK: llvm.alloca %{{.*}} x !llvm.array<8 x ptr>
// CHECK: llvm.mlir.addressof @[[FLAG]]
// CHECK: llvm.call %{{.*}} -> i32
// CHECK-NOT: llvm.cond_br
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK: %[[D:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK: llvm.return %[[D]] : f64
func.func private @scalars(%ctx: !disc_ral.context, %flag: i1, %m: memref<i32>,
                           %h: f16) -> f64 {
  %b, %d = disc_ral.dispatch %ctx, "ral_flag" device "cpu" (%flag, %m, %h)
      : (i1, memref<i32>, f16) -> (i1, f64)
  return %d : f64
}

// A dispatch in a loop reuses the slots allocated at entry.
// CHECK-LABEL: llvm.func internal @loop
// CHECK: llvm.alloca %{{.*}} x !llvm.array<3 x ptr>
// CHECK: llvm.br ^[[HEADER:.*]](
// CHECK: ^[[HEADER]](
// CHECK-NOT: llvm.alloca
// CHECK: llvm.call
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
func.func private @loop(%ctx: !disc_ral.context, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^header(%c0 : i64)
^header(%i: i64):
  %more = arith.cmpi slt, %i, %n : i64
  cf.cond_br %more, ^body, ^exit
^body:
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail (%i) : (i64) -> !llvm.ptr
  %next = arith.addi %i, %c1 : i64
  cf.br ^header(%next : i64)
^exit:
  return
}

// memref_from_ptr views the pointer with identity strides.
// CHECK-LABEL: llvm.func internal @view
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK: %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][1]
// CHECK: llvm.insertvalue %[[N]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[C3]], %{{.*}}[3, 1]
// CHECK: llvm.insertvalue %[[C3]], %{{.*}}[4, 0]
// CHECK: llvm.insertvalue %[[C1]], %{{.*}}[4, 1]
func.func private @view(%p: !llvm.ptr, %n: index) -> memref<?x3xf32> {
  %m = disc_ral.memref_from_ptr %p[%n] : memref<?x3xf32>
  return %m : memref<?x3xf32>
}

// Each entry gets an exported wrapper taking the ctx_struct.
// CHECK-LABEL: llvm.func @disc_entry_main(%arg0: !llvm.ptr)
// CHECK-SAME: disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}], outputs = []}
// CHECK-NEXT: llvm.call @main(%arg0) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return

// CHECK-LABEL: llvm.func @disc_model_abi_version() -> i32
// CHECK-NEXT: %[[V:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.return %[[V]] : i32
