#!/usr/bin/env python3
"""Regenerates test/corpus/jax: programs written in JAX the way users write
models, lowered by JAX from PyPI, with their inputs and JAX's own outputs.

Run with the pinned virtualenv's python (it has jax; the checked-in corpus is
then compiled and run without jax by test/corpus/run_jax_corpus.py):

    "$(scripts/setup_python.sh | tail -1)" scripts/jax_corpus.py

Each program writes test/corpus/jax/NAME/: program.mlir
(`jax.jit(f, keep_unused=True).lower(*args).as_text()`, or `jax.export`'s
module for a symbolic batch), in*.npy, expected*.npy and meta.json (the
tolerances, the files of each run and, for a symbolic batch, the batch
sizes it runs at). Inputs come from fixed seeds, so a rerun with the same
jax writes the same files. A program's `expected_failure` mark in an
existing meta.json is kept: it records open work in disc, not in the corpus.
"""

import argparse
import json
import os
import shutil

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import export as jax_export  # noqa: E402
from jax import lax  # noqa: E402
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS_DIR = os.path.join(ROOT, "test", "corpus", "jax")

PROGRAMS = {}


def program(atol=1e-5, rtol=1e-5, batch_sizes=None):
    """Registers a builder returning (function, example args). With
    batch_sizes, the builder takes the batch size and its args are (params,
    data...): the first dimension of the data is the symbolic batch `b`."""
    def register(builder):
        PROGRAMS[builder.__name__] = dict(builder=builder, atol=atol, rtol=rtol,
                                          batch_sizes=batch_sizes)
        return builder
    return register


def normal(seed, *shape, dtype=np.float32, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(dtype)


def integers(seed, low, high, *shape, dtype=np.int32):
    return np.random.default_rng(seed).integers(low, high, size=shape).astype(dtype)


# --- building blocks, as a user's model code has them ----------------------

def dense(params, x):
    return x @ params["w"] + params["b"]


def dense_params(seed, fan_in, fan_out):
    return {"w": normal(seed, fan_in, fan_out, scale=fan_in ** -0.5),
            "b": normal(seed + 1, fan_out, scale=0.1)}


def mlp(params, x):
    hidden = jax.nn.relu(dense(params["l1"], x))
    return dense(params["l2"], hidden)


def mlp_params(seed, sizes=(16, 32, 8)):
    return {"l1": dense_params(seed, sizes[0], sizes[1]),
            "l2": dense_params(seed + 2, sizes[1], sizes[2])}


def layer_norm(x, scale, bias, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + eps) * scale + bias


def cross_entropy(logits, labels):
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[:, None], axis=-1))


def mse(prediction, target):
    return jnp.mean((prediction - target) ** 2)


def sgd(params, grads, lr=0.1):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def attention(params, x, mask=None, heads=2):
    batch, seq, dim = x.shape
    head_dim = dim // heads

    def split(t):
        return t.reshape(batch, seq, heads, head_dim)

    q, k, v = (split(x @ params[n]) for n in ("wq", "wk", "wv"))
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(head_dim).astype(x.dtype)
    if mask is not None:
        scores = jnp.where(mask, scores, -1e9)
    weights = jax.nn.softmax(scores, axis=-1)
    out = jnp.einsum("bhqk,bkhd->bqhd", weights, v).reshape(batch, seq, dim)
    return out @ params["wo"]


def attention_params(seed, dim):
    return {n: normal(seed + i, dim, dim, scale=dim ** -0.5)
            for i, n in enumerate(("wq", "wk", "wv", "wo"))}


def transformer_block(params, x, mask=None):
    h = x + attention(params["attn"], layer_norm(x, params["ln1_s"], params["ln1_b"]), mask)
    y = layer_norm(h, params["ln2_s"], params["ln2_b"])
    y = jax.nn.gelu(dense(params["fc1"], y), approximate=False)
    return h + dense(params["fc2"], y)


def transformer_params(seed, dim, hidden):
    return {"attn": attention_params(seed, dim),
            "ln1_s": 1 + normal(seed + 10, dim, scale=0.1),
            "ln1_b": normal(seed + 11, dim, scale=0.1),
            "ln2_s": 1 + normal(seed + 12, dim, scale=0.1),
            "ln2_b": normal(seed + 13, dim, scale=0.1),
            "fc1": dense_params(seed + 20, dim, hidden),
            "fc2": dense_params(seed + 30, hidden, dim)}


def conv2d(x, w, stride=1, padding="SAME", groups=1):
    return lax.conv_general_dilated(x, w, (stride, stride), padding,
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                    feature_group_count=groups)


def max_pool(x, size=2):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, size, size, 1), (1, size, size, 1), "VALID")


def avg_pool(x, size=2):
    summed = lax.reduce_window(x, 0.0, lax.add, (1, size, size, 1), (1, size, size, 1), "VALID")
    return summed / (size * size)


def batch_norm(x, scale, bias, eps=1e-5):
    mean = jnp.mean(x, axis=(0, 1, 2))
    var = jnp.var(x, axis=(0, 1, 2))
    return (x - mean) * lax.rsqrt(var + eps) * scale + bias


