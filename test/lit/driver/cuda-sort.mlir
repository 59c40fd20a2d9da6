// A sort on the cuda target runs its loops on the host, as a scatter does;
// a small static one compiles, its buffers moved to the host
// (cuda-sort-dynamic.mlir: one the host cannot hold).
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s
// RUN: disc-compile %s --target=cuda -o %t.so

// CHECK-LABEL: func.func public @main
// CHECK: "ral_recv_input" device "cpu"
// CHECK: "ral_alloc" device "cpu"
// CHECK: arith.cmpf olt
// CHECK-NOT: gpu.launch
func.func public @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
