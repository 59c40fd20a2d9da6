"""uniform_quantize, uniform_dequantize and ops on quantized tensors (per tensor
and per axis; i8, ui8, i16 and narrow-range storage), against numpy's
rendering of the spec's quantize and dequantize. Quantized inputs and outputs
pass as their storage integers."""

import numpy as np

from e2e import Case, jax_module, rng, run, tensor_type

STORAGE = {"i8": (np.int8, -128, 127), "ui8": (np.uint8, 0, 255),
           "i32": (np.int32, -2**31, 2**31 - 1),
           "i16": (np.int16, -32768, 32767), "i8<-127:127>": (np.int8, -127, 127)}


class Quantized:
    """A uniform quantized element type: one (scale, zero point) per tensor, or
    one per index along `axis`."""

    def __init__(self, storage, params, axis=None):
        self.storage = storage
        self.params = params
        self.axis = axis
        self.dtype, self.min, self.max = STORAGE[storage]

    def mlir(self):
        pairs = ["%r:%d" % (scale, zero_point) for scale, zero_point in self.params]
        if self.axis is None:
            return "!quant.uniform<%s:f32, %s>" % (self.storage, pairs[0])
        return "!quant.uniform<%s:f32:%d, {%s}>" % (self.storage, self.axis, ",".join(pairs))

    def broadcast(self, values, shape, dtype):
        values = np.array(values, dtype)
        if self.axis is None:
            return np.full(shape, values[0], dtype)
        view = [1] * len(shape)
        view[self.axis] = shape[self.axis]
        return np.broadcast_to(values.reshape(view), shape)

    def scales(self, shape):
        return self.broadcast([s for s, _ in self.params], shape, np.float32)

    def zero_points(self, shape):
        return self.broadcast([z for _, z in self.params], shape, np.int64)

    def quantize(self, x):
        """round_nearest_even(clamp(min, x / scale + zero_point, max)), in f32."""
        scaled = x / self.scales(x.shape) + self.zero_points(x.shape).astype(np.float32)
        clamped = np.clip(scaled, np.float32(self.min), np.float32(self.max))
        return np.rint(clamped).astype(self.dtype)

    def dequantize(self, q):
        """(storage - zero_point) * scale, the difference exact."""
        centered = q.astype(np.int64) - self.zero_points(q.shape)
        return centered.astype(np.float32) * self.scales(q.shape)


def program(name, args, result, lines):
    """A case whose body `lines` computes %0 from %arg0...; args are (name, shape,
    element type text); result is (shape, element type text)."""
    arg_types = [(n, tensor_type(shape, element)) for n, shape, element in args]
    result_type = tensor_type(result[0], result[1])
    return jax_module(arg_types, [(result_type, "result")],
                      lines + ["return %%0 : %s" % result_type])


def quantize_case(name, x, quantized):
    in_type = tensor_type(x.shape, "f32")
    out_type = tensor_type(x.shape, quantized.mlir())
    mlir = program(name, [("x", x.shape, "f32")], (x.shape, quantized.mlir()),
                   ["%%0 = stablehlo.uniform_quantize %%arg0 : (%s) -> %s" % (in_type, out_type)])
    return Case(name, mlir, [x], quantized.quantize)


def dequantize_case(name, q, quantized):
    in_type = tensor_type(q.shape, quantized.mlir())
    out_type = tensor_type(q.shape, "f32")
    mlir = program(name, [("q", q.shape, quantized.mlir())], (q.shape, "f32"),
                   ["%%0 = stablehlo.uniform_dequantize %%arg0 : (%s) -> %s" % (in_type, out_type)])
    return Case(name, mlir, [q], quantized.dequantize, atol=0, rtol=0)


def storage_values(g, shape, quantized):
    return g.integers(quantized.min, quantized.max, size=shape, endpoint=True).astype(
        quantized.dtype)


