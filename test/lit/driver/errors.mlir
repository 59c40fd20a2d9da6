// Every bad invocation ends with one line naming the thing at fault and exit 1.
// RUN: not disc-compile %s --target=cuda --cuda-arch=sm_80,compute_90 -o %t.so 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not disc-compile %s --emit=ptx 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: not disc-compile %s --target=tpu -o %t.so 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not disc-compile %s --compile-to=loops 2>&1 | FileCheck %s --check-prefix=PHASE
// RUN: not disc-compile %s --compile-from=llvm --compile-to=input 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not disc-compile %s --emit=asm 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not disc-compile %s --cpu-library=mkl -o %t.so 2>&1 | FileCheck %s --check-prefix=CPU-LIBRARY
// RUN: not disc-compile %s 2>&1 | FileCheck %s --check-prefix=NO-OUTPUT
// RUN: not disc-compile %s --compile-to=linalg --emit=so -o %t.so 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not disc-compile %s -O4 -o %t.so 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not disc-compile %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not disc-compile %t.missing.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm -o %t.no-such-dir/model.so 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --target-cpu=pentium9000 -o %t.so 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --dump-phases-to=%s -o %t.so 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: not disc-compile %s --target=cuda --cuda-toolkit=%t.no-toolkit -o %t.so 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// RUN: not disc-compile %s --cuda-toolkit=%t.no-toolkit -o %t.so 2>&1 | FileCheck %s --check-prefix=TOOLKIT-CPU

// ARCH: disc-compile: error: unknown CUDA architecture 'compute_90' for --cuda-arch (expected sm_<N> with N >= 50, e.g. sm_80,sm_90)
// PTX: disc-compile: error: --emit=ptx needs --target=cuda
// TARGET: disc-compile: error: unknown target 'tpu' for --target (expected cpu or cuda)
// PHASE: disc-compile: error: unknown phase 'loops' for --compile-to (expected one of: input, hlo, linalg, buffers, ral, device, llvm)
// ORDER: disc-compile: error: --compile-from=llvm comes after --compile-to=input
// EMIT: disc-compile: error: unknown output kind 'asm' for --emit (expected so, obj, llvm, ptx or mlir)
// CPU-LIBRARY: disc-compile: error: unknown value 'mkl' for --cpu-library (expected auto or none)
// NO-OUTPUT: disc-compile: error: --emit=so writes a binary file: name it with -o
// CONFLICT: disc-compile: error: --compile-to prints MLIR; it cannot be combined with --emit=so
// OPT: disc-compile: error: -O: Value 4 not in range 0 to 3
// FLAG: disc-compile: error: The following argument was not expected: --no-such-flag
// MISSING: disc-compile: error: cannot read input file '{{[^']*}}.missing.mlir': No such file or directory
// UNWRITABLE: disc-compile: error: cannot write output file '{{[^']*}}no-such-dir/model.so': No such file or directory
// CPU: disc-compile: error: unknown target CPU 'pentium9000' for x86_64-{{.*}}
// DUMP: disc-compile: error: --dump-phases-to '{{[^']*}}errors.mlir' is not a folder
// TOOLKIT: disc-compile: error: --cuda-toolkit '{{[^']*}}no-toolkit' has no bin/ptxas to build cubins with
// TOOLKIT-CPU: disc-compile: error: --cuda-toolkit needs --target=cuda

// Each error is the only line printed.
// RUN: not disc-compile %s --target=cuda --cuda-arch=sm_7 2>&1 | count 1
// RUN: not disc-compile %t.missing.mlir -o %t.so 2>&1 | count 1

func.func @main() {
  return
}
