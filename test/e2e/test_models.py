"""Whole small models as JAX prints them: MLP, softmax, layer norm, a CNN."""

import numpy as np

from e2e import Case, rng, run
from models import mlp_inputs, mlp_reference, mlp_stablehlo, softmax

MODEL_TOLERANCE = dict(atol=1e-4, rtol=1e-4)


def mlp_case():
    return Case("mlp_f32", mlp_stablehlo(), mlp_inputs(rng(90), 8), mlp_reference, **MODEL_TOLERANCE)


SOFTMAX = """module @jit_softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x10xf32> {mhlo.layout_mode = "default"} loc("logits")) -> (tensor<8x10xf32> {jax.result_info = "result", mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8xf32>
    %3 = stablehlo.is_finite %2 : (tensor<8xf32>) -> tensor<8xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.select %3, %2, %4 : tensor<8xi1>, tensor<8xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x10xf32>
    %8 = stablehlo.subtract %arg0, %7 : tensor<8x10xf32>
    %9 = stablehlo.exponential %8 : tensor<8x10xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x10xf32>
    %13 = stablehlo.divide %9, %12 : tensor<8x10xf32>
    return %13 : tensor<8x10xf32>
  }
}
"""


def softmax_case():
    x = (rng(91).standard_normal((8, 10)) * 5).astype(np.float32)
    x[3, :] += 80.0  # large logits: the max subtraction keeps exp finite
    return Case("softmax_f32", SOFTMAX, [x],
                lambda x: softmax(x.astype(np.float64)).astype(np.float32), atol=1e-6, rtol=1e-5)


LAYER_NORM = """module @jit_layer_norm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x32xf32> loc("x"), %arg1: tensor<32xf32> loc("scale"), %arg2: tensor<32xf32> loc("bias")) -> (tensor<4x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.divide %0, %1 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x32xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<4x32xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %9 = stablehlo.divide %7, %8 : tensor<4xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %11 = stablehlo.add %9, %10 : tensor<4xf32>
    %12 = stablehlo.rsqrt %11 : tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x32xf32>
    %15 = stablehlo.multiply %5, %14 : tensor<4x32xf32>
    %16 = stablehlo.reshape %arg1 : (tensor<32xf32>) -> tensor<1x32xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<4x32xf32>
    %19 = stablehlo.reshape %arg2 : (tensor<32xf32>) -> tensor<1x32xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %21 = stablehlo.add %18, %20 : tensor<4x32xf32>
    return %21 : tensor<4x32xf32>
  }
}
"""


def layer_norm_reference(x, scale, bias):
    x = x.astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return ((x - mean) / np.sqrt(var + 1e-5) * scale + bias).astype(np.float32)


def layer_norm_case():
    g = rng(92)
    x = (g.standard_normal((4, 32)) * 3 + 1).astype(np.float32)
    scale = g.uniform(0.5, 1.5, 32).astype(np.float32)
    bias = g.standard_normal(32).astype(np.float32)
    return Case("layer_norm_f32", LAYER_NORM, [x, scale, bias], layer_norm_reference,
                **MODEL_TOLERANCE)


def resized(text, sizes):
    """`text` with each tensor type and size constant of `sizes` (old ->
    new) rewritten: the same program on other shapes."""
    for old, new in sizes:
        text = text.replace(old, new)
    return text


def large_softmax_case():
    """Rows long and many enough that the row loop runs on every core, each
    thread with its own scratch rows."""
    x = (rng(93).standard_normal((2048, 512)) * 5).astype(np.float32)
    text = resized(SOFTMAX, [("8x10x", "2048x512x"), ("8x1x", "2048x1x"), ("<8x", "<2048x")])
    return Case("softmax_2048x512_f32", text, [x],
                lambda x: softmax(x.astype(np.float64)).astype(np.float32), atol=1e-6, rtol=1e-5)


