"""Elementwise arithmetic and math ops on float and integer types."""

import numpy as np

from e2e import Case, elementwise_case, jax_module, random_array, rng, run

SHAPE = (4, 5)
INT_TYPES = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]
SIGNED_TYPES = ["i8", "i16", "i32", "i64"]
FLOAT_TOLERANCE = {"f16": (2e-3, 2e-3), "f32": (1e-5, 1e-5), "f64": (1e-10, 1e-10)}


def as_type(fn):
    """Reference computed in float64 (float32 for f16, as a float16 op rounds a
    float32 result) and rounded to the input's dtype."""
    def reference(*arrays):
        dtype = arrays[0].dtype
        wide = np.float32 if dtype == np.float16 else np.float64
        with np.errstate(all="ignore"):
            return np.asarray(fn(*[a.astype(wide) for a in arrays])).astype(dtype)
    return reference


def trunc_divide(a, b):
    """Integer division rounding toward zero, as C and StableHLO do."""
    if np.issubdtype(a.dtype, np.unsignedinteger):
        return a // b
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    quotient = np.abs(wide_a) // np.abs(wide_b)
    return (quotient * np.sign(wide_a) * np.sign(wide_b)).astype(a.dtype)


def round_half_away_from_zero(x):
    magnitude = np.abs(x)
    whole = np.floor(magnitude)
    return np.copysign(whole + (magnitude - whole >= 0.5), x)


def logistic(x):
    return 1.0 / (1.0 + np.exp(-x))


def quiet_power(x, y):
    """np.power without its warnings for the infinities and NaNs it makes."""
    with np.errstate(all="ignore"):
        return np.power(x, y)


