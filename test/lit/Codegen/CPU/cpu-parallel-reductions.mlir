// RUN: disc-opt %s -split-input-file -disc-cpu-parallel-reductions | FileCheck %s
// RUN: disc-opt %s -split-input-file -disc-cpu-parallel-reductions=vector-bits=256 | FileCheck %s --check-prefix=AVX2

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

// NHWC batch-norm statistics: 200 channels in chunks of four vectors, 64
// columns, the last one partial (8 columns); with 8 lanes, chunks of 32.
#nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @channel_sums
// CHECK: scf.forall (%[[C:.*]]) = (0) to (200) step (64)
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
// few columns for two chunks of four vectors (64) and a float sum that may
// not be reassociated, a reduction innermost, one already inside a loop
// over chunks, and one inside a sequential loop (a blocked solver's row).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-1: scf.forall (
// CHECK-NOT: scf.forall (
func.func @left_alone(%x: tensor<64x768xf32>, %rows: tensor<64xf32>,
                      %narrow: tensor<100x64xf32>, %cols: tensor<64xf32>,
                      %y: tensor<8x64x32xf32>, %mids: tensor<64xf32>,
                      %init768: tensor<768xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<2x768xf32>, tensor<768xf32>) {
  %a = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x768xf32>) outs(%rows : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%narrow : tensor<100x64xf32>) outs(%cols : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
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
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init768) -> (tensor<768xf32>) {
    %sum = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<64x768xf32>) outs(%acc : tensor<768xf32>) {
    ^bb0(%in: f32, %running: f32):
      %s = arith.addf %running, %in fastmath<reassoc> : f32
      linalg.yield %s : f32
    } -> tensor<768xf32>
    scf.yield %sum : tensor<768xf32>
  }
  return %a, %b, %c, %d, %e : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<2x768xf32>, tensor<768xf32>
}

// -----

// 64 channels are too few for column chunks: the 8 images each reduce into
// a row of partial sums, which are then summed.
#nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @narrow_channel_sums
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[PARTIAL0:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: %[[PARTIALS:.*]] = scf.forall (%[[B:.*]]) in (8) shared_outs(%[[P:.*]] = %[[PARTIAL0]]) -> (tensor<8x64xf32>)
// CHECK: %[[X:.*]] = tensor.extract_slice %{{.*}}[%[[B]], 0, 0, 0] [1, 56, 56, 64] [1, 1, 1, 1]
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[P]][%[[B]], 0] [1, 64] [1, 1] : tensor<8x64xf32> to tensor<64xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<1x56x56x64xf32>) outs(%[[ROW]] : tensor<64xf32>)
// CHECK: tensor.parallel_insert_slice %[[SUM]] into %[[P]][%[[B]], 0] [1, 64] [1, 1]
// CHECK: linalg.reduce ins(%[[PARTIALS]] : tensor<8x64xf32>) outs(%{{.*}} : tensor<64xf32>) dimensions = [0]
// CHECK: arith.addf {{.*}} fastmath<reassoc>
func.func @narrow_channel_sums(%x: tensor<8x56x56x64xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %sum = linalg.generic {indexing_maps = [#nhwc, #channel],
                         iterator_types = ["reduction", "reduction", "reduction", "parallel"]}
      ins(%x : tensor<8x56x56x64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %sum : tensor<64xf32>
}

// -----

// An integer maximum over 12 rows: 6 blocks (the largest count up to 8 that
// divides 12), the partials starting from the smallest i32. 13 rows have no
// such count, and a body that reads the accumulator other than to combine
// into it cannot start a block from the neutral element: both are left alone.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @max_rows
// CHECK: arith.constant -2147483648 : i32
// CHECK: scf.forall (%{{.*}}) in (6) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<6x20xi32>)
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [2, 20] [1, 1]
// CHECK: linalg.reduce
// CHECK: arith.maxsi
// CHECK-NOT: scf.forall (
func.func @max_rows(%x: tensor<12x20xi32>, %init: tensor<20xi32>,
                    %prime: tensor<13x20xi32>) -> (tensor<20xi32>, tensor<20xi32>, tensor<20xi32>) {
  %max = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<12x20xi32>) outs(%init : tensor<20xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %m = arith.maxsi %acc, %in : i32
    linalg.yield %m : i32
  } -> tensor<20xi32>
  %left = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%prime : tensor<13x20xi32>) outs(%init : tensor<20xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %m = arith.maxsi %acc, %in : i32
    linalg.yield %m : i32
  } -> tensor<20xi32>
  %mixed = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<12x20xi32>) outs(%init : tensor<20xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %scaled = arith.muli %in, %acc : i32
    %s = arith.addi %acc, %scaled : i32
    linalg.yield %s : i32
  } -> tensor<20xi32>
  return %max, %left, %mixed : tensor<20xi32>, tensor<20xi32>, tensor<20xi32>
}

// -----

// A reduction to a scalar, and one over the first and last of three
// dimensions, split in blocks of rows the same way.
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @whole_and_outer_two
// CHECK: scf.forall (%[[B:.*]]) in (8) shared_outs(%[[P:.*]] = %{{.*}}) -> (tensor<8xf32>)
// CHECK: tensor.extract_slice %[[P]][%[[B]]] [1] [1] : tensor<8xf32> to tensor<f32>
// CHECK: linalg.reduce ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0]
// CHECK: scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<8x64xf32>)
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "reduction"]
// CHECK: linalg.reduce ins(%{{.*}} : tensor<8x64xf32>) outs(%{{.*}} : tensor<64xf32>) dimensions = [0]
func.func @whole_and_outer_two(%x: tensor<1024x1024xf32>, %zero: tensor<f32>,
                               %y: tensor<8x64x32xf32>, %mids: tensor<64xf32>) -> (tensor<f32>, tensor<64xf32>) {
  %sum = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<1024x1024xf32>) outs(%zero : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#id3, #mid], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%y : tensor<8x64x32xf32>) outs(%mids : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %sum, %m : tensor<f32>, tensor<64xf32>
}

// -----

// A column sum marked reassoc, as StableHLO's are: blocks of 1024 rows,
// each read in memory order into its row of partial sums, rather than
// chunks of columns that each walk all 8192 rows. With 8 rows per block
// (64 rows of 4096 columns) the partial rows would cost an eighth of the
// input more: chunks.
// CHECK-LABEL: func.func @reassociable_columns
// CHECK: %[[PARTIALS:.*]] = scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<8x768xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1024x768xf32>) outs(%{{.*}} : tensor<768xf32>)
// CHECK: linalg.reduce ins(%[[PARTIALS]] : tensor<8x768xf32>) {{.*}} dimensions = [0]
// CHECK: scf.forall (%{{.*}}) = (0) to (4096) step (512)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<64x512xf32>)
func.func @reassociable_columns(%x: tensor<8192x768xf32>, %init: tensor<768xf32>,
                                %wide: tensor<64x4096xf32>, %wide_init: tensor<4096xf32>)
    -> (tensor<768xf32>, tensor<4096xf32>) {
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                         iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<8192x768xf32>) outs(%init : tensor<768xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<768xf32>
  %wide_sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                              iterator_types = ["reduction", "parallel"]}
      ins(%wide : tensor<64x4096xf32>) outs(%wide_init : tensor<4096xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %sum, %wide_sum : tensor<768xf32>, tensor<4096xf32>
}
