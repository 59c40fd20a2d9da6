// Convolutions compiled for CUDA become im2col and a cuBLAS product
// (disc-convolution-to-gemm): a gather kernel (none for a 1x1 window), one
// ral_gemm, and for an NCHW output a transpose kernel; a ResNet-style
// convolution's bias and relu stay one fused kernel after the product. No
// kernel reduces: a depthwise (grouped) convolution alone keeps its direct
// form, a kernel with a thread per output element running the window.
// RUN: disc-compile %s --target=cuda --compile-to=linalg | FileCheck %s --check-prefix=LINALG
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s --check-prefix=HOST
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-strings %t.so | FileCheck %s --check-prefix=STRINGS
// RUN: llvm-nm -u %t.so | count 0
// RUN: disc-compile %s -o %t.cpu.so
// RUN: disc-compile %s --compile-to=device | FileCheck %s --check-prefix=CPU
// RUN: disc-compile %s --cpu-library=none --compile-to=linalg | FileCheck %s --check-prefix=NOLIB

// LINALG-LABEL: func.func public @conv_bias_relu
// LINALG-NOT: "reduction"
// LINALG: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<128x144xf32>, tensor<144x32xf32>)
// LINALG-NOT: "reduction"
// LINALG-LABEL: func.func public @conv_nchw
// LINALG-NOT: "reduction"
// LINALG: linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%{{.*}}, %{{.*}} : tensor<64x27xf16>, tensor<8x27xf16>)
// LINALG-NOT: "reduction"
// LINALG-LABEL: func.func public @conv_1x1
// LINALG-NOT: linalg.generic
// LINALG: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<196x64xf32>, tensor<64x16xf32>)
// LINALG-NOT: linalg.generic
// LINALG-LABEL: func.func public @conv_1d
// LINALG-NOT: "reduction"
// LINALG: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<200x40xf32>, tensor<40x12xf32>)
// LINALG-NOT: "reduction"
// LINALG-LABEL: func.func public @depthwise
// LINALG-NOT: linalg.matmul
// LINALG: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// LINALG-NOT: linalg.matmul

// The padding (a fill and a copy), the gather, the product, then the
// bias + relu kernel reading the product.
// HOST-LABEL: func.func public @conv_bias_relu
// HOST-COUNT-3: "ral_kernel_launch"
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %[[PRODUCT:[0-9]+]], %false, %false) : (memref<128x144xf32>, memref<144x32xf32>, memref<128x32xf32>, i1, i1) -> ()
// HOST: memref.reinterpret_cast %[[PRODUCT]] {{.*}} to memref<2x8x8x32xf32>
// HOST: "ral_kernel_launch"
// HOST-NOT: "ral_kernel_launch"
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @conv_nchw
// HOST-COUNT-3: "ral_kernel_launch"
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %true) : (memref<64x27xf16>, memref<8x27xf16>, memref<64x8xf16>, i1, i1) -> ()
// HOST: "ral_kernel_launch"
// HOST-NOT: "ral_kernel_launch"
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @conv_1x1
// HOST-NOT: "ral_kernel_launch"
// HOST: disc_ral.dispatch %arg0, "ral_gemm" device "gpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %false, %false) : (memref<196x64xf32>, memref<64x16xf32>, memref<196x16xf32>, i1, i1) -> ()
// HOST-NOT: "ral_kernel_launch"
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @conv_1d
// HOST: "ral_gemm"{{.*}}(memref<200x40xf32>, memref<40x12xf32>, memref<200x12xf32>, i1, i1)
// HOST-NOT: "ral_kernel_launch"
// HOST: "ral_send_output"
// HOST-LABEL: func.func public @depthwise
// HOST-NOT: "ral_gemm"
// HOST: "ral_send_output"

// STRINGS-DAG: ral_gemm___gpu___pvoid_m2df32_m2df32_m2df32_i1_i1___void
// STRINGS-DAG: ral_gemm___gpu___pvoid_m2df16_m2df16_m2df16_i1_i1___void

