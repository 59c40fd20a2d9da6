// RUN: disc-opt %s -disc-ral-legalize-to-dispatch -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context)
func.func @main(%ctx: !disc_ral.context) {
  // CHECK: %[[I0:.*]] = arith.constant 0 : i64
  // CHECK: %[[X:.*]] = disc_ral.dispatch %[[CTX]], "ral_recv_input" device "cpu" may_fail(%[[I0]]) : (i64) -> memref<?x64xf32>
  %x = disc_ral.recv_input %ctx, 0 : memref<?x64xf32>
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  // 64 x f32 = 256 bytes per row.
  // CHECK: %[[ROW:.*]] = arith.constant 256 : i64
  // CHECK: %[[N64:.*]] = arith.index_cast %{{.*}} : index to i64
  // CHECK: %[[BYTES:.*]] = arith.muli %[[ROW]], %[[N64]] : i64
  // CHECK: %[[P:.*]] = disc_ral.dispatch %[[CTX]], "ral_alloc" device "cpu" may_fail(%[[BYTES]]) : (i64) -> !llvm.ptr
  // CHECK: %[[T:.*]] = disc_ral.memref_from_ptr %[[P]][%{{.*}}] : memref<?x64xf32>
  %t = memref.alloc(%n) : memref<?x64xf32>
  // CHECK: memref.copy %[[X]], %[[T]]
  memref.copy %x, %t : memref<?x64xf32> to memref<?x64xf32>
  // Stack buffers stay on the stack.
  // CHECK: memref.alloca() : memref<4xf32>
  %s = memref.alloca() : memref<4xf32>
  // CHECK: %[[I1:.*]] = arith.constant 1 : i64
  // CHECK: disc_ral.dispatch %[[CTX]], "ral_send_output" device "cpu" may_fail(%[[I1]], %[[T]]) : (i64, memref<?x64xf32>) -> ()
  disc_ral.send_output %ctx, 1, %t : memref<?x64xf32>
  // CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[T]] : memref<?x64xf32> -> index
  // CHECK: %[[ADDR64:.*]] = arith.index_cast %[[ADDR]] : index to i64
  // CHECK: %[[TP:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
  // CHECK: disc_ral.dispatch %[[CTX]], "ral_dealloc" device "cpu" may_fail(%[[TP]]) : (!llvm.ptr) -> ()
  memref.dealloc %t : memref<?x64xf32>
  // CHECK-NOT: memref.alloc(
  // CHECK-NOT: memref.dealloc
  return
}

// Element sizes come from the data layout; i1 takes a byte.
// CHECK-LABEL: func.func @static_sizes
func.func @static_sizes(%ctx: !disc_ral.context) {
  // CHECK: %[[B1:.*]] = arith.constant 6 : i64
  // CHECK: disc_ral.dispatch %{{.*}}, "ral_alloc" device "cpu" may_fail(%[[B1]])
  // CHECK: disc_ral.memref_from_ptr %{{.*}} : memref<2x3xi1>
  %a = memref.alloc() : memref<2x3xi1>
  // CHECK: %[[B2:.*]] = arith.constant 2 : i64
  // CHECK: disc_ral.memref_from_ptr %{{.*}} : memref<bf16>
  %b = memref.alloc() : memref<bf16>
  // CHECK: %[[B3:.*]] = arith.constant 0 : i64
  // CHECK: disc_ral.memref_from_ptr %{{.*}} : memref<0x4xf64>
  %c = memref.alloc() : memref<0x4xf64>
  "test.use"(%a, %b, %c) : (memref<2x3xi1>, memref<bf16>, memref<0x4xf64>) -> ()
  return
}

// -----

func.func private @no_context() {
  // expected-error @+1 {{'memref.alloc' op needs the runtime, but its function has no leading !disc_ral.context argument}}
  %a = memref.alloc() : memref<4xf32>
  return
}

// -----

func.func @over_aligned(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'memref.alloc' op asks for alignment 128; ral_alloc guarantees 64}}
  %a = memref.alloc() {alignment = 128 : i64} : memref<4xf32>
  return
}

// -----

func.func @strided(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'memref.alloc' op allocates 'memref<4xf32, strided<[2]>>'; the runtime allocates identity layouts only}}
  %a = memref.alloc() : memref<4xf32, strided<[2]>>
  return
}
