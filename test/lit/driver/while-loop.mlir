// A stablehlo.while whose trip count is a run-time input compiles, and its
// loop-carried tensor is updated in place: the sum of x taken n times is
// n * x.
// RUN: rm -rf %t && mkdir -p %t
// RUN: disc-compile %s -o %t/while.so
// RUN: ral-run %t/while.so --input="4xf32=1 2 3 4" --input="i32=10" | FileCheck %s
// RUN: ral-run %t/while.so --input="4xf32=1 2 3 4" --input="i32=0" | FileCheck %s --check-prefix=ZERO
// Iterations allocate nothing: a thousand of them run within 256 bytes of
// temporaries (about 25 iterations' worth if each had its own buffers).
// RUN: ral-run %t/while.so --input="4xf32=1 2 3 4" --input="i32=1000" --memory-limit=256 | FileCheck %s --check-prefix=LONG

// A body that cannot update its state in place (a reversal) gets fresh
// buffers each iteration and frees those of the iteration before.
// RUN: ral-run %t/while.so --function=reverse_loop --input="4xf32=1 2 3 4" --input="i32=1001" --memory-limit=256 | FileCheck %s --check-prefix=REVERSED

// On the cuda target the loop counter and the condition live on the host,
// the host reads n from its own receive, and the sum is a kernel.
// RUN: disc-compile --target=cuda --compile-to=device %s | FileCheck %s --check-prefix=CUDA

// CHECK: 4xf32=10 20 30 40
// ZERO: 4xf32=0 0 0 0
// LONG: 4xf32=1000 2000 3000 4000
// REVERSED: 4xf32=4 3 2 1
// CUDA-DAG: %[[N:.*]] = disc_ral.dispatch %{{.*}}, "ral_recv_input" device "cpu" may_fail(%c1_i64)
// CUDA-DAG: "ral_recv_input" device "gpu" may_fail(%c0_i64)
// CUDA-NOT: "ral_recv_input" device "gpu" may_fail(%c1_i64)
// CUDA: memref.load %[[N]][]
// CUDA: arith.cmpi slt
// CUDA: cf.cond_br
// CUDA: "ral_kernel_launch" device "gpu"
module @jit_repeat_add attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> loc("x"), %arg1: tensor<i32> loc("n")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_1 = %cst) : tensor<i32>, tensor<4xf32>
    cond {
      %1 = stablehlo.compare  LT, %iterArg, %arg1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = stablehlo.add %iterArg, %c_0 : tensor<i32>
      %2 = stablehlo.add %iterArg_1, %arg0 : tensor<4xf32>
      stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
    }
    return %0#1 : tensor<4xf32>
  }
  func.func public @reverse_loop(%arg0: tensor<4xf32> loc("x"), %arg1: tensor<i32> loc("n")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_1 = %arg0) : tensor<i32>, tensor<4xf32>
    cond {
      %1 = stablehlo.compare  LT, %iterArg, %arg1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = stablehlo.add %iterArg, %c_0 : tensor<i32>
      %2 = stablehlo.reverse %iterArg_1, dims = [0] : tensor<4xf32>
      stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
    }
    return %0#1 : tensor<4xf32>
  }
}