def quantize_cases():
    g = rng(40)
    cases = []
    # Ties round to even: x / 0.5 lands on k + 0.5 for every one of these.
    ties = np.array([0.25, 0.75, 1.25, -0.25, -0.75, -1.25, 2.25, -2.75], np.float32)
    cases.append(quantize_case("quantize_i8_ties_to_even", ties, Quantized("i8", [(0.5, 0)])))
    cases.append(quantize_case("quantize_i8_ties_with_zero_point", ties,
                               Quantized("i8", [(0.5, -3)])))
    # Far outside the storage range: clamped to it.
    x = g.uniform(-200, 200, size=(4, 6)).astype(np.float32)
    x[0, :4] = [1e6, -1e6, 63.6, -64.3]
    cases.append(quantize_case("quantize_i8_clamps", x, Quantized("i8", [(0.5, 1)])))
    cases.append(quantize_case("quantize_i8_narrow_range_clamps", x,
                               Quantized("i8<-127:127>", [(0.5, 0)])))
    cases.append(quantize_case("quantize_ui8", x, Quantized("ui8", [(0.75, 128)])))
    y = g.uniform(-3000, 3000, size=(3, 5)).astype(np.float32)
    cases.append(quantize_case("quantize_i16", y, Quantized("i16", [(0.125, -100)])))
    # Per axis: each column (axis 1) or row (axis 0) has its own parameters.
    x = g.uniform(-20, 20, size=(3, 4)).astype(np.float32)
    cases.append(quantize_case("quantize_per_axis_1_i8", x,
                               Quantized("i8", [(0.1, -30), (0.5, -20), (0.25, 0), (2.0, 7)], 1)))
    cases.append(quantize_case("quantize_per_axis_0_ui8", x,
                               Quantized("ui8", [(0.2, 100), (0.05, 128), (1.0, 3)], 0)))
    z = g.uniform(-500, 500, size=(2, 3, 4)).astype(np.float32)
    cases.append(quantize_case("quantize_per_axis_2_i16", z,
                               Quantized("i16", [(0.01, 5), (0.02, -5), (0.5, 0), (3.0, 1)], 2)))
    return cases


def dequantize_cases():
    g = rng(41)
    cases = []
    for name, quantized, shape in [
            ("i8", Quantized("i8", [(0.1, -30)]), (4, 5)),
            # The difference storage - zero point leaves the storage range.
            ("i8_wide_difference", Quantized("i8", [(0.25, 127)]), (16,)),
            ("ui8", Quantized("ui8", [(0.5, 200)]), (3, 7)),
            ("i16", Quantized("i16", [(0.003, -1000)]), (5, 4)),
            ("per_axis_0_i8", Quantized("i8", [(0.1, -30), (0.5, -20)], 0), (2, 6)),
            ("per_axis_1_ui8", Quantized("ui8", [(0.1, 1), (0.7, 250), (4.0, 0)], 1), (4, 3))]:
        cases.append(dequantize_case("dequantize_" + name, storage_values(g, shape, quantized),
                                     quantized))
    return cases


def requantize_cases():
    g = rng(42)
    cases = []
    for name, source, target, shape in [
            ("i16_to_i8", Quantized("i16", [(0.01, 10)]), Quantized("i8", [(0.5, -5)]), (4, 6)),
            ("per_axis_i8", Quantized("i8", [(0.1, -30), (0.5, -20)], 0),
             Quantized("i8", [(0.1, -20), (0.2, -30)], 0), (2, 5)),
            ("ui8_to_per_axis_i8", Quantized("ui8", [(0.05, 128)]),
             Quantized("i8", [(0.02, 0), (0.1, 10), (0.3, -10)], 1), (2, 3))]:
        q = storage_values(g, shape, source)
        in_type = tensor_type(shape, source.mlir())
        out_type = tensor_type(shape, target.mlir())
        mlir = program("requantize_" + name, [("q", shape, source.mlir())],
                       (shape, target.mlir()),
                       ["%%0 = stablehlo.uniform_quantize %%arg0 : (%s) -> %s" % (in_type, out_type)])
        cases.append(Case("requantize_" + name, mlir, [q],
                          lambda q, s=source, t=target: t.quantize(s.dequantize(q))))
    return cases


