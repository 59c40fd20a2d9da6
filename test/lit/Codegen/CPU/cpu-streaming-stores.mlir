// RUN: disc-opt %s -split-input-file -disc-cpu-streaming-stores='min-bytes=4096' | FileCheck %s

// An elementwise loop over rows of whole lines writing a runtime buffer:
// the innermost dimension goes by lines of 16 f32, its loads become vector
// loads, the value that does not vary along it is broadcast and the store
// writes the line past the cache.
// CHECK-LABEL: func.func @rows
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[LINES:.*]] = arith.constant 4 : index
// CHECK: scf.parallel (%[[I:.*]], %[[B:.*]]) = (%[[C0]], %[[C0]]) to (%[[C16]], %[[LINES]]) step (%[[C1]], %[[C1]])
// CHECK: %[[J:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%[[I]], %[[J]]] : memref<16x64xf32>, vector<16xf32>
// CHECK: %[[S:.*]] = memref.load %{{.*}}[%[[I]]] : memref<16xf32>
// CHECK: %[[SV:.*]] = vector.broadcast %[[S]] : f32 to vector<16xf32>
// CHECK: %[[Y:.*]] = arith.mulf %[[X]], %[[SV]] : vector<16xf32>
// CHECK: vector.store %[[Y]], %{{.*}}[%[[I]], %[[J]]] {alignment = 64 : i64, nontemporal = true} : memref<16x64xf32>, vector<16xf32>
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @rows(%ctx: !disc_ral.context, %in: memref<16x64xf32>,
                %scale: memref<16xf32>) -> memref<16x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %bytes = arith.constant 4096 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p : memref<16x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<16x64xf32>
    %s = memref.load %scale[%i] : memref<16xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %out[%i, %j] : memref<16x64xf32>
    scf.reduce
  }
  return %out : memref<16x64xf32>
}

// -----

// A one-dimensional loop of 1030 f64 (8 per line): 128 lines, then the 6
// elements after them stay a loop of scalars. A comparison and a select
// become vector ones.
// CHECK-LABEL: func.func @tail
// CHECK-DAG: %[[LINES:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[N:.*]] = arith.constant 1030 : index
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%[[LINES]])
// CHECK: vector.load %{{.*}} : memref<1030xf64>, vector<8xf64>
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<8xf64>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xf64>
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<1030xf64>, vector<8xf64>
// CHECK: %[[REST:.*]] = arith.constant 1024 : index
// CHECK: scf.parallel (%[[K:.*]]) = (%[[REST]]) to (%[[N]])
// CHECK: memref.load %{{.*}}[%[[K]]] : memref<1030xf64>
// CHECK: memref.store %{{.*}}[%[[K]]] : memref<1030xf64>
func.func @tail(%ctx: !disc_ral.context, %in: memref<1030xf64>) -> memref<1030xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1030 : index
  %zero = arith.constant 0.0 : f64
  %bytes = arith.constant 8240 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p : memref<1030xf64>
  scf.parallel (%k) = (%c0) to (%n) step (%c1) {
    %x = memref.load %in[%k] : memref<1030xf64>
    %positive = arith.cmpf ogt, %x, %zero : f64
    %y = arith.select %positive, %x, %zero : f64
    memref.store %y, %out[%k] : memref<1030xf64>
    scf.reduce
  }
  return %out : memref<1030xf64>
}

// -----

// Left as they are, each writing at least min-bytes: a buffer that is not
// from ral_alloc (its alignment unknown); rows that are not whole lines; a
// body that uses the induction variable as a value; a load of the buffer
// the loop writes. And one writing less than min-bytes.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: vector.
// CHECK: return
func.func @kept(%ctx: !disc_ral.context, %in: memref<32x64xf32>,
                %given: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c60 = arith.constant 60 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<32x64xf32>
    memref.store %x, %given[%i, %j] : memref<16x64xf32>
    scf.reduce
  }
  %odd_bytes = arith.constant 7680 : i64
  %odd_p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%odd_bytes) : (i64) -> !llvm.ptr
  %odd = disc_ral.memref_from_ptr %odd_p : memref<32x60xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c60) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<32x64xf32>
    memref.store %x, %odd[%i, %j] : memref<32x60xf32>
    scf.reduce
  }
  %bytes = arith.constant 4096 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p : memref<16x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %v = arith.index_cast %j : index to i32
    %x = arith.sitofp %v : i32 to f32
    memref.store %x, %out[%i, %j] : memref<16x64xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %x = memref.load %out[%i, %c0] : memref<16x64xf32>
    memref.store %x, %out[%i, %j] : memref<16x64xf32>
    scf.reduce
  }
  %small_bytes = arith.constant 256 : i64
  %small_p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%small_bytes) : (i64) -> !llvm.ptr
  %small = disc_ral.memref_from_ptr %small_p : memref<64xf32>
  scf.parallel (%k) = (%c0) to (%c64) step (%c1) {
    %x = memref.load %in[%c0, %k] : memref<32x64xf32>
    memref.store %x, %small[%k] : memref<64xf32>
    scf.reduce
  }
  return
}

// -----

// Complex elements have no vector form: their loop is left as it is.
// CHECK-LABEL: func.func @complex
// CHECK-NOT: vector.
// CHECK: return
func.func @complex(%ctx: !disc_ral.context, %in: memref<16x64xcomplex<f32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %bytes = arith.constant 8192 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p : memref<16x64xcomplex<f32>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<16x64xcomplex<f32>>
    memref.store %x, %out[%i, %j] : memref<16x64xcomplex<f32>>
    scf.reduce
  }
  return
}
