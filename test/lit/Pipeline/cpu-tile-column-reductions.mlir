// RUN: disc-opt %s -split-input-file -disc-cpu-tile-column-reductions | FileCheck %s
// RUN: disc-opt %s -split-input-file -disc-cpu-tile-column-reductions=vector-bits=256 | FileCheck %s --check-prefix=AVX2

// A sum over the rows: 768 columns in chunks of 96 (an eighth, a multiple
// of 16 f32 lanes; of 8 lanes with 256-bit vectors), the fill left whole.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @sum_columns
// CHECK: %[[ZEROS:.*]] = linalg.fill
// CHECK: scf.forall (%[[C:.*]]) = (0) to (768) step (96) shared_outs(%[[OUT:.*]] = %[[ZEROS]])
// CHECK: %[[X:.*]] = tensor.extract_slice %{{.*}}[0, %[[C]]] [8192, 96] [1, 1]
// CHECK: %[[ACC:.*]] = tensor.extract_slice %[[OUT]][%[[C]]] [96] [1]
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]{{.*}} ins(%[[X]] : tensor<8192x96xf32>) outs(%[[ACC]] : tensor<96xf32>)
// CHECK: tensor.parallel_insert_slice
// AVX2-LABEL: func.func @sum_columns
// AVX2: scf.forall (%{{.*}}) = (0) to (768) step (96)
func.func @sum_columns(%x: tensor<8192x768xf32>) -> tensor<768xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<768xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<768xf32>) -> tensor<768xf32>
  %sum = linalg.generic {indexing_maps = [#id, #col],
                         iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<8192x768xf32>) outs(%zeros : tensor<768xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<768xf32>
  return %sum : tensor<768xf32>
}

// -----

// NHWC batch-norm statistics: 200 channels in chunks of 32, the last one
// partial (8 columns); with 8 lanes, chunks of 32 as well.
#nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @channel_sums
// CHECK: scf.forall (%[[C:.*]]) = (0) to (200) step (32)
// CHECK: %[[SIZE:.*]] = affine.min
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0, %[[C]]] [8, 7, 7, %[[SIZE]]] [1, 1, 1, 1]
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "reduction", "reduction", "parallel"]
// AVX2-LABEL: func.func @channel_sums
// AVX2: scf.forall (%{{.*}}) = (0) to (200) step (32)
func.func @channel_sums(%x: tensor<8x7x7x200xf32>, %init: tensor<200xf32>) -> tensor<200xf32> {
  %sum = linalg.generic {indexing_maps = [#nhwc, #channel],
                         iterator_types = ["reduction", "reduction", "reduction", "parallel"]}
      ins(%x : tensor<8x7x7x200xf32>) outs(%init : tensor<200xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<200xf32>
  return %sum : tensor<200xf32>
}

// -----

// A dynamic column count: chunks of four vectors. Both results of an argmax
// are tiled together; the i32 and f32 outputs take 16 lanes.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @argmax_dynamic_columns
// CHECK: scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (64) shared_outs(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<?xf32>, tensor<?xi32>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xi32>)
// CHECK-COUNT-2: tensor.parallel_insert_slice
// AVX2-LABEL: func.func @argmax_dynamic_columns
// AVX2: scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (32)
func.func @argmax_dynamic_columns(%x: tensor<100x?xf32>, %max: tensor<?xf32>,
                                  %arg: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %r:2 = linalg.generic {indexing_maps = [#id, #col, #col],
                         iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<100x?xf32>) outs(%max, %arg : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%in: f32, %m: f32, %a: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %gt = arith.cmpf ogt, %in, %m : f32
    %nm = arith.select %gt, %in, %m : f32
    %na = arith.select %gt, %ii, %a : i32
    linalg.yield %nm, %na : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}

// -----

// Left alone: a row reduction (its rows are the parallel outer loop), too
// few columns to split (20 < two vectors), a reduction innermost, and one
// already inside a loop over chunks.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-1: scf.forall (
// CHECK-NOT: scf.forall (
func.func @left_alone(%x: tensor<64x768xf32>, %rows: tensor<64xf32>,
                      %narrow: tensor<100x20xf32>, %cols: tensor<20xf32>,
                      %y: tensor<8x64x32xf32>, %mids: tensor<64xf32>) -> (tensor<64xf32>, tensor<20xf32>, tensor<64xf32>, tensor<2x768xf32>) {
  %a = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x768xf32>) outs(%rows : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%narrow : tensor<100x20xf32>) outs(%cols : tensor<20xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<20xf32>
  %c = linalg.generic {indexing_maps = [#id3, #mid], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%y : tensor<8x64x32xf32>) outs(%mids : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %empty = tensor.empty() : tensor<2x768xf32>
  %d = scf.forall (%i) in (2) shared_outs(%out = %empty) -> (tensor<2x768xf32>) {
    %init = tensor.extract_slice %out[%i, 0] [1, 768] [1, 1] : tensor<2x768xf32> to tensor<768xf32>
    %sum = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<64x768xf32>) outs(%init : tensor<768xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    } -> tensor<768xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %out[%i, 0] [1, 768] [1, 1] : tensor<768xf32> into tensor<2x768xf32>
    }
  }
  return %a, %b, %c, %d : tensor<64xf32>, tensor<20xf32>, tensor<64xf32>, tensor<2x768xf32>
}