def cnn(params, images):
    x = jax.nn.relu(batch_norm(conv2d(images, params["c1"]), params["bn_s"], params["bn_b"]))
    x = max_pool(x)
    x = jax.nn.relu(conv2d(x, params["c2"]))
    x = avg_pool(x)
    return dense(params["head"], x.reshape(x.shape[0], -1))


def cnn_params(seed):
    return {"c1": normal(seed, 3, 3, 3, 8, scale=0.3), "bn_s": 1 + normal(seed + 1, 8, scale=0.1),
            "bn_b": normal(seed + 2, 8, scale=0.1), "c2": normal(seed + 3, 3, 3, 8, 8, scale=0.2),
            "head": dense_params(seed + 4, 2 * 2 * 8, 5)}


def rnn_cell(params, h, x):
    return jnp.tanh(x @ params["wx"] + h @ params["wh"] + params["b"])


def gru_cell(params, h, x):
    z = jax.nn.sigmoid(x @ params["wz"] + h @ params["uz"])
    r = jax.nn.sigmoid(x @ params["wr"] + h @ params["ur"])
    candidate = jnp.tanh(x @ params["wn"] + (r * h) @ params["un"])
    return (1 - z) * h + z * candidate


def lstm_cell(params, carry, x):
    h, c = carry
    gates = x @ params["wx"] + h @ params["wh"] + params["b"]
    i, f, g, o = jnp.split(gates, 4, axis=-1)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return h, c


def scan_rnn(cell, params, h0, xs):
    def step(h, x):
        h = cell(params, h, x)
        return h, h
    return lax.scan(step, h0, xs)


# --- the programs ------------------------------------------------------------

@program(atol=1e-5, rtol=1e-4)
def mlp_forward():
    return mlp, (mlp_params(1), normal(2, 4, 16))


@program(atol=1e-5, rtol=1e-4)
def mlp_grad():
    def loss(params, x, y):
        return mse(mlp(params, x), y)
    return jax.grad(loss), (mlp_params(3), normal(4, 4, 16), normal(5, 4, 8))


@program(atol=1e-5, rtol=1e-4)
def mlp_sgd_step():
    def train_step(params, x, labels):
        loss, grads = jax.value_and_grad(lambda p: cross_entropy(mlp(p, x), labels))(params)
        return sgd(params, grads), loss
    return train_step, (mlp_params(6), normal(7, 8, 16), integers(8, 0, 8, 8))


@program(atol=1e-5, rtol=1e-4)
def softmax_cross_entropy():
    return cross_entropy, (normal(9, 6, 10, scale=3.0), integers(10, 0, 10, 6))


@program(atol=1e-6, rtol=1e-4)
def softmax_cross_entropy_grad():
    return jax.grad(cross_entropy), (normal(11, 6, 10, scale=3.0), integers(12, 0, 10, 6))


@program(atol=1e-5, rtol=1e-5)
def logsumexp_softmax():
    def f(x):
        return jax.nn.logsumexp(x, axis=-1), jax.nn.softmax(x, axis=0)
    return f, (normal(13, 5, 7, scale=10.0),)


@program(atol=1e-5, rtol=1e-4)
def layer_norm_forward():
    return layer_norm, (normal(14, 3, 5, 16, scale=2.0), 1 + normal(15, 16, scale=0.1),
                        normal(16, 16, scale=0.1))


@program(atol=1e-5, rtol=1e-4)
def layer_norm_grad():
    def loss(x, scale, bias):
        return jnp.sum(jnp.sin(layer_norm(x, scale, bias)))
    return jax.grad(loss, argnums=(0, 1, 2)), (normal(17, 4, 16), 1 + normal(18, 16, scale=0.1),
                                               normal(19, 16, scale=0.1))


@program(atol=1e-6, rtol=1e-5)
def gelu_exact():
    return (lambda x: jax.nn.gelu(x, approximate=False)), (normal(20, 8, 32, scale=3.0),)


@program(atol=1e-6, rtol=1e-5)
def gelu_exact_grad():
    def f(x):
        return jax.vmap(jax.grad(lambda v: jax.nn.gelu(v, approximate=False)))(x)
    return f, (normal(21, 64, scale=3.0),)


@program(atol=1e-6, rtol=1e-5)
def activations():
    def f(x):
        return (jax.nn.gelu(x, approximate=True), jax.nn.silu(x), jax.nn.softplus(x),
                jax.nn.elu(x), jax.nn.leaky_relu(x), jax.nn.hard_tanh(x))
    return f, (normal(22, 6, 16, scale=3.0),)


@program(atol=0, rtol=0)
def embedding_lookup():
    def f(table, ids):
        return jnp.take(table, ids, axis=0)
    return f, (normal(23, 20, 8), integers(24, 0, 20, 3, 5))


@program(atol=1e-6, rtol=1e-5)
def embedding_grad():
    def loss(table, ids, target):
        return jnp.sum((jnp.take(table, ids, axis=0) - target) ** 2)
    return jax.grad(loss), (normal(25, 12, 4), integers(26, 0, 12, 2, 6), normal(27, 2, 6, 4))


