// A softmax over rows of 1024 floats, as jax.nn.softmax exports it,
// compiled for CUDA: the max and the sum are kernels with a block per row
// that combine their threads with warp shuffles and shared memory; the
// exp(x - max) and the division are elementwise kernels. Every kernel reads
// and writes rows 4 floats at a time. exp is approximated inline.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0

// The max's output starts at -inf.
// PTX: // disc-compile: __disc_gpu_blob.main_kernel, sm_90
// PTX: .target sm_90
// PTX: .visible .entry main_kernel(
// PTX: st.global.v4.b32 {{.*}}, {0fFF800000, 0fFF800000, 0fFF800000, 0fFF800000};

// PTX: // disc-compile: __disc_gpu_blob.main_kernel_0, sm_90
// PTX: .target sm_90
// PTX: .visible .entry main_kernel(
// PTX: .maxntid 256, 1, 1
// PTX: .shared
// PTX: ld.global.v4.b32
// PTX-COUNT-4: max.NaN.f32
// PTX: shfl.sync.bfly.b32
// PTX: max.NaN.f32
// PTX: bar.sync 0;
// PTX: bar.sync 0;
// PTX: ld.global.b32
// PTX: max.NaN.f32
// PTX: st.global.b32

// PTX: // disc-compile: __disc_gpu_blob.main_kernel_1, sm_90
// PTX: .visible .entry main_kernel(
// PTX: ld.global.v4.b32
// PTX-NOT: call
// PTX: st.global.v4.b32

// The sum's output starts at 0.
// PTX: // disc-compile: __disc_gpu_blob.main_kernel_2, sm_90
// PTX: st.global.v4.b32 {{.*}}, {0f00000000, 0f00000000, 0f00000000, 0f00000000};

// PTX: // disc-compile: __disc_gpu_blob.main_kernel_3, sm_90
// PTX: .visible .entry main_kernel(
// PTX: .shared
// PTX: ld.global.v4.b32
// PTX-COUNT-4: add.rn.f32
// PTX: shfl.sync.bfly.b32
// PTX: add.rn.f32
// PTX: bar.sync 0;
// PTX: bar.sync 0;
// PTX: st.global.b32

// PTX: // disc-compile: __disc_gpu_blob.main_kernel_4, sm_90
// PTX: .visible .entry main_kernel(
// PTX: ld.global.v4.b32
// PTX-COUNT-4: div.rn.f32
// PTX: st.global.v4.b32
// PTX-NOT: .entry

func.func public @main(%arg0: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
  %2 = stablehlo.maximum %1, %0 : tensor<64xf32>
  %3 = stablehlo.is_finite %2 : (tensor<64xf32>) -> tensor<64xi1>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
  %5 = stablehlo.select %3, %2, %4 : tensor<64xi1>, tensor<64xf32>
  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1024xf32>
  %8 = stablehlo.subtract %arg0, %7 : tensor<64x1024xf32>
  %9 = stablehlo.exponential %8 : tensor<64x1024xf32>
  %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
  %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1024xf32>
  %13 = stablehlo.divide %9, %12 : tensor<64x1024xf32>
  return %13 : tensor<64x1024xf32>
}
