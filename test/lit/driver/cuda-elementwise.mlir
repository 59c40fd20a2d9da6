// An elementwise chain with a broadcast bias compiled for CUDA: one kernel,
// PTX for each architecture with 16-byte vector loads and stores, and a .so
// that carries PTX (and, with ptxas, a cubin) per architecture and imports
// nothing.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: disc-compile %s --target=cuda --emit=ptx | FileCheck %s --check-prefix=ARCHS
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s --check-prefix=HOST
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-objcopy --dump-section=.disc_gpu=%t.blob %t.so
// RUN: %python %S/Inputs/device_blob.py %t.blob | FileCheck %s --check-prefix=BLOB
// RUN: %if ptxas %{ %python %S/Inputs/device_blob.py %t.blob | FileCheck %s --check-prefix=CUBIN %}
// RUN: llvm-nm -u %t.so | count 0
// RUN: ral-run %t.so --describe | FileCheck %s --check-prefix=DESCRIBE

// PTX: // disc-compile: __disc_gpu_blob.main_kernel, sm_90
// PTX: .target sm_90
// PTX: .visible .entry main_kernel(
// x and the bias row are each read 4 floats at a time, the result written
// 4 at a time; exp is approximated inline, with no libdevice call.
// PTX-COUNT-2: ld.global.v4.b32
// PTX-NOT: call
// PTX: st.global.v4.b32
// PTX-NOT: .entry
// PTX-NOT: .target

// ARCHS: // disc-compile: __disc_gpu_blob.main_kernel, sm_80
// ARCHS: .target sm_80
// ARCHS: // disc-compile: __disc_gpu_blob.main_kernel, sm_90
// ARCHS: .target sm_90

// The host launches the kernel through the runtime on device buffers.
// HOST: disc_ral.dispatch %arg0, "ral_recv_input" device "gpu"
// HOST: disc_ral.dispatch %arg0, "ral_alloc" device "gpu"
// HOST: disc_ral.kernel_args
// HOST: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu"
// HOST: disc_ral.dispatch %arg0, "ral_send_output" device "gpu"

// BLOB: ptx sm_80 .target sm_80
// BLOB: ptx sm_90 .target sm_90

// CUBIN: ptx sm_80 .target sm_80
// CUBIN-NEXT: cubin sm_80 EM_CUDA
// CUBIN-NEXT: ptx sm_90 .target sm_90
// CUBIN-NEXT: cubin sm_90 EM_CUDA

// DESCRIBE: target: cuda

func.func @main(%x: tensor<8x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf32>) -> tensor<8x64xf32>
  %s = stablehlo.add %x, %bb : tensor<8x64xf32>
  %e = stablehlo.exponential %s : tensor<8x64xf32>
  %m = stablehlo.multiply %e, %x : tensor<8x64xf32>
  %t = stablehlo.tanh %m : tensor<8x64xf32>
  return %t : tensor<8x64xf32>
}
