// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-linalg-matmul-to-ral{device=gpu}))' | FileCheck %s

// A row-major f32 product whose output is zero-filled first: one cuBLAS call
// that overwrites the output, and the fill is gone.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context, %[[A:.*]]: memref<64x128xf32>, %[[B:.*]]: memref<128x32xf32>, %[[C:.*]]: memref<64x32xf32>)
// CHECK-NOT: linalg.fill
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[FALSE2:.*]] = arith.constant false
// CHECK: disc_ral.dispatch %[[CTX]], "ral_gemm" device "gpu" may_fail(%[[A]], %[[B]], %[[C]], %[[FALSE]], %[[FALSE2]]) : (memref<64x128xf32>, memref<128x32xf32>, memref<64x32xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.
// CHECK: return
func.func @matmul(%ctx: !disc_ral.context, %a: memref<64x128xf32>,
                  %b: memref<128x32xf32>, %c: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.matmul ins(%a, %b : memref<64x128xf32>, memref<128x32xf32>)
                outs(%c : memref<64x32xf32>)
  return
}

// -----

// A batch of f16 products with dynamic sizes; the constants between the fill
// and the product touch no memory.
// CHECK-LABEL: func.func @batch_matmul_f16
// CHECK-NOT: linalg.fill
// CHECK: arith.constant 1 : index
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false{{.*}}) : (memref<?x?x16xf16>, memref<?x16x?xf16>, memref<?x?x?xf16>, i1, i1) -> ()
// CHECK-NOT: linalg.batch_matmul
func.func @batch_matmul_f16(%ctx: !disc_ral.context, %a: memref<?x?x16xf16>,
                            %b: memref<?x16x?xf16>, %c: memref<?x?x?xf16>)
    -> index {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%c : memref<?x?x?xf16>)
  %one = arith.constant 1 : index
  linalg.batch_matmul ins(%a, %b : memref<?x?x16xf16>, memref<?x16x?xf16>)
                      outs(%c : memref<?x?x?xf16>)
  return %one : index
}

// -----

