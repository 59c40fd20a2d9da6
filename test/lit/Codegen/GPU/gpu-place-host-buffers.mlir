// RUN: disc-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(func.func(disc-gpu-place-host-buffers{max-host-elements=64}))' | FileCheck %s

// A shape built on the host (the sizes of a dynamic broadcast): the buffer
// the host stores into, the one a copy assembles it in from a constant, and
// the copies themselves go to the host; the product stays on the device.
memref.global "private" constant @ten : memref<1xi32> = dense<10>

// CHECK-LABEL: func.func @shape_buffers
// CHECK: %[[FIRST:.*]] = disc_ral.dispatch %{{.*}}, "ral_alloc" device "cpu"
// CHECK: memref.store %{{.*}}, %[[FIRST_MEMREF:.*]][
// CHECK: disc_ral.dispatch %{{.*}}, "ral_alloc" device "cpu"
// CHECK: scf.for
// CHECK:   memref.load %[[FIRST_MEMREF]]
// CHECK:   memref.store
// CHECK: scf.for
// CHECK:   memref.load %{{.*}} : memref<1xi32>
// CHECK: %[[SIZE:.*]] = memref.load
// CHECK: disc_ral.dispatch %{{.*}}, "ral_alloc" device "gpu"
// CHECK: linalg.fill
// CHECK-NOT: memref.copy
func.func @shape_buffers(%ctx: !disc_ral.context, %n: i32) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %zero = arith.constant 0.0 : f32
  %ten = memref.get_global @ten : memref<1xi32>
  %p0 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4) : (i64) -> !llvm.ptr
  %first = disc_ral.memref_from_ptr %p0 : memref<1xi32>
  memref.store %n, %first[%c0] : memref<1xi32>
  %p1 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c8) : (i64) -> !llvm.ptr
  %shape = disc_ral.memref_from_ptr %p1 : memref<2xi32>
  %low = memref.subview %shape[0] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1]>>
  memref.copy %first, %low : memref<1xi32> to memref<1xi32, strided<[1]>>
  %high = memref.subview %shape[1] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
  memref.copy %ten, %high : memref<1xi32> to memref<1xi32, strided<[1], offset: 1>>
  %rows = memref.load %shape[%c0] : memref<2xi32>
  %size = arith.index_cast %rows : i32 to index
  %bytes = arith.index_cast %size : index to i64
  %p2 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p2[%size] : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<?xf32>)
  return %size : index
}

// -----

// A slice offset and a pad value the host reads from inputs: the host
// receives those inputs itself, and the device no longer receives an input
// only the host reads. An input a kernel reads too keeps its device receive.
// CHECK-LABEL: func.func @inputs_read_on_the_host
// CHECK-DAG: %[[X:.*]] = disc_ral.dispatch %{{.*}}, "ral_recv_input" device "gpu" may_fail(%c0_i64)
// CHECK-DAG: %[[INDEX:.*]] = disc_ral.dispatch %{{.*}}, "ral_recv_input" device "cpu" may_fail(%c1_i64)
// CHECK-DAG: %[[SIGNLESS:.*]] = builtin.unrealized_conversion_cast %[[INDEX]] : memref<ui32> to memref<i32>
// CHECK-DAG: %[[VALUE:.*]] = disc_ral.dispatch %{{.*}}, "ral_recv_input" device "gpu" may_fail(%c2_i64)
// CHECK-DAG: %[[HOST_VALUE:.*]] = disc_ral.dispatch %{{.*}}, "ral_recv_input" device "cpu" may_fail(%c2_i64)
// CHECK-NOT: "ral_recv_input" device "gpu" may_fail(%c1_i64)
// CHECK: memref.load %[[SIGNLESS]][]
// CHECK: memref.load %[[HOST_VALUE]][]
// CHECK: memref.subview %[[X]]
// CHECK: linalg.generic {{.*}} ins(%[[VALUE]]
func.func @inputs_read_on_the_host(%ctx: !disc_ral.context) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c16 = arith.constant 16 : i64
  %x = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c0) : (i64) -> memref<8xf32>
  %i = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c1) : (i64) -> memref<ui32>
  %signless = builtin.unrealized_conversion_cast %i : memref<ui32> to memref<i32>
  %v = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c2) : (i64) -> memref<f32>
  %offset32 = memref.load %signless[] : memref<i32>
  %offset = arith.index_castui %offset32 : i32 to index
  %pad = memref.load %v[] : memref<f32>
  %slice = memref.subview %x[%offset] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c16) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%v, %slice : memref<f32>, memref<4xf32, strided<[1], offset: ?>>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %pad : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A loop whose condition the host evaluates: the counter the loop carries,
