// RUN: disc-opt %s -split-input-file '-disc-cpu-tile-contractions=library-products=true' | FileCheck %s

// With the runtime's libraries, an f32 product stays whole for
// disc-linalg-matmul-to-ral; f16 ones, of dynamic shape into f16 and of
// static shape into f32 (from a zero fill), become the f32 product of their
// inputs widened first, left to the libraries too, an f16 result rounded
// once; an integer one is tiled into register tiles.
// CHECK-LABEL: func.func @library_and_compiled
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x48xf32>)
// CHECK: %[[ACC:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<?x48xf16>) outs(%{{.*}} : tensor<?x48xf32>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[LHS:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<?x32xf16>) outs(%{{.*}} : tensor<?x32xf32>)
// CHECK: %[[RHS:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<32x48xf16>) outs(%{{.*}} : tensor<32x48xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[LHS]], %[[RHS]] : tensor<?x32xf32>, tensor<32x48xf32>) outs(%[[ACC]] : tensor<?x48xf32>)
// CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[TERM:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK-NEXT: arith.addf %[[OUT]], %[[TERM]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<?x48xf32>) outs(%{{.*}} : tensor<?x48xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<64x48xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x48xf32>) outs(%[[FILL]] : tensor<64x48xf32>)
// CHECK-NOT: vector.contract {{.*}}f32
// CHECK: vector.contract {{.*}} into vector<{{.*}}xi32>
func.func @library_and_compiled(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>, %c: tensor<64x48xf32>,
                                %d: tensor<?x32xf16>, %e: tensor<32x48xf16>, %f: tensor<?x48xf16>,
                                %g: tensor<64x32xf16>, %h: tensor<64x32xi8>, %i: tensor<32x48xi8>,
                                %j: tensor<64x48xi32>)
    -> (tensor<64x48xf32>, tensor<?x48xf16>, tensor<64x48xf32>, tensor<64x48xi32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x48xf32>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  %1 = linalg.matmul ins(%d, %e : tensor<?x32xf16>, tensor<32x48xf16>) outs(%f : tensor<?x48xf16>) -> tensor<?x48xf16>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x48xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = linalg.matmul ins(%g, %e : tensor<64x32xf16>, tensor<32x48xf16>) outs(%fill : tensor<64x48xf32>) -> tensor<64x48xf32>
  %3 = linalg.matmul ins(%h, %i : tensor<64x32xi8>, tensor<32x48xi8>) outs(%j : tensor<64x48xi32>) -> tensor<64x48xi32>
  return %0, %1, %2, %3 : tensor<64x48xf32>, tensor<?x48xf16>, tensor<64x48xf32>, tensor<64x48xi32>
}

// -----

// bf16 products into a bf16 or f32 matrix stay whole for oneDNN's matmul.
// CHECK-LABEL: func.func @bf16_left_to_onednn
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%{{.*}} : tensor<64x48xbf16>)
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%{{.*}} : tensor<64x48xf32>)
// CHECK-NEXT: return
func.func @bf16_left_to_onednn(%a: tensor<64x32xbf16>, %b: tensor<32x48xbf16>, %c: tensor<64x48xbf16>,
                               %d: tensor<64x48xf32>)
    -> (tensor<64x48xbf16>, tensor<64x48xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<64x48xbf16>) -> tensor<64x48xbf16>
  %1 = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%d : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0, %1 : tensor<64x48xbf16>, tensor<64x48xf32>
}

// -----

// With the libraries too, a matrix times a vector (which ral_gemm does not
// take) and x * W^T at batch 1 as JAX prints it (a transpose of W, then the
// product) are dot products of W's rows in the loops of a matrix-vector
// product, W read in place: the transpose is gone.
// CHECK-LABEL: func.func @dot_products
// CHECK-NOT: linalg.
// CHECK: scf.forall (%{{.*}}) = (0) to (77) step (64)
// CHECK: vector.fma
// CHECK: scf.forall (%{{.*}}) = (0) to (3072) step (64)
// CHECK-COUNT-8: vector.transfer_read %arg1[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<3072x768xf32>, vector<16xf32>
// CHECK-NOT: linalg.
#transpose_in = affine_map<(d0, d1) -> (d1, d0)>
#transpose_out = affine_map<(d0, d1) -> (d0, d1)>
func.func @dot_products(%x: tensor<1x768xf32>, %w: tensor<3072x768xf32>, %a: tensor<77x300xf32>, %v: tensor<300xf32>, %v_init: tensor<77xf32>)
    -> (tensor<77xf32>, tensor<1x3072xf32>) {
  %matvec = linalg.matvec ins(%a, %v : tensor<77x300xf32>, tensor<300xf32>) outs(%v_init : tensor<77xf32>) -> tensor<77xf32>
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
  return %matvec, %y : tensor<77xf32>, tensor<1x3072xf32>
}

