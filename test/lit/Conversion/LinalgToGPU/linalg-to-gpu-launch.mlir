// RUN: disc-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(func.func(disc-linalg-to-gpu-launch))' | FileCheck %s

// An elementwise op with a broadcast row: 8x64 f32 elements are 128 groups
// of 4, so one block of 256 threads; each thread reads 4 consecutive
// elements of %x and of the row %b at once and writes 4 results.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_row
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[GROUPS:.*]], %{{.*}} : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[GROUPS]], %{{.*}} : index
// CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{.*}}) in (%{{[a-z0-9_]+}} = %[[BLOCKS]], {{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}) in (%[[BDIM:[a-z0-9_]+]] = %{{.*}},
// CHECK: %[[OFFSET:.*]] = arith.muli %[[BX]], %[[BDIM]] : index
// CHECK: %[[T:.*]] = arith.addi %[[OFFSET]], %[[TX]] : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[T]], %[[GROUPS]] : index
// CHECK: scf.if %[[IN]] {
// CHECK: %[[COL_GROUP:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.muli %[[COL_GROUP]], %{{.*}} : index
// CHECK: %[[X:.*]] = vector.load %arg0[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK: %[[B:.*]] = vector.load %arg1[%[[COL]]] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[X]], %[[B]] : vector<4xf32>
// CHECK: %[[EXP:.*]] = math.exp %[[SUM]] : vector<4xf32>
// CHECK: vector.store %[[EXP]], %arg2[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
func.func @add_row(%x: memref<8x64xf32>, %b: memref<64xf32>, %out: memref<8x64xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<8x64xf32>, memref<64xf32>) outs(%out : memref<8x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A column broadcast does not read along the innermost loop: it is loaded
// as a scalar and splat, while %x and the output stay vectorized; the
// constant is splat too. A dynamic outer size is read from the buffer.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @scale_col
// CHECK: memref.dim %arg0, %{{.*}} : memref<?x8xf32>
// CHECK: gpu.launch
// CHECK: %[[X:.*]] = vector.load %arg0[%[[ROW:.*]], %[[COL:.*]]] {alignment = 16 : i64} : memref<?x8xf32>, vector<4xf32>
// CHECK: %[[S:.*]] = memref.load %arg1[%[[ROW]], %{{.*}}] : memref<?x1xf32>
// CHECK: %[[SV:.*]] = vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[SV]] : vector<4xf32>
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[TWOV:.*]] = vector.broadcast %[[TWO]] : f32 to vector<4xf32>
// CHECK: %[[R:.*]] = arith.mulf %[[M]], %[[TWOV]] : vector<4xf32>
// CHECK: vector.store %[[R]], %arg2[%[[ROW]], %[[COL]]]
func.func @scale_col(%x: memref<?x8xf32>, %s: memref<?x1xf32>, %out: memref<?x8xf32>) {
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<?x8xf32>, memref<?x1xf32>) outs(%out : memref<?x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %two = arith.constant 2.0 : f32
    %r = arith.mulf %m, %two : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// An innermost size that is not a multiple of 4 (here 6) and a transposed
// read keep one element per thread, with plain loads and stores.
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @transpose_add
// CHECK: gpu.launch
// CHECK-NOT: vector.
// CHECK: %[[A:.*]] = memref.load %arg0[%[[I:.*]], %[[J:.*]]] : memref<3x6xf32>
// CHECK: %[[B:.*]] = memref.load %arg1[%[[J]], %[[I]]] : memref<6x3xf32>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: memref.store %[[S]], %arg2[%[[I]], %[[J]]] : memref<3x6xf32>
func.func @transpose_add(%a: memref<3x6xf32>, %b: memref<6x3xf32>, %out: memref<3x6xf32>) {
  linalg.generic {indexing_maps = [#id, #t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x6xf32>, memref<6x3xf32>) outs(%out : memref<3x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A window (a sum of loop indices in a map) is read at that sum.
#id = affine_map<(d0, d1) -> (d0, d1)>
#window = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @window
// CHECK: gpu.launch
// CHECK: %[[J:.*]] = arith.remui
// CHECK: %[[I:.*]] = arith.divui
// CHECK: %[[AT:.*]] = affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK: memref.load %arg0[%[[AT]]] : memref<8xf32>
// CHECK: memref.store %{{.*}}, %arg1[%[[I]], %[[J]]] : memref<3x6xf32>
func.func @window(%x: memref<8xf32>, %out: memref<3x6xf32>) {
  linalg.generic {indexing_maps = [#window, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8xf32>) outs(%out : memref<3x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// Named ops are generalized first: a fill splats its scalar operand.
// CHECK-LABEL: func.func @fill
// CHECK: gpu.launch
// CHECK: %[[V:.*]] = vector.broadcast %arg0 : f32 to vector<4xf32>
// CHECK: vector.store %[[V]], %arg1[%{{.*}}] {alignment = 16 : i64} : memref<16xf32>, vector<4xf32>
func.func @fill(%v: f32, %out: memref<16xf32>) {
  linalg.fill ins(%v : f32) outs(%out : memref<16xf32>)
  return
}

// -----

// A reduction left on the host is reported with what keeps the cuda target
// from compiling it.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#first = affine_map<(d0, d1, d2) -> (d0)>
func.func @written_twice(%x: memref<2x3x4xf32>, %out: memref<2xf32>) {
  // expected-error @+1 {{writes output 0 at (d0, d1, d2) -> (d0), not at one element per point of its parallel loops, which the cuda target does not support yet}}
  linalg.generic {indexing_maps = [#id, #first], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<2x3x4xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Reductions are disc-linalg-reduction-to-gpu-launch's, which runs first in
// the cuda pipeline.
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%x: memref<4x8xf32>, %out: memref<4xf32>) {
  // expected-error @+1 {{has reduction loops, which disc-linalg-reduction-to-gpu-launch compiles}}
  linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x8xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Copies become linalg ops first (disc-memref-copy-to-linalg); one left over
// would run on the host.
func.func @host_copy(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{copies a device buffer on the host, which the cuda target does not support yet}}
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return
}
