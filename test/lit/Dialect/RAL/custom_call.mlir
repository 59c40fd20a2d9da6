// RUN: disc-opt %s | disc-opt | FileCheck %s
// RUN: disc-opt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @forms
func.func @forms(%x: tensor<4x8xf32>, %s: tensor<8xf32>, %xm: memref<4x8xf32>, %om: memref<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: disc_ral.custom_call "scaled_softplus"(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %0 = disc_ral.custom_call "scaled_softplus"(%x, %s : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // CHECK: disc_ral.custom_call "row_normalize"(%{{.*}} : memref<4x8xf32>) outs(%{{.*}} : memref<4x8xf32>)
  disc_ral.custom_call "row_normalize"(%xm : memref<4x8xf32>) outs(%om : memref<4x8xf32>)
  // CHECK: disc_ral.custom_call "make"() -> tensor<2xi64>
  %1 = disc_ral.custom_call "make"() -> tensor<2xi64>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @dynamic_result
func.func @dynamic_result(%x: tensor<?x8xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  // CHECK: disc_ral.custom_call "grow"(%{{.*}} : tensor<?x8xf32>) sizes(%{{.*}}, %{{.*}}) -> tensor<?x?xf32>
  %0 = disc_ral.custom_call "grow"(%x : tensor<?x8xf32>) sizes(%n, %m) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Without sizes, the kernel returns its dynamic results; on buffers too.
// CHECK-LABEL: func.func @returned_result
func.func @returned_result(%x: tensor<?xf32>, %xm: memref<?xf32>) -> tensor<?xf32> {
  // CHECK: disc_ral.custom_call "positive"(%{{.*}} : tensor<?xf32>) -> tensor<?xf32>
  %0 = disc_ral.custom_call "positive"(%x : tensor<?xf32>) -> tensor<?xf32>
  // CHECK: disc_ral.custom_call "positive"(%{{.*}} : memref<?xf32>) -> memref<?xf32>
  %1 = disc_ral.custom_call "positive"(%xm : memref<?xf32>) -> memref<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Bufferization reads the inputs in place and allocates a new buffer per
// result; a strided view is copied to a dense buffer first.
// BUF-LABEL: func.func @bufferize
// BUF-SAME: (%[[X:.*]]: memref<4x8xf32>, %[[S:.*]]: memref<8xf32>)
func.func @bufferize(%x: tensor<4x8xf32>, %s: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  // BUF: %[[SP:.*]] = memref.alloc() {{.*}}: memref<4x8xf32>
  // BUF: disc_ral.custom_call "scaled_softplus"(%[[X]], %[[S]] : memref<4x8xf32>, memref<8xf32>) outs(%[[SP]] : memref<4x8xf32>)
  %0 = disc_ral.custom_call "scaled_softplus"(%x, %s : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // BUF: %[[COL:.*]] = memref.subview %[[SP]][0, 1] [4, 1] [1, 1]
  // BUF: %[[DENSE:.*]] = memref.alloc() {{.*}}: memref<4xf32>
  // BUF: memref.copy %[[COL]], %[[DENSE]]
  // BUF: %[[SUM:.*]] = memref.alloc() {{.*}}: memref<4xf32>
  // BUF: disc_ral.custom_call "negate"(%[[DENSE]] : memref<4xf32>) outs(%[[SUM]] : memref<4xf32>)
  %col = tensor.extract_slice %0[0, 1] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
  %1 = disc_ral.custom_call "negate"(%col : tensor<4xf32>) -> tensor<4xf32>
  // BUF: return %[[SP]], %[[SUM]]
  return %0, %1 : tensor<4x8xf32>, tensor<4xf32>
}

// -----

// A dynamic result is allocated with the sizes the op carries.
// BUF-LABEL: func.func @bufferize_dynamic
// BUF-SAME: (%[[X:.*]]: memref<?x8xf32>, %[[N:.*]]: index)
func.func @bufferize_dynamic(%x: tensor<?x8xf32>, %n: index) -> tensor<?x4xf32> {
  // BUF: %[[OUT:.*]] = memref.alloc(%[[N]]) {{.*}}: memref<?x4xf32>
  // BUF: disc_ral.custom_call "halve"(%[[X]] : memref<?x8xf32>) outs(%[[OUT]] : memref<?x4xf32>)
  %0 = disc_ral.custom_call "halve"(%x : tensor<?x8xf32>) sizes(%n) -> tensor<?x4xf32>
  // BUF: return %[[OUT]]
  return %0 : tensor<?x4xf32>
}

// -----

// A kernel that returns its results gets no buffers: the call on buffers
// returns a memref per result, each the kernel's new temporary.
// BUF-LABEL: func.func @bufferize_returned
// BUF-SAME: (%[[X:.*]]: memref<?xf32>)
func.func @bufferize_returned(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<2x?xi64>) {
  // BUF-NOT: memref.alloc
  // BUF: %[[R:.*]]:2 = disc_ral.custom_call "positive"(%[[X]] : memref<?xf32>) -> memref<?xf32>, memref<2x?xi64>
  %0:2 = disc_ral.custom_call "positive"(%x : tensor<?xf32>) -> tensor<?xf32>, tensor<2x?xi64>
  // BUF: return %[[R]]#0, %[[R]]#1
  return %0#0, %0#1 : tensor<?xf32>, tensor<2x?xi64>
}
