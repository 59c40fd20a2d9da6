module attributes {gpu.container_module} {
  gpu.binary @kernels [
    #gpu.object<#nvvm.target<chip = "sm_80">, assembly = "ptx80">,
    #gpu.object<#nvvm.target<chip = "sm_80">, bin = "ELF">,
    #gpu.object<#nvvm.target<chip = "sm_90">, assembly = "ptx90">
  ]
  func.func @main(%ctx: !disc_ral.context, %x: memref<?xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@scale blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) args(%x : memref<?xf32>, %v : f32)
    return
  }
}
