// RUN: disc-opt %s -split-input-file '-disc-cpu-tile-contractions=library-products=true' | FileCheck %s

// With the runtime's libraries, an f32 product stays whole for
// disc-linalg-matmul-to-ral; f16 ones, of static and of dynamic shape, sum
// in f32 and are tiled into register tiles.
// CHECK-LABEL: func.func @library_and_compiled
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x48xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: vector.contract {{.*}} into vector<{{.*}}xf32>
// CHECK: arith.truncf {{.*}} : f32 to f16
func.func @library_and_compiled(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>, %c: tensor<64x48xf32>,
                                %d: tensor<?x32xf16>, %e: tensor<32x48xf16>, %f: tensor<?x48xf16>,
                                %g: tensor<64x32xf16>, %h: tensor<64x48xf16>)
    -> (tensor<64x48xf32>, tensor<?x48xf16>, tensor<64x48xf16>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x48xf32>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  %1 = linalg.matmul ins(%d, %e : tensor<?x32xf16>, tensor<32x48xf16>) outs(%f : tensor<?x48xf16>) -> tensor<?x48xf16>
  %2 = linalg.matmul ins(%g, %e : tensor<64x32xf16>, tensor<32x48xf16>) outs(%h : tensor<64x48xf16>) -> tensor<64x48xf16>
  return %0, %1, %2 : tensor<64x48xf32>, tensor<?x48xf16>, tensor<64x48xf16>
}

// -----

// bf16 products into a bf16 or f32 matrix stay whole for oneDNN's matmul;
// an f16 product widened into f32 is tiled into register tiles.
// CHECK-LABEL: func.func @bf16_left_to_onednn
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%{{.*}} : tensor<64x48xbf16>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%{{.*}} : tensor<64x48xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: vector.contract {{.*}} into vector<{{.*}}xf32>
// CHECK: return
func.func @bf16_left_to_onednn(%a: tensor<64x32xbf16>, %b: tensor<32x48xbf16>, %c: tensor<64x48xbf16>,
                               %d: tensor<64x48xf32>, %h: tensor<64x32xf16>, %k: tensor<32x48xf16>)
    -> (tensor<64x48xbf16>, tensor<64x48xf32>, tensor<64x48xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<64x48xbf16>) -> tensor<64x48xbf16>
  %1 = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%d : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = linalg.matmul ins(%h, %k : tensor<64x32xf16>, tensor<32x48xf16>) outs(%d : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0, %1, %2 : tensor<64x48xbf16>, tensor<64x48xf32>, tensor<64x48xf32>
}
