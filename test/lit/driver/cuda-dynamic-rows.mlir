// Rows normalized by their sum, with a row count known only at run time,
// compiled for CUDA: the sum launches one block per row of the input (no
// launch at all for no rows), and the elementwise kernels' block counts are
// rounded-up divisions the host computes with plain integer ops.
// RUN: disc-compile %s --target=cuda --compile-to=device | FileCheck %s
// RUN: disc-compile %s --target=cuda -o %t.so
// RUN: llvm-nm -u %t.so | count 0

// CHECK: %[[X:.*]] = disc_ral.dispatch %arg0, "ral_recv_input"
// The fill of the sums with 0 comes first.
// CHECK: "ral_kernel_launch"
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %c0 : memref<?x1024xf32>
// CHECK-NEXT: %[[ANY:.*]] = arith.cmpi ugt, %[[ROWS]], %c0 : index
// CHECK: cf.cond_br %[[ANY]], ^[[LAUNCH:.*]], ^
// CHECK: ^[[LAUNCH]]:
// CHECK: %[[BLOCKS:.*]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK: disc_ral.dispatch %arg0, "ral_kernel_launch" device "gpu" may_fail(%{{.*}}, %{{.*}}, %[[BLOCKS]], %c1_i64, %c1_i64, %c256_i64,
// CHECK-NOT: arith.ceildivui
// CHECK: "ral_send_output"

func.func @main(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<?x1024xf32>, tensor<f32>) -> tensor<?xf32>
  %b = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<?xf32>) -> tensor<?x1024xf32>
  %r = stablehlo.divide %x, %b : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}
