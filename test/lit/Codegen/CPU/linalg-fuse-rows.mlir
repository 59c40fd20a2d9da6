// RUN: disc-opt %s -split-input-file -disc-linalg-fuse-rows -cse | FileCheck %s

// Softmax: the division is tiled by rows and the row's max, exponentials and
// sum are computed inside the loop for that row alone; the exponentials,
// read by the sum and by the division, are computed once per row.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.
// CHECK: scf.forall (%[[I:.*]]) in (64) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<64x128xf32>)
// CHECK: %[[X:.*]] = tensor.extract_slice %{{.*}}[%[[I]], 0] [1, 128] [1, 1] : tensor<64x128xf32> to tensor<1x128xf32>
// CHECK: %[[MAX0:.*]] = linalg.fill {{.*}} -> tensor<1xf32>
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<1x128xf32>) outs(%[[MAX0]] : tensor<1xf32>)
// CHECK: arith.maximumf
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<1x128xf32>, tensor<1xf32>)
// CHECK: math.exp
// CHECK: %[[SUM0:.*]] = linalg.fill {{.*}} -> tensor<1xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[EXP]] : tensor<1x128xf32>) outs(%[[SUM0]] : tensor<1xf32>)
// CHECK: arith.addf
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0] [1, 128] [1, 1]
// CHECK: %[[DIV:.*]] = linalg.generic {{.*}} ins(%[[EXP]], %[[SUM]] : tensor<1x128xf32>, tensor<1xf32>) outs(%[[ROW]] : tensor<1x128xf32>)
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice %[[DIV]] into %[[OUT]][%[[I]], 0] [1, 128] [1, 1]
// CHECK-NOT: linalg.
// CHECK: return
func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<64xf32>
  %max0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%max0 : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  %full = tensor.empty() : tensor<64x128xf32>
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<64x128xf32>, tensor<64xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<64x128xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<64x128xf32>) outs(%sum0 : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %div = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<64x128xf32>, tensor<64xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%e: f32, %s: f32, %out: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<64x128xf32>
  return %div : tensor<64x128xf32>
}

// -----

// A reduction over the rows (a column sum) does not move with a row loop:
// it stays whole, computed once, and nothing is tiled for it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#colred = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @column_sum
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] : tensor<64x128xf32>, tensor<128xf32>)
// CHECK-NOT: scf.forall
func.func @column_sum(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %cols = tensor.empty() : tensor<128xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%cols : tensor<128xf32>) -> tensor<128xf32>
  %sum = linalg.generic {indexing_maps = [#id, #colred], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%sum0 : tensor<128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  %full = tensor.empty() : tensor<64x128xf32>
  %div = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x128xf32>, tensor<128xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%e: f32, %s: f32, %out: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<64x128xf32>
  return %div : tensor<64x128xf32>
}

// -----

// Left as they were: a row of dynamic length, a row reduction fed by a
// matrix product (the product is not recomputed by rows, and is itself no
// root), and an elementwise op that no reduction feeds.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @dynamic_row
// CHECK-NOT: scf.forall
// CHECK: return
func.func @dynamic_row(%x: tensor<8x?xf32>, %sum: tensor<8xf32>) -> tensor<8x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<8x?xf32>
  %full = tensor.empty(%n) : tensor<8x?xf32>
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<8xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x?xf32>) outs(%sum0 : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %acc, %in : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %div = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<8x?xf32>, tensor<8xf32>) outs(%full : tensor<8x?xf32>) {
  ^bb0(%e: f32, %t: f32, %out: f32):
    %q = arith.divf %e, %t : f32
    linalg.yield %q : f32
  } -> tensor<8x?xf32>
  return %div : tensor<8x?xf32>
}

// CHECK-LABEL: func.func @product_then_scale
// CHECK: %[[P:.*]] = linalg.matmul
// CHECK: scf.forall
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<1x32xf32>)
// CHECK: } -> tensor<1xf32>
// CHECK-NOT: tensor<16xf32>
// CHECK-LABEL: func.func @no_reduction
// CHECK-NOT: scf.forall
func.func @product_then_scale(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%z : tensor<16x32xf32>) -> tensor<16x32xf32>
  %rows = tensor.empty() : tensor<16xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<16x32xf32>) outs(%sum0 : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a2 = arith.addf %acc, %in : f32
    linalg.yield %a2 : f32
  } -> tensor<16xf32>
  %div = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %s : tensor<16x32xf32>, tensor<16xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %t: f32, %out: f32):
    %q = arith.divf %x, %t : f32
    linalg.yield %q : f32
  } -> tensor<16x32xf32>
  return %div : tensor<16x32xf32>
}

func.func @no_reduction(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %full = tensor.empty() : tensor<64x128xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}

// -----

// The sum feeding the row reduction is also returned: it is computed whole,
// once, and the loop reads its rows; recomputing it by rows would do its
// work twice (along a model's residual connections, once per later layer).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @shared_producer
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<64x128xf32>)
// CHECK: arith.addf
// CHECK: %[[LOOP:.*]] = scf.forall
// CHECK: tensor.extract_slice %[[SUM]]
// CHECK-NOT: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.maximumf
// CHECK: return %[[LOOP]], %[[SUM]]
func.func @shared_producer(%x: tensor<64x128xf32>, %y: tensor<64x128xf32>) -> (tensor<64x128xf32>, tensor<64x128xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %full = tensor.empty() : tensor<64x128xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<64x128xf32>, tensor<64x128xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  %rows = tensor.empty() : tensor<64xf32>
  %max0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%sum : tensor<64x128xf32>) outs(%max0 : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  %centred = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %max : tensor<64x128xf32>, tensor<64xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%v: f32, %m: f32, %out: f32):
    %d = arith.subf %v, %m : f32
    linalg.yield %d : f32
  } -> tensor<64x128xf32>
  return %centred, %sum : tensor<64x128xf32>, tensor<64x128xf32>
}

// -----

// A row reduction computed before a loop stays there: the loop body's op
// that reads it is not tiled, and nothing is recomputed every iteration.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduction_outside_loop
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: scf.for
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
func.func @reduction_outside_loop(%x: tensor<64x128xf32>, %n: index) -> tensor<64x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<64xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%sum0 : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %result = scf.for %i = %c0 to %n step %c1 iter_args(%state = %x) -> (tensor<64x128xf32>) {
    %full = tensor.empty() : tensor<64x128xf32>
    %next = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%state, %sum : tensor<64x128xf32>, tensor<64xf32>) outs(%full : tensor<64x128xf32>) {
    ^bb0(%v: f32, %t: f32, %out: f32):
      %q = arith.divf %v, %t : f32
      linalg.yield %q : f32
    } -> tensor<64x128xf32>
    scf.yield %next : tensor<64x128xf32>
  }
  return %result : tensor<64x128xf32>
}
