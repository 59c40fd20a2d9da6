// Each phase is a pipeline of its own, built for the target it is given.
// On the CPU a bf16 product accumulates in f32; cuBLAS does that itself, so
// the CUDA target keeps it bf16.
// RUN: disc-opt %s --disc-input-phase --disc-hlo-phase | FileCheck %s --check-prefix=CPU
// RUN: disc-opt %s --disc-input-phase --disc-hlo-phase=target=cuda | FileCheck %s --check-prefix=CUDA
// RUN: disc-opt %s --disc-input-phase --disc-hlo-phase --disc-linalg-phase | FileCheck %s --check-prefix=LINALG
// RUN: not disc-opt %s --pass-pipeline='builtin.module(disc-hlo-phase{kernel-graph=1})' 2>&1 | FileCheck %s --check-prefix=KERNEL-GRAPH

// CPU-LABEL: func.func public @main
// CPU: stablehlo.dot_general {{.*}} -> tensor<4x2xf32>
// CPU: stablehlo.convert {{.*}} -> tensor<4x2xbf16>

// CUDA-LABEL: func.func public @main
// CUDA: stablehlo.dot_general {{.*}} -> tensor<4x2xbf16>
// CUDA-NOT: stablehlo.convert

// LINALG-NOT: stablehlo.
// LINALG: linalg.matmul

// KERNEL-GRAPH: kernel-graph programs have no hlo phase (their phases: input, llvm)

func.func public @main(%a: tensor<4x8xbf16>, %b: tensor<8x2xbf16>) -> tensor<4x2xbf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x2xbf16>) -> tensor<4x2xbf16>
  return %0 : tensor<4x2xbf16>
}