@program(atol=1e-4, rtol=1e-4)
def attention_block():
    def model(params, ids):
        x = jnp.take(params["embed"], ids, axis=0) + params["pos"]
        return transformer_block(params["block"], x)
    params = {"embed": normal(28, 30, 16), "pos": normal(29, 6, 16, scale=0.1),
              "block": transformer_params(30, 16, 32)}
    return model, (params, integers(31, 0, 30, 2, 6))


@program(atol=1e-4, rtol=1e-4)
def attention_block_grad():
    def loss(params, x, target):
        return mse(transformer_block(params, x), target)
    return jax.grad(loss), (transformer_params(32, 8, 16), normal(33, 2, 4, 8), normal(34, 2, 4, 8))


@program(atol=1e-4, rtol=1e-4)
def causal_lm_loss():
    def loss(params, ids, labels):
        x = jnp.take(params["embed"], ids, axis=0)
        seq = ids.shape[1]
        mask = jnp.tril(jnp.ones((seq, seq), dtype=bool))[None, None]
        x = transformer_block(params["block"], x, mask)
        logits = x @ params["embed"].T
        return cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1))
    params = {"embed": normal(35, 24, 16, scale=0.5), "block": transformer_params(36, 16, 32)}
    return jax.value_and_grad(loss), (params, integers(37, 0, 24, 2, 5), integers(38, 0, 24, 2, 5))


@program(atol=1e-4, rtol=1e-4)
def decode_step_top_k():
    """One step of sampling-free decoding: attend over a KV cache, write the
    new key and value at the position, return the top 4 logits and ids."""
    def step(params, cache_k, cache_v, token, position):
        x = params["embed"][token]
        q, k, v = x @ params["wq"], x @ params["wk"], x @ params["wv"]
        cache_k = lax.dynamic_update_slice(cache_k, k[:, None], (0, position, 0))
        cache_v = lax.dynamic_update_slice(cache_v, v[:, None], (0, position, 0))
        scores = jnp.einsum("bd,btd->bt", q, cache_k) / 4.0
        valid = jnp.arange(cache_k.shape[1])[None] <= position
        weights = jax.nn.softmax(jnp.where(valid, scores, -jnp.inf), axis=-1)
        h = x + jnp.einsum("bt,btd->bd", weights, cache_v)
        logits = h @ params["embed"].T
        values, ids = lax.top_k(logits, 4)
        return values, ids, cache_k, cache_v
    params = {"embed": normal(39, 32, 16), "wq": normal(40, 16, 16, scale=0.25),
              "wk": normal(41, 16, 16, scale=0.25), "wv": normal(42, 16, 16, scale=0.25)}
    return step, (params, normal(43, 2, 8, 16), normal(44, 2, 8, 16), integers(45, 0, 32, 2),
                  np.int32(3))


@program(atol=1e-5, rtol=1e-5)
def decode_step_sort():
    """Nucleus (top-p) filtering of a decoding step's logits with jnp.sort."""
    def top_p(logits, p):
        probs = jax.nn.softmax(logits, axis=-1)
        sorted_probs = jnp.sort(probs, axis=-1)[:, ::-1]
        cumulative = jnp.cumsum(sorted_probs, axis=-1)
        cutoff_index = jnp.sum(cumulative < p, axis=-1, keepdims=True)
        cutoff = jnp.take_along_axis(sorted_probs, cutoff_index, axis=-1)
        return jnp.where(probs >= cutoff, logits, -jnp.inf), jnp.argsort(-logits, axis=-1)
    return top_p, (normal(46, 3, 20, scale=2.0), np.float32(0.9))


@program(atol=0, rtol=0)
def sort_ops():
    def f(x, keys, values):
        sorted_keys, sorted_values = lax.sort((keys, values), num_keys=1)
        return jnp.sort(x, axis=0), jnp.argsort(x, axis=1), sorted_keys, sorted_values
    return f, (normal(47, 5, 6), integers(48, 0, 100, 12), normal(49, 12))


@program(atol=1e-5, rtol=1e-4)
def cnn_forward():
    return cnn, (cnn_params(50), normal(51, 2, 8, 8, 3))


@program(atol=1e-4, rtol=1e-3)
def cnn_train_step():
    def step(params, images, labels):
        loss, grads = jax.value_and_grad(lambda p: cross_entropy(cnn(p, images), labels))(params)
        return sgd(params, grads, lr=0.05), loss
    return step, (cnn_params(52), normal(53, 2, 8, 8, 3), integers(54, 0, 5, 2))


@program(atol=1e-5, rtol=1e-4)
def batch_norm_train():
    """Batch statistics, normalization and the running averages' update."""
    def f(x, scale, bias, running_mean, running_var):
        mean = jnp.mean(x, axis=(0, 1, 2))
        var = jnp.var(x, axis=(0, 1, 2))
        y = batch_norm(x, scale, bias)
        return y, 0.9 * running_mean + 0.1 * mean, 0.9 * running_var + 0.1 * var
    return f, (normal(55, 4, 5, 5, 6, scale=2.0), 1 + normal(56, 6, scale=0.1),
               normal(57, 6, scale=0.1), np.zeros(6, np.float32), np.ones(6, np.float32))