def float_cases():
    cases = []
    g = rng(1)
    binary = {
        "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
        "divide": np.divide, "remainder": np.fmod, "maximum": np.maximum,
        "minimum": np.minimum, "atan2": np.arctan2,
    }
    for element_type in ["f32", "f16", "f64"]:
        atol, rtol = FLOAT_TOLERANCE[element_type]
        for op, fn in binary.items():
            a = random_array(g, SHAPE, element_type, -10, 10)
            b = random_array(g, SHAPE, element_type, -10, 10)
            if op in ("divide", "remainder"):
                b = (np.sign(b) * (np.abs(b) + 0.5)).astype(b.dtype)
            cases.append(elementwise_case("%s_%s" % (op, element_type), op, [a, b],
                                          as_type(fn), atol=atol, rtol=rtol))
        base = random_array(g, SHAPE, element_type, 0.1, 4)
        exponent = random_array(g, SHAPE, element_type, -3, 3)
        cases.append(elementwise_case("power_%s" % element_type, "power", [base, exponent],
                                      as_type(np.power), atol=atol, rtol=rtol))

    # A constant exponent, as torch's x ** 3 lowers (whole ones from -1 to
    # 4 become products), on special values and on ones that overflow.
    base = np.array([[np.nan, -np.inf, np.inf, 0.0, -0.0, 1.5, -2.5, 1e30],
                     [1e-30, -1e-20, 3e12, -7.25, 0.3, 1.0, -1.0, 2.0]], np.float32)
    for exponent in [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 0.5, 5.0]:
        power = jax_module(
            [("x", "tensor<2x8xf32>")], [("tensor<2x8xf32>", "result")],
            ["%%cst = stablehlo.constant dense<%r> : tensor<2x8xf32>" % exponent,
             "%0 = stablehlo.power %arg0, %cst : tensor<2x8xf32>",
             "return %0 : tensor<2x8xf32>"])
        cases.append(Case("power_by_constant_%g_f32" % exponent, power, [base],
                          lambda x, e=exponent: quiet_power(x, np.float32(e)),
                          rtol=2e-7, atol=0))

    # NaN propagates through maximum/minimum; -0.0 and inf survive add.
    special = np.array([[np.nan, 1.0, -np.inf, 0.0, -0.0],
                        [2.0, np.nan, np.inf, -1.0, 3.0]], np.float32)
    other = np.array([[1.0, np.nan, 5.0, -0.0, 0.0],
                      [np.nan, np.nan, -np.inf, np.inf, -3.0]], np.float32)
    cases.append(elementwise_case("maximum_nan_f32", "maximum", [special, other],
                                  as_type(np.maximum)))
    cases.append(elementwise_case("minimum_nan_f32", "minimum", [special, other],
                                  as_type(np.minimum)))

    # atan2 of signed zeros is a signed 0 or pi, as C's; f64 is libm's.
    for element_type in ["f32", "f16", "f64"]:
        y = np.array([0.0, -0.0, 0.0, -0.0, 1.0, -0.0], np_type(element_type))
        x = np.array([0.0, 0.0, -0.0, -0.0, 0.0, -2.0], np_type(element_type))
        cases.append(elementwise_case("atan2_zeros_%s" % element_type, "atan2", [y, x],
                                      as_type(np.arctan2), atol=0, rtol=1e-3))

    unary = {
        "negate": (np.negative, -10, 10),
        "abs": (np.abs, -10, 10),
        "sign": (np.sign, -3, 3),
        "exponential": (np.exp, -8, 8),
        "exponential_minus_one": (np.expm1, -2, 2),
        "log": (np.log, 0.01, 100),
        "log_plus_one": (np.log1p, -0.9, 10),
        "sqrt": (np.sqrt, 0, 100),
        "rsqrt": (lambda x: 1.0 / np.sqrt(x), 0.01, 100),
        "cbrt": (np.cbrt, -100, 100),
        "tanh": (np.tanh, -6, 6),
        "logistic": (logistic, -10, 10),
        "sine": (np.sin, -6, 6),
        "cosine": (np.cos, -6, 6),
        "tan": (np.tan, -1.4, 1.4),
        "floor": (np.floor, -10, 10),
        "ceil": (np.ceil, -10, 10),
    }
    for element_type in ["f32", "f64", "f16"]:
        atol, rtol = FLOAT_TOLERANCE[element_type]
        for op, (fn, low, high) in unary.items():
            if element_type == "f16" and op not in ("negate", "abs", "exponential", "log",
                                                    "sqrt", "tanh", "logistic", "sine", "floor"):
                continue
            x = random_array(g, (3, 7), element_type, low, high)
            cases.append(elementwise_case("%s_%s" % (op, element_type), op, [x],
                                          as_type(fn), atol=atol, rtol=rtol))

    # Rounding: halves must go to even / away from zero, so feed exact halves.
    for element_type in ["f32", "f64", "f16"]:
        halves = (g.integers(-12, 12, size=(2, 12)) / 2.0)
        jitter = g.uniform(-0.3, 0.3, size=(2, 12)) * (g.integers(0, 2, size=(2, 12)))
        x = np.concatenate([halves, halves + jitter]).astype(np_type(element_type))
        cases.append(elementwise_case("round_nearest_even_%s" % element_type,
                                      "round_nearest_even", [x], as_type(np.rint)))
        cases.append(elementwise_case("round_nearest_afz_%s" % element_type,
                                      "round_nearest_afz", [x],
                                      as_type(round_half_away_from_zero)))

    special = np.array([[np.nan, -np.inf, np.inf, 0.0, -0.0, 1.5, -2.5, 1e30]], np.float32)
    for op, fn in [("negate", np.negative), ("abs", np.abs), ("floor", np.floor),
                   ("ceil", np.ceil), ("sqrt", np.sqrt), ("exponential", np.exp)]:
        cases.append(elementwise_case("%s_special_f32" % op, op, [special], as_type(fn)))

    for element_type in ["f32", "f64", "f16"]:
        x = random_array(g, (2, 8), element_type, -100, 100)
        x[0, :4] = [np.nan, np.inf, -np.inf, 0.0]
        cases.append(elementwise_case("is_finite_%s" % element_type, "is_finite", [x],
                                      lambda x: np.isfinite(x), result_element_type="i1"))
    # Sizes that are not multiples of any vector width, and a large one.
    for shape in [(7, 131), (1, 1), (1000, 1000)]:
        a = random_array(g, shape, "f32")
        b = random_array(g, shape, "f32")
        cases.append(elementwise_case("add_%dx%d_f32" % shape, "add", [a, b], as_type(np.add)))
    return cases


def np_type(element_type):
    return {"f16": np.float16, "f32": np.float32, "f64": np.float64}[element_type]


