"""dot and dot_general: matmul, matrix-vector, batch and contracting dims."""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type

TOLERANCE = {"f32": (1e-4, 1e-5), "f64": (1e-11, 1e-11), "f16": (5e-2, 1e-2), "i32": (0, 0),
             "i64": (0, 0), "i8": (0, 0)}
# An f16 result rounded once from its f32 sum: half an f16 unit in the last
# place (2^-11 relative), plus the f32 sum's own error where terms of up to
# 1 cancel (a few 1e-6 over 300 terms); rounding every partial sum to f16
# errs by several units.
F16_ROUNDED_ONCE = (1e-5, 2.0 ** -10)
# The same for bf16: half a bf16 unit in the last place is 2^-9 relative.
BF16_ROUNDED_ONCE = (1e-5, 2.0 ** -8)


def dot_general_reference(lhs, rhs, lhs_batch, rhs_batch, lhs_contract, rhs_contract, dtype):
    """Result dims: batch, then lhs free, then rhs free (StableHLO order)."""
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    lhs_sub = [None] * lhs.ndim
    rhs_sub = [None] * rhs.ndim
    batch = []
    for l, r in zip(lhs_batch, rhs_batch):
        lhs_sub[l] = rhs_sub[r] = next(letters)
        batch.append(lhs_sub[l])
    for l, r in zip(lhs_contract, rhs_contract):
        lhs_sub[l] = rhs_sub[r] = next(letters)
    lhs_free = []
    for i in range(lhs.ndim):
        if lhs_sub[i] is None:
            lhs_sub[i] = next(letters)
            lhs_free.append(lhs_sub[i])
    rhs_free = []
    for i in range(rhs.ndim):
        if rhs_sub[i] is None:
            rhs_sub[i] = next(letters)
            rhs_free.append(rhs_sub[i])
    spec = "%s,%s->%s" % ("".join(lhs_sub), "".join(rhs_sub), "".join(batch + lhs_free + rhs_free))
    wide = np.float64 if np.dtype(dtype).kind == "f" else np.int64
    return np.einsum(spec, lhs.astype(wide), rhs.astype(wide)).astype(dtype)


def dot_general_dims(lhs_batch, rhs_batch, lhs_contract, rhs_contract):
    """The dimension numbers of a dot_general as JAX prints them."""
    fmt = lambda v: "[%s]" % ", ".join(map(str, v))
    dims = ""
    if lhs_batch:
        dims += "batching_dims = %s x %s, " % (fmt(lhs_batch), fmt(rhs_batch))
    return dims + "contracting_dims = %s x %s" % (fmt(lhs_contract), fmt(rhs_contract))


def bf16_exact_array(generator, shape, integers):
    """f32 values bf16 holds exactly: small integers (whose products and sums
    bf16 holds too, so any accumulation order gives the same result), or
    floats in [-1, 1) with their low 16 bits cleared."""
    if integers:
        return generator.integers(-4, 4, size=shape, endpoint=True).astype(np.float32)
    values = generator.uniform(-1, 1, size=shape).astype(np.float32)
    return (values.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)


def bf16_dot_general_case(name, lhs_shape, rhs_shape, lhs_batch, rhs_batch, lhs_contract,
                          rhs_contract, result_element_type, g, rounded_once=False,
                          dynamic=None):
    """dot_general of bf16 operands into `result_element_type` (bf16, or f32
    as JAX's preferred_element_type=f32 prints it). A .npy holds no bf16, so
    the program converts its f32 inputs to bf16 and a bf16 result back. A
    bf16 result is of small integers (exact in any order) unless
    `rounded_once`: then of floats, checked to be the exact result rounded
    once. `dynamic`: the (lhs, rhs, result) shapes the program declares."""
    exact_result = result_element_type == "bf16" and not rounded_once
    lhs = bf16_exact_array(g, lhs_shape, exact_result)
    rhs = bf16_exact_array(g, rhs_shape, exact_result)
    reference = lambda l, r: dot_general_reference(l, r, lhs_batch, rhs_batch, lhs_contract,
                                                   rhs_contract, np.float32)
    out_shape = reference(lhs, rhs).shape
    lhs_type_shape, rhs_type_shape, out_type_shape = dynamic or (lhs_shape, rhs_shape, out_shape)
    lt, rt = tensor_type(lhs_type_shape, "f32"), tensor_type(rhs_type_shape, "f32")
    lbt, rbt = tensor_type(lhs_type_shape, "bf16"), tensor_type(rhs_type_shape, "bf16")
    ot = tensor_type(out_type_shape, "f32")
    dot_type = tensor_type(out_type_shape, result_element_type)
    body = [
        "%%0 = stablehlo.convert %%arg0 : (%s) -> %s" % (lt, lbt),
        "%%1 = stablehlo.convert %%arg1 : (%s) -> %s" % (rt, rbt),
        "%%2 = stablehlo.dot_general %%0, %%1, %s, precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s"
        % (dot_general_dims(lhs_batch, rhs_batch, lhs_contract, rhs_contract), lbt, rbt,
           dot_type)]
    if result_element_type == "bf16":
        body += ["%%3 = stablehlo.convert %%2 : (%s) -> %s" % (dot_type, ot), "return %%3 : %s" % ot]
    else:
        body += ["return %%2 : %s" % ot]
    mlir = jax_module([("lhs", lt), ("rhs", rt)], [(ot, "result")], body)
    atol, rtol = ((0, 0) if exact_result else BF16_ROUNDED_ONCE if rounded_once
                  else TOLERANCE["f32"])
    return Case(name, mlir, [lhs, rhs], reference, atol=atol, rtol=rtol)


