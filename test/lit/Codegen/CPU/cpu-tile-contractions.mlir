// RUN: disc-opt %s -disc-cpu-tile-contractions | FileCheck %s
// RUN: disc-opt %s '-disc-cpu-tile-contractions=vector-bits=256 register-rows=6' | FileCheck %s --check-prefix=AVX2

// Outer tiles of 64x128 in parallel, each filling its own accumulators and
// copying its block of B into a buffer of a whole block's size (128 rows of
// k, 64 KiB); register tiles of 8 rows of 32 f32 read the copy and are
// carried as eight vectors through the k loop, one vector.contract per row
// and k step.
// CHECK-LABEL: func.func @matmul
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (128, 256) step (64, 128)
// CHECK: linalg.fill {{.*}} -> tensor<64x128xf32>
// CHECK: %[[BLOCK:.*]] = tensor.empty() : tensor<128x128xf32>
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[BLOCK]][0, 0] [64, 128] [1, 1]
// CHECK: linalg.copy ins(%{{.*}} : tensor<64x128xf32>) outs(%[[SLICE]] : tensor<64x128xf32>)
// CHECK: scf.for {{.*}} step %c8
// CHECK: scf.for {{.*}} step %c32
// CHECK-COUNT-8: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<32xf32>
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK-COUNT-8: vector.contract {{.*}} : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
// CHECK: scf.yield
// CHECK-COUNT-8: vector.transfer_write {{.*}} : vector<32xf32>, tensor<8x32xf32>
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.matmul
// AVX2-LABEL: func.func @matmul
// AVX2: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (128, 256) step (48, 64)
// AVX2: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// AVX2-COUNT-6: vector.contract {{.*}} : vector<1xf32>, vector<1x16xf32> into vector<16xf32>
func.func @matmul(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x256xf32>) -> tensor<128x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>) outs(%init : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %c : tensor<128x256xf32>
}

// Dynamic sizes: the loops are peeled, so that the full register tiles are
// static and vectorized; the rows left over are register tiles of one row,
// vectorized too; the columns left over (fewer than 32) are register tiles
// of 32 columns whose accumulators and rows of B are read and written not in
// bounds (padded past the edge, not written there), carried through the k
// loop like the full tiles'.
// CHECK-LABEL: func.func @dynamic
// CHECK: scf.forall {{.*}} to (%{{.*}}, %{{.*}}) step (64, 128)
// CHECK: scf.for {{.*}} step %c8
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK-COUNT-8: vector.contract {{.*}} into vector<32xf32>
// CHECK: scf.for
// CHECK-COUNT-8: vector.transfer_read %{{.*}}, %cst : tensor<8x?xf32>, vector<32xf32>
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK: vector.transfer_read %{{.*}}, %cst : tensor<1x?xf32>, vector<32xf32>
// CHECK-COUNT-8: vector.contract {{.*}} into vector<32xf32>
// CHECK-COUNT-8: vector.transfer_write %{{.*}} : vector<32xf32>, tensor<8x?xf32>
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>)
// CHECK: vector.contract {{.*}} into vector<32xf32>
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>)
// CHECK: vector.contract {{.*}} into vector<32xf32>
// CHECK-NOT: linalg.matmul
// CHECK-NOT: vector.mask
func.func @dynamic(%a: tensor<?x64xf32>, %b: tensor<64x?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// A batched generic contraction whose B has k contiguous (attention's
// q * k^T) reads a transposed copy of B, whose rows are vectors; the batch
// is tiled by one, k (512) in blocks of 128 whose loop carries the
// accumulators too.
// CHECK-LABEL: func.func @batch_rhs_transposed
// CHECK: %[[BT:.*]] = linalg.transpose ins(%{{.*}} : tensor<2x32x512xf32>) outs(%{{.*}} : tensor<2x512x32xf32>) permutation = [0, 2, 1]
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK: tensor.extract_slice %[[BT]]
// CHECK: scf.for {{.*}} to %c512 step %c128 iter_args({{.*}}) -> (vector<32xf32>
// CHECK: linalg.copy ins(%{{.*}} : tensor<1x128x32xf32>)
// CHECK: scf.for {{.*}} to %c128 step %c1 iter_args({{.*}}) -> (vector<32xf32>
// CHECK-COUNT-8: vector.contract
// CHECK-NOT: linalg.generic
#lhs = affine_map<(b, m, n, k) -> (b, m, k)>
#rhs = affine_map<(b, m, n, k) -> (b, n, k)>
#out = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @batch_rhs_transposed(%a: tensor<2x8x512xf32>, %b: tensor<2x32x512xf32>, %init: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %c = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x8x512xf32>, tensor<2x32x512xf32>) outs(%init : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x32xf32>
  return %c : tensor<2x8x32xf32>
}

