// RUN: disc-opt %s -split-input-file -disc-cpu-parallel-for | FileCheck %s

// An elementwise loop over a large buffer: its body moves into a function
// that runs a range of the first dimension; the caller stores the captured
// buffers (pointer and dynamic size) into slots and calls the runtime. The
// constant the body uses is cloned into it, not captured.
// CHECK-LABEL: func.func @scale
// CHECK: %[[SLOTS:.*]] = llvm.alloca %{{.*}} x !llvm.array<5 x i64>
// CHECK-NOT: scf.parallel
// CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<?x256xf32>
// CHECK: memref.dim
// CHECK: %[[COUNT:.*]] = arith.maxsi
// CHECK: %[[GRAIN:.*]] = arith.constant 32 : index
// CHECK: disc_ral.parallel_for %{{.*}}, @scale_parallel(%[[SLOTS]], %[[COUNT]], %[[GRAIN]])
// CHECK: func.func private @scale_parallel(%[[CAPTURES:.*]]: !llvm.ptr, %[[BEGIN:.*]]: index, %[[END:.*]]: index)
// CHECK: llvm.inttoptr
// CHECK: disc_ral.memref_from_ptr %{{.*}}[%{{.*}}] : memref<?x256xf32>
// CHECK: scf.parallel (%[[N:.*]], %[[J:.*]]) = (%[[BEGIN]], %[[C0:.*]]) to (%[[END]], %[[C256:.*]]) step
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: memref.load
// CHECK: arith.mulf
// CHECK: memref.store
func.func @scale(%ctx: !disc_ral.context, %in: memref<?x256xf32>,
                 %out: memref<?x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %two = arith.constant 2.0 : f32
  %rows = memref.dim %in, %c0 : memref<?x256xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %c256) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<?x256xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %out[%i, %j] : memref<?x256xf32>
    scf.reduce
  }
  return
}

// -----

// Too little work to share, a runtime call inside, a strided view that would
// have to be captured, a function without a context: all stay loops.
// CHECK-LABEL: func.func @stays
// CHECK-NOT: disc_ral.parallel_for
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-NOT: disc_ral.parallel_for
// CHECK-LABEL: func.func @no_context
// CHECK: scf.parallel
// CHECK-NOT: func.func private
func.func @stays(%ctx: !disc_ral.context, %small: memref<64xf32>,
                 %big: memref<1048576xf32>,
                 %view: memref<1024x1024xf32, strided<[2048, 1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %cbig = arith.constant 1048576 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %one, %small[%i] : memref<64xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%cbig) step (%c1) {
    %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%c1) : (index) -> !llvm.ptr
    memref.store %one, %big[%i] : memref<1048576xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1024, %c1024) step (%c1, %c1) {
    memref.store %one, %view[%i, %j] : memref<1024x1024xf32, strided<[2048, 1]>>
    scf.reduce
  }
  return
}

func.func @no_context(%big: memref<1048576xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cbig = arith.constant 1048576 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%cbig) step (%c1) {
    memref.store %one, %big[%i] : memref<1048576xf32>
    scf.reduce
  }
  return
}

// -----

// A loop by rows over [1, 512] rows with a stack buffer per row: the two
// row dimensions merge into one of 512 iterations, which the runtime
// splits, and the buffer moves to the entry of the outlined function, taken
// once per range instead of once per row.
// CHECK-LABEL: func.func @rows_of_one_batch
// CHECK: %[[COUNT:.*]] = arith.maxsi
// CHECK: disc_ral.parallel_for %{{.*}}, @rows_of_one_batch_parallel(%{{.*}}, %[[COUNT]], %{{.*}})
// CHECK: func.func private @rows_of_one_batch_parallel
// CHECK-NEXT: memref.alloca() : memref<256xf32>
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step
// CHECK: scf.for
// CHECK-NOT: memref.alloca
func.func @rows_of_one_batch(%ctx: !disc_ral.context, %in: memref<1x512x256xf32>,
                             %out: memref<1x512x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  scf.parallel (%b, %r) = (%c0, %c0) to (%c1, %c512) step (%c1, %c1) {
    %row = memref.alloca() : memref<256xf32>
    scf.for %j = %c0 to %c256 step %c1 {
      %x = memref.load %in[%b, %r, %j] : memref<1x512x256xf32>
      memref.store %x, %row[%j] : memref<256xf32>
    }
    scf.for %j = %c0 to %c256 step %c1 {
      %x = memref.load %row[%j] : memref<256xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %out[%b, %r, %j] : memref<1x512x256xf32>
    }
    scf.reduce
  }
  return
}

