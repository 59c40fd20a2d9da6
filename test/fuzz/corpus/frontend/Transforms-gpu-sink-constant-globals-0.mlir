memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @used_in_a_kernel(%out: memref<4xf32>, %copy: memref<4xf32>) {
  %weights = memref.get_global @weights : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %w = memref.load %weights[%tx] : memref<4xf32>
    %v = memref.load %weights[%tx] : memref<4xf32>
    %s = arith.addf %w, %v : f32
    memref.store %s, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  memref.copy %weights, %copy : memref<4xf32> to memref<4xf32>
  return
}
