"""slice, dynamic_slice, real_dynamic_slice, dynamic_update_slice, concatenate,
pad, reverse."""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type


def program(args, out_type, lines):
    return jax_module(args, [(out_type, "result")], lines + ["return %%%d : %s" % (
        len(lines) - 1, out_type)])


def slice_cases():
    g = rng(50)
    cases = []
    for i, (shape, spec, element_type) in enumerate([
            ((4, 4), [(1, 3, 1), (0, 4, 2)], "f32"), ((10,), [(2, 9, 3)], "i32"),
            ((3, 5, 7), [(0, 3, 1), (1, 5, 2), (6, 7, 1)], "f64"), ((6, 8), [(0, 6, 5), (3, 8, 1)], "ui8"),
            ((4, 4), [(0, 0, 1), (0, 4, 1)], "f32")]):
        x = random_array(g, shape, element_type)
        out_shape = tuple(len(range(s, e, st)) for s, e, st in spec)
        text = ", ".join("%d:%d" % (s, e) if st == 1 else "%d:%d:%d" % (s, e, st) for s, e, st in spec)
        in_type, out_type = tensor_type(shape, element_type), tensor_type(out_shape, element_type)
        mlir = program([("x", in_type)], out_type,
                       ["%%0 = stablehlo.slice %%arg0 [%s] : (%s) -> %s" % (text, in_type, out_type)])
        cases.append(Case("slice_%d_%s" % (i, element_type), mlir, [x],
                          lambda x, spec=spec: x[tuple(slice(s, e, st) for s, e, st in spec)].copy()))
    return cases


def dynamic_slice_cases():
    g = rng(51)
    cases = []
    x = random_array(g, (5, 6), "f32")
    in_type = "tensor<5x6xf32>"
    for index_type in ["i32", "i64", "ui32"]:
        mlir = program([("x", in_type), ("i", "tensor<%s>" % index_type), ("j", "tensor<%s>" % index_type)],
                       "tensor<2x3xf32>",
                       ["%%0 = stablehlo.dynamic_slice %%arg0, %%arg1, %%arg2, sizes = [2, 3] : "
                        "(%s, tensor<%s>, tensor<%s>) -> tensor<2x3xf32>" % (in_type, index_type, index_type)])
        starts = [(1, 2), (0, 0), (3, 3)]
        if index_type != "ui32":
            # Out-of-range starts are clamped into [0, dim - size].
            starts += [(4, 5), (-2, 100)]
        for a, b in starts:
            dtype = {"i32": np.int32, "i64": np.int64, "ui32": np.uint32}[index_type]

            def reference(x, i, j):
                i0 = int(np.clip(int(i), 0, 5 - 2))
                j0 = int(np.clip(int(j), 0, 6 - 3))
                return x[i0:i0 + 2, j0:j0 + 3].copy()
            cases.append(Case("dynamic_slice_%s_%d_%d" % (index_type, a, b), mlir,
                              [x, np.array(a, dtype), np.array(b, dtype)], reference))
    # Integer operand, 3-D.
    y = random_array(g, (3, 4, 5), "i16")
    mlir = program([("x", "tensor<3x4x5xi16>"), ("i", "tensor<i32>"), ("j", "tensor<i32>"),
                    ("k", "tensor<i32>")], "tensor<1x2x5xi16>",
                   ["%0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, %arg3, sizes = [1, 2, 5] : "
                    "(tensor<3x4x5xi16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x5xi16>"])
    cases.append(Case("dynamic_slice_3d_i16", mlir,
                      [y, np.array(2, np.int32), np.array(1, np.int32), np.array(3, np.int32)],
                      lambda x, i, j, k: x[2:3, 1:3, 0:5].copy()))
    return cases


