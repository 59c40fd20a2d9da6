"""select_and_scatter: the gradient of max pooling as JAX writes it (GE
select, add scatter), with strides, padding that is never picked, ties
(the first element wins), and an integer GT select, each against a numpy
reference written from the spec."""

import itertools

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type

SELECT = {"GE": np.greater_equal, "GT": np.greater}


def reference(operand, source, init, window, strides, padding, compare):
    """For each source element: the first window element, then each later
    one the select does not keep the picked one over; padding is skipped."""
    result = np.full(operand.shape, init, operand.dtype)
    for s in itertools.product(*[range(n) for n in source.shape]):
        picked = None
        for k in itertools.product(*[range(w) for w in window]):
            p = tuple(si * st + ki - lo for si, st, ki, (lo, _) in zip(s, strides, k, padding))
            if not all(0 <= pi < n for pi, n in zip(p, operand.shape)):
                continue
            if picked is None or not SELECT[compare](operand[picked], operand[p]):
                picked = p
        if picked is not None:
            result[picked] += source[s]
    return result


def case(name, element, operand, window, strides, padding, compare, g):
    padded = [n + lo + hi for n, (lo, hi) in zip(operand.shape, padding)]
    source_shape = tuple((p - w) // s + 1 for p, w, s in zip(padded, window, strides))
    integer = not element.startswith("f")
    source = random_array(g, source_shape, element, -100 if integer else None,
                          100 if integer else None)
    init = np.zeros((), operand.dtype)
    expected = reference(operand, source, init, window, strides, padding, compare)
    o_type, s_type = tensor_type(operand.shape, element), tensor_type(source_shape, element)
    scalar = "tensor<%s>" % element
    kind = "FLOAT" if element.startswith("f") else "SIGNED"
    zero = "0.000000e+00" if element.startswith("f") else "0"
    dims = lambda values: "array<i64: %s>" % ", ".join(map(str, values))
    mlir = jax_module([("x", o_type), ("g", s_type)], [(o_type, "result")], [
        "%%init = stablehlo.constant dense<%s> : %s" % (zero, scalar),
        '%0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %init) ({',
        "^bb0(%%a: %s, %%b: %s):" % (scalar, scalar),
        "  %%c = stablehlo.compare  %s, %%a, %%b,  %s : (%s, %s) -> tensor<i1>"
        % (compare, kind, scalar, scalar),
        "  stablehlo.return %c : tensor<i1>",
        "}, {",
        "^bb0(%%a: %s, %%b: %s):" % (scalar, scalar),
        "  %%s = stablehlo.add %%a, %%b : %s" % scalar,
        "  stablehlo.return %%s : %s" % scalar,
        "}) {window_dimensions = %s, window_strides = %s, padding = dense<%s> : tensor<%dx2xi64>}"
        " : (%s, %s, %s) -> %s" % (dims(window), dims(strides), [list(p) for p in padding],
                                   len(window), o_type, s_type, scalar, o_type),
        "return %%0 : %s" % o_type])
    return Case(name, mlir, [operand, source], lambda x, s: expected)


def cases():
    g = rng(66)
    ties = np.array([[1, 3, 3, 0], [3, 2, 1, 3], [0, 0, 5, 5], [5, 5, 0, 0]], np.float32)
    return [
        # max_pool 2x2 / 2 on NHWC, and ResNet's stem pool 3x3 / 2 with
        # padding 1, whose padded border is never picked.
        case("select_and_scatter_max_pool_grad_f32", "f32", random_array(g, (2, 6, 6, 3), "f32"),
             [1, 2, 2, 1], [1, 2, 2, 1], [[0, 0]] * 4, "GE", g),
        case("select_and_scatter_padded_pool_grad_f32", "f32", random_array(g, (1, 7, 7, 2), "f32"),
             [1, 3, 3, 1], [1, 2, 2, 1], [[0, 0], [1, 1], [1, 1], [0, 0]], "GE", g),
        # Ties: GE keeps the first, GT moves to the last.
        case("select_and_scatter_ties_ge_f32", "f32", ties, [2, 2], [2, 2], [[0, 0]] * 2, "GE", g),
        case("select_and_scatter_ties_gt_f32", "f32", ties, [2, 2], [1, 1], [[0, 0]] * 2, "GT", g),
        case("select_and_scatter_overlapping_i32", "i32",
             g.integers(-9, 9, size=(6, 5)).astype(np.int32), [3, 2], [1, 2], [[1, 0], [0, 1]],
             "GE", g),
    ]


run(cases())