// An f16 product into f16 is computed as XLA computes it: in f32 from an
// f32 copy of its output, the f16 rows widened as they are read, rounded to
// f16 once at the end.
// CHECK-LABEL: func.func @f16
// CHECK: %[[WIDE:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<16x16xf16>) outs(%{{.*}} : tensor<16x16xf32>)
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[WIDE]]) -> (tensor<16x16xf32>)
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-8: vector.contract {{.*}} : vector<1xf16>, vector<1x16xf16> into vector<16xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<16x16xf32>) outs(%{{.*}} : tensor<16x16xf16>)
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK-NOT: linalg.matmul
func.func @f16(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %init: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %c = linalg.matmul ins(%a, %b : tensor<16x16xf16>, tensor<16x16xf16>) outs(%init : tensor<16x16xf16>) -> tensor<16x16xf16>
  return %c : tensor<16x16xf16>
}

// bf16 into bf16 likewise, its fill of zeros made in f32; register tiles of
// 8 rows of 32 f32 accumulators whose bf16 rows of B are read from the
// packed copy and widened.
// CHECK-LABEL: func.func @bf16
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK: linalg.copy ins(%{{.*}} : tensor<96x64xbf16>)
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK-COUNT-8: vector.contract {{.*}} : vector<1xbf16>, vector<1x32xbf16> into vector<32xf32>
// CHECK: arith.truncf {{.*}} : f32 to bf16
// CHECK-NOT: linalg.matmul
func.func @bf16(%a: tensor<64x96xbf16>, %b: tensor<96x64xbf16>) -> tensor<64x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %empty = tensor.empty() : tensor<64x64xbf16>
  %init = linalg.fill ins(%zero : bf16) outs(%empty : tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xbf16>, tensor<96x64xbf16>) outs(%init : tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %c : tensor<64x64xbf16>
}

// bf16 inputs into f32 (JAX's preferred_element_type=f32) need no rounding.
// CHECK-LABEL: func.func @bf16_to_f32
// CHECK-COUNT-8: vector.contract {{.*}} : vector<1xbf16>, vector<1x32xbf16> into vector<32xf32>
// CHECK-NOT: arith.truncf
// CHECK-NOT: linalg.matmul
func.func @bf16_to_f32(%a: tensor<64x96xbf16>, %b: tensor<96x64xbf16>, %init: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = linalg.matmul ins(%a, %b : tensor<64x96xbf16>, tensor<96x64xbf16>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

// On buffers nothing changes: the pass runs before bufferization.
// CHECK-LABEL: func.func @buffers
// CHECK-NEXT: linalg.matmul
func.func @buffers(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  return
}

// A 2-D NHWC convolution is tiled like a product: outer tiles of whole
// output rows of an image in parallel (two rows of 14, up to 64 outputs),
// register tiles of 7 output columns (14 = 2 x 7 leaves no one-row tiles,
// where 8 would leave 6) by 32 channels, the filter taps and the input
// channels as the reduction, innermost, carrying the accumulators. Each
// register tile is a 1-D convolution, vectorized to one vector.contract per
// output column: an input element times a row of the filter, read in place
// as the whole filter takes 36 KiB.
// CHECK-LABEL: func.func @convolution
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (2, 14) step (1, 2)
// CHECK: linalg.fill {{.*}} -> tensor<1x2x14x64xf32>
// CHECK: scf.for {{.*}} = %c0 to %c14 step %c7
// CHECK: scf.for {{.*}} = %c0 to %c2 step %c1
// CHECK: scf.for {{.*}} = %c0 to %c64 step %c32
// CHECK: scf.for {{.*}} = %c0 to %c3 step %c1 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK: scf.for {{.*}} = %c0 to %c3 step %c1 iter_args
// CHECK: scf.for {{.*}} = %c0 to %c16 step %c1 iter_args
// CHECK: tensor.extract_slice %arg1[{{.*}}] [1, 1, 1, 32] [1, 1, 1, 1] : tensor<3x3x16x64xf32> to tensor<1x1x1x32xf32>
// CHECK-COUNT-7: vector.contract {{.*}} : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
// CHECK-NOT: linalg.conv
func.func @convolution(%input: tensor<2x16x16x16xf32>, %filter: tensor<3x3x16x64xf32>) -> tensor<2x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x14x14x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x14x14x64xf32>) -> tensor<2x14x14x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%input, %filter : tensor<2x16x16x16xf32>, tensor<3x3x16x64xf32>) outs(%init : tensor<2x14x14x64xf32>) -> tensor<2x14x14x64xf32>
  return %c : tensor<2x14x14x64xf32>
}