// bf16 throughout, and the mixed-precision products JAX emits with
// preferred_element_type=f32: f16 or bf16 operands the body widens with
// arith.extf (named ops build that body from their types) into an f32
// output.
#lhsB = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhsB = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#outB = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @bf16_and_mixed
// CHECK-NOT: linalg.fill
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<4x8x16xbf16>, memref<4x16x8xbf16>, memref<4x8x8xbf16>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<8x16xf16>, memref<16x4xf16>, memref<8x4xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<8x16xbf16>, memref<16x4xbf16>, memref<8x4xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<4x8x16xbf16>, memref<4x16x8xbf16>, memref<4x8x8xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.
// CHECK: return
func.func @bf16_and_mixed(%ctx: !disc_ral.context, %a: memref<4x8x16xbf16>,
                          %b: memref<4x16x8xbf16>, %c: memref<4x8x8xbf16>,
                          %h: memref<8x16xf16>, %k: memref<16x4xf16>,
                          %x: memref<8x16xbf16>, %y: memref<16x4xbf16>,
                          %o: memref<8x4xf32>, %p: memref<8x4xf32>,
                          %q: memref<4x8x8xf32>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<4x8x8xbf16>)
  linalg.batch_matmul ins(%a, %b : memref<4x8x16xbf16>, memref<4x16x8xbf16>)
                      outs(%c : memref<4x8x8xbf16>)
  %zero32 = arith.constant 0.0 : f32
  linalg.fill ins(%zero32 : f32) outs(%o : memref<8x4xf32>)
  linalg.matmul ins(%h, %k : memref<8x16xf16>, memref<16x4xf16>)
                outs(%o : memref<8x4xf32>)
  linalg.fill ins(%zero32 : f32) outs(%p : memref<8x4xf32>)
  linalg.matmul ins(%x, %y : memref<8x16xbf16>, memref<16x4xbf16>)
                outs(%p : memref<8x4xf32>)
  linalg.fill ins(%zero32 : f32) outs(%q : memref<4x8x8xf32>)
  linalg.generic {indexing_maps = [#lhsB, #rhsB, #outB],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8x16xbf16>, memref<4x16x8xbf16>)
      outs(%q : memref<4x8x8xf32>) {
  ^bb0(%l: bf16, %r: bf16, %acc: f32):
    %lw = arith.extf %l : bf16 to f32
    %rw = arith.extf %r : bf16 to f32
    %m = arith.mulf %rw, %lw : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left for the kernel passes: type pairings cuBLAS is not called with
// (f16 operands into f64, f16 times bf16, f32 operands into f16) and a
// mixed body that widens only the product.
#lhsM = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhsM = affine_map<(d0, d1, d2) -> (d2, d1)>
#outM = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @kept_mixed
// CHECK-NOT: ral_gemm
// CHECK-COUNT-3: linalg.matmul
// CHECK: linalg.generic
// CHECK-NOT: ral_gemm
func.func @kept_mixed(%ctx: !disc_ral.context, %h: memref<8x16xf16>,
                      %k: memref<16x4xf16>, %y: memref<16x4xbf16>,
                      %a: memref<8x16xf32>, %b: memref<16x4xf32>,
                      %o64: memref<8x4xf64>, %o: memref<8x4xf32>,
                      %o16: memref<8x4xf16>) {
  %zero64 = arith.constant 0.0 : f64
  linalg.fill ins(%zero64 : f64) outs(%o64 : memref<8x4xf64>)
  linalg.matmul ins(%h, %k : memref<8x16xf16>, memref<16x4xf16>)
                outs(%o64 : memref<8x4xf64>)
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<8x4xf32>)
  linalg.matmul ins(%h, %y : memref<8x16xf16>, memref<16x4xbf16>)
                outs(%o : memref<8x4xf32>)
  %zero16 = arith.constant 0.0 : f16
  linalg.fill ins(%zero16 : f16) outs(%o16 : memref<8x4xf16>)
  linalg.matmul ins(%a, %b : memref<8x16xf32>, memref<16x4xf32>)
                outs(%o16 : memref<8x4xf16>)
  linalg.fill ins(%zero : f32) outs(%o : memref<8x4xf32>)
  linalg.generic {indexing_maps = [#lhsM, #rhsM, #outM],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %k : memref<8x16xf16>, memref<16x4xf16>)
      outs(%o : memref<8x4xf32>) {
  ^bb0(%l: f16, %r: f16, %acc: f32):
    %m = arith.mulf %l, %r : f16
    %mw = arith.extf %m : f16 to f32
    %s = arith.addf %acc, %mw : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Products with several leading batch dims, as dot_general with
// batching_dims = [0, 1] lowers (attention's q * k^T, and its scores times
// v), are one batched call on each operand with its batch dims collapsed:
// dynamic sizes of a row-major buffer, and a strided view whose batch
// strides are contiguous, collapse too; and rank 5, mixed bf16 -> f32.
#q = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#kT = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#v = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
#scores = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#lhs5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>
#rhs5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5, d4)>
#out5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @collapsed_batch
// CHECK-SAME: (%[[CTX:[a-z0-9_]+]]: !disc_ral.context, %[[Q:[a-z0-9_]+]]: memref<2x4x8x16xf32>, %[[K:[a-z0-9_]+]]: memref<2x4x8x16xf32>, %[[S:[a-z0-9_]+]]: memref<2x4x8x8xf32>,
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[QC:.*]] = memref.collapse_shape %[[Q]] {{\[}}[0, 1], [2], [3]] : memref<2x4x8x16xf32> into memref<8x8x16xf32>
// CHECK-DAG: %[[KC:.*]] = memref.collapse_shape %[[K]] {{\[}}[0, 1], [2], [3]] : memref<2x4x8x16xf32> into memref<8x8x16xf32>
// CHECK-DAG: %[[SC:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1], [2], [3]] : memref<2x4x8x8xf32> into memref<8x8x8xf32>
// CHECK: disc_ral.dispatch %[[CTX]], "ral_gemm" device "gpu" may_fail(%[[QC]], %[[KC]], %[[SC]], %false{{.*}}, %true{{.*}}) : (memref<8x8x16xf32>, memref<8x8x16xf32>, memref<8x8x8xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf16>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<8x8x16xf32, strided<[256, 16, 1], offset: ?>>, memref<8x16x8xf32>, memref<8x8x8xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false{{.*}}, %false{{.*}}) : (memref<24x8x16xbf16>, memref<24x16x8xbf16>, memref<24x8x8xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.
// CHECK: return
func.func @collapsed_batch(%ctx: !disc_ral.context, %q: memref<2x4x8x16xf32>,
                           %k: memref<2x4x8x16xf32>, %s: memref<2x4x8x8xf32>,
                           %dq: memref<?x?x?x?xf16>, %dv: memref<?x?x?x?xf16>,
                           %ds: memref<?x?x?x?xf16>,
                           %view: memref<2x4x8x16xf32, strided<[1024, 256, 16, 1], offset: ?>>,
                           %w: memref<2x4x16x8xf32>, %t: memref<2x4x8x8xf32>,
                           %a5: memref<2x3x4x8x16xbf16>,
                           %b5: memref<2x3x4x16x8xbf16>,
                           %c5: memref<2x3x4x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<2x4x8x8xf32>)
  linalg.generic {indexing_maps = [#q, #kT, #scores],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<2x4x8x16xf32>, memref<2x4x8x16xf32>)
      outs(%s : memref<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  }
  %zero16 = arith.constant 0.0 : f16
  linalg.fill ins(%zero16 : f16) outs(%ds : memref<?x?x?x?xf16>)
  linalg.generic {indexing_maps = [#q, #v, #scores],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%dq, %dv : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>)
      outs(%ds : memref<?x?x?x?xf16>) {
  ^bb0(%l: f16, %r: f16, %acc: f16):
    %m = arith.mulf %l, %r : f16
    %sum = arith.addf %acc, %m : f16
    linalg.yield %sum : f16
  }
  linalg.fill ins(%zero : f32) outs(%t : memref<2x4x8x8xf32>)
  linalg.generic {indexing_maps = [#q, #v, #scores],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%view, %w : memref<2x4x8x16xf32, strided<[1024, 256, 16, 1], offset: ?>>, memref<2x4x16x8xf32>)
      outs(%t : memref<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  }
  linalg.fill ins(%zero : f32) outs(%c5 : memref<2x3x4x8x8xf32>)
  linalg.generic {indexing_maps = [#lhs5, #rhs5, #out5],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%a5, %b5 : memref<2x3x4x8x16xbf16>, memref<2x3x4x16x8xbf16>)
      outs(%c5 : memref<2x3x4x8x8xf32>) {
  ^bb0(%l: bf16, %r: bf16, %acc: f32):
    %lw = arith.extf %l : bf16 to f32
    %rw = arith.extf %r : bf16 to f32
    %m = arith.mulf %lw, %rw : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  }
  return
}

// -----

// Two batch dims whose strides do not collapse into one (a batch stride
// that skips memory, a dynamic one, batch dims in another order in rhs than
// in the output, brought first by a transpose) are a loop over the first:
// each step one batched cuBLAS call on rank-3 subviews, which have one batch
// stride each.
#q = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#v = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
#vSwapped = affine_map<(d0, d1, d2, d3, d4) -> (d1, d0, d4, d3)>
#scores = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @batch_loops
// CHECK-NOT: linalg.fill
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[Q:.*]] = memref.subview %{{.*}}[%[[B]], 0, 0, 0] [1, 4, 8, 16] [1, 1, 1, 1] : memref<2x4x8x16xf32, strided<[1024, 128, 16, 1]>> to memref<4x8x16xf32, strided<[128, 16, 1], offset: ?>>
// CHECK: %[[V:.*]] = memref.subview %{{.*}}[%[[B]], 0, 0, 0] [1, 4, 16, 8]
// CHECK: %[[S:.*]] = memref.subview %{{.*}}[%[[B]], 0, 0, 0] [1, 4, 8, 8]
// CHECK: "ral_gemm" device "gpu" may_fail(%[[Q]], %[[V]], %[[S]], %{{.*}}, %{{.*}}) : (memref<4x8x16xf32, strided<[128, 16, 1], offset: ?>>, memref<4x16x8xf32, strided<[128, 8, 1], offset: ?>>, memref<4x8x8xf32, strided<[64, 8, 1], offset: ?>>, i1, i1)
// CHECK: scf.for
// CHECK: "ral_gemm" device "gpu" {{.*}} : (memref<4x8x16xf32, strided<[?, 16, 1], offset: ?>>,
// CHECK: memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d1, d0, d2, d3) : memref<4x2x16x8xf32> to memref<2x4x16x8xf32, strided<[128, 256, 8, 1]>>
// CHECK: scf.for
// CHECK: "ral_gemm" device "gpu" {{.*}} memref<4x16x8xf32, strided<[256, 8, 1], offset: ?>>
// CHECK-NOT: linalg.generic
func.func @batch_loops(%ctx: !disc_ral.context,
                      %gapped: memref<2x4x8x16xf32, strided<[1024, 128, 16, 1]>>,
                      %dynamic: memref<2x4x8x16xf32, strided<[?, ?, 16, 1]>>,
                      %v: memref<2x4x16x8xf32>, %vT: memref<4x2x16x8xf32>,
                      %q: memref<2x4x8x16xf32>, %s: memref<2x4x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<2x4x8x8xf32>)
  linalg.generic {indexing_maps = [#q, #v, #scores],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%gapped, %v : memref<2x4x8x16xf32, strided<[1024, 128, 16, 1]>>, memref<2x4x16x8xf32>)
      outs(%s : memref<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<2x4x8x8xf32>)
  linalg.generic {indexing_maps = [#q, #v, #scores],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%dynamic, %v : memref<2x4x8x16xf32, strided<[?, ?, 16, 1]>>, memref<2x4x16x8xf32>)
      outs(%s : memref<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<2x4x8x8xf32>)
  linalg.generic {indexing_maps = [#q, #vSwapped, #scores],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %vT : memref<2x4x8x16xf32>, memref<4x2x16x8xf32>)
      outs(%s : memref<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  }
  return
}

// -----

// A generic product that contracts rhs along its rows (x * w^T, as
// dot_general with contracting_dims = [1] x [1] lowers), and a named matmul
// whose indexing maps transpose lhs.
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhsT = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed
// CHECK-NOT: linalg.fill
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %true) : (memref<64x128xf32>, memref<32x128xf32>, memref<64x32xf32>, i1, i1) -> ()
// CHECK: disc_ral.dispatch %{{.*}}, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %true{{.*}}, %false{{.*}}) : (memref<128x64xf32>, memref<128x32xf32>, memref<64x32xf32>, i1, i1) -> ()
// CHECK-NOT: linalg.
func.func @transposed(%ctx: !disc_ral.context, %x: memref<64x128xf32>,
                      %w: memref<32x128xf32>, %xT: memref<128x64xf32>,
                      %v: memref<128x32xf32>, %c: memref<64x32xf32>,
                      %d: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.generic {indexing_maps = [#lhs, #rhsT, #out],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<64x128xf32>, memref<32x128xf32>)
      outs(%c : memref<64x32xf32>) {
  ^bb0(%in: f32, %in_w: f32, %acc: f32):
    %m = arith.mulf %in, %in_w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%d : memref<64x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>,
                                 affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
                ins(%xT, %v : memref<128x64xf32>, memref<128x32xf32>)
                outs(%d : memref<64x32xf32>)
  return
}

// -----

// Left for the kernel passes: a product that accumulates into its output, one
// after a fill of another value, one whose output another op writes after
// the fill, one on f64, one on integers, one whose rhs is read down its
// columns, and one in a function without the runtime context.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: ral_gemm
// CHECK-COUNT-5: linalg.matmul
// CHECK: linalg.matmul
// CHECK-SAME: strided<[1, 128]>
// CHECK-NOT: ral_gemm
// CHECK-LABEL: func.func @no_context
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK-NOT: ral_gemm
func.func @kept(%ctx: !disc_ral.context, %a: memref<4x8xf32>,
                %b: memref<8x2xf32>, %c: memref<4x2xf32>,
                %a64: memref<4x8xf64>, %b64: memref<8x2xf64>,
                %c64: memref<4x2xf64>, %ai: memref<4x8xi32>,
                %bi: memref<8x2xi32>, %ci: memref<4x2xi32>,
                %bs: memref<8x2xf32, strided<[1, 128]>>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>)
                outs(%c : memref<4x2xf32>)
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%c : memref<4x2xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>)
                outs(%c : memref<4x2xf32>)
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<4x2xf32>)
  %i = arith.constant 0 : index
  memref.store %one, %c[%i, %i] : memref<4x2xf32>
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>)
                outs(%c : memref<4x2xf32>)
  %zero64 = arith.constant 0.0 : f64
  linalg.fill ins(%zero64 : f64) outs(%c64 : memref<4x2xf64>)
  linalg.matmul ins(%a64, %b64 : memref<4x8xf64>, memref<8x2xf64>)
                outs(%c64 : memref<4x2xf64>)
  %zeroi = arith.constant 0 : i32
  linalg.fill ins(%zeroi : i32) outs(%ci : memref<4x2xi32>)
  linalg.matmul ins(%ai, %bi : memref<4x8xi32>, memref<8x2xi32>)
                outs(%ci : memref<4x2xi32>)
  linalg.fill ins(%zero : f32) outs(%c : memref<4x2xf32>)
  linalg.matmul ins(%a, %bs : memref<4x8xf32>, memref<8x2xf32, strided<[1, 128]>>)
                outs(%c : memref<4x2xf32>)
  return
}
func.func @no_context(%a: memref<4x8xf32>, %b: memref<8x2xf32>,
                      %c: memref<4x2xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<4x2xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>)
                outs(%c : memref<4x2xf32>)
  return
}

// -----

// A batch dim in the middle (dot_general batching_dims = [1] x [1]) is read
// through a transposed view; einsum's two batch dims that do not collapse
// (bqhd,bkhd->bhqk) are a loop over b of calls batched over h.
#lhsM = affine_map<(b, i, j, k) -> (i, b, k)>
#rhsM = affine_map<(b, i, j, k) -> (k, b, j)>
#outM = affine_map<(b, i, j, k) -> (b, i, j)>
#q = affine_map<(b, h, i, j, d) -> (b, i, h, d)>
#k = affine_map<(b, h, i, j, d) -> (b, j, h, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
// CHECK-LABEL: func.func @batch_not_leading
// CHECK: memref.transpose %{{.*}} (d0, d1, d2) -> (d1, d0, d2) : memref<4x2x3xf32> to memref<2x4x3xf32, strided<[3, 6, 1]>>
// CHECK: memref.transpose %{{.*}} (d0, d1, d2) -> (d1, d0, d2) : memref<3x2x5xf32> to memref<2x3x5xf32, strided<[5, 10, 1]>>
// CHECK: "ral_gemm" device "gpu"
// CHECK: memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x4x3x8xf32> to memref<2x3x4x8xf32, strided<[96, 8, 24, 1]>>
// CHECK: scf.for
// CHECK: "ral_gemm" device "gpu" {{.*}} : (memref<3x4x8xf32, strided<[8, 24, 1], offset: ?>>, memref<3x5x8xf32, strided<[8, 24, 1], offset: ?>>, memref<3x4x5xf32, strided<[20, 5, 1], offset: ?>>, i1, i1)
// CHECK-NOT: linalg.generic
func.func @batch_not_leading(%ctx: !disc_ral.context, %a: memref<4x2x3xf32>,
                             %b: memref<3x2x5xf32>, %c: memref<2x4x5xf32>,
                             %query: memref<2x4x3x8xf32>,
                             %key: memref<2x5x3x8xf32>,
                             %scores: memref<2x3x4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x4x5xf32>)
  linalg.generic {indexing_maps = [#lhsM, #rhsM, #outM],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x2x3xf32>, memref<3x2x5xf32>)
      outs(%c : memref<2x4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  }
  linalg.fill ins(%zero : f32) outs(%scores : memref<2x3x4x5xf32>)
  linalg.generic {indexing_maps = [#q, #k, #s],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%query, %key : memref<2x4x3x8xf32>, memref<2x5x3x8xf32>)
      outs(%scores : memref<2x3x4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  }
  return
}

// -----

// The shared zeros of a loop's body, as bufferization leaves them: the
// buffers are allocated before the loop and their pointers taken for release
// after it, which runs after every product.
// CHECK-LABEL: func.func @shared_zeros_in_loop
// CHECK: scf.for
// CHECK: linalg.fill
// CHECK-NOT: memref.copy
// CHECK: "ral_gemm" device "gpu"
// CHECK-NOT: linalg.matmul
// CHECK: "ral_gemm" device "gpu"
// CHECK-NOT: linalg.matmul
// CHECK: memref.extract_aligned_pointer_as_index
func.func @shared_zeros_in_loop(%ctx: !disc_ral.context, %x: memref<4x8xf32>,
                                %w: memref<8x8xf32>, %n: index)
    -> (index, index) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zeros = memref.alloc() : memref<4x8xf32>
  %first = memref.alloc() : memref<4x8xf32>
  scf.for %i = %c0 to %n step %c1 {
    linalg.fill ins(%zero : f32) outs(%zeros : memref<4x8xf32>)
    memref.copy %zeros, %first : memref<4x8xf32> to memref<4x8xf32>
    linalg.matmul ins(%x, %w : memref<4x8xf32>, memref<8x8xf32>)
                  outs(%first : memref<4x8xf32>)
    linalg.matmul ins(%first, %w : memref<4x8xf32>, memref<8x8xf32>)
                  outs(%zeros : memref<4x8xf32>)
  }
  %zerosPointer = memref.extract_aligned_pointer_as_index %zeros : memref<4x8xf32> -> index
  %firstPointer = memref.extract_aligned_pointer_as_index %first : memref<4x8xf32> -> index
  return %zerosPointer, %firstPointer : index, index
}

// -----

// A use of the zeros before the loop may write them: the products stay.
// CHECK-LABEL: func.func @zeros_used_before_loop
// CHECK-NOT: "ral_gemm"
// CHECK: return
func.func @zeros_used_before_loop(%ctx: !disc_ral.context, %x: memref<4x8xf32>,
                                  %w: memref<8x8xf32>, %v: memref<4x8xf32>,
                                  %n: index) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zeros = memref.alloc() : memref<4x8xf32>
  %first = memref.alloc() : memref<4x8xf32>
  memref.copy %v, %zeros : memref<4x8xf32> to memref<4x8xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %zeros, %first : memref<4x8xf32> to memref<4x8xf32>
    linalg.matmul ins(%x, %w : memref<4x8xf32>, memref<8x8xf32>)
                  outs(%first : memref<4x8xf32>)
  }
  return
}

// -----

// Matrix-vector products are products of one column or one row: the vector
// and the output are expanded to rank 2, so that cuBLAS sums f16 in f32 and
// rounds once. A matrix read transposed sets its flag.
// CHECK-LABEL: func.func @matrix_vector
// CHECK-NOT: linalg.fill
// CHECK: %[[V:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [300, 1] : memref<300xf16> into memref<300x1xf16>
// CHECK: %[[O:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [45, 1] : memref<45xf16> into memref<45x1xf16>
// CHECK: "ral_gemm" device "gpu" may_fail(%{{.*}}, %[[V]], %[[O]], %false, %false{{.*}}) : (memref<45x300xf16>, memref<300x1xf16>, memref<45x1xf16>, i1, i1)
// CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, %{{.*}}] : memref<?xbf16> into memref<1x?xbf16>
// CHECK: "ral_gemm" device "gpu" may_fail({{.*}}) : (memref<1x?xbf16>, memref<?x70xbf16>, memref<1x70xf32>, i1, i1)
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %[[TRUE]], %false{{.*}}) : (memref<300x45xf32>, memref<300x1xf32>, memref<45x1xf32>, i1, i1)
// CHECK-NOT: linalg.
// CHECK: return
func.func @matrix_vector(%ctx: !disc_ral.context, %a: memref<45x300xf16>,
                         %v: memref<300xf16>, %out: memref<45xf16>,
                         %w: memref<?xbf16>, %b: memref<?x70xbf16>,
                         %row: memref<70xf32>, %at: memref<300x45xf32>,
                         %x: memref<300xf32>, %y: memref<45xf32>) {
  %zero16 = arith.constant 0.0 : f16
  linalg.fill ins(%zero16 : f16) outs(%out : memref<45xf16>)
  linalg.matvec ins(%a, %v : memref<45x300xf16>, memref<300xf16>)
                outs(%out : memref<45xf16>)
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%row : memref<70xf32>)
  linalg.vecmat ins(%w, %b : memref<?xbf16>, memref<?x70xbf16>)
                outs(%row : memref<70xf32>)
  linalg.fill ins(%zero : f32) outs(%y : memref<45xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (k, i)>,
                                   affine_map<(i, k) -> (k)>,
                                   affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%at, %x : memref<300x45xf32>, memref<300xf32>)
      outs(%y : memref<45xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A vector with a stride is not a column cuBLAS reads: the product stays.
// CHECK-LABEL: func.func @strided_vector_kept
// CHECK: linalg.matvec
// CHECK-NOT: ral_gemm
func.func @strided_vector_kept(%ctx: !disc_ral.context, %a: memref<45x300xf32>,
                               %v: memref<300xf32, strided<[2]>>,
                               %out: memref<45xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<45xf32>)
  linalg.matvec ins(%a, %v : memref<45x300xf32>, memref<300xf32, strided<[2]>>)
                outs(%out : memref<45xf32>)
  return
}
