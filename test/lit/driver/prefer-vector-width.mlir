// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --emit=llvm --target-cpu=sapphirerapids | FileCheck %s --check-prefix=AVX512
// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --emit=llvm --target-cpu=haswell | FileCheck %s --check-prefix=AVX2

// On an AVX-512 CPU the model's functions ask for 512-bit vectors, which
// LLVM's tuning for these CPUs would otherwise split into 256-bit halves; an
// AVX2 CPU keeps LLVM's default.
// AVX512: define void @disc_entry_main(ptr {{.*}}) {{.*}}#[[ATTRS:[0-9]+]]
// AVX512: attributes #[[ATTRS]] = {{.*}}"prefer-vector-width"="512"
// AVX2-NOT: prefer-vector-width