// A filter larger than the 64 KiB buffer: blocks of 8 input channels, each
// block's filter slice (3x3x8x128, 36 KiB) copied into a buffer of its own
// that the register tiles read, rather than rows of the filter 512 channels
// apart. A 7x7 image is one outer tile per 128 channels.
// CHECK-LABEL: func.func @convolution_filter_blocks
// CHECK: scf.forall (%{{.*}}) = (0) to (512) step (128)
// CHECK: %[[BLOCK:.*]] = tensor.empty() : tensor<3x3x8x128xf32>
// CHECK: scf.for {{.*}} = %c0 to %c512 step %c8
// CHECK: linalg.copy ins(%{{.*}} : tensor<3x3x8x128xf32>) outs(%[[BLOCK]] : tensor<3x3x8x128xf32>)
// CHECK: scf.for {{.*}} = %c0 to %c7 step %c1
// CHECK: scf.for {{.*}} = %c0 to %c128 step %c32
// CHECK-COUNT-7: vector.contract {{.*}} : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
func.func @convolution_filter_blocks(%input: tensor<1x9x9x512xf32>, %filter: tensor<3x3x512x512xf32>, %init: tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32> {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%input, %filter : tensor<1x9x9x512xf32>, tensor<3x3x512x512xf32>) outs(%init : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  return %c : tensor<1x7x7x512xf32>
}

// A dynamic batch, a stride of 2: outer tiles of 3 output rows of 9; a
// register tile of 8 output columns reads every other input column; the
// ninth column is a register tile of one.
// CHECK-LABEL: func.func @convolution_strided
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 9) step (1, 3)
// CHECK: scf.for {{.*}} = %c0 to %c7 step %c1 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
// CHECK: vector.transfer_read %[[ROW:.*]][%c0, %c0, %c0], {{.*}} : tensor<1x15x1xf32>, vector<1xf32>
// CHECK: vector.transfer_read %[[ROW]][%c0, %c2, %c0], {{.*}} : tensor<1x15x1xf32>, vector<1xf32>
// CHECK-COUNT-8: vector.contract {{.*}} into vector<32xf32>
// CHECK: scf.for {{.*}} = %c0 to %c7 step %c1 iter_args({{.*}}) -> (vector<32xf32>)
// CHECK: vector.contract {{.*}} into vector<32xf32>
// CHECK-NOT: linalg.conv
func.func @convolution_strided(%input: tensor<?x23x23x3xf32>, %filter: tensor<7x7x3x64xf32>, %init: tensor<?x9x9x64xf32>) -> tensor<?x9x9x64xf32> {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%input, %filter : tensor<?x23x23x3xf32>, tensor<7x7x3x64xf32>) outs(%init : tensor<?x9x9x64xf32>) -> tensor<?x9x9x64xf32>
  return %c : tensor<?x9x9x64xf32>
}

