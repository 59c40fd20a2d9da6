"""reduce: sum, product, max, min, and/or, over one, several and all dimensions;
mean as JAX spells it; argmax as a two-operand reduce."""

import numpy as np

from e2e import Case, jax_module, np_dtype, random_array, rng, run, tensor_type

INIT = {
    ("add", "f32"): "0.000000e+00", ("add", "f64"): "0.000000e+00", ("add", "f16"): "0.000000e+00",
    ("add", "i32"): "0", ("add", "i64"): "0", ("add", "ui8"): "0", ("add", "ui32"): "0",
    ("multiply", "f32"): "1.000000e+00", ("multiply", "i32"): "1", ("multiply", "i64"): "1",
    ("maximum", "f32"): "0xFF800000", ("maximum", "f64"): "0xFFF0000000000000",
    ("maximum", "f16"): "0xFC00",
    ("maximum", "i32"): "-2147483648", ("maximum", "ui16"): "0", ("maximum", "i8"): "-128",
    ("minimum", "f32"): "0x7F800000", ("minimum", "f64"): "0x7FF0000000000000",
    ("minimum", "i32"): "2147483647", ("minimum", "i64"): "9223372036854775807",
    ("minimum", "ui32"): "4294967295", ("minimum", "f16"): "0x7C00",
    ("and", "i1"): "true", ("or", "i1"): "false",
}
NUMPY = {"add": np.sum, "multiply": np.prod, "maximum": np.max, "minimum": np.min,
         "and": np.all, "or": np.any}


def reduce_case(name, op, element_type, shape, dims, g, atol=1e-5, rtol=1e-5, low=None, high=None,
                dynamic=False):
    """With `dynamic`, the program's every dimension is `?`."""
    x = random_array(g, shape, element_type, low, high)
    out_shape = tuple(s for i, s in enumerate(shape) if i not in dims)
    program_shape, program_out_shape = shape, out_shape
    if dynamic:
        program_shape, program_out_shape = (-1,) * len(shape), (-1,) * len(out_shape)
    in_type = tensor_type(program_shape, element_type)
    out_type = tensor_type(program_out_shape, element_type)
    scalar = "tensor<%s>" % element_type
    constant_name = "%cst" if element_type.startswith("f") else "%c"
    mlir = jax_module([("x", in_type)], [(out_type, "result")], [
        "%s = stablehlo.constant dense<%s> : %s" % (constant_name, INIT[(op, element_type)], scalar),
        "%%0 = stablehlo.reduce(%%arg0 init: %s) applies stablehlo.%s across dimensions = [%s] : "
        "(%s, %s) -> %s" % (constant_name, op, ", ".join(map(str, dims)), in_type, scalar, out_type),
        "return %%0 : %s" % out_type])

    def reference(x):
        wide = x.astype(np.float64) if x.dtype.kind == "f" else x
        return np.asarray(NUMPY[op](wide, axis=tuple(dims))).astype(x.dtype)
    return Case(name, mlir, [x], reference, atol=atol, rtol=rtol)