def quantized_op_cases():
    """Ops other than (de)quantization dequantize, compute in f32 and quantize."""
    g = rng(43)
    cases = []
    shape = (3, 4)
    a = Quantized("i8", [(0.1, -30)])
    b = Quantized("i8", [(0.5, -20)])
    result = Quantized("i8", [(0.25, 3)])
    qa, qb = storage_values(g, shape, a), storage_values(g, shape, b)
    for op, numpy_op in [("add", np.add), ("multiply", np.multiply), ("maximum", np.maximum),
                         ("subtract", np.subtract)]:
        types = ", ".join(tensor_type(shape, t.mlir()) for t in (a, b))
        mlir = program("quantized_" + op, [("a", shape, a.mlir()), ("b", shape, b.mlir())],
                       (shape, result.mlir()),
                       ["%%0 = stablehlo.%s %%arg0, %%arg1 : (%s) -> %s"
                        % (op, types, tensor_type(shape, result.mlir()))])
        cases.append(Case("quantized_" + op, mlir, [qa, qb],
                          lambda x, y, f=numpy_op: result.quantize(
                              f(a.dequantize(x), b.dequantize(y)))))
    # A float program around a quantized tensor: quantize, transpose, dequantize.
    per_axis = Quantized("ui8", [(0.1, 100), (0.2, 50), (0.05, 0)], 0)
    transposed = Quantized("ui8", [(0.1, 100), (0.2, 50), (0.05, 0)], 1)
    x = g.uniform(-5, 10, size=(3, 4)).astype(np.float32)
    f32_in, f32_out = tensor_type((3, 4), "f32"), tensor_type((4, 3), "f32")
    q_in, q_out = tensor_type((3, 4), per_axis.mlir()), tensor_type((4, 3), transposed.mlir())
    mlir = program("quantized_transpose_per_axis", [("x", (3, 4), "f32")], ((4, 3), "f32"),
                   ["%%q = stablehlo.uniform_quantize %%arg0 : (%s) -> %s" % (f32_in, q_in),
                    "%%t = stablehlo.transpose %%q, dims = [1, 0] : (%s) -> %s" % (q_in, q_out),
                    "%%0 = stablehlo.uniform_dequantize %%t : (%s) -> %s" % (q_out, f32_out)])
    cases.append(Case("quantized_transpose_per_axis", mlir, [x],
                      lambda x: transposed.dequantize(
                          transposed.quantize(per_axis.dequantize(per_axis.quantize(x)).T)),
                      atol=0, rtol=0))
    # A quantized matrix product: per-tensor activations, weights quantized
    # per output column. Power-of-two scales keep every product and sum
    # exact, so the order of accumulation cannot change the rounding.
    activations = Quantized("i8", [(0.5, -3)])
    weights = Quantized("i8", [(0.25, 0), (0.125, 2), (1.0, -1), (0.5, 0)], 1)
    product = Quantized("i8", [(4.0, 5)])
    qx, qw = storage_values(g, (2, 3), activations), storage_values(g, (3, 4), weights)
    x_type, w_type = tensor_type((2, 3), activations.mlir()), tensor_type((3, 4), weights.mlir())
    mlir = program("quantized_dot_general", [("x", (2, 3), activations.mlir()),
                                             ("w", (3, 4), weights.mlir())],
                   ((2, 4), product.mlir()),
                   ["%%0 = stablehlo.dot_general %%arg0, %%arg1, contracting_dims = [1] x [0] : "
                    "(%s, %s) -> %s" % (x_type, w_type, tensor_type((2, 4), product.mlir()))])
    cases.append(Case("quantized_dot_general", mlir, [qx, qw],
                      lambda x, w: product.quantize(activations.dequantize(x)
                                                    @ weights.dequantize(w))))
    # Weight-only quantization: float activations, quantized weights.
    fx = g.uniform(-1, 1, size=(2, 3)).astype(np.float32)
    mlir = program("hybrid_dot_general", [("x", (2, 3), "f32"), ("w", (3, 4), weights.mlir())],
                   ((2, 4), "f32"),
                   ["%%0 = stablehlo.dot_general %%arg0, %%arg1, contracting_dims = [1] x [0] : "
                    "(tensor<2x3xf32>, %s) -> tensor<2x4xf32>" % w_type])
    cases.append(Case("hybrid_dot_general", mlir, [fx, qw],
                      lambda x, w: x @ weights.dequantize(w)))
    # A quantized constant holds its storage integers; compare compares the
    # dequantized values, whatever the operands' scales and zero points.
    q = Quantized("ui8", [(0.5, 1)])
    c = Quantized("ui8", [(0.25, 2)])
    stored = np.array([7, 9, 0, 255, 130, 40], np.uint8)
    x = storage_values(g, (6,), q)
    q_type, c_type = tensor_type((6,), q.mlir()), tensor_type((6,), c.mlir())
    mlir = program("quantized_constant_compare", [("x", (6,), q.mlir())], ((6,), "i1"),
                   ["%%c = stablehlo.constant() <{value = dense<[%s]> : tensor<6xui8>}> : () -> %s"
                    % (", ".join(map(str, stored)), c_type),
                    "%%0 = stablehlo.compare LT, %%arg0, %%c : (%s, %s) -> tensor<6xi1>"
                    % (q_type, c_type)])
    cases.append(Case("quantized_constant_compare", mlir, [x],
                      lambda x: q.dequantize(x) < c.dequantize(stored)))
    # bitcast_convert reads and writes the storage integers.
    q = Quantized("i8", [(0.5, -3)])
    bits = g.integers(-128, 127, size=(6,), endpoint=True).astype(np.int8)
    mlir = program("bitcast_convert_through_quantized", [("x", (6,), "i8")], ((6,), "ui8"),
                   ["%%q = stablehlo.bitcast_convert %%arg0 : (tensor<6xi8>) -> %s"
                    % tensor_type((6,), q.mlir()),
                    "%%0 = stablehlo.bitcast_convert %%q : (%s) -> tensor<6xui8>"
                    % tensor_type((6,), q.mlir())])
    cases.append(Case("bitcast_convert_through_quantized", mlir, [bits],
                      lambda x: x.view(np.uint8)))
    return cases


