"""constant, iota, broadcast_in_dim, broadcast, reshape, transpose."""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type


def one_op_case(name, arrays, element_types, out_shape, out_element, line, reference):
    """A program of one op `line` (using %arg0...) producing %0."""
    in_types = [tensor_type(a.shape, t) for a, t in zip(arrays, element_types)]
    out_type = tensor_type(out_shape, out_element)
    mlir = jax_module([("x%d" % i, ty) for i, ty in enumerate(in_types)],
                      [(out_type, "result")],
                      [line.format(*in_types, out=out_type), "return %%0 : %s" % out_type])
    return Case(name, mlir, arrays, reference)


def constant_cases():
    g = rng(40)
    cases = []
    x = random_array(g, (2, 3), "f32")
    table = np.array([[1.5, -2.0, 0.25], [3.0, 1e-3, -7.125]], np.float32)
    mlir = jax_module(
        [("x", "tensor<2x3xf32>")], [("tensor<2x3xf32>", "result")],
        ["%cst = stablehlo.constant dense<[[1.500000e+00, -2.000000e+00, 2.500000e-01], "
         "[3.000000e+00, 1.000000e-03, -7.125000e+00]]> : tensor<2x3xf32>",
         "%0 = stablehlo.multiply %arg0, %cst : tensor<2x3xf32>",
         "return %0 : tensor<2x3xf32>"])
    cases.append(Case("constant_dense_f32", mlir, [x], lambda x: x * table))
    # A splat scalar broadcast, as JAX writes x * 2 + 1.
    mlir = jax_module(
        [("x", "tensor<2x3xf32>")], [("tensor<2x3xf32>", "result")],
        ["%cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>",
         "%cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>",
         "%0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>",
         "%1 = stablehlo.multiply %arg0, %0 : tensor<2x3xf32>",
         "%2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>",
         "%3 = stablehlo.add %1, %2 : tensor<2x3xf32>",
         "return %3 : tensor<2x3xf32>"])
    cases.append(Case("constant_splat_f32", mlir, [x], lambda x: x * np.float32(2) + np.float32(1)))
    # Integer, unsigned, bool and f16 constants.
    xi = random_array(g, (4,), "i32", -100, 100)
    mlir = jax_module(
        [("x", "tensor<4xi32>")], [("tensor<4xi32>", "result")],
        ["%c = stablehlo.constant dense<[1, -2, 2147483647, -2147483648]> : tensor<4xi32>",
         "%0 = stablehlo.xor %arg0, %c : tensor<4xi32>",
         "return %0 : tensor<4xi32>"])
    cases.append(Case("constant_dense_i32", mlir, [xi], lambda x: x ^ np.array(
        [1, -2, 2147483647, -2147483648], np.int32)))
    xu = random_array(g, (3,), "ui64")
    mlir = jax_module(
        [("x", "tensor<3xui64>")], [("tensor<3xui64>", "result")],
        ["%c = stablehlo.constant dense<[18446744073709551615, 9223372036854775808, 1]> : tensor<3xui64>",
         "%0 = stablehlo.and %arg0, %c : tensor<3xui64>",
         "return %0 : tensor<3xui64>"])
    cases.append(Case("constant_dense_ui64", mlir, [xu], lambda x: x & np.array(
        [18446744073709551615, 9223372036854775808, 1], np.uint64)))
    xb = random_array(g, (4,), "i1")
    mlir = jax_module(
        [("x", "tensor<4xi1>")], [("tensor<4xi1>", "result")],
        ["%c = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>",
         "%0 = stablehlo.xor %arg0, %c : tensor<4xi1>",
         "return %0 : tensor<4xi1>"])
    cases.append(Case("constant_dense_i1", mlir, [xb], lambda x: x ^ np.array(
        [True, False, True, False])))
    xh = random_array(g, (3,), "f16")
    mlir = jax_module(
        [("x", "tensor<3xf16>")], [("tensor<3xf16>", "result")],
        ["%cst = stablehlo.constant dense<[5.000000e-01, 6.550400e+04, -1.250000e-01]> : tensor<3xf16>",
         "%0 = stablehlo.multiply %arg0, %cst : tensor<3xf16>",
         "return %0 : tensor<3xf16>"])
    xh = np.array([0.5, 0.001, 2.0], np.float16)
    cases.append(Case("constant_dense_f16", mlir, [xh], lambda x: x * np.array(
        [0.5, 65504.0, -0.125], np.float16)))
    # The result is a constant only: the .so must still return it.
    mlir = jax_module([("x", "tensor<2xf32>")], [("tensor<2x2xf32>", "result")],
                      ["%cst = stablehlo.constant dense<[[1.000000e+00, 2.000000e+00], "
                       "[3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>",
                       "return %cst : tensor<2x2xf32>"])
    cases.append(Case("constant_result_f32", mlir, [random_array(g, (2,), "f32")],
                      lambda x: np.array([[1, 2], [3, 4]], np.float32)))
    return cases


