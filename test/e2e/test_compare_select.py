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


def softmax_lines(value, shape, prefix):
    """stablehlo lines computing a softmax of `value` over its last dimension,
    as jax.nn.softmax prints it; the result is `%<prefix>_softmax`."""
    ty = tensor_type(shape, "f32")
    rows = tensor_type(shape[:-1], "f32")
    keep = tensor_type(shape[:-1] + (1,), "f32")
    dims = ", ".join(str(d) for d in range(len(shape) - 1))
    last = len(shape) - 1
    p = "%" + prefix
    return [
        "%s_max = stablehlo.reduce(%s init: %%neg_inf) applies stablehlo.maximum "
        "across dimensions = [%d] : (%s, tensor<f32>) -> %s" % (p, value, last, ty, rows),
        "%s_kmax = stablehlo.broadcast_in_dim %s_max, dims = [%s] : (%s) -> %s"
        % (p, p, dims, rows, keep),
        "%s_bmax = stablehlo.broadcast_in_dim %s_kmax, dims = [%s, %d] : (%s) -> %s"
        % (p, p, dims, last, keep, ty),
        "%s_sub = stablehlo.subtract %s, %s_bmax : %s" % (p, value, p, ty),
        "%s_exp = stablehlo.exponential %s_sub : %s" % (p, p, ty),
        "%s_sum = stablehlo.reduce(%s_exp init: %%zero) applies stablehlo.add "
        "across dimensions = [%d] : (%s, tensor<f32>) -> %s" % (p, p, last, ty, rows),
        "%s_ksum = stablehlo.broadcast_in_dim %s_sum, dims = [%s] : (%s) -> %s"
        % (p, p, dims, rows, keep),
        "%s_bsum = stablehlo.broadcast_in_dim %s_ksum, dims = [%s, %d] : (%s) -> %s"
        % (p, p, dims, last, keep, ty),
        "%s_softmax = stablehlo.divide %s_exp, %s_bsum : %s" % (p, p, p, ty),
    ]