def dot_general_case(name, element_type, lhs_shape, rhs_shape, lhs_batch, rhs_batch,
                     lhs_contract, rhs_contract, g, result_element_type=None, dynamic=None,
                     tolerance=None):
    """`dynamic`: the (lhs, rhs, result) shapes the program declares, -1 for
    a dynamic dimension, where they are not those of the arrays;
    `tolerance`: (atol, rtol) where not the result type's."""
    low, high = (-8, 8) if element_type.startswith("i") else (-1, 1)
    lhs = random_array(g, lhs_shape, element_type, low, high)
    rhs = random_array(g, rhs_shape, element_type, low, high)
    result_element_type = result_element_type or element_type
    out_dtype = np.dtype({"f32": np.float32, "f64": np.float64, "f16": np.float16, "i32": np.int32,
                          "i64": np.int64, "i8": np.int8}[result_element_type])
    out = dot_general_reference(lhs, rhs, lhs_batch, rhs_batch, lhs_contract, rhs_contract, out_dtype)
    lhs_type_shape, rhs_type_shape, out_type_shape = dynamic or (lhs_shape, rhs_shape, out.shape)
    lt, rt = tensor_type(lhs_type_shape, element_type), tensor_type(rhs_type_shape, element_type)
    ot = tensor_type(out_type_shape, result_element_type)
    dims = dot_general_dims(lhs_batch, rhs_batch, lhs_contract, rhs_contract)
    mlir = jax_module([("lhs", lt), ("rhs", rt)], [(ot, "result")], [
        "%%0 = stablehlo.dot_general %%arg0, %%arg1, %s, precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s"
        % (dims, lt, rt, ot),
        "return %%0 : %s" % ot])
    atol, rtol = tolerance or TOLERANCE[result_element_type]
    return Case(name, mlir, [lhs, rhs],
                lambda l, r: dot_general_reference(l, r, lhs_batch, rhs_batch, lhs_contract,
                                                   rhs_contract, out_dtype),
                atol=atol, rtol=rtol)


def transposed_weight_case(name, rows, width, outputs, g, dynamic_batch=False):
    """x * W^T as JAX prints it for a weight of [outputs, width] (torch's
    layout): a stablehlo.transpose of W, then the product; of a dynamic
    batch (jax.export's) run at `rows` where `dynamic_batch`."""
    x = random_array(g, (rows, width), "f32", -1, 1)
    w = random_array(g, (outputs, width), "f32", -1, 1)
    batch = -1 if dynamic_batch else rows
    xt, wt = tensor_type((batch, width), "f32"), tensor_type(w.shape, "f32")
    wtt, ot = tensor_type((width, outputs), "f32"), tensor_type((batch, outputs), "f32")
    mlir = jax_module([("x", xt), ("w", wt)], [(ot, "result")], [
        "%%0 = stablehlo.transpose %%arg1, dims = [1, 0] : (%s) -> %s" % (wt, wtt),
        "%%1 = stablehlo.dot_general %%arg0, %%0, contracting_dims = [1] x [0], "
        "precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s" % (xt, wtt, ot),
        "return %%1 : %s" % ot])
    atol, rtol = TOLERANCE["f32"]
    return Case(name, mlir, [x, w],
                lambda x, w: (x.astype(np.float64) @ w.T.astype(np.float64)).astype(np.float32),
                atol=atol, rtol=rtol)


def broadcast_weight_case(name, seq, batch, width, outputs, g, transposed):
    """A linear layer on a sequence-major [S, B, D] input as torch-mlir
    prints it: the weight broadcast over the sequence, then a batched
    product (disc-fold-dot-broadcasts makes it one product)."""
    x = random_array(g, (seq, batch, width), "f32", -1, 1)
    w_shape = (outputs, width) if transposed else (width, outputs)
    w = random_array(g, w_shape, "f32", -1, 1)
    xt, wt = tensor_type(x.shape, "f32"), tensor_type(w.shape, "f32")
    bt = tensor_type((seq,) + w_shape, "f32")
    ot = tensor_type((seq, batch, outputs), "f32")
    contract = 2 if transposed else 1
    mlir = jax_module([("x", xt), ("w", wt)], [(ot, "result")], [
        "%%0 = stablehlo.broadcast_in_dim %%arg1, dims = [1, 2] : (%s) -> %s" % (wt, bt),
        "%%1 = stablehlo.dot_general %%arg0, %%0, batching_dims = [0] x [0], "
        "contracting_dims = [2] x [%d], precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s"
        % (contract, xt, bt, ot),
        "return %%1 : %s" % ot])
    atol, rtol = TOLERANCE["f32"]
    return Case(name, mlir, [x, w],
                lambda x, w: (x.astype(np.float64)
                              @ (w.T if transposed else w).astype(np.float64)).astype(np.float32),
                atol=atol, rtol=rtol)


