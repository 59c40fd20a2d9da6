"""reduce_window: max and average pooling as JAX writes them (padding,
strides), window and base dilations, jnp.cumsum, a two-operand window
(max with its index), integer and f16 windows, and a dynamic batch, each
against a numpy reference written from the spec; the prefix scans that
jnp.cumsum, cumprod, cummax and cummin print (forward and reverse, any axis)
against numpy's accumulate; complex windows and scans, and jnp.cumsum,
lax.cumprod and average pooling of complex numbers as JAX printed them."""

import itertools

import numpy as np

from e2e import Case, jax_module, jax_printed, random_array, rng, run, tensor_type

BODY_OPS = {"add": np.add, "maximum": np.maximum, "minimum": np.minimum}


def reference_window(x, init, op, window, strides, base_dilations, window_dilations, padding):
    """The spec's reduce_window on one input: pad with `init` (interior
    padding base_dilation - 1), then reduce every window in order."""
    rank = x.ndim
    dilated_shape = [(s - 1) * b + 1 if s > 0 else 0 for s, b in zip(x.shape, base_dilations)]
    dilated = np.full(dilated_shape, init, x.dtype)
    dilated[tuple(slice(None, None, b) for b in base_dilations)] = x
    padded = np.pad(dilated, padding, constant_values=init)
    extents = [(w - 1) * d + 1 for w, d in zip(window, window_dilations)]
    out_shape = [max(0, (p - e) // s + 1) for p, e, s in zip(padded.shape, extents, strides)]
    out = np.full(out_shape, init, x.dtype)
    for index in itertools.product(*[range(n) for n in out_shape]):
        acc = np.asarray(init, x.dtype)
        for offset in itertools.product(*[range(w) for w in window]):
            position = tuple(i * s + k * d for i, s, k, d in
                             zip(index, strides, offset, window_dilations))
            acc = BODY_OPS[op](acc, padded[position])
        out[index] = acc
    return out


def attributes(window, strides, base_dilations, window_dilations, padding):
    def dims(values):
        return "array<i64: %s>" % ", ".join(map(str, values))
    rank = len(window)
    parts = ["window_dimensions = %s" % dims(window)]
    if strides != [1] * rank:
        parts.append("window_strides = %s" % dims(strides))
    if base_dilations != [1] * rank:
        parts.append("base_dilations = %s" % dims(base_dilations))
    if window_dilations != [1] * rank:
        parts.append("window_dilations = %s" % dims(window_dilations))
    if any(p != [0, 0] for p in padding):
        parts.append("padding = dense<%s> : tensor<%dx2xi64>" % (padding, rank))
    return "{%s}" % ", ".join(parts)


def window_case(name, op, element_type, init_text, init, shape, window, strides=None,
                base_dilations=None, window_dilations=None, padding=None, g=None,
                dynamic_batch=False, atol=1e-5, rtol=1e-5, low=None, high=None):
    rank = len(shape)
    strides = strides or [1] * rank
    base_dilations = base_dilations or [1] * rank
    window_dilations = window_dilations or [1] * rank
    padding = padding or [[0, 0]] * rank
    x = random_array(g, shape, element_type, low, high)
    expected = reference_window(x, np.asarray(init, x.dtype), op, window, strides,
                                base_dilations, window_dilations, padding)
    in_shape, out_shape = list(shape), list(expected.shape)
    if dynamic_batch:
        in_shape[0] = out_shape[0] = -1
    in_type = tensor_type(in_shape, element_type)
    out_type = tensor_type(out_shape, element_type)
    scalar = "tensor<%s>" % element_type
    mlir = jax_module([("x", in_type)], [(out_type, "result")], [
        "%%init = stablehlo.constant dense<%s> : %s" % (init_text, scalar),
        '%0 = "stablehlo.reduce_window"(%arg0, %init) ({',
        "^bb0(%%a: %s, %%b: %s):" % (scalar, scalar),
        "  %%r = stablehlo.%s %%a, %%b : %s" % (op, scalar),
        "  stablehlo.return %%r : %s" % scalar,
        "}) %s : (%s, %s) -> %s" % (attributes(window, strides, base_dilations,
                                               window_dilations, padding),
                                    in_type, scalar, out_type),
        "return %%0 : %s" % out_type])
    return Case(name, mlir, [x], lambda x: expected, atol=atol, rtol=rtol)


SCAN_OPS = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum,
            "minimum": np.minimum}


def scan_case(name, op, element_type, init_text, shape, axis, reverse=False, g=None,
              dynamic_batch=False, low=None, high=None, atol=1e-5, rtol=1e-5):
    """A reduce_window whose window spans dimension `axis`, padded before it
    (after it when `reverse`) by all but one element: an inclusive scan."""
    x = random_array(g, shape, element_type, low, high)
    n = shape[axis]
    window = [1] * len(shape)
    window[axis] = n
    padding = [[0, 0] for _ in shape]
    padding[axis] = [0, n - 1] if reverse else [n - 1, 0]
    wide = x.astype(np.float64) if x.dtype.kind == "f" else x
    if reverse:
        expected = np.flip(SCAN_OPS[op].accumulate(np.flip(wide, axis), axis=axis), axis)
    else:
        expected = SCAN_OPS[op].accumulate(wide, axis=axis)
    expected = expected.astype(x.dtype)
    type_shape = list(shape)
    if dynamic_batch:
        type_shape[0] = -1
    x_type = tensor_type(type_shape, element_type)
    scalar = "tensor<%s>" % element_type
    mlir = jax_module([("x", x_type)], [(x_type, "result")], [
        "%%init = stablehlo.constant dense<%s> : %s" % (init_text, scalar),
        '%0 = "stablehlo.reduce_window"(%arg0, %init) ({',
        "^bb0(%%a: %s, %%b: %s):" % (scalar, scalar),
        "  %%r = stablehlo.%s %%a, %%b : %s" % (op, scalar),
        "  stablehlo.return %%r : %s" % scalar,
        "}) %s : (%s, %s) -> %s" % (attributes(window, [1] * len(shape), [1] * len(shape),
                                               [1] * len(shape), padding),
                                    x_type, scalar, x_type),
        "return %%0 : %s" % x_type])
    return Case(name, mlir, [x], lambda x: expected, atol=atol, rtol=rtol)


def scan_cases(g):
    return [
        scan_case("scan_cumsum_f32_last_axis", "add", "f32", "0.000000e+00", (3, 1000), 1, g=g,
                  atol=1e-3, rtol=1e-4),
        scan_case("scan_cumsum_i32_reverse_first_axis", "add", "i32", "0", (257, 5), 0,
                  reverse=True, g=g, low=-100, high=100),
        # Longer than any window loop could take: 200000 elements.
        scan_case("scan_cumsum_i32_200000", "add", "i32", "0", (200000,), 0, g=g, low=-100,
                  high=100),
        scan_case("scan_cumprod_f64", "multiply", "f64", "1.000000e+00", (4, 30), 1, g=g,
                  low=0.9, high=1.1, atol=1e-12, rtol=1e-12),
        scan_case("scan_cummax_f32_middle_axis", "maximum", "f32", "0xFF800000", (2, 37, 3), 1,
                  g=g),
        scan_case("scan_cummin_i32_reverse_dynamic_batch", "minimum", "i32", "2147483647",
                  (4, 65), 1, reverse=True, g=g, dynamic_batch=True, low=-1000, high=1000),
    ]


def max_with_index_case(g):
    """A max pool that also returns where each maximum was (the first on
    ties), as a two-operand reduce_window of (value, flat index) pairs."""
    x = random_array(g, (2, 6, 6, 3), "f32")
    x[0, 1, 1, 0] = x[0, 1, 2, 0]
    index = np.arange(x.size, dtype=np.int32).reshape(x.shape)
    out_type, idx_out = "tensor<2x3x3x3xf32>", "tensor<2x3x3x3xi32>"
    mlir = jax_module([("x", "tensor<2x6x6x3xf32>"), ("i", "tensor<2x6x6x3xi32>")],
                      [(out_type, "[0]"), (idx_out, "[1]")], [
        "%ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>",
        "%big = stablehlo.constant dense<2147483647> : tensor<i32>",
        '%0:2 = "stablehlo.reduce_window"(%arg0, %arg1, %ninf, %big) ({',
        "^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):",
        "  %gt = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "  %eq = stablehlo.compare  EQ, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "  %lt = stablehlo.compare  LT, %ai, %bi,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>",
        "  %tie = stablehlo.and %eq, %lt : tensor<i1>",
        "  %first = stablehlo.or %gt, %tie : tensor<i1>",
        "  %v = stablehlo.select %first, %a, %b : tensor<i1>, tensor<f32>",
        "  %i = stablehlo.select %first, %ai, %bi : tensor<i1>, tensor<i32>",
        "  stablehlo.return %v, %i : tensor<f32>, tensor<i32>",
        "}) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}"
        " : (tensor<2x6x6x3xf32>, tensor<2x6x6x3xi32>, tensor<f32>, tensor<i32>) -> (%s, %s)"
        % (out_type, idx_out),
        "return %%0#0, %%0#1 : %s, %s" % (out_type, idx_out)])

    def reference(x, index):
        windows = x.reshape(2, 3, 2, 3, 2, 3).transpose(0, 1, 3, 5, 2, 4).reshape(2, 3, 3, 3, 4)
        indices = index.reshape(2, 3, 2, 3, 2, 3).transpose(0, 1, 3, 5, 2, 4).reshape(2, 3, 3, 3, 4)
        first = np.argmax(windows, axis=-1)
        return [np.take_along_axis(windows, first[..., None], -1)[..., 0],
                np.take_along_axis(indices, first[..., None], -1)[..., 0].astype(np.int32)]
    return Case("reduce_window_max_with_index_f32", mlir, [x, index], reference)


def unit_circle_array(g, shape, dtype):
    """Complex numbers of modulus 0.9 to 1.1: products of many stay in range."""
    angle = g.uniform(-np.pi, np.pi, size=shape)
    return (g.uniform(0.9, 1.1, size=shape) * np.exp(1j * angle)).astype(dtype)


def jax_complex_cases(g):
    """data/*_complex*.mlir as JAX 0.10.2 printed them: jnp.cumsum and a
    reverse lax.cumprod (prefix scans with complex init values) and an
    average pool ('SAME' padding of one row) of complex numbers."""
    x = random_array(g, (3, 100), "complex<f32>")
    y = unit_circle_array(g, (30, 4), np.complex128)
    z = random_array(g, (2, 7, 6, 3), "complex<f32>")

    def average_pool(z):
        padded = np.pad(z.astype(np.complex128), [[0, 0], [0, 1], [0, 0], [0, 0]])
        sums = padded.reshape(2, 4, 2, 3, 2, 3).sum(axis=(2, 4))
        return (sums / 4).astype(np.complex64)
    return [
        Case("jax_cumsum_complex64", jax_printed("cumsum_complex64.mlir"), [x],
             lambda x: np.cumsum(x.astype(np.complex128), axis=1).astype(np.complex64),
             atol=1e-4, rtol=1e-5),
        Case("jax_cumprod_complex128_reverse", jax_printed("cumprod_complex128_reverse.mlir"),
             [y], lambda y: np.flip(np.cumprod(np.flip(y, 0), axis=0), 0), atol=1e-12,
             rtol=1e-12),
        Case("jax_avg_pool_complex64", jax_printed("avg_pool_complex64.mlir"), [z],
             average_pool, atol=1e-5, rtol=1e-5),
    ]


def complex_cases(g):
    return [
        window_case("reduce_window_sum_dilations_c64", "add", "complex<f32>",
                    "(0.000000e+00,0.000000e+00)", 0j, (2, 7, 9), [1, 2, 3], [1, 2, 1],
                    base_dilations=[1, 2, 1], window_dilations=[1, 1, 2],
                    padding=[[0, 0], [1, 2], [2, 0]], g=g),
        # Complex maximum orders by real part, then imaginary part.
        window_case("reduce_window_max_pool_c128", "maximum", "complex<f64>",
                    "(0xFFF0000000000000,0xFFF0000000000000)", complex(-np.inf, -np.inf),
                    (2, 9, 9, 2), [1, 3, 3, 1], [1, 2, 2, 1],
                    padding=[[0, 0], [1, 1], [1, 1], [0, 0]], g=g, atol=0, rtol=0),
        scan_case("scan_cumsum_c128_reverse_dynamic_batch", "add", "complex<f64>",
                  "(0.000000e+00,0.000000e+00)", (5, 300), 1, reverse=True, g=g,
                  dynamic_batch=True, atol=1e-12, rtol=1e-12),
    ] + jax_complex_cases(g)


def cases():
    g = rng(63)
    ninf = ("0xFF800000", -np.inf)
    return [
        # ResNet's stem: 3x3 max pool, stride 2, padding 1.
        window_case("reduce_window_max_pool_f32", "maximum", "f32", *ninf, (2, 9, 9, 4),
                    [1, 3, 3, 1], [1, 2, 2, 1], padding=[[0, 0], [1, 1], [1, 1], [0, 0]], g=g),
        # Average pooling's sum, 2x2 stride 2, and a window wider than tall.
        window_case("reduce_window_sum_pool_f32", "add", "f32", "0.000000e+00", 0.0, (3, 8, 6, 5),
                    [1, 2, 3, 1], [1, 2, 3, 1], g=g),
        window_case("reduce_window_dilations_f32", "add", "f32", "0.000000e+00", 0.0, (2, 7, 9),
                    [1, 2, 3], [1, 2, 1], base_dilations=[1, 2, 1], window_dilations=[1, 1, 2],
                    padding=[[0, 0], [1, 2], [2, 0]], g=g),
        # jnp.cumsum along the last axis.
        window_case("reduce_window_cumsum_i32", "add", "i32", "0", 0, (3, 10), [1, 10],
                    padding=[[0, 0], [9, 0]], g=g, low=-100, high=100),
        window_case("reduce_window_min_f16", "minimum", "f16", "0x7C00", np.inf, (4, 9), [2, 3], [2, 2],
                    g=g, atol=0, rtol=0),
        window_case("reduce_window_max_i8", "maximum", "i8", "-128", -128, (5, 6), [3, 2],
                    padding=[[1, 1], [0, 1]], g=g),
        # A window larger than the padded input: an empty result.
        window_case("reduce_window_empty_result_f32", "add", "f32", "0.000000e+00", 0.0, (2, 3),
                    [1, 5], g=g),
        window_case("reduce_window_dynamic_batch_f32", "maximum", "f32", *ninf, (3, 10, 10, 2),
                    [1, 3, 3, 1], [1, 2, 2, 1], padding=[[0, 0], [1, 1], [1, 1], [0, 0]], g=g,
                    dynamic_batch=True),
        # Large enough to run its rows on every core.
        window_case("reduce_window_large_max_pool_f32", "maximum", "f32", *ninf, (2, 56, 56, 64),
                    [1, 3, 3, 1], [1, 2, 2, 1], padding=[[0, 0], [1, 1], [1, 1], [0, 0]], g=g),
        max_with_index_case(g),
    ] + scan_cases(g) + complex_cases(g)


run(cases())
