// The phases after linalg, on a program as the linalg phase leaves it.
// RUN: disc-compile %s --compile-from=linalg --compile-to=buffers | FileCheck %s --check-prefix=BUFFERS
// RUN: disc-compile %s --compile-from=linalg --compile-to=ral | FileCheck %s --check-prefix=RAL
// RUN: disc-compile %s --compile-from=linalg --compile-to=device | FileCheck %s --check-prefix=DEVICE
// RUN: disc-compile %s --compile-from=linalg --compile-to=llvm | FileCheck %s --check-prefix=LLVM

// BUFFERS-LABEL: func.func public @main
// BUFFERS-SAME: (%[[X:.*]]: memref<?x4xf32>, %[[B:.*]]: memref<4xf32>) -> (memref<?x4xf32> {jax.result_info = "y"})
// BUFFERS: %[[OUT:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x4xf32>
// BUFFERS: linalg.generic
// BUFFERS-SAME: ins(%[[X]], %[[B]] : memref<?x4xf32>, memref<4xf32>) outs(%[[OUT]] : memref<?x4xf32>)
// BUFFERS: return %[[OUT]]

// RAL-LABEL: func.func public @main
// RAL-SAME: (%[[CTX:.*]]: !disc_ral.context)
// RAL-DAG: disc_ral.dispatch %[[CTX]], "ral_recv_input" device "cpu" {{.*}} -> memref<?x4xf32>
// RAL-DAG: disc_ral.dispatch %[[CTX]], "ral_recv_input" device "cpu" {{.*}} -> memref<4xf32>
// RAL: disc_ral.dispatch %[[CTX]], "ral_alloc"
// RAL: linalg.generic
// RAL: disc_ral.dispatch %[[CTX]], "ral_send_output"

// The loop over a dynamic number of rows runs on every core: an outlined
// function of plain control flow, exp as a polynomial, no linalg or affine
// left.
// DEVICE-LABEL: func.func public @main
// DEVICE-NOT: linalg.
// DEVICE-NOT: scf.
// DEVICE: disc_ral.parallel_for %{{.*}}, @main_parallel(
// DEVICE: disc_ral.dispatch %{{.*}}, "ral_send_output"
// DEVICE-LABEL: func.func private @main_parallel
// DEVICE-NOT: linalg.
// DEVICE-NOT: math.exp
// DEVICE-NOT: affine.
// DEVICE-NOT: scf.
// DEVICE: cf.cond_br
// DEVICE: memref.load
// DEVICE: memref.store

// LLVM: llvm.func @disc_entry_main(%{{.*}}: !llvm.ptr)
// LLVM: llvm.func @disc_model_abi_version() -> i32

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func public @main(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> (tensor<?x4xf32> {jax.result_info = "y"})
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}, {dtype = "f32", name = "b", shape = array<i64: 4>}], outputs = [{dtype = "f32", name = "y", shape = array<i64: -1, 4>}]}} {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%n) : tensor<?x4xf32>
  %y = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<?x4xf32>, tensor<4xf32>) outs(%empty : tensor<?x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %e = math.exp %in : f32
    %s = arith.addf %e, %bias : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
