"""scatter: the gradient of an embedding (scatter-add with repeated and
out-of-range ids, which are skipped), `x.at[i].set(u)`, an integer max,
2-D starts with the index vector first, batching dims, and two operands
updated by one body, each against a numpy reference written from the spec.

On the CPU a scatter whose window has a dimension the indices do not move
runs in parallel over blocks of that dimension: the cases with rows of 200,
512 and 128 elements (several blocks, whole or with a shorter last one),
columns, windows before the scatter dim and overlapping 3-D windows check
that the updates of one element still apply in the spec's order, with
bodies whose result depends on it (`u - acc`, a replacement)."""

import itertools

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type

BODIES = {
    "add": (lambda acc, u: acc + u, "%r = stablehlo.add %a, %b : {s}"),
    "set": (lambda acc, u: u, None),
    "max": (lambda acc, u: np.maximum(acc, u), "%r = stablehlo.maximum %a, %b : {s}"),
    # Not commutative: two updates of one element give u2 - u1 + acc.
    "rsub": (lambda acc, u: u - acc, "%r = stablehlo.subtract %b, %a : {s}"),
}


def reference_scatter(inputs, indices, updates, combine, window_dims, inserted, input_batching,
                      indices_batching, to_operand, index_vector_dim):
    """The spec's scatter, update element by update element, in order."""
    results = [x.copy() for x in inputs]
    if index_vector_dim == indices.ndim:
        indices = indices[..., None]
    shape = inputs[0].shape
    scatter_dims = [d for d in range(updates[0].ndim) if d not in window_dims]
    window_input_dims = [d for d in range(len(shape)) if d not in inserted and d not in input_batching]
    indices_batch_dims = [d for d in range(indices.ndim) if d != index_vector_dim]
    for u in itertools.product(*[range(s) for s in updates[0].shape]):
        where = [u[d] for d in scatter_dims]
        where.insert(index_vector_dim, slice(None))
        start = indices[tuple(where)]
        full = [0] * len(shape)
        for k, od in enumerate(to_operand):
            full[od] += int(start[k])
        for idim, sdim in zip(input_batching, indices_batching):
            full[idim] += u[scatter_dims[indices_batch_dims.index(sdim)]]
        for ud, idim in zip(window_dims, window_input_dims):
            full[idim] += u[ud]
        if all(0 <= f < s for f, s in zip(full, shape)):
            new = combine(*[r[tuple(full)] for r in results], *[up[u] for up in updates])
            if len(results) == 1:
                new = [new]
            for r, value in zip(results, new):
                r[tuple(full)] = value
    return results


def dims_text(name, values):
    return "%s = [%s]" % (name, ", ".join(map(str, values))) if values else None


def numbers_text(window_dims, inserted, input_batching, indices_batching, to_operand,
                 index_vector_dim):
    parts = [p for p in [dims_text("update_window_dims", window_dims),
                         dims_text("inserted_window_dims", inserted),
                         dims_text("input_batching_dims", input_batching),
                         dims_text("scatter_indices_batching_dims", indices_batching),
                         dims_text("scatter_dims_to_operand_dims", to_operand),
                         "index_vector_dim = %d" % index_vector_dim] if p]
    return "#stablehlo.scatter<%s>" % ", ".join(parts)


def scatter_case(name, body, element, x, indices, updates, window_dims, inserted, to_operand,
                 index_vector_dim, input_batching=(), indices_batching=(), indices_type="i32",
                 atol=1e-5, dynamic=False):
    """dynamic: every dim of every operand is `?` in the program."""
    combine, line = BODIES[body]
    expected = reference_scatter([x], indices, [updates], combine, window_dims, inserted,
                                 input_batching, indices_batching, to_operand, index_vector_dim)[0]

    def shape(array):
        return [-1] * array.ndim if dynamic else array.shape
    x_type, i_type = tensor_type(shape(x), element), tensor_type(shape(indices), indices_type)
    u_type, scalar = tensor_type(shape(updates), element), "tensor<%s>" % element
    body_lines = ["  " + line.format(s=scalar), "  stablehlo.return %%r : %s" % scalar] if line \
        else ["  stablehlo.return %%b : %s" % scalar]
    mlir = jax_module([("x", x_type), ("i", i_type), ("u", u_type)], [(x_type, "result")], [
        '%%0 = "stablehlo.scatter"(%%arg0, %%arg1, %%arg2) <{indices_are_sorted = false, '
        'scatter_dimension_numbers = %s, unique_indices = false}> ({'
        % numbers_text(window_dims, inserted, input_batching, indices_batching, to_operand,
                       index_vector_dim),
        "^bb0(%%a: %s, %%b: %s):" % (scalar, scalar)] + body_lines + [
        "}) : (%s, %s, %s) -> %s" % (x_type, i_type, u_type, x_type),
        "return %%0 : %s" % x_type])
    return Case(name, mlir, [x, indices, updates], lambda *args: expected, atol=atol, rtol=1e-5)