def iota_cases():
    g = rng(41)
    cases = []
    for element_type, shape, dim in [("i32", (5,), 0), ("f32", (3, 4), 1), ("i64", (3, 4), 0),
                                     ("ui8", (2, 3, 4), 2), ("f16", (6,), 0)]:
        ty = tensor_type(shape, element_type)
        x = random_array(g, shape, element_type, 0, 3)
        mlir = jax_module([("x", ty)], [(ty, "result")],
                          ["%%0 = stablehlo.iota dim = %d : %s" % (dim, ty),
                           "%%1 = stablehlo.add %%0, %%arg0 : %s" % ty,
                           "return %%1 : %s" % ty])

        def reference(x, shape=shape, dim=dim):
            index = np.arange(shape[dim]).reshape([-1 if i == dim else 1 for i in range(len(shape))])
            return (np.broadcast_to(index, shape).astype(x.dtype) + x).astype(x.dtype)
        cases.append(Case("iota_dim%d_%s" % (dim, element_type), mlir, [x], reference))
    return cases


def broadcast_cases():
    g = rng(42)
    cases = []
    specs = [
        # (in shape, out shape, dims)
        ((), (3, 4), []),
        ((4,), (3, 4), [1]),
        ((3,), (3, 4), [0]),
        ((3, 1), (3, 4), [0, 1]),
        ((1, 4), (2, 3, 4), [1, 2]),
        ((2, 4), (2, 3, 4), [0, 2]),
        ((4, 3), (3, 5, 4), [2, 0]),
    ]
    for i, (in_shape, out_shape, dims) in enumerate(specs):
        for element_type in (["f32", "i32", "i1"] if i == 1 else ["f32"]):
            x = random_array(g, in_shape, element_type)
            line = "%%0 = stablehlo.broadcast_in_dim %%arg0, dims = [%s] : ({0}) -> {out}" % (
                ", ".join(map(str, dims)))

            def reference(x, in_shape=in_shape, out_shape=out_shape, dims=dims):
                # Move operand dims to their output positions, then broadcast.
                order = np.argsort(dims)
                y = np.transpose(x, order) if x.ndim else x
                shape = [1] * len(out_shape)
                for k, d in enumerate(sorted(dims)):
                    shape[d] = y.shape[k]
                return np.broadcast_to(y.reshape(shape), out_shape).copy()
            cases.append(one_op_case("broadcast_in_dim_%d_%s" % (i, element_type), [x],
                                     [element_type], out_shape, element_type, line, reference))
    x = random_array(g, (4,), "f32")
    cases.append(one_op_case("broadcast_f32", [x], ["f32"], (2, 3, 4), "f32",
                             "%0 = stablehlo.broadcast %arg0, sizes = [2, 3] : ({0}) -> {out}",
                             lambda x: np.broadcast_to(x, (2, 3, 4)).copy()))
    x = random_array(g, (2, 2), "i16")
    cases.append(one_op_case("broadcast_i16", [x], ["i16"], (3, 2, 2), "i16",
                             "%0 = stablehlo.broadcast %arg0, sizes = [3] : ({0}) -> {out}",
                             lambda x: np.broadcast_to(x, (3, 2, 2)).copy()))
    return cases