def real_dynamic_slice_cases():
    """Start, limit and strides as run-time tensors (torch-mlir's slices of
    dynamic shapes), into a result with a dynamic and a static dim."""
    g = rng(56)
    cases = []
    mlir = program([("x", "tensor<?x6xf32>"), ("start", "tensor<2xi64>"), ("limit", "tensor<2xi64>"),
                    ("strides", "tensor<2xi64>")], "tensor<?x2xf32>",
                   ["%0 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg2, %arg3 : "
                    "(tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xf32>"])
    for rows, (start, limit, strides) in [(5, ((1, 2), (5, 4), (1, 1))), (7, ((0, 1), (7, 6), (3, 3))),
                                          (4, ((4, 0), (4, 2), (1, 1)))]:
        x = random_array(g, (rows, 6), "f32")
        cases.append(Case("real_dynamic_slice_%d_rows_from_%d_%d" % (rows, *start), mlir,
                          [x] + [np.array(v, np.int64) for v in (start, limit, strides)],
                          lambda x, s, e, st: x[s[0]:e[0]:st[0], s[1]:e[1]:st[1]].copy()))
    x = random_array(g, (3, 6), "f32")
    cases.append(Case("real_dynamic_slice_limit_past_the_end", mlir,
                      [x] + [np.array(v, np.int64) for v in ((0, 0), (4, 2), (1, 1))],
                      expect="run_error",
                      stderr_patterns=[r"real_dynamic_slice: a limit index exceeds dimension 0"]))
    return cases


def dynamic_update_slice_cases():
    g = rng(52)
    cases = []
    for element_type in ["f32", "i32", "i1"]:
        x = random_array(g, (5, 6), element_type)
        u = random_array(g, (2, 3), element_type)
        in_type, up_type = tensor_type((5, 6), element_type), tensor_type((2, 3), element_type)
        mlir = program([("x", in_type), ("update", up_type), ("i", "tensor<i32>"), ("j", "tensor<i32>")],
                       in_type,
                       ["%%0 = stablehlo.dynamic_update_slice %%arg0, %%arg1, %%arg2, %%arg3 : "
                        "(%s, %s, tensor<i32>, tensor<i32>) -> %s" % (in_type, up_type, in_type)])
        for a, b in [(1, 2), (0, 0), (3, 3), (7, -1)]:
            def reference(x, u, i, j):
                i0 = int(np.clip(int(i), 0, 5 - 2))
                j0 = int(np.clip(int(j), 0, 6 - 3))
                y = x.copy()
                y[i0:i0 + 2, j0:j0 + 3] = u
                return y
            cases.append(Case("dynamic_update_slice_%s_%d_%d" % (element_type, a, b), mlir,
                              [x, u, np.array(a, np.int32), np.array(b, np.int32)], reference))
    return cases


def concatenate_cases():
    g = rng(53)
    cases = []
    for i, (shapes, dim, element_type) in enumerate([
            ([(2, 3), (4, 3)], 0, "f32"), ([(2, 3), (2, 1), (2, 4)], 1, "i32"),
            ([(2, 2, 2), (2, 3, 2)], 1, "f16"), ([(3,), (1,), (2,)], 0, "ui8"),
            ([(2, 3), (2, 3)], 1, "i1")]):
        arrays = [random_array(g, s, element_type) for s in shapes]
        types = [tensor_type(s, element_type) for s in shapes]
        out_shape = list(shapes[0])
        out_shape[dim] = sum(s[dim] for s in shapes)
        out_type = tensor_type(out_shape, element_type)
        operands = ", ".join("%%arg%d" % k for k in range(len(shapes)))
        mlir = program([("x%d" % k, t) for k, t in enumerate(types)], out_type,
                       ["%%0 = stablehlo.concatenate %s, dim = %d : (%s) -> %s"
                        % (operands, dim, ", ".join(types), out_type)])
        cases.append(Case("concatenate_%d_%s" % (i, element_type), mlir, arrays,
                          lambda *xs, dim=dim: np.concatenate(xs, axis=dim)))
    return cases