// i8 operands widened into i32 accumulators: register tiles of 32 i32
// columns, the rows of B read as i8 and widened by the contraction.
// CHECK-LABEL: func.func @i8_to_i32
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>)
// CHECK-COUNT-8: vector.contract {{.*}} : vector<1xi8>, vector<1x32xi8> into vector<32xi32>
// CHECK-NOT: linalg.matmul
func.func @i8_to_i32(%a: tensor<64x48xi8>, %b: tensor<48x96xi8>) -> tensor<64x96xi32> {
  %zero = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<64x96xi32>
  %init = linalg.fill ins(%zero : i32) outs(%empty : tensor<64x96xi32>) -> tensor<64x96xi32>
  %c = linalg.matmul ins(%a, %b : tensor<64x48xi8>, tensor<48x96xi8>) outs(%init : tensor<64x96xi32>) -> tensor<64x96xi32>
  return %c : tensor<64x96xi32>
}

// A matrix times a vector, k contiguous in the matrix: blocks of 64 rows in
// parallel, each in register tiles of 8 rows whose dot products run in 8
// accumulator vectors through k (300 = 18 vectors and 12 elements, that
// last vector read not in bounds), reduced and added to the output at the
// end; the 5 rows left over one at a time. No copy of the matrix.
// CHECK-LABEL: func.func @matvec
// CHECK: scf.forall (%[[BLOCK:.*]]) = (0) to (77) step (64)
// CHECK: scf.for %[[TILE:.*]] = %c0 to %{{.*}} step %c8
// CHECK: %[[ROW:.*]] = arith.addi %[[BLOCK]], %[[TILE]]
// CHECK: scf.for %[[K:.*]] = %c0 to %c288 step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: %[[X:.*]] = vector.transfer_read %arg1[%[[K]]], %{{.*}} {in_bounds = [true]} : tensor<300xf32>, vector<16xf32>
// CHECK: %[[A:.*]] = vector.transfer_read %arg0[%[[ROW]], %[[K]]], %{{.*}} {in_bounds = [true]} : tensor<77x300xf32>, vector<16xf32>
// CHECK: vector.fma %[[A]], %[[X]], %{{.*}} : vector<16xf32>
// CHECK-COUNT-7: vector.fma
// CHECK: vector.transfer_read %arg1[%c288], %{{.*}} : tensor<300xf32>, vector<16xf32>
// CHECK-COUNT-8: vector.transfer_read %arg0[%{{.*}}, %c288], %{{.*}} : tensor<77x300xf32>, vector<16xf32>
// CHECK: vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// CHECK: tensor.insert
// CHECK: scf.for {{.*}} step %c1
// CHECK: scf.for {{.*}} step %c16 iter_args({{.*}}) -> (vector<16xf32>)
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.matvec
// AVX2-LABEL: func.func @matvec
// AVX2: scf.forall (%{{.*}}) = (0) to (77) step (48)
// AVX2: scf.for {{.*}} step %c6
// AVX2: scf.for {{.*}} = %c0 to %c296 step %c8 iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// AVX2-COUNT-6: vector.fma {{.*}} : vector<8xf32>
func.func @matvec(%a: tensor<77x300xf32>, %x: tensor<300xf32>, %init: tensor<77xf32>) -> tensor<77xf32> {
  %y = linalg.matvec ins(%a, %x : tensor<77x300xf32>, tensor<300xf32>) outs(%init : tensor<77xf32>) -> tensor<77xf32>
  return %y : tensor<77xf32>
}

