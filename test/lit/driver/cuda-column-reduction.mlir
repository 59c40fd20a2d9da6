// A max over the rows of a 1024x64 matrix (down its columns) compiled for
// CUDA: after the fill of the output with -inf, one thread per column (64 of
// them, in one block of 256) starts from the output's value and takes the
// max down its column; consecutive threads read consecutive floats of each
// row, with no shuffles or shared memory.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s --check-prefix=HOST
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0

// PTX: // disc-compile: __disc_gpu_blob.main_kernel_0, sm_90
// PTX: .target sm_90
// PTX: .visible .entry main_kernel(
// PTX: .maxntid 256, 1, 1
// PTX-NOT: .shared
// PTX: setp.gt.u64 {{.*}}, 63;
// PTX: ld.global.b32
// PTX: $L__BB0_2:
// PTX-NOT: shfl
// PTX: ld.global.b32
// PTX: max.NaN.f32
// PTX: @%p{{[0-9]+}} bra $L__BB0_2;
// PTX: st.global.b32
// PTX-NOT: .entry

// HOST: "ral_kernel_launch"
// HOST: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu" may_fail(%{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c256_i64, %c1_i64, %c1_i64,
// HOST: "ral_send_output"

func.func @main(%x: tensor<1024x64xf32>) -> tensor<64xf32> {
  %neg_inf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %max = stablehlo.reduce(%x init: %neg_inf) applies stablehlo.maximum across dimensions = [0] : (tensor<1024x64xf32>, tensor<f32>) -> tensor<64xf32>
  return %max : tensor<64xf32>
}
