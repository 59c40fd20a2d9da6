// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-linalg-reduction-to-gpu-launch))' | FileCheck %s

// A max over rows of 1024 floats: one block of 256 threads per row, each
// thread folding every 256th group of 4 consecutive floats into 4 lanes
// that start at -inf, then its lanes into one value; the block combines
// those with a gpu.all_reduce, and thread 0 folds the row's maximum into
// the output element.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_max
// CHECK: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: %[[ROWS:.*]] = arith.constant 64 : index
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[ROWS]], %{{.*}} : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[ROW:[a-z0-9_]+]], %{{.*}}) in (%{{[a-z0-9_]+}} = %[[ROWS]], {{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}) in (%[[BDIM:[a-z0-9_]+]] = %[[C256]],
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[START:.*]] = arith.muli %[[TX]], %[[C4]] : index
// CHECK: %[[STEP:.*]] = arith.muli %[[BDIM]], %[[C4]] : index
// CHECK: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = vector.broadcast %[[NEG_INF]] : f32 to vector<4xf32>
// CHECK: %[[LANES:.*]] = scf.for %[[J:.*]] = %[[START]] to %[[C1024]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<4xf32>) {
// CHECK: %[[X:.*]] = vector.load %arg0[%[[ROW]], %[[J]]] {alignment = 16 : i64} : memref<64x1024xf32>, vector<4xf32>
// CHECK: %[[MAX:.*]] = arith.maximumf %[[ACC]], %[[X]] : vector<4xf32>
// CHECK: scf.yield %[[MAX]] : vector<4xf32>
// CHECK: }
// CHECK: %[[L0:.*]] = vector.extract %[[LANES]][0] : f32 from vector<4xf32>
// CHECK: %[[L1:.*]] = vector.extract %[[LANES]][1] : f32 from vector<4xf32>
// CHECK: %[[M01:.*]] = arith.maximumf %[[L0]], %[[L1]] : f32
// CHECK: %[[L2:.*]] = vector.extract %[[LANES]][2] : f32 from vector<4xf32>
// CHECK: %[[M012:.*]] = arith.maximumf %[[M01]], %[[L2]] : f32
// CHECK: %[[L3:.*]] = vector.extract %[[LANES]][3] : f32 from vector<4xf32>
// CHECK: %[[PARTIAL:.*]] = arith.maximumf %[[M012]], %[[L3]] : f32
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce maximumf %[[PARTIAL]] uniform {
// CHECK: } : (f32) -> f32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[OLD:.*]] = memref.load %arg1[%[[ROW]]] : memref<64xf32>
// CHECK: %[[NEW:.*]] = arith.maximumf %[[OLD]], %[[TOTAL]] : f32
// CHECK: memref.store %[[NEW]], %arg1[%[[ROW]]] : memref<64xf32>
// CHECK: }
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
func.func @row_max(%x: memref<64x1024xf32>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %o, %a : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Softmax's sum with exp(x - max) fused in: each thread computes the
// elementwise part at its columns (reading the row's max once per column)
// and adds it up from 0. A row of 10 floats is not a multiple of 4 floats,
// so elements are scalars, and one warp of 32 threads covers it; the
// threads past the 10th add nothing.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum_exp
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: gpu.launch blocks(%[[ROW:[a-z0-9_]+]], %{{.*}}) in ({{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}) in (%[[BDIM:[a-z0-9_]+]] = %[[C32]],
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.for %[[J:.*]] = %[[TX]] to %[[C10]] step %[[BDIM]] iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %arg0[%[[ROW]], %[[J]]] : memref<8x10xf32>
// CHECK: %[[M:.*]] = memref.load %arg1[%[[ROW]]] : memref<8xf32>
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK: %[[NEXT:.*]] = arith.addf %[[E]], %[[ACC]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add %[[SUM]] uniform
// CHECK: %[[OLD:.*]] = memref.load %arg2[%[[ROW]]] : memref<8xf32>
// CHECK: %[[NEW:.*]] = arith.addf %[[TOTAL]], %[[OLD]] : f32
// CHECK: memref.store %[[NEW]], %arg2[%[[ROW]]] : memref<8xf32>
func.func @sum_exp(%x: memref<8x10xf32>, %m: memref<8xf32>, %out: memref<8xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : memref<8x10xf32>, memref<8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Two parallel loops: the block index is split into (row, column) of the
// 2x3 output; a dynamic row length gets the full 256 threads. The block's
// shuffles move 32 bits at least, so i8 values are sign-extended for a
// signed max and truncated back.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @max_i8
// CHECK: %[[N:.*]] = memref.dim %arg0, %{{.*}} : memref<2x3x?xi8>
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[B:[a-z0-9_]+]], %{{.*}}) in ({{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}) in (%[[BDIM:[a-z0-9_]+]] = %[[C256]],
// CHECK: %[[J:.*]] = arith.remui %[[B]], %[[C3]] : index
// CHECK: %[[I:.*]] = arith.divui %[[B]], %[[C3]] : index
// CHECK: %[[MIN:.*]] = arith.constant -128 : i8
// CHECK: %[[MAX:.*]] = scf.for %[[K:.*]] = %[[TX]] to %[[N]] step %[[BDIM]] iter_args(%{{.*}} = %[[MIN]]) -> (i8) {
// CHECK: memref.load %arg0[%[[I]], %[[J]], %[[K]]] : memref<2x3x?xi8>
// CHECK: arith.maxsi
// CHECK: %[[WIDE:.*]] = arith.extsi %[[MAX]] : i8 to i32
// CHECK: %[[WIDE_TOTAL:.*]] = gpu.all_reduce maxsi %[[WIDE]] uniform
// CHECK: %[[TOTAL:.*]] = arith.trunci %[[WIDE_TOTAL]] : i32 to i8
// CHECK: %[[OLD:.*]] = memref.load %arg1[%[[I]], %[[J]]] : memref<2x3xi8>
// CHECK: %[[NEW:.*]] = arith.maxsi %[[OLD]], %[[TOTAL]] : i8
// CHECK: memref.store %[[NEW]], %arg1[%[[I]], %[[J]]] : memref<2x3xi8>
func.func @max_i8(%x: memref<2x3x?xi8>, %out: memref<2x3xi8>) {
  linalg.generic {indexing_maps = [#id, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<2x3x?xi8>) outs(%out : memref<2x3xi8>) {
  ^bb0(%a: i8, %o: i8):
    %s = arith.maxsi %o, %a : i8
    linalg.yield %s : i8
  }
  return
}

// -----

// A bf16 sum computed in f32 (as the stablehlo lowering writes it): the
// threads accumulate f32 lanes of 8 widened bf16 elements and the block adds
// in f32; thread 0 adds the widened output and rounds once.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum_bf16
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: gpu.launch blocks(%[[ROW:[a-z0-9_]+]], {{.*}} in (%{{[a-z0-9_]+}} = %[[C128]],
// CHECK: %[[INIT:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// CHECK: %[[LANES:.*]] = scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<8xf32>) {
// CHECK: %[[X:.*]] = vector.load %arg0[%[[ROW]], %[[J]]] {alignment = 16 : i64} : memref<4x1024xbf16>, vector<8xbf16>
// CHECK: %[[XW:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK: arith.addf %[[ACC]], %[[XW]] : vector<8xf32>
// CHECK-COUNT-7: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add %{{.*}} uniform
// CHECK: } : (f32) -> f32
// CHECK: %[[OLD:.*]] = memref.load %arg1[%[[ROW]]] : memref<4xbf16>
// CHECK: %[[OLDW:.*]] = arith.extf %[[OLD]] : bf16 to f32
// CHECK: %[[NEW:.*]] = arith.addf %[[OLDW]], %[[TOTAL]] : f32
// CHECK: %[[NEWN:.*]] = arith.truncf %[[NEW]] : f32 to bf16
// CHECK: memref.store %[[NEWN]], %arg1[%[[ROW]]] : memref<4xbf16>
func.func @sum_bf16(%x: memref<4x1024xbf16>, %out: memref<4xbf16>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x1024xbf16>) outs(%out : memref<4xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %ow = arith.extf %o : bf16 to f32
    %aw = arith.extf %a : bf16 to f32
    %s = arith.addf %ow, %aw : f32
    %sn = arith.truncf %s : f32 to bf16
    linalg.yield %sn : bf16
  }
  return
}

// -----

// A reduction of a whole vector into a 0-d buffer is one row; i1 values are
// widened with zeros for the block's shuffles.
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @all_i1
// CHECK: %[[C100:.*]] = arith.constant 100 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: arith.cmpi ugt, %[[ONE]], %{{.*}} : index
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9_]+}} = %[[ONE]], {{.*}} threads({{.*}}) in (%{{[a-z0-9_]+}} = %[[C128]],
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[ALL:.*]] = scf.for {{.*}} to %[[C100]] {{.*}} iter_args(%{{.*}} = %[[TRUE]]) -> (i1) {
// CHECK: %[[WIDE:.*]] = arith.extui %[[ALL]] : i1 to i32
// CHECK: gpu.all_reduce and %[[WIDE]] uniform
// CHECK: arith.trunci %{{.*}} : i32 to i1
// CHECK: memref.load %arg1[] : memref<i1>
// CHECK: memref.store %{{.*}}, %arg1[] : memref<i1>
func.func @all_i1(%x: memref<100xi1>, %out: memref<i1>) {
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<100xi1>) outs(%out : memref<i1>) {
  ^bb0(%a: i1, %o: i1):
    %s = arith.andi %o, %a : i1
    linalg.yield %s : i1
  }
  return
}

// -----

// A named op with a reduction is generalized first: a matmul is a row
// reduction along k, one block per output element (4x8 of them), one warp
// for 16 products.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[OUTPUTS:.*]] = arith.constant 32 : index
// CHECK: %[[THREADS:.*]] = arith.constant 32 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9_]+}} = %[[OUTPUTS]], {{.*}} threads({{.*}}) in (%{{[a-z0-9_]+}} = %[[THREADS]],
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: gpu.all_reduce add
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: memref<4x16xf32>, %b: memref<16x8xf32>, %c: memref<4x8xf32>) {
  linalg.matmul ins(%a, %b : memref<4x16xf32>, memref<16x8xf32>) outs(%c : memref<4x8xf32>)
  return
}

// -----

// A sum over the outer dimension: a thread per column, starting from the
// output's value and adding the column's elements in order; consecutive
// threads read consecutive elements of each row.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @column_sum
// CHECK: %[[ROWS:.*]] = arith.constant 1024 : index
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[COLUMNS:[a-z0-9_]+]], %{{.*}} : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[COLUMNS]], %{{.*}} : index
// CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{.*}}) in (%{{[a-z0-9_]+}} = %[[BLOCKS]], {{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}) in (%[[BDIM:[a-z0-9_]+]] = %{{.*}},
// CHECK: %[[OFFSET:.*]] = arith.muli %[[BX]], %[[BDIM]] : index
// CHECK: %[[J:.*]] = arith.addi %[[OFFSET]], %[[TX]] : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[J]], %[[COLUMNS]] : index
// CHECK: scf.if %[[IN]] {
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[OLD:.*]] = memref.load %arg1[%[[J]]] : memref<64xf32>
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %[[ZERO]] to %[[ROWS]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[OLD]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<1024x64xf32>
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: }
// CHECK: memref.store %[[SUM]], %arg1[%[[J]]] : memref<64xf32>
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
func.func @column_sum(%x: memref<1024x64xf32>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<1024x64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An argmax reduces two outputs together: a thread per row runs the body
// along the row, its index from the loop.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @argmax
// CHECK: gpu.launch
// CHECK: %[[I:.*]] = arith.addi
// CHECK: %[[OLD_MAX:.*]] = memref.load %arg1[%[[I]]] : memref<4xf32>
// CHECK: %[[OLD_INDEX:.*]] = memref.load %arg2[%[[I]]] : memref<4xi32>
// CHECK: %[[R:.*]]:2 = scf.for %[[J:.*]] = {{.*}} iter_args(%[[MAX:.*]] = %[[OLD_MAX]], %[[INDEX:.*]] = %[[OLD_INDEX]]) -> (f32, i32) {
// CHECK: %[[X:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK: %[[J32:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK: %[[GREATER:.*]] = arith.cmpf ogt, %[[X]], %[[MAX]] : f32
// CHECK: %[[NEW_MAX:.*]] = arith.select %[[GREATER]], %[[X]], %[[MAX]] : f32
// CHECK: %[[NEW_INDEX:.*]] = arith.select %[[GREATER]], %[[J32]], %[[INDEX]] : i32
// CHECK: scf.yield %[[NEW_MAX]], %[[NEW_INDEX]] : f32, i32
// CHECK: memref.store %[[R]]#0, %arg1[%[[I]]] : memref<4xf32>
// CHECK: memref.store %[[R]]#1, %arg2[%[[I]]] : memref<4xi32>
func.func @argmax(%x: memref<4x8xf32>, %max: memref<4xf32>, %index: memref<4xi32>) {
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x8xf32>) outs(%max, %index : memref<4xf32>, memref<4xi32>) {
  ^bb0(%a: f32, %m: f32, %i: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %greater = arith.cmpf ogt, %a, %m : f32
    %m2 = arith.select %greater, %a, %m : f32
    %i2 = arith.select %greater, %ji, %i : i32
    linalg.yield %m2, %i2 : f32, i32
  }
  return
}

// -----

// A combiner without a neutral element (a difference) and a sum over every
// dimension run the op's loops in a thread per output element: here one
// thread, in two nested loops.
#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @difference_all
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: gpu.launch
// CHECK: %[[OLD:.*]] = memref.load %arg1[] : memref<f32>
// CHECK: %[[OUTER:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[C4]] {{.*}} iter_args(%[[A:.*]] = %[[OLD]]) -> (f32) {
// CHECK: %[[INNER:.*]] = scf.for %[[J:.*]] = %{{.*}} to %[[C5]] {{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<4x5xf32>
// CHECK: %[[D:.*]] = arith.subf %[[B]], %[[X]] : f32
// CHECK: scf.yield %[[D]] : f32
// CHECK: scf.yield %[[INNER]] : f32
// CHECK: memref.store %[[OUTER]], %arg1[] : memref<f32>
func.func @difference_all(%x: memref<4x5xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<4x5xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.subf %o, %a : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// An output written at the same element by several points of the parallel
// loops stays as it is.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#first = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @written_twice
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @written_twice(%x: memref<2x3x4xf32>, %out: memref<2xf32>) {
  linalg.generic {indexing_maps = [#id, #first], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<2x3x4xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