// the condition, and the ops computing them run on the host; the tensor the
// loop also carries stays on the device.
// CHECK-LABEL: func.func @loop_condition
// CHECK: %[[N:.*]] = disc_ral.dispatch %{{.*}}, "ral_recv_input" device "cpu"
// CHECK: "ral_alloc" device "cpu"
// CHECK: "ral_alloc" device "gpu"
// CHECK: "ral_alloc" device "cpu"
// CHECK: scf.while
// CHECK:   memref.load %[[N]][]
// CHECK:   arith.cmpi slt
// CHECK: } do {
// CHECK:   "ral_alloc" device "cpu"
// CHECK:   arith.addi
// CHECK:   "ral_alloc" device "gpu"
// CHECK:   linalg.generic
// CHECK: "ral_send_output" device "gpu"
func.func @loop_condition(%ctx: !disc_ral.context) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c4096 = arith.constant 4096 : i64
  %one = arith.constant 1 : i32
  %x = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c0) : (i64) -> memref<1024xf32>
  %n = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c1) : (i64) -> memref<i32>
  %p0 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4) : (i64) -> !llvm.ptr
  %counter = disc_ral.memref_from_ptr %p0 : memref<i32>
  %p1 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4096) : (i64) -> !llvm.ptr
  %sum = disc_ral.memref_from_ptr %p1 : memref<1024xf32>
  %p2 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c1) : (i64) -> !llvm.ptr
  %cond = disc_ral.memref_from_ptr %p2 : memref<i1>
  %r:2 = scf.while (%i = %counter, %s = %sum) : (memref<i32>, memref<1024xf32>) -> (memref<i32>, memref<1024xf32>) {
    linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%i, %n : memref<i32>, memref<i32>) outs(%cond : memref<i1>) {
    ^bb0(%a: i32, %b: i32, %o: i1):
      %lt = arith.cmpi slt, %a, %b : i32
      linalg.yield %lt : i1
    }
    %go = memref.load %cond[] : memref<i1>
    scf.condition(%go) %i, %s : memref<i32>, memref<1024xf32>
  } do {
  ^bb0(%i: memref<i32>, %s: memref<1024xf32>):
    %q0 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4) : (i64) -> !llvm.ptr
    %next = disc_ral.memref_from_ptr %q0 : memref<i32>
    linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%i : memref<i32>) outs(%next : memref<i32>) {
    ^bb0(%a: i32, %o: i32):
      %b = arith.addi %a, %one : i32
      linalg.yield %b : i32
    }
    %q1 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4096) : (i64) -> !llvm.ptr
    %added = disc_ral.memref_from_ptr %q1 : memref<1024xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%s, %x : memref<1024xf32>, memref<1024xf32>) outs(%added : memref<1024xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %c = arith.addf %a, %b : f32
      linalg.yield %c : f32
    }
    scf.yield %next, %added : memref<i32>, memref<1024xf32>
  }
  disc_ral.dispatch %ctx, "ral_send_output" device "gpu" may_fail(%c0, %r#1) : (i64, memref<1024xf32>) -> ()
  return
}

// -----

// Outputs held on the host (a computed shape, a constant) are sent from it.
memref.global "private" constant @shape : memref<2xi64> = dense<[3, 4]>

