// Integer math without an NVVM conversion of its own (popcount, leading
// zeros, abs on a narrow type) compiles for CUDA to PTX's own instructions.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s
// --dump-phases-to writes the same PTX after the device phase.
// RUN: rm -rf %t.dir
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --dump-phases-to=%t.dir -o %t.so
// RUN: FileCheck %s < %t.dir/06.device.ptx

// CHECK-LABEL: // disc-compile: __disc_gpu_blob.main_kernel, sm_90
// CHECK: .target sm_90
// CHECK: popc.b32
// CHECK-LABEL: // disc-compile: __disc_gpu_blob.main_kernel_0, sm_90
// CHECK: clz.b32
// CHECK-LABEL: // disc-compile: __disc_gpu_blob.main_kernel_1, sm_90
// CHECK: abs.s16
// CHECK-NOT: call

func.func @main(%x: tensor<64xi32>, %y: tensor<64xi8>) -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi8>) {
  %p = stablehlo.popcnt %x : tensor<64xi32>
  %c = stablehlo.count_leading_zeros %x : tensor<64xi32>
  %a = stablehlo.abs %y : tensor<64xi8>
  return %p, %c, %a : tensor<64xi32>, tensor<64xi32>, tensor<64xi8>
}
