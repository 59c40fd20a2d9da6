// RUN: disc-opt %s -split-input-file -disc-cpu-tile-transposes | FileCheck %s
// RUN: disc-opt %s -split-input-file -disc-cpu-tile-transposes=vector-bits=256 | FileCheck %s --check-prefix=AVX2

// A matrix transpose: blocks of 16x16 f32 (8x8 on AVX2) in parallel, each
// read as rows, transposed by shuffles of rows and written as rows; the
// innermost loop walks along the input's rows.
// CHECK-LABEL: func.func @matrix
// CHECK: scf.parallel (%[[J:.*]], %[[I:.*]]) = (%{{.*}}, %{{.*}}) to (%[[C64:.*]], %[[C32:.*]]) step (%[[C16:.*]], %[[C16]])
// CHECK-NOT: affine.min
// CHECK: %[[IN:.*]] = memref.subview %{{.*}}[%[[J]], %[[I]]] [16, 16]
// CHECK: %[[OUT:.*]] = memref.subview %{{.*}}[%[[I]], %[[J]]] [16, 16]
// CHECK-NOT: create_mask
// CHECK: %[[ROWS:.*]] = vector.transfer_read %[[IN]]{{.*}} {in_bounds = [true, true]} : memref<16x16xf32, {{.*}}>, vector<16x16xf32>
// CHECK-NOT: permutation_map
// CHECK: vector.shuffle {{.*}} : vector<16xf32>, vector<16xf32>
// CHECK-NOT: vector.transpose
// CHECK: vector.transfer_write %{{.*}}, %[[OUT]]{{.*}} {in_bounds = [true, true]} : vector<16x16xf32>
// CHECK-NOT: linalg.generic
// AVX2-LABEL: func.func @matrix
// AVX2: scf.parallel {{.*}} step (%[[C8:.*]], %[[C8]])
// AVX2: vector.transfer_read {{.*}} vector<8x8xf32>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>
func.func @matrix(%in: memref<64x32xf32>, %out: memref<32x64xf32>) {
  linalg.generic {indexing_maps = [#transposed, #identity],
                  iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<64x32xf32>) outs(%out : memref<32x64xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Dynamic sizes: 8x8 blocks of f64, masked at the edges; the write's mask is
// the read's transposed.
// CHECK-LABEL: func.func @dynamic_f64
// CHECK: scf.parallel {{.*}} step (%[[C8:.*]], %[[C8]])
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK: %[[COLUMNS:.*]] = affine.min
// CHECK: %[[READ_MASK:.*]] = vector.create_mask %[[COLUMNS]], %[[ROWS]] : vector<8x8xi1>
// CHECK: vector.transfer_read {{.*}}, %[[READ_MASK]] {{.*}} vector<8x8xf64>
// CHECK: vector.shuffle
// CHECK: %[[WRITE_MASK:.*]] = vector.create_mask %[[ROWS]], %[[COLUMNS]] : vector<8x8xi1>
// CHECK: vector.transfer_write {{.*}}, %[[WRITE_MASK]] {{.*}} vector<8x8xf64>

#transposed = affine_map<(d0, d1) -> (d1, d0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_f64(%in: memref<?x?xf64>, %out: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [#transposed, #identity],
                  iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<?x?xf64>) outs(%out : memref<?x?xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  return
}

// -----

// NCHW to NHWC: blocks of 16 W by 16 C, one per (N, H), read and written
// through rank-reduced views, so that the block is a transpose of 2-D rows
// of i8; 24 C and 40 W end in masked blocks.
// CHECK-LABEL: func.func @nchw_to_nhwc
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) step (%[[C1:.*]], %[[C1]], %[[C16:.*]], %[[C16]])
// CHECK: vector.transfer_read {{.*}} : memref<?x?xi8, {{.*}}>, vector<16x16xi8>
// CHECK-NOT: permutation_map
// CHECK: vector.shuffle {{.*}} : vector<16xi8>, vector<16xi8>
// CHECK: vector.transfer_write {{.*}} : vector<16x16xi8>, memref<?x?xi8, {{.*}}>

#nchw = affine_map<(n, h, w, c) -> (n, c, h, w)>
#nhwc = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @nchw_to_nhwc(%in: memref<2x24x5x40xi8>, %out: memref<2x5x40x24xi8>) {
  linalg.generic {indexing_maps = [#nchw, #nhwc],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%in : memref<2x24x5x40xi8>) outs(%out : memref<2x5x40x24xi8>) {
  ^bb0(%x: i8, %y: i8):
    linalg.yield %x : i8
  }
  return
}

// -----

// The innermost dimension stays innermost: a copy of rows, left alone.
// CHECK-LABEL: func.func @innermost_kept
// CHECK-NOT: scf.parallel
// CHECK: linalg.generic

#inner_kept = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#identity3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @innermost_kept(%in: memref<4x8x32xf32>, %out: memref<8x4x32xf32>) {
  linalg.generic {indexing_maps = [#inner_kept, #identity3],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in : memref<4x8x32xf32>) outs(%out : memref<8x4x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A depthwise convolution's bias and SiLU, written NCHW from its
// N x H x W x G x 1 result: the loops of G and of W are blocked (the unit
// dim is no one's innermost). A block is read as rows of G, the bias is one
// vector broadcast to the block, the SiLU runs on the 16x16 block, and only
// its result is transposed.
// CHECK-LABEL: func.func @grouped_silu_to_nchw
// CHECK: scf.parallel (%{{.*}}, %[[ONE:.*]], %{{.*}}, %[[W:.*]], %[[G:.*]]) = {{.*}} step (%{{.*}}, %{{.*}}, %{{.*}}, %[[C16:.*]], %[[C16]])
// CHECK: %[[IN:.*]] = memref.subview %arg0[{{.*}}, %[[W]], %[[G]], %[[ONE]]] [1, 1, %{{.*}}, 16, 1]
// CHECK: %[[BIAS:.*]] = memref.subview %arg1[%[[G]], %[[ONE]]] [16, 1]
// CHECK: %[[OUT:.*]] = memref.subview %arg2[{{.*}}, %[[G]], %[[ONE]], {{.*}}, %[[W]]] [1, 16, 1, 1, %{{.*}}]
// CHECK: vector.transfer_read %[[IN]]{{.*}} : memref<?x16xf32, {{.*}}>, vector<16x16xf32>
// CHECK: %[[B:.*]] = vector.transfer_read %[[BIAS]]{{.*}} vector<16xf32>
// CHECK: vector.broadcast %[[B]] : vector<16xf32> to vector<16x16xf32>
// CHECK: math.exp %{{.*}} : vector<16x16xf32>
// CHECK: vector.shuffle
// CHECK: vector.transfer_write %{{.*}}, %[[OUT]]{{.*}} : vector<16x16xf32>, memref<16x?xf32, {{.*}}>
// CHECK-NOT: linalg.generic
#nhwgc_in = affine_map<(n, g, one, h, w) -> (n, h, w, g, one)>
#group_bias = affine_map<(n, g, one, h, w) -> (g, one)>
#ngchw = affine_map<(n, g, one, h, w) -> (n, g, one, h, w)>
func.func @grouped_silu_to_nchw(%in: memref<2x14x14x48x1xf32>, %bias: memref<48x1xf32>,
                                %out: memref<2x48x1x14x14xf32>) {
  linalg.generic {indexing_maps = [#nhwgc_in, #group_bias, #ngchw],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%in, %bias : memref<2x14x14x48x1xf32>, memref<48x1xf32>) outs(%out : memref<2x48x1x14x14xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %s = arith.addf %x, %b : f32
    %n = arith.negf %s : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %r = arith.divf %s, %d : f32
    linalg.yield %r : f32
  }
  return
}
