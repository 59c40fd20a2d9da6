"""stablehlo.fft (FFT, IFFT, RFFT, IRFFT) on 1 to 3 dimensions, batched and
not, f32 and f64, static and dynamic dimensions, against numpy.fft computed
in double precision."""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type

COMPLEX_OF = {"f32": "complex<f32>", "f64": "complex<f64>"}
# Sums of n terms of values up to 4: absolute errors grow with the length.
TOLERANCE = {"f32": (2e-4, 1e-4), "f64": (1e-10, 1e-10)}
# (shape of the real side, transformed dimensions)
SHAPES = [((8,), 1), ((7,), 1), ((3, 16), 1), ((2, 3, 10), 1),
          ((4, 6), 2), ((5, 4, 6), 2), ((2, 3, 4), 3), ((3, 2, 5, 4), 3)]


def reference(fft_type, axes, lengths, dtype):
    def compute(x):
        wide = x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
        if fft_type == "FFT":
            result = np.fft.fftn(wide, axes=axes)
        elif fft_type == "IFFT":
            result = np.fft.ifftn(wide, axes=axes)
        elif fft_type == "RFFT":
            result = np.fft.rfftn(wide, axes=axes)
        else:
            result = np.fft.irfftn(wide, s=lengths, axes=axes)
        return result.astype(dtype)
    return compute


