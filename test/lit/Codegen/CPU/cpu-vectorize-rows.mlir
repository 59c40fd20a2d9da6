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
// elementwise loops are disc-cpu-streaming-stores'), a float sum not
// marked reassoc (its order is the program's), a row shorter than a vector,
// and a transposed read.
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

// -----

// A row sum alone: a parallel loop over the rows; in each, four vector
// accumulators over the whole vectors (768 is 12 steps of 64), the whole
// vectors left and a masked one up to the row's end (none here) whose lanes
// past it add zero, the accumulators added pairwise and one horizontal
// reduction into the output's element.
// CHECK-LABEL: func.func @row_sum
// CHECK-DAG: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG: %[[C768:.*]] = arith.constant 768 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK: %[[ACCS:.*]]:4 = scf.for %[[J:.*]] = %{{.*}} to %[[C768]] step %[[C64]] iter_args(%[[A0:.*]] = %[[ZEROS]], %[[A1:.*]] = %[[ZEROS]], %{{.*}} = %[[ZEROS]], %{{.*}} = %[[ZEROS]])
// CHECK: %[[X0:.*]] = vector.load %{{.*}}[%[[R]], %[[J]]] : memref<64x768xf32>, vector<16xf32>
// CHECK: arith.addf %[[A0]], %[[X0]] fastmath<reassoc> : vector<16xf32>
// CHECK: %[[J1:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: %[[X1:.*]] = vector.load %{{.*}}[%[[R]], %[[J1]]] : memref<64x768xf32>, vector<16xf32>
// CHECK: arith.addf %[[A1]], %[[X1]] fastmath<reassoc> : vector<16xf32>
// CHECK-COUNT-2: vector.load
// CHECK: scf.yield
// CHECK: %[[WHOLE:.*]] = scf.for %[[W:.*]] = %[[C768]] to %[[C768]] step %{{.*}} iter_args(%[[V:.*]] = %[[ACCS]]#0)
// CHECK: %[[XW:.*]] = vector.load %{{.*}}[%[[R]], %[[W]]] : memref<64x768xf32>, vector<16xf32>
// CHECK: arith.addf %[[V]], %[[XW]] fastmath<reassoc>
// CHECK: %[[TAIL:.*]] = scf.for %[[K:.*]] = %[[C768]] to %[[C768]] step %{{.*}} iter_args(%[[T:.*]] = %[[WHOLE]])
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// CHECK: %[[XT:.*]] = vector.maskedload %{{.*}}[%[[R]], %[[K]]], %[[MASK]], %{{.*}} : memref<64x768xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: %[[KEPT:.*]] = arith.select %[[MASK]], %[[XT]], %[[ZEROS]]
// CHECK: arith.addf %[[T]], %[[KEPT]] fastmath<reassoc>
// CHECK: %[[H0:.*]] = arith.addf %[[TAIL]], %[[ACCS]]#1 fastmath<reassoc>
// CHECK: %[[H1:.*]] = arith.addf %[[ACCS]]#2, %[[ACCS]]#3 fastmath<reassoc>
// CHECK: %[[ALL:.*]] = arith.addf %[[H0]], %[[H1]] fastmath<reassoc>
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[%[[R]]] : memref<64xf32>
// CHECK: %[[SUM:.*]] = vector.reduction <add>, %[[ALL]], %[[INIT]] fastmath<reassoc> : vector<16xf32> into f32
// CHECK: memref.store %[[SUM]], %{{.*}}[%[[R]]] : memref<64xf32>
// CHECK-NOT: linalg.generic
// AVX2-LABEL: func.func @row_sum
// AVX2: vector.reduction <add>, %{{.*}}, %{{.*}} fastmath<reassoc> : vector<8xf32> into f32
#row = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%in: memref<64x768xf32>, %sum: memref<64xf32>) {
  linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<64x768xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Softmax's row maximum and sum of exponentials in a loop by rows: no loop