@program(atol=1e-5, rtol=1e-4)
def batch_norm_grad():
    def loss(x, scale, bias):
        return jnp.sum(batch_norm(x, scale, bias) ** 3)
    return jax.grad(loss, argnums=(0, 1, 2)), (normal(58, 3, 4, 4, 5), 1 + normal(59, 5, scale=0.1),
                                               normal(60, 5, scale=0.1))


@program(atol=1e-5, rtol=1e-4)
def depthwise_separable_conv():
    def f(x, depthwise, pointwise):
        y = conv2d(x, depthwise, stride=2, groups=x.shape[-1])
        return jax.nn.relu6(conv2d(y, pointwise, padding="VALID"))
    return f, (normal(61, 2, 9, 9, 4), normal(62, 3, 3, 1, 4, scale=0.3),
               normal(63, 1, 1, 4, 6, scale=0.5))


@program(atol=1e-5, rtol=1e-4)
def conv_transpose_upsample():
    def f(x, w):
        return lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return f, (normal(64, 1, 4, 4, 3), normal(65, 3, 3, 3, 2, scale=0.3))


@program(atol=1e-5, rtol=1e-4)
def rnn_scan():
    params = {"wx": normal(66, 4, 8, scale=0.5), "wh": normal(67, 8, 8, scale=0.3),
              "b": normal(68, 8, scale=0.1)}
    return (lambda p, h, xs: scan_rnn(rnn_cell, p, h, xs)), (params, np.zeros((2, 8), np.float32),
                                                             normal(69, 6, 2, 4))


@program(atol=1e-5, rtol=1e-4)
def rnn_scan_grad():
    def loss(params, h0, xs, target):
        h, _ = scan_rnn(rnn_cell, params, h0, xs)
        return mse(h, target)
    params = {"wx": normal(70, 3, 6, scale=0.5), "wh": normal(71, 6, 6, scale=0.3),
              "b": normal(72, 6, scale=0.1)}
    return jax.grad(loss), (params, np.zeros((2, 6), np.float32), normal(73, 5, 2, 3),
                            normal(74, 2, 6))


@program(atol=1e-5, rtol=1e-4)
def gru_scan():
    names = ("wz", "uz", "wr", "ur", "wn", "un")
    params = {n: normal(75 + i, 8, 8, scale=0.4) for i, n in enumerate(names)}
    return (lambda p, h, xs: scan_rnn(gru_cell, p, h, xs)), (params, normal(81, 3, 8),
                                                             normal(82, 5, 3, 8))


@program(atol=1e-5, rtol=1e-4)
def lstm_scan_grad():
    def loss(params, xs, target):
        carry = (jnp.zeros((2, 6)), jnp.zeros((2, 6)))
        (h, _), _ = lax.scan(lambda c, x: (lstm_cell(params, c, x), None), carry, xs)
        return mse(h, target)
    params = {"wx": normal(83, 4, 24, scale=0.4), "wh": normal(84, 6, 24, scale=0.3),
              "b": normal(85, 24, scale=0.1)}
    return jax.value_and_grad(loss), (params, normal(86, 5, 2, 4), normal(87, 2, 6))


@program(atol=1e-5, rtol=1e-5)
def cumulative_ops():
    def f(x):
        return (jnp.cumsum(x, axis=1), jnp.cumprod(x, axis=0), lax.cummax(x, axis=1),
                jnp.cumsum(x.astype(jnp.int32), axis=0))
    return f, (normal(88, 4, 6, scale=2.0),)


@program(atol=1e-5, rtol=1e-4)
def statistics():
    def f(x):
        return (jnp.var(x, axis=0), jnp.std(x, axis=1), jnp.std(x, ddof=1), jnp.mean(x),
                jnp.max(x, axis=0), jnp.argmin(x, axis=1))
    return f, (normal(89, 5, 7, scale=3.0),)


@program(atol=1e-5, rtol=1e-5)
def median_and_quantile():
    def f(x):
        return jnp.median(x, axis=1), jnp.quantile(x, 0.9, axis=0)
    return f, (normal(162, 5, 7, scale=3.0),)


@program(atol=1e-6, rtol=1e-5)
def dropout():
    def f(key, x):
        keep = jax.random.bernoulli(key, 0.8, x.shape)
        return jnp.where(keep, x / 0.8, 0.0)
    return f, (np.asarray(jax.random.key_data(jax.random.key(90))), normal(91, 4, 16))


@program(atol=1e-5, rtol=1e-4)
def dropout_train_step():
    def step(params, key, x, y):
        def loss(p):
            h = jax.nn.relu(dense(p["l1"], x))
            keep = jax.random.bernoulli(key, 0.9, h.shape)
            return mse(dense(p["l2"], jnp.where(keep, h / 0.9, 0.0)), y)
        loss_value, grads = jax.value_and_grad(loss)(params)
        return sgd(params, grads), loss_value
    return step, (mlp_params(92), np.asarray(jax.random.key_data(jax.random.key(93))),
                  normal(94, 4, 16), normal(95, 4, 8))


@program(atol=1e-6, rtol=1e-5)
def random_init():
    def init(key):
        k1, k2, k3 = jax.random.split(key, 3)
        return (jax.random.normal(k1, (4, 8)), jax.random.uniform(k2, (8,), minval=-1.0),
                jax.random.randint(k3, (6,), 0, 10), jax.random.permutation(k3, 8))
    return init, (np.asarray(jax.random.key_data(jax.random.key(96))),)