def pad_reference(x, value, low, high, interior):
    """StableHLO pad: interior padding first, then edge padding (negative crops)."""
    for d in range(x.ndim):
        n = x.shape[d]
        if interior[d] and n > 0:
            size = n + (n - 1) * interior[d]
            shape = list(x.shape)
            shape[d] = size
            spread = np.full(shape, value, x.dtype)
            index = [slice(None)] * x.ndim
            index[d] = slice(0, size, interior[d] + 1)
            spread[tuple(index)] = x
            x = spread
        lo, hi = low[d], high[d]
        if lo < 0:
            x = np.take(x, range(-lo, x.shape[d]), axis=d)
            lo = 0
        if hi < 0:
            x = np.take(x, range(0, x.shape[d] + hi), axis=d)
            hi = 0
        widths = [(0, 0)] * x.ndim
        widths[d] = (lo, hi)
        x = np.pad(x, widths, constant_values=value)
    return x


def pad_cases():
    g = rng(54)
    cases = []
    for i, (shape, low, high, interior, element_type) in enumerate([
            ((2, 3), [1, 0], [2, 1], [0, 1], "f32"), ((4,), [2], [3], [0], "i32"),
            ((3, 3), [0, 1], [1, 0], [2, 0], "f64"), ((4, 5), [-1, 1], [1, -2], [0, 0], "f32"),
            ((2, 2, 2), [1, 1, 1], [1, 1, 1], [1, 1, 1], "ui8")]):
        x = random_array(g, shape, element_type)
        value = random_array(g, (), element_type)
        out_shape = pad_reference(x, value, low, high, interior).shape
        in_type, out_type = tensor_type(shape, element_type), tensor_type(out_shape, element_type)
        scalar = "tensor<%s>" % element_type
        fmt = lambda v: "[%s]" % ", ".join(map(str, v))
        mlir = program([("x", in_type), ("padding_value", scalar)], out_type,
                       ["%%0 = stablehlo.pad %%arg0, %%arg1, low = %s, high = %s, interior = %s : "
                        "(%s, %s) -> %s" % (fmt(low), fmt(high), fmt(interior), in_type, scalar, out_type)])
        cases.append(Case("pad_%d_%s" % (i, element_type), mlir, [x, value],
                          lambda x, v, lo=low, hi=high, it=interior: pad_reference(x, v[()], lo, hi, it)))
    # jnp.pad with a zero constant, as JAX emits it.
    x = random_array(g, (3, 4), "f32")
    mlir = program([("x", "tensor<3x4xf32>")], "tensor<5x8xf32>",
                   ["%cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
                    "%0 = stablehlo.pad %arg0, %cst, low = [1, 2], high = [1, 2], interior = [0, 0] : "
                    "(tensor<3x4xf32>, tensor<f32>) -> tensor<5x8xf32>"])
    mlir = mlir.replace("return %1", "return %0")
    cases.append(Case("pad_zero_constant_f32", mlir, [x], lambda x: np.pad(x, [(1, 1), (2, 2)])))
    return cases


def reverse_cases():
    g = rng(55)
    cases = []
    for i, (shape, dims, element_type) in enumerate([
            ((3, 4), [0], "f32"), ((3, 4), [1], "i32"), ((2, 3, 4), [0, 2], "f32"),
            ((5,), [0], "ui64"), ((2, 3, 4), [0, 1, 2], "i8")]):
        x = random_array(g, shape, element_type)
        ty = tensor_type(shape, element_type)
        mlir = program([("x", ty)], ty, ["%%0 = stablehlo.reverse %%arg0, dims = [%s] : %s"
                                         % (", ".join(map(str, dims)), ty)])
        cases.append(Case("reverse_%d_%s" % (i, element_type), mlir, [x],
                          lambda x, d=dims: np.flip(x, axis=tuple(d)).copy()))
    return cases


run(slice_cases() + dynamic_slice_cases() + real_dynamic_slice_cases()
    + dynamic_update_slice_cases() + concatenate_cases() + pad_cases() + reverse_cases())