def broadcast_weight_cases():
    g = rng(72)
    cases = [broadcast_weight_case("broadcast_weight_f32", 9, 4, 24, 40, g, False),
             broadcast_weight_case("broadcast_weight_transposed_f32", 7, 3, 32, 16, g, True)]
    return cases + [without_library(case) for case in cases]


def dot_general_cases():
    g = rng(70)
    return [
        dot_general_case("dot_general_matmul_f32", "f32", (4, 3), (3, 5), [], [], [1], [0], g),
        dot_general_case("dot_general_matmul_large_f32", "f32", (64, 96), (96, 80), [], [], [1], [0], g),
        dot_general_case("dot_general_odd_sizes_f32", "f32", (33, 65), (65, 17), [], [], [1], [0], g),
        dot_general_case("dot_general_lhs_transposed_f32", "f32", (3, 4), (3, 5), [], [], [0], [0], g),
        dot_general_case("dot_general_rhs_transposed_f32", "f32", (4, 3), (5, 3), [], [], [1], [1], g),
        dot_general_case("dot_general_batch_f32", "f32", (2, 4, 3), (2, 3, 5), [0], [0], [2], [1], g),
        dot_general_case("dot_general_batch_rhs_t_f32", "f32", (3, 4, 6), (3, 5, 6), [0], [0], [2], [2], g),
        dot_general_case("dot_general_batch_middle_f32", "f32", (4, 2, 3), (3, 2, 5), [1], [1], [2], [0], g),
        dot_general_case("dot_general_two_contracting_f32", "f32", (2, 3, 4), (3, 4, 5), [], [], [1, 2], [0, 1], g),
        dot_general_case("dot_general_two_batch_f32", "f32", (2, 3, 4, 5), (2, 3, 5, 6), [0, 1], [0, 1], [3], [2], g),
        # BERT attention's scores, q * k^T on [B, H, S, D].
        dot_general_case("dot_general_attention_scores_f32", "f32", (2, 3, 4, 8), (2, 3, 5, 8), [0, 1],
                         [0, 1], [3], [3], g),
        dot_general_case("dot_general_three_batch_f16", "f16", (2, 2, 3, 4, 8), (2, 2, 3, 8, 5),
                         [0, 1, 2], [0, 1, 2], [4], [3], g),
        # Attention written as einsum: bqhd,bkhd->bhqk and bhqk,bkhd->bhqd, the
        # batch dims not leading (library calls on two uncollapsed batch dims).
        dot_general_case("dot_general_einsum_scores_f32", "f32", (2, 4, 3, 8), (2, 5, 3, 8),
                         [0, 2], [0, 2], [3], [3], g),
        dot_general_case("dot_general_einsum_context_f32", "f32", (2, 3, 4, 5), (2, 5, 3, 8),
                         [0, 1], [0, 2], [3], [1], g),
        dot_general_case("dot_general_einsum_scores_f64", "f64", (2, 4, 3, 8), (2, 5, 3, 8),
                         [0, 2], [0, 2], [3], [3], g),
        dot_general_case("dot_general_matvec_f32", "f32", (4, 3), (3,), [], [], [1], [0], g),
        dot_general_case("dot_general_vecvec_f32", "f32", (7,), (7,), [], [], [0], [0], g),
        dot_general_case("dot_general_outer_f32", "f32", (3,), (4,), [], [], [], [], g),
        dot_general_case("dot_general_f64", "f64", (5, 6), (6, 7), [], [], [1], [0], g),
        dot_general_case("dot_general_f16", "f16", (4, 8), (8, 3), [], [], [1], [0], g),
        dot_general_case("dot_general_i32", "i32", (4, 3), (3, 5), [], [], [1], [0], g),
        dot_general_case("dot_general_batch_i64", "i64", (2, 3, 4), (2, 4, 2), [0], [0], [2], [1], g),
        dot_general_case("dot_general_i8_to_i32", "i8", (4, 6), (6, 3), [], [], [1], [0], g,
                         result_element_type="i32"),
        dot_general_case("dot_general_f16_to_f32", "f16", (4, 8), (8, 3), [], [], [1], [0], g,
                         result_element_type="f32"),
        bf16_dot_general_case("dot_general_bf16", (2, 4, 8), (2, 8, 3), [0], [0], [2], [1], "bf16", g),
        bf16_dot_general_case("dot_general_bf16_to_f32", (4, 16), (16, 8), [], [], [1], [0], "f32", g),
        bf16_dot_general_case("dot_general_attention_bf16_to_f32", (2, 3, 4, 16), (2, 3, 16, 5),
                              [0, 1], [0, 1], [3], [2], "f32", g),
    ]


