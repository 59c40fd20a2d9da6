// On a CPU without F16C, LLVM converts half/bfloat through compiler-rt
// helpers; the model defines them itself so that it still imports only
// libc/libm.
// RUN: disc-compile %s --target-cpu=x86-64 --emit=llvm | FileCheck %s --check-prefix=IR
// RUN: disc-compile %s --target-cpu=x86-64 -o %t.so
// RUN: llvm-nm -D --undefined-only %t.so | FileCheck %s --check-prefix=IMPORTS --allow-empty
// RUN: llvm-nm -D --defined-only --just-symbol-name %t.so | FileCheck %s --check-prefix=EXPORTS

// IR-DAG: define internal float @__extendhfsf2(half
// IR-DAG: define internal half @__truncsfhf2(float
// IR-DAG: define internal bfloat @__truncsfbf2(float
// IR-DAG: @llvm.compiler.used = appending global

// IMPORTS-NOT: __extendhfsf2
// IMPORTS-NOT: __truncsfhf2
// IMPORTS-NOT: __truncsfbf2
// IMPORTS-NOT: {{U [^@]+$}}

// EXPORTS: {{^}}disc_entry_main{{$}}
// EXPORTS-NEXT: {{^}}disc_model_abi_version{{$}}
// EXPORTS-NEXT: {{^}}disc_model_metadata{{$}}
// EXPORTS-NOT: {{.}}

func.func public @main(%a: tensor<16xf16>, %s: tensor<16xf32>) -> (tensor<16xf16>, tensor<16xbf16>) {
  %0 = stablehlo.convert %a : (tensor<16xf16>) -> tensor<16xf32>
  %1 = stablehlo.multiply %0, %s : tensor<16xf32>
  %2 = stablehlo.convert %1 : (tensor<16xf32>) -> tensor<16xf16>
  %3 = stablehlo.convert %1 : (tensor<16xf32>) -> tensor<16xbf16>
  return %2, %3 : tensor<16xf16>, tensor<16xbf16>
}
