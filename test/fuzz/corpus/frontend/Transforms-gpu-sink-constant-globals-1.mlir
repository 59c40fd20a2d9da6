memref.global "private" @state : memref<4xf32> = dense<0.0>

func.func @mutable_global(%out: memref<4xf32>) {
  %state = memref.get_global @state : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %w = memref.load %state[%tx] : memref<4xf32>
    memref.store %w, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
