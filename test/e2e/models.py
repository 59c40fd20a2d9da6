"""Small models as JAX prints them, shared by the models and mhlo tests and by
samples/models, with their numpy references."""

import numpy as np


def softmax(z, axis=-1):
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


def mlp_reference(x, w1, b1, w2, b2):
    x, w1, b1, w2, b2 = (a.astype(np.float64) for a in (x, w1, b1, w2, b2))
    hidden = np.maximum(x @ w1 + b1, 0.0)
    return (hidden @ w2 + b2).astype(np.float32)


def mlp_inputs(g, batch, features=64, hidden=128, classes=10):
    return [g.standard_normal((batch, features)).astype(np.float32),
            (g.standard_normal((features, hidden)) / np.sqrt(features)).astype(np.float32),
            (g.standard_normal((hidden,)) * 0.1).astype(np.float32),
            (g.standard_normal((hidden, classes)) / np.sqrt(hidden)).astype(np.float32),
            (g.standard_normal((classes,)) * 0.1).astype(np.float32)]


def mlp_stablehlo(batch=8, features=64, hidden=128, classes=10):
    """jax.jit(mlp).lower(x, w1, b1, w2, b2).as_text() for
    relu(x @ w1 + b1) @ w2 + b2, relu being a jitted helper."""
    return f"""module @jit_mlp attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func public @main(%arg0: tensor<{batch}x{features}xf32> loc("x"), %arg1: tensor<{features}x{hidden}xf32> loc("w1"), %arg2: tensor<{hidden}xf32> loc("b1"), %arg3: tensor<{hidden}x{classes}xf32> loc("w2"), %arg4: tensor<{classes}xf32> loc("b2")) -> (tensor<{batch}x{classes}xf32> {{jax.result_info = "result"}}) {{
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<{batch}x{features}xf32>, tensor<{features}x{hidden}xf32>) -> tensor<{batch}x{hidden}xf32>
    %1 = stablehlo.reshape %arg2 : (tensor<{hidden}xf32>) -> tensor<1x{hidden}xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x{hidden}xf32>) -> tensor<{batch}x{hidden}xf32>
    %3 = stablehlo.add %0, %2 : tensor<{batch}x{hidden}xf32>
    %4 = call @relu(%3) : (tensor<{batch}x{hidden}xf32>) -> tensor<{batch}x{hidden}xf32>
    %5 = stablehlo.dot_general %4, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<{batch}x{hidden}xf32>, tensor<{hidden}x{classes}xf32>) -> tensor<{batch}x{classes}xf32>
    %6 = stablehlo.reshape %arg4 : (tensor<{classes}xf32>) -> tensor<1x{classes}xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x{classes}xf32>) -> tensor<{batch}x{classes}xf32>
    %8 = stablehlo.add %5, %7 : tensor<{batch}x{classes}xf32>
    return %8 : tensor<{batch}x{classes}xf32>
  }}
  func.func private @relu(%arg0: tensor<{batch}x{hidden}xf32>) -> tensor<{batch}x{hidden}xf32> {{
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<{batch}x{hidden}xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<{batch}x{hidden}xf32>
    return %1 : tensor<{batch}x{hidden}xf32>
  }}
}}
"""
