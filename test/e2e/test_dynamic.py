"""Dynamic dimensions: one compile, runs at several batch sizes; run-time
shape checks against the static dims."""

import re

import numpy as np

from e2e import Case, CaseFailure, first_error_line, jax_module, rng, run
from models import mlp_inputs, mlp_reference

# jax.export of the MLP with a symbolic batch (shape polymorphism): the batch
# size is read with get_dimension_size and the biases broadcast dynamically.
DYNAMIC_MLP = """module @jit_mlp attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x64xf32> loc("x"), %arg1: tensor<64x128xf32> loc("w1"), %arg2: tensor<128xf32> loc("b1"), %arg3: tensor<128x10xf32> loc("w2"), %arg4: tensor<10xf32> loc("b2")) -> (tensor<?x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x64xf32>) -> tensor<i32>
    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x64xf32>, tensor<64x128xf32>) -> tensor<?x128xf32>
    %2 = stablehlo.reshape %arg2 : (tensor<128xf32>) -> tensor<1x128xf32>
    %3 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<128> : tensor<1xi32>
    %4 = stablehlo.concatenate %3, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %5 = stablehlo.dynamic_broadcast_in_dim %2, %4, dims = [0, 1] : (tensor<1x128xf32>, tensor<2xi32>) -> tensor<?x128xf32>
    %6 = stablehlo.add %1, %5 : tensor<?x128xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.dynamic_broadcast_in_dim %cst, %4, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x128xf32>
    %8 = stablehlo.maximum %6, %7 : tensor<?x128xf32>
    %9 = stablehlo.dot_general %8, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x128xf32>, tensor<128x10xf32>) -> tensor<?x10xf32>
    %10 = stablehlo.reshape %arg4 : (tensor<10xf32>) -> tensor<1x10xf32>
    %c_0 = stablehlo.constant dense<10> : tensor<1xi32>
    %11 = stablehlo.concatenate %3, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %12 = stablehlo.dynamic_broadcast_in_dim %10, %11, dims = [0, 1] : (tensor<1x10xf32>, tensor<2xi32>) -> tensor<?x10xf32>
    %13 = stablehlo.add %9, %12 : tensor<?x10xf32>
    return %13 : tensor<?x10xf32>
  }
}
"""

# Elementwise work and a row reduction on a dynamic batch.
DYNAMIC_ROWS = jax_module(
    [("x", "tensor<?x64xf32>"), ("y", "tensor<?x64xf32>")],
    [("tensor<?x64xf32>", "[0]"), ("tensor<?xf32>", "[1]")],
    ["%0 = stablehlo.multiply %arg0, %arg1 : tensor<?x64xf32>",
     "%1 = stablehlo.tanh %0 : tensor<?x64xf32>",
     "%2 = stablehlo.add %1, %arg0 : tensor<?x64xf32>",
     "%cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
     "%3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [1] : "
     "(tensor<?x64xf32>, tensor<f32>) -> tensor<?xf32>",
     "return %2, %3 : tensor<?x64xf32>, tensor<?xf32>"],
    module_name="jit_rows")


def rows_reference(x, y):
    z = np.tanh(x.astype(np.float64) * y) + x
    return [z.astype(np.float32), z.sum(axis=1).astype(np.float32)]


# Every dim dynamic.
DYNAMIC_2D = jax_module(
    [("a", "tensor<?x?xi32>"), ("b", "tensor<?x?xi32>")], [("tensor<?x?xi32>", "result")],
    ["%0 = stablehlo.maximum %arg0, %arg1 : tensor<?x?xi32>",
     "%1 = stablehlo.subtract %0, %arg1 : tensor<?x?xi32>",
     "return %1 : tensor<?x?xi32>"],
    module_name="jit_max_sub")

# Data movement and contractions with dynamic dims.
DYNAMIC_MOVES = jax_module(
    [("a", "tensor<?x4xf32>"), ("b", "tensor<?x4xf32>"), ("m", "tensor<4x?xf32>")],
    [("tensor<?x4xf32>", "[0]"), ("tensor<4x?xf32>", "[1]"), ("tensor<?x?xf32>", "[2]"),
     ("tensor<?xi32>", "[3]")],
    ["%0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>",
     "%1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<?x4xf32>) -> tensor<4x?xf32>",
     "%2 = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : "
     "(tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>",
     "%3 = stablehlo.convert %arg1 : (tensor<?x4xf32>) -> tensor<?x4xi32>",
     "%c = stablehlo.constant dense<-2147483648> : tensor<i32>",
     "%4 = stablehlo.reduce(%3 init: %c) applies stablehlo.maximum across dimensions = [1] : "
     "(tensor<?x4xi32>, tensor<i32>) -> tensor<?xi32>",
     "return %0, %1, %2, %4 : tensor<?x4xf32>, tensor<4x?xf32>, tensor<?x?xf32>, tensor<?xi32>"],
    module_name="jit_moves")


def moves_reference(a, b, m):
    return [np.concatenate([a, b]), a.T.copy(),
            (b.astype(np.float64) @ m).astype(np.float32),
            np.trunc(b).astype(np.int32).max(axis=1)]