def large_layer_norm_case():
    g = rng(94)
    x = (g.standard_normal((1024, 384)) * 3 + 1).astype(np.float32)
    scale = g.uniform(0.5, 1.5, 384).astype(np.float32)
    bias = g.standard_normal(384).astype(np.float32)
    text = resized(LAYER_NORM, [("4x32x", "1024x384x"), ("4x1x", "1024x1x"), ("<4x", "<1024x"),
                                ("<32x", "<384x"), ("1x32x", "1x384x"), ("3.200000e+01", "3.840000e+02")])
    return Case("layer_norm_1024x384_f32", text, [x, scale, bias], layer_norm_reference,
                **MODEL_TOLERANCE)


CNN = """module @jit_cnn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x8x3xf32> loc("images"), %arg1: tensor<3x3x3x8xf32> loc("conv_w"), %arg2: tensor<8xf32> loc("conv_b"), %arg3: tensor<8x10xf32> loc("dense_w"), %arg4: tensor<10xf32> loc("dense_b")) -> (tensor<2x10xf32> {jax.result_info = "logits"}, tensor<2x10xf32> {jax.result_info = "probs"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x8x8x8xf32>
    %1 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x8x8x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x8x8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x8xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<2x8x8x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x8x8x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %8 = stablehlo.divide %6, %7 : tensor<2x8xf32>
    %9 = stablehlo.dot_general %8, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x10xf32>) -> tensor<2x10xf32>
    %10 = stablehlo.reshape %arg4 : (tensor<10xf32>) -> tensor<1x10xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<2x10xf32>
    %12 = stablehlo.add %9, %11 : tensor<2x10xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_2) applies stablehlo.maximum across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
    %15 = stablehlo.subtract %12, %14 : tensor<2x10xf32>
    %16 = stablehlo.exponential %15 : tensor<2x10xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
    %19 = stablehlo.divide %16, %18 : tensor<2x10xf32>
    return %12, %19 : tensor<2x10xf32>, tensor<2x10xf32>
  }
}
"""


def cnn_reference(images, conv_w, conv_b, dense_w, dense_b):
    x = np.pad(images.astype(np.float64), [(0, 0), (1, 1), (1, 1), (0, 0)])
    w = conv_w.astype(np.float64)
    conv = np.zeros((2, 8, 8, 8))
    for ky in range(3):
        for kx in range(3):
            conv += x[:, ky:ky + 8, kx:kx + 8, :] @ w[ky, kx]
    hidden = np.maximum(conv + conv_b, 0.0).mean(axis=(1, 2))
    logits = hidden @ dense_w + dense_b
    return [logits.astype(np.float32), softmax(logits).astype(np.float32)]


def cnn_case():
    g = rng(93)
    inputs = [g.standard_normal((2, 8, 8, 3)).astype(np.float32),
              (g.standard_normal((3, 3, 3, 8)) / 5).astype(np.float32),
              (g.standard_normal(8) * 0.1).astype(np.float32),
              g.standard_normal((8, 10)).astype(np.float32),
              (g.standard_normal(10) * 0.1).astype(np.float32)]
    return Case("cnn_f32", CNN, inputs, cnn_reference, **MODEL_TOLERANCE)


def conv3x3_same(x, w):
    """NHWC x HWIO, stride 1, padding 1, in float64."""
    n, h, wd, _ = x.shape
    padded = np.pad(x, [(0, 0), (1, 1), (1, 1), (0, 0)])
    out = np.zeros((n, h, wd, w.shape[3]))
    for ky in range(3):
        for kx in range(3):
            out += padded[:, ky:ky + h, kx:kx + wd, :] @ w[ky, kx]
    return out


