// An output appears only when the compile succeeds, never over an input, and
// what was at its path survives a failed compile.
// RUN: rm -rf %t && split-file %s %t && cd %t

// -o naming the input, by its name or through a symbolic or hard link, is
// refused and leaves the input as it was.
// RUN: ln -s good.mlir symlink.mlir && ln good.mlir hardlink.mlir
// RUN: not disc-compile good.mlir -o good.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not disc-compile good.mlir -o symlink.mlir 2>&1 | FileCheck %s --check-prefix=SYMLINK
// RUN: not disc-compile good.mlir -o hardlink.mlir 2>&1 | FileCheck %s --check-prefix=HARDLINK
// RUN: not disc-compile good.mlir --emit=obj -o model.o --header=good.mlir 2>&1 | FileCheck %s --check-prefix=HEADER
// RUN: not disc-compile good.mlir --emit=obj -o model.o --header=model.o 2>&1 | FileCheck %s --check-prefix=HEADER-OUTPUT
// RUN: FileCheck %s --check-prefix=INTACT --input-file=good.mlir
// SAME: disc-compile: error: -o 'good.mlir' is the input file 'good.mlir'; name another output file
// SYMLINK: disc-compile: error: -o 'symlink.mlir' is the input file 'good.mlir'; name another output file
// HARDLINK: disc-compile: error: -o 'hardlink.mlir' is the input file 'good.mlir'; name another output file
// HEADER: disc-compile: error: --header 'good.mlir' is the input file 'good.mlir'; name another header file
// HEADER-OUTPUT: disc-compile: error: --header 'model.o' is the -o file 'model.o'; name another header file
// INTACT: stablehlo.negate

// A failed compile leaves an existing output (and header) as it was and no
// temporary file behind.
// RUN: not disc-compile bad.mlir -o existing.so 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not disc-compile bad.mlir --emit=obj -o existing.o --header=existing.h
// RUN: FileCheck %s --check-prefix=KEPT --input-file=existing.so
// RUN: FileCheck %s --check-prefix=KEPT --input-file=existing.o
// RUN: FileCheck %s --check-prefix=KEPT --input-file=existing.h
// BAD: bad.mlir:2:26: error:
// KEPT: not replaced

// An object and header land together: when either cannot be written, the
// other stays as it was.
// RUN: not disc-compile good.mlir --emit=obj -o /dev/full --header=existing.h 2>&1 | FileCheck %s --check-prefix=FULL-OBJECT
// RUN: FileCheck %s --check-prefix=KEPT --input-file=existing.h
// RUN: not disc-compile good.mlir --emit=obj -o existing.o --header=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL-HEADER
// RUN: FileCheck %s --check-prefix=KEPT --input-file=existing.o
// FULL-OBJECT: disc-compile: error: cannot write output file '/dev/full': No space left on device
// FULL-HEADER: disc-compile: error: cannot write header '/dev/full': No space left on device

// A successful compile replaces the output, through a symbolic link the file
// it names, and leaves nothing else.
// RUN: ln -s existing.so link.so
// RUN: disc-compile good.mlir -o link.so
// RUN: ral-run link.so --describe | FileCheck %s --check-prefix=REPLACED
// RUN: ral-run existing.so --describe | FileCheck %s --check-prefix=REPLACED
// RUN: disc-compile good.mlir --emit=obj -o existing.o --header=existing.h
// RUN: FileCheck %s --check-prefix=HEADER-REPLACED --input-file=existing.h
// RUN: ls | FileCheck %s --check-prefix=FILES
// REPLACED: input 0 'x': 4xf32
// HEADER-REPLACED: disc_model_open_static
// FILES-NOT: tmp

// A device is written in place, not replaced.
// RUN: disc-compile good.mlir --emit=mlir -o /dev/null
// RUN: test -c /dev/null

//--- good.mlir
module @jit_f {
  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

//--- bad.mlir
module {
  func.func public @main(
}

//--- existing.so
not replaced
//--- existing.o
not replaced
//--- existing.h
not replaced
