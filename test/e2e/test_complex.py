"""complex<f32> and complex<f64>: arithmetic, math, conversions, real/imag/
complex, and data movement, against numpy's complex arithmetic."""

import numpy as np

from e2e import Case, elementwise_case, jax_module, random_array, rng, run, tensor_type

SHAPE = (3, 4)
COMPLEX_TYPES = ["complex<f32>", "complex<f64>"]
PART_TYPE = {"complex<f32>": "f32", "complex<f64>": "f64"}
TOLERANCE = {"complex<f32>": (1e-5, 1e-5), "complex<f64>": (1e-12, 1e-12)}
# exp, sin, cos, tan, tanh and power grow with |z|; their f32 results carry
# a few ulp of the parts they combine.
MATH_TOLERANCE = {"complex<f32>": (1e-4, 1e-4), "complex<f64>": (1e-10, 1e-10)}


def in_double(fn):
    """The reference computed in complex128 and rounded to the input's type."""
    def reference(*arrays):
        with np.errstate(all="ignore"):
            result = np.asarray(fn(*[a.astype(np.complex128) for a in arrays]))
        if np.iscomplexobj(result):
            return result.astype(arrays[0].dtype)
        return result.astype(arrays[0].real.dtype)
    return reference


def complex_sign(z):
    """z / |z|, and 0 at 0 (the StableHLO spec; numpy < 2 differs)."""
    magnitude = np.abs(z)
    return np.where(magnitude == 0, 0, z / np.where(magnitude == 0, 1, magnitude))


def lexicographic(pick_lhs):
    """maximum or minimum of complex numbers, ordered by real part, then
    imaginary part."""
    def reference(a, b):
        lhs_first = pick_lhs(a.real, b.real) | ((a.real == b.real) & pick_lhs(a.imag, b.imag))
        return np.where(lhs_first, a, b)
    return reference


def arithmetic_cases():
    cases = []
    g = rng(130)
    binary = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply,
              "divide": np.divide, "power": np.power,
              "maximum": lexicographic(np.greater), "minimum": lexicographic(np.less)}
    unary = {
        "negate": np.negative, "exponential": np.exp, "log": np.log,
        "log_plus_one": np.log1p, "exponential_minus_one": np.expm1, "sqrt": np.sqrt,
        "rsqrt": lambda z: 1 / np.sqrt(z), "sine": np.sin, "cosine": np.cos, "tan": np.tan,
        "tanh": np.tanh, "sign": complex_sign, "logistic": lambda z: 1 / (1 + np.exp(-z)),
    }
    for element in COMPLEX_TYPES:
        atol, rtol = TOLERANCE[element]
        math_atol, math_rtol = MATH_TOLERANCE[element]
        suffix = element[len("complex<"):-1]
        for op, fn in binary.items():
            a = random_array(g, SHAPE, element, -2, 2)
            b = random_array(g, SHAPE, element, -2, 2)
            b[0] = a[0].real + 1j * b[0].imag  # ties of the real parts
            tolerance = (math_atol, math_rtol) if op == "power" else (atol, rtol)
            cases.append(elementwise_case("%s_c%s" % (op, suffix), op, [a, b], in_double(fn),
                                          element_type=element, atol=tolerance[0],
                                          rtol=tolerance[1]))
        for op, fn in unary.items():
            z = random_array(g, SHAPE, element, -2, 2)
            cases.append(elementwise_case("%s_c%s" % (op, suffix), op, [z], in_double(fn),
                                          element_type=element, atol=math_atol,
                                          rtol=math_rtol))
        z = random_array(g, SHAPE, element, -2, 2)
        z[0, 0] = 0
        cases.append(elementwise_case("abs_c%s" % suffix, "abs", [z], in_double(np.abs),
                                      element_type=element,
                                      result_element_type=PART_TYPE[element], atol=atol,
                                      rtol=rtol))
        for op, fn in [("real", np.real), ("imag", np.imag)]:
            cases.append(elementwise_case("%s_c%s" % (op, suffix), op, [z], in_double(fn),
                                          element_type=element,
                                          result_element_type=PART_TYPE[element]))
    return cases


def spec_atan2(y, x):
    """The StableHLO spec's atan2 on complex numbers."""
    return -1j * np.log((x + 1j * y) / np.sqrt(x * x + y * y))