def dynamic_cases():
    """Quantized tensors with a dynamic batch: one program, run at two batch
    sizes; a size that contradicts a static dimension is refused by name."""
    g = rng(9)
    cases = []
    per_tensor = Quantized("i8", [(0.5, -3)])
    per_axis = Quantized("ui8", [(0.25, 10), (0.5, 20), (1.0, 30), (2.0, 40)], 1)
    weights = Quantized("i8", [(0.25, 0), (0.125, 2), (1.0, -1), (0.5, 0)], 1)
    product = Quantized("i8", [(4.0, 5)])
    x_type = tensor_type((-1, 3), per_tensor.mlir())
    w_type = tensor_type((3, 4), weights.mlir())
    quantize = program("dynamic_quantize", [("x", (-1, 3), "f32")], ((-1, 3), per_tensor.mlir()),
                       ["%%0 = stablehlo.uniform_quantize %%arg0 : (tensor<?x3xf32>) -> %s"
                        % x_type])
    dequantize = program("dynamic_dequantize_per_axis", [("q", (-1, 4), per_axis.mlir())],
                         ((-1, 4), "f32"),
                         ["%%0 = stablehlo.uniform_dequantize %%arg0 : (%s) -> tensor<?x4xf32>"
                          % tensor_type((-1, 4), per_axis.mlir())])
    dot = program("dynamic_quantized_dot_general",
                  [("x", (-1, 3), per_tensor.mlir()), ("w", (3, 4), weights.mlir())],
                  ((-1, 4), product.mlir()),
                  ["%%0 = stablehlo.dot_general %%arg0, %%arg1, contracting_dims = [1] x [0] : "
                   "(%s, %s) -> %s" % (x_type, w_type, tensor_type((-1, 4), product.mlir()))])
    for batch in (1, 7):
        x = g.uniform(-80, 80, size=(batch, 3)).astype(np.float32)
        cases.append(Case("dynamic_quantize_batch%d" % batch, quantize, [x],
                          per_tensor.quantize, atol=0, rtol=0))
        q = storage_values(g, (batch, 4), per_axis)
        cases.append(Case("dynamic_dequantize_per_axis_batch%d" % batch, dequantize, [q],
                          per_axis.dequantize, atol=0, rtol=0))
        qx, qw = storage_values(g, (batch, 3), per_tensor), storage_values(g, (3, 4), weights)
        cases.append(Case("dynamic_quantized_dot_general_batch%d" % batch, dot, [qx, qw],
                          lambda x, w: product.quantize(per_tensor.dequantize(x)
                                                        @ weights.dequantize(w)),
                          atol=0, rtol=0))
    bad = g.uniform(-1, 1, size=(5, 4)).astype(np.float32)
    cases.append(Case("dynamic_quantize_static_dim_mismatch", quantize, [bad], expect="run_error",
                      stderr_patterns=[r"^ral-run: error: ", r"'x'|\bx\b", r"(?<![0-9])5x4",
                                       r"\?x3|-1x3"]))
    return cases


