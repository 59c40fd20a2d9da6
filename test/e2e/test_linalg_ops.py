"""triangular_solve (every side, triangle, transpose and unit diagonal, with
batch dimensions, real and complex), cholesky (lower and upper, batched, real
and complex Hermitian, and a matrix that is not positive definite), batch_norm_inference/training/grad,
reduce_precision and bitcast_convert to and from i1, each against a numpy
reference: solves through numpy.linalg.solve on the triangle the op reads,
cholesky through numpy.linalg.cholesky, batch norm from its formula,
reduce_precision on the bits as the spec rounds. The same solves and
factorizations also come as JAX's CPU LAPACK custom calls (lapack_?trsm_ffi,
lapack_?potrf_ffi with its info result, masked as jax.numpy.linalg.cholesky
masks it; complex ones as JAX 0.10.2 printed them, lapack_?potrf_ffi of
complex64 and complex128)."""

import itertools

import numpy as np

from e2e import Case, dtype_token, jax_module, jax_printed, random_array, rng, run, tensor_type


def well_conditioned_triangles(g, shape, element):
    """Random matrices whose diagonal is far from zero, so that either
    triangle is well conditioned; the other triangle holds values too, which
    the op must not read."""
    a = random_array(g, shape, element, -1.0, 1.0)
    n = shape[-1]
    diagonal = g.uniform(2.0, 4.0, size=shape[:-1])
    if np.iscomplexobj(a):
        diagonal = diagonal * np.exp(1j * g.uniform(-np.pi, np.pi, size=shape[:-1]))
    a[..., np.arange(n), np.arange(n)] = diagonal.astype(a.dtype)
    return a


def reference_triangular_solve(a, b, left_side, lower, unit_diagonal, transpose,
                               conjugate=False):
    """transpose: op(a) is a's transpose; conjugate: its conjugate transpose
    (ADJOINT, which on real numbers is the transpose)."""
    triangle = np.tril(a) if lower else np.triu(a)
    if unit_diagonal:
        n = a.shape[-1]
        triangle[..., np.arange(n), np.arange(n)] = 1
    op_a = np.swapaxes(triangle, -1, -2) if transpose else triangle
    if conjugate:
        op_a = np.conj(op_a)
    wide = np.complex128 if np.iscomplexobj(a) else np.float64
    wide_a, wide_b = op_a.astype(wide), b.astype(wide)
    if left_side:
        x = np.linalg.solve(wide_a, wide_b)
    else:
        # x op(a) = b is op(a)^T x^T = b^T.
        x = np.swapaxes(np.linalg.solve(np.swapaxes(wide_a, -1, -2), np.swapaxes(wide_b, -1, -2)),
                        -1, -2)
    return x.astype(b.dtype)


COMPLEX_NAMES = {"complex<f32>": "c64", "complex<f64>": "c128"}


def type_of(shape, element, dynamic):
    return tensor_type((-1,) * len(shape) if dynamic else shape, element)


def triangular_solve_case(g, batch, n, k, element, left_side, lower, unit_diagonal, transpose,
                          dynamic=False):
    a = well_conditioned_triangles(g, batch + (n, n), element)
    b_shape = batch + ((n, k) if left_side else (k, n))
    b = random_array(g, b_shape, element)
    a_type, b_type = type_of(a.shape, element, dynamic), type_of(b_shape, element, dynamic)
    flag = lambda value: "true" if value else "false"
    mlir = jax_module([("a", a_type), ("b", b_type)], [(b_type, "result")], [
        '%%0 = "stablehlo.triangular_solve"(%%arg0, %%arg1) {left_side = %s, lower = %s, '
        'unit_diagonal = %s, transpose_a = #stablehlo<transpose %s>} : (%s, %s) -> %s'
        % (flag(left_side), flag(lower), flag(unit_diagonal), transpose, a_type, b_type, b_type),
        "return %%0 : %s" % b_type])
    name = "triangular_solve_%s_%s_%s%s_%s_%s%s" % (
        "left" if left_side else "right", "lower" if lower else "upper", transpose.lower(),
        "_unit" if unit_diagonal else "", "x".join(map(str, batch + (n, k))),
        COMPLEX_NAMES.get(element, element), "_dynamic" if dynamic else "")
    expected = reference_triangular_solve(a, b, left_side, lower, unit_diagonal,
                                          transpose != "NO_TRANSPOSE",
                                          conjugate=transpose == "ADJOINT")
    tolerance = 1e-4 if element in ("f32", "complex<f32>") else 1e-10
    return Case(name, mlir, [a, b], lambda *args: expected, atol=tolerance, rtol=tolerance)


