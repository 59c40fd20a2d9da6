func.func @stays(%ctx: !disc_ral.context, %small: memref<64xf32>,
                 %big: memref<1048576xf32>,
                 %view: memref<1024x1024xf32, strided<[2048, 1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %cbig = arith.constant 1048576 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %one, %small[%i] : memref<64xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%cbig) step (%c1) {
    %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail(%c1) : (index) -> !llvm.ptr
    memref.store %one, %big[%i] : memref<1048576xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1024, %c1024) step (%c1, %c1) {
    memref.store %one, %view[%i, %j] : memref<1024x1024xf32, strided<[2048, 1]>>
    scf.reduce
  }
  return
}

func.func @no_context(%big: memref<1048576xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cbig = arith.constant 1048576 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%cbig) step (%c1) {
    memref.store %one, %big[%i] : memref<1048576xf32>
    scf.reduce
  }
  return
}
