"""chlo ops as JAX 0.10 prints them (exact GELU, jnp.var, jax.random.normal's
erf_inv, lax.top_k, the special functions, the broadcast_* ops of older
exporters), each decomposed into stablehlo by disc-chlo-to-stablehlo, against
references computed here with Python's math in double precision."""

import math

import numpy as np

from e2e import Case, jax_module, rng, run, tensor_type

# The f32 decompositions are within 4 ulp (relative 4 * 2^-23) of the
# correctly rounded value; f64 within a few ulp.
F32_RTOL = 5e-7
F64_RTOL = 1e-14
TINY = 1e-44


def unary_case(name, op, x, fn, rtol, result_element=None):
    element = {np.float32: "f32", np.float64: "f64", np.float16: "f16"}[x.dtype.type]
    in_type = tensor_type(x.shape, element)
    out_type = tensor_type(x.shape, result_element or element)
    mlir = jax_module([("x", in_type)], [(out_type, "result")],
                      ["%%0 = chlo.%s %%arg0 : %s -> %s" % (op, in_type, out_type),
                       "return %%0 : %s" % out_type])

    def reference(a):
        values = [fn(float(v)) for v in a.ravel()]
        out_dtype = np.bool_ if result_element == "i1" else a.dtype
        return np.array(values, np.float64).reshape(a.shape).astype(out_dtype)
    return Case(name, mlir, [x], reference, atol=TINY if x.dtype == np.float32 else 0.0,
                rtol=rtol)


def lgamma(v):
    if math.isnan(v):
        return math.nan
    try:
        return math.lgamma(v)
    except (ValueError, OverflowError):
        return math.inf


def erf_inv(y):
    """Newton's method on math.erf from a bisection start."""
    if abs(y) >= 1:
        return math.copysign(math.inf, y) if abs(y) == 1 else math.nan
    lo, hi = -7.0, 7.0
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if math.erf(mid) < y else (lo, mid)
    x = (lo + hi) / 2
    # Towards +-1 on erfc against 1 - |y|, which has no cancellation.
    for _ in range(3):
        slope = 2 / math.sqrt(math.pi) * math.exp(-x * x)
        if abs(y) > 0.5:
            x = math.copysign(abs(x) + (math.erfc(abs(x)) - (1 - abs(y))) / slope, y)
        else:
            x -= (math.erf(x) - y) / slope
    return x


def special_inputs(g, dtype, tail):
    values = np.concatenate([
        g.uniform(-4, 4, 200), g.uniform(-tail, tail, 100), g.uniform(-1, 1, 60),
        np.exp(g.uniform(-80, 40, 60)), -np.exp(g.uniform(-80, 40, 60)),
        [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-30, np.inf, -np.inf, np.nan]])
    return values.astype(dtype)


