// RUN: disc-opt %s -split-input-file -disc-cpu-vectorize-rows | FileCheck %s
// RUN: disc-opt %s -split-input-file -disc-cpu-vectorize-rows=vector-bits=256 | FileCheck %s --check-prefix=AVX2

// Softmax's exponentials of a row of 768 in a loop by rows: one vector of
// 16 f32 (8 on AVX2) per step, the row's maximum broadcast, no remainder.
// CHECK-LABEL: func.func @row_exp
// CHECK: scf.parallel
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]] {
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<16xf32, {{.*}}>, vector<16xf32>
// CHECK: %[[M:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true], permutation_map = #{{.*}}} : memref<1xf32, {{.*}}>, vector<16xf32>
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[M]] : vector<16xf32>
// CHECK: %[[E:.*]] = math.exp %[[D]] : vector<16xf32>
// CHECK: vector.transfer_write %[[E]], %{{.*}} {in_bounds = [true]} : vector<16xf32>
// CHECK-NOT: linalg.generic
// AVX2-LABEL: func.func @row_exp
// AVX2: math.exp %{{.*}} : vector<8xf32>
#row = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> (d0)>
func.func @row_exp(%in: memref<64x768xf32>, %max: memref<64xf32>,
                   %out: memref<64x768xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%r) = (%c0) to (%c64) step (%c1) {
    %in_row = memref.subview %in[%r, 0] [1, 768] [1, 1] : memref<64x768xf32> to memref<1x768xf32, strided<[768, 1], offset: ?>>
    %max_row = memref.subview %max[%r] [1] [1] : memref<64xf32> to memref<1xf32, strided<[1], offset: ?>>
    %out_row = memref.subview %out[%r, 0] [1, 768] [1, 1] : memref<64x768xf32> to memref<1x768xf32, strided<[768, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #scalar, #row],
                    iterator_types = ["parallel", "parallel"]}
        ins(%in_row, %max_row : memref<1x768xf32, strided<[768, 1], offset: ?>>, memref<1xf32, strided<[1], offset: ?>>)
        outs(%out_row : memref<1x768xf32, strided<[768, 1], offset: ?>>) {
    ^bb0(%x: f32, %m: f32, %o: f32):
      %d = arith.subf %x, %m : f32
      %e = math.exp %d : f32
      linalg.yield %e : f32
    }
    scf.reduce
  }
  return
}

// -----

// A row of 100 is 6 full vectors and a masked one: every step is a masked
// transfer whose mask covers what is left of the row.
// CHECK-LABEL: func.func @row_of_100
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[LEFT:.*]] = affine.min
// CHECK: %[[MASKS:.*]] = vector.create_mask %{{.*}}, %[[LEFT]] : vector<1x16xi1>
// CHECK: %[[MASK:.*]] = vector.extract %[[MASKS]][0] : vector<16xi1> from vector<1x16xi1>
// CHECK: vector.transfer_read %{{.*}}, %[[MASK]] {in_bounds = [true]} : memref<1x?xf32, {{.*}}>, vector<16xf32>
// CHECK: arith.mulf %{{.*}} : vector<16xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}, %{{.*}} {in_bounds = [true]} : vector<16xf32>, memref<1x?xf32
#row = affine_map<(d0, d1) -> (d0, d1)>
func.func @row_of_100(%in: memref<64x100xf32>, %out: memref<64x100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%r) = (%c0) to (%c64) step (%c1) {
    %in_row = memref.subview %in[%r, 0] [1, 100] [1, 1] : memref<64x100xf32> to memref<1x100xf32, strided<[100, 1], offset: ?>>
    %out_row = memref.subview %out[%r, 0] [1, 100] [1, 1] : memref<64x100xf32> to memref<1x100xf32, strided<[100, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]}
        ins(%in_row : memref<1x100xf32, strided<[100, 1], offset: ?>>)
        outs(%out_row : memref<1x100xf32, strided<[100, 1], offset: ?>>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %x : f32
      linalg.yield %y : f32
    }
    scf.reduce
  }
  return
}

// -----

// Left to the loop vectorizer: an op outside a loop by rows (large
// elementwise loops are disc-cpu-streaming-stores'), a reduction, a row
// shorter than a vector, and a transposed read.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: vector.
#row = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> (d0)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
func.func @left_alone(%in: memref<64x768xf32>, %sum: memref<64xf32>,
                      %short: memref<64x8xf32>, %square: memref<64x64xf32>,
                      %out: memref<64x768xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<64x768xf32>) outs(%out : memref<64x768xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  }
  scf.parallel (%r) = (%c0) to (%c1) step (%c1) {
    linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<64x768xf32>) outs(%sum : memref<64xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [#row], iterator_types = ["parallel", "parallel"]}
        outs(%short : memref<64x8xf32>) {
    ^bb0(%o: f32):
      %y = arith.addf %o, %o : f32
      linalg.yield %y : f32
    }
    linalg.generic {indexing_maps = [#transposed, #row], iterator_types = ["parallel", "parallel"]}
        ins(%square : memref<64x64xf32>) outs(%square : memref<64x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
    }
    scf.reduce
  }
  return
}
