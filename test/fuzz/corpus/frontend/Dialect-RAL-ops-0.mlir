func.func @io(%ctx: !disc_ral.context) {
  %x = disc_ral.recv_input %ctx, 0 : memref<?x64xf32>
  disc_ral.send_output %ctx, 1, %x : memref<?x64xf32>
  return
}

func.func @dispatch(%ctx: !disc_ral.context, %n: index) -> memref<?x4xui8> {
  %bytes = arith.constant 256 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail (%bytes) : (i64) -> !llvm.ptr
  disc_ral.dispatch %ctx, "ral_dealloc" device "cpu" (%p) : (!llvm.ptr) -> ()
  %m = disc_ral.memref_from_ptr %p[%n] : memref<?x4xui8>
  %s = disc_ral.memref_from_ptr %p : memref<f16>
  return %m : memref<?x4xui8>
}
