// RUN: disc-opt %s -disc-linalg-contiguous-inner-loop | FileCheck %s

// A matmul's k loop moves out; j, contiguous in B and C, becomes innermost.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<8x64xf32>, memref<64x32xf32>) outs(%{{.*}} : memref<8x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: memref<8x64xf32>, %b: memref<64x32xf32>, %c: memref<8x32xf32>) {
  linalg.matmul ins(%a, %b : memref<8x64xf32>, memref<64x32xf32>) outs(%c : memref<8x32xf32>)
  return
}

// A row sum reads its input along the reduction; moving the rows inward
// would make that access strided, so it stays.
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.reduce ins(%{{.*}} : memref<8x64xf32>) outs(%{{.*}} : memref<8xf32>) dimensions = [1]
func.func @row_sum(%a: memref<8x64xf32>, %out: memref<8xf32>) {
  linalg.reduce ins(%a : memref<8x64xf32>) outs(%out : memref<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// On tensors nothing changes: the pass runs on buffers.
// CHECK-LABEL: func.func @on_tensors
// CHECK: linalg.matmul
func.func @on_tensors(%a: tensor<8x64xf32>, %b: tensor<64x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x64xf32>, tensor<64x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
