"""compare (every direction and comparison type), select and clamp."""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type

DIRECTIONS = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal,
              "GT": np.greater, "GE": np.greater_equal}


def compare_case(name, direction, compare_type, a, b, element_type):
    in_type = tensor_type(a.shape, element_type)
    out_type = tensor_type(a.shape, "i1")
    mlir = jax_module(
        [("x", in_type), ("y", in_type)], [(out_type, "result")],
        ["%%0 = stablehlo.compare  %s, %%arg0, %%arg1,  %s : (%s, %s) -> %s"
         % (direction, compare_type, in_type, in_type, out_type),
         "return %%0 : %s" % out_type])
    fn = DIRECTIONS[direction]
    return Case(name, mlir, [a, b], lambda x, y: fn(x, y))


def compare_cases():
    g = rng(10)
    cases = []
    kinds = [("f32", "FLOAT"), ("f64", "FLOAT"), ("f16", "FLOAT"), ("i8", "SIGNED"),
             ("i32", "SIGNED"), ("i64", "SIGNED"), ("ui8", "UNSIGNED"), ("ui32", "UNSIGNED"),
             ("ui64", "UNSIGNED"), ("i1", "UNSIGNED")]
    for element_type, compare_type in kinds:
        # Few distinct values, so that equal pairs occur; unsigned values span
        # the top bit, where a signed comparison would be wrong.
        if element_type == "i1":
            a = random_array(g, (3, 8), "i1")
            b = random_array(g, (3, 8), "i1")
        elif element_type.startswith("ui"):
            bits = int(element_type[2:])
            choices = np.array([0, 1, 2, 2 ** (bits - 1), 2 ** bits - 1], dtype=np.uint64)
            a = g.choice(choices, size=(3, 8)).astype(element_type.replace("ui", "uint"))
            b = g.choice(choices, size=(3, 8)).astype(a.dtype)
        elif element_type.startswith("i"):
            a = random_array(g, (3, 8), element_type, -3, 3)
            b = random_array(g, (3, 8), element_type, -3, 3)
        else:
            a = random_array(g, (3, 8), element_type, -3, 3).round()
            b = random_array(g, (3, 8), element_type, -3, 3).round()
        for direction in DIRECTIONS:
            cases.append(compare_case("compare_%s_%s" % (direction.lower(), element_type),
                                      direction, compare_type, a, b, element_type))
    # A comparison with NaN is false except NE.
    a = np.array([np.nan, 1.0, np.nan, 2.0, -0.0, np.inf], np.float32)
    b = np.array([np.nan, np.nan, 1.0, 2.0, 0.0, np.inf], np.float32)
    for direction in DIRECTIONS:
        cases.append(compare_case("compare_%s_nan_f32" % direction.lower(), direction,
                                  "FLOAT", a, b, "f32"))
    return cases


def select_cases():
    g = rng(11)
    cases = []
    for element_type in ["f32", "i32", "f16", "i1", "ui8", "i64"]:
        pred = random_array(g, (4, 6), "i1")
        a = random_array(g, (4, 6), element_type)
        b = random_array(g, (4, 6), element_type)
        ty = tensor_type((4, 6), element_type)
        pred_ty = tensor_type((4, 6), "i1")
        mlir = jax_module([("pred", pred_ty), ("on_true", ty), ("on_false", ty)],
                          [(ty, "result")],
                          ["%%0 = stablehlo.select %%arg0, %%arg1, %%arg2 : %s, %s" % (pred_ty, ty),
                           "return %%0 : %s" % ty])
        cases.append(Case("select_%s" % element_type, mlir, [pred, a, b],
                          lambda p, x, y: np.where(p, x, y)))
    # A scalar predicate picks a whole operand.
    ty = tensor_type((3, 4), "f32")
    mlir = jax_module([("pred", "tensor<i1>"), ("on_true", ty), ("on_false", ty)],
                      [(ty, "result")],
                      ["%%0 = stablehlo.select %%arg0, %%arg1, %%arg2 : tensor<i1>, %s" % ty,
                       "return %%0 : %s" % ty])
    a = random_array(g, (3, 4), "f32")
    b = random_array(g, (3, 4), "f32")
    for value in (True, False):
        cases.append(Case("select_scalar_pred_%s_f32" % str(value).lower(), mlir,
                          [np.array(value), a, b], lambda p, x, y: np.where(p, x, y)))
    # The JAX form of jnp.where(x > y, x, y): compare then select.
    mlir = jax_module([("x", ty), ("y", ty)], [(ty, "result")],
                      ["%%0 = stablehlo.compare  GT, %%arg0, %%arg1,  FLOAT : (%s, %s) -> %s"
                       % (ty, ty, tensor_type((3, 4), "i1")),
                       "%%1 = stablehlo.select %%0, %%arg0, %%arg1 : %s, %s"
                       % (tensor_type((3, 4), "i1"), ty),
                       "return %%1 : %s" % ty])
    cases.append(Case("compare_select_f32", mlir, [a, b], lambda x, y: np.where(x > y, x, y)))
    return cases


def clamp_cases():
    g = rng(12)
    cases = []
    for element_type in ["f32", "i32", "ui8", "f64", "i8"]:
        shape = (5, 4)
        ty = tensor_type(shape, element_type)
        lo_value, hi_value = (10, 200) if element_type == "ui8" else (-2, 3)
        x = random_array(g, shape, element_type, -5 if element_type != "ui8" else 0,
                         5 if element_type != "ui8" else 255)
        lo = random_array(g, shape, element_type, lo_value - 1, lo_value + 1)
        hi = random_array(g, shape, element_type, hi_value - 1, hi_value + 1)
        mlir = jax_module([("min", ty), ("x", ty), ("max", ty)], [(ty, "result")],
                          ["%%0 = stablehlo.clamp %%arg0, %%arg1, %%arg2 : %s" % ty,
                           "return %%0 : %s" % ty])
        cases.append(Case("clamp_%s" % element_type, mlir, [lo, x, hi],
                          lambda l, v, h: np.minimum(np.maximum(v, l), h)))
        # jnp.clip with scalar bounds: clamp broadcasts rank-0 min and max.
        scalar = "tensor<%s>" % element_type
        mlir = jax_module([("min", scalar), ("x", ty), ("max", scalar)], [(ty, "result")],
                          ["%%0 = stablehlo.clamp %%arg0, %%arg1, %%arg2 : (%s, %s, %s) -> %s"
                           % (scalar, ty, scalar, ty),
                           "return %%0 : %s" % ty])
        lo0 = np.array(lo_value, dtype=x.dtype)
        hi0 = np.array(hi_value, dtype=x.dtype)
        cases.append(Case("clamp_scalar_bounds_%s" % element_type, mlir, [lo0, x, hi0],
                          lambda l, v, h: np.minimum(np.maximum(v, l), h)))
    return cases


run(compare_cases() + select_cases() + clamp_cases())
