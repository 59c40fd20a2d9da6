func.func @strided(%src: memref<4x8xf32>, %dst: memref<4x4xf32>) {
  %view = memref.subview %src[0, 0] [4, 4] [1, 1] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  memref.copy %view, %dst : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
  return
}


func.func @contiguous(%src: memref<?x4xf32>, %dst: memref<?x4xf32>) {
  memref.copy %src, %dst : memref<?x4xf32> to memref<?x4xf32>
  return
}