// CHECK-LABEL: func.func @host_outputs
// CHECK: "ral_send_output" device "cpu" may_fail(%{{.*}}, %{{.*}}) : (i64, memref<2xi64>)
// CHECK: "ral_send_output" device "cpu" may_fail(%{{.*}}, %{{.*}}) : (i64, memref<i64>)
func.func @host_outputs(%ctx: !disc_ral.context, %v: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %shape = memref.get_global @shape : memref<2xi64>
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c8) : (i64) -> !llvm.ptr
  %m = disc_ral.memref_from_ptr %p : memref<i64>
  memref.store %v, %m[] : memref<i64>
  disc_ral.dispatch %ctx, "ral_send_output" device "gpu" may_fail(%c0, %shape) : (i64, memref<2xi64>) -> ()
  disc_ral.dispatch %ctx, "ral_send_output" device "gpu" may_fail(%c1, %m) : (i64, memref<i64>) -> ()
  return
}

// -----

// A buffer on the host is freed by the host; one on the device by the GPU.
// CHECK-LABEL: func.func @freed_where_they_live
// CHECK: %[[HOST:.*]] = disc_ral.memref_from_ptr %{{.*}} : memref<i32>
// CHECK: %[[DEVICE:.*]] = disc_ral.memref_from_ptr %{{.*}} : memref<4096xf32>
// CHECK: memref.extract_aligned_pointer_as_index %[[HOST]]
// CHECK: "ral_dealloc" device "cpu"
// CHECK: memref.extract_aligned_pointer_as_index %[[DEVICE]]
// CHECK: "ral_dealloc" device "gpu"
func.func @freed_where_they_live(%ctx: !disc_ral.context, %v: i32) -> i32 {
  %c4 = arith.constant 4 : i64
  %c16384 = arith.constant 16384 : i64
  %zero = arith.constant 0.0 : f32
  %p0 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4) : (i64) -> !llvm.ptr
  %host = disc_ral.memref_from_ptr %p0 : memref<i32>
  %p1 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c16384) : (i64) -> !llvm.ptr
  %device = disc_ral.memref_from_ptr %p1 : memref<4096xf32>
  memref.store %v, %host[] : memref<i32>
  %w = memref.load %host[] : memref<i32>
  linalg.fill ins(%zero : f32) outs(%device : memref<4096xf32>)
  %a0 = memref.extract_aligned_pointer_as_index %host : memref<i32> -> index
  %i0 = arith.index_cast %a0 : index to i64
  %q0 = llvm.inttoptr %i0 : i64 to !llvm.ptr
  disc_ral.dispatch %ctx, "ral_dealloc" device "gpu" may_fail(%q0) : (!llvm.ptr) -> ()
  %a1 = memref.extract_aligned_pointer_as_index %device : memref<4096xf32> -> index
  %i1 = arith.index_cast %a1 : index to i64
  %q1 = llvm.inttoptr %i1 : i64 to !llvm.ptr
  disc_ral.dispatch %ctx, "ral_dealloc" device "gpu" may_fail(%q1) : (!llvm.ptr) -> ()
  return %w : i32
}

// -----

// A value the host needs that kernels compute from a large buffer stays on
// the device: the host copies the element it loads, waiting for them.
// CHECK-LABEL: func.func @reduced_on_the_device
// CHECK: %[[SUM:.*]] = disc_ral.memref_from_ptr %{{.*}} : memref<4xf32>
// CHECK: linalg.generic
// CHECK: %[[BYTES:.*]] = arith.constant 4 : i64
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[SUM]]
// CHECK: %[[SCALED:.*]] = arith.muli %[[INDEX:.*]], %[[STRIDE]]
// CHECK: %[[ELEMENT:.*]] = arith.addi %[[OFFSET]], %[[SCALED]]
// CHECK: %[[ELEMENT64:.*]] = arith.index_cast %[[ELEMENT]] : index to i64
// CHECK: %[[ALIGNED:.*]] = memref.extract_aligned_pointer_as_index %[[SUM]]
// CHECK: %[[ALIGNED64:.*]] = arith.index_cast %[[ALIGNED]] : index to i64
// CHECK: %[[BASE_POINTER:.*]] = llvm.inttoptr %[[ALIGNED64]]
// CHECK: %[[SOURCE:.*]] = llvm.getelementptr %[[BASE_POINTER]][%[[ELEMENT64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[HOST:.*]] = disc_ral.dispatch %{{.*}}, "ral_alloc" device "cpu" may_fail(%[[BYTES]])
// CHECK: disc_ral.dispatch %{{.*}}, "ral_copy_to_host" device "gpu" may_fail(%[[HOST]], %[[SOURCE]], %[[BYTES]])
// CHECK: %[[HOST_MEMREF:.*]] = disc_ral.memref_from_ptr %[[HOST]] : memref<f32>
// CHECK: memref.load %[[HOST_MEMREF]][] : memref<f32>
func.func @reduced_on_the_device(%ctx: !disc_ral.context, %i: index) -> f32 {
  %c0 = arith.constant 0 : i64
  %c16 = arith.constant 16 : i64
  %x = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c0) : (i64) -> memref<4x1024xf32>
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c16) : (i64) -> !llvm.ptr
  %sum = disc_ral.memref_from_ptr %p : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x1024xf32>) outs(%sum : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  %v = memref.load %sum[%i] : memref<4xf32>
  return %v : f32
}

