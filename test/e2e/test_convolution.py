"""convolution: NHWC and NCHW layouts, strides, padding, lhs/rhs dilation,
window reversal, feature groups (grouped and depthwise), 1-D and 2-D, filters
that are constants of the program (blobs, as torch-mlir prints weights);
complex64 and complex128, and a complex lax.conv_general_dilated as JAX
0.10.2 printed it (three real convolutions).

With `--hlo-pass disc-convolution-to-gemm` (ctest e2e.convolution_as_gemm)
every case is compiled through the im2col + matmul rewrite that the CUDA
target makes, on the CPU: each f32/f16 case without groups must come out of
the pass as a linalg.matmul, every other case as the convolution it was."""

import itertools

import numpy as np

from e2e import Case, jax_module, jax_printed, np_dtype, random_array, rng, run, tensor_type


def conv_reference(lhs, rhs, layouts, strides, padding, lhs_dilation, rhs_dilation, groups, dtype,
                   reverse=None):
    """Direct convolution in float64 (complex128 for complex numbers, int64
    for integers) in canonical (batch, spatial..., feature) / (spatial...,
    in, out) order."""
    lhs_layout, rhs_layout, out_layout = layouts
    spatial = len(strides)
    lhs_order = ["b"] + [str(i) for i in range(spatial)] + ["f"]
    rhs_order = [str(i) for i in range(spatial)] + ["i", "o"]
    wide = {"f": np.float64, "c": np.complex128}.get(np.dtype(dtype).kind, np.int64)
    x = lhs.transpose([lhs_layout.index(c) for c in lhs_order]).astype(wide)
    w = rhs.transpose([rhs_layout.index(c) for c in rhs_order]).astype(wide)
    for d in range(spatial):
        if reverse and reverse[d]:
            w = np.flip(w, axis=d)
    for d in range(spatial):
        if lhs_dilation[d] > 1:
            size = (x.shape[1 + d] - 1) * lhs_dilation[d] + 1
            shape = list(x.shape)
            shape[1 + d] = size
            spread = np.zeros(shape, wide)
            index = [slice(None)] * x.ndim
            index[1 + d] = slice(0, size, lhs_dilation[d])
            spread[tuple(index)] = x
            x = spread
        lo, hi = padding[d]
        widths = [(0, 0)] * x.ndim
        widths[1 + d] = (max(lo, 0), max(hi, 0))
        x = np.pad(x, widths)
        x = np.take(x, range(max(-lo, 0), x.shape[1 + d] - max(-hi, 0)), axis=1 + d)
        if rhs_dilation[d] > 1:
            size = (w.shape[d] - 1) * rhs_dilation[d] + 1
            shape = list(w.shape)
            shape[d] = size
            spread = np.zeros(shape, wide)
            index = [slice(None)] * w.ndim
            index[d] = slice(0, size, rhs_dilation[d])
            spread[tuple(index)] = w
            w = spread
    out_spatial = [(x.shape[1 + d] - w.shape[d]) // strides[d] + 1 for d in range(spatial)]
    out_features = w.shape[-1]
    in_per_group = x.shape[-1] // groups
    out_per_group = out_features // groups
    out = np.zeros([x.shape[0]] + out_spatial + [out_features], wide)
    for g in range(groups):
        xg = x[..., g * in_per_group:(g + 1) * in_per_group]
        wg = w[..., g * out_per_group:(g + 1) * out_per_group]
        for k in itertools.product(*[range(w.shape[d]) for d in range(spatial)]):
            index = [slice(None)] + [slice(k[d], k[d] + strides[d] * (out_spatial[d] - 1) + 1, strides[d])
                                     for d in range(spatial)]
            out[..., g * out_per_group:(g + 1) * out_per_group] += xg[tuple(index)] @ wg[k]
    out_canonical = lhs_order
    return out.transpose([out_canonical.index(c) for c in out_layout]).astype(dtype)


def conv_case(name, element_type, lhs_shape, rhs_shape, layouts, strides, padding,
              lhs_dilation=None, rhs_dilation=None, groups=1, g=None, spell_all=True,
              atol=1e-4, rtol=1e-5, reverse=None, dynamic_batch=False):
    spatial = len(strides)
    lhs_dilation = lhs_dilation or [1] * spatial
    rhs_dilation = rhs_dilation or [1] * spatial
    low, high = (-4, 4) if element_type.startswith("i") else (-1, 1)
    lhs = random_array(g, lhs_shape, element_type, low, high)
    rhs = random_array(g, rhs_shape, element_type, low, high)
    dtype = np_dtype(element_type)
    reference = lambda l, r: conv_reference(l, r, layouts, strides, padding, lhs_dilation,
                                            rhs_dilation, groups, dtype, reverse)
    out_shape = reference(lhs, rhs).shape
    lhs_type_shape, out_type_shape = list(lhs_shape), list(out_shape)
    if dynamic_batch:
        lhs_type_shape[layouts[0].index("b")] = -1
        out_type_shape[layouts[2].index("b")] = -1
    lt, rt, ot = (tensor_type(lhs_type_shape, element_type), tensor_type(rhs_shape, element_type),
                  tensor_type(out_type_shape, element_type))
    fmt = lambda v: "[%s]" % ", ".join(map(str, v))
    window = ["stride = %s" % fmt(strides),
              "pad = [%s]" % ", ".join("[%d, %d]" % tuple(p) for p in padding)]
    if spell_all or any(d != 1 for d in lhs_dilation):
        window.append("lhs_dilate = %s" % fmt(lhs_dilation))
    if spell_all or any(d != 1 for d in rhs_dilation):
        window.append("rhs_dilate = %s" % fmt(rhs_dilation))
    if reverse:
        window.append("reverse = [%s]" % ", ".join("true" if r else "false" for r in reverse))
    dim_numbers = "x".join("[%s]" % ", ".join(layout) for layout in layouts[:2]) + \
        "->[%s]" % ", ".join(layouts[2])
    mlir = jax_module([("lhs", lt), ("rhs", rt)], [(ot, "result")], [
        "%%0 = stablehlo.convolution(%%arg0, %%arg1) dim_numbers = %s, window = {%s} "
        "{batch_group_count = 1 : i64, feature_group_count = %d : i64, "
        "precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : "
        "(%s, %s) -> %s" % (dim_numbers, ", ".join(window), groups, lt, rt, ot),
        "return %%0 : %s" % ot])
    as_gemm = groups == 1 and element_type in ("f32", "f16")
    return Case(name, mlir, [lhs, rhs], reference, atol=atol, rtol=rtol,
                after_hlo_pass=[r"linalg\.matmul" if as_gemm else r"stablehlo\.convolution"])


def constant_filter_case(name, lhs_shape, rhs_shape, layouts, strides, padding, g, blob,
                         groups=1):
    """A convolution whose filter is a constant of the program, as
    torch-mlir prints a PyTorch model's weights: a dense_resource blob (or,
    without `blob`, a dense<...> literal). The compiler lays the filter out
    for the convolution at compile time."""
    lhs = random_array(g, lhs_shape, "f32", -1, 1)
    rhs = random_array(g, rhs_shape, "f32", -1, 1)
    reference = lambda l: conv_reference(l, rhs, layouts, strides, padding, [1, 1], [1, 1],
                                         groups, np.float32)
    lt, rt = tensor_type(lhs_shape, "f32"), tensor_type(rhs_shape, "f32")
    ot = tensor_type(reference(lhs).shape, "f32")
    if blob:
        # A blob is its alignment (4, little-endian) and then the elements.
        hex_bytes = (np.uint32(4).tobytes() + rhs.astype("<f4").tobytes()).hex().upper()
        constant = "stablehlo.constant dense_resource<filter> : %s" % rt
        resources = '{-#\n  dialect_resources: {\n    builtin: {\n      filter: "0x%s"\n    }\n  }\n#-}\n' % hex_bytes
    else:
        values = np.array2string(rhs, separator=", ", threshold=rhs.size, floatmode="unique",
                                 max_line_width=1 << 20).replace("\n", "")
        constant = "stablehlo.constant dense<%s> : %s" % (values, rt)
        resources = ""
    dim_numbers = "x".join("[%s]" % ", ".join(layout) for layout in layouts[:2]) + \
        "->[%s]" % ", ".join(layouts[2])
    window = "stride = [%s], pad = [%s]" % (
        ", ".join(map(str, strides)), ", ".join("[%d, %d]" % tuple(p) for p in padding))
    mlir = jax_module([("lhs", lt)], [(ot, "result")], [
        "%%filter = %s" % constant,
        "%%0 = stablehlo.convolution(%%arg0, %%filter) dim_numbers = %s, window = {%s} "
        "{batch_group_count = 1 : i64, feature_group_count = %d : i64} : (%s, %s) -> %s"
        % (dim_numbers, window, groups, lt, rt, ot),
        "return %%0 : %s" % ot]) + resources
    return Case(name, mlir, [lhs], reference, atol=1e-4, rtol=1e-5)


NHWC = (list("b01f"), list("01io"), list("b01f"))
NCHW = (list("bf01"), list("oi01"), list("bf01"))


def complex_cases(g):
    x = random_array(g, (2, 9, 8, 3), "complex<f32>", -1, 1)
    w = random_array(g, (3, 3, 3, 4), "complex<f32>", -1, 1)
    return [
        conv_case("conv_nhwc_same_c64", "complex<f32>", (2, 8, 8, 3), (3, 3, 3, 4), NHWC, [1, 1],
                  [[1, 1], [1, 1]], g=g),
        conv_case("conv_nchw_grouped_lhs_dilation_c128", "complex<f64>", (1, 4, 5, 6),
                  (6, 2, 3, 3), NCHW, [1, 2], [[2, 2], [1, 0]], lhs_dilation=[2, 1], groups=2,
                  g=g, atol=1e-12, rtol=1e-12),
        conv_case("conv_1d_reversal_dynamic_batch_c64", "complex<f32>", (3, 12, 2), (3, 2, 5),
                  (list("b0f"), list("0io"), list("b0f")), [2], [[1, 1]], reverse=[True],
                  dynamic_batch=True, g=g),
        # JAX computes a complex convolution as three real ones.
        Case("jax_conv_complex64", jax_printed("conv_complex64.mlir"), [x, w],
             lambda x, w: conv_reference(x, w, NHWC, [2, 1], [[1, 1], [0, 2]], [1, 1], [1, 1], 1,
                                         np.complex64),
             atol=1e-4, rtol=1e-5),
    ]


def cases():
    g = rng(80)
    return [
        conv_case("conv_nhwc_same_f32", "f32", (2, 8, 8, 3), (3, 3, 3, 4), NHWC, [1, 1],
                  [[1, 1], [1, 1]], g=g),
        conv_case("conv_nhwc_valid_stride2_f32", "f32", (1, 9, 9, 2), (3, 3, 2, 5), NHWC, [2, 2],
                  [[0, 0], [0, 0]], g=g),
        conv_case("conv_nhwc_asymmetric_pad_f32", "f32", (1, 6, 7, 2), (3, 2, 2, 3), NHWC, [1, 2],
                  [[0, 1], [1, 2]], g=g, spell_all=False),
        conv_case("conv_nhwc_rhs_dilation_f32", "f32", (1, 10, 10, 2), (3, 3, 2, 2), NHWC, [1, 1],
                  [[2, 2], [2, 2]], rhs_dilation=[2, 2], g=g),
        conv_case("conv_nhwc_lhs_dilation_f32", "f32", (1, 4, 4, 2), (3, 3, 2, 3), NHWC, [1, 1],
                  [[2, 2], [2, 2]], lhs_dilation=[2, 2], g=g),
        conv_case("conv_nchw_f32", "f32", (2, 3, 8, 8), (4, 3, 3, 3), NCHW, [1, 1],
                  [[1, 1], [1, 1]], g=g),
        conv_case("conv_nchw_stride2_pad_f32", "f32", (1, 4, 10, 9), (6, 4, 3, 3), NCHW, [2, 2],
                  [[1, 0], [0, 1]], g=g, spell_all=False),
        conv_case("conv_nhwc_grouped_f32", "f32", (1, 6, 6, 4), (3, 3, 2, 6), NHWC, [1, 1],
                  [[1, 1], [1, 1]], groups=2, g=g),
        conv_case("conv_nhwc_depthwise_f32", "f32", (2, 7, 7, 3), (3, 3, 1, 6), NHWC, [1, 1],
                  [[1, 1], [1, 1]], groups=3, g=g),
        conv_case("conv_nchw_depthwise_stride2_f32", "f32", (1, 4, 8, 8), (4, 1, 3, 3), NCHW, [2, 2],
                  [[1, 1], [1, 1]], groups=4, g=g),
        # Groups under a dynamic batch, dilations, uneven pads, and enough
        # work for the CPU runtime's parts (bands of rows, whole images).
        conv_case("conv_nhwc_grouped_dynamic_batch_dilated_f32", "f32", (3, 11, 10, 8),
                  (3, 2, 2, 12), NHWC, [2, 1], [[2, 1], [0, 2]], rhs_dilation=[2, 1], groups=4,
                  dynamic_batch=True, g=g),
        conv_case("conv_nchw_depthwise_bands_of_rows_f32", "f32", (1, 32, 40, 40), (32, 1, 3, 3),
                  NCHW, [1, 1], [[1, 1], [1, 1]], groups=32, g=g),
        conv_case("conv_nhwc_grouped_images_f32", "f32", (4, 20, 20, 32), (3, 3, 8, 64), NHWC,
                  [2, 2], [[1, 1], [1, 1]], groups=4, g=g),
        conv_case("conv_1x1_f32", "f32", (3, 5, 5, 8), (1, 1, 8, 4), NHWC, [1, 1],
                  [[0, 0], [0, 0]], g=g),
        conv_case("conv_1d_f32", "f32", (2, 16, 3), (5, 3, 4), (list("b0f"), list("0io"), list("b0f")),
                  [2], [[2, 2]], g=g),
        conv_case("conv_nhwc_f64", "f64", (1, 5, 5, 2), (3, 3, 2, 2), NHWC, [1, 1],
                  [[1, 1], [1, 1]], g=g, atol=1e-12, rtol=1e-12),
        conv_case("conv_nhwc_f16", "f16", (1, 5, 5, 2), (3, 3, 2, 2), NHWC, [1, 1],
                  [[1, 1], [1, 1]], g=g, atol=2e-2, rtol=1e-2),
        conv_case("conv_nhwc_i32", "i32", (1, 5, 5, 2), (3, 3, 2, 2), NHWC, [1, 1],
                  [[1, 1], [1, 1]], g=g, atol=0, rtol=0),
        conv_case("conv_mixed_layout_f32", "f32", (2, 3, 6, 6), (3, 3, 3, 4),
                  (list("bf01"), list("01io"), list("b01f")), [1, 1], [[1, 1], [1, 1]], g=g),
        conv_case("conv_window_reversal_f32", "f32", (2, 7, 6, 2), (3, 2, 2, 3), NHWC, [1, 2],
                  [[1, 1], [0, 1]], reverse=[True, False], g=g),
        conv_case("conv_1d_reversal_dilated_f32", "f32", (1, 12, 3), (3, 3, 2),
                  (list("b0f"), list("0io"), list("b0f")), [1], [[0, 0]], rhs_dilation=[2],
                  reverse=[True], g=g),
        conv_case("conv_dynamic_batch_f32", "f32", (3, 6, 6, 2), (3, 3, 2, 4), NHWC, [1, 1],
                  [[1, 1], [1, 1]], dynamic_batch=True, g=g),
        conv_case("conv_1x1_dynamic_batch_f16", "f16", (2, 4, 4, 8), (1, 1, 8, 4), NHWC, [1, 1],
                  [[0, 0], [0, 0]], dynamic_batch=True, g=g, atol=2e-2, rtol=1e-2),
        conv_case("conv_1x1_nchw_f32", "f32", (2, 8, 5, 5), (4, 8, 1, 1), NCHW, [1, 1],
                  [[0, 0], [0, 0]], g=g),
        conv_case("conv_1x1_stride2_f32", "f32", (1, 7, 7, 4), (1, 1, 4, 6), NHWC, [2, 2],
                  [[0, 0], [0, 0]], g=g),
        # Enough work for the CPU runtime to cut the output over its threads:
        # bands of rows of one image, each with its share of the padding,
        # and whole images.
        conv_case("conv_nhwc_bands_of_rows_f32", "f32", (1, 41, 40, 16), (3, 3, 16, 32), NHWC,
                  [1, 1], [[1, 1], [1, 1]], g=g),
        conv_case("conv_nhwc_images_stride2_f32", "f32", (5, 24, 24, 16), (3, 3, 16, 16), NHWC,
                  [2, 2], [[1, 0], [0, 1]], g=g),
        # Output channels of whole register tiles (32 f32 on AVX-512) and
        # some left over, output columns of whole tiles and some left over,
        # under strides, dilations, padding and a dynamic batch: without a
        # library, the convolution's own vectorized tiles.
        conv_case("conv_nhwc_register_tiles_f32", "f32", (2, 13, 11, 5), (3, 3, 5, 48), NHWC,
                  [1, 1], [[1, 1], [1, 1]], g=g),
        conv_case("conv_nhwc_register_tiles_stride2_dilated_f32", "f32", (1, 17, 19, 4),
                  (3, 3, 4, 64), NHWC, [2, 2], [[2, 1], [1, 2]], rhs_dilation=[2, 2], g=g),
        conv_case("conv_nhwc_register_tiles_dynamic_batch_f32", "f32", (3, 9, 16, 8),
                  (3, 3, 8, 32), NHWC, [1, 1], [[1, 1], [1, 1]], dynamic_batch=True, g=g),
        conv_case("conv_kernel_feature_inside_f32", "f32", (1, 6, 5, 2), (3, 4, 2, 2),
                  (list("b01f"), list("0o1i"), list("bf01")), [1, 1], [[0, 0], [0, 0]], g=g),
        # PyTorch's layouts with the weights in the program: the OIHW
        # filter, a blob or a literal, transposed at compile time.
        constant_filter_case("conv_nchw_constant_blob_filter_f32", (2, 3, 9, 8), (5, 3, 3, 3),
                             NCHW, [2, 1], [[1, 1], [1, 1]], g, blob=True),
        constant_filter_case("conv_nchw_constant_literal_filter_f32", (1, 4, 6, 6), (3, 4, 3, 2),
                             NCHW, [1, 1], [[1, 1], [0, 1]], g, blob=False),
        # MobileNet's depthwise and RegNet's grouped convolutions, weights in
        # the program.
        constant_filter_case("conv_nchw_constant_depthwise_filter_f32", (2, 16, 14, 14),
                             (16, 1, 3, 3), NCHW, [2, 2], [[1, 1], [1, 1]], g, blob=True,
                             groups=16),
        constant_filter_case("conv_nchw_constant_grouped_filter_f32", (1, 24, 12, 12),
                             (48, 8, 3, 3), NCHW, [1, 1], [[1, 1], [1, 1]], g, blob=True,
                             groups=3),
    ] + complex_cases(g)


run(cases())
