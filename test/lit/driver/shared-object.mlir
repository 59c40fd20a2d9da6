// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm -o %t.so
// RUN: llvm-nm -D --defined-only --just-symbol-name %t.so | FileCheck %s --check-prefix=EXPORTS
// RUN: llvm-nm -D --undefined-only %t.so | FileCheck %s --check-prefix=IMPORTS
// RUN: llvm-readelf -h -d %t.so | FileCheck %s --check-prefix=ELF
// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm -O0 -o %t.O0.so
// RUN: llvm-nm %t.O0.so | FileCheck %s --check-prefix=LOCALS

// The ABI's three exports and nothing else.
// EXPORTS: {{^}}disc_entry_main{{$}}
// EXPORTS-NEXT: {{^}}disc_model_abi_version{{$}}
// EXPORTS-NEXT: {{^}}disc_model_metadata{{$}}
// EXPORTS-NOT: {{.}}

// Imports come from libc/libm only, each with its glibc version.
// IMPORTS: U expf@GLIBC_
// IMPORTS-NOT: {{U [^@]+$}}

// ELF: Type: DYN (Shared object file)
// ELF-NOT: NEEDED
// ELF: (NEEDED) Shared library: [libm.so.6]
// ELF-NOT: NEEDED

// The model's own functions are local symbols of the .so, which profilers
// name and no other object sees; at -O0 main and scale are still functions.
// LOCALS: T disc_entry_main
// LOCALS: t main
// LOCALS: t scale

// An object file for static linking: the exports carry the symbol prefix,
// and a header declares them (docs/ABI.md, "Static linking").
// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --emit=obj -o %t.o --symbol-prefix=tiny --header=%t.h
// RUN: llvm-readelf -h -s %t.o | FileCheck %s --check-prefix=OBJ
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// OBJ: Type: REL (Relocatable file)
// OBJ-NOT: GLOBAL DEFAULT {{.*}} {{ disc_}}
// OBJ: GLOBAL DEFAULT {{.*}} tiny_disc_entry_main
// OBJ-NOT: GLOBAL DEFAULT {{.*}} {{ disc_}}
// HEADER: void tiny_disc_entry_main(void **ctx_struct);
// HEADER: static inline const disc_static_model *tiny_model(void) {
// HEADER: {"disc_entry_main", tiny_disc_entry_main},
