// Without an NVIDIA driver a CUDA model still loads and describes itself;
// running it fails with one line that says why, and CPU models still run.
// UNSUPPORTED: cuda-driver
// RUN: disc-compile %s --target=cuda -o %t.cuda.so
// RUN: disc-compile %s -o %t.cpu.so
// RUN: ral-run %t.cuda.so --describe | FileCheck %s --check-prefix=DESCRIBE
// RUN: not ral-run %t.cuda.so --input="4xf32=1 2 3 4" 2>&1 | FileCheck %s --check-prefix=NO-GPU
// RUN: not ral-run %t.cuda.so --input="4xf32=1 2 3 4" 2>&1 | count 1
// RUN: ral-run %t.cpu.so --input="4xf32=1 2 3 4" | FileCheck %s --check-prefix=CPU

// DESCRIBE: target: cuda
// NO-GPU: ral_recv_input: CUDA is not available: cannot load libcuda.so.1 ({{.*}}); is an NVIDIA driver installed?
// CPU: 4xf32=2 4 6 8

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = stablehlo.add %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
