"""convert between every kind of element type, and bitcast_convert."""

import numpy as np

from e2e import Case, jax_module, np_dtype, random_array, rng, run, tensor_type


def unary_typed_case(name, op, x, in_element, out_shape, out_element, reference):
    in_type = tensor_type(x.shape, in_element)
    out_type = tensor_type(out_shape, out_element)
    mlir = jax_module([("x", in_type)], [(out_type, "result")],
                      ["%%0 = stablehlo.%s %%arg0 : (%s) -> %s" % (op, in_type, out_type),
                       "return %%0 : %s" % out_type])
    return Case(name, mlir, [x], reference)


def convert_cases():
    g = rng(20)
    cases = []
    shape = (3, 6)

    def to(out_element):
        return lambda x: x.astype(np_dtype(out_element))

    # float -> float
    for src, dst in [("f32", "f64"), ("f64", "f32"), ("f32", "f16"), ("f16", "f32"),
                     ("f16", "f64"), ("f64", "f16")]:
        x = random_array(g, shape, src, -1000, 1000)
        cases.append(unary_typed_case("convert_%s_to_%s" % (src, dst), "convert", x, src,
                                      shape, dst, to(dst)))
    # float -> int truncates toward zero; values stay in range.
    for src, dst in [("f32", "i32"), ("f32", "i8"), ("f64", "i64"), ("f32", "i64"),
                     ("f16", "i16"), ("f32", "ui8"), ("f64", "ui32"), ("f32", "ui16")]:
        if dst.startswith("ui"):
            x = random_array(g, shape, src, 0, 100)
        else:
            x = random_array(g, shape, src, -100, 100)
        x[0, :4] = np.array([2.5, -2.5, 0.99, 3.0] if not dst.startswith("ui") else
                            [2.5, 0.5, 0.99, 3.0], x.dtype)
        cases.append(unary_typed_case("convert_%s_to_%s" % (src, dst), "convert", x, src,
                                      shape, dst, lambda x, d=dst: np.trunc(x).astype(np_dtype(d))))
    # int -> float
    for src, dst in [("i32", "f32"), ("i64", "f64"), ("i8", "f16"), ("ui8", "f32"),
                     ("ui32", "f64"), ("i16", "f32"), ("ui64", "f32")]:
        if src == "ui64":
            x = random_array(g, shape, src, 0, 2 ** 60)
        elif src in ("i32", "i64"):
            x = random_array(g, shape, src, -2 ** 20, 2 ** 20)
        else:
            x = random_array(g, shape, src)
        cases.append(unary_typed_case("convert_%s_to_%s" % (src, dst), "convert", x, src,
                                      shape, dst, to(dst)))
    # int -> int: sign extension, zero extension, truncation (wraps).
    for src, dst in [("i8", "i32"), ("i32", "i8"), ("i64", "i16"), ("ui8", "i32"),
                     ("i32", "ui8"), ("ui16", "ui64"), ("i16", "i64"), ("ui32", "i64"),
                     ("i64", "ui32"), ("i8", "ui16")]:
        x = random_array(g, shape, src)
        cases.append(unary_typed_case("convert_%s_to_%s" % (src, dst), "convert", x, src,
                                      shape, dst, to(dst)))
    # bool <-> numbers: true is 1; a number converts to true when non-zero.
    b = random_array(g, shape, "i1")
    for dst in ["f32", "i32", "ui8", "f16"]:
        cases.append(unary_typed_case("convert_i1_to_%s" % dst, "convert", b, "i1", shape, dst,
                                      to(dst)))
    for src in ["f32", "i32", "ui8"]:
        x = random_array(g, shape, src, 0, 3) if src != "f32" else \
            random_array(g, shape, src, -2, 2).round()
        cases.append(unary_typed_case("convert_%s_to_i1" % src, "convert", x, src, shape, "i1",
                                      lambda x: x != 0))
    return cases


def bitcast_cases():
    g = rng(21)
    cases = []
    shape = (2, 5)
    for src, dst in [("f32", "i32"), ("i32", "f32"), ("f64", "i64"), ("f16", "i16"),
                     ("ui32", "f32"), ("f32", "ui32"), ("i64", "f64"), ("i16", "f16")]:
        if src.startswith("f"):
            x = random_array(g, shape, src, -1000, 1000)
            x[0, 0] = -0.0
        else:
            # Bit patterns of finite floats, so NaN payloads need no care.
            floats = random_array(g, shape, dst, -1000, 1000)
            x = floats.view(np_dtype(src))
        cases.append(unary_typed_case("bitcast_convert_%s_to_%s" % (src, dst), "bitcast_convert",
                                      x, src, shape, dst,
                                      lambda x, d=dst: x.view(np_dtype(d))))
    # To a narrower type the result gains a minor dimension (little endian).
    x = random_array(g, (3,), "f32", -10, 10)
    cases.append(unary_typed_case("bitcast_convert_f32_to_ui8x4", "bitcast_convert", x, "f32",
                                  (3, 4), "ui8", lambda x: x.view(np.uint8).reshape(3, 4)))
    y = random_array(g, (2, 4), "i16")
    cases.append(unary_typed_case("bitcast_convert_i16x2_to_i32", "bitcast_convert", y[:, :2].copy(),
                                  "i16", (2,), "i32",
                                  lambda x: x.view(np.int32).reshape(2)))
    return cases


run(convert_cases() + bitcast_cases())
