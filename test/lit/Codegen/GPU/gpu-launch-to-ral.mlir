// RUN: disc-opt %s -split-input-file -verify-diagnostics -disc-gpu-launch-to-ral | FileCheck %s

// The binary becomes a blob in .disc_gpu: the magic, 3 images, then per
// image its kind (1 PTX, 2 cubin), SM version, offset and size. The PTX
// "ptx80" is stored with its NUL (6 bytes) at offset 16 + 3 * 24 = 88; each
// image starts 8-byte aligned, so the cubin "ELF" follows at 96 and the
// second PTX at 104.
// The module is no longer a GPU container.
// CHECK: module {
// CHECK: llvm.mlir.global private constant @__disc_kernel_name("scale\00")
// CHECK-LABEL: llvm.mlir.global private constant @__disc_gpu_blob.kernels(
// CHECK-SAME: "DISCGPU1\03\00\00\00\00\00\00\00
// CHECK-SAME: \01\00\00\00P\00\00\00X\00\00\00\00\00\00\00\06\00\00\00\00\00\00\00
// CHECK-SAME: \02\00\00\00P\00\00\00`\00\00\00\00\00\00\00\03\00\00\00\00\00\00\00
// CHECK-SAME: \01\00\00\00Z\00\00\00h\00\00\00\00\00\00\00\06\00\00\00\00\00\00\00
// CHECK-SAME: ptx80\00\00\00ELF\00\00\00\00\00ptx90\00\00\00")
// CHECK-SAME: {addr_space = 0 : i32, alignment = 8 : i64, section = ".disc_gpu"}
// CHECK-NOT: gpu.binary

// CHECK-LABEL: func.func @main(%arg0: !disc_ral.context, %arg1: memref<?xf32>, %arg2: f32)
// CHECK: %[[SMEM:.*]] = arith.constant 0 : i32
// CHECK: %[[PARAMS:.*]] = disc_ral.kernel_args(%arg1, %arg2 : memref<?xf32>, f32)
// 3 + 2 * 1 slots for the memref, 1 for the scalar.
// CHECK: %[[NUM:.*]] = arith.constant 6 : i64
// CHECK: %[[BLOB:.*]] = llvm.mlir.addressof @__disc_gpu_blob.kernels : !llvm.ptr
// CHECK: %[[NAME:.*]] = llvm.mlir.addressof @__disc_kernel_name : !llvm.ptr
// CHECK: %[[GX:.*]] = arith.index_cast %c4 : index to i64
// CHECK: arith.index_cast %c1 : index to i64
// CHECK: arith.index_cast %c1 : index to i64
// CHECK: %[[BX:.*]] = arith.index_cast %c128 : index to i64
// CHECK: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu" may_fail(%[[BLOB]], %[[NAME]], %[[GX]], %{{.*}}, %{{.*}}, %[[BX]], %{{.*}}, %{{.*}}, %[[SMEM]], %[[PARAMS]], %[[NUM]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, !llvm.ptr, i64) -> ()
// CHECK-NOT: gpu.launch_func
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

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{gpu.binary @kernels holds a fatbin object; the runtime loads PTX and cubins only}}
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90">, "fatbin">]
}

// -----

module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "ptx">]
  func.func @no_context(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{needs the runtime, but its function has no leading !disc_ral.context argument}}
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}
