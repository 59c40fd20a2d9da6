// ral-run writes its output files all or none: one that cannot be written
// leaves every other one as it was (an appended one too) and no temporary
// file behind.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: disc-compile two.mlir -o two.so
// RUN: cp kept.npy kept.orig && cp appended.npy appended.orig

// RUN: not ral-run two.so --input="2xf32=1 2" --outputs kept.npy missing/second.npy 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: cmp kept.npy kept.orig
// RUN: not ral-run two.so --input="2xf32=1 2" --output=+appended.npy --output=@missing/second.npy 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: cmp appended.npy appended.orig
// RUN: not ral-run two.so --input="2xf32=1 2" --output=@kept.npy --output=+missing/appended.npy 2>&1 | FileCheck %s --check-prefix=APPEND
// RUN: cmp kept.npy kept.orig
// RUN: not ral-run two.so --input="2xf32=1 2" --outputs new.npy missing/second.npy
// RUN: not test -e new.npy
// RUN: ls | FileCheck %s --check-prefix=FILES
// WRITE: ral-run: error: 'missing/second.npy': cannot create: No such file or directory
// APPEND: ral-run: error: 'missing/appended.npy': cannot create: No such file or directory
// FILES-NOT: tmp

// When every output can be written, each gets its own.
// RUN: ral-run two.so --input="2xf32=1 2" --outputs kept.npy new.npy
// RUN: ral-run two.so --input=@kept.npy | FileCheck %s --check-prefix=FIRST
// RUN: ral-run two.so --input=@new.npy | FileCheck %s --check-prefix=SECOND
// FIRST: 2xf32=1 2
// SECOND: 2xf32=-2 -4
// SECOND-NEXT: 2xf32=4 8

//--- two.mlir
module @jit_f {
  func.func public @main(%arg0: tensor<2xf32> loc("x")) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = stablehlo.negate %arg0 : tensor<2xf32>
    %1 = stablehlo.add %arg0, %arg0 : tensor<2xf32>
    return %0, %1 : tensor<2xf32>, tensor<2xf32>
  }
}

//--- kept.npy
not replaced
//--- appended.npy
not appended to