def sequential(quantized, values, axis, reduce):
    """Folds `values` (floats) along `axis` with `reduce`, each partial result
    quantized as a body on quantized scalars computes it."""
    values = np.moveaxis(values, axis, 0)
    acc = quantized.dequantize(quantized.quantize(values[0]))
    for row in values[1:]:
        acc = quantized.dequantize(quantized.quantize(reduce(acc, row)))
    return acc


def typed(text, *types):
    """`text` with its `{}` replaced by `types` in order (the SSA names'
    `%` would trip Python's formatting)."""
    parts = text.split("{}")
    assert len(parts) == len(types) + 1
    return "".join(part + t for part, t in zip(parts, types + ("",)))


def region_op_cases():
    """Ops with regions on quantized tensors move the storage integers; the
    ops inside their regions dequantize, compute in f32 and quantize, as the
    spec's interpreter evaluates a body on quantized scalars."""
    g = rng(44)
    cases = []
    q = Quantized("i8", [(0.5, -3)])
    wide = Quantized("i16", [(0.5, -3)])
    other = Quantized("i8", [(0.25, 5)])
    qs = tensor_type((), q.mlir())

    def reduce_program(name, shape, body, dims, quantized=q, result=q):
        out_shape = tuple(d for i, d in enumerate(shape) if i not in dims)
        x, out = tensor_type(shape, q.mlir()), tensor_type(out_shape, result.mlir())
        init = tensor_type((), result.mlir())
        return program(name, [("x", shape, q.mlir()), ("init", (), result.mlir())],
                       (out_shape, result.mlir()),
                       ["%%0 = stablehlo.reduce(%%arg0 init: %%arg1) applies stablehlo.%s "
                        "across dimensions = %s : (%s, %s) -> %s"
                        % (body, list(dims), x, init, out)])

    # Sums of halves stay exact, so the order of the steps does not matter.
    small = lambda shape: g.integers(-9, 3, size=shape, endpoint=True).astype(np.int8)
    x, init = small((6, 4)), np.array(-1, np.int8)
    cases.append(Case("quantized_reduce_sum", reduce_program("reduce_sum", (6, 4), "add", (1,)),
                      [x, init], lambda x, i: q.quantize(q.dequantize(x).sum(1)
                                                         + q.dequantize(i)), atol=0, rtol=0))
    x = storage_values(g, (5, 7), q)
    cases.append(Case("quantized_reduce_max", reduce_program("reduce_max", (5, 7), "maximum", (0,)),
                      [x, np.array(-128, np.int8)], lambda x, i: x.max(0), atol=0, rtol=0))
    # The body accumulates into a wider quantized type: the inputs are
    # converted to it first, and a sum that would saturate i8 does not.
    x = storage_values(g, (3, 8), q)
    cases.append(Case("quantized_reduce_promoted",
                      reduce_program("reduce_promoted", (3, 8), "add", (1,), result=wide),
                      [x, np.array(-3, np.int16)],
                      lambda x, i: wide.quantize(q.dequantize(x).sum(1)), atol=0, rtol=0))
    # A dynamic batch, run at two sizes.
    dynamic = program("reduce_dynamic", [("x", (-1, 4), q.mlir()), ("init", (), q.mlir())],
                      ((-1,), q.mlir()),
                      ["%%0 = stablehlo.reduce(%%arg0 init: %%arg1) applies stablehlo.add "
                       "across dimensions = [1] : (%s, %s) -> %s"
                       % (tensor_type((-1, 4), q.mlir()), qs, tensor_type((-1,), q.mlir()))])
    for batch in (1, 9):
        cases.append(Case("quantized_reduce_dynamic_batch%d" % batch, dynamic,
                          [small((batch, 4)), np.array(-3, np.int8)],
                          lambda x, i: q.quantize(q.dequantize(x).sum(1)), atol=0, rtol=0))

    # sort: the comparator compares dequantized values; the keys move as
    # storage, and an index operand with them.
    x = storage_values(g, (4, 9), q)
    x[:, 3] = x[:, 5]
    keys, indices = tensor_type((4, 9), q.mlir()), tensor_type((4, 9), "i32")
    sort = jax_module(
        [("x", keys)], [(keys, "result[0]"), (indices, "result[1]")],
        ["%iota = stablehlo.iota dim = 1 : " + indices,
         "%sorted:2 = \"stablehlo.sort\"(%arg0, %iota) ({",
         typed("^bb0(%a: {}, %b: {}, %i: tensor<i32>, %j: tensor<i32>):", qs, qs),
         typed("  %lt = stablehlo.compare LT, %a, %b : ({}, {}) -> tensor<i1>", qs, qs),
         "  stablehlo.return %lt : tensor<i1>",
         typed("}) {dimension = 1 : i64, is_stable = true} : ({}, {}) -> ({}, {})",
               keys, indices, keys, indices),
         "return %sorted#0, %sorted#1 : " + keys + ", " + indices])
    cases.append(Case("quantized_sort_with_indices", sort, [x],
                      lambda x: [np.sort(x, 1, kind="stable"),
                                 np.argsort(x, 1, kind="stable").astype(np.int32)],
                      atol=0, rtol=0))

    # while: a quantized tensor carried through three requantizing adds.
    xt, yt = tensor_type((5,), q.mlir()), tensor_type((5,), other.mlir())
    loop = program("while", [("x", (5,), q.mlir()), ("y", (5,), other.mlir())], ((5,), q.mlir()),
                   ["%zero = stablehlo.constant dense<0> : tensor<i32>",
                    "%one = stablehlo.constant dense<1> : tensor<i32>",
                    "%three = stablehlo.constant dense<3> : tensor<i32>",
                    "%w:2 = stablehlo.while(%n = %zero, %v = %arg0) : tensor<i32>, " + xt,
                    " cond {",
                    "  %c = stablehlo.compare LT, %n, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>",
                    "  stablehlo.return %c : tensor<i1>",
                    " } do {",
                    "  %m = stablehlo.add %n, %one : tensor<i32>",
                    typed("  %sum = stablehlo.add %v, %arg1 : ({}, {}) -> {}", xt, yt, xt),
                    "  stablehlo.return %m, %sum : tensor<i32>, " + xt,
                    " }",
                    "%0 = stablehlo.add %w#1, %w#1 : " + xt])

    def loop_reference(x, y):
        v = x
        for _ in range(3):
            v = q.quantize(q.dequantize(v) + other.dequantize(y))
        return q.quantize(q.dequantize(v) * np.float32(2))
    cases.append(Case("quantized_while", loop, [storage_values(g, (5,), q),
                                                storage_values(g, (5,), other)],
                      loop_reference, atol=0, rtol=0))

    # if: each branch returns a quantized tensor.
    branch = program("if", [("p", (), "i1"), ("x", (5,), q.mlir())], ((5,), q.mlir()),
                     ["%0 = \"stablehlo.if\"(%arg0) ({",
                      "  %d = stablehlo.add %arg1, %arg1 : " + xt,
                      "  stablehlo.return %d : " + xt,
                      "}, {",
                      "  stablehlo.return %arg1 : " + xt,
                      "}) : (tensor<i1>) -> " + xt])
    x = storage_values(g, (5,), q)
    for taken in (True, False):
        cases.append(Case("quantized_if_%s" % str(taken).lower(), branch,
                          [np.array(taken), x],
                          lambda p, x: q.quantize(q.dequantize(x) * np.float32(2)) if p else x,
                          atol=0, rtol=0))

    # case picks a branch at run time; all_reduce on one process is its
    # operand, its body never applied.
    chosen = program("case_all_reduce", [("i", (), "i32"), ("x", (5,), q.mlir())],
                     ((5,), q.mlir()),
                     ["%r = \"stablehlo.all_reduce\"(%arg1) ({",
                      typed("^bb0(%u: {}, %v: {}):", qs, qs),
                      "  %m = stablehlo.add %u, %v : " + qs,
                      "  stablehlo.return %m : " + qs,
                      "}) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : "
                      "(%s) -> %s" % (xt, xt),
                      "%0 = \"stablehlo.case\"(%arg0) ({",
                      "  %d = stablehlo.add %r, %r : " + xt,
                      "  stablehlo.return %d : " + xt,
                      "}, {",
                      "  stablehlo.return %r : " + xt,
                      "}) : (tensor<i32>) -> " + xt])
    for index in (0, 1):
        cases.append(Case("quantized_case_all_reduce_branch%d" % index, chosen,
                          [np.array(index, np.int32), x],
                          lambda i, x: x if i else q.quantize(q.dequantize(x) * np.float32(2)),
                          atol=0, rtol=0))

    # map: the body multiplies quantized scalars into a third type.
    product = Quantized("i8", [(1.0, 2)])
    a, b = storage_values(g, (3, 4), q), storage_values(g, (3, 4), other)
    at, bt, rt = (tensor_type((3, 4), t.mlir()) for t in (q, other, product))
    os_, ps = tensor_type((), other.mlir()), tensor_type((), product.mlir())
    mapped = program("map", [("a", (3, 4), q.mlir()), ("b", (3, 4), other.mlir())],
                     ((3, 4), product.mlir()),
                     ["%0 = \"stablehlo.map\"(%arg0, %arg1) ({",
                      typed("^bb0(%u: {}, %v: {}):", qs, os_),
                      typed("  %m = stablehlo.multiply %u, %v : ({}, {}) -> {}", qs, os_, ps),
                      "  stablehlo.return %m : " + ps,
                      typed("}) {dimensions = array<i64: 0, 1>} : ({}, {}) -> {}", at, bt, rt)])
    cases.append(Case("quantized_map", mapped, [a, b],
                      lambda a, b: product.quantize(q.dequantize(a) * other.dequantize(b)),
                      atol=0, rtol=0))

    # reduce_window: 2x2 max pooling with stride 2.
    x = storage_values(g, (4, 6), q)
    pool = program("reduce_window", [("x", (4, 6), q.mlir()), ("init", (), q.mlir())],
                   ((2, 3), q.mlir()),
                   ["%0 = \"stablehlo.reduce_window\"(%arg0, %arg1) ({",
                    typed("^bb0(%u: {}, %v: {}):", qs, qs),
                    "  %m = stablehlo.maximum %u, %v : " + qs,
                    "  stablehlo.return %m : " + qs,
                    typed("}) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}"
                          " : ({}, {}) -> {}", tensor_type((4, 6), q.mlir()), qs,
                          tensor_type((2, 3), q.mlir()))])
    cases.append(Case("quantized_reduce_window_max", pool, [x, np.array(-128, np.int8)],
                      lambda x, i: x.reshape(2, 2, 3, 2).max((1, 3)), atol=0, rtol=0))

    # select_and_scatter: the gradient of that pooling, the source added at
    # each window's first maximum onto the init value.
    source = small((2, 3))
    sas = program("select_and_scatter",
                  [("x", (4, 6), q.mlir()), ("s", (2, 3), q.mlir()), ("init", (), q.mlir())],
                  ((4, 6), q.mlir()),
                  ["%0 = \"stablehlo.select_and_scatter\"(%arg0, %arg1, %arg2) ({",
                   typed("^bb0(%u: {}, %v: {}):", qs, qs),
                   typed("  %ge = stablehlo.compare GE, %u, %v : ({}, {}) -> tensor<i1>", qs, qs),
                   "  stablehlo.return %ge : tensor<i1>",
                   "}, {",
                   typed("^bb0(%u: {}, %v: {}):", qs, qs),
                   "  %sum = stablehlo.add %u, %v : " + qs,
                   "  stablehlo.return %sum : " + qs,
                   typed("}) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}"
                         " : ({}, {}, {}) -> {}", tensor_type((4, 6), q.mlir()),
                         tensor_type((2, 3), q.mlir()), qs, tensor_type((4, 6), q.mlir()))])

    def sas_reference(x, s, init):
        out = np.full(x.shape, init, np.int8)
        for i in range(2):
            for j in range(3):
                window = x[2 * i:2 * i + 2, 2 * j:2 * j + 2]
                r, c = np.unravel_index(np.argmax(window), window.shape)
                out[2 * i + r, 2 * j + c] = q.quantize(q.dequantize(init) + q.dequantize(s[i, j]))
        return out
    cases.append(Case("quantized_select_and_scatter", sas,
                      [x, source, np.array(-5, np.int8)], sas_reference, atol=0, rtol=0))

    # scatter: rows added into a table at run-time indices.
    table, rows = storage_values(g, (5, 3), q), storage_values(g, (2, 3), other)
    tt, ut = tensor_type((5, 3), q.mlir()), tensor_type((2, 3), other.mlir())
    scatter = program("scatter", [("t", (5, 3), q.mlir()), ("i", (2, 1), "i32"),
                                  ("u", (2, 3), other.mlir())], ((5, 3), q.mlir()),
                      [typed("%u = stablehlo.uniform_quantize %arg2 : ({}) -> {}",
                             ut, tensor_type((2, 3), q.mlir())),
                       "%0 = \"stablehlo.scatter\"(%arg0, %arg1, %u) ({",
                       typed("^bb0(%a: {}, %b: {}):", qs, qs),
                       "  %sum = stablehlo.add %a, %b : " + qs,
                       "  stablehlo.return %sum : " + qs,
                       typed("}) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1],"
                             " inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],"
                             " index_vector_dim = 1>} : ({}, tensor<2x1xi32>, {}) -> {}",
                             tt, tensor_type((2, 3), q.mlir()), tt)])

    def scatter_reference(t, i, u):
        out = t.copy()
        requantized = q.quantize(other.dequantize(u))
        for k, row in enumerate(i[:, 0]):
            out[row] = q.quantize(q.dequantize(out[row]) + q.dequantize(requantized[k]))
        return out
    cases.append(Case("quantized_scatter", scatter,
                      [table, np.array([[3], [0]], np.int32), rows], scatter_reference,
                      atol=0, rtol=0))

    # A body on a wider quantized type takes the table and the updates
    # converted to it (to_destination_type); the sums do not saturate i8.
    wt, ws = tensor_type((5, 3), wide.mlir()), tensor_type((), wide.mlir())
    promoted = program("scatter_promoted", [("t", (5, 3), q.mlir()), ("i", (2, 1), "i32"),
                                            ("u", (2, 3), other.mlir())], ((5, 3), wide.mlir()),
                       ["%0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) ({",
                        typed("^bb0(%a: {}, %b: {}):", ws, ws),
                        "  %sum = stablehlo.add %a, %b : " + ws,
                        "  stablehlo.return %sum : " + ws,
                        typed("}) {scatter_dimension_numbers = #stablehlo.scatter<"
                              "update_window_dims = [1], inserted_window_dims = [0], "
                              "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : "
                              "({}, tensor<2x1xi32>, {}) -> {}", tt, ut, wt)])

    def promoted_reference(t, i, u):
        out = wide.quantize(q.dequantize(t))
        for k, row in enumerate(i[:, 0]):
            out[row] = wide.quantize(wide.dequantize(out[row])
                                     + wide.dequantize(wide.quantize(other.dequantize(u[k]))))
        return out
    cases.append(Case("quantized_scatter_promoted", promoted,
                      [table, np.array([[1], [4]], np.int32), rows], promoted_reference,
                      atol=0, rtol=0))
    return cases