STATIC = jax_module(
    [("features", "tensor<8x64xf32>")], [("tensor<8x64xf32>", "result")],
    ["%0 = stablehlo.exponential %arg0 : tensor<8x64xf32>", "return %0 : tensor<8x64xf32>"],
    module_name="jit_exp")


def describe_signature(runner):
    """The signature recorded in the .so: names from loc(...) and
    jax.result_info, -1/? for the dynamic batch."""
    program = Case("describe_dynamic_mlp", DYNAMIC_MLP)
    rc, stderr, so_path = runner.compile(program)
    if rc != 0:
        raise CaseFailure("disc-compile: " + first_error_line(stderr))
    rc, stdout, stderr = runner.run_tool([runner.runner, so_path, "--describe"], 60)
    if rc != 0:
        raise CaseFailure("ral-run --describe: " + first_error_line(stderr))
    expected = [r"input 0 'x': (\?|-1)x64xf32", r"input 1 'w1': 64x128xf32", r"input 2 'b1': 128xf32",
                r"input 3 'w2': 128x10xf32", r"input 4 'b2': 10xf32",
                r"output 0 'result': (\?|-1)x10xf32"]
    for pattern in expected:
        if not re.search(pattern, stdout):
            raise CaseFailure("--describe lacks /%s/:\n%s" % (pattern, stdout.strip()))


def cases():
    g = rng(100)
    result = []
    for batch in (1, 7, 1000):
        result.append(Case("dynamic_mlp_batch%d" % batch, DYNAMIC_MLP, mlp_inputs(g, batch),
                           mlp_reference, atol=1e-4, rtol=1e-4))
    for batch in (1, 7, 1000, 0):
        x = g.standard_normal((batch, 64)).astype(np.float32)
        y = g.standard_normal((batch, 64)).astype(np.float32)
        result.append(Case("dynamic_rows_batch%d" % batch, DYNAMIC_ROWS, [x, y], rows_reference,
                           atol=1e-4, rtol=1e-5))
    for rows_a, rows_b, cols in [(1, 1, 1), (3, 5, 7), (100, 17, 33)]:
        a = (g.standard_normal((rows_a, 4)) * 10).astype(np.float32)
        b = (g.standard_normal((rows_b, 4)) * 10).astype(np.float32)
        m = g.standard_normal((4, cols)).astype(np.float32)
        result.append(Case("dynamic_moves_%d_%d_%d" % (rows_a, rows_b, cols), DYNAMIC_MOVES,
                           [a, b, m], moves_reference, atol=1e-4, rtol=1e-5))
    for shape in [(1, 1), (3, 17), (64, 5)]:
        a = g.integers(-100, 100, size=shape, dtype=np.int32)
        b = g.integers(-100, 100, size=shape, dtype=np.int32)
        result.append(Case("dynamic_2d_%dx%d" % shape, DYNAMIC_2D, [a, b],
                           lambda a, b: np.maximum(a, b) - b))

    # Shapes that contradict the signature fail before the entry runs, with a
    # message naming the input and both shapes.
    bad = g.standard_normal((9, 64)).astype(np.float32)
    result.append(Case("static_dim_mismatch", STATIC, [bad], expect="run_error",
                       stderr_patterns=[r"^ral-run: error: ", r"features", r"(?<![0-9])9x64", r"(?<![0-9])8x64"]))
    bad_rank = g.standard_normal((8, 64, 1)).astype(np.float32)
    result.append(Case("static_rank_mismatch", STATIC, [bad_rank], expect="run_error",
                       stderr_patterns=[r"^ral-run: error: ", r"features", r"rank|8x64x1|\[8, ?64, ?1\]"]))
    bad_minor = g.standard_normal((7, 63)).astype(np.float32)
    result.append(Case("dynamic_batch_static_dim_mismatch", DYNAMIC_ROWS,
                       [bad_minor, bad_minor], expect="run_error",
                       stderr_patterns=[r"^ral-run: error: ", r"'x'|\bx\b", r"(?<![0-9])63(?![0-9])",
                                        r"(?<![0-9])64(?![0-9])"]))
    # Two dynamic inputs of different batch sizes reach the compiled code; it
    # must report the mismatch, not read out of bounds or crash.
    x = g.standard_normal((3, 64)).astype(np.float32)
    y = g.standard_normal((4, 64)).astype(np.float32)
    result.append(Case("describe_dynamic_signature", "", expect="custom", custom=describe_signature))
    result.append(Case("dynamic_batch_disagreement", DYNAMIC_ROWS, [x, y], expect="run_error",
                       stderr_patterns=[r"^ral-run: error: "]))
    # The second operand much smaller than the first: reading past it crashes.
    x = g.standard_normal((4000, 64)).astype(np.float32)
    result.append(Case("dynamic_batch_disagreement_smaller_rhs", DYNAMIC_ROWS, [x, y],
                       expect="run_error", stderr_patterns=[r"^ral-run: error: "]))
    return result


run(cases())