def basic_cases():
    g = rng(60)
    cases = [
        reduce_case("reduce_sum_dim1_f32", "add", "f32", (4, 5), [1], g),
        reduce_case("reduce_sum_dim0_f32", "add", "f32", (4, 5), [0], g),
        reduce_case("reduce_sum_all_f32", "add", "f32", (4, 5), [0, 1], g),
        reduce_case("reduce_sum_middle_f32", "add", "f32", (3, 4, 5), [1], g),
        reduce_case("reduce_sum_outer_two_f32", "add", "f32", (3, 4, 5), [0, 2], g),
        reduce_case("reduce_sum_long_row_f32", "add", "f32", (3, 1000), [1], g, atol=1e-3, rtol=1e-4,
                    low=-1.0, high=1.0),
        reduce_case("reduce_sum_f64", "add", "f64", (6, 7), [1], g, atol=1e-12, rtol=1e-12),
        reduce_case("reduce_sum_f16", "add", "f16", (4, 8), [1], g, atol=2e-2, rtol=1e-2,
                    low=-1.0, high=1.0),
        reduce_case("reduce_sum_i32", "add", "i32", (4, 9), [1], g, low=-1000, high=1000),
        reduce_case("reduce_sum_i64", "add", "i64", (5, 3), [0], g, low=-2 ** 40, high=2 ** 40),
        reduce_case("reduce_sum_ui8", "add", "ui8", (3, 6), [1], g, low=0, high=40),
        reduce_case("reduce_sum_ui32", "add", "ui32", (3, 6), [0, 1], g, low=0, high=2 ** 26),
        reduce_case("reduce_product_f32", "multiply", "f32", (4, 6), [1], g, low=0.5, high=1.5),
        reduce_case("reduce_product_i32", "multiply", "i32", (4, 6), [1], g, low=-4, high=4),
        reduce_case("reduce_product_i64", "multiply", "i64", (4, 6), [0], g, low=-9, high=9),
        reduce_case("reduce_max_f32", "maximum", "f32", (4, 5), [1], g),
        reduce_case("reduce_max_all_f32", "maximum", "f32", (6, 5), [0, 1], g),
        reduce_case("reduce_max_f64", "maximum", "f64", (4, 5), [0], g, atol=0, rtol=0),
        reduce_case("reduce_max_i32", "maximum", "i32", (4, 5), [1], g),
        reduce_case("reduce_max_ui16", "maximum", "ui16", (4, 5), [1], g),
        reduce_case("reduce_max_i8", "maximum", "i8", (2, 3, 4), [2], g),
        reduce_case("reduce_min_f32", "minimum", "f32", (4, 5), [1], g),
        reduce_case("reduce_min_i64", "minimum", "i64", (4, 5), [0], g),
        reduce_case("reduce_min_ui32", "minimum", "ui32", (4, 5), [1], g),
        reduce_case("reduce_min_f16", "minimum", "f16", (4, 5), [1], g, atol=0, rtol=0),
        reduce_case("reduce_and_i1", "and", "i1", (6, 3), [1], g),
        reduce_case("reduce_or_i1", "or", "i1", (6, 3), [1], g),
        reduce_case("reduce_or_all_i1", "or", "i1", (3, 2), [0, 1], g),
        # Reductions over leading dimensions with enough columns to be split
        # in chunks for the cores (disc-cpu-parallel-reductions), one of
        # them partial.
        reduce_case("reduce_sum_columns_f32", "add", "f32", (300, 200), [0], g, atol=1e-3,
                    rtol=1e-4, low=-1.0, high=1.0),
        reduce_case("reduce_sum_nhwc_channels_f32", "add", "f32", (4, 5, 6, 96), [0, 1, 2], g,
                    atol=1e-3, rtol=1e-4, low=-1.0, high=1.0),
        reduce_case("reduce_min_columns_i64", "minimum", "i64", (40, 33), [0], g),
        reduce_case("reduce_min_columns_f16", "minimum", "f16", (17, 130), [0], g, atol=0, rtol=0),
        # Too few columns for chunks: blocks of rows reduce into partial
        # results, combined after.
        reduce_case("reduce_sum_nhwc_narrow_channels_f32", "add", "f32", (6, 10, 10, 32), [0, 1, 2], g,
                    atol=1e-3, rtol=1e-4, low=-1.0, high=1.0),
        reduce_case("reduce_max_row_blocks_i32", "maximum", "i32", (12, 20), [0], g),
        reduce_case("reduce_max_row_blocks_f64", "maximum", "f64", (14, 10), [0], g, atol=0, rtol=0),
        reduce_case("reduce_product_row_blocks_i64", "multiply", "i64", (16, 5), [0], g, low=-3, high=3),
    ]
    # A row of NaN must give NaN from max.
    x = random_array(g, (3, 4), "f32")
    x[1, 2] = np.nan
    case = reduce_case("reduce_max_nan_f32", "maximum", "f32", (3, 4), [1], g)
    case.inputs = [x]
    case.reference = lambda x: np.max(x, axis=1)
    cases.append(case)
    return cases