def cholesky_case(name, a, lower, expected, dynamic=False):
    a_type = type_of(a.shape, dtype_token(a.dtype), dynamic)
    mlir = jax_module([("a", a_type)], [(a_type, "result")], [
        "%%0 = stablehlo.cholesky %%arg0, lower = %s : %s" % ("true" if lower else "false", a_type),
        "return %%0 : %s" % a_type])
    tolerance = 1e-4 if a.dtype in (np.float32, np.complex64) else 1e-10
    return Case(name, mlir, [a], lambda *args: expected, atol=tolerance, rtol=tolerance)


def positive_definite(g, batch, n, dtype):
    """m m^H + n I: Hermitian (symmetric when real) and positive definite."""
    m = g.uniform(-1.0, 1.0, size=batch + (n, n))
    if np.issubdtype(dtype, np.complexfloating):
        m = m + 1j * g.uniform(-1.0, 1.0, size=batch + (n, n))
    return (m @ np.conj(np.swapaxes(m, -1, -2)) + n * np.eye(n)).astype(dtype)


def adjoint(a):
    return np.conj(np.swapaxes(a, -1, -2))


def cholesky_cases(g):
    cases = []
    # The last two take more columns than one block of 32.
    # The last two take more columns than one block of 32; complex matrices
    # are Hermitian, the upper factor the adjoint of the lower one.
    for batch, n, dtype, lower in [((), 5, np.float32, True), ((3,), 7, np.float64, True),
                                   ((2, 2), 4, np.float32, False), ((), 33, np.float64, False),
                                   ((2,), 150, np.float64, True), ((), 130, np.float32, False),
                                   ((), 5, np.complex64, True), ((3,), 7, np.complex128, False),
                                   ((2,), 70, np.complex128, True), ((), 40, np.complex64, False)]:
        a = positive_definite(g, batch, n, dtype)
        wide = np.complex128 if np.issubdtype(dtype, np.complexfloating) else np.float64
        factor = np.linalg.cholesky(a.astype(wide))
        expected = (factor if lower else adjoint(factor)).astype(dtype)
        # Only the triangle named by `lower` is read: garbage in the other.
        a_input = a.copy()
        garbage = random_array(g, a.shape, dtype_token(dtype), -9.0, 9.0)
        strict = np.triu(np.ones((n, n), bool), 1)
        a_input[..., strict if lower else strict.T] = garbage[..., strict if lower else strict.T]
        cases.append(cholesky_case(
            "cholesky_%s_%s_%s" % ("lower" if lower else "upper",
                                   "x".join(map(str, batch + (n, n))), np.dtype(dtype).name),
            a_input, lower, expected))
    # The second matrix is not positive definite: all of it is NaN, as XLA
    # returns (a complex one NaN in both parts); the first is unaffected.
    a = np.stack([np.array([[4.0, 2.0], [2.0, 5.0]]), np.array([[1.0, 2.0], [2.0, 1.0]])])
    expected = np.stack([np.array([[2.0, 0.0], [1.0, 2.0]]), np.full((2, 2), np.nan)])
    cases.append(cholesky_case("cholesky_not_positive_definite_f32", a.astype(np.float32), True,
                               expected.astype(np.float32)))
    hermitian = a + np.array([[0, 1j], [-1j, 0]])
    expected = np.stack([np.linalg.cholesky(hermitian[0]),
                         np.full((2, 2), complex(np.nan, np.nan))])
    cases.append(cholesky_case("cholesky_not_positive_definite_c128", hermitian, True, expected))
    # Every dimension known only at run time.
    for n in [6, 100]:
        a = positive_definite(g, (2,), n, np.float32)
        cases.append(cholesky_case("cholesky_lower_2x%dx%d_float32_dynamic" % (n, n), a, True,
                                   np.linalg.cholesky(a.astype(np.float64)).astype(np.float32),
                                   dynamic=True))
    return cases


def per_feature_shape(ndim, feature_index):
    shape = [1] * ndim
    shape[feature_index] = -1
    return shape