// -----

// A store the host would make into a buffer kernels use.
func.func @stored_for_the_device(%ctx: !disc_ral.context, %v: f32) {
  %c0 = arith.constant 0 : index
  %c4096 = arith.constant 4096 : i64
  %c16 = arith.constant 16 : i64
  %p0 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4096) : (i64) -> !llvm.ptr
  %big = disc_ral.memref_from_ptr %p0 : memref<1024xf32>
  %p1 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c16) : (i64) -> !llvm.ptr
  %small = disc_ral.memref_from_ptr %p1 : memref<4xf32>
  // expected-error @+1 {{'memref.store' op writes on the host into a buffer of 1024 elements, which the cuda target keeps on the GPU}}
  memref.store %v, %small[%c0] : memref<4xf32>
  // expected-note @+1 {{the buffer is tied to this op's buffers}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 floordiv 256)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%small : memref<4xf32>) outs(%big : memref<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @dynamic_shape(%ctx: !disc_ral.context, %n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %bytes = arith.index_cast %n : index to i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %m = disc_ral.memref_from_ptr %p[%n] : memref<?xf32>
  // expected-error @+1 {{writes on the host into a buffer of dynamic shape, which the cuda target keeps on the GPU}}
  memref.store %v, %m[%c0] : memref<?xf32>
  return %v : f32
}

// -----

func.func @used_by_a_runtime_call(%ctx: !disc_ral.context, %v: f32) -> f32 {
  %c4 = arith.constant 4 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4) : (i64) -> !llvm.ptr
  %m = disc_ral.memref_from_ptr %p : memref<f32>
  disc_ral.dispatch %ctx, "my_kernel" device "gpu" may_fail(%m) : (memref<f32>) -> ()
  // expected-error @+1 {{writes on the host into a buffer disc_ral.dispatch uses on the device, which the cuda target keeps on the GPU}}
  memref.store %v, %m[] : memref<f32>
  return %v : f32
}

// -----

// The values of a failed shape assertion, stored on the host's stack for
// the runtime's report: already host memory, left as it is.
// CHECK-LABEL: func.func @stack_values_for_a_report
// CHECK: %[[VALUES:.*]] = memref.alloca() : memref<1xi64>
// CHECK: memref.store %{{.*}}, %[[VALUES]][
// CHECK: disc_ral.dispatch %{{.*}}, "ral_report_shape_assertion" device "gpu" may_fail(%{{.*}}, %[[VALUES]])
func.func @stack_values_for_a_report(%ctx: !disc_ral.context, %message: !llvm.ptr, %v: i64) {
  %c0 = arith.constant 0 : index
  %values = memref.alloca() : memref<1xi64>
  memref.store %v, %values[%c0] : memref<1xi64>
  disc_ral.dispatch %ctx, "ral_report_shape_assertion" device "gpu" may_fail(%message, %values) : (!llvm.ptr, memref<1xi64>) -> ()
  return
}