# A ResNet-style block: conv, bias, relu, conv, bias, skip connection, relu.
RESIDUAL_BLOCK = """module @jit_residual_block attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x8x16xf32> loc("x"), %arg1: tensor<3x3x16x16xf32> loc("w1"), %arg2: tensor<16xf32> loc("b1"), %arg3: tensor<3x3x16x16xf32> loc("w2"), %arg4: tensor<16xf32> loc("b2")) -> (tensor<2x8x8x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x16xf32>, tensor<3x3x16x16xf32>) -> tensor<2x8x8x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<16xf32>) -> tensor<2x8x8x16xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x8x8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x16xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<2x8x8x16xf32>
    %5 = stablehlo.convolution(%4, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x16xf32>, tensor<3x3x16x16xf32>) -> tensor<2x8x8x16xf32>
    %6 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<16xf32>) -> tensor<2x8x8x16xf32>
    %7 = stablehlo.add %5, %6 : tensor<2x8x8x16xf32>
    %8 = stablehlo.add %7, %arg0 : tensor<2x8x8x16xf32>
    %9 = stablehlo.maximum %8, %3 : tensor<2x8x8x16xf32>
    return %9 : tensor<2x8x8x16xf32>
  }
}
"""


def residual_block_case():
    g = rng(96)
    inputs = [g.standard_normal((2, 8, 8, 16)).astype(np.float32),
              (g.standard_normal((3, 3, 16, 16)) / 12).astype(np.float32),
              (g.standard_normal(16) * 0.1).astype(np.float32),
              (g.standard_normal((3, 3, 16, 16)) / 12).astype(np.float32),
              (g.standard_normal(16) * 0.1).astype(np.float32)]

    def reference(x, w1, b1, w2, b2):
        x64 = x.astype(np.float64)
        hidden = np.maximum(conv3x3_same(x64, w1) + b1, 0.0)
        return np.maximum(conv3x3_same(hidden, w2) + b2 + x64, 0.0).astype(np.float32)
    return Case("residual_block_f32", RESIDUAL_BLOCK, inputs, reference, **MODEL_TOLERANCE)


# The MLP with JAX's out-of-line location table (as_text(debug_info=True)).
MLP_WITH_LOC_TABLE = mlp_stablehlo(batch=4, features=16, hidden=32, classes=3)
for i, name in enumerate(["x", "w1", "b1", "w2", "b2"]):
    MLP_WITH_LOC_TABLE = MLP_WITH_LOC_TABLE.replace('loc("%s")' % name, "loc(#loc%d)" % (i + 1))
MLP_WITH_LOC_TABLE = MLP_WITH_LOC_TABLE.replace(
    "    return %8 : tensor<4x3xf32>\n", "    return %8 : tensor<4x3xf32> loc(#loc6)\n")
MLP_WITH_LOC_TABLE = MLP_WITH_LOC_TABLE.rstrip("\n") + " loc(#loc)\n" + "\n".join(
    ['#loc = loc(unknown)'] + ['#loc%d = loc("%s")' % (i + 1, n) for i, n in
                               enumerate(["x", "w1", "b1", "w2", "b2"])]
    + ['#loc6 = loc("jit(mlp)/jit(main)/add"("/tmp/mlp.py":12:9))']) + "\n"


def mlp_loc_table_case():
    return Case("mlp_loc_table_f32", MLP_WITH_LOC_TABLE,
                mlp_inputs(rng(94), 4, features=16, hidden=32, classes=3), mlp_reference,
                **MODEL_TOLERANCE)


TWO_FUNCTIONS = """module @jit_two attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32> loc("x")) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.exponential %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func public @scale(%arg0: tensor<3x4xf32> loc("x"), %arg1: tensor<f32> loc("factor")) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<3x4xf32>
    return %1 : tensor<3x4xf32>
  }
}
"""


def two_function_cases():
    """A module with two public functions; --function picks one."""
    g = rng(95)
    x = g.standard_normal((3, 4)).astype(np.float32)
    return [Case("two_functions_main", TWO_FUNCTIONS, [x],
                 lambda x: np.exp(x.astype(np.float64)).astype(np.float32), function="main"),
            Case("two_functions_scale", TWO_FUNCTIONS, [x, np.array(2.5, np.float32)],
                 lambda x, f: x * f, function="scale")]


run(two_function_cases() + [residual_block_case(), mlp_case(), softmax_case(), layer_norm_case(),
     large_softmax_case(), large_layer_norm_case(), cnn_case(), mlp_loc_table_case()])
