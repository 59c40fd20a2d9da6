"""sort: jnp.sort and jnp.argsort as JAX writes them (its comparator maps -0.0
to 0.0 and every NaN to one NaN, then compares in total order: NaNs last,
ties in input order), along each dimension of 2-D and 3-D inputs, lax.sort
with one and two keys carrying other operands, a descending comparator,
ties, empty and length-1 rows, dynamic sizes, a row long enough to be
sorted in parallel pieces, and i32/ui8/f16/bool keys, each against numpy's
stable argsort; rows long enough to be radix sorted with keys of every
width, -0.0/0.0, NaNs, infinities and ties, a plain FLOAT compare,
descending orders, payloads, a non-last dimension and a dynamic length;
jnp.sort, argsort and lexsort of complex numbers as JAX printed them, and a
complex payload of a radix sorted key."""

import numpy as np

from e2e import (Case, dtype_token, jax_module, jax_printed, random_array, rng, run,
                 tensor_type)

NAN_BITS = {"f16": "0x7E00", "f32": "0x7FC00000", "f64": "0x7FF8000000000000"}


def float_key_lines(arg, element, name):
    """JAX's canonical key of a float: 0.0 for +-0.0, one NaN for every NaN."""
    s = "tensor<%s>" % element
    return [
        "  %%%s_zero = stablehlo.constant dense<0.000000e+00> : %s" % (name, s),
        "  %%%s_is_zero = stablehlo.compare  EQ, %s, %%%s_zero,  FLOAT : (%s, %s) -> tensor<i1>"
        % (name, arg, name, s, s),
        "  %%%s_nonneg = stablehlo.select %%%s_is_zero, %%%s_zero, %s : tensor<i1>, %s"
        % (name, name, name, arg, s),
        "  %%%s_is_nan = stablehlo.compare  NE, %s, %s,  FLOAT : (%s, %s) -> tensor<i1>"
        % (name, arg, arg, s, s),
        "  %%%s_nan = stablehlo.constant dense<%s> : %s" % (name, NAN_BITS[element], s),
        "  %%%s = stablehlo.select %%%s_is_nan, %%%s_nan, %%%s_nonneg : tensor<i1>, %s"
        % (name, name, name, name, s),
    ]


def key_compare_lines(element, lhs, rhs, name, direction="LT", plain=False):
    """`name` = lhs < rhs (or >) for one key, as JAX compares its type (a
    float `plain`ly: FLOAT, no canonical key); `name_eq` = whether they
    tie."""
    s = "tensor<%s>" % element
    lines = []
    if element.startswith("f") and plain:
        kind = "FLOAT"
    elif element.startswith("f"):
        lines += float_key_lines(lhs, element, name + "_l") + float_key_lines(rhs, element, name + "_r")
        lhs, rhs, kind = "%" + name + "_l", "%" + name + "_r", "TOTALORDER"
    else:
        kind = "UNSIGNED" if element.startswith("u") or element == "i1" else "SIGNED"
    lines.append("  %%%s = stablehlo.compare  %s, %s, %s,  %s : (%s, %s) -> tensor<i1>"
                 % (name, direction, lhs, rhs, kind, s, s))
    lines.append("  %%%s_eq = stablehlo.compare  EQ, %s, %s,  %s : (%s, %s) -> tensor<i1>"
                 % (name, lhs, rhs, kind, s, s))
    return lines