def reference_batch_norm_training(x, scale, offset, epsilon, feature_index):
    axes = tuple(d for d in range(x.ndim) if d != feature_index)
    wide = x.astype(np.float64)
    mean = wide.mean(axis=axes)
    variance = wide.var(axis=axes)
    shape = per_feature_shape(x.ndim, feature_index)
    output = ((wide - mean.reshape(shape)) / np.sqrt(variance.reshape(shape) + epsilon)
              * scale.reshape(shape) + offset.reshape(shape))
    return [output.astype(x.dtype), mean.astype(x.dtype), variance.astype(x.dtype)]


def reference_batch_norm_grad(x, scale, mean, variance, dy, epsilon, feature_index):
    """The spec's formulas, in float64."""
    axes = tuple(d for d in range(x.ndim) if d != feature_index)
    shape = per_feature_shape(x.ndim, feature_index)
    dtype = x.dtype
    x, dy = x.astype(np.float64), dy.astype(np.float64)
    mean, variance = mean.astype(np.float64).reshape(shape), variance.astype(np.float64).reshape(shape)
    count = x.size // x.shape[feature_index]
    centered = x - mean
    stddev = np.sqrt(variance + epsilon)
    grad_offset = dy.sum(axis=axes)
    grad_scale = (dy * centered / stddev).sum(axis=axes)
    i6 = (dy * count - grad_offset.reshape(shape)
          - centered * (dy * centered).sum(axis=axes).reshape(shape) / (variance + epsilon))
    grad_operand = scale.astype(np.float64).reshape(shape) / stddev / count * i6
    return [grad_operand.astype(dtype), grad_scale.astype(dtype), grad_offset.astype(dtype)]


def batch_norm_cases(g):
    cases = []
    epsilon = 1e-3
    for shape, feature_index, element in [((4, 3, 5, 5), 1, "f32"), ((8, 6), 1, "f64"),
                                          ((2, 5, 7, 3), 3, "f32")]:
        features = shape[feature_index]
        x_type, v_type = tensor_type(shape, element), tensor_type((features,), element)
        attrs = "{epsilon = %s : f32, feature_index = %d : i64}" % (epsilon, feature_index)
        x = random_array(g, shape, element, -3.0, 5.0)
        scale = random_array(g, (features,), element, 0.5, 2.0)
        offset = random_array(g, (features,), element)
        mean = random_array(g, (features,), element, -1.0, 1.0)
        variance = random_array(g, (features,), element, 0.5, 2.0)
        dy = random_array(g, shape, element)
        suffix = "%s_%s" % ("x".join(map(str, shape)), element)
        tolerance = 1e-4 if element == "f32" else 1e-10

        axes_shape = per_feature_shape(len(shape), feature_index)
        inference = ((x.astype(np.float64) - mean.reshape(axes_shape))
                     / np.sqrt(variance.reshape(axes_shape).astype(np.float64) + epsilon)
                     * scale.reshape(axes_shape) + offset.reshape(axes_shape)).astype(x.dtype)
        cases.append(Case("batch_norm_inference_" + suffix, jax_module(
            [("x", x_type), ("scale", v_type), ("offset", v_type), ("mean", v_type),
             ("variance", v_type)], [(x_type, "result")], [
                '%%0 = "stablehlo.batch_norm_inference"(%%arg0, %%arg1, %%arg2, %%arg3, %%arg4) '
                '%s : (%s, %s, %s, %s, %s) -> %s'
                % (attrs, x_type, v_type, v_type, v_type, v_type, x_type),
                "return %%0 : %s" % x_type]),
            [x, scale, offset, mean, variance], lambda *args, r=inference: r,
            atol=tolerance, rtol=tolerance))

        training = reference_batch_norm_training(x, scale, offset, epsilon, feature_index)
        cases.append(Case("batch_norm_training_" + suffix, jax_module(
            [("x", x_type), ("scale", v_type), ("offset", v_type)],
            [(x_type, "[0]"), (v_type, "[1]"), (v_type, "[2]")], [
                '%%0:3 = "stablehlo.batch_norm_training"(%%arg0, %%arg1, %%arg2) '
                '%s : (%s, %s, %s) -> (%s, %s, %s)'
                % (attrs, x_type, v_type, v_type, x_type, v_type, v_type),
                "return %%0#0, %%0#1, %%0#2 : %s, %s, %s" % (x_type, v_type, v_type)]),
            [x, scale, offset], lambda *args, r=training: r, atol=tolerance, rtol=tolerance))

        grad = reference_batch_norm_grad(x, scale, mean, variance, dy, epsilon, feature_index)
        cases.append(Case("batch_norm_grad_" + suffix, jax_module(
            [("x", x_type), ("scale", v_type), ("mean", v_type), ("variance", v_type),
             ("dy", x_type)],
            [(x_type, "[0]"), (v_type, "[1]"), (v_type, "[2]")], [
                '%%0:3 = "stablehlo.batch_norm_grad"(%%arg0, %%arg1, %%arg2, %%arg3, %%arg4) '
                '%s : (%s, %s, %s, %s, %s) -> (%s, %s, %s)'
                % (attrs, x_type, v_type, v_type, v_type, x_type, x_type, v_type, v_type),
                "return %%0#0, %%0#1, %%0#2 : %s, %s, %s" % (x_type, v_type, v_type)]),
            [x, scale, mean, variance, dy], lambda *args, r=grad: r,
            atol=10 * tolerance, rtol=10 * tolerance))
    return cases