def dense_layer_cases():
    """Activations of several leading dims times a weight matrix, as every
    transformer's dense layers print: one BLAS product of the collapsed rows
    on the CPU, and the same products compiled without a library."""
    g = rng(83)
    layers = [
        ("dense_f32", "f32", (2, 5, 16), (16, 24), [2], [0]),
        ("dense_weight_transposed_f32", "f32", (3, 4, 16), (24, 16), [2], [1]),
        ("dense_rank4_f32", "f32", (2, 3, 4, 8), (8, 5), [3], [0]),
        ("dense_f64", "f64", (2, 7, 6), (6, 9), [2], [0]),
    ]
    cases = [dot_general_case(name, element_type, lhs_shape, rhs_shape, [], [], lhs_contract,
                              rhs_contract, g)
             for name, element_type, lhs_shape, rhs_shape, lhs_contract, rhs_contract in layers]
    return cases + [without_library(case) for case in cases]


def without_library(case):
    return Case(case.name + "_no_library", case.mlir, case.inputs, case.reference,
                atol=case.atol, rtol=case.rtol, compile_args=["--cpu-library=none"])


def no_library_cases():
    """Products compiled without a library, as disc-cpu-tile-contractions
    tiles them (8x32 f32 register tiles on AVX-512, 64x128 outer tiles, k in
    blocks of 128): sizes below one register tile and with partial tiles in
    every dimension, k over several blocks, a batch, dynamic batch and
    dynamic rows and columns, f64 and f16, transposed operands; and every
    dot_general case above."""
    g = rng(84)
    cases = [
        dot_general_case("tiled_1x1x1_f32", "f32", (1, 1), (1, 1), [], [], [1], [0], g),
        dot_general_case("tiled_7x13x5_f32", "f32", (7, 13), (13, 5), [], [], [1], [0], g),
        dot_general_case("tiled_129x257x65_f32", "f32", (129, 65), (65, 257), [], [], [1], [0], g),
        dot_general_case("tiled_k_blocks_f32", "f32", (24, 700), (700, 160), [], [], [1], [0], g),
        dot_general_case("tiled_batch_f32", "f32", (3, 17, 40), (3, 40, 70), [0], [0], [2], [1], g),
        dot_general_case("tiled_dynamic_batch_f32", "f32", (3, 17, 40), (3, 40, 70), [0], [0], [2],
                         [1], g, dynamic=((-1, 17, 40), (-1, 40, 70), (-1, 17, 70))),
        dot_general_case("tiled_dynamic_rows_columns_f32", "f32", (77, 48), (48, 70), [], [], [1],
                         [0], g, dynamic=((-1, 48), (48, -1), (-1, -1))),
        # Columns left over at a dynamic edge (45 = 32 + 13, and 5, less
        # than a vector): register tiles read and written not in bounds.
        dot_general_case("tiled_dynamic_batch_columns_f32", "f32", (3, 9, 24), (3, 24, 45), [0],
                         [0], [2], [1], g,
                         dynamic=((-1, 9, 24), (-1, 24, -1), (-1, 9, -1))),
        dot_general_case("tiled_dynamic_narrow_columns_f32", "f32", (10, 16), (16, 5), [], [],
                         [1], [0], g, dynamic=((10, 16), (16, -1), (10, -1))),
        dot_general_case("tiled_dynamic_k_f32", "f32", (19, 300), (300, 40), [], [], [1], [0], g,
                         dynamic=((19, -1), (-1, 40), (19, 40))),
        dot_general_case("tiled_lhs_transposed_f32", "f32", (40, 33), (40, 70), [], [], [0], [0], g),
        dot_general_case("tiled_rhs_transposed_f32", "f32", (33, 40), (70, 40), [], [], [1], [1], g),
        dot_general_case("tiled_f64", "f64", (37, 50), (50, 45), [], [], [1], [0], g),
        dot_general_case("tiled_batch_f64", "f64", (2, 20, 9), (2, 9, 19), [0], [0], [2], [1], g),
        dot_general_case("tiled_f16", "f16", (20, 24), (24, 40), [], [], [1], [0], g),
        # Narrow inputs widened into the accumulator's type, tiled and
        # vectorized at its width.
        dot_general_case("tiled_f16_to_f32", "f16", (20, 24), (24, 40), [], [], [1], [0], g,
                         result_element_type="f32"),
        dot_general_case("tiled_i8_to_i32", "i8", (37, 50), (50, 45), [], [], [1], [0], g,
                         result_element_type="i32"),
        dot_general_case("tiled_dynamic_batch_i32", "i32", (3, 9, 24), (3, 24, 40), [0], [0], [2],
                         [1], g, dynamic=((-1, 9, 24), (-1, 24, 40), (-1, 9, 40))),
        # f16 and bf16 into themselves summed in f32 and rounded once, as
        # XLA does (see F16_ROUNDED_ONCE).
        dot_general_case("tiled_f16_rounded_once", "f16", (37, 300), (300, 45), [], [], [1], [0],
                         g, tolerance=F16_ROUNDED_ONCE),
        dot_general_case("tiled_dynamic_f16_rounded_once", "f16", (2, 19, 300), (2, 300, 70), [0],
                         [0], [2], [1], g, tolerance=F16_ROUNDED_ONCE,
                         dynamic=((-1, 19, -1), (-1, -1, 70), (-1, 19, 70))),
        bf16_dot_general_case("tiled_bf16_to_f32", (37, 300), (300, 45), [], [], [1], [0], "f32",
                              g),
        bf16_dot_general_case("tiled_dynamic_bf16_to_f32", (19, 130), (130, 45), [], [], [1],
                              [0], "f32", g, dynamic=((-1, 130), (130, -1), (-1, -1))),
        bf16_dot_general_case("tiled_bf16_rounded_once", (2, 37, 300), (2, 300, 45), [0], [0],
                              [2], [1], "bf16", g, rounded_once=True),
        bf16_dot_general_case("tiled_dynamic_bf16_rounded_once", (19, 300), (300, 45), [], [],
                              [1], [0], "bf16", g, rounded_once=True,
                              dynamic=((-1, 300), (300, 45), (-1, 45))),
        dot_general_case("tiled_attention_f16_to_f32", "f16", (2, 3, 4, 16), (2, 3, 16, 5),
                         [0, 1], [0, 1], [3], [2], g, result_element_type="f32"),
        # Products of a matrix and a vector, in loops of their own: dot
        # products of the matrix's rows where k is contiguous in it (77 rows
        # = 9 tiles of 8 and 5 left over, 300 = 18 vectors of 16 and 12
        # read not in bounds), rows scaled and summed where the output's
        # dimension is (200 columns = a tile of 8 vectors and 5 vectors
        # left over, the last one not in bounds).
        dot_general_case("tiled_matvec_f32", "f32", (77, 300), (300,), [], [], [1], [0], g),
        dot_general_case("tiled_dense_b1_f32", "f32", (1, 300), (300, 200), [], [], [1], [0], g),
        dot_general_case("tiled_dense_b1_weight_transposed_f32", "f32", (1, 300), (200, 300), [],
                         [], [1], [1], g),
        dot_general_case("tiled_vecmat_f32", "f32", (300,), (300, 45), [], [], [0], [0], g),
        dot_general_case("tiled_transposed_matvec_f32", "f32", (300, 45), (300,), [], [], [0],
                         [0], g),
        dot_general_case("tiled_batch1_matvec_f32", "f32", (1, 45, 70), (1, 70), [0], [0], [2],
                         [1], g),
        dot_general_case("tiled_matvec_f64", "f64", (33, 50), (50,), [], [], [1], [0], g),
        dot_general_case("tiled_dynamic_matvec_f32", "f32", (77, 300), (300,), [], [], [1], [0],
                         g, dynamic=((-1, -1), (-1,), (-1,))),
        dot_general_case("tiled_dynamic_dense_b1_f32", "f32", (1, 300), (300, 200), [], [], [1],
                         [0], g, dynamic=((1, -1), (-1, -1), (1, -1))),
        dot_general_case("tiled_dense_b1_f16_rounded_once", "f16", (1, 300), (300, 70), [], [],
                         [1], [0], g, tolerance=F16_ROUNDED_ONCE),
        dot_general_case("tiled_matvec_f16_rounded_once", "f16", (45, 300), (300,), [], [], [1],
                         [0], g, tolerance=F16_ROUNDED_ONCE),
        bf16_dot_general_case("tiled_matvec_bf16_to_f32", (45, 300), (300,), [], [], [1], [0],
                              "f32", g),
        bf16_dot_general_case("tiled_dense_b1_bf16_rounded_once", (1, 300), (300, 70), [], [],
                              [1], [0], "bf16", g, rounded_once=True),
        # W read in place through the transpose; at batch 3 the product of
        # a transposed copy, as before.
        transposed_weight_case("tiled_dense_b1_transposed_weight_jax", 1, 300, 200, g),
        transposed_weight_case("tiled_dense_b3_transposed_weight_jax", 3, 300, 200, g),
        # A dynamic batch run at 1: the product of its one row in the loops
        # of a matrix-vector product, chosen at run time (at 5, the matrix
        # product's tiles).
        dot_general_case("tiled_dynamic_batch_of_1_dense_f32", "f32", (1, 300), (300, 200), [],
                         [], [1], [0], g, dynamic=((-1, 300), (300, 200), (-1, 200))),
        dot_general_case("tiled_dynamic_batch_of_5_dense_f32", "f32", (5, 300), (300, 200), [],
                         [], [1], [0], g, dynamic=((-1, 300), (300, 200), (-1, 200))),
        dot_general_case("tiled_dynamic_batch_of_1_dense_weight_transposed_f32", "f32", (1, 300),
                         (200, 300), [], [], [1], [1], g,
                         dynamic=((-1, 300), (200, 300), (-1, 200))),
        dot_general_case("tiled_dynamic_batch_of_1_dense_f16_rounded_once", "f16", (1, 300),
                         (300, 70), [], [], [1], [0], g, tolerance=F16_ROUNDED_ONCE,
                         dynamic=((-1, 300), (300, 70), (-1, 70))),
    ]
    compiled = [without_library(case) for case in cases + dot_general_cases() + dot_cases()]
    return compiled + narrower_vector_cases(cases)