def small_integers(g, shape, element_type, values):
    """Values that the reduction's every partial sum holds exactly, in any order."""
    return g.choice(values, size=shape).astype(np_dtype(element_type))


def vector_row_cases():
    """Rows that disc-cpu-vectorize-rows reduces in vector registers: sizes
    around a vector (16 f32 on AVX-512) and the four accumulators' 64, whole
    vectors and a masked tail; NaN and signed zeros through max and min."""
    g = rng(63)
    cases = []
    for size in (1, 15, 17, 767, 769):
        cases.append(reduce_case("reduce_sum_row%d_f32" % size, "add", "f32", (5, size), [1], g,
                                 atol=1e-4, rtol=1e-4, low=-1.0, high=1.0))
        cases.append(reduce_case("reduce_max_row%d_f32" % size, "maximum", "f32", (3, size), [1], g,
                                 atol=0, rtol=0))
    cases += [
        reduce_case("reduce_sum_row769_f64", "add", "f64", (3, 769), [1], g, atol=1e-12,
                    rtol=1e-12),
        reduce_case("reduce_min_row767_f64", "minimum", "f64", (3, 767), [1], g, atol=0, rtol=0),
        reduce_case("reduce_sum_row769_i32", "add", "i32", (3, 769), [1], g, low=-1000,
                    high=1000),
        reduce_case("reduce_max_row17_i32", "maximum", "i32", (4, 17), [1], g),
        reduce_case("reduce_min_row767_i32", "minimum", "i32", (4, 767), [1], g),
        reduce_case("reduce_max_row769_f16", "maximum", "f16", (3, 769), [1], g, atol=0, rtol=0),
        reduce_case("reduce_sum_dynamic_row769_f32", "add", "f32", (3, 769), [1], g, atol=1e-4,
                    rtol=1e-4, low=-1.0, high=1.0, dynamic=True),
        reduce_case("reduce_max_dynamic_row17_f32", "maximum", "f32", (4, 17), [1], g, atol=0,
                    rtol=0, dynamic=True),
        reduce_case("reduce_min_dynamic_row15_f32", "minimum", "f32", (2, 15), [1], g, atol=0,
                    rtol=0, dynamic=True),
    ]
    exact_f16 = reduce_case("reduce_sum_row767_f16", "add", "f16", (3, 767), [1], g, atol=0,
                            rtol=0)
    exact_f16.inputs = [small_integers(g, (3, 767), "f16", np.arange(-4, 5) / 4)]
    cases.append(exact_f16)
    # Each step rounds to f16 in the program: the sum of 769 values in
    # [0, 1), about 384, is held to eight f16 ulps (0.25 there) of the exact
    # one.
    cases.append(reduce_case("reduce_sum_row769_f16", "add", "f16", (3, 769), [1], g, atol=2.0,
                             rtol=0, low=0.0, high=1.0))
    cases.append(reduce_case("reduce_min_dynamic_row769_f16", "minimum", "f16", (3, 769), [1], g,
                             atol=0, rtol=0, dynamic=True))

    # NaN anywhere in a row, in the unrolled part or the masked tail, wins.
    for op, numpy_op in (("maximum", np.max), ("minimum", np.min)):
        for size in (17, 769):
            x = random_array(g, (4, size), "f32")
            x[1, 3] = np.nan
            x[2, size - 1] = np.nan
            case = reduce_case("reduce_%s_nan_row%d_f32" % (op, size), op, "f32", (4, size), [1], g,
                               atol=0, rtol=0)
            case.inputs = [x]
            case.reference = lambda x, numpy_op=numpy_op: numpy_op(x, axis=1)
            cases.append(case)
    cases += [signed_zero_case("maximum", 769), signed_zero_case("minimum", 767),
              bf16_sum_case(769)]
    return cases


