// A kernel-graph program compiles into a .so exporting the ABI's two
// functions and one disc_kg_entry_<fn> per public function, importing
// nothing (docs/ABI.md, "Kernel-graph programs").
// RUN: split-file %s %t
// RUN: disc-compile %t/program.mlir -o %t.so
// RUN: llvm-nm -D --defined-only --just-symbol-name %t.so | FileCheck %s --check-prefix=EXPORTS
// RUN: llvm-nm -D --undefined-only %t.so | count 0
// RUN: llvm-readelf -d %t.so | FileCheck %s --check-prefix=ELF
// RUN: disc-compile %t/program.mlir --emit=llvm -o - | FileCheck %s --check-prefix=METADATA

// EXPORTS: {{^}}disc_kg_entry_chain{{$}}
// EXPORTS-NEXT: {{^}}disc_kg_entry_sample_function{{$}}
// EXPORTS-NEXT: {{^}}disc_model_abi_version{{$}}
// EXPORTS-NEXT: {{^}}disc_model_metadata{{$}}
// EXPORTS-NOT: {{.}}

// ELF-NOT: NEEDED

// Public functions in source order; private ones are not listed.
// METADATA: c"{\22abi_version\22:1,\22compiler_version\22:\22disc {{[^\\]*}}\22,\22target\22:\22cpu\22,\22target_cpu\22:\22{{[^\\]*}}\22,\22source_hash\22:\22fnv1a64:{{[0-9a-f]+}}\22,\22functions\22:[],\22kernel_graph_functions\22:[{\22name\22:\22sample_function\22,\22entry\22:\22disc_kg_entry_sample_function\22,\22inputs\22:[\22!tfrt.chain\22],\22outputs\22:[\22i32\22,\22!tfrt.chain\22]},{\22name\22:\22chain\22,\22entry\22:\22disc_kg_entry_chain\22,\22inputs\22:[\22i1\22,\22tensor\22,\22!tfrt.string\22,\22opaque\22,\22ui32\22],\22outputs\22:[\22!tfrt.chain\22]}]}\00"

// The phases of a kernel graph are input and llvm.
// RUN: disc-compile %t/program.mlir --compile-to=input | FileCheck %s --check-prefix=INPUT
// RUN: rm -rf %t.dir
// RUN: disc-compile %t/program.mlir --dump-phases-to=%t.dir -o %t.so
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=LLVM-PHASE < %t.dir/07.llvm.mlir

// The older `func @f` spelling is read as func.func.
// INPUT: func.func @sample_function(%arg0: !tfrt.chain) -> (i32, !tfrt.chain)
// INPUT: func.func private @twice(
// INPUT: func.func @chain(

// FILES: 01.input.mlir
// FILES-NEXT: 07.llvm.ll
// FILES-NEXT: 07.llvm.mlir
// FILES-NOT: {{.}}

// LLVM-PHASE: llvm.func @disc_kg_entry_sample_function(
// LLVM-PHASE: llvm.func internal @disc_kg_function_twice(

// The llvm phase's output resumes into the same exports.
// RUN: disc-compile %t.dir/07.llvm.mlir --compile-from=llvm -o %t.resumed.so
// RUN: llvm-nm -D --defined-only --just-symbol-name %t.resumed.so | FileCheck %s --check-prefix=EXPORTS

// Errors name the flag or the function at fault.
// RUN: not disc-compile %t/program.mlir --compile-to=hlo 2>&1 | FileCheck %s --check-prefix=NO-PHASE
// RUN: not disc-compile %t/program.mlir --emit=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=NO-OBJ
// RUN: not disc-compile %t/mixed.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: not disc-compile %t/unregistered.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=UNREGISTERED
// NO-PHASE: disc-compile: error: kernel-graph programs have no hlo phase for --compile-to (their phases: input, llvm)
// NO-OBJ: disc-compile: error: --emit=obj is not supported for kernel-graph programs yet; build a .so
// MIXED: mixed.mlir:5:1: error: @tensors is a tensor function but @kernels is a kernel graph; a program is one or the other (compile them separately)
// UNREGISTERED: unregistered.mlir:2:8: error: 'foo.bar' is an op of an unregistered dialect; a tensor program may use only the dialects disc knows

//--- program.mlir
func @sample_function(%ch0 : !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %two = tfrt.call @twice(%one) : (i32) -> i32
  %three = tfrt.add.i32 %one, %two
  %ch1 = tfrt.print.i32 %three, %ch0
  tfrt.return %three, %ch1 : i32, !tfrt.chain
}

func private @twice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}

func.func @chain(%b: i1, %t: !t.tensor, %s: !tfrt.string, %c: !my.coordinate, %u: ui32) -> !tfrt.chain {
  %ch = "my_kernel"(%b, %t, %s, %c, %u) : (i1, !t.tensor, !tfrt.string, !my.coordinate, ui32) -> !tfrt.chain
  tfrt.return %ch : !tfrt.chain
}

//--- mixed.mlir
func.func @kernels() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
func.func @tensors(%a: tensor<2xf32>) -> tensor<2xf32> {
  %b = stablehlo.add %a, %a : tensor<2xf32>
  return %b : tensor<2xf32>
}

//--- unregistered.mlir
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %b = "foo.bar"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %b : tensor<2xf32>
}
