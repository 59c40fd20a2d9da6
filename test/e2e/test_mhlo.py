"""The MLP spelled in mhlo.* (as current MHLO and as older JAX printed it) and
in the generic op form; an mhlo softmax."""

import numpy as np

from e2e import Case, rng, run
from models import mlp_inputs, mlp_reference, mlp_stablehlo, softmax

MHLO_MLP = mlp_stablehlo().replace("stablehlo.", "mhlo.")

# jax 0.4.1's lower(...).compiler_ir("mhlo"): generic ops with DenseIntElements
# attributes, no argument names, no result_info.
MHLO_MLP_OLD_JAX = """module @jit_mlp {
  func.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<64x128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128x10xf32>, %arg4: tensor<10xf32>) -> tensor<8x10xf32> {
    %0 = "mhlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #mhlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>]} : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %1 = "mhlo.reshape"(%arg2) : (tensor<128xf32>) -> tensor<1x128xf32>
    %2 = "mhlo.broadcast_in_dim"(%1) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x128xf32>) -> tensor<8x128xf32>
    %3 = mhlo.add %0, %2 : tensor<8x128xf32>
    %4 = call @relu(%3) : (tensor<8x128xf32>) -> tensor<8x128xf32>
    %5 = "mhlo.dot_general"(%4, %arg3) {dot_dimension_numbers = #mhlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>]} : (tensor<8x128xf32>, tensor<128x10xf32>) -> tensor<8x10xf32>
    %6 = "mhlo.reshape"(%arg4) : (tensor<10xf32>) -> tensor<1x10xf32>
    %7 = "mhlo.broadcast_in_dim"(%6) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x10xf32>) -> tensor<8x10xf32>
    %8 = mhlo.add %5, %7 : tensor<8x10xf32>
    return %8 : tensor<8x10xf32>
  }
  func.func private @relu(%arg0: tensor<8x128xf32>) -> tensor<8x128xf32> {
    %0 = mhlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = "mhlo.broadcast_in_dim"(%0) {broadcast_dimensions = dense<> : tensor<0xi64>} : (tensor<f32>) -> tensor<8x128xf32>
    %2 = mhlo.maximum %arg0, %1 : tensor<8x128xf32>
    return %2 : tensor<8x128xf32>
  }
}
"""

# mlir-opt --mlir-print-op-generic of the StableHLO MLP.
GENERIC_MLP = """"builtin.module"() <{sym_name = "jit_mlp"}> ({
  "func.func"() <{function_type = (tensor<8x64xf32>, tensor<64x128xf32>, tensor<128xf32>, tensor<128x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x64xf32> loc("x"), %arg1: tensor<64x128xf32> loc("w1"), %arg2: tensor<128xf32> loc("b1"), %arg3: tensor<128x10xf32> loc("w2"), %arg4: tensor<10xf32> loc("b2")):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %1 = "stablehlo.reshape"(%arg2) : (tensor<128xf32>) -> tensor<1x128xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x128xf32>) -> tensor<8x128xf32>
    %3 = "stablehlo.add"(%0, %2) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
    %4 = "func.call"(%3) <{callee = @relu}> : (tensor<8x128xf32>) -> tensor<8x128xf32>
    %5 = "stablehlo.dot_general"(%4, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x128xf32>, tensor<128x10xf32>) -> tensor<8x10xf32>
    %6 = "stablehlo.reshape"(%arg4) : (tensor<10xf32>) -> tensor<1x10xf32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xf32>) -> tensor<8x10xf32>
    %8 = "stablehlo.add"(%5, %7) : (tensor<8x10xf32>, tensor<8x10xf32>) -> tensor<8x10xf32>
    "func.return"(%8) : (tensor<8x10xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<8x128xf32>) -> tensor<8x128xf32>, sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x128xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x128xf32>
    %2 = "stablehlo.maximum"(%arg0, %1) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
    "func.return"(%2) : (tensor<8x128xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
"""

MHLO_SOFTMAX = """module @jit_softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32> loc("logits")) -> (tensor<4x6xf32> {jax.result_info = "result"}) {
    %0 = mhlo.constant dense<0xFF800000> : tensor<f32>
    %1 = mhlo.reduce(%arg0 init: %0) applies mhlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = mhlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
    %3 = mhlo.subtract %arg0, %2 : tensor<4x6xf32>
    %4 = mhlo.exponential %3 : tensor<4x6xf32>
    %5 = mhlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = mhlo.reduce(%4 init: %5) applies mhlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
    %7 = mhlo.broadcast_in_dim %6, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
    %8 = mhlo.divide %4, %7 : tensor<4x6xf32>
    return %8 : tensor<4x6xf32>
  }
}
"""


def cases():
    g = rng(110)
    inputs = mlp_inputs(g, 8)
    tolerance = dict(atol=1e-4, rtol=1e-4)
    x = (g.standard_normal((4, 6)) * 3).astype(np.float32)
    return [
        Case("mhlo_mlp_f32", MHLO_MLP, inputs, mlp_reference, **tolerance),
        Case("mhlo_mlp_old_jax_f32", MHLO_MLP_OLD_JAX, inputs, mlp_reference, **tolerance),
        Case("generic_mlp_f32", GENERIC_MLP, inputs, mlp_reference, **tolerance),
        Case("mhlo_softmax_f32", MHLO_SOFTMAX, [x],
             lambda x: softmax(x.astype(np.float64)).astype(np.float32), atol=1e-6, rtol=1e-5),
    ]


run(cases())
