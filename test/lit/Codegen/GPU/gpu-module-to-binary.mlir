// Without a toolkit each architecture gets PTX from the NVPTX backend.
// RUN: disc-opt %s -disc-gpu-module-to-binary | FileCheck %s
// With ptxas each architecture also gets a cubin (an ELF file).
// RUN: %if ptxas %{ disc-opt %s -disc-gpu-module-to-binary=toolkit=%cuda_toolkit | FileCheck %s --check-prefix=CUBIN %}

// CHECK: gpu.binary @kernels [
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_80">, properties = {{[^"]*}}, assembly = "{{[^"]*}}.target sm_80{{[^"]*}}.visible .entry scale({{[^"]*}}">,
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_90">, properties = {{[^"]*}}, assembly = "{{[^"]*}}.target sm_90{{[^"]*}}.visible .entry scale({{[^"]*}}">]
// CHECK-NOT: gpu.module

// CUBIN: gpu.binary @kernels [
// CUBIN-SAME: #nvvm.target<chip = "sm_80">, properties = {{[^"]*}}, assembly = "{{[^"]*}}.target sm_80
// CUBIN-SAME: #nvvm.target<chip = "sm_80">, properties = {{[^"]*}}, bin = "\7FELF
// CUBIN-SAME: #nvvm.target<chip = "sm_90">, properties = {{[^"]*}}, assembly = "{{[^"]*}}.target sm_90
// CUBIN-SAME: #nvvm.target<chip = "sm_90">, properties = {{[^"]*}}, bin = "\7FELF

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
