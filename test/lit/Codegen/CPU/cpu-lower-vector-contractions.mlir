// RUN: disc-opt %s -disc-cpu-lower-vector-contractions | FileCheck %s

// A register tile's row, as disc-cpu-tile-contractions leaves it on
// buffers: the contraction becomes an FMA of A's element broadcast and B's
// row, the transfers vector loads and stores.
// CHECK-LABEL: func.func @row
// CHECK: vector.load %{{.*}} : memref<8x32xf32>, vector<32xf32>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<32xf32>)
// CHECK: %[[A:.*]] = vector.load %{{.*}} : memref<8x64xf32>, vector<1xf32>
// CHECK: %[[B:.*]] = vector.load %{{.*}} : memref<64x32xf32>, vector<32xf32>
// CHECK: %[[AI:.*]] = vector.extract %[[A]][0] : f32 from vector<1xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[AI]] : f32 to vector<32xf32>
// CHECK: %[[FMA:.*]] = vector.fma %[[B]], %[[SPLAT]], %[[ACC]] : vector<32xf32>
// CHECK: scf.yield %[[FMA]]
// CHECK: vector.store %{{.*}} : memref<8x32xf32>, vector<32xf32>
// CHECK-NOT: vector.contract
#a = affine_map<(n, k) -> (k)>
#b = affine_map<(n, k) -> (k, n)>
#c = affine_map<(n, k) -> (n)>
func.func @row(%a: memref<8x64xf32>, %b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %init = vector.transfer_read %c[%c0, %c0], %pad {in_bounds = [true]} : memref<8x32xf32>, vector<32xf32>
  %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %init) -> (vector<32xf32>) {
    %x = vector.transfer_read %a[%c0, %k], %pad {in_bounds = [true]} : memref<8x64xf32>, vector<1xf32>
    %y = vector.transfer_read %b[%k, %c0], %pad {in_bounds = [true]} : memref<64x32xf32>, vector<32xf32>
    %yb = vector.broadcast %y : vector<32xf32> to vector<1x32xf32>
    %r = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %x, %yb, %acc : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
    scf.yield %r : vector<32xf32>
  }
  vector.transfer_write %sum, %c[%c0, %c0] {in_bounds = [true]} : vector<32xf32>, memref<8x32xf32>
  return
}


// A whole tile of two dimensions: its transfers become one load or store per
// row, the contraction one FMA per row and k step (8 rows x 4 k steps).
// CHECK-LABEL: func.func @tile
// CHECK-COUNT-8: vector.load %{{.*}} : memref<8x4xf32>, vector<4xf32>
// CHECK-COUNT-4: vector.load %{{.*}} : memref<4x16xf32>, vector<16xf32>
// CHECK-COUNT-8: vector.load %{{.*}} : memref<8x16xf32>, vector<16xf32>
// CHECK-COUNT-32: vector.fma {{.*}} : vector<16xf32>
// CHECK-COUNT-8: vector.store %{{.*}} : memref<8x16xf32>, vector<16xf32>
// CHECK-NOT: vector.contract
// CHECK-NOT: vector.transfer
func.func @tile(%a: memref<8x4xf32>, %b: memref<4x16xf32>, %c: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x4xf32>, vector<8x4xf32>
  %y = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x16xf32>
  %acc = vector.transfer_read %c[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x16xf32>, vector<8x16xf32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %acc : vector<8x4xf32>, vector<4x16xf32> into vector<8x16xf32>
  vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<8x16xf32>, memref<8x16xf32>
  return
}

// The last vector of a row of 100 (disc-cpu-vectorize-rows): its mask
// becomes a comparison of the lanes' indices with what is left of the row,
// its transfers a masked load and a masked store.
// CHECK-LABEL: func.func @masked_row_end
// CHECK: %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
// CHECK: %[[LEFT:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK: %[[MASK:.*]] = arith.cmpi sgt, %[[LEFT]], %[[LANES]] : vector<16xi32>
// CHECK: %[[X:.*]] = vector.maskedload %{{.*}}[%{{.*}}], %[[MASK]], %{{.*}} : memref<100xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.maskedstore %{{.*}}[%{{.*}}], %[[MASK]], %[[X]]
func.func @masked_row_end(%in: memref<100xf32>, %out: memref<100xf32>, %j: index) {
  %c100 = arith.constant 100 : index
  %pad = ub.poison : f32
  %left = arith.subi %c100, %j : index
  %mask = vector.create_mask %left : vector<16xi1>
  %x = vector.transfer_read %in[%j], %pad, %mask {in_bounds = [true]} : memref<100xf32>, vector<16xf32>
  vector.transfer_write %x, %out[%j], %mask {in_bounds = [true]} : vector<16xf32>, memref<100xf32>
  return
}

// A 0-d read through a strided view (a per-matrix pivot that a vectorized
// row divides by) is one scalar load, broadcast.
// CHECK-LABEL: func.func @zero_rank_read
// CHECK: %[[PIVOT:.*]] = memref.load %arg0[%arg1] : memref<4xf64, strided<[22500], offset: ?>>
// CHECK: vector.broadcast %[[PIVOT]] : f64 to vector<8xf64>
// CHECK-NOT: vector.transfer_read
func.func @zero_rank_read(%pivots: memref<4xf64, strided<[22500], offset: ?>>, %i: index) -> vector<8xf64> {
  %pad = arith.constant 0.0 : f64
  %0 = vector.transfer_read %pivots[%i], %pad : memref<4xf64, strided<[22500], offset: ?>>, vector<f64>
  %1 = vector.extract %0[] : f64 from vector<f64>
  %2 = vector.broadcast %1 : f64 to vector<8xf64>
  return %2 : vector<8xf64>
}

// A row at a dynamic edge, its transfers not in bounds: a masked load and
// store of the lanes before the edge, the lanes past it read as the padding.
// CHECK-LABEL: func.func @edge
// CHECK: memref.dim %{{.*}}, %c1 : memref<8x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[MASK:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: vector.maskedload %{{.*}}, %[[MASK]], %{{.*}} : memref<8x?xf32, strided<[?, 1], offset: ?>>, vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK: vector.maskedstore %{{.*}}, %{{.*}}, %{{.*}} : memref<8x?xf32, strided<[?, 1], offset: ?>>, vector<32xi1>, vector<32xf32>
// CHECK-NOT: vector.transfer_read
func.func @edge(%c: memref<8x?xf32, strided<[?, 1], offset: ?>>, %row: index) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%row, %c0], %pad : memref<8x?xf32, strided<[?, 1], offset: ?>>, vector<32xf32>
  %twice = arith.addf %acc, %acc : vector<32xf32>
  vector.transfer_write %twice, %c[%row, %c0] : vector<32xf32>, memref<8x?xf32, strided<[?, 1], offset: ?>>
  return
}