def principal_cbrt(z):
    """The principal cube root: |z|^(1/3) at a third of z's angle."""
    return np.cbrt(np.abs(z)) * np.exp(1j * np.angle(z) / 3)


def atan2_cbrt_cases():
    cases = []
    g = rng(137)
    for element in COMPLEX_TYPES:
        atol, rtol = MATH_TOLERANCE[element]
        suffix = element[len("complex<"):-1]
        y = random_array(g, SHAPE, element, -2, 2)
        x = random_array(g, SHAPE, element, -2, 2)
        cases.append(elementwise_case("atan2_c%s" % suffix, "atan2", [y, x],
                                      in_double(spec_atan2), element_type=element,
                                      atol=atol, rtol=rtol))
        z = random_array(g, SHAPE, element, -2, 2)
        # Zero, a negative real (whose principal root is not the real one)
        # and a large modulus, whose square would overflow f32.
        z[0, :3] = [0, -8, 3e20 + 4e20j]
        cases.append(elementwise_case("cbrt_c%s" % suffix, "cbrt", [z],
                                      in_double(principal_cbrt), element_type=element,
                                      atol=atol, rtol=rtol))
    return cases


def bitcast_cases():
    """bitcast_convert to and from complex elements: numpy's view of the same
    bytes (a complex number's real part first)."""
    cases = []
    g = rng(138)
    for name, element, shape, result_element, result_shape, dtype in [
            ("c128_to_c64", "complex<f64>", (3,), "complex<f32>", (3, 2), np.complex64),
            ("c64_to_c128", "complex<f32>", (3, 2), "complex<f64>", (3,), np.complex128),
            ("c64_to_i64", "complex<f32>", (4,), "i64", (4,), np.int64),
            ("f64_to_c64", "f64", (4,), "complex<f32>", (4,), np.complex64),
            ("c64_to_f32", "complex<f32>", (4,), "f32", (4, 2), np.float32),
            ("ui8_to_c64", "ui8", (2, 8), "complex<f32>", (2,), np.complex64)]:
        if element == "ui8":
            x = g.integers(0, 256, size=shape).astype(np.uint8)
        else:
            x = random_array(g, shape, element)
        in_type, out_type = tensor_type(shape, element), tensor_type(result_shape, result_element)
        mlir = jax_module([("x", in_type)], [(out_type, "result")], [
            "%%0 = stablehlo.bitcast_convert %%arg0 : (%s) -> %s" % (in_type, out_type),
            "return %%0 : %s" % out_type])
        cases.append(Case("bitcast_%s" % name, mlir, [x],
                          lambda a, dtype=dtype, result_shape=result_shape:
                          np.ascontiguousarray(a).view(dtype).reshape(result_shape),
                          atol=0, rtol=0))
    return cases


def complex_from_parts_case(part):
    g = rng(131)
    element = "complex<%s>" % part
    in_type = tensor_type(SHAPE, part)
    out_type = tensor_type(SHAPE, element)
    mlir = jax_module([("re", in_type), ("im", in_type)], [(out_type, "result")],
                      ["%%0 = stablehlo.complex %%arg0, %%arg1 : %s" % out_type,
                       "return %%0 : %s" % out_type])
    re = random_array(g, SHAPE, part)
    im = random_array(g, SHAPE, part)
    return Case("complex_%s" % part, mlir, [re, im], lambda x, y: x + 1j * y.astype(
        np.complex128 if part == "f64" else np.complex64))


def compare_select_cases():
    cases = []
    g = rng(132)
    for element in COMPLEX_TYPES:
        in_type = tensor_type(SHAPE, element)
        pred_type = tensor_type(SHAPE, "i1")
        a = random_array(g, SHAPE, element)
        b = a.copy()
        b[::2] = random_array(g, b[::2].shape, element)
        b[1, 1] = a[1, 1].real + 1j * (a[1, 1].imag + 1)  # only the imaginary part differs
        for direction, fn in [("EQ", np.equal), ("NE", np.not_equal)]:
            mlir = jax_module([("x", in_type), ("y", in_type)], [(pred_type, "result")],
                              ["%%0 = stablehlo.compare  %s, %%arg0, %%arg1,  FLOAT : "
                               "(%s, %s) -> %s" % (direction, in_type, in_type, pred_type),
                               "return %%0 : %s" % pred_type])
            cases.append(Case("compare_%s_%s" % (direction, element), mlir, [a, b], fn))
        pred = random_array(g, SHAPE, "i1")
        mlir = jax_module([("p", pred_type), ("x", in_type), ("y", in_type)],
                          [(in_type, "result")],
                          ["%%0 = stablehlo.select %%arg0, %%arg1, %%arg2 : %s, %s" %
                           (pred_type, in_type), "return %%0 : %s" % in_type])
        cases.append(Case("select_%s" % element, mlir, [pred, a, b], np.where))
    return cases


