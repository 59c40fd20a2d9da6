module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">, #nvvm.target<chip = "sm_90">] {
    llvm.func @scale(%p: !llvm.ptr, %v: f32) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %address = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %x = llvm.load %address : !llvm.ptr -> f32
      %y = llvm.fmul %x, %v : f32
      llvm.store %y, %address : f32, !llvm.ptr
      llvm.return
    }
  }
}