// -----

// x * W at batch 1 stays the library's (its call is as fast as the loops);
// so does x * W^T at batch 8, which reads W in place with the library's
// transpose flag rather than a transposed copy.
// CHECK-LABEL: func.func @library_products
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<1x768xf32>, tensor<768x3072xf32>)
// CHECK-NOT: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[LHS:.*]], #[[RHS:.*]], #[[OUT:.*]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg2, %arg3 : tensor<8x768xf32>, tensor<3072x768xf32>)
// CHECK-NOT: scf.forall
#transpose_in = affine_map<(d0, d1) -> (d1, d0)>
#transpose_out = affine_map<(d0, d1) -> (d0, d1)>
func.func @library_products(%x: tensor<1x768xf32>, %w: tensor<768x3072xf32>, %x8: tensor<8x768xf32>, %wt8: tensor<3072x768xf32>,
                            %init: tensor<1x3072xf32>, %init8: tensor<8x3072xf32>) -> (tensor<1x3072xf32>, tensor<8x3072xf32>) {
  %y = linalg.matmul ins(%x, %w : tensor<1x768xf32>, tensor<768x3072xf32>) outs(%init : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %empty_t = tensor.empty() : tensor<768x3072xf32>
  %t = linalg.generic {indexing_maps = [#transpose_in, #transpose_out], iterator_types = ["parallel", "parallel"]}
      ins(%wt8 : tensor<3072x768xf32>) outs(%empty_t : tensor<768x3072xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<768x3072xf32>
  %y8 = linalg.matmul ins(%x8, %t : tensor<8x768xf32>, tensor<768x3072xf32>) outs(%init8 : tensor<8x3072xf32>) -> tensor<8x3072xf32>
  return %y, %y8 : tensor<1x3072xf32>, tensor<8x3072xf32>
}

// -----

// A [B, S, K] activation read through a transpose of its last two dims
// stays a copy: the library reads the rows it collapses from B and S as
// they lie.
// CHECK-LABEL: func.func @transposed_activation
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: linalg.generic {{.*}} ins(%[[COPY]], %arg1 : tensor<2x8x64xf32>, tensor<64x32xf32>)
#swap_in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#swap_out = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#act = affine_map<(b, s, n, k) -> (b, s, k)>
#weight = affine_map<(b, s, n, k) -> (k, n)>
#dense = affine_map<(b, s, n, k) -> (b, s, n)>
func.func @transposed_activation(%x: tensor<2x64x8xf32>, %w: tensor<64x32xf32>, %init: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %empty = tensor.empty() : tensor<2x8x64xf32>
  %xt = linalg.generic {indexing_maps = [#swap_in, #swap_out], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x64x8xf32>) outs(%empty : tensor<2x8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x8x64xf32>
  %y = linalg.generic {indexing_maps = [#act, #weight, #dense], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xt, %w : tensor<2x8x64xf32>, tensor<64x32xf32>) outs(%init : tensor<2x8x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x32xf32>
  return %y : tensor<2x8x32xf32>
}

// -----

// x * W^T of a dynamic batch: at a batch of 1 the dot products' loops, at
// any other the library's product reading W by its flag; each branch fills
// its own output with zeros, where disc-linalg-matmul-to-ral finds them.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x3072xf32>
// CHECK: scf.if
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x3072xf32>)
// CHECK: scf.forall (%{{.*}}) = (0) to (3072) step (64)
// CHECK: } else {
// CHECK-NEXT: %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x3072xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<?x768xf32>, tensor<3072x768xf32>) outs(%[[ZEROS]] : tensor<?x3072xf32>)
#transpose_in = affine_map<(d0, d1) -> (d1, d0)>
#transpose_out = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_batch(%x: tensor<?x768xf32>, %w: tensor<3072x768xf32>) -> tensor<?x3072xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %empty_t = tensor.empty() : tensor<768x3072xf32>
  %wt = linalg.generic {indexing_maps = [#transpose_in, #transpose_out], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<3072x768xf32>) outs(%empty_t : tensor<768x3072xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<768x3072xf32>
  %batch = tensor.dim %x, %c0 : tensor<?x768xf32>
  %empty = tensor.empty(%batch) : tensor<?x3072xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<?x768xf32>, tensor<768x3072xf32>) outs(%init : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  return %y : tensor<?x3072xf32>
}
