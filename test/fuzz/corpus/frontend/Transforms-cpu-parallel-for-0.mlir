func.func @scale(%ctx: !disc_ral.context, %in: memref<?x256xf32>,
                 %out: memref<?x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %two = arith.constant 2.0 : f32
  %rows = memref.dim %in, %c0 : memref<?x256xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %c256) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<?x256xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %out[%i, %j] : memref<?x256xf32>
    scf.reduce
  }
  return
}