@program(atol=1e-6, rtol=1e-5)
def random_rbg():
    """jax.random with the "rbg" and "unsafe_rbg" implementations, which draw
    their bits with stablehlo.rng_bit_generator."""
    def f(rbg_key, unsafe_key, x):
        key = jax.random.wrap_key_data(rbg_key, impl="rbg")
        keep = jax.random.bernoulli(key, 0.8, x.shape)
        unsafe = jax.random.wrap_key_data(unsafe_key, impl="unsafe_rbg")
        k1, k2 = jax.random.split(unsafe)
        return (jnp.where(keep, x / 0.8, 0.0), jax.random.uniform(k1, (5, 3)),
                jax.random.randint(k2, (7,), -4, 9), jax.random.bits(key, (3, 5)))
    return f, (np.asarray(jax.random.key_data(jax.random.key(97, impl="rbg"))),
               np.asarray(jax.random.key_data(jax.random.key(98, impl="unsafe_rbg"))),
               normal(99, 4, 16))


@program(atol=0, rtol=0)
def gather_ops():
    def f(x, rows, cols):
        return (jnp.take_along_axis(x, cols[:, None], axis=1)[:, 0], x[rows, cols], x[rows],
                x[:, ::2], jnp.take(x, rows, axis=1, mode="clip"))
    return f, (normal(97, 6, 5), integers(98, 0, 5, 6), integers(99, 0, 5, 6))


@program(atol=1e-6, rtol=1e-5)
def scatter_ops():
    def f(x, ids, updates):
        return (x.at[ids].add(updates), x.at[ids].set(updates), x.at[ids].max(updates),
                x.at[ids, 0].multiply(2.0), jax.ops.segment_sum(updates, ids, num_segments=8))
    return f, (normal(100, 8, 3), integers(101, 0, 8, 5), normal(102, 5, 3))


@program(atol=0, rtol=0)
def where_and_masks():
    def f(x, y, lengths):
        mask = jnp.arange(x.shape[1])[None] < lengths[:, None]
        return (jnp.where(mask, x, y), jnp.where(x > y, x - y, 0.0), jnp.clip(x, -1.0, 1.0),
                jnp.any(x > 2.0, axis=1), jnp.all(mask, axis=0), jnp.nonzero(mask, size=4)[1])
    return f, (normal(103, 4, 6), normal(104, 4, 6), integers(105, 0, 7, 4))


@program(atol=1e-5, rtol=1e-4)
def einsum_ops():
    def f(a, b, c, v):
        return (jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("ij,kj->ik", a[0], c),
                jnp.einsum("bij->bj", a), jnp.einsum("i,i->", v, v), jnp.einsum("i,j->ij", v, v),
                jnp.einsum("bij,ij->b", a, c))
    return f, (normal(106, 2, 3, 4), normal(107, 2, 4, 5), normal(108, 3, 4), normal(109, 4))


@program(atol=0, rtol=0)
def integer_ops():
    def f(a, b):
        b = jnp.where(b == 0, 1, b)
        return (a + b * 3, a // b, a % b, jnp.abs(a), a & b, a | b, a ^ b, a << 2, a >> 1,
                jnp.maximum(a, b), jnp.sign(a), jnp.sum(a, axis=0), a.astype(jnp.float32) / 2)
    return f, (integers(110, -50, 50, 4, 5), integers(111, -7, 7, 4, 5))


@program(atol=0, rtol=0)
def unsigned_and_small_ints():
    def f(a, b, c):
        return (a + b, a * 3, (a >> 2).astype(jnp.int32), b.astype(jnp.int8) - c,
                c.astype(jnp.int16) * 300,
                jnp.bitwise_not(a), lax.population_count(a))
    return f, (integers(112, 0, 255, 8, dtype=np.uint8), integers(113, 0, 255, 8, dtype=np.uint8),
               integers(114, -100, 100, 8, dtype=np.int8))


@program(atol=0.02, rtol=0.01)
def int8_quantized_matmul():
    def f(x, w_q, w_scale):
        x_scale = jnp.max(jnp.abs(x), axis=1, keepdims=True) / 127.0
        x_q = jnp.clip(jnp.round(x / x_scale), -127, 127).astype(jnp.int8)
        acc = lax.dot(x_q, w_q, preferred_element_type=jnp.int32)
        return acc.astype(jnp.float32) * x_scale * w_scale, x_q
    return f, (normal(115, 4, 16), integers(116, -127, 128, 16, 8, dtype=np.int8),
               np.abs(normal(117, 8, scale=0.01)))


@program(atol=1e-2, rtol=1e-2)
def f16_mlp():
    def f(params, x):
        return mlp(jax.tree_util.tree_map(lambda p: p.astype(jnp.float16), params),
                   x.astype(jnp.float16))
    return f, (mlp_params(118), normal(119, 4, 16))