def library_narrow_cases():
    """With the libraries (the default), f16 products into a matrix are the
    libraries' f32 product of their inputs widened first, an f16 result
    rounded once; the products they do not take are tiled as without one:
    f16 matrix-vector ones summed in f32 and rounded once, integer ones."""
    g = rng(73)
    return [
        dot_general_case("library_f16_rounded_once", "f16", (37, 300), (300, 45), [], [], [1],
                         [0], g, tolerance=F16_ROUNDED_ONCE),
        dot_general_case("library_f16_to_f32", "f16", (20, 24), (24, 40), [], [], [1], [0], g,
                         result_element_type="f32"),
        dot_general_case("library_f16_batch_transposed_rounded_once", "f16", (2, 300, 37),
                         (2, 45, 300), [0], [0], [1], [2], g, tolerance=F16_ROUNDED_ONCE),
        dot_general_case("library_dynamic_f16_rounded_once", "f16", (2, 19, 300), (2, 300, 70),
                         [0], [0], [2], [1], g, tolerance=F16_ROUNDED_ONCE,
                         dynamic=((-1, 19, -1), (-1, -1, 70), (-1, 19, 70))),
        dot_general_case("library_f16_attention_to_f32", "f16", (2, 7, 3, 64), (2, 9, 3, 64),
                         [0, 2], [0, 2], [3], [3], g, result_element_type="f32"),
        dot_general_case("library_f16_matvec_rounded_once", "f16", (45, 300), (300,), [], [],
                         [1], [0], g, tolerance=F16_ROUNDED_ONCE),
        dot_general_case("library_i8_to_i32", "i8", (37, 50), (50, 45), [], [], [1], [0], g,
                         result_element_type="i32"),
    ]