def sort_case(name, arrays, dimension, num_keys=1, direction="LT", outputs=None, shapes=None,
              plain=False):
    """lax.sort of `arrays` along `dimension` with the first `num_keys` as
    keys (lexicographic, JAX's comparator; a plain FLOAT compare of float
    keys when `plain`), returning the operands listed in `outputs` (all by
    default). `shapes` overrides the argument shapes, -1 for a dynamic
    size."""
    elements = [dtype_token(a.dtype) for a in arrays]
    outputs = list(range(len(arrays))) if outputs is None else outputs
    shapes = shapes or [a.shape for a in arrays]
    types = [tensor_type(shape, e) for shape, e in zip(shapes, elements)]
    block_args = ", ".join("%%a%d: tensor<%s>, %%b%d: tensor<%s>" % (i, e, i, e)
                           for i, e in enumerate(elements))
    body = []
    for k in range(num_keys):
        body += key_compare_lines(elements[k], "%%a%d" % k, "%%b%d" % k, "k%d" % k, direction,
                                  plain)
    # (k0 < k0') or (k0 == k0' and ((k1 < k1') or ...)), innermost first.
    less = "%%k%d" % (num_keys - 1)
    for k in reversed(range(num_keys - 1)):
        body.append("  %%then%d = stablehlo.and %%k%d_eq, %s : tensor<i1>" % (k, k, less))
        body.append("  %%less%d = stablehlo.or %%k%d, %%then%d : tensor<i1>" % (k, k, k))
        less = "%%less%d" % k
    body.append("  stablehlo.return %s : tensor<i1>" % less)
    operands = ", ".join("%%arg%d" % i for i in range(len(arrays)))
    results = ", ".join("%%0#%d" % i for i in outputs) if len(arrays) > 1 else "%0"
    lhs = "%%0:%d" % len(arrays) if len(arrays) > 1 else "%0"
    mlir = jax_module(
        [("x%d" % i, t) for i, t in enumerate(types)],
        [(types[i], "result[%d]" % i) for i in outputs], [
            '%s = "stablehlo.sort"(%s) <{dimension = %d : i64, is_stable = true}> ({'
            % (lhs, operands, dimension),
            "^bb0(%s):" % block_args] + body + [
            "}) : (%s) -> (%s)" % (", ".join(types), ", ".join(types)),
            "return %s : %s" % (results, ", ".join(types[i] for i in outputs))])

    def reference(*inputs):
        keys = [canonical_key(inputs[k], direction) for k in range(num_keys)]
        order = np.lexsort(tuple(reversed(keys)), axis=dimension) if num_keys > 1 else \
            np.argsort(keys[0], axis=dimension, kind="stable")
        return [np.take_along_axis(inputs[i], order, axis=dimension) for i in outputs]
    return Case(name, mlir, arrays, reference, atol=0, rtol=0)


def swapped_compare_case(name, arrays):
    """A 1-D sort of i32 keys whose comparator asks whether the right
    element is greater than the left one: the ascending order of a plain
    less, written the other way round."""
    case = sort_case(name, arrays, 0)
    less = "LT, %a0, %b0,  SIGNED"
    assert less in case.mlir
    case.mlir = case.mlir.replace(less, "GT, %b0, %a0,  SIGNED")
    return case


def canonical_key(x, direction):
    """Integers that numpy's stable sorts order as JAX's comparator orders
    `x`: for floats, -0.0 as 0.0 and every NaN as the positive NaN, then
    the total order of their bits (NaNs last); negated for a descending
    comparator."""
    if np.issubdtype(x.dtype, np.floating):
        canonical = np.where(np.isnan(x), np.array(np.nan, x.dtype), x)
        canonical = np.where(canonical == 0, np.zeros((), x.dtype), canonical)
        width = x.dtype.itemsize * 8
        bits = canonical.view(np.dtype("i%d" % x.dtype.itemsize)).astype(np.int64)
        key = np.where(bits < 0, bits ^ ((1 << (width - 1)) - 1), bits)
    else:
        key = x.astype(np.int64)
    return -key if direction == "GT" else key


def complex_keys(x):
    """The real and imaginary parts JAX's comparator orders complex `x` by,
    lexicographically, -0.0 as 0.0 (no NaNs in these tests)."""
    return x.real + 0.0, x.imag + 0.0


def complex_ties(g, shape, dtype):
    """Complex numbers of few distinct parts, +-0.0 among them, so that both
    parts tie often."""
    real = g.integers(-2, 3, size=shape).astype(np.float64)
    imag = g.integers(-2, 3, size=shape).astype(np.float64)
    real.reshape(-1)[::5] = -0.0
    imag.reshape(-1)[1::7] = -0.0
    return (real + 1j * imag).astype(dtype)


def jax_complex_cases(g):
    """data/*_complex*.mlir: jnp.sort, jnp.argsort and jnp.lexsort of complex
    numbers as JAX 0.10.2 printed them, their comparators ordering by real
    then imaginary parts; the permutations checked exactly against numpy's
    stable sorts of those parts."""
    x = complex_ties(g, (6, 50), np.complex64)
    y = complex_ties(g, (40, 3), np.complex128)
    a = complex_ties(g, (300,), np.complex64)
    b = complex_ties(g, (300,), np.complex64)

    def sorted_rows(x):
        real, imag = complex_keys(x)
        return np.take_along_axis(x, np.lexsort((imag, real), axis=1), axis=1)

    def argsort_columns(y):
        real, imag = complex_keys(y)
        return np.lexsort((imag, real), axis=0).astype(np.int64)

    def lexsort(a, b):
        return np.lexsort(complex_keys(a)[::-1] + complex_keys(b)[::-1]).astype(np.int64)
    return [
        Case("jax_sort_complex64", jax_printed("sort_complex64.mlir"), [x], sorted_rows,
             atol=0, rtol=0),
        Case("jax_argsort_complex128", jax_printed("argsort_complex128.mlir"), [y],
             argsort_columns, atol=0, rtol=0),
        Case("jax_lexsort_complex64", jax_printed("lexsort_complex64.mlir"), [a, b], lexsort,
             atol=0, rtol=0),
    ]


