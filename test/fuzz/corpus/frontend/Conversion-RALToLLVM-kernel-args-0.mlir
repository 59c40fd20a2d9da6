func.func @main(%ctx: !disc_ral.context) attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %n = arith.constant 8 : index
  %bytes = arith.constant 32 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %m = disc_ral.memref_from_ptr %p : memref<4x2xf32>
  %params = disc_ral.kernel_args(%n, %m : index, memref<4x2xf32>)
  disc_ral.dispatch %ctx, "use_params" device "gpu" (%params) : (!llvm.ptr) -> ()
  return
}