def data_movement_cases():
    """Ops that only move elements move the storage integers: i32 storage
    values beyond f32's 24 bits of mantissa come through exactly."""
    g = rng(45)
    q = Quantized("i32", [(0.001, 7)])
    x = storage_values(g, (4, 6), q)
    pad = np.array(-2**31 + 5, np.int32)
    t = lambda shape: tensor_type(shape, q.mlir())
    mlir = program("data_movement", [("x", (4, 6), q.mlir()), ("pad", (), q.mlir())],
                   ((5, 5), q.mlir()),
                   [typed("%t = stablehlo.transpose %arg0, dims = [1, 0] : ({}) -> {}",
                          t((4, 6)), t((6, 4))),
                    typed("%s = stablehlo.slice %t [1:5, 0:4:2] : ({}) -> {}", t((6, 4)),
                          t((4, 2))),
                    typed("%c = stablehlo.concatenate %s, %s, dim = 1 : ({}, {}) -> {}",
                          t((4, 2)), t((4, 2)), t((4, 4))),
                    typed("%p = stablehlo.pad %c, %arg1, low = [1, 0], high = [0, 1], "
                          "interior = [0, 0] : ({}, {}) -> {}", t((4, 4)), t(()), t((5, 5))),
                    typed("%0 = stablehlo.reverse %p, dims = [0] : {}", t((5, 5)))])

    def reference(x, pad):
        s = x.T[1:5, 0:4:2]
        c = np.concatenate([s, s], axis=1)
        p = np.pad(c, ((1, 0), (0, 1)), constant_values=pad)
        return p[::-1]
    return [Case("quantized_i32_data_movement", mlir, [x, pad], reference, atol=0, rtol=0)]


run(quantize_cases() + dequantize_cases() + requantize_cases() + quantized_op_cases()
    + dynamic_cases() + region_op_cases() + data_movement_cases())