@program(atol=1e-3, rtol=1e-3)
def mixed_precision_train_step():
    """f16 compute with f32 master weights and a scaled loss."""
    def step(params, x, y, loss_scale):
        def loss(p):
            half = jax.tree_util.tree_map(lambda t: t.astype(jnp.float16), p)
            prediction = mlp(half, x.astype(jnp.float16)).astype(jnp.float32)
            return mse(prediction, y) * loss_scale
        scaled_loss, grads = jax.value_and_grad(loss)(params)
        grads = jax.tree_util.tree_map(lambda g: g / loss_scale, grads)
        finite = jnp.all(jnp.array([jnp.all(jnp.isfinite(g))
                                    for g in jax.tree_util.tree_leaves(grads)]))
        return sgd(params, grads), scaled_loss / loss_scale, finite
    return step, (mlp_params(120), normal(121, 4, 16), normal(122, 4, 8), np.float32(128.0))


@program(atol=1e-3, rtol=1e-3)
def f16_ops():
    def f(x, y):
        return (jnp.exp(x), jnp.tanh(x) * y, jax.nn.softmax(x, axis=-1), jnp.sum(x, axis=0),
                (x @ y.T), x.astype(jnp.float32))
    return f, (normal(123, 4, 8, dtype=np.float16), normal(124, 4, 8, dtype=np.float16))


@program(atol=1e-5, rtol=1e-4, batch_sizes=[1, 5])
def symbolic_batch_mlp(batch):
    return mlp, (mlp_params(125), normal(126 + batch, batch, 16))


@program(atol=1e-4, rtol=1e-4, batch_sizes=[2, 3])
def symbolic_batch_attention(batch):
    return transformer_block, (transformer_params(130, 8, 16), normal(131 + batch, batch, 4, 8))


@program(atol=1e-4, rtol=1e-4, batch_sizes=[2, 5])
def symbolic_batch_fft(batch):
    """Spectra of a symbolic batch of signals: stablehlo.fft of each type on
    a dynamic batch dimension."""
    def f(window, x, images):
        spectrum = jnp.fft.rfft(x * window)
        return (spectrum, jnp.fft.irfft(spectrum * 0.5, n=16), jnp.fft.fft2(images),
                jnp.fft.ifft(images, axis=-1))
    images = (normal(141 + batch, batch, 4, 6) + 1j * normal(142 + batch, batch, 4, 6))
    return f, (np.hanning(16).astype(np.float32), normal(140 + batch, batch, 16),
               images.astype(np.complex64))


@program(atol=0, rtol=0, batch_sizes=[3, 6])
def symbolic_batch_rng_bits(batch):
    """lax.rng_bit_generator into a symbolic batch, which jax.export prints
    as custom_call @stablehlo.dynamic_rng_bit_generator: THREE_FRY and
    PHILOX, 8-, 16- and 32-bit words. At batch 3 no dimension of (b, 5) is
    even, at 6 the first is: Threefry halves a different one."""
    def f(keys, x):
        shape = x.shape
        outputs = []
        for algorithm, key in zip((lax.RandomAlgorithm.RNG_THREE_FRY,
                                   lax.RandomAlgorithm.RNG_PHILOX), keys):
            for dtype in (jnp.uint32, jnp.uint16, jnp.uint8):
                key, bits = lax.rng_bit_generator(key, shape, dtype=dtype, algorithm=algorithm)
                outputs += [key, bits]
        return outputs
    keys = (np.array([7, 11, 0, 5], np.uint32), np.array([13, 2**32 - 3, 1, 9], np.uint32))
    return f, (keys, np.zeros((batch, 5), np.float32))


@program(atol=1e-5, rtol=1e-4)
def while_loop_newton():
    def sqrt_newton(x):
        def body(i, y):
            return 0.5 * (y + x / y)
        return lax.fori_loop(0, 8, body, jnp.ones_like(x))

    def until_small(x):
        return lax.while_loop(lambda s: jnp.max(s[0]) > 1.0, lambda s: (s[0] / 2, s[1] + 1),
                              (x, jnp.int32(0)))
    return (lambda x: (sqrt_newton(x), until_small(x))), (np.abs(normal(135, 10)) + 0.5,)


@program(atol=1e-6, rtol=1e-5)
def cond_branches():
    def f(x, use_relu):
        y = lax.cond(use_relu, jax.nn.relu, jnp.tanh, x)
        z = lax.switch(jnp.argmax(jnp.sum(x, axis=1)) % 3, [jnp.sin, jnp.cos, jnp.exp], x)
        return y, z
    return f, (normal(136, 3, 4), np.bool_(True))


@program(atol=1e-5, rtol=1e-4)
def per_example_grads():
    def loss(params, x, y):
        return jnp.sum((dense(params, x) - y) ** 2)
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))
    return grads, (dense_params(137, 6, 3), normal(138, 5, 6), normal(139, 5, 3))


@program(atol=1e-5, rtol=1e-4)
def adam_step():
    def step(params, m, v, count, x, y):
        grads = jax.grad(lambda p: mse(dense(p, x), y))(params)
        count = count + 1
        m = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
        v = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g * g, v, grads)
        m_hat_scale = 1 / (1 - 0.9 ** count.astype(jnp.float32))
        v_hat_scale = 1 / (1 - 0.999 ** count.astype(jnp.float32))
        params = jax.tree_util.tree_map(
            lambda p, m, v: p - 1e-2 * m * m_hat_scale / (jnp.sqrt(v * v_hat_scale) + 1e-8),
            params, m, v)
        return params, m, v, count
    params = dense_params(140, 8, 4)
    zeros = jax.tree_util.tree_map(np.zeros_like, params)
    return step, (params, zeros, zeros, np.int32(0), normal(142, 6, 8), normal(143, 6, 4))