def int_cases():
    cases = []
    g = rng(2)
    for element_type in INT_TYPES:
        signed = element_type in SIGNED_TYPES
        bits = int(element_type.lstrip("ui"))
        # Keep products and sums inside the type so no case relies on overflow.
        limit = 2 ** (bits // 2 - 1) - 1
        low = -limit if signed else 0
        a = random_array(g, SHAPE, element_type, low, limit)
        b = random_array(g, SHAPE, element_type, low, limit)
        nonzero_b = np.where(b == 0, 3, b).astype(b.dtype)
        for op, fn in [("add", np.add), ("multiply", np.multiply),
                       ("maximum", np.maximum), ("minimum", np.minimum)]:
            cases.append(elementwise_case("%s_%s" % (op, element_type), op, [a, b],
                                          lambda x, y, fn=fn: fn(x, y)))
        big, small = np.maximum(a, b), np.minimum(a, b)
        cases.append(elementwise_case("subtract_%s" % element_type, "subtract",
                                      [big if not signed else a, small if not signed else b],
                                      lambda x, y: x - y))
        cases.append(elementwise_case("divide_%s" % element_type, "divide", [a, nonzero_b],
                                      trunc_divide))
        cases.append(elementwise_case("remainder_%s" % element_type, "remainder", [a, nonzero_b],
                                      lambda x, y: np.fmod(x, y).astype(x.dtype)))
        if signed:
            for op, fn in [("negate", np.negative), ("abs", np.abs), ("sign", np.sign)]:
                cases.append(elementwise_case("%s_%s" % (op, element_type), op, [a],
                                              lambda x, fn=fn: fn(x).astype(x.dtype)))
    # Integer power: small bases, exponents 0..4.
    for element_type in ["i32", "i64", "ui32"]:
        low = -5 if element_type[0] == "i" else 0
        base = random_array(g, SHAPE, element_type, low, 5)
        exponent = random_array(g, SHAPE, element_type, 0, 4)
        cases.append(elementwise_case("power_%s" % element_type, "power", [base, exponent],
                                      lambda x, y: np.power(x, y).astype(x.dtype)))
    # Division and remainder with mixed signs truncate toward zero.
    a = np.array([7, -7, 7, -7, 1, -1, 0, 100], np.int32)
    b = np.array([2, 2, -2, -2, 3, 3, 5, -7], np.int32)
    cases.append(elementwise_case("divide_signs_i32", "divide", [a, b], trunc_divide))
    cases.append(elementwise_case("remainder_signs_i32", "remainder", [a, b],
                                  lambda x, y: np.fmod(x, y).astype(x.dtype)))
    return cases


def streaming_cases():
    """Outputs of 32 MiB and more, which disc-cpu-streaming-stores writes a
    cache line at a time past the cache: a [2048, 4096] outer product of two
    broadcast vectors, and a one-dimensional fill whose last elements come
    after the last whole line."""
    g = rng(3)
    columns = random_array(g, (4096,), "f32", -2, 2)
    rows = random_array(g, (2048,), "f32", -2, 2)
    outer = jax_module(
        [("columns", "tensor<4096xf32>"), ("rows", "tensor<2048xf32>")],
        [("tensor<2048x4096xf32>", "result")],
        ["%0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4096xf32>) -> tensor<2048x4096xf32>",
         "%1 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<2048xf32>) -> tensor<2048x4096xf32>",
         "%cst = stablehlo.constant dense<1.000000e+00> : tensor<2048x4096xf32>",
         "%2 = stablehlo.multiply %0, %1 : tensor<2048x4096xf32>",
         "%3 = stablehlo.add %2, %cst : tensor<2048x4096xf32>",
         "return %3 : tensor<2048x4096xf32>"])
    count = 8 * 1024 * 1024 + 3
    scale = random_array(g, (), "f32", -2, 2)
    fill = jax_module(
        [("scale", "tensor<f32>")],
        [("tensor<%dxf32>" % count, "result")],
        ["%%0 = stablehlo.broadcast_in_dim %%arg0, dims = [] : (tensor<f32>) -> tensor<%dxf32>"
         % count,
         "%%1 = stablehlo.multiply %%0, %%0 : tensor<%dxf32>" % count,
         "return %%1 : tensor<%dxf32>" % count])
    return [
        Case("streaming_outer_product_f32", outer, [columns, rows],
             lambda c, r: (r[:, None] * c[None, :] + np.float32(1)).astype(np.float32)),
        Case("streaming_fill_with_tail_f32", fill, [scale],
             lambda s: np.full(count, s * s, np.float32)),
    ]


run(float_cases() + int_cases() + streaming_cases())