def reshape_transpose_cases():
    g = rng(43)
    cases = []
    for i, (in_shape, out_shape, element_type) in enumerate([
            ((2, 6), (3, 4), "f32"), ((2, 3, 4), (24,), "i32"), ((24,), (2, 3, 4), "f64"),
            ((4, 6), (2, 2, 3, 2), "ui8"), ((1, 5), (5,), "f32"), ((5,), (5, 1), "i1"),
            ((1,), (), "f32"), ((), (1, 1), "i64")]):
        x = random_array(g, in_shape, element_type)
        cases.append(one_op_case("reshape_%d_%s" % (i, element_type), [x], [element_type],
                                 out_shape, element_type,
                                 "%0 = stablehlo.reshape %arg0 : ({0}) -> {out}",
                                 lambda x, s=out_shape: x.reshape(s)))
    for i, (shape, perm, element_type) in enumerate([
            ((2, 3), [1, 0], "f32"), ((2, 3, 4), [2, 0, 1], "f32"), ((2, 3, 4), [0, 2, 1], "i32"),
            ((2, 3, 4, 5), [0, 3, 1, 2], "f32"), ((3, 4), [1, 0], "f16"), ((64, 48), [1, 0], "f32"),
            ((2, 3, 4), [1, 0, 2], "ui16")]):
        x = random_array(g, shape, element_type)
        out_shape = tuple(shape[p] for p in perm)
        cases.append(one_op_case(
            "transpose_%d_%s" % (i, element_type), [x], [element_type], out_shape, element_type,
            "%%0 = stablehlo.transpose %%arg0, dims = [%s] : ({0}) -> {out}" % ", ".join(map(str, perm)),
            lambda x, p=perm: np.transpose(x, p).copy()))
    # A transpose feeding elementwise work (the strided-access path).
    x = random_array(g, (3, 5), "f32")
    y = random_array(g, (5, 3), "f32")
    mlir = jax_module([("x", "tensor<3x5xf32>"), ("y", "tensor<5x3xf32>")],
                      [("tensor<5x3xf32>", "result")],
                      ["%0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x5xf32>) -> tensor<5x3xf32>",
                       "%1 = stablehlo.add %0, %arg1 : tensor<5x3xf32>",
                       "%2 = stablehlo.reshape %1 : (tensor<5x3xf32>) -> tensor<15xf32>",
                       "%3 = stablehlo.reshape %2 : (tensor<15xf32>) -> tensor<5x3xf32>",
                       "return %3 : tensor<5x3xf32>"])
    cases.append(Case("transpose_add_reshape_f32", mlir, [x, y], lambda x, y: x.T + y))
    return cases


def blocked_transpose_cases():
    """Transposes that move the innermost dim, copied on the CPU in square
    blocks: sizes that are not multiples of a block (16, or 8 for 64-bit
    elements), every element width, NCHW->NHWC, and dynamic sizes."""
    g = rng(45)
    cases = []
    shapes = [((37, 53), [1, 0]), ((2, 19, 17, 23), [0, 2, 3, 1]), ((5, 33, 18), [2, 1, 0])]
    for element_type in ["f32", "f64", "f16", "i8", "ui16", "i64"]:
        for i, (shape, perm) in enumerate(shapes):
            x = random_array(g, shape, element_type)
            out_shape = tuple(shape[p] for p in perm)
            cases.append(one_op_case(
                "blocked_transpose_%d_%s" % (i, element_type), [x], [element_type], out_shape,
                element_type,
                "%%0 = stablehlo.transpose %%arg0, dims = [%s] : ({0}) -> {out}" % ", ".join(map(str, perm)),
                lambda x, p=perm: np.transpose(x, p).copy()))
    for element_type in ["f32", "f64", "i8"]:
        in_type = tensor_type((-1, -1), element_type)
        mlir = jax_module([("x", in_type)], [(in_type, "result")],
                          ["%%0 = stablehlo.transpose %%arg0, dims = [1, 0] : (%s) -> %s" % (in_type, in_type),
                           "return %%0 : %s" % in_type])
        for rows, columns in [(3, 70), (41, 29)]:
            x = random_array(g, (rows, columns), element_type)
            cases.append(Case("blocked_transpose_dynamic_%dx%d_%s" % (rows, columns, element_type), mlir,
                              [x], lambda x: x.T.copy()))
    return cases


def passthrough_cases():
    """Results that are an argument itself, a view of one, or one value twice."""
    g = rng(44)
    x = random_array(g, (3, 4), "f32")
    return [
        Case("return_argument_f32", jax_module(
            [("x", "tensor<3x4xf32>")], [("tensor<3x4xf32>", "result")],
            ["return %arg0 : tensor<3x4xf32>"]), [x], lambda x: x),
        Case("return_reshaped_argument_f32", jax_module(
            [("x", "tensor<3x4xf32>")], [("tensor<2x6xf32>", "result")],
            ["%0 = stablehlo.reshape %arg0 : (tensor<3x4xf32>) -> tensor<2x6xf32>",
             "return %0 : tensor<2x6xf32>"]), [x], lambda x: x.reshape(2, 6)),
        Case("return_value_twice_f32", jax_module(
            [("x", "tensor<3x4xf32>")], [("tensor<3x4xf32>", "[0]"), ("tensor<3x4xf32>", "[1]"),
                                         ("tensor<3x4xf32>", "[2]")],
            ["%0 = stablehlo.negate %arg0 : tensor<3x4xf32>",
             "return %0, %0, %arg0 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>"]),
            [x], lambda x: [-x, -x, x]),
    ]


run(passthrough_cases() + constant_cases() + iota_cases() + broadcast_cases() + reshape_transpose_cases()
    + blocked_transpose_cases())