def special_function_cases():
    g = rng(1)
    cases = []
    for dtype, token, rtol, tail in [(np.float32, "f32", F32_RTOL, 10.5),
                                     (np.float64, "f64", F64_RTOL, 28.0)]:
        x = special_inputs(g, dtype, tail)
        cases.append(unary_case("erf_" + token, "erf", x, math.erf, rtol))
        cases.append(unary_case("erfc_" + token, "erfc", x, math.erfc, rtol))
        cases.append(unary_case("lgamma_" + token, "lgamma", np.abs(x), lgamma,
                                rtol if dtype == np.float32 else 1e-12))
        # For negative arguments the rounding of 1 - x in the reflection
        # limits the relative error (and no one gets 4 ulp near the zeros).
        negative = -(np.floor(g.uniform(0, 30, 100)) + g.uniform(0.05, 0.2, 100))
        cases.append(unary_case("lgamma_negative_" + token, "lgamma", negative.astype(dtype),
                                lgamma, 2e-5 if dtype == np.float32 else 1e-11))
    # f16 is computed in f32 and rounded once.
    x = g.uniform(-3, 3, 64).astype(np.float16)
    cases.append(unary_case("erf_f16", "erf", x, math.erf, 1e-3))
    y = np.concatenate([g.uniform(-1, 1, 200), [0.999999, -0.9999999, 1.0, -1.0, 0.0]])
    cases.append(unary_case("erf_inv_f32", "erf_inv", y.astype(np.float32), erf_inv, 5e-6))
    cases.append(unary_case("erf_inv_f64", "erf_inv", y.astype(np.float64), erf_inv, 1e-13))

    elementary = {
        "sinh": (math.sinh, -20, 20), "cosh": (math.cosh, -20, 20),
        "asin": (math.asin, -1, 1), "acos": (math.acos, -1, 1), "atan": (math.atan, -50, 50),
        "asinh": (math.asinh, -1e5, 1e5), "acosh": (math.acosh, 1, 1e5),
        "atanh": (lambda v: math.copysign(math.inf, v) if abs(v) == 1 else math.atanh(v), -1, 1),
        "tan": (math.tan, -1.5, 1.5),
    }
    for op, (fn, low, high) in elementary.items():
        # f64 expm1 and log1p are no better than 1e-10 near zero in the
        # lowering yet (log1p 3e-8 relative for tiny arguments, which atanh
        # shows), and sinh, asinh, atanh build on them.
        for dtype, token, rtol in [(np.float32, "f32", 4e-6), (np.float64, "f64", 1e-10)]:
            x = np.concatenate([g.uniform(low, high, 64), [low, high],
                                g.uniform(low, high, 8) * 1e-6]).astype(dtype)
            x = np.clip(x, low, high)
            if op == "atanh" and dtype == np.float64:
                rtol = 1e-7
            cases.append(unary_case("%s_%s" % (op, token), op, x, fn, rtol))
    return cases


def gelu_case():
    """jax.nn.gelu(x, approximate=False) as JAX 0.10 prints it."""
    t = "tensor<8x64xf32>"
    body = [
        "%cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>",
        "%0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> " + t,
        "%1 = stablehlo.multiply %0, %arg0 : " + t,
        "%2 = stablehlo.negate %arg0 : " + t,
        "%cst_0 = stablehlo.constant dense<0.707106769> : tensor<f32>",
        "%3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> " + t,
        "%4 = stablehlo.multiply %2, %3 : " + t,
        "%%5 = chlo.erfc %%4 : %s -> %s" % (t, t),
        "%6 = stablehlo.multiply %1, %5 : " + t,
        "return %6 : " + t,
    ]
    x = rng(2).normal(0, 3, (8, 64)).astype(np.float32)

    def reference(a):
        half = np.float32(0.707106769)
        return np.array([0.5 * float(v) * math.erfc(float(-v * half)) for v in a.ravel()],
                        np.float64).reshape(a.shape).astype(np.float32)
    return Case("gelu_exact", jax_module([("x", t)], [(t, "result")], body), [x], reference,
                atol=1e-6, rtol=2e-6)


VAR = """module @jit_var attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4xf32>) -> (tensor<2xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = call @_var(%arg0, %c) : (tensor<2x4xf32>, tensor<i32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @_var(%arg0: tensor<2x4xf32>, %arg1: tensor<i32>) -> tensor<2xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %cst_0 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x4xf32>
    %6 = chlo.square %5 : tensor<2x4xf32> -> tensor<2x4xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %11 = stablehlo.divide %9, %10 : tensor<2xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where(%12, %11, %cst_4) : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    return %13 : tensor<2xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2xf32>, %arg2: tensor<f32>) -> tensor<2xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2xf32>
    return %2 : tensor<2xf32>
  }
}
"""