def library_bf16_cases():
    """With the libraries, bf16 products are oneDNN's matmul (ral_gemm),
    summed in f32 and a bf16 result rounded once: odd sizes, batches,
    transposed operands, a dense layer's collapsed rows, attention's two
    batch dims, single rows, dynamic sizes, and products large enough to be
    split over the cores."""
    g = rng(79)
    return [
        bf16_dot_general_case("library_bf16_rounded_once", (2, 37, 300), (2, 300, 45), [0], [0],
                              [2], [1], "bf16", g, rounded_once=True),
        bf16_dot_general_case("library_bf16_to_f32", (37, 300), (300, 45), [], [], [1], [0],
                              "f32", g),
        bf16_dot_general_case("library_bf16_exact", (13, 29), (29, 7), [], [], [1], [0], "bf16",
                              g),
        bf16_dot_general_case("library_bf16_lhs_transposed_to_f32", (300, 37), (300, 45), [], [],
                              [0], [0], "f32", g),
        bf16_dot_general_case("library_bf16_rhs_transposed_rounded_once", (37, 300), (45, 300),
                              [], [], [1], [1], "bf16", g, rounded_once=True),
        bf16_dot_general_case("library_bf16_both_transposed_to_f32", (300, 37), (45, 300), [], [],
                              [0], [1], "f32", g),
        bf16_dot_general_case("library_bf16_dense_layer_to_f32", (2, 5, 130), (130, 33), [], [],
                              [2], [0], "f32", g),
        bf16_dot_general_case("library_bf16_attention_rounded_once", (2, 7, 3, 64), (2, 9, 3, 64),
                              [0, 2], [0, 2], [3], [3], "bf16", g, rounded_once=True),
        bf16_dot_general_case("library_bf16_single_row_to_f32", (1, 300), (300, 45), [], [], [1],
                              [0], "f32", g),
        bf16_dot_general_case("library_bf16_single_row_rounded_once", (1, 300), (45, 300), [], [],
                              [1], [1], "bf16", g, rounded_once=True),
        bf16_dot_general_case("library_dynamic_bf16_to_f32", (19, 130), (130, 45), [], [], [1],
                              [0], "f32", g, dynamic=((-1, 130), (130, -1), (-1, -1))),
        bf16_dot_general_case("library_dynamic_batch_bf16_rounded_once", (3, 19, 300),
                              (3, 300, 70), [0], [0], [2], [1], "bf16", g, rounded_once=True,
                              dynamic=((-1, 19, -1), (-1, -1, 70), (-1, 19, 70))),
        bf16_dot_general_case("library_bf16_split_over_cores_rounded_once", (257, 200), (200, 131),
                              [], [], [1], [0], "bf16", g, rounded_once=True),
    ]


