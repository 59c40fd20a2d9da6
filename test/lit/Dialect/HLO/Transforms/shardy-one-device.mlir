// RUN: disc-opt %s --disc-shardy-one-device --split-input-file --verify-diagnostics | FileCheck %s

// On a mesh of one device the mesh goes, shardings go, and the manual
// computation's body takes its place.
// CHECK-LABEL: module @one_device
// CHECK-NOT: sdy
// CHECK: func.func public @main(%arg0: tensor<8x4xf32>, %arg1: tensor<4xf32>) -> (tensor<8x4xf32> {jax.result_info = "result"})
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1]
// CHECK: %[[SUM:.*]] = stablehlo.add %arg0, %[[B]]
// CHECK: %[[R:.*]] = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %[[SUM]]) {backend_config = ""}
// CHECK: return %[[R]]
module @one_device {
  sdy.mesh @mesh = <["data"=1]> {stablehlo.mesh = {axes = [{name = "data", size = 1 : i64}]}}
  func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<4xf32>) -> (tensor<8x4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data", ?}, {}]>}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"data"}p1]> : tensor<8x4xf32>
    %1 = sdy.manual_computation(%0, %arg1) in_shardings=[<@mesh, [{"data"}, {}]>, <@mesh, [{}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data"} (%arg2: tensor<8x4xf32>, %arg3: tensor<4xf32>) {
      %2 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
      %3 = stablehlo.add %arg2, %2 : tensor<8x4xf32>
      sdy.return %3 : tensor<8x4xf32>
    } : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
    %4 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %1) {backend_config = "", sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=8, j=4, k=8, l=4, m=8, n=4}, custom>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    return %4 : tensor<8x4xf32>
  }
}

// -----

// expected-error @+1 {{sdy.mesh @mesh has 8 devices; disc runs a program on one device}}
sdy.mesh @mesh = <["data"=2, "model"=4]>

// -----

sdy.mesh @mesh = <["data"=1]>
func.func @shard(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sdy.manual_computation's body sees 'tensor<4xf32>' of a value of type 'tensor<8xf32>', a shard of a value split over several devices; disc runs a program on one device}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"data"}]>] out_shardings=[<@mesh, [{"data"}]>] manual_axes={"data"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