// of their own for the row's unit dimension; the maximum (NaN-propagating
// arith.maximumf) pads the masked lanes with -inf, and the sum's step
// broadcasts the row's maximum once, before its loops.
// CHECK-LABEL: func.func @softmax_row
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant dense<0xFF800000> : vector<16xf32>
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK-NOT: scf.parallel
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: arith.maximumf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32>
// CHECK: scf.for
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[NEG_INF]]
// CHECK: vector.reduction <maximumf>, %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32> into f32
// CHECK: %[[M:.*]] = memref.load %{{.*}} : memref<1xf32>
// CHECK: %[[MB:.*]] = vector.broadcast %[[M]] : f32 to vector<16xf32>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.load %{{.*}} : memref<1x100xf32, strided<[100, 1], offset: ?>>, vector<16xf32>
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[MB]] : vector<16xf32>
// CHECK: %[[E:.*]] = math.exp %[[D]] : vector<16xf32>
// CHECK: arith.addf %{{.*}}, %[[E]] fastmath<reassoc> : vector<16xf32>
// CHECK: scf.for
// CHECK: vector.maskedload
// CHECK: math.exp
// CHECK: vector.reduction <add>
#row = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> (d0)>
func.func @softmax_row(%in: memref<64x100xf32>, %max: memref<1xf32>, %sum: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%r) = (%c0) to (%c64) step (%c1) {
    %in_row = memref.subview %in[%r, 0] [1, 100] [1, 1] : memref<64x100xf32> to memref<1x100xf32, strided<[100, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
        ins(%in_row : memref<1x100xf32, strided<[100, 1], offset: ?>>) outs(%max : memref<1xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %m = arith.maximumf %acc, %x fastmath<reassoc> : f32
      linalg.yield %m : f32
    }
    linalg.generic {indexing_maps = [#row, #scalar, #scalar], iterator_types = ["parallel", "reduction"]}
        ins(%in_row, %max : memref<1x100xf32, strided<[100, 1], offset: ?>>, memref<1xf32>) outs(%sum : memref<1xf32>) {
    ^bb0(%x: f32, %m: f32, %acc: f32):
      %d = arith.subf %x, %m : f32
      %e = math.exp %d : f32
      %s = arith.addf %acc, %e fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
    scf.reduce
  }
  return
}

// -----

// A dynamic row: the unrolled loop ends at the last multiple of 32 the
// row holds, whole vectors go on to the last multiple of 8 and one masked
// step to its end; integers (8 lanes of i64) and a body constant, a vector
// constant.
// CHECK-LABEL: func.func @dynamic_row
// CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3> : vector<8xi64>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[ROWS:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?xi64>
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %[[C1]] : memref<?x?xi64>
// CHECK: %[[REM:.*]] = arith.remui %[[N]], %[[C32]] : index
// CHECK: %[[END:.*]] = arith.subi %[[N]], %[[REM]] : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[ROWS]])
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[END]] step %[[C32]]
// CHECK: arith.muli %{{.*}}, %[[THREE]] : vector<8xi64>
// CHECK: arith.addi %{{.*}} : vector<8xi64>
// CHECK: %[[REM8:.*]] = arith.remui %[[N]], %[[C8]] : index
// CHECK: %[[WHOLE_END:.*]] = arith.subi %[[N]], %[[REM8]] : index
// CHECK: scf.for %{{.*}} = %[[END]] to %[[WHOLE_END]] step %[[C8]]
// CHECK: vector.load
// CHECK: scf.for %{{.*}} = %[[WHOLE_END]] to %[[N]] step %[[C8]]
// CHECK: vector.maskedload
// CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<8xi64> into i64
func.func @dynamic_row(%in: memref<?x?xi64>, %sum: memref<?xi64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xi64>) outs(%sum : memref<?xi64>) {
  ^bb0(%x: i64, %acc: i64):
    %three = arith.constant 3 : i64
    %y = arith.muli %x, %three : i64
    %s = arith.addi %y, %acc : i64
    linalg.yield %s : i64
  }
  return
}

// -----

// Left scalar: a float sum whose order is the program's, a product that
// may divide by zero in the lanes past a row's end, a row shorter than a
// vector, and booleans, a byte each in memory, reduced or read beside
// floats.
// CHECK-LABEL: func.func @reductions_left_alone
// CHECK-NOT: vector.
// CHECK-COUNT-5: linalg.generic
// CHECK-NOT: vector.
#row = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> (d0)>
func.func @reductions_left_alone(%in: memref<64x768xf32>, %sum: memref<64xf32>,
                                 %ints: memref<64x768xi32>, %int_sum: memref<64xi32>,
                                 %short: memref<64x8xf32>, %bits: memref<64x768xi1>,
                                 %any: memref<64xi1>) {
  linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<64x768xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
      ins(%ints : memref<64x768xi32>) outs(%int_sum : memref<64xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %c7 = arith.constant 7 : i32
    %q = arith.divsi %c7, %x : i32
    %s = arith.addi %acc, %q : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
      ins(%short : memref<64x8xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #scalar], iterator_types = ["parallel", "reduction"]}
      ins(%bits : memref<64x768xi1>) outs(%any : memref<64xi1>) {
  ^bb0(%x: i1, %acc: i1):
    %s = arith.ori %acc, %x : i1
    linalg.yield %s : i1
  }
  linalg.generic {indexing_maps = [#row, #row, #scalar], iterator_types = ["parallel", "reduction"]}
      ins(%bits, %in : memref<64x768xi1>, memref<64x768xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%keep: i1, %x: f32, %acc: f32):
    %zero = arith.constant 0.0 : f32
    %kept = arith.select %keep, %x, %zero : f32
    %s = arith.addf %acc, %kept fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A chunk of 96 columns of a column sum (disc-cpu-parallel-reductions'):
// six vectors of columns loaded once, folded with every row in the rows'
// order (a float sum not marked reassoc too: each lane is one column), and
// stored once; no columns are left for the masked steps.
// CHECK-LABEL: func.func @column_chunk
// CHECK-DAG: %[[C96:.*]] = arith.constant 96 : index
// CHECK-DAG: %[[C300:.*]] = arith.constant 300 : index
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %[[C96]] step %[[C96]] {
// CHECK: %[[A0:.*]] = vector.load %[[OUT:.*]][%[[B]]] : memref<96xf32, {{.*}}>, vector<16xf32>
// CHECK-COUNT-5: vector.load %[[OUT]]
// CHECK: %[[SUMS:.*]]:6 = scf.for %[[I:.*]] = %{{.*}} to %[[C300]] step %{{.*}} iter_args(%[[S0:.*]] = %[[A0]], {{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK: %[[X0:.*]] = vector.load %{{.*}}[%[[I]], %[[B]]] : memref<300x96xf32, {{.*}}>, vector<16xf32>
// CHECK: arith.addf %[[S0]], %[[X0]] : vector<16xf32>
// CHECK: vector.store %[[SUMS]]#0, %[[OUT]][%[[B]]]
// CHECK-COUNT-5: vector.store
// CHECK: scf.for %{{.*}} = %[[C96]] to %[[C96]]
// CHECK-NOT: linalg.generic
func.func @column_chunk(%in: memref<300x768xf32>, %out: memref<768xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c96 = arith.constant 96 : index
  scf.parallel (%chunk) = (%c0) to (%c8) step (%c1) {
    %start = arith.muli %chunk, %c96 : index
    %in_chunk = memref.subview %in[0, %start] [300, 96] [1, 1] : memref<300x768xf32> to memref<300x96xf32, strided<[768, 1], offset: ?>>
    %out_chunk = memref.subview %out[%start] [96] [1] : memref<768xf32> to memref<96xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                    iterator_types = ["reduction", "parallel"]}
        ins(%in_chunk : memref<300x96xf32, strided<[768, 1], offset: ?>>)
        outs(%out_chunk : memref<96xf32, strided<[1], offset: ?>>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %acc, %x : f32
      linalg.yield %s : f32
    }
    scf.reduce
  }
  return
}

// -----

// Batch norm's channel maxima over N, H and W with a dynamic number of
// channels: blocks of eight vectors, the three reduction loops nested in
// their order, then the channels past the last block in one more block of
// masked vectors (one pass over N, H and W), their lanes past the end
// neither read nor written.
// CHECK-LABEL: func.func @dynamic_channels
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[C:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<2x3x5x?xf32>
// CHECK: %[[REM:.*]] = arith.remui %[[C]], %[[C128]] : index
// CHECK: %[[END:.*]] = arith.subi %[[C]], %[[REM]] : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[END]] step %[[C128]] {
// CHECK-COUNT-3: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-8: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK: scf.for %[[J:.*]] = %[[END]] to %[[C]] step %[[C128]] {
// CHECK: %[[LEFT:.*]] = arith.subi %[[C]], %[[J]] : index
// CHECK: %[[MASK:.*]] = vector.create_mask %[[LEFT]] : vector<16xi1>
// CHECK: vector.maskedload %{{.*}}[%[[J]]], %[[MASK]]
// CHECK-COUNT-7: vector.create_mask
// CHECK: scf.for
// CHECK: vector.maskedload %{{.*}}, %[[MASK]]
// CHECK: arith.maximumf
// CHECK: vector.maskedstore %{{.*}}[%[[J]]], %[[MASK]]
// CHECK-COUNT-7: vector.maskedstore
func.func @dynamic_channels(%in: memref<2x3x5x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d3)>],
                  iterator_types = ["reduction", "reduction", "reduction", "parallel"]}
      ins(%in : memref<2x3x5x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// An f16 sum as the StableHLO lowering writes it, each step in f32 rounded
// back to f16: 32 lanes of f16 accumulators, each step widened, added and
// narrowed as in the body; the horizontal sum in f32, rounded once.
// CHECK-LABEL: func.func @f16_row_sum
// CHECK: scf.for {{.*}} -> (vector<32xf16>, vector<32xf16>, vector<32xf16>, vector<32xf16>)
// CHECK: %[[X:.*]] = vector.load %{{.*}} : memref<8x300xf16>, vector<32xf16>
// CHECK: %[[XW:.*]] = arith.extf %[[X]] fastmath<reassoc> : vector<32xf16> to vector<32xf32>
// CHECK: %[[AW:.*]] = arith.extf %{{.*}} fastmath<reassoc> : vector<32xf16> to vector<32xf32>
// CHECK: %[[S:.*]] = arith.addf %[[AW]], %[[XW]] fastmath<reassoc> : vector<32xf32>
// CHECK: arith.truncf %[[S]] fastmath<reassoc> : vector<32xf32> to vector<32xf16>
// CHECK: vector.maskedload
// CHECK: %[[R:.*]] = vector.reduction <add>, %{{.*}}, %{{.*}} fastmath<reassoc> : vector<32xf32> into f32
// CHECK: %[[N:.*]] = arith.truncf %[[R]] fastmath<reassoc> : f32 to f16
// CHECK: memref.store %[[N]]
func.func @f16_row_sum(%in: memref<8x300xf16>, %sum: memref<8xf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<8x300xf16>) outs(%sum : memref<8xf16>) {
  ^bb0(%x: f16, %acc: f16):
    %wide_acc = arith.extf %acc fastmath<reassoc> : f16 to f32
    %wide_x = arith.extf %x fastmath<reassoc> : f16 to f32
    %s = arith.addf %wide_acc, %wide_x fastmath<reassoc> : f32
    %narrow = arith.truncf %s fastmath<reassoc> : f32 to f16
    linalg.yield %narrow : f16
  }
  return
}

// -----

// A block of 1024 rows of a column sum of 770 columns (disc-cpu-parallel-
// reductions' row blocks): more columns than registers, so each row is
// read in memory order, its 48 whole vectors and one masked folded into the
// output's row in memory.
// CHECK-LABEL: func.func @row_block
// CHECK-DAG: %[[C768:.*]] = arith.constant 768 : index
// CHECK-DAG: %[[C770:.*]] = arith.constant 770 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[C1024]] step %{{.*}} {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[C768]] step %{{.*}} {
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%[[I]], %[[J]]] : memref<1024x770xf32>, vector<16xf32>
// CHECK: %[[ACC:.*]] = vector.load %[[OUT:.*]][%[[J]]] : memref<770xf32>, vector<16xf32>
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] fastmath<reassoc> : vector<16xf32>
// CHECK: vector.store %[[S]], %[[OUT]][%[[J]]]
// CHECK: scf.for %[[K:.*]] = %[[C768]] to %[[C770]] step %{{.*}} {
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// CHECK: vector.maskedload %{{.*}}[%[[I]], %[[K]]], %[[MASK]]
// CHECK: vector.maskedload %[[OUT]][%[[K]]], %[[MASK]]
// CHECK: vector.maskedstore %[[OUT]][%[[K]]], %[[MASK]]
func.func @row_block(%in: memref<1024x770xf32>, %out: memref<770xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<1024x770xf32>) outs(%out : memref<770xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