@program(atol=1e-5, rtol=1e-4)
def clip_by_global_norm():
    def f(grads, max_norm):
        norm = jnp.sqrt(sum(jnp.sum(g * g) for g in jax.tree_util.tree_leaves(grads)))
        scale = jnp.minimum(1.0, max_norm / norm)
        return jax.tree_util.tree_map(lambda g: g * scale, grads), norm
    return f, (mlp_params(144), np.float32(1.0))


@program(atol=1e-5, rtol=1e-4)
def data_parallel_sgd_step():
    """A data-parallel training step: the gradients' mean over the devices
    (an all_reduce), here on a mesh of the one CPU device."""
    mesh = jax.make_mesh((1,), ("data",))

    def local_step(params, x, y):
        grads = jax.grad(lambda p: mse(dense(p, x), y))(params)
        return sgd(params, lax.pmean(grads, "data"))
    replicated = jax.sharding.PartitionSpec()
    step = jax.shard_map(local_step, mesh=mesh, in_specs=replicated, out_specs=replicated,
                         check_vma=False)
    return step, (dense_params(163, 4, 2), normal(164, 6, 4), normal(165, 6, 2))


@program(atol=0, rtol=0)
def accuracy_and_one_hot():
    def f(logits, labels):
        predictions = jnp.argmax(logits, axis=-1)
        return (jnp.mean(predictions == labels), jax.nn.one_hot(labels, logits.shape[-1]),
                jnp.bincount(predictions, length=logits.shape[-1]))
    return f, (normal(145, 8, 5), integers(146, 0, 5, 8))


