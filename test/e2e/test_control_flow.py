"""while, if, case, and values the host needs to run them.

On the cuda target these are the programs whose host code reads values: the
loop counter and condition, a predicate, a branch index. Small ones live on
the host; a condition computed from a large tensor is copied from the GPU.
"""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run


def counted_loop_cases():
    """x added to itself n times, as JAX writes a fori_loop."""
    mlir = jax_module(
        [("x", "tensor<4xf32>"), ("n", "tensor<i32>")], [("tensor<4xf32>", "result")],
        ["%c = stablehlo.constant dense<0> : tensor<i32>",
         "%c_0 = stablehlo.constant dense<1> : tensor<i32>",
         "%cst = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>",
         "%0:2 = stablehlo.while(%iterArg = %c, %iterArg_1 = %cst) : tensor<i32>, tensor<4xf32>",
         " cond {",
         "  %1 = stablehlo.compare  LT, %iterArg, %arg1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>",
         "  stablehlo.return %1 : tensor<i1>",
         "} do {",
         "  %1 = stablehlo.add %iterArg, %c_0 : tensor<i32>",
         "  %2 = stablehlo.add %iterArg_1, %arg0 : tensor<4xf32>",
         "  stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>",
         "}",
         "return %0#1 : tensor<4xf32>"])
    x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
    return [Case("while_counted_%d" % n, mlir, [x, np.array(n, np.int32)],
                 lambda x, n: x * np.float32(max(int(n), 0)))
            for n in (0, 1, 7)]


def converging_loop_case():
    """Doubles x until its sum reaches a limit: the condition needs a reduction
    of the whole loop state."""
    mlir = jax_module(
        [("x", "tensor<4096xf32>"), ("limit", "tensor<f32>")], [("tensor<4096xf32>", "result")],
        ["%cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
         "%cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<4096xf32>",
         "%0 = stablehlo.while(%iterArg = %arg0) : tensor<4096xf32>",
         " cond {",
         "  %1 = stablehlo.reduce(%iterArg init: %cst) applies stablehlo.add across dimensions = [0] "
         ": (tensor<4096xf32>, tensor<f32>) -> tensor<f32>",
         "  %2 = stablehlo.compare  LT, %1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
         "  stablehlo.return %2 : tensor<i1>",
         "} do {",
         "  %1 = stablehlo.multiply %iterArg, %cst_0 : tensor<4096xf32>",
         "  stablehlo.return %1 : tensor<4096xf32>",
         "}",
         "return %0 : tensor<4096xf32>"])

    def reference(x, limit):
        # Powers of two keep every sum exact, so the trip count is the same.
        while x.sum(dtype=np.float32) < limit:
            x = x * np.float32(2)
        return x

    x = np.ones(4096, np.float32)
    return Case("while_until_sum", mlir, [x, np.array(100000, np.float32)], reference)


def branch_cases():
    g = rng(70)
    x = random_array(g, (3, 4), "f32")
    if_mlir = jax_module(
        [("p", "tensor<i1>"), ("x", "tensor<3x4xf32>")], [("tensor<3x4xf32>", "result")],
        ["%0 = \"stablehlo.if\"(%arg0) ({",
         "  %1 = stablehlo.add %arg1, %arg1 : tensor<3x4xf32>",
         "  stablehlo.return %1 : tensor<3x4xf32>",
         "}, {",
         "  %1 = stablehlo.negate %arg1 : tensor<3x4xf32>",
         "  stablehlo.return %1 : tensor<3x4xf32>",
         "}) : (tensor<i1>) -> tensor<3x4xf32>",
         "return %0 : tensor<3x4xf32>"])
    cases = [Case("if_%s" % p, if_mlir, [np.array(p), x],
                  lambda p, x: x + x if p else -x) for p in (True, False)]
    case_mlir = jax_module(
        [("i", "tensor<i32>"), ("x", "tensor<3x4xf32>")], [("tensor<3x4xf32>", "result")],
        ["%0 = \"stablehlo.case\"(%arg0) ({",
         "  %1 = stablehlo.exponential %arg1 : tensor<3x4xf32>",
         "  stablehlo.return %1 : tensor<3x4xf32>",
         "}, {",
         "  %1 = stablehlo.multiply %arg1, %arg1 : tensor<3x4xf32>",
         "  stablehlo.return %1 : tensor<3x4xf32>",
         "}, {",
         "  stablehlo.return %arg1 : tensor<3x4xf32>",
         "}) : (tensor<i32>) -> tensor<3x4xf32>",
         "return %0 : tensor<3x4xf32>"])
    # stablehlo.case runs the last branch for an index out of range.
    branches = [np.exp, lambda x: x * x, lambda x: x]
    cases += [Case("case_%d" % i, case_mlir, [np.array(i, np.int32), x],
                   lambda i, x: branches[i if 0 <= i < 2 else 2](x), atol=1e-4)
              for i in (0, 1, 2, 7, -1)]
    return cases


def constant_output_case():
    """A constant returned as it is, beside a computed output."""
    mlir = jax_module(
        [("x", "tensor<4xf32>")], [("tensor<4xf32>", "result0"), ("tensor<2xi32>", "result1")],
        ["%c = stablehlo.constant dense<[3, -4]> : tensor<2xi32>",
         "%0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>",
         "return %0, %c : tensor<4xf32>, tensor<2xi32>"])
    x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    return Case("constant_output", mlir, [x],
                lambda x: [x + x, np.array([3, -4], np.int32)])


run(counted_loop_cases() + [converging_loop_case()] + branch_cases() + [constant_output_case()])