def two_operand_case(g, width=None):
    """Keeps, per element, the larger value and where it came from: two
    inputs updated together by a body of four arguments; of scalars, or
    with `width`, of rows (blocks of 64 on the CPU, vectorized)."""
    shape = (5,) if width is None else (5, width)
    values = random_array(g, shape, "f32")
    where = np.zeros(shape, np.int32)
    ids = np.array([[1], [3], [1], [4], [-1]], np.int32)
    new_values = random_array(g, shape, "f32")
    new_where = np.arange(10, 10 + values.size, dtype=np.int32).reshape(shape)

    def combine(v, w, nv, nw):
        return (nv, nw) if nv > v else (v, w)
    window_dims = [] if width is None else [1]
    expected = reference_scatter([values, where], ids, [new_values, new_where], combine,
                                 window_dims, [0], [], [], [0], 1)
    f_type, i_type = tensor_type(shape, "f32"), tensor_type(shape, "i32")
    windows = "" if width is None else "update_window_dims = [1], "
    mlir = jax_module([("v", f_type), ("w", i_type), ("i", "tensor<5x1xi32>"),
                       ("nv", f_type), ("nw", i_type)],
                      [(f_type, "[0]"), (i_type, "[1]")], [
        '%%0:2 = "stablehlo.scatter"(%%arg0, %%arg1, %%arg2, %%arg3, %%arg4) <{indices_are_sorted = false, '
        'scatter_dimension_numbers = #stablehlo.scatter<%sinserted_window_dims = [0], '
        'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({' % windows,
        "^bb0(%v: tensor<f32>, %w: tensor<i32>, %nv: tensor<f32>, %nw: tensor<i32>):",
        "  %gt = stablehlo.compare  GT, %nv, %v,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "  %rv = stablehlo.select %gt, %nv, %v : tensor<i1>, tensor<f32>",
        "  %rw = stablehlo.select %gt, %nw, %w : tensor<i1>, tensor<i32>",
        "  stablehlo.return %rv, %rw : tensor<f32>, tensor<i32>",
        "}) : (%s, %s, tensor<5x1xi32>, %s, %s) -> (%s, %s)" % (f_type, i_type, f_type, i_type,
                                                               f_type, i_type),
        "return %%0#0, %%0#1 : %s, %s" % (f_type, i_type)])
    name = "scatter_two_operands" if width is None else "scatter_two_operands_rows_%d" % width
    return Case(name, mlir, [values, where, ids, new_values, new_where], lambda *args: expected)


def window_wider_than_input_case(g):
    """All sizes dynamic, a window of 6 into rows of 4 (which the spec rules
    out): the run fails, naming the op and the dimension."""
    wide = scatter_case("scatter_window_wider_than_input", "add", "f32",
                        random_array(g, (3, 4), "f32"), np.array([[1]], np.int32),
                        random_array(g, (1, 6), "f32"), [1], [0], [0], 1, dynamic=True)
    return Case(wide.name, wide.mlir, wide.inputs, expect="run_error",
                stderr_patterns=[r"^ral-run: error: ",
                                 r"stablehlo.scatter: the update window is larger than dimension 1"])


def ints(g, shape):
    return g.integers(-50, 50, size=shape).astype(np.int32)