// -----

// An elementwise nest over [1, 512, 256]: the batch and row dimensions
// merge, the contiguous innermost one stays a dimension of its own.
// CHECK-LABEL: func.func @elementwise_one_batch
// CHECK: disc_ral.parallel_for
// CHECK: func.func private @elementwise_one_batch_parallel
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step
func.func @elementwise_one_batch(%ctx: !disc_ral.context, %in: memref<1x512x256xf32>,
                                 %out: memref<1x512x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  scf.parallel (%b, %r, %j) = (%c0, %c0, %c0) to (%c1, %c512, %c256) step (%c1, %c1, %c1) {
    %x = memref.load %in[%b, %r, %j] : memref<1x512x256xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %out[%b, %r, %j] : memref<1x512x256xf32>
    scf.reduce
  }
  return
}

// -----

// A loop too small to share keeps running where it is, and its stack buffer
// moves to the function's entry so that the stack does not grow by a
// buffer each iteration.
// CHECK-LABEL: func.func @small_rows
// CHECK-NEXT: memref.alloca() : memref<4xf32>
// CHECK: scf.parallel
// CHECK-NOT: memref.alloca
// CHECK-NOT: disc_ral.parallel_for
func.func @small_rows(%ctx: !disc_ral.context, %out: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    %row = memref.alloca() : memref<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %zero, %row[%j] : memref<4xf32>
      %x = memref.load %row[%j] : memref<4xf32>
      memref.store %x, %out[%i, %j] : memref<2x4xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Two reductions of a row that start from the same fill: bufferization
// copies the filled accumulator, a contiguous copy between stack buffers
// that becomes a memcpy intrinsic, so the loop still runs on every core.
// CHECK-LABEL: func.func @rows_with_copied_accumulator
// CHECK: disc_ral.parallel_for
// CHECK: func.func private @rows_with_copied_accumulator_parallel
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<1xf32> to memref<1xf32>
func.func @rows_with_copied_accumulator(%ctx: !disc_ral.context,
                                        %in: memref<4096x256xf32>,
                                        %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    %init = memref.alloca() : memref<1xf32>
    %sum = memref.alloca() : memref<1xf32>
    memref.store %zero, %init[%c0] : memref<1xf32>
    memref.copy %init, %sum : memref<1xf32> to memref<1xf32>
    scf.for %j = %c0 to %c256 step %c1 {
      %x = memref.load %in[%i, %j] : memref<4096x256xf32>
      %acc = memref.load %sum[%c0] : memref<1xf32>
      %next = arith.addf %acc, %x : f32
      memref.store %next, %sum[%c0] : memref<1xf32>
    }
    %total = memref.load %sum[%c0] : memref<1xf32>
    memref.store %total, %out[%i] : memref<4096xf32>
    scf.reduce
  }
  return
}

// -----

// A strided copy would call the runtime's copy routine: the loop stays on
// the calling thread.
// CHECK-LABEL: func.func @rows_with_strided_copy
// CHECK-NOT: disc_ral.parallel_for
func.func @rows_with_strided_copy(%ctx: !disc_ral.context,
                                  %in: memref<4096x256xf32>,
                                  %out: memref<256x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    %row = memref.subview %in[%i, 0] [1, 256] [1, 1] : memref<4096x256xf32> to memref<256xf32, strided<[1], offset: ?>>
    %column = memref.subview %out[0, %i] [256, 1] [1, 1] : memref<256x4096xf32> to memref<256xf32, strided<[4096], offset: ?>>
    memref.copy %row, %column : memref<256xf32, strided<[1], offset: ?>> to memref<256xf32, strided<[4096], offset: ?>>
    scf.reduce
  }
  return
}

// -----