FLOAT_LAYOUT = {np.dtype(np.float32): (np.uint32, 23, 8), np.dtype(np.float64): (np.uint64, 52, 11),
                np.dtype(np.float16): (np.uint16, 10, 5)}


def reference_reduce_precision(x, exponent_bits, mantissa_bits):
    """The spec's reduce_precision, element by element on Python integers:
    round to nearest even at `mantissa_bits`, then infinity above the largest
    exponent and signed zero at or below the smallest normal one; NaN stays
    NaN (infinity when no mantissa bit is left to hold it)."""
    bits_type, src_mantissa, src_exponent = FLOAT_LAYOUT[x.dtype]
    width = x.dtype.itemsize * 8
    result = []
    for value, bits in zip(x.ravel(), x.ravel().view(bits_type)):
        bits = int(bits)
        if np.isnan(value):
            result.append(value if mantissa_bits > 0 else np.copysign(np.inf, 1.0))
            continue
        if mantissa_bits < src_mantissa:
            dropped = src_mantissa - mantissa_bits
            half = 1 << (dropped - 1)
            kept_odd = (bits >> dropped) & 1
            bits = ((bits + half - 1 + kept_odd) >> dropped << dropped) % (1 << width)
        if exponent_bits < src_exponent:
            bias = (1 << (src_exponent - 1)) - 1
            reduced_bias = (1 << (exponent_bits - 1)) - 1
            exponent = (bits >> src_mantissa) & ((1 << src_exponent) - 1)
            sign = bits & (1 << (width - 1))
            if exponent > bias + reduced_bias:
                bits = sign | (((1 << src_exponent) - 1) << src_mantissa)
            elif exponent <= bias - reduced_bias:
                bits = sign
        result.append(np.array([bits], dtype=bits_type).view(x.dtype)[0])
    return np.array(result, dtype=x.dtype).reshape(x.shape)


def reduce_precision_cases(g):
    cases = []
    specials = {np.float32: [np.inf, -np.inf, np.nan, 0.0, -0.0, 65504.0, 65520.0, 1e-8, -7e-5,
                             6.1e-5, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11, 3.4e38],
                np.float64: [np.inf, np.nan, -0.0, 1e300, 1e-300, 65505.0, 0.1, 1.0 + 2.0 ** -24]}
    for dtype, formats in [(np.float32, [(5, 10), (8, 7), (4, 3), (5, 2), (2, 0)]),
                           (np.float64, [(8, 23), (5, 10), (11, 40), (5, 0)])]:
        element = "f32" if dtype == np.float32 else "f64"
        x = np.concatenate([np.array(specials[dtype], dtype),
                            (g.standard_normal(64) * 10.0 ** g.integers(-8, 8, 64)).astype(dtype)])
        x_type = tensor_type(x.shape, element)
        for exponent_bits, mantissa_bits in formats:
            expected = reference_reduce_precision(x, exponent_bits, mantissa_bits)
            mlir = jax_module([("x", x_type)], [(x_type, "result")], [
                "%%0 = stablehlo.reduce_precision %%arg0, format = e%dm%d : %s"
                % (exponent_bits, mantissa_bits, x_type),
                "return %%0 : %s" % x_type])
            cases.append(Case("reduce_precision_e%dm%d_%s" % (exponent_bits, mantissa_bits, element),
                              mlir, [x], lambda *args, r=expected: r, atol=0, rtol=0))
    return cases