def cases():
    g = rng(65)
    table = np.zeros((10, 4), np.float32)
    ids = np.array([[2], [7], [2], [-1], [10], [9]], np.int32)
    grads = random_array(g, (6, 4), "f32")
    x = random_array(g, (4, 5, 6), "f32")
    return [
        # The gradient of jnp.take(table, ids): repeated ids add up, an id
        # outside the table is skipped.
        scatter_case("scatter_add_embedding_grad_f32", "add", "f32", table, ids, grads, [1], [0],
                     [0], 1),
        # x.at[i].set(u), the index vector implicit.
        scatter_case("scatter_set_rows_f32", "set", "f32", random_array(g, (6, 3), "f32"),
                     np.array([4, 0, 5], np.int32), random_array(g, (3, 3), "f32"), [1], [0], [0], 1),
        scatter_case("scatter_max_i32", "max", "i32", g.integers(-50, 50, size=(8,)).astype(np.int32),
                     np.array([[1], [1], [7], [3]], np.int64), g.integers(-50, 50, size=(4,)).astype(np.int32),
                     [], [0], [0], 1, indices_type="i64", atol=0),
        # 2-D starts with the index vector first: windows of 2x3 added in.
        scatter_case("scatter_add_windows_index_vector_first_f32", "add", "f32", x,
                     np.array([[0, 3, 2], [1, 4, 0]], np.int32), random_array(g, (3, 4, 2, 3), "f32"),
                     [1, 2, 3], [], [1, 2], 0),
        # Batching dims: per (i, j), write u at column k of x[i, j].
        scatter_case("scatter_set_batching_f32", "set", "f32", x,
                     g.integers(0, 6, size=(4, 5, 1)).astype(np.int32), random_array(g, (4, 5), "f32"),
                     [], [2], [2], 2, input_batching=[0, 1], indices_batching=[0, 1]),
        two_operand_case(g),
        two_operand_case(g, 128),
        # Rows of 200: blocks of 64, the last one 8 long; ids repeat (in
        # order, u - acc keeps which came first) and fall outside on both
        # sides.
        scatter_case("scatter_rsub_rows_200_i32", "rsub", "i32", ints(g, (7, 200)),
                     np.array([[3], [1], [3], [3], [-2], [7], [1], [6]], np.int32),
                     ints(g, (8, 200)), [1], [0], [0], 1, atol=0),
        # Rows of 128: two whole blocks of 64, vectorized; the last write of
        # a row wins.
        scatter_case("scatter_set_rows_128_f32", "set", "f32", random_array(g, (9, 128), "f32"),
                     np.array([[4], [0], [4], [9], [8], [0], [4], [-1], [2], [4]], np.int32),
                     random_array(g, (10, 128), "f32"), [1], [0], [0], 1),
        scatter_case("scatter_add_rows_512_f16", "add", "f16", random_array(g, (5, 512), "f16"),
                     np.array([[1], [4], [1], [0]], np.int32), random_array(g, (4, 512), "f16"),
                     [1], [0], [0], 1, atol=2e-2),
        # The window dim before the scatter dim: rows of updates[:, n], in
        # blocks of 64, 64 and 22.
        scatter_case("scatter_rsub_window_first_i32", "rsub", "i32", ints(g, (6, 150)),
                     np.array([[5], [2], [5], [6], [2]], np.int32), ints(g, (150, 5)), [0], [0],
                     [0], 1, atol=0),
        # x.at[:, i].add(u): the split dim is the input's first, not its
        # contiguous one.
        scatter_case("scatter_rsub_columns_i32", "rsub", "i32", ints(g, (150, 5)),
                     np.array([[1], [3], [1], [5], [1]], np.int32), ints(g, (5, 150)), [1], [1],
                     [1], 1, atol=0),
        # 2x3x70 windows at 2-D starts: they overlap, and those starting at
        # the last row or column are partly outside (those elements skipped).
        scatter_case("scatter_rsub_windows_3d_i32", "rsub", "i32", ints(g, (4, 6, 70)),
                     np.array([[0, 1], [1, 2], [0, 2], [3, 5], [1, 1], [2, 4]], np.int32),
                     ints(g, (6, 2, 3, 70)), [1, 2, 3], [], [0, 1], 1, atol=0),
        # Every size dynamic: blocks of a fixed length, the last one shorter.
        scatter_case("scatter_add_rows_dynamic_f32", "add", "f32", random_array(g, (6, 100), "f32"),
                     np.array([[2], [5], [2], [6], [0]], np.int32), random_array(g, (5, 100), "f32"),
                     [1], [0], [0], 1, dynamic=True),
        window_wider_than_input_case(g),
    ] + [
        # The blocks' elementwise combine for other element types: bits, a
        # wrapping unsigned sum, f64 and complex.
        scatter_case("scatter_%s_rows_%s" % (body, element.replace("<", "_").replace(">", "")),
                     body, element, random_array(g, (6, width), element),
                     np.array([[5], [0], [5], [6], [2]], np.int32),
                     random_array(g, (5, width), element), [1], [0], [0], 1, atol=atol)
        for body, element, width, atol in [("set", "i1", 600, 0), ("add", "ui8", 300, 0),
                                           ("add", "f64", 72, 1e-12),
                                           ("add", "complex<f32>", 40, 1e-5)]
    ]


run(cases())