// The CPU target hands an f32 2-D convolution to oneDNN whole, its padding
// (and a depthwise one's groups) taken into the call, the f32 products of a
// 1x1 window and of a 1-D convolution to its BLAS, and the f16 one's im2col
// product to it too, its operands widened to f32 first; without a
// library, im2col and a product that disc-cpu-tile-contractions tiles into
// vectorized register tiles (the f16 product's tiles sum in f32, rounded
// to f16 once; the depthwise convolution keeps its direct lowering).
// CPU-LABEL: func.func public @conv_bias_relu
// CPU-NOT: "ral_gemm"
// CPU: "ral_conv" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64) : (memref<2x8x8x16xf32>, memref<3x3x16x32xf32>, memref<2x8x8x32xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CPU-LABEL: func.func public @conv_nchw
// CPU: "ral_gemm" device "cpu"{{.*}}(memref<64x27xf32>, memref<8x27xf32>, memref<64x8xf32>, i1, i1)
// CPU-LABEL: func.func public @conv_1x1
// CPU: "ral_gemm" device "cpu"{{.*}}(memref<196x64xf32>, memref<64x16xf32>, memref<196x16xf32>, i1, i1)
// CPU-LABEL: func.func public @conv_1d
// CPU: "ral_gemm" device "cpu"{{.*}}(memref<200x40xf32>, memref<40x12xf32>, memref<200x12xf32>, i1, i1)
// CPU-LABEL: func.func public @depthwise
// CPU-NOT: "ral_gemm"
// CPU: "ral_conv" device "cpu" may_fail(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c4_i64) : (memref<1x8x8x4xf32>, memref<3x3x1x4xf32, strided<[{{.*}}]>>, memref<1x8x8x4xf32>
// CPU-NOT: "ral_gemm"
// NOLIB-LABEL: func.func public @conv_bias_relu
// NOLIB: scf.forall
// NOLIB: vector.contract
// NOLIB-LABEL: func.func public @conv_nchw
// NOLIB: vector.contract {{.*}} : vector<1xf16>, vector<1x8xf16> into vector<8xf32>
// NOLIB-LABEL: func.func public @conv_1x1
// NOLIB: vector.contract
// NOLIB-LABEL: func.func public @conv_1d
// NOLIB: vector.contract
// NOLIB-LABEL: func.func public @depthwise
// NOLIB-NOT: vector.contract

module @jit_convs attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @conv_bias_relu(%arg0: tensor<2x8x8x16xf32> loc("x"), %arg1: tensor<3x3x16x32xf32> loc("w"), %arg2: tensor<32xf32> loc("b")) -> (tensor<2x8x8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x8x8x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<32xf32>) -> tensor<2x8x8x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x8x8x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x32xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<2x8x8x32xf32>
    return %4 : tensor<2x8x8x32xf32>
  }
  func.func public @conv_nchw(%arg0: tensor<1x3x16x16xf16>, %arg1: tensor<8x3x3x3xf16>) -> (tensor<1x8x8x8xf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x16x16xf16>, tensor<8x3x3x3xf16>) -> tensor<1x8x8x8xf16>
    return %0 : tensor<1x8x8x8xf16>
  }
  func.func public @conv_1x1(%arg0: tensor<4x7x7x64xf32>, %arg1: tensor<1x1x64x16xf32>) -> (tensor<4x7x7x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x7x7x64xf32>, tensor<1x1x64x16xf32>) -> tensor<4x7x7x16xf32>
    return %0 : tensor<4x7x7x16xf32>
  }
  func.func public @conv_1d(%arg0: tensor<2x100x8xf32>, %arg1: tensor<5x8x12xf32>) -> (tensor<2x100x12xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x100x8xf32>, tensor<5x8x12xf32>) -> tensor<2x100x12xf32>
    return %0 : tensor<2x100x12xf32>
  }
  func.func public @depthwise(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3x3x1x4xf32>) -> (tensor<1x8x8x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x1x4xf32>) -> tensor<1x8x8x4xf32>
    return %0 : tensor<1x8x8x4xf32>
  }
}
