// --dump-phases-to writes the IR after each phase that ran, and the LLVM IR.
// RUN: rm -rf %t.dir
// RUN: disc-compile %S/../Pipeline/cpu-phases.mlir --compile-from=linalg --dump-phases-to=%t.dir -o %t.so
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=RAL < %t.dir/05.ral.mlir
// RUN: FileCheck %s --check-prefix=LL < %t.dir/07.llvm.ll

// FILES: 04.buffers.mlir
// FILES-NEXT: 05.ral.mlir
// FILES-NEXT: 06.device.mlir
// FILES-NEXT: 07.llvm.ll
// FILES-NEXT: 07.llvm.mlir
// FILES-NOT: {{.}}

// RAL: disc_ral.dispatch %{{.*}}, "ral_recv_input"
// LL: define void @disc_entry_main(ptr

// --timing adds the LLVM steps to MLIR's pass timing, one entry per phase.
// RUN: disc-compile %S/../Pipeline/cpu-phases.mlir --compile-from=linalg --timing -o %t.so 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING-DAG: parse
// TIMING-DAG: buffers
// TIMING-DAG: OneShotBufferizePass
// TIMING-DAG: device
// TIMING-DAG: llvm-optimize
// TIMING-DAG: llvm-codegen
// TIMING-DAG: link

// -v logs each step on stderr, nothing without it.
// RUN: disc-compile %S/../Pipeline/cpu-phases.mlir --compile-from=linalg -v -o %t.so 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: disc-compile %S/../Pipeline/cpu-phases.mlir --compile-from=linalg -o %t.so 2>&1 | count 0
// VERBOSE: disc-compile: phase buffers done in {{[0-9.]+}} ms
// VERBOSE: disc-compile: linked {{.*}} ({{[0-9]+}} bytes) in {{[0-9.]+}} ms
