memref.global "private" constant @ten : memref<1xi32> = dense<10>

func.func @shape_buffers(%ctx: !disc_ral.context, %n: i32) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %zero = arith.constant 0.0 : f32
  %ten = memref.get_global @ten : memref<1xi32>
  %p0 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c4) : (i64) -> !llvm.ptr
  %first = disc_ral.memref_from_ptr %p0 : memref<1xi32>
  memref.store %n, %first[%c0] : memref<1xi32>
  %p1 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c8) : (i64) -> !llvm.ptr
  %shape = disc_ral.memref_from_ptr %p1 : memref<2xi32>
  %low = memref.subview %shape[0] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1]>>
  memref.copy %first, %low : memref<1xi32> to memref<1xi32, strided<[1]>>
  %high = memref.subview %shape[1] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
  memref.copy %ten, %high : memref<1xi32> to memref<1xi32, strided<[1], offset: 1>>
  %rows = memref.load %shape[%c0] : memref<2xi32>
  %size = arith.index_cast %rows : i32 to index
  %bytes = arith.index_cast %size : index to i64
  %p2 = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p2[%size] : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<?xf32>)
  return %size : index
}