def bitcast_i1_cases(g):
    """Little endian: element k of the i1 side is bit k of the wider element."""
    words = g.integers(0, 2 ** 32, size=(3,), dtype=np.uint64).astype(np.uint32).view(np.int32)
    bits = ((words.view(np.uint32)[:, None] >> np.arange(32, dtype=np.uint32)) & 1).astype(np.bool_)
    to_bits = jax_module([("x", "tensor<3xi32>")], [("tensor<3x32xi1>", "result")], [
        "%0 = stablehlo.bitcast_convert %arg0 : (tensor<3xi32>) -> tensor<3x32xi1>",
        "return %0 : tensor<3x32xi1>"])
    from_bits = jax_module([("x", "tensor<3x32xi1>")], [("tensor<3xf32>", "result")], [
        "%0 = stablehlo.bitcast_convert %arg0 : (tensor<3x32xi1>) -> tensor<3xf32>",
        "return %0 : tensor<3xf32>"])
    return [Case("bitcast_convert_i32_to_i1", to_bits, [words], lambda *args: bits, atol=0),
            Case("bitcast_convert_i1_to_f32", from_bits, [bits], lambda *args: words.view(np.float32),
                 atol=0, rtol=0)]


LAPACK_CHARACTERS = {"left": ord("L"), "right": ord("R"), "lower": ord("L"),
                     "upper": ord("U"), "NO_TRANSPOSE": ord("N"), "TRANSPOSE": ord("T"),
                     "ADJOINT": ord("C"), "unit": ord("U"), "non_unit": ord("N")}


def lapack_trsm_case(g, batch, n, k, element, left_side, lower, unit_diagonal, transpose):
    a = well_conditioned_triangles(g, batch + (n, n), element)
    b_shape = batch + ((n, k) if left_side else (k, n))
    b = random_array(g, b_shape, element)
    a_type, b_type = tensor_type(a.shape, element), tensor_type(b_shape, element)
    options = "diag = %d : ui8, side = %d : ui8, trans_x = %d : ui8, uplo = %d : ui8" % (
        LAPACK_CHARACTERS["unit" if unit_diagonal else "non_unit"],
        LAPACK_CHARACTERS["left" if left_side else "right"], LAPACK_CHARACTERS[transpose],
        LAPACK_CHARACTERS["lower" if lower else "upper"])
    target = "lapack_%strsm_ffi" % ("s" if element == "f32" else "d")
    mlir = jax_module([("a", a_type), ("b", b_type)], [(b_type, "result")], [
        '%%0 = stablehlo.custom_call @%s(%%arg0, %%arg1) {backend_config = "", '
        'mhlo.backend_config = {%s}, mhlo.frontend_attributes = {num_batch_dims = "%d"}, '
        'output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], '
        'operand_index = 1, operand_tuple_indices = []>]} : (%s, %s) -> %s'
        % (target, options, len(batch), a_type, b_type, b_type),
        "return %%0 : %s" % b_type])
    name = "lapack_trsm_%s_%s_%s%s_%s_%s" % (
        "left" if left_side else "right", "lower" if lower else "upper", transpose.lower(),
        "_unit" if unit_diagonal else "", "x".join(map(str, batch + (n, k))), element)
    expected = reference_triangular_solve(a, b, left_side, lower, unit_diagonal,
                                          transpose != "NO_TRANSPOSE")
    tolerance = 1e-4 if element == "f32" else 1e-10
    return Case(name, mlir, [a, b], lambda *args: expected, atol=tolerance, rtol=tolerance)