def convert_cases():
    cases = []
    g = rng(133)
    pairs = [("f32", "complex<f32>"), ("i32", "complex<f64>"), ("complex<f32>", "complex<f64>"),
             ("complex<f64>", "complex<f32>"), ("complex<f32>", "f32"), ("complex<f64>", "f32"),
             ("complex<f64>", "i32"), ("complex<f32>", "i1")]
    numpy_type = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i1": np.bool_,
                  "complex<f32>": np.complex64, "complex<f64>": np.complex128}
    for src, dst in pairs:
        x = random_array(g, SHAPE, src, -100, 100)
        if dst == "i1":
            x[0] = x[0].imag * 1j  # a zero real part is false whatever the imaginary part
        in_type, out_type = tensor_type(SHAPE, src), tensor_type(SHAPE, dst)
        mlir = jax_module([("x", in_type)], [(out_type, "result")],
                          ["%%0 = stablehlo.convert %%arg0 : (%s) -> %s" % (in_type, out_type),
                           "return %%0 : %s" % out_type])

        def reference(x, dst=dst):
            # To a real type the imaginary part is dropped; float to int truncates.
            value = x.real if np.iscomplexobj(x) and not dst.startswith("complex") else x
            if dst == "i1":
                return value != 0
            return np.trunc(value).astype(numpy_type[dst]) if dst == "i32" else \
                value.astype(numpy_type[dst])
        cases.append(Case("convert_%s_to_%s" % (src, dst), mlir, [x], reference))
    return cases


def data_movement_cases():
    g = rng(134)
    element = "complex<f32>"
    x_type = tensor_type((2, 3, 4), element)
    x = random_array(g, (2, 3, 4), element)
    y = random_array(g, (2, 1, 4), element)
    pad_value = random_array(g, (), element)
    # (name, input, result type, op text from the input and result types, reference)
    programs = [
        ("transpose", x, tensor_type((4, 2, 3), element),
         lambda t, r: "stablehlo.transpose %%arg0, dims = [2, 0, 1] : (%s) -> %s" % (t, r),
         lambda x: np.transpose(x, (2, 0, 1))),
        ("reshape", x, tensor_type((6, 4), element),
         lambda t, r: "stablehlo.reshape %%arg0 : (%s) -> %s" % (t, r),
         lambda x: x.reshape(6, 4)),
        ("slice", x, tensor_type((2, 2, 2), element),
         lambda t, r: "stablehlo.slice %%arg0 [0:2, 1:3, 0:4:2] : (%s) -> %s" % (t, r),
         lambda x: x[:, 1:3, ::2]),
        ("reverse", x, x_type,
         lambda t, r: "stablehlo.reverse %%arg0, dims = [1] : %s" % t,
         lambda x: x[:, ::-1]),
        ("broadcast_in_dim", y, tensor_type((2, 5, 4), element),
         lambda t, r: "stablehlo.broadcast_in_dim %%arg0, dims = [0, 1, 2] : (%s) -> %s"
         % (t, r),
         lambda y: np.broadcast_to(y, (2, 5, 4))),
    ]
    cases = []
    for name, value, out_type, op_text, reference in programs:
        in_type = tensor_type(value.shape, element)
        mlir = jax_module([("x", in_type)], [(out_type, "result")],
                          ["%0 = " + op_text(in_type, out_type),
                           "return %%0 : %s" % out_type])
        cases.append(Case("%s_complex" % name, mlir, [value], reference))
    concat_type = tensor_type((2, 4, 4), element)
    mlir = jax_module([("x", x_type), ("y", tensor_type((2, 1, 4), element))],
                      [(concat_type, "result")],
                      ["%%0 = stablehlo.concatenate %%arg0, %%arg1, dim = 1 : (%s, %s) -> %s"
                       % (x_type, tensor_type((2, 1, 4), element), concat_type),
                       "return %%0 : %s" % concat_type])
    cases.append(Case("concatenate_complex", mlir, [x, y],
                      lambda x, y: np.concatenate([x, y], axis=1)))
    scalar_type = tensor_type((), element)
    padded_type = tensor_type((2, 6, 5), element)
    mlir = jax_module([("x", x_type), ("v", scalar_type)], [(padded_type, "result")],
                      ["%%0 = stablehlo.pad %%arg0, %%arg1, low = [0, 1, 0], high = [0, 2, 1], "
                       "interior = [0, 0, 0] : (%s, %s) -> %s" % (x_type, scalar_type,
                                                                   padded_type),
                       "return %%0 : %s" % padded_type])
    cases.append(Case("pad_complex", mlir, [x, pad_value],
                      lambda x, v: np.pad(x, [(0, 0), (1, 2), (0, 1)], constant_values=v)))
    return cases