def vector_column_cases():
    """Reductions into columns that disc-cpu-vectorize-rows keeps in vector
    registers over the reduction: column counts around a vector and a block
    of vectors, whole, chunked for the cores or not, static and dynamic."""
    g = rng(65)
    cases = []
    for columns in (15, 17, 129, 767, 769):
        cases.append(reduce_case("reduce_sum_columns%d_f32" % columns, "add", "f32", (37, columns), [0],
                                 g, atol=1e-4, rtol=1e-4, low=-1.0, high=1.0))
    cases += [
        reduce_case("reduce_max_columns769_f64", "maximum", "f64", (9, 769), [0], g, atol=0, rtol=0),
        reduce_case("reduce_sum_columns767_i32", "add", "i32", (11, 767), [0], g, low=-1000,
                    high=1000),
        reduce_case("reduce_min_columns17_i32", "minimum", "i32", (6, 17), [0], g),
        reduce_case("reduce_sum_dynamic_columns769_f32", "add", "f32", (13, 769), [0], g, atol=1e-4,
                    rtol=1e-4, low=-1.0, high=1.0, dynamic=True),
        reduce_case("reduce_max_dynamic_channels17_f32", "maximum", "f32", (2, 3, 5, 17), [0, 1, 2], g,
                    atol=0, rtol=0, dynamic=True),
        # Enough rows for blocks of rows (disc-cpu-parallel-reductions) and
        # more columns than registers: each block's rows in memory order,
        # its partial sums in memory, the last columns masked.
        reduce_case("reduce_sum_row_blocks769_f32", "add", "f32", (1024, 769), [0], g, atol=1e-3,
                    rtol=1e-4, low=-1.0, high=1.0),
        reduce_case("reduce_max_row_blocks200_i32", "maximum", "i32", (512, 200), [0], g),
        reduce_case("reduce_sum_row_blocks_channels_f64", "add", "f64", (16, 4, 4, 300), [0, 1, 2], g,
                    atol=1e-10, rtol=1e-10),
    ]
    for op, numpy_op in (("maximum", np.max), ("minimum", np.min)):
        for rows in (7, 1024):
            x = random_array(g, (rows, 769), "f32")
            x[3, 5] = np.nan
            x[6, 768] = np.nan
            case = reduce_case("reduce_%s_nan_columns769_rows%d_f32" % (op, rows), op, "f32",
                               (rows, 769), [0], g, atol=0, rtol=0)
            case.inputs = [x]
            case.reference = lambda x, numpy_op=numpy_op: numpy_op(x, axis=0)
            cases.append(case)
    return cases


