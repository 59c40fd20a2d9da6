// RUN: disc-opt %s -split-input-file -disc-parallel-loop-buffers-to-stack | FileCheck %s

// A row's scratch buffer inside an scf.forall, read through a view and by a
// nested loop, becomes a stack buffer where it was allocated; its
// deallocation goes.
// CHECK-LABEL: func.func @row_scratch
// CHECK: scf.forall
// CHECK: %[[ROW:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x256xf32>
// CHECK: memref.subview %[[ROW]]
// CHECK-NOT: memref.alloc(
// CHECK-NOT: memref.dealloc
func.func @row_scratch(%in: memref<64x256xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  scf.forall (%i) in (64) {
    %row = memref.alloc() {alignment = 64 : i64} : memref<1x256xf32>
    %flat = memref.subview %row[0, 0] [1, 256] [1, 1] : memref<1x256xf32> to memref<256xf32, strided<[1]>>
    scf.for %j = %c0 to %c256 step %c1 {
      %x = memref.load %in[%i, %j] : memref<64x256xf32>
      memref.store %x, %flat[%j] : memref<256xf32, strided<[1]>>
    }
    %first = memref.load %row[%c0, %c0] : memref<1x256xf32>
    memref.store %first, %out[%i] : memref<64xf32>
    memref.dealloc %row : memref<1x256xf32>
  }
  return
}

// -----

// Left on the runtime's allocator: a buffer outside any parallel loop, one
// of dynamic size, one above 64 KiB, and one a sequential loop yields out
// of its iteration.
// CHECK-LABEL: func.func @stay_allocated
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: scf.forall
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<32768xf32>
// CHECK: scf.for
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.alloca
func.func @stay_allocated(%n: index, %init: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %outside = memref.alloc() : memref<8xf32>
  scf.forall (%i) in (4) {
    %dynamic = memref.alloc(%n) : memref<?xf32>
    %large = memref.alloc() : memref<32768xf32>
    %last = scf.for %j = %c0 to %n step %c1 iter_args(%state = %init) -> (memref<4xf32>) {
      %next = memref.alloc() : memref<4xf32>
      scf.yield %next : memref<4xf32>
    }
  }
  return
}