def lapack_potrf_case(name, a, lower):
    """jax.numpy.linalg.cholesky's program: the factor where info is 0, NaN
    where it is not, and zeros outside the triangle; info comes out too."""
    element = "f64" if a.dtype == np.float64 else "f32"
    batch, n = a.shape[:-2], a.shape[-1]
    a_type = tensor_type(a.shape, element)
    info_type = tensor_type(batch, "i32")
    mask_type = tensor_type(batch + (n, n), "i1")
    batch_dims = ", ".join(str(d) for d in range(len(batch)))
    target = "lapack_%spotrf_ffi" % ("s" if element == "f32" else "d")
    mlir = jax_module([("a", a_type)], [(a_type, "factor"), (info_type, "info")], [
        '%%0:2 = stablehlo.custom_call @%s(%%arg0) {backend_config = "", '
        'mhlo.backend_config = {uplo = %d : ui8}, mhlo.frontend_attributes = '
        '{num_batch_dims = "%d"}, output_operand_aliases = [#stablehlo.output_operand_alias<'
        'output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} '
        ': (%s) -> (%s, %s)' % (target, LAPACK_CHARACTERS["lower" if lower else "upper"],
                                len(batch), a_type, a_type, info_type),
        "%%c = stablehlo.constant dense<0> : %s" % info_type,
        "%%1 = stablehlo.compare EQ, %%0#1, %%c, SIGNED : (%s, %s) -> %s"
        % (info_type, info_type, tensor_type(batch, "i1")),
        "%%2 = stablehlo.broadcast_in_dim %%1, dims = [%s] : (%s) -> %s"
        % (batch_dims, tensor_type(batch, "i1"), mask_type),
        "%%nan = stablehlo.constant dense<%s> : %s"
        % ("0x7FC00000" if element == "f32" else "0x7FF8000000000000", tensor_type((), element)),
        "%%3 = stablehlo.broadcast_in_dim %%nan, dims = [] : (%s) -> %s"
        % (tensor_type((), element), a_type),
        "%%4 = stablehlo.select %%2, %%0#0, %%3 : %s, %s" % (mask_type, a_type),
        "%%rows = stablehlo.iota dim = %d : %s" % (len(batch), tensor_type(a.shape, "i32")),
        "%%cols = stablehlo.iota dim = %d : %s" % (len(batch) + 1, tensor_type(a.shape, "i32")),
        "%%5 = stablehlo.compare %s, %%rows, %%cols, SIGNED : (%s, %s) -> %s"
        % ("GE" if lower else "LE", tensor_type(a.shape, "i32"), tensor_type(a.shape, "i32"),
           mask_type),
        "%%zero = stablehlo.constant dense<0.0> : %s" % a_type,
        "%%6 = stablehlo.select %%5, %%4, %%zero : %s, %s" % (mask_type, a_type),
        "return %%6, %%0#1 : %s, %s" % (a_type, info_type)])
    wide = a.astype(np.float64)
    factor = np.zeros_like(wide)
    info = np.zeros(batch, np.int32)
    for index in np.ndindex(*batch):
        try:
            factor[index] = np.linalg.cholesky(wide[index])
        except np.linalg.LinAlgError:
            factor[index] = np.nan
            info[index] = 1
    triangle = np.tril(np.ones((n, n), bool))
    expected = np.where(triangle if lower else triangle.T,
                        factor if lower else np.swapaxes(factor, -1, -2), 0).astype(a.dtype)
    tolerance = 1e-4 if a.dtype == np.float32 else 1e-10
    return Case(name, mlir, [a], lambda *args: [expected, info], atol=tolerance, rtol=tolerance)


def jax_complex_cholesky_cases(g):
    """data/cholesky_*complex*.mlir: jnp.linalg.cholesky of complex Hermitian
    matrices as JAX 0.10.2 printed them (lapack_cpotrf_ffi and
    lapack_zpotrf_ffi, the input made Hermitian first, the factor masked by
    info; upper=True the adjoint of the lower factor); one matrix of the
    batch is not positive definite, so all of its factor is NaN."""
    a = positive_definite(g, (), 40, np.complex64)
    b = positive_definite(g, (3,), 6, np.complex128)
    b[1] -= 20 * np.eye(6)

    def upper(b):
        factors = []
        for matrix in b:
            try:
                factors.append(adjoint(np.linalg.cholesky(matrix)))
            except np.linalg.LinAlgError:
                factors.append(np.triu(np.full((6, 6), complex(np.nan, np.nan))))
        return np.stack(factors)
    return [
        Case("jax_cholesky_complex64", jax_printed("cholesky_complex64.mlir"), [a],
             lambda a: np.linalg.cholesky(a.astype(np.complex128)).astype(np.complex64),
             atol=1e-4, rtol=1e-4),
        Case("jax_cholesky_upper_complex128", jax_printed("cholesky_upper_complex128.mlir"),
             [b], upper, atol=1e-10, rtol=1e-10),
    ]


