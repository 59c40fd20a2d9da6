// RUN: disc-opt %s --split-input-file --disc-kernel-graph-to-llvm | FileCheck %s

// A function of scalar arithmetic gets an inline path: if the runtime's
// DiscKgApi reaches make_scalar (48 bytes) and read_scalar reads every
// argument as a concrete scalar, the kernels are LLVM arithmetic and only
// the result becomes a value; else the path through invoke.

// CHECK-LABEL: llvm.func @disc_kg_entry_arithmetic(
// CHECK: %[[HOST:.*]] = llvm.load %arg0
// CHECK: %[[API:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[X_SLOT:.*]] = llvm.getelementptr %arg1[0]
// CHECK-NEXT: %[[X:.*]] = llvm.load %[[X_SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[Y_SLOT:.*]] = llvm.getelementptr %arg1[1]
// CHECK-NEXT: %[[Y:.*]] = llvm.load %[[Y_SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[CELLS:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x i64>
// CHECK: %[[SIZE_ADDR:.*]] = llvm.getelementptr %[[API]][0, 1]
// CHECK-NEXT: %[[SIZE:.*]] = llvm.load %[[SIZE_ADDR]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[NEEDED:.*]] = llvm.mlir.constant(48 : i32)
// CHECK-NEXT: %[[HAS:.*]] = llvm.icmp "uge" %[[SIZE]], %[[NEEDED]]
// CHECK-NEXT: llvm.cond_br %[[HAS]], ^[[CHECK:.*]], ^[[RUNTIME:.*]]
// CHECK: ^[[CHECK]]:
// CHECK-NEXT: %[[READ_ADDR:.*]] = llvm.getelementptr %[[API]][0, 5]
// CHECK-NEXT: %[[READ:.*]] = llvm.load %[[READ_ADDR]]
// CHECK-NEXT: %[[MAKE_ADDR:.*]] = llvm.getelementptr %[[API]][0, 6]
// CHECK-NEXT: %[[MAKE:.*]] = llvm.load %[[MAKE_ADDR]]
// CHECK: %[[I32:.*]] = llvm.mlir.constant(5 : i32)
// CHECK-NEXT: %[[X_CELL:.*]] = llvm.getelementptr %[[CELLS]][0]
// CHECK-NEXT: llvm.call %[[READ]](%[[HOST]], %[[X]], %[[I32]], %[[X_CELL]])
// CHECK: %[[Y_CELL:.*]] = llvm.getelementptr %[[CELLS]][1]
// CHECK-NEXT: llvm.call %[[READ]](%[[HOST]], %[[Y]], %{{.*}}, %[[Y_CELL]])
// CHECK: llvm.cond_br %{{.*}}, ^[[INLINE:.*]], ^[[RUNTIME]]
// CHECK: ^[[INLINE]]:
// CHECK: %[[XV:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: %[[YV:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK-NEXT: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[XV]], %[[SEVEN]] : i32
// CHECK-NEXT: %[[DIFF:.*]] = llvm.sub %[[SUM]], %[[YV]] : i32
// CHECK-NEXT: %[[PROD:.*]] = llvm.mul %[[DIFF]], %[[DIFF]] : i32
// CHECK: llvm.store %[[PROD]], %{{.*}} : i32, !llvm.ptr
// CHECK: %[[VALUE:.*]] = llvm.call %[[MAKE]](%{{.*}}, %{{.*}}) : !llvm.ptr, (i32, !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.store %[[VALUE]], %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: llvm.return
// CHECK: ^[[RUNTIME]]:
// CHECK-COUNT-4: llvm.call %{{.*}}(%[[HOST]], %{{.*}}, %{{.*}}, %{{.*}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.return
func.func @arithmetic(%x: i32, %y: i32) -> i32 {
  %seven = tfrt.constant.i32 7
  %sum = tfrt.add.i32 %x, %seven
  %diff = tfrt.minus.i32 %sum, %y
  %prod = tfrt.multiply.i32 %diff, %diff
  tfrt.return %prod : i32
}

// -----

// Floats use IEEE arithmetic.
// CHECK-LABEL: llvm.func @disc_kg_entry_floats(
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : f64
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : f64
func.func @floats(%x: f64) -> f64 {
  %half = tfrt.constant.f64 0.5
  %sum = tfrt.add.f64 %x, %half
  %prod = tfrt.multiply.f64 %sum, %x
  tfrt.return %prod : f64
}

// -----

// No inline path where a kernel could fail (division), where a chain is an
// argument, or for a kernel the compiler does not know.
// CHECK-LABEL: llvm.func @disc_kg_entry_divides(
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @disc_kg_entry_takes_a_chain(
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @disc_kg_entry_prints(
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.return
func.func @divides(%x: i32, %y: i32) -> i32 {
  %q, %r = tfrt.div.i32 %x, %y
  tfrt.return %q : i32
}
func.func @takes_a_chain(%ch: !tfrt.chain, %x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
func.func @prints(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  %ch = tfrt.new.chain
  %ch1 = tfrt.print.i32 %y, %ch
  tfrt.return %y : i32
}
