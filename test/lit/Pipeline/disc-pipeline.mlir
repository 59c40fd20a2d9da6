// The registered pipeline runs every phase, from StableHLO (or MHLO) to the
// LLVM dialect of a model.
// RUN: disc-opt %s --disc-pipeline | FileCheck %s
// RUN: disc-opt %s --disc-pipeline=cpu-library=0 | FileCheck %s
// RUN: not disc-opt %s --pass-pipeline='builtin.module(disc-pipeline{fast=1})' 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not disc-opt %s --pass-pipeline='builtin.module(disc-pipeline{target=tpu})' 2>&1 | FileCheck %s --check-prefix=TARGET

// CHECK-NOT: func.func
// CHECK-NOT: mhlo.
// CHECK-NOT: stablehlo.
// CHECK-DAG: llvm.func @disc_entry_main(%{{.*}}: !llvm.ptr)
// CHECK-DAG: llvm.func @disc_model_abi_version() -> i32
// CHECK-DAG: llvm.mlir.global {{.*}}"ral_recv_input___cpu___pvoid_i64___m1df32\00"
// CHECK-DAG: llvm.mlir.global {{.*}}"ral_send_output___cpu___pvoid_i64_m1df32___void\00"

// OPTIONS: invalid options of disc-pipeline: 'fast=1'
// TARGET: unknown target 'tpu' (expected cpu or cuda)

func.func public @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = mhlo.add %x, %y : tensor<?xf32>
  %1 = stablehlo.tanh %0 : tensor<?xf32>
  return %1 : tensor<?xf32>
}