def np_softmax(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def masked_row_cases():
    """Booleans that a row loop reads or writes a vector at a time. Memory
    holds a byte per boolean and LLVM's vectors of them a bit per lane; two
    masked softmaxes sharing one causal mask read it back as bits and were
    silently wrong (issue 30)."""
    g = rng(13)
    cases = []
    lowest = np.finfo(np.float32).min
    constants = ["%neg_inf = stablehlo.constant dense<0xFF800000> : tensor<f32>",
                 "%zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
                 "%lowest = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>"]
    for batch, row in ((4, 64), (3, 45)):
        shape = (batch, row, row)
        ty = tensor_type(shape, "f32")
        mask_ty = tensor_type((1, row, row), "i1")
        wide_mask_ty = tensor_type(shape, "i1")
        x = random_array(g, shape, "f32")
        mask = np.tril(np.ones((row, row), bool))[None]
        select = ["%%wide = stablehlo.broadcast_in_dim %%mask, dims = [0, 1, 2] : (%s) -> %s"
                  % (mask_ty, wide_mask_ty),
                  "%%low = stablehlo.broadcast_in_dim %%lowest, dims = [] : (tensor<f32>) -> %s"
                  % ty,
                  "%%s1 = stablehlo.select %%wide, %%arg0, %%low : %s, %s" % (wide_mask_ty, ty)]
        one = (constants + ["%%mask = stablehlo.broadcast_in_dim %%arg1, dims = [0, 1, 2] : "
                            "(%s) -> %s" % (mask_ty, mask_ty)] + select
               + softmax_lines("%s1", shape, "a"))
        mlir = jax_module([("x", ty), ("mask", mask_ty)], [(ty, "result")],
                          one + ["return %%a_softmax : %s" % ty])
        cases.append(Case("masked_softmax_mask_argument_%dx%d" % (batch, row), mlir,
                          [x, mask], lambda x, m: np_softmax(np.where(m, x, lowest))
                          .astype(np.float32)))
        # The mask as a constant of the program, a global of bytes.
        constant_mask = "dense<[[%s]]> : %s" % (
            ", ".join("[" + ", ".join("true" if v else "false" for v in r) + "]"
                      for r in mask[0]), mask_ty)
        one = (constants + ["%%mask = stablehlo.constant %s" % constant_mask] + select
               + softmax_lines("%s1", shape, "a"))
        mlir = jax_module([("x", ty)], [(ty, "result")], one + ["return %%a_softmax : %s" % ty])
        cases.append(Case("masked_softmax_constant_mask_%dx%d" % (batch, row), mlir, [x],
                          lambda x, m=mask: np_softmax(np.where(m, x, lowest))
                          .astype(np.float32)))
        # The same causal mask, made from iotas, read by two softmaxes in a
        # row and returned: neither read may fuse it away.
        mask_lines = [
            "%rows = stablehlo.iota dim = 1 : " + tensor_type((1, row, row), "i32"),
            "%cols = stablehlo.iota dim = 2 : " + tensor_type((1, row, row), "i32"),
            "%%mask = stablehlo.compare  GE, %%rows, %%cols,  SIGNED : (%s, %s) -> %s"
            % (tensor_type((1, row, row), "i32"), tensor_type((1, row, row), "i32"), mask_ty)]
        second = ["%%s2 = stablehlo.multiply %%a_softmax, %%arg0 : %s" % ty,
                  "%%s3 = stablehlo.select %%wide, %%s2, %%low : %s, %s" % (wide_mask_ty, ty)]
        body = (constants + mask_lines + select + softmax_lines("%s1", shape, "a") + second
                + softmax_lines("%s3", shape, "b"))

        def two(x, mask=mask):
            first = np_softmax(np.where(mask, x, lowest))
            return np_softmax(np.where(mask, (first * x).astype(np.float32), lowest))
        mlir = jax_module([("x", ty)], [(ty, "result")],
                          body + ["return %%b_softmax : %s" % ty])
        cases.append(Case("two_masked_softmaxes_%dx%d" % (batch, row), mlir, [x],
                          lambda x, two=two: two(x).astype(np.float32)))
        mlir = jax_module([("x", ty)], [(mask_ty, "mask"), (ty, "result")],
                          body + ["return %%mask, %%b_softmax : %s, %s" % (mask_ty, ty)])
        cases.append(Case("two_masked_softmaxes_returning_mask_%dx%d" % (batch, row), mlir,
                          [x], lambda x, two=two, mask=mask: [mask, two(x).astype(np.float32)]))
        # A boolean a row loop computes and writes: where each row's maximum is.
        rows_ty = tensor_type(shape[:-1], "f32")
        keep_ty = tensor_type(shape[:-1] + (1,), "f32")
        mlir = jax_module(
            [("x", ty)], [(wide_mask_ty, "result")],
            constants[:1] + [
                "%%max = stablehlo.reduce(%%arg0 init: %%neg_inf) applies stablehlo.maximum "
                "across dimensions = [2] : (%s, tensor<f32>) -> %s" % (ty, rows_ty),
                "%%kmax = stablehlo.broadcast_in_dim %%max, dims = [0, 1] : (%s) -> %s"
                % (rows_ty, keep_ty),
                "%%bmax = stablehlo.broadcast_in_dim %%kmax, dims = [0, 1, 2] : (%s) -> %s"
                % (keep_ty, ty),
                "%%at_max = stablehlo.compare  EQ, %%arg0, %%bmax,  FLOAT : (%s, %s) -> %s"
                % (ty, ty, wide_mask_ty),
                "return %%at_max : %s" % wide_mask_ty])
        cases.append(Case("row_maximum_positions_%dx%d" % (batch, row), mlir, [x],
                          lambda x: x == x.max(-1, keepdims=True)))
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


run(compare_cases() + select_cases() + masked_row_cases() + clamp_cases())