// A row's masked last vector (disc-cpu-vectorize-rows) is a masked load and
// store, which may run in an outlined loop like plain ones.
// CHECK-LABEL: func.func @rows_with_masked_end
// CHECK: disc_ral.parallel_for
// CHECK: func.func private @rows_with_masked_end_parallel
// CHECK: vector.maskedload
// CHECK: vector.maskedstore
func.func @rows_with_masked_end(%ctx: !disc_ral.context,
                                %in: memref<1048576x100xf32>,
                                %out: memref<1048576x100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c96 = arith.constant 96 : index
  %rows = arith.constant 1048576 : index
  %pad = arith.constant 0.0 : f32
  %padding = vector.broadcast %pad : f32 to vector<16xf32>
  %mask = vector.constant_mask [4] : vector<16xi1>
  scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
    %x = vector.maskedload %in[%i, %c96], %mask, %padding : memref<1048576x100xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    %y = arith.mulf %x, %x : vector<16xf32>
    vector.maskedstore %out[%i, %c96], %mask, %y : memref<1048576x100xf32>, vector<16xi1>, vector<16xf32>
    scf.reduce
  }
  return
}

// -----

// A vector op counts its lanes: a row of 768 f32 summed 16 lanes at a time
// is 48 iterations of a 16-lane load, add and yield and a reduction, about
// 2370 element operations, as much as the same row left scalar; so the 64
// rows are shared out 14 at a time (32768 / 2370, rounded up) rather than
// kept on one core, as counting each vector op once would have it.
// CHECK-LABEL: func.func @vector_row_sums
// CHECK: %[[GRAIN:.*]] = arith.constant 14 : index
// CHECK: disc_ral.parallel_for %{{.*}}, @vector_row_sums_parallel(%{{.*}}, %{{.*}}, %[[GRAIN]])
func.func @vector_row_sums(%ctx: !disc_ral.context, %in: memref<64x768xf32>,
                           %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c768 = arith.constant 768 : index
  %zero = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : vector<16xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %acc = scf.for %j = %c0 to %c768 step %c16 iter_args(%partial = %zeros) -> (vector<16xf32>) {
      %x = vector.load %in[%i, %j] : memref<64x768xf32>, vector<16xf32>
      %sum = arith.addf %partial, %x fastmath<reassoc> : vector<16xf32>
      scf.yield %sum : vector<16xf32>
    }
    %row = vector.reduction <add>, %acc fastmath<reassoc> : vector<16xf32> into f32
    memref.store %row, %out[%i] : memref<64xf32>
    scf.reduce
  }
  return
}

// -----

// Each layer adds its own constant bias: the global is captured, not
// addressed in the body, so the two bodies are the same code (which LLVM's
// function merging then keeps once).
// CHECK-LABEL: func.func @two_layers
// CHECK: %[[FIRST:.*]] = memref.get_global @first_bias
// CHECK: memref.extract_aligned_pointer_as_index %[[FIRST]]
// CHECK: disc_ral.parallel_for %{{.*}}, @two_layers_parallel(
// CHECK: %[[SECOND:.*]] = memref.get_global @second_bias
// CHECK: memref.extract_aligned_pointer_as_index %[[SECOND]]
// CHECK: disc_ral.parallel_for %{{.*}}, @two_layers_parallel_0(
// CHECK: func.func private @two_layers_parallel_0(
// CHECK-NOT: memref.get_global
// CHECK: func.func private @two_layers_parallel(
// CHECK-NOT: memref.get_global
memref.global "private" constant @first_bias : memref<4096xf32> = dense<1.0>
memref.global "private" constant @second_bias : memref<4096xf32> = dense<2.0>
func.func @two_layers(%ctx: !disc_ral.context, %in: memref<64x4096xf32>,
                      %out: memref<64x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %first = memref.get_global @first_bias : memref<4096xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c4096) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<64x4096xf32>
    %b = memref.load %first[%j] : memref<4096xf32>
    %y = arith.addf %x, %b : f32
    memref.store %y, %out[%i, %j] : memref<64x4096xf32>
    scf.reduce
  }
  %second = memref.get_global @second_bias : memref<4096xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c4096) step (%c1, %c1) {
    %x = memref.load %out[%i, %j] : memref<64x4096xf32>
    %b = memref.load %second[%j] : memref<4096xf32>
    %y = arith.addf %x, %b : f32
    memref.store %y, %out[%i, %j] : memref<64x4096xf32>
    scf.reduce
  }
  return
}