@program(atol=1e-5, rtol=1e-4)
def patchify_vit_embed():
    """A ViT's patch embedding: reshape and transpose into patches, a
    projection, a class token and position embeddings."""
    def f(images, w, cls, pos):
        b, h, w_, c = images.shape
        patches = images.reshape(b, h // 4, 4, w_ // 4, 4, c).transpose(0, 1, 3, 2, 4, 5)
        tokens = patches.reshape(b, -1, 4 * 4 * c) @ w
        tokens = jnp.concatenate([jnp.broadcast_to(cls, (b, 1, w.shape[1])), tokens], axis=1)
        return jnp.pad(tokens + pos, ((0, 0), (0, 1), (0, 0)))
    return f, (normal(147, 2, 8, 8, 3), normal(148, 48, 16, scale=0.1), normal(149, 1, 1, 16),
               normal(150, 5, 16))


@program(atol=1e-5, rtol=1e-4)
def image_resize():
    def f(images):
        return (jax.image.resize(images, (1, 8, 8, 2), "bilinear"),
                jax.image.resize(images, (1, 2, 2, 2), "nearest"))
    return f, (normal(151, 1, 4, 4, 2),)


@program(atol=1e-4, rtol=1e-4)
def triangular_solve():
    def f(a, b):
        lower = jnp.tril(a) + 4 * jnp.eye(a.shape[0])
        return (jax.scipy.linalg.solve_triangular(lower, b, lower=True),
                jax.scipy.linalg.solve_triangular(lower.T, b, lower=False))
    return f, (normal(152, 5, 5), normal(153, 5, 3))


@program(atol=1e-4, rtol=1e-4)
def cholesky_solve():
    def f(a, b):
        spd = a @ a.T + 5 * jnp.eye(a.shape[0])
        factor = jax.scipy.linalg.cho_factor(spd, lower=True)
        return jax.scipy.linalg.cho_solve(factor, b), jnp.linalg.cholesky(spd)
    return f, (normal(154, 4, 4), normal(155, 4, 2))


@program(atol=1e-5, rtol=1e-5)
def map_over_rows():
    def f(x):
        scaled = lax.map(lambda row: (jnp.max(row) - row) * jnp.sum(row), x)
        return scaled, jax.vmap(jnp.polyval, (None, 0))(jnp.array([1.0, -2.0, 0.5]), x)
    return f, (normal(156, 4, 5),)


@program(atol=1e-5, rtol=1e-4)
def normalize_and_distances():
    def f(x, y):
        unit = x / jnp.linalg.norm(x, axis=-1, keepdims=True)
        squared = jnp.sum(x ** 2, 1)[:, None] + jnp.sum(y ** 2, 1)[None] - 2 * x @ y.T
        return unit, jnp.sqrt(jnp.maximum(squared, 0.0)), jnp.linalg.norm(x, ord=1, axis=0)
    return f, (normal(157, 5, 4), normal(158, 3, 4))


@program(atol=1e-4, rtol=1e-4)
def hessian_vector_product():
    def loss(w, x):
        return jnp.sum(jnp.tanh(x @ w) ** 2)

    def hvp(w, x, v):
        return jax.jvp(lambda w_: jax.grad(loss)(w_, x), (w,), (v,))[1]
    return hvp, (normal(159, 4, 3), normal(160, 5, 4), normal(161, 4, 3))


@program(atol=1e-4, rtol=1e-4)
def spectral_filter():
    """Filtering in the frequency domain: rfft, a learned per-frequency gain,
    irfft; a 2-D power spectrum; a complex round trip through fft2/ifft2."""
    def f(signal, gain, image):
        filtered = jnp.fft.irfft(jnp.fft.rfft(signal) * gain, n=signal.shape[-1])
        power = jnp.abs(jnp.fft.rfft2(image)) ** 2
        complex_image = image + 1j * image[:, ::-1]
        return filtered, power, jnp.fft.ifft2(jnp.fft.fft2(complex_image) * 0.5)
    return f, (normal(170, 3, 16), normal(171, 9), normal(172, 6, 8))


@program(atol=1e-4, rtol=1e-4)
def spectral_filter_grad():
    """The gradient of a frequency-domain filter's loss: the transposes of
    rfft and irfft are Fourier transforms too."""
    def loss(gain, signal, target):
        filtered = jnp.fft.irfft(jnp.fft.rfft(signal) * gain, n=signal.shape[-1])
        return jnp.mean((filtered - target) ** 2)
    return jax.grad(loss), (normal(173, 9), normal(174, 4, 16), normal(175, 4, 16))


# --- writing the corpus ----------------------------------------------------

def lower_jit(function, args):
    jitted = jax.jit(function, keep_unused=True)
    text = jitted.lower(*args).as_text()
    return text, [[args, jitted(*args)]]


def lower_symbolic_batch(builder, batch_sizes):
    """Exports with the first dimension of the data arguments (all but the
    first, the parameters) the symbolic `b`; runs at each batch size."""
    function, (params, *data) = builder(batch_sizes[0])
    # One scope, so that every data argument's `b` is the same dimension.
    scope = jax_export.SymbolicScope()

    def spec(leaf, batched):
        dims = ["b"] + [str(d) for d in leaf.shape[1:]] if batched else None
        shape = (jax_export.symbolic_shape(", ".join(dims), scope=scope) if batched
                 else leaf.shape)
        return jax.ShapeDtypeStruct(shape, leaf.dtype)
    specs = (jax.tree_util.tree_map(lambda leaf: spec(leaf, False), params),
             *jax.tree_util.tree_map(lambda leaf: spec(leaf, True), data))
    exported = jax_export.export(jax.jit(function, keep_unused=True), platforms=["cpu"])(*specs)
    runs = []
    for batch in batch_sizes:
        _, args = builder(batch)
        runs.append([args, exported.call(*args)])
    return without_locations(exported.mlir_module()), runs


def without_locations(text):
    """jax.export's module carries the source locations of this script (its
    path on the machine that ran it); the corpus stays free of them, like
    `as_text()`'s, so that a diagnostic names a line of program.mlir."""
    with jax_mlir.make_ir_context():
        return ir.Module.parse(text).operation.get_asm(enable_debug_info=False)


def write_program(name, spec, out_dir, old_meta):
    if spec["batch_sizes"]:
        text, runs = lower_symbolic_batch(spec["builder"], spec["batch_sizes"])
    else:
        text, runs = lower_jit(*spec["builder"]())
    os.makedirs(out_dir)
    with open(os.path.join(out_dir, "program.mlir"), "w") as f:
        f.write(text)
    meta = {"atol": spec["atol"], "rtol": spec["rtol"], "runs": []}
    for run_index, (args, outputs) in enumerate(runs):
        suffix = "_b%d" % spec["batch_sizes"][run_index] if spec["batch_sizes"] else ""
        files = {"inputs": [], "expected": []}
        for kind, prefix, values in (("inputs", "in", args), ("expected", "expected", outputs)):
            for i, value in enumerate(jax.tree_util.tree_leaves(values)):
                file_name = "%s%d%s.npy" % (prefix, i, suffix)
                np.save(os.path.join(out_dir, file_name), np.asarray(value))
                files[kind].append(file_name)
        meta["runs"].append(files)
    if spec["batch_sizes"]:
        meta["batch_sizes"] = spec["batch_sizes"]
    if "expected_failure" in old_meta:
        meta["expected_failure"] = old_meta["expected_failure"]
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=CORPUS_DIR,
                        help="the corpus directory (default: %(default)s)")
    parser.add_argument("names", nargs="*", help="regenerate only these programs")
    args = parser.parse_args()
    unknown = sorted(set(args.names) - set(PROGRAMS))
    if unknown:
        parser.error("no program named " + ", ".join(unknown))
    for name in args.names or sorted(PROGRAMS):
        out_dir = os.path.join(args.out, name)
        old_meta = {}
        if os.path.exists(os.path.join(out_dir, "meta.json")):
            with open(os.path.join(out_dir, "meta.json")) as f:
                old_meta = json.load(f)
        if os.path.exists(out_dir):
            shutil.rmtree(out_dir)
        write_program(name, PROGRAMS[name], out_dir, old_meta)
        print("wrote", os.path.relpath(out_dir, ROOT), flush=True)
    print("%d programs, jax %s" % (len(args.names or PROGRAMS), jax.__version__))


if __name__ == "__main__":
    main()
