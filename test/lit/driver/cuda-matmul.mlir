// Matrix products compiled for CUDA become cuBLAS calls through the runtime
// (ral_gemm on device "gpu") instead of reduction kernels: a plain product,
// a batched one, a JAX MLP whose bias and relu stay one fused kernel
// that runs after the product, mixed-precision products (f16 and bf16
// operands, preferred_element_type=f32), BERT attention's products with two
// batch dims, which collapse into one (q's transpose to [B, H, S, D] and its
// scale stay a kernel of their own before them), and a product whose result
// is reshaped (the reshape is a view of the product's buffer). The CPU target
// compiles the same program.
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s --check-prefix=HOST
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-strings %t.so | FileCheck %s --check-prefix=STRINGS
// RUN: llvm-nm -u %t.so | count 0
// RUN: ral-run %t.so --describe | FileCheck %s --check-prefix=DESCRIBE
// RUN: disc-compile %s -o %t.cpu.so
// RUN: ral-run %t.cpu.so --describe | FileCheck %s --check-prefix=CPU

// The zero fill of each product's output is gone: cuBLAS overwrites it.
// HOST-LABEL: func.func public @matmul
// HOST-NOT: linalg.fill
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false) : (memref<64x128xf32>, memref<128x32xf32>, memref<64x32xf32>, i1, i1) -> ()
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @batched
// HOST-NOT: linalg.fill
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false) : (memref<4x8x16xf32>, memref<4x16x8xf32>, memref<4x8x8xf32>, i1, i1) -> ()
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @mlp
// HOST-NOT: linalg.fill
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %[[OUT:[0-9]+]], %false, %false) : (memref<8x64xf32>, memref<64x32xf32>, memref<8x32xf32>, i1, i1) -> ()
// HOST: disc_ral.kernel_args(%[[OUT]],
// HOST: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu"
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @mixed_f16
// HOST-NOT: linalg.fill
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %true) : (memref<8x64xf16>, memref<32x64xf16>, memref<8x32xf32>, i1, i1) -> ()
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @mixed_bf16
// HOST-COUNT-2: "ral_kernel_launch"
// HOST-NOT: linalg.fill
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false) : (memref<4x8x16xbf16>, memref<4x16x8xbf16>, memref<4x8x8xf32>, i1, i1) -> ()
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @attention
// HOST-NOT: linalg.fill
// HOST: "ral_kernel_launch"
// HOST-NOT: ral_kernel_launch
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %true) : (memref<8x16x32xf32>, memref<8x16x32xf32>, memref<8x16x16xf32>, i1, i1) -> ()
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false) : (memref<8x16x16xf32>, memref<8x16x32xf32>, memref<8x16x32xf32>, i1, i1) -> ()
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"

// HOST-LABEL: func.func public @reshaped
// HOST-NOT: linalg.fill
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false) : (memref<64x128xf32>, memref<128x32xf32>, memref<64x32xf32>, i1, i1) -> ()
// HOST-NOT: ral_kernel_launch
// HOST: "ral_send_output"{{.*}}memref<8x8x32xf32>

// STRINGS-DAG: ral_gemm___gpu___pvoid_m2df32_m2df32_m2df32_i1_i1___void
// STRINGS-DAG: ral_gemm___gpu___pvoid_m3df32_m3df32_m3df32_i1_i1___void
// STRINGS-DAG: ral_gemm___gpu___pvoid_m2df16_m2df16_m2df32_i1_i1___void
// STRINGS-DAG: ral_gemm___gpu___pvoid_m3dbf16_m3dbf16_m3df32_i1_i1___void

// DESCRIBE: target: cuda
// DESCRIBE: function attention:
// DESCRIBE: function batched:
// DESCRIBE: function matmul:
// DESCRIBE: function mixed_bf16:
// DESCRIBE: function mixed_f16:
// DESCRIBE: function mlp:
// DESCRIBE-NEXT: input 0 'x': 8x64xf32

// CPU: target: cpu
// CPU: function mlp:

module @jit_models attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @matmul(%arg0: tensor<64x128xf32>, %arg1: tensor<128x32xf32>) -> (tensor<64x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x128xf32>, tensor<128x32xf32>) -> tensor<64x32xf32>
    return %0 : tensor<64x32xf32>
  }
  func.func public @batched(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x8xf32>) -> (tensor<4x8x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    return %0 : tensor<4x8x8xf32>
  }
  func.func public @mlp(%arg0: tensor<8x64xf32> loc("x"), %arg1: tensor<64x32xf32> loc("w1"), %arg2: tensor<32xf32> loc("b1")) -> (tensor<8x32xf32> {jax.result_info = "logits"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<8x32xf32>
    %3 = call @relu(%2) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    return %3 : tensor<8x32xf32>
  }
  func.func public @mixed_f16(%arg0: tensor<8x64xf16>, %arg1: tensor<32x64xf16>) -> (tensor<8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf16>, tensor<32x64xf16>) -> tensor<8x32xf32>
    return %0 : tensor<8x32xf32>
  }
  func.func public @mixed_bf16(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x8xf32>) -> (tensor<4x8x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4x8x16xf32>) -> tensor<4x8x16xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<4x16x8xf32>) -> tensor<4x16x8xbf16>
    %2 = stablehlo.dot_general %0, %1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xbf16>, tensor<4x16x8xbf16>) -> tensor<4x8x8xf32>
    return %2 : tensor<4x8x8xf32>
  }
  func.func public @attention(%arg0: tensor<2x16x4x32xf32> loc("q"), %arg1: tensor<2x4x16x32xf32> loc("k"), %arg2: tensor<2x4x16x32xf32> loc("v")) -> (tensor<2x4x16x32xf32> {jax.result_info = "result"}) {
    %q = stablehlo.transpose %arg0, dims = [0, 2, 1, 3] : (tensor<2x16x4x32xf32>) -> tensor<2x4x16x32xf32>
    %scale = stablehlo.constant dense<0.176776695> : tensor<2x4x16x32xf32>
    %scaled = stablehlo.multiply %q, %scale : tensor<2x4x16x32xf32>
    %0 = stablehlo.dot_general %scaled, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x32xf32>, tensor<2x4x16x32xf32>) -> tensor<2x4x16x16xf32>
    %1 = stablehlo.dot_general %0, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x4x16x32xf32>) -> tensor<2x4x16x32xf32>
    return %1 : tensor<2x4x16x32xf32>
  }
  func.func public @reshaped(%arg0: tensor<64x128xf32>, %arg1: tensor<128x32xf32>) -> (tensor<8x8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x128xf32>, tensor<128x32xf32>) -> tensor<64x32xf32>
    %1 = stablehlo.reshape %0 : (tensor<64x32xf32>) -> tensor<8x8x32xf32>
    return %1 : tensor<8x8x32xf32>
  }
  func.func private @relu(%arg0: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x32xf32>
    return %1 : tensor<8x32xf32>
  }
}