def library_vector_cases():
    """With the libraries (the default), products of a matrix and a vector
    whose lines are dot products, and those of a vector result (which
    ral_gemm does not take), run in the loops of a matrix-vector product;
    x * W at batch 1 stays the library's; x * W^T as JAX prints it reads W
    in place at any batch, a dynamic one too."""
    g = rng(74)
    return [
        dot_general_case("library_matvec_f32", "f32", (77, 300), (300,), [], [], [1], [0], g),
        dot_general_case("library_matvec_f64", "f64", (33, 50), (50,), [], [], [1], [0], g),
        dot_general_case("library_dynamic_matvec_f32", "f32", (77, 300), (300,), [], [], [1],
                         [0], g, dynamic=((-1, -1), (-1,), (-1,))),
        dot_general_case("library_vecmat_f32", "f32", (300,), (300, 45), [], [], [0], [0], g),
        dot_general_case("library_transposed_matvec_f32", "f32", (300, 45), (300,), [], [], [0],
                         [0], g),
        dot_general_case("library_dense_b1_f32", "f32", (1, 300), (300, 200), [], [], [1], [0],
                         g),
        dot_general_case("library_dense_b1_weight_transposed_f32", "f32", (1, 300), (200, 300),
                         [], [], [1], [1], g),
        transposed_weight_case("library_dense_b1_transposed_weight_jax", 1, 300, 200, g),
        transposed_weight_case("library_dense_b64_transposed_weight_jax", 64, 300, 200, g),
        transposed_weight_case("library_dynamic_batch_of_1_transposed_weight_jax", 1, 300, 200,
                               g, dynamic_batch=True),
        transposed_weight_case("library_dynamic_batch_of_5_transposed_weight_jax", 5, 300, 200,
                               g, dynamic_batch=True),
        dot_general_case("library_dynamic_batch_of_1_dense_f32", "f32", (1, 300), (300, 200), [],
                         [], [1], [0], g, dynamic=((-1, 300), (300, 200), (-1, 200))),
    ]


def bf16_round(values):
    """f32 values rounded to the nearest bf16 (ties to even), as f32."""
    bits = values.astype(np.float32).view(np.uint32)
    rounding = np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1))
    return ((bits + rounding) & np.uint32(0xFFFF0000)).view(np.float32)


def attention_transposes_case(name, batch, seq, heads, head, element_type, g,
                              dynamic_batch=False):
    """BERT's attention products as JAX prints them from `q @ k.transpose(0,
    1, 3, 2)` and `(p @ v).transpose(0, 2, 1, 3)`: q, k and v of [B, S, H * D]
    split into heads by a reshape and a transpose, k transposed again, the
    context transposed back and merged; at batch 1 the products are of
    [H, ...] after reshapes dropping the unit dim. The products read their
    operands in place, as strided views. `element_type` bf16: the program
    rounds its f32 inputs to bf16 and multiplies into f32. `dynamic_batch`:
    q, k and v come already split, [?, S, H, D] (a reshape of a dynamic
    batch is not what this checks)."""
    width = heads * head
    split = dynamic_batch
    io_shape = (batch, seq, heads, head) if split else (batch, seq, width)
    q, k, v = (random_array(g, io_shape, "f32", -1, 1) for _ in range(3))
    p = random_array(g, (batch, heads, seq, seq), "f32", -1, 1)
    if element_type == "bf16":
        q, k, v, p = (bf16_round(x) for x in (q, k, v, p))
    b = -1 if dynamic_batch else batch
    t = lambda shape, et=element_type: tensor_type(shape, et)
    io, pt = (b,) + io_shape[1:], (b, heads, seq, seq)
    body = []

    def emit(line):
        body.append(line)
        return "%%%d" % (len(body) - 1)

    def to_element_type(value, shape):
        if element_type == "f32":
            return value
        return emit("%%%d = stablehlo.convert %s : (%s) -> %s" % (
            len(body), value, t(shape, "f32"), t(shape)))

    def heads_of(value):
        if not split:
            value = emit("%%%d = stablehlo.reshape %s : (%s) -> %s" % (
                len(body), value, t(io), t((b, seq, heads, head))))
        return emit("%%%d = stablehlo.transpose %s, dims = [0, 2, 1, 3] : (%s) -> %s" % (
            len(body), value, t((b, seq, heads, head)), t((b, heads, seq, head))))

    def product(lhs, rhs, lhs_shape, rhs_shape, out_shape, contract):
        """A batched product over [B, H]; at batch 1 of [H, ...] reshapes."""
        if batch == 1 and not dynamic_batch:
            lhs = emit("%%%d = stablehlo.reshape %s : (%s) -> %s" % (
                len(body), lhs, t(lhs_shape), t(lhs_shape[1:])))
            rhs = emit("%%%d = stablehlo.reshape %s : (%s) -> %s" % (
                len(body), rhs, t(rhs_shape), t(rhs_shape[1:])))
            out = emit("%%%d = stablehlo.dot_general %s, %s, batching_dims = [0] x [0], "
                       "contracting_dims = [2] x [%d], precision = [DEFAULT, DEFAULT] : "
                       "(%s, %s) -> %s" % (len(body), lhs, rhs, contract - 1, t(lhs_shape[1:]),
                                           t(rhs_shape[1:]), t(out_shape[1:], "f32")))
            return emit("%%%d = stablehlo.reshape %s : (%s) -> %s" % (
                len(body), out, t(out_shape[1:], "f32"), t(out_shape, "f32")))
        return emit("%%%d = stablehlo.dot_general %s, %s, batching_dims = [0, 1] x [0, 1], "
                    "contracting_dims = [3] x [%d], precision = [DEFAULT, DEFAULT] : "
                    "(%s, %s) -> %s" % (len(body), lhs, rhs, contract, t(lhs_shape),
                                        t(rhs_shape), t(out_shape, "f32")))

    qh = heads_of(to_element_type("%arg0", io))
    kh = heads_of(to_element_type("%arg1", io))
    vh = heads_of(to_element_type("%arg2", io))
    probs = to_element_type("%arg3", pt)
    kt = emit("%%%d = stablehlo.transpose %s, dims = [0, 1, 3, 2] : (%s) -> %s" % (
        len(body), kh, t((b, heads, seq, head)), t((b, heads, head, seq))))
    scores = product(qh, kt, (b, heads, seq, head), (b, heads, head, seq), pt, 2)
    context = product(probs, vh, pt, (b, heads, seq, head), (b, heads, seq, head), 2)
    merged = emit("%%%d = stablehlo.transpose %s, dims = [0, 2, 1, 3] : (%s) -> %s" % (
        len(body), context, t((b, heads, seq, head), "f32"), t((b, seq, heads, head), "f32")))
    if not split:
        merged = emit("%%%d = stablehlo.reshape %s : (%s) -> %s" % (
            len(body), merged, t((b, seq, heads, head), "f32"), t(io, "f32")))
    body.append("return %s, %s : %s, %s" % (scores, merged, t(pt, "f32"), t(io, "f32")))
    mlir = jax_module([("q", t(io, "f32")), ("k", t(io, "f32")), ("v", t(io, "f32")),
                       ("p", t(pt, "f32"))],
                      [(t(pt, "f32"), "[0]"), (t(io, "f32"), "[1]")], body)

    def reference(q, k, v, p):
        heads_view = lambda x: x.astype(np.float64).reshape(batch, seq, heads, head)
        scores = np.einsum("bqhd,bkhd->bhqk", heads_view(q), heads_view(k))
        context = np.einsum("bhqk,bkhd->bqhd", p.astype(np.float64), heads_view(v))
        return [scores.astype(np.float32), context.reshape(io_shape).astype(np.float32)]
    atol, rtol = TOLERANCE["f32"]
    return Case(name, mlir, [q, k, v, p], reference, atol=atol, rtol=rtol)