def with_specials(values):
    """Sprinkles NaNs of both signs, +-0.0, +-inf and repeats over `values`."""
    flat = values.reshape(-1).copy()
    flat[::7] = np.nan
    flat[3::29] = -np.nan
    flat[::11] = -0.0
    flat[5::13] = 0.0
    flat[::17] = np.inf
    flat[::19] = -np.inf
    flat[2::23] = flat[1]
    return flat.reshape(values.shape)


def cases():
    g = rng(1300)
    specials = with_specials(random_array(g, (1000,), "f32"))
    iota = np.arange(1000, dtype=np.int32)
    ties = g.integers(0, 5, size=(300,)).astype(np.int32)
    long_specials = with_specials(random_array(g, (20011,), "f32"))
    long_iota = np.arange(20011, dtype=np.int32)
    long_ties = g.integers(-3, 3, size=(20011,)).astype(np.int32)
    long_signed_zeros = np.round(random_array(g, (20011,), "f32"))
    long_signed_zeros[::3] = -0.0
    return [
        sort_case("sort_1d_f32_nan_zero_inf", [specials], 0),
        # jnp.argsort: the permutation itself, so -0.0/0.0 and NaN ties are
        # checked exactly.
        sort_case("argsort_1d_f32_nan_zero_inf", [specials, iota], 0, outputs=[1]),
        sort_case("sort_2d_f32_dim0", [with_specials(random_array(g, (37, 23), "f32"))], 0),
        sort_case("sort_2d_f32_dim1", [with_specials(random_array(g, (23, 37), "f32"))], 1),
        sort_case("sort_3d_f32_dim1", [random_array(g, (4, 33, 5), "f32")], 1),
        sort_case("sort_3d_f64_dim2", [with_specials(random_array(g, (3, 4, 40), "f64"))], 2),
        sort_case("sort_3d_f32_dim0", [random_array(g, (19, 3, 4), "f32")], 0),
        # Two operands moved to row-major order by one transpose each.
        sort_case("sort_two_operands_dim0_i64", [random_array(g, (20, 3), "i64", -9, 9),
                                                 random_array(g, (20, 3), "i64")], 0),
        # lax.sort((keys, values), num_keys=1): ties keep their order.
        sort_case("sort_i32_keys_f32_values_ties", [ties, random_array(g, (300,), "f32")], 0),
        sort_case("sort_two_keys_i32_f32_carry_i32",
                  [g.integers(0, 3, size=(6, 50)).astype(np.int32),
                   np.round(random_array(g, (6, 50), "f32")),
                   np.tile(np.arange(50, dtype=np.int32), (6, 1))], 1, num_keys=2),
        # A comparator of GT sorts descending, still stably.
        sort_case("sort_descending_i32_stable", [ties, np.arange(300, dtype=np.int32)], 0,
                  direction="GT"),
        sort_case("sort_descending_f32_nan", [specials, iota], 0, direction="GT"),
        sort_case("sort_i32_extremes", [random_array(g, (257,), "i32")], 0),
        sort_case("sort_ui8", [random_array(g, (9, 100), "ui8")], 1),
        sort_case("sort_f16", [with_specials(random_array(g, (500,), "f16"))], 0),
        sort_case("sort_bool_with_index", [random_array(g, (7, 40), "i1"),
                                           np.tile(np.arange(40, dtype=np.int32), (7, 1))], 1),
        sort_case("sort_empty_rows", [np.zeros((3, 0), np.float32)], 1),
        sort_case("sort_no_rows", [np.zeros((0, 5), np.float32)], 1),
        sort_case("sort_length_one_rows", [random_array(g, (6, 1), "f32")], 1),
        sort_case("sort_length_one", [random_array(g, (1,), "i32")], 0),
        sort_case("sort_dynamic_1d", [with_specials(random_array(g, (5003,), "f32"))], 0,
                  shapes=[(-1,)]),
        sort_case("argsort_dynamic_2d_dim0", [random_array(g, (77, 5), "f32"),
                                              np.tile(np.arange(77, dtype=np.int32)[:, None],
                                                      (1, 5))], 0, outputs=[1],
                  shapes=[(-1, 5), (-1, 5)]),
        # Many rows, each sorted in parallel; and one row long enough that
        # its runs are merged in parallel before the last passes.
        sort_case("sort_many_rows_f32", [random_array(g, (64, 300), "f32")], 1),
        sort_case("sort_long_row_f32", [with_specials(random_array(g, (200003,), "f32"))], 0),
        # Rows of 1024 elements and more whose comparator orders by one
        # key are radix sorted; each checked through the permutation (an
        # iota carried along) so that ties must keep their order.
        sort_case("radix_shortest_rows", [with_specials(random_array(g, (3, 1024), "f32")),
                                          np.tile(np.arange(1024, dtype=np.int32), (3, 1))], 1),
        sort_case("merge_longest_rows", [with_specials(random_array(g, (3, 1023), "f32")),
                                         np.tile(np.arange(1023, dtype=np.int32), (3, 1))], 1),
        sort_case("radix_argsort_f32_nan_zero_inf", [long_specials, long_iota], 0, outputs=[1]),
        sort_case("radix_sort_f32_rows", [with_specials(random_array(g, (3, 5000), "f32"))], 1),
        sort_case("radix_argsort_f32_descending", [long_specials, long_iota], 0, direction="GT"),
        sort_case("radix_f32_plain_compare_zeros", [long_signed_zeros, long_iota], 0, plain=True),
        sort_case("radix_i32_ties_two_payloads", [long_ties, random_array(g, (20011,), "f32"),
                                                  long_iota], 0),
        sort_case("radix_i32_extremes_descending", [random_array(g, (4099,), "i32"),
                                                    long_iota[:4099]], 0, direction="GT"),
        sort_case("radix_i64", [random_array(g, (2, 3001), "i64"),
                                np.tile(np.arange(3001, dtype=np.int32), (2, 1))], 1),
        sort_case("radix_ui32", [random_array(g, (5000,), "ui32"), long_iota[:5000]], 0),
        sort_case("radix_ui8_ties", [random_array(g, (4000,), "ui8"), long_iota[:4000]], 0),
        sort_case("radix_f64_nan_zero_inf", [with_specials(random_array(g, (6007,), "f64")),
                                             long_iota[:6007]], 0),
        sort_case("radix_f16_nan_zero_inf", [with_specials(random_array(g, (3000,), "f16")),
                                             long_iota[:3000]], 0),
        sort_case("radix_f32_dim0", [with_specials(random_array(g, (4100, 3), "f32")),
                                     np.tile(np.arange(4100, dtype=np.int32)[:, None], (1, 3))], 0),
        # `rhs > lhs` is an ascending order.
        swapped_compare_case("radix_swapped_compare_ascending", [long_ties, long_iota]),
        # Two keys: not a radix order, merge sorted at any length.
        sort_case("long_rows_two_keys", [g.integers(0, 3, size=(2, 3000)).astype(np.int32),
                                         g.integers(0, 50, size=(2, 3000)).astype(np.int32),
                                         np.tile(np.arange(3000, dtype=np.int32), (2, 1))],
                  1, num_keys=2),
        sort_case("radix_dynamic_argsort", [long_specials, long_iota], 0, outputs=[1],
                  shapes=[(-1,), (-1,)]),
        # From 65536 elements on, 11-bit digits: static and dynamic lengths.
        sort_case("radix_wide_digits_dynamic",
                  [with_specials(random_array(g, (70001,), "f32")),
                   np.arange(70001, dtype=np.int32)], 0, outputs=[1], shapes=[(-1,), (-1,)]),
        # Rows of several chunks each: the chunks of every row run at once.
        sort_case("radix_rows_of_chunks",
                  [with_specials(random_array(g, (2, 131075), "f32")),
                   np.tile(np.arange(131075, dtype=np.int32), (2, 1))], 1),
        sort_case("radix_wide_digits_i64_descending",
                  [random_array(g, (65536,), "i64", -1000, 1000),
                   np.arange(65536, dtype=np.int32)], 0, direction="GT"),
        # A complex payload moved by its integer key's radix sort.
        sort_case("radix_i32_ties_complex_payload",
                  [long_ties[:3000], random_array(g, (3000,), "complex<f64>"), long_iota[:3000]],
                  0),
    ] + jax_complex_cases(g) + [
        Case("sort_mismatched_dynamic_sizes", sort_case(
            "", [np.zeros(4, np.float32), np.zeros(4, np.float32)], 0, shapes=[(-1,), (-1,)]).mlir,
            [np.zeros(4, np.float32), np.zeros(5, np.float32)], expect="run_error",
            stderr_patterns=[r"stablehlo.sort: inputs differ in the size of dimension 0"]),
    ]


if __name__ == "__main__":
    run(cases())
