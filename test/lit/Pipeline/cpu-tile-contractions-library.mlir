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
