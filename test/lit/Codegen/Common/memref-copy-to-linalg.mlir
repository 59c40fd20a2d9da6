// RUN: disc-opt %s -disc-memref-copy-to-linalg | FileCheck %s
// RUN: disc-opt %s -disc-memref-copy-to-linalg=include-contiguous | FileCheck %s --check-prefix=DEVICE

// A copy out of a strided view would need MLIR's C runner library.
// CHECK-LABEL: func.func @strided
// CHECK: linalg.copy ins(%{{.*}} : memref<4x4xf32, strided<[8, 1]>>) outs(%{{.*}} : memref<4x4xf32>)
// CHECK-NOT: memref.copy
func.func @strided(%src: memref<4x8xf32>, %dst: memref<4x4xf32>) {
  %view = memref.subview %src[0, 0] [4, 4] [1, 1] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  memref.copy %view, %dst : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
  return
}

// DEVICE-LABEL: func.func @strided
// DEVICE: linalg.copy

// Copies between identity layouts become a memcpy later; they stay, unless
// the buffers are on a device.
// DEVICE-LABEL: func.func @contiguous
// DEVICE: linalg.copy ins(%{{.*}} : memref<?x4xf32>) outs(%{{.*}} : memref<?x4xf32>)
// DEVICE-NOT: memref.copy
// CHECK-LABEL: func.func @contiguous
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<?x4xf32> to memref<?x4xf32>
// CHECK-NOT: linalg.copy
func.func @contiguous(%src: memref<?x4xf32>, %dst: memref<?x4xf32>) {
  memref.copy %src, %dst : memref<?x4xf32> to memref<?x4xf32>
  return
}