def half_spectrum(shape):
    return shape[:-1] + (shape[-1] // 2 + 1,)


def fft_case(g, fft_type, part, shape, rank):
    complex_type = COMPLEX_OF[part]
    lengths = list(shape[-rank:])
    axes = list(range(len(shape) - rank, len(shape)))
    if fft_type in ("FFT", "IFFT"):
        in_shape, in_element = shape, complex_type
        out_shape, out_element = shape, complex_type
    elif fft_type == "RFFT":
        in_shape, in_element = shape, part
        out_shape, out_element = half_spectrum(shape), complex_type
    else:
        in_shape, in_element = half_spectrum(shape), complex_type
        out_shape, out_element = shape, part
    in_type = tensor_type(in_shape, in_element)
    out_type = tensor_type(out_shape, out_element)
    mlir = jax_module(
        [("x", in_type)], [(out_type, "result")],
        ["%%0 = stablehlo.fft %%arg0, type = %s, length = [%s] : (%s) -> %s"
         % (fft_type, ", ".join(map(str, lengths)), in_type, out_type),
         "return %%0 : %s" % out_type])
    x = random_array(g, in_shape, in_element)
    if fft_type == "IRFFT":
        # The half spectrum of a real signal, as IRFFT's users pass it.
        x = np.ascontiguousarray(np.fft.rfftn(
            random_array(g, shape, part).astype(np.float64), axes=axes).astype(x.dtype))
    atol, rtol = TOLERANCE[part]
    size = int(np.prod(lengths))
    name = "%s_%s_%s" % (fft_type.lower(), part, "x".join(map(str, shape)) + "_d%d" % rank)
    out_dtype = np.complex64 if out_element == "complex<f32>" else (
        np.complex128 if out_element == "complex<f64>" else np.dtype(
            np.float32 if part == "f32" else np.float64))
    return Case(name, mlir, [x], reference(fft_type, axes, lengths, out_dtype),
                atol=atol * size, rtol=rtol)


def transform_cases():
    g = rng(140)
    return [fft_case(g, fft_type, part, shape, rank)
            for fft_type in ("FFT", "IFFT", "RFFT", "IRFFT")
            for part in ("f32", "f64")
            for shape, rank in SHAPES]


def in_context_cases():
    """fft between other ops, as JAX programs use it: a spectrum's magnitude
    (jnp.abs(jnp.fft.rfft(x))), and a round trip over a transposed operand
    (jnp.fft.ifft2(jnp.fft.fft2(x.T)))."""
    g = rng(141)
    x = random_array(g, (4, 16), "f32")
    in_type, spectrum_type = tensor_type((4, 16), "f32"), tensor_type((4, 9), "complex<f32>")
    magnitude_type = tensor_type((4, 9), "f32")
    magnitude = jax_module(
        [("x", in_type)], [(magnitude_type, "result")],
        ["%%0 = stablehlo.fft %%arg0, type = RFFT, length = [16] : (%s) -> %s"
         % (in_type, spectrum_type),
         "%%1 = stablehlo.abs %%0 : (%s) -> %s" % (spectrum_type, magnitude_type),
         "return %%1 : %s" % magnitude_type])
    z = random_array(g, (6, 5), "complex<f64>")
    z_type, t_type = tensor_type((6, 5), "complex<f64>"), tensor_type((5, 6), "complex<f64>")
    round_trip = jax_module(
        [("z", z_type)], [(t_type, "result")],
        ["%%0 = stablehlo.transpose %%arg0, dims = [1, 0] : (%s) -> %s" % (z_type, t_type),
         "%%1 = stablehlo.fft %%0, type = FFT, length = [5, 6] : (%s) -> %s" % (t_type, t_type),
         "%%2 = stablehlo.fft %%1, type = IFFT, length = [5, 6] : (%s) -> %s" % (t_type, t_type),
         "return %%2 : %s" % t_type])
    return [
        Case("rfft_magnitude", magnitude, [x],
             lambda x: np.abs(np.fft.rfft(x.astype(np.float64))).astype(np.float32),
             atol=4e-3, rtol=1e-4),
        Case("fft_round_trip_transposed", round_trip, [z], lambda z: z.T.copy(),
             atol=1e-12, rtol=1e-12),
    ]


def dynamic_program(fft_type, lengths, in_type, out_type):
    return jax_module(
        [("x", in_type)], [(out_type, "result")],
        ["%%0 = stablehlo.fft %%arg0, type = %s, length = [%s] : (%s) -> %s"
         % (fft_type, ", ".join(map(str, lengths)), in_type, out_type),
         "return %%0 : %s" % out_type])


def dynamic_cases():
    """One compiled program per transform, run at two sizes of its dynamic
    dimensions: batch dimensions (folded into the runtime's batch, several
    at once), and transformed ones, which fft_length fixes."""
    g = rng(142)
    c64 = "complex<f32>"
    rfft_rows = dynamic_program("RFFT", [16], "tensor<?x16xf32>", "tensor<?x9xcomplex<f32>>")
    fft2_batches = dynamic_program("FFT", [4, 6], "tensor<?x?x4x6xcomplex<f32>>",
                                   "tensor<?x?x4x6xcomplex<f32>>")
    ifft_all_dynamic = dynamic_program("IFFT", [8], "tensor<?x?xcomplex<f64>>",
                                       "tensor<?x?xcomplex<f64>>")
    irfft_unbatched = dynamic_program("IRFFT", [10], "tensor<?xcomplex<f32>>", "tensor<?xf32>")
    cases = []
    for rows in (1, 6):
        x = random_array(g, (rows, 16), "f32")
        cases.append(Case("dynamic_rfft_rows%d" % rows, rfft_rows, [x],
                          reference("RFFT", [1], [16], np.complex64), atol=2e-4 * 16, rtol=1e-4))
    for batches in ((2, 3), (1, 5)):
        x = random_array(g, batches + (4, 6), c64)
        cases.append(Case("dynamic_fft2_%dx%d" % batches, fft2_batches, [x],
                          reference("FFT", [2, 3], [4, 6], np.complex64),
                          atol=2e-4 * 24, rtol=1e-4))
    for rows in (3, 7):
        x = random_array(g, (rows, 8), "complex<f64>")
        cases.append(Case("dynamic_ifft_all_dims_rows%d" % rows, ifft_all_dynamic, [x],
                          reference("IFFT", [1], [8], np.complex128), atol=1e-9, rtol=1e-10))
    spectrum = np.fft.rfft(random_array(g, (10,), "f32").astype(np.float64)).astype(np.complex64)
    cases.append(Case("dynamic_irfft_unbatched", irfft_unbatched, [spectrum],
                      reference("IRFFT", [0], [10], np.float32), atol=2e-4 * 10, rtol=1e-4))
    # A size the program cannot take: a static dimension is checked when the
    # inputs are bound, a dynamic transformed one by the runtime's transform.
    cases.append(Case("dynamic_rfft_static_dim_mismatch", rfft_rows,
                      [random_array(g, (3, 15), "f32")], expect="run_error",
                      stderr_patterns=[r"^ral-run: error: ", r"'x'|\bx\b", r"(?<![0-9])3x15",
                                       r"\?x16|-1x16"]))
    cases.append(Case("dynamic_ifft_length_mismatch", ifft_all_dynamic,
                      [random_array(g, (3, 7), "complex<f64>")], expect="run_error",
                      stderr_patterns=[r"^ral-run: error: ", r"ral_ifft", r"3x7", r"3x8"]))
    return cases


if __name__ == "__main__":
    run(transform_cases() + in_context_cases() + dynamic_cases())
