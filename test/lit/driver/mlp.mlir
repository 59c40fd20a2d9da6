// A JAX-style StableHLO MLP through every phase into a model .so.
// RUN: disc-compile %s --compile-to=input | FileCheck %s --check-prefix=INPUT
// RUN: disc-compile %s --compile-to=linalg | FileCheck %s --check-prefix=LINALG
// RUN: disc-compile %s --emit=llvm | FileCheck %s --check-prefix=LLVM
// RUN: disc-compile %s -o %t.so
// RUN: llvm-nm -D --defined-only --just-symbol-name %t.so | FileCheck %s --check-prefix=EXPORTS
// RUN: llvm-readelf -d %t.so | FileCheck %s --check-prefix=NEEDED
// RUN: ral-run %t.so --describe | FileCheck %s --check-prefix=DESCRIBE
// RUN: ral-run %t.so --inputs %S/Inputs/mlp_x.npy %S/Inputs/mlp_w1.npy %S/Inputs/mlp_b1.npy | FileCheck %s --check-prefix=RESULT

// The input phase records the signature with JAX's names and inlines the
// private relu, which is then dropped.
// INPUT: func.func public @main
// INPUT-SAME: disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 64>}, {dtype = "f32", name = "w1", shape = array<i64: 64, 32>}, {dtype = "f32", name = "b1", shape = array<i64: 32>}], outputs = [{dtype = "f32", name = "logits", shape = array<i64: -1, 32>}]}
// INPUT-NOT: call @relu
// INPUT-NOT: func.func private @relu

// LINALG-LABEL: func.func public @main
// LINALG-NOT: call @relu
// LINALG: linalg.matmul
// LINALG: linalg.generic
// LINALG: arith.maximumf
// LINALG-NOT: func.func private @relu

// LLVM: c"{\22abi_version\22:1,{{.*}}\22functions\22:[{\22name\22:\22main\22,\22symbol\22:\22disc_entry_main\22,\22inputs\22:[{\22name\22:\22x\22,\22dtype\22:\22f32\22,\22shape\22:[-1,64]},{\22name\22:\22w1\22,{{.*}}\22outputs\22:[{\22name\22:\22logits\22,\22dtype\22:\22f32\22,\22shape\22:[-1,32]}]}]}\00"
// LLVM: define void @disc_entry_main(ptr

// EXPORTS: {{^}}disc_entry_main{{$}}
// EXPORTS-NEXT: {{^}}disc_model_abi_version{{$}}
// EXPORTS-NEXT: {{^}}disc_model_metadata{{$}}
// EXPORTS-NOT: {{.}}

// The runtime reads the signature back from disc_model_metadata().
// DESCRIBE: target: cpu ({{.+}})
// DESCRIBE-NEXT: compiler: disc 0.1.0 (LLVM 22.{{.+}})
// DESCRIBE-NEXT: source hash: fnv1a64:{{[0-9a-f]+}}
// DESCRIBE-NEXT: function main:
// DESCRIBE-NEXT: input 0 'x': ?x64xf32
// DESCRIBE-NEXT: input 1 'w1': 64x32xf32
// DESCRIBE-NEXT: input 2 'b1': 32xf32
// DESCRIBE-NEXT: output 0 'logits': ?x32xf32

// x rows are all 0.5 and all 1; w1 column 0 sums x, column 1 negates it,
// column 2 takes a quarter of x's first three; b1 is -1 but for column 2.
// RESULT: 2x32xf32=[31 0 1.375 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0][63 0 1.75 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]

// NEEDED-NOT: (NEEDED) Shared library: [{{[^lc]}}
// NEEDED-NOT: (NEEDED) Shared library: [{{lib[^cm]}}

module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x64xf32> loc("x"), %arg1: tensor<64x32xf32> loc("w1"), %arg2: tensor<32xf32> loc("b1")) -> (tensor<?x32xf32> {jax.result_info = "logits"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x64xf32>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<32> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %arg2, %3, dims = [1] : (tensor<32xf32>, tensor<2xi32>) -> tensor<?x32xf32>
    %5 = stablehlo.add %0, %4 : tensor<?x32xf32>
    %6 = call @relu(%5) : (tensor<?x32xf32>) -> tensor<?x32xf32>
    return %6 : tensor<?x32xf32>
  }
  func.func private @relu(%arg0: tensor<?x32xf32>) -> tensor<?x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x32xf32>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<32> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %cst, %2, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x32xf32>
    %4 = stablehlo.maximum %arg0, %3 : tensor<?x32xf32>
    return %4 : tensor<?x32xf32>
  }
}
