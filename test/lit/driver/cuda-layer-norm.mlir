// A layer norm over rows of 32 floats, as JAX exports it, compiled for
// CUDA: the mean and the variance are kernels with a block (one warp) per
// row combining with warp shuffles; the variance squares x - mean as it
// adds. The copy of the zero-filled buffer the two sums start from runs on
// the device as a kernel, the buffers being out of reach of the host.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s --check-prefix=HOST
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0

// PTX: // disc-compile: __disc_gpu_blob.main_kernel_0, sm_90
// PTX: ld.global.v4.b32 [[COPIED:.*]], [%rd{{[0-9]+}}];
// PTX: st.global.v4.b32 [%rd{{[0-9]+}}], [[COPIED]];
// PTX: // disc-compile: __disc_gpu_blob.main_kernel_1, sm_90
// PTX: .maxntid 32, 1, 1
// PTX: ld.global.v4.b32
// PTX: shfl.sync.bfly.b32
// PTX: // disc-compile: __disc_gpu_blob.main_kernel_3, sm_90
// PTX: .maxntid 32, 1, 1
// PTX: ld.global.v4.b32
// PTX-COUNT-4: mul.rn.f32
// PTX: shfl.sync.bfly.b32
// PTX: // disc-compile: __disc_gpu_blob.main_kernel_4, sm_90
// PTX: .visible .entry main_kernel(
// PTX-NOT: .entry

// HOST-NOT: memref.copy
// HOST-COUNT-6: "ral_kernel_launch"
// HOST-NOT: "ral_kernel_launch"
// HOST-NOT: memref.copy

module @jit_layer_norm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x32xf32> loc("x"), %arg1: tensor<32xf32> loc("scale"), %arg2: tensor<32xf32> loc("bias")) -> (tensor<4x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.divide %0, %1 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x32xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<4x32xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %9 = stablehlo.divide %7, %8 : tensor<4xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %11 = stablehlo.add %9, %10 : tensor<4xf32>
    %12 = stablehlo.rsqrt %11 : tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x32xf32>
    %15 = stablehlo.multiply %5, %14 : tensor<4x32xf32>
    %16 = stablehlo.reshape %arg1 : (tensor<32xf32>) -> tensor<1x32xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<4x32xf32>
    %19 = stablehlo.reshape %arg2 : (tensor<32xf32>) -> tensor<1x32xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %21 = stablehlo.add %18, %20 : tensor<4x32xf32>
    return %21 : tensor<4x32xf32>
  }
}