// A batch-1 dense layer by a weight of [out, in] (torch's layout, x * W^T):
// the same dot products of W's rows, where the matrix product would copy W
// transposed.
// CHECK-LABEL: func.func @dense_b1_weight_transposed
// CHECK-NOT: linalg.transpose
// CHECK: scf.forall (%{{.*}}) = (0) to (3072) step (64)
// CHECK: scf.for {{.*}} = %c0 to %c768 step %c16 iter_args
// CHECK: vector.transfer_read %arg0[%c0, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<1x768xf32>, vector<16xf32>
// CHECK-COUNT-8: vector.transfer_read %arg1[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<3072x768xf32>, vector<16xf32>
// CHECK: tensor.insert %{{.*}} into %{{.*}}[%c0, %{{.*}}] : tensor<1x?xf32>
// CHECK-NOT: linalg.generic
#dense_x = affine_map<(m, n, k) -> (m, k)>
#dense_w = affine_map<(m, n, k) -> (n, k)>
#dense_y = affine_map<(m, n, k) -> (m, n)>
func.func @dense_b1_weight_transposed(%x: tensor<1x768xf32>, %w: tensor<3072x768xf32>, %init: tensor<1x3072xf32>) -> tensor<1x3072xf32> {
  %y = linalg.generic {indexing_maps = [#dense_x, #dense_w, #dense_y], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<1x768xf32>, tensor<3072x768xf32>) outs(%init : tensor<1x3072xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x3072xf32>
  return %y : tensor<1x3072xf32>
}

// bf16 lines into f32: each vector widened as it is read.
// CHECK-LABEL: func.func @matvec_bf16
// CHECK: %[[X:.*]] = vector.transfer_read %arg1[%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?xbf16>, vector<16xbf16>
// CHECK: %[[WIDE_X:.*]] = arith.extf %[[X]] : vector<16xbf16> to vector<16xf32>
// CHECK: %[[A:.*]] = vector.transfer_read %arg0[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<64x?xbf16>, vector<16xbf16>
// CHECK: %[[WIDE_A:.*]] = arith.extf %[[A]] : vector<16xbf16> to vector<16xf32>
// CHECK: vector.fma %[[WIDE_A]], %[[WIDE_X]], %{{.*}} : vector<16xf32>
// CHECK-NOT: linalg.matvec
func.func @matvec_bf16(%a: tensor<64x?xbf16>, %x: tensor<?xbf16>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %y = linalg.matvec ins(%a, %x : tensor<64x?xbf16>, tensor<?xbf16>) outs(%init : tensor<64xf32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// A vector times a matrix whose columns are contiguous (a batch-1 dense
// layer, x * W): blocks of 512 columns in parallel, k in blocks of 64 rows
// of W, and in each register tiles of 8 vectors of consecutive outputs
// carried through the rows, each row a broadcast of x's element and 8
// vectors of W's row; the vectors left over at the dynamic edge one at a
// time, read and written not in bounds.
// CHECK-LABEL: func.func @vecmat
// CHECK: scf.forall (%[[BLOCK:.*]]) = (0) to (%{{.*}}) step (512)
// CHECK: scf.for %[[ROWS:.*]] = %c0 to %{{.*}} step %c64
// CHECK: %[[ROWS_END:.*]] = affine.min
// CHECK: scf.for {{.*}} step %c128
// CHECK-COUNT-8: vector.transfer_read %{{.*}}, %{{.*}} {in_bounds = [true]} : tensor<?xf32>, vector<16xf32>
// CHECK: scf.for %[[K:.*]] = %[[ROWS]] to %[[ROWS_END]] step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: %[[SCALE:.*]] = tensor.extract %arg0[%[[K]]]
// CHECK: %[[SCALES:.*]] = vector.broadcast %[[SCALE]] : f32 to vector<16xf32>
// CHECK: %[[ROW:.*]] = vector.transfer_read %arg1[%[[K]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<16xf32>
// CHECK: vector.fma %[[SCALES]], %[[ROW]], %{{.*}} : vector<16xf32>
// CHECK-COUNT-7: vector.fma
// CHECK-COUNT-8: vector.transfer_write {{.*}} {in_bounds = [true]} : vector<16xf32>, tensor<?xf32>
// CHECK: scf.for {{.*}} step %c16
// CHECK: vector.transfer_read %{{.*}}, %{{.*}} : tensor<?xf32>, vector<16xf32>
// CHECK: scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<16xf32>)
// CHECK: vector.transfer_read %arg1[%{{.*}}, %{{.*}}], %{{.*}} : tensor<?x?xf32>, vector<16xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<16xf32>, tensor<?xf32>
// CHECK-NOT: linalg.vecmat
func.func @vecmat(%x: tensor<?xf32>, %w: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %y = linalg.vecmat ins(%x, %w : tensor<?xf32>, tensor<?x?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// x * W^T as JAX prints it, a transpose of W (the linalg.generic that
// stablehlo.transpose becomes) and a product: the product reads W in place,
// as the dot products of its rows, and the transpose is left unused.
// CHECK-LABEL: func.func @dense_b1_jax_transposed_weight
// CHECK-NOT: linalg.generic
// CHECK: scf.forall (%{{.*}}) = (0) to (3072) step (64)
// CHECK-COUNT-8: vector.transfer_read %arg1[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<3072x768xf32>, vector<16xf32>
// CHECK-NOT: linalg.
#transpose_in = affine_map<(d0, d1) -> (d1, d0)>
#transpose_out = affine_map<(d0, d1) -> (d0, d1)>
func.func @dense_b1_jax_transposed_weight(%x: tensor<1x768xf32>, %w: tensor<3072x768xf32>) -> tensor<1x3072xf32> {
  %zero = arith.constant 0.0 : f32
  %empty_t = tensor.empty() : tensor<768x3072xf32>
  %wt = linalg.generic {indexing_maps = [#transpose_in, #transpose_out], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<3072x768xf32>) outs(%empty_t : tensor<768x3072xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<768x3072xf32>
  %empty = tensor.empty() : tensor<1x3072xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<1x768xf32>, tensor<768x3072xf32>) outs(%init : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  return %y : tensor<1x3072xf32>
}

// At batch 8 the product is a matrix product: the transpose stays, and the
// product reads its result.
// CHECK-LABEL: func.func @dense_b8_jax_transposed_weight
// CHECK: %[[WT:.*]] = linalg.generic
// CHECK: scf.forall (%{{.*}}) = (0) to (3072) step (128)
// CHECK: tensor.extract_slice %[[WT]]
func.func @dense_b8_jax_transposed_weight(%x: tensor<8x768xf32>, %w: tensor<3072x768xf32>, %init: tensor<8x3072xf32>) -> tensor<8x3072xf32> {
  %empty_t = tensor.empty() : tensor<768x3072xf32>
  %wt = linalg.generic {indexing_maps = [#transpose_in, #transpose_out], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<3072x768xf32>) outs(%empty_t : tensor<768x3072xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<768x3072xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<8x768xf32>, tensor<768x3072xf32>) outs(%init : tensor<8x3072xf32>) -> tensor<8x3072xf32>
  return %y : tensor<8x3072xf32>
}

// A dense layer of a dynamic batch: at run time, a batch of 1 is the
// product of the one row in the loops of a matrix-vector product, any other
// the matrix product's tiles.
// CHECK-LABEL: func.func @dense_dynamic_batch
// CHECK: %[[ROWS:.*]] = tensor.dim %arg0, %c0 : tensor<?x768xf32>
// CHECK: %[[ONE_ROW:.*]] = arith.cmpi eq, %[[ROWS]], %c1 : index
// CHECK: scf.if %[[ONE_ROW]] -> (tensor<?x3072xf32>) {
// CHECK: %[[ROW:.*]] = tensor.extract_slice %arg0[0, 0] [1, 768] [1, 1] : tensor<?x768xf32> to tensor<1x768xf32>
// CHECK: %[[PRODUCT:.*]] = scf.forall (%{{.*}}) = (0) to (3072) step (512) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x3072xf32>)
// CHECK: tensor.extract %[[ROW]]
// CHECK-COUNT-8: vector.fma
// CHECK: %[[WHOLE:.*]] = tensor.insert_slice %[[PRODUCT]] into %arg2[0, 0] [1, 3072] [1, 1] : tensor<1x3072xf32> into tensor<?x3072xf32>
// CHECK: scf.yield %[[WHOLE]]
// CHECK: } else {
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 3072) step (64, 128)
// CHECK-COUNT-8: vector.contract
// CHECK-NOT: linalg.matmul
func.func @dense_dynamic_batch(%x: tensor<?x768xf32>, %w: tensor<768x3072xf32>, %init: tensor<?x3072xf32>) -> tensor<?x3072xf32> {
  %y = linalg.matmul ins(%x, %w : tensor<?x768xf32>, tensor<768x3072xf32>) outs(%init : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  return %y : tensor<?x3072xf32>
}
