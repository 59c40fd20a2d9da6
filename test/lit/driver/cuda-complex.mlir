// complex<f32> compiled for CUDA: the multiply is one kernel that reads
// each element as its two f32 parts and computes (ac - bd, ad + bc) with
// no library call; the .so imports nothing and its metadata names c64.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0
// RUN: ral-run %t.so --describe | FileCheck %s --check-prefix=DESCRIBE

// PTX: .visible .entry main_kernel(
// PTX-DAG: ld.global.b32 %{{.*}}, [%[[A:rd[0-9]+]]];
// PTX-DAG: ld.global.b32 %{{.*}}, [%[[A]]+4];
// PTX-DAG: mul.rn.f32
// PTX-DAG: sub.rn.f32
// PTX-DAG: add.rn.f32
// PTX-NOT: call
// PTX: ret;

// DESCRIBE: target: cuda
// DESCRIBE: input 0 'arg0': 4x8xc64
// DESCRIBE: input 1 'arg1': 4x8xc64
// DESCRIBE: output 0 'result0': 4x8xc64

func.func @main(%x: tensor<4x8xcomplex<f32>>, %y: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  %0 = stablehlo.multiply %x, %y : tensor<4x8xcomplex<f32>>
  return %0 : tensor<4x8xcomplex<f32>>
}
