// A sum over the rows of a 64x1024 matrix compiled for CUDA: one kernel
// fills the output with the init value, a second has a block of 256 threads
// per row, each thread reading 4 floats at a time and adding them up, the
// block combining its threads with warp shuffles and shared memory before
// thread 0 adds the row's sum to the output. The .so imports nothing.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s --check-prefix=HOST
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0

// PTX: // disc-compile: __disc_gpu_blob.main_kernel, sm_90
// PTX: .target sm_90
// PTX: .visible .entry main_kernel(
// PTX: st.global.v4.b32
// PTX: // disc-compile: __disc_gpu_blob.main_kernel_0, sm_90
// PTX: .target sm_90
// PTX: .visible .entry main_kernel(
// PTX: .maxntid 256, 1, 1
// PTX: .shared .align 4 .b8 [[PARTIALS:[_a-z0-9]+]][128];
// PTX: ld.global.v4.b32
// PTX-COUNT-4: add.rn.f32
// PTX: shfl.sync.bfly.b32
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared.b32
// PTX: shfl.sync.bfly.b32
// PTX: st.shared.b32 {{.*}}[[PARTIALS]]
// PTX: bar.sync 0;
// PTX: ld.shared.b32 {{.*}}[[PARTIALS]]
// PTX: ld.global.b32
// PTX: add.rn.f32
// PTX: st.global.b32
// PTX-NOT: .entry

// The fill runs 16 groups of 4 in one block; the sum runs 64 blocks (one a
// row) of 256 threads, with no dynamic shared memory.
// HOST: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu" may_fail(%{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c256_i64, %c1_i64, %c1_i64, %c0_i32,
// HOST: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu" may_fail(%{{.*}}, %{{.*}}, %c64_i64, %c1_i64, %c1_i64, %c256_i64, %c1_i64, %c1_i64, %c0_i32,
// HOST: disc_ral.dispatch %arg0, "ral_send_output" device "gpu"

func.func @main(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  return %sum : tensor<64xf32>
}