def lapack_cases(g):
    cases = [lapack_trsm_case(g, (), 6, 3, "f32", left_side, lower, unit, transpose)
             for left_side, lower, transpose, unit in [
                 (True, True, "NO_TRANSPOSE", False), (True, False, "TRANSPOSE", True),
                 (False, True, "ADJOINT", False), (False, False, "NO_TRANSPOSE", True)]]
    cases.append(lapack_trsm_case(g, (2,), 5, 4, "f64", True, False, False, "TRANSPOSE"))
    cases.append(lapack_potrf_case("lapack_potrf_lower_5x5_float32",
                                   positive_definite(g, (), 5, np.float32), True))
    cases.append(lapack_potrf_case("lapack_potrf_upper_3x4x4_float64",
                                   positive_definite(g, (3,), 4, np.float64), False))
    not_positive_definite = np.stack([np.array([[4.0, 2.0], [2.0, 5.0]]),
                                      np.array([[1.0, 2.0], [2.0, 1.0]])]).astype(np.float32)
    cases.append(lapack_potrf_case("lapack_potrf_not_positive_definite_f32",
                                   not_positive_definite, True))
    lu = jax_module([("a", "tensor<3x3xf32>")], [("tensor<3x3xf32>", "lu")], [
        '%0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = ""} : '
        "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>)",
        "return %0#0 : tensor<3x3xf32>"])
    cases.append(Case("lapack_getrf_unsupported", lu, expect="compile_error",
                      stderr_patterns=[r"lapack_getrf_unsupported\.mlir:\d+:\d+: error: "
                                       r"stablehlo\.custom_call @lapack_sgetrf_ffi: the LAPACK "
                                       r"routine getrf is not supported by disc yet"],
                      max_stderr_lines=3))
    return cases


def cases():
    g = rng(131)
    solves = []
    for left_side, lower, transpose, unit in itertools.product(
            [True, False], [True, False], ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"], [False, True]):
        if transpose == "ADJOINT" and unit:
            continue
        solves.append(triangular_solve_case(g, (), 6, 3, "f32", left_side, lower, unit, transpose))
    solves += [
        triangular_solve_case(g, (2, 3), 5, 4, "f64", True, True, False, "NO_TRANSPOSE"),
        triangular_solve_case(g, (4,), 9, 2, "f64", False, False, False, "TRANSPOSE"),
        triangular_solve_case(g, (), 40, 17, "f32", True, False, False, "NO_TRANSPOSE"),
        triangular_solve_case(g, (3,), 7, 1, "f32", False, True, True, "ADJOINT"),
        triangular_solve_case(g, (2,), 5, 3, "f32", False, False, False, "TRANSPOSE", dynamic=True),
        # More rows than one block of 32, the last block partial.
        triangular_solve_case(g, (2,), 150, 20, "f64", True, True, False, "NO_TRANSPOSE"),
        triangular_solve_case(g, (), 130, 9, "f64", True, True, False, "TRANSPOSE"),
        triangular_solve_case(g, (), 140, 6, "f64", False, False, False, "NO_TRANSPOSE"),
        triangular_solve_case(g, (), 70, 4, "f32", False, True, False, "ADJOINT"),
        triangular_solve_case(g, (2,), 129, 5, "f64", True, False, True, "NO_TRANSPOSE",
                              dynamic=True),
    ]
    real = (solves + cholesky_cases(g) + batch_norm_cases(g) + reduce_precision_cases(g)
            + bitcast_i1_cases(g) + lapack_cases(g))
    # Complex: ADJOINT conjugates; 40 and 70 rows take the blocked product.
    complex_solves = [
        triangular_solve_case(g, (), 6, 3, "complex<f32>", True, True, False, "NO_TRANSPOSE"),
        triangular_solve_case(g, (), 6, 3, "complex<f32>", True, False, False, "ADJOINT"),
        triangular_solve_case(g, (), 6, 2, "complex<f32>", False, True, False, "ADJOINT"),
        triangular_solve_case(g, (), 6, 2, "complex<f32>", False, False, True, "TRANSPOSE"),
        triangular_solve_case(g, (2,), 40, 5, "complex<f64>", True, True, False, "ADJOINT"),
        triangular_solve_case(g, (), 70, 3, "complex<f64>", False, False, False,
                              "NO_TRANSPOSE"),
    ]
    return real + complex_solves + jax_complex_cholesky_cases(g)


run(cases())