def iota_case(element):
    """iota along dimension 1, added to a run-time input."""
    g = rng(137)
    out_type = tensor_type((3, 4), element)
    x = random_array(g, (3, 4), element)
    mlir = jax_module([("x", out_type)], [(out_type, "result")],
                      ["%%0 = stablehlo.iota dim = 1 : %s" % out_type,
                       "%%1 = stablehlo.add %%0, %%arg0 : %s" % out_type,
                       "return %%1 : %s" % out_type])
    return Case("iota_%s" % element, mlir, [x], lambda x: (np.arange(4) + x).astype(x.dtype))


def reduce_cases():
    cases = []
    g = rng(135)
    for element in COMPLEX_TYPES:
        for op, init, fn in [("add", "(0.0, 0.0)", np.sum), ("multiply", "(1.0, 0.0)", np.prod)]:
            x = random_array(g, (4, 6), element, -1.2, 1.2)
            in_type, out_type = tensor_type((4, 6), element), tensor_type((4,), element)
            scalar = tensor_type((), element)
            mlir = jax_module([("x", in_type)], [(out_type, "result")], [
                "%%cst = stablehlo.constant dense<%s> : %s" % (init, scalar),
                "%%0 = stablehlo.reduce(%%arg0 init: %%cst) applies stablehlo.%s across "
                "dimensions = [1] : (%s, %s) -> %s" % (op, in_type, scalar, out_type),
                "return %%0 : %s" % out_type])
            atol, rtol = MATH_TOLERANCE[element]
            cases.append(Case("reduce_%s_%s" % (op, element), mlir, [x],
                              in_double(lambda x, fn=fn: fn(x, axis=1)), atol=atol, rtol=rtol))
    return cases


def dot_general_cases():
    cases = []
    g = rng(136)
    for element in COMPLEX_TYPES:
        atol, rtol = MATH_TOLERANCE[element]
        # A matrix product, and a batched one contracting the lhs's first dimension.
        for name, lhs_shape, rhs_shape, dims, reference in [
                ("matmul", (3, 5), (5, 4), "contracting_dims = [1] x [0]", np.matmul),
                ("batch", (2, 5, 3), (2, 5, 4),
                 "batching_dims = [0] x [0], contracting_dims = [1] x [1]",
                 lambda l, r: np.einsum("bkm,bkn->bmn", l, r))]:
            lhs = random_array(g, lhs_shape, element)
            rhs = random_array(g, rhs_shape, element)
            out_shape = reference(lhs, rhs).shape
            lt, rt = tensor_type(lhs_shape, element), tensor_type(rhs_shape, element)
            ot = tensor_type(out_shape, element)
            mlir = jax_module([("x", lt), ("y", rt)], [(ot, "result")], [
                "%%0 = stablehlo.dot_general %%arg0, %%arg1, %s, precision = [DEFAULT, DEFAULT] "
                ": (%s, %s) -> %s" % (dims, lt, rt, ot),
                "return %%0 : %s" % ot])
            cases.append(Case("dot_general_%s_%s" % (name, element), mlir, [lhs, rhs],
                              in_double(reference), atol=atol, rtol=rtol))
    return cases


if __name__ == "__main__":
    run(arithmetic_cases() + atan2_cbrt_cases() + bitcast_cases() + [complex_from_parts_case("f32"), complex_from_parts_case("f64")]
        + compare_select_cases() + convert_cases() + data_movement_cases()
        + [iota_case(element) for element in COMPLEX_TYPES] + reduce_cases()
        + dot_general_cases())
