// A sort of a dynamic size on the cuda target: its loops run on the host,
// which cannot hold buffers of dynamic shape; a located one-line error.
// RUN: not disc-compile %s --target=cuda -o %t.so 2>&1 | FileCheck %s

// CHECK: cuda-sort-dynamic.mlir:[[@LINE+3]]:8: error: 'memref.store' op writes on the host into a buffer of dynamic shape, which the cuda target keeps on the GPU
// CHECK-NOT: error:
func.func public @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