# jax.random.normal's last step: uniform in (-1, 1) through erf_inv.
NORMAL = """module @jit_normal attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256xf32>) -> (tensor<256xf32> {jax.result_info = "result"}) {
    %0 = call @_normal_real(%arg0) : (tensor<256xf32>) -> tensor<256xf32>
    return %0 : tensor<256xf32>
  }
  func.func private @_normal_real(%arg0: tensor<256xf32>) -> tensor<256xf32> {
    %1 = chlo.erf_inv %arg0 : tensor<256xf32> -> tensor<256xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<256xf32>
    return %3 : tensor<256xf32>
  }
}
"""

TOP_K = """module @jit_top_k attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%%arg0: tensor<4x9x%(e)s>) -> (tensor<4x%(k)dx%(e)s> {jax.result_info = "result[0]"}, tensor<4x%(k)dxi32> {jax.result_info = "result[1]"}) {
    %%values, %%indices = chlo.top_k(%%arg0, k = %(k)d) : tensor<4x9x%(e)s> -> (tensor<4x%(k)dx%(e)s>, tensor<4x%(k)dxi32>)
    return %%values, %%indices : tensor<4x%(k)dx%(e)s>, tensor<4x%(k)dxi32>
  }
}
"""


def top_k_reference(k):
    def reference(a):
        def key(item):
            index, value = item
            if isinstance(value, float) and math.isnan(value):
                return (0 if math.copysign(1, value) > 0 else 2, 0.0, index)
            return (1, -value, index)
        values, indices = [], []
        for row in a:
            ranked = sorted(enumerate(row.tolist()), key=key)[:k]
            indices.append([i for i, _ in ranked])
            values.append([v for _, v in ranked])
        return [np.array(values, a.dtype), np.array(indices, np.int32)]
    return reference


def structured_cases():
    g = rng(3)
    cases = [gelu_case()]
    x = g.normal(0, 2, (2, 4)).astype(np.float32)
    cases.append(Case("var", VAR, [x], lambda a: np.var(a.astype(np.float64), axis=1)
                      .astype(np.float32), rtol=1e-5, atol=1e-6))
    u = np.concatenate([g.uniform(-0.99999994, 1, 250), [-0.99999994, 0.0, 0.5, 0.999, -0.5, 0.25]])
    u = u.astype(np.float32)
    cases.append(Case("random_normal_erf_inv", NORMAL, [u],
                      lambda a: np.array([math.sqrt(2) * erf_inv(float(v)) for v in a],
                                         np.float64).astype(np.float32),
                      rtol=5e-6, atol=1e-6))
    # Ties keep index order; +NaN sorts first and -inf last, as in a total order.
    x = g.integers(-3, 4, (4, 9)).astype(np.float32)
    x[1, 2] = np.nan
    x[2, 5] = -np.inf
    x[3, :] = 1.0
    for k in (1, 3, 9):
        cases.append(Case("top_k_f32_k%d" % k, TOP_K % {"e": "f32", "k": k}, [x],
                          top_k_reference(k)))
    xi = g.integers(-5, 5, (4, 9)).astype(np.int32)
    cases.append(Case("top_k_i32", TOP_K % {"e": "i32", "k": 4}, [xi], top_k_reference(4)))
    return cases


def predicate_cases():
    x = np.array([0.0, -0.0, 1.0, np.inf, -np.inf, np.nan, 3.4e38, -1e-45], np.float32)
    return [
        unary_case("is_inf", "is_inf", x, lambda v: math.isinf(v), 0, "i1"),
        unary_case("is_pos_inf", "is_pos_inf", x, lambda v: v == math.inf, 0, "i1"),
        unary_case("is_neg_inf", "is_neg_inf", x, lambda v: v == -math.inf, 0, "i1"),
    ]


def broadcast_case(name, op, a, b, reference, attrs="", result_element=None):
    ea, eb = [{np.float32: "f32", np.int32: "i32", np.bool_: "i1"}[v.dtype.type] for v in (a, b)]
    out_shape = np.broadcast_shapes(a.shape, b.shape) if not attrs else b.shape
    out_type = tensor_type(out_shape, result_element or eb)
    ta, tb = tensor_type(a.shape, ea), tensor_type(b.shape, eb)
    mlir = jax_module([("a", ta), ("b", tb)], [(out_type, "result")],
                      ["%%0 = chlo.%s %%arg0, %%arg1 %s: (%s, %s) -> %s" % (op, attrs, ta, tb, out_type),
                       "return %%0 : %s" % out_type])
    return Case(name, mlir, [a, b], reference)