def signed_zero_case(op, size):
    """max(-0, +0) is +0 and min(-0, +0) is -0 wherever the +0 or -0 is in
    the row; the program returns 1/result, which tells them apart."""
    wins, loses = (0.0, -0.0) if op == "maximum" else (-0.0, 0.0)
    x = np.full((4, size), loses, np.float32)
    x[1, 0] = wins
    x[2, size - 1] = wins
    x[3, size // 2] = wins
    in_type, out_type = tensor_type((4, size), "f32"), tensor_type((4,), "f32")
    mlir = jax_module([("x", in_type)], [(out_type, "result")], [
        "%%cst = stablehlo.constant dense<%s> : tensor<f32>" % INIT[(op, "f32")],
        "%%0 = stablehlo.reduce(%%arg0 init: %%cst) applies stablehlo.%s across dimensions = [1] : "
        "(%s, tensor<f32>) -> %s" % (op, in_type, out_type),
        "%%one = stablehlo.constant dense<1.000000e+00> : %s" % out_type,
        "%%1 = stablehlo.divide %%one, %%0 : %s" % out_type,
        "return %%1 : %s" % out_type])
    signs = np.array([loses, wins, wins, wins], np.float32)
    with np.errstate(divide="ignore"):
        expected = np.float32(1.0) / signs
    return Case("reduce_%s_signed_zero_row%d_f32" % (op, size), mlir, [x], lambda x: expected,
                atol=0, rtol=0)


def bf16_sum_case(size):
    """A bf16 row sum, its f32 input converted in the program; integers of
    magnitude up to 256 make every partial sum exact."""
    g = rng(64)
    x = small_integers(g, (4, size), "f32", [-1.0, 0.0, 1.0])
    in_type, out_type = tensor_type((4, size), "f32"), tensor_type((4,), "f32")
    narrow_in, narrow_out = tensor_type((4, size), "bf16"), tensor_type((4,), "bf16")
    mlir = jax_module([("x", in_type)], [(out_type, "result")], [
        "%%0 = stablehlo.convert %%arg0 : (%s) -> %s" % (in_type, narrow_in),
        "%cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>",
        "%%1 = stablehlo.reduce(%%0 init: %%cst) applies stablehlo.add across dimensions = [1] : "
        "(%s, tensor<bf16>) -> %s" % (narrow_in, narrow_out),
        "%%2 = stablehlo.convert %%1 : (%s) -> %s" % (narrow_out, out_type),
        "return %%2 : %s" % out_type])
    return Case("reduce_sum_row%d_bf16" % size, mlir, [x], lambda x: x.sum(axis=1),
                atol=0, rtol=0)


def mean_case():
    g = rng(61)
    x = random_array(g, (4, 6), "f32")
    mlir = jax_module([("x", "tensor<4x6xf32>")], [("tensor<4xf32>", "result")], [
        "%cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
        "%0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : "
        "(tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>",
        "%cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>",
        "%1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>",
        "%2 = stablehlo.divide %0, %1 : tensor<4xf32>",
        "return %2 : tensor<4xf32>"])
    return Case("reduce_mean_f32", mlir, [x], lambda x: x.mean(axis=1, dtype=np.float64).astype(np.float32))


def argmax_case(name, x, dim):
    """jnp.argmax as JAX lowers it: a reduce of (value, iota index) pairs that
    keeps the larger value (NaN wins) and, on ties, the smaller index."""
    shape = x.shape
    out_shape = tuple(s for i, s in enumerate(shape) if i != dim)
    in_type, idx_type = tensor_type(shape, "f32"), tensor_type(shape, "i32")
    out_type, out_idx_type = tensor_type(out_shape, "f32"), tensor_type(out_shape, "i32")
    mlir = jax_module([("x", in_type)], [(out_type, "[0]"), (out_idx_type, "[1]")], [
        "%%0 = stablehlo.iota dim = %d : %s" % (dim, idx_type),
        "%cst = stablehlo.constant dense<0xFF800000> : tensor<f32>",
        "%c = stablehlo.constant dense<0> : tensor<i32>",
        "%%1:2 = stablehlo.reduce(%%arg0 init: %%cst), (%%0 init: %%c) across dimensions = [%d] : "
        "(%s, %s, tensor<f32>, tensor<i32>) -> (%s, %s)" % (dim, in_type, idx_type, out_type, out_idx_type),
        " reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {",
        "  %2 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "  %3 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "  %4 = stablehlo.or %2, %3 : tensor<i1>",
        "  %5 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "  %6 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>",
        "  %7 = stablehlo.and %5, %6 : tensor<i1>",
        "  %8 = stablehlo.or %4, %7 : tensor<i1>",
        "  %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>",
        "  %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>",
        "  stablehlo.return %9, %10 : tensor<f32>, tensor<i32>",
        "}",
        "return %%1#0, %%1#1 : %s, %s" % (out_type, out_idx_type)])
    return Case(name, mlir, [x], lambda x: [np.max(x, axis=dim),
                                            np.argmax(x, axis=dim).astype(np.int32)])


def argmax_cases():
    g = rng(62)
    x = random_array(g, (4, 7), "f32")
    ties = np.array([[1, 3, 3, 0], [2, 2, 2, 2], [-1, -5, 4, 4]], np.float32)
    wide = np.round(random_array(g, (50, 70), "f32"), 1)
    return [argmax_case("argmax_dim1_f32", x, 1), argmax_case("argmax_dim0_f32", x, 0),
            argmax_case("argmax_ties_f32", ties, 1),
            argmax_case("argmax_columns_ties_f32", wide, 0)]


run(basic_cases() + vector_row_cases() + vector_column_cases() + [mean_case()] + argmax_cases())