def attention_transposes_cases():
    """The transposes of attention's operands are folded into its products,
    at odd sizes, batch 1 and several, a dynamic batch, f32 and bf16."""
    g = rng(86)
    return [
        attention_transposes_case("attention_transposes_f32", 3, 7, 3, 5, "f32", g),
        attention_transposes_case("attention_transposes_b1_f32", 1, 9, 2, 6, "f32", g),
        attention_transposes_case("attention_transposes_dynamic_batch_f32", 2, 5, 3, 7, "f32", g,
                                  dynamic_batch=True),
        attention_transposes_case("attention_transposes_bf16_to_f32", 2, 9, 3, 16, "bf16", g),
        attention_transposes_case("attention_transposes_b1_bf16_to_f32", 1, 7, 2, 8, "bf16", g),
        attention_transposes_case("attention_transposes_dynamic_batch_bf16_to_f32", 3, 6, 2, 8,
                                  "bf16", g, dynamic_batch=True),
    ]


def host_has_avx2():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            return " avx2" in cpuinfo.read()
    except OSError:
        return False


def narrower_vector_cases(cases):
    """The tiled products again for CPUs of narrower vectors: AVX2 (6x16
    register tiles of f32) and baseline x86-64 SSE (6x8), run where the host
    can execute AVX2."""
    skip = None if host_has_avx2() else "the host has no AVX2"
    return [Case("%s_%s" % (case.name, cpu.replace("-", "_")), case.mlir, case.inputs,
                 case.reference, atol=case.atol, rtol=case.rtol, skip=skip,
                 compile_args=["--cpu-library=none", "--target-cpu=" + cpu])
            for case in cases for cpu in ("haswell", "x86-64")]


def dot_cases():
    g = rng(71)
    cases = []
    for name, lhs_shape, rhs_shape, element_type in [
            ("dot_matmul_f32", (4, 3), (3, 5), "f32"), ("dot_matvec_f32", (4, 3), (3,), "f32"),
            ("dot_vecvec_f32", (6,), (6,), "f32"), ("dot_matmul_f64", (3, 7), (7, 2), "f64"),
            ("dot_matmul_i32", (3, 4), (4, 2), "i32")]:
        low, high = (-8, 8) if element_type.startswith("i") else (-1, 1)
        lhs = random_array(g, lhs_shape, element_type, low, high)
        rhs = random_array(g, rhs_shape, element_type, low, high)
        out = np.dot(lhs, rhs)
        lt, rt = tensor_type(lhs_shape, element_type), tensor_type(rhs_shape, element_type)
        ot = tensor_type(np.shape(out), element_type)
        mlir = jax_module([("lhs", lt), ("rhs", rt)], [(ot, "result")], [
            "%%0 = stablehlo.dot %%arg0, %%arg1, precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s"
            % (lt, rt, ot),
            "return %%0 : %s" % ot])
        atol, rtol = TOLERANCE[element_type]
        cases.append(Case(name, mlir, [lhs, rhs],
                          lambda l, r: dot_general_reference(
                              l, r, [], [], [l.ndim - 1], [0], l.dtype), atol=atol, rtol=rtol))
    return cases


run(dot_general_cases() + dense_layer_cases() + dot_cases() + no_library_cases()
    + library_narrow_cases() + library_vector_cases() + library_bf16_cases()
    + attention_transposes_cases() + broadcast_weight_cases())