def broadcast_cases():
    g = rng(4)
    row = g.normal(0, 1, (4,)).astype(np.float32)
    column = g.normal(0, 1, (3,)).astype(np.float32)
    matrix = g.normal(0, 1, (3, 4)).astype(np.float32)
    ints = g.integers(0, 100, (3, 4)).astype(np.int32)
    int_row = g.integers(0, 5, (4,)).astype(np.int32)
    dims1 = "{broadcast_dimensions = array<i64: 1>} "
    dims0 = "{broadcast_dimensions = array<i64: 0>} "
    cases = [
        broadcast_case("broadcast_add_dims", "broadcast_add", row, matrix,
                       lambda a, b: a[None, :] + b, dims1),
        broadcast_case("broadcast_subtract_column", "broadcast_subtract", column, matrix,
                       lambda a, b: a[:, None] - b, dims0),
        broadcast_case("broadcast_multiply_numpy", "broadcast_multiply", row, matrix,
                       lambda a, b: a * b),
        broadcast_case("broadcast_maximum", "broadcast_maximum", row, matrix,
                       lambda a, b: np.maximum(a, b)),
        broadcast_case("broadcast_compare_gt", "broadcast_compare", column, matrix,
                       lambda a, b: a[:, None] > b,
                       "{broadcast_dimensions = array<i64: 0>, comparison_direction = "
                       "#chlo<comparison_direction GT>} ", "i1"),
        broadcast_case("broadcast_and", "broadcast_and", int_row, ints,
                       lambda a, b: a & b, dims1),
        broadcast_case("broadcast_shift_left", "broadcast_shift_left", int_row, ints % 8,
                       lambda a, b: np.left_shift(a[None, :], b), dims1),
    ]
    pred = g.integers(0, 2, (3, 4)).astype(np.bool_)
    t = tensor_type((3, 4), "f32")
    mlir = jax_module([("p", tensor_type((3, 4), "i1")), ("a", tensor_type((4,), "f32")), ("b", t)],
                      [(t, "result")],
                      ["%%0 = chlo.broadcast_select %%arg0, %%arg1, %%arg2 : (tensor<3x4xi1>, "
                       "tensor<4xf32>, %s) -> %s" % (t, t), "return %%0 : %s" % t])
    cases.append(Case("broadcast_select", mlir, [pred, row, matrix],
                      lambda p, a, b: np.where(p, a[None, :], b)))
    return cases


def error_cases():
    bad = jax_module([("x", "tensor<4xi32>")], [("tensor<4xi32>", "result")],
                     ["%0 = chlo.erf %arg0 : tensor<4xi32> -> tensor<4xi32>",
                      "return %0 : tensor<4xi32>"])
    unsupported = jax_module([("x", "tensor<4xf32>"), ("q", "tensor<4xf32>")],
                             [("tensor<4xf32>", "result")],
                             ["%0 = chlo.zeta %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>",
                              "return %0 : tensor<4xf32>"])
    return [
        Case("erf_on_integers", bad, expect="compile_error",
             stderr_patterns=[r"erf_on_integers\.mlir:3:\d+: error: 'chlo\.erf' op operand #0 "
                              r"must be ranked tensor of floating-point values"],
             max_stderr_lines=3),
        Case("zeta_unsupported", unsupported, expect="compile_error",
             stderr_patterns=[r"zeta_unsupported\.mlir:3:\d+: error: chlo\.zeta is not "
                              r"supported by disc yet"],
             max_stderr_lines=6),
    ]


run(special_function_cases() + structured_cases() + predicate_cases() + broadcast_cases()
    + error_cases())
