#!/usr/bin/python3
"""CPU benchmarks: disc against XLA (jax.jit) and IREE (llvm-cpu), with numpy as a roofline.

Every program is a JAX function whose weights are arguments. Its StableHLO,
`jax.jit(f).lower(*args).as_text()`, is what disc-compile and IREE's llvm-cpu
backend both compile, and all three run on the same inputs. disc's result is
checked against JAX's first (as is IREE's): a mismatch is a FAIL and is not
timed. Then rounds interleave the three (disc, XLA, IREE, disc, ...) so that
the load of a shared machine falls on each alike; a round times a batch of
runs of each (disc: `ral-run --benchmark=N`, its median; XLA and IREE: the
median of N calls after warm-up) and a program's time is the median of its
rounds. N is chosen per program and compiler so that a batch lasts about
--min-time seconds (one run for a slow program), and a slow program gets
fewer rounds to stay within --max-program-time.

numpy's sgemm (2048^3) and copy bandwidth (64 MiB, read + write) are measured
once in a subprocess, as rooflines for matmul and for the memory-bound
programs.

Needs the venv that scripts/bench/setup_peers.sh makes:

  "$(scripts/bench/setup_peers.sh | tail -1)" scripts/bench/cpu.py [--programs a,b] [--json out.json]

--baseline-build OTHER_BUILD times a second build of disc in the same rounds
("base"), an A/B of a change on a busy machine; --peers= leaves XLA and IREE
untimed (XLA still computes the reference).
"""

import argparse
import dataclasses
import importlib.metadata
import json
import math
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Relative to the largest |reference| value (or 1): f32 results of different
# summation orders and of approximate exp/tanh/rsqrt differ by far less.
TOLERANCE = 1e-3
LAYER_NORM_EPSILON = 1e-12
# OpenBLAS reads these at load time; set on this machine they slow numpy,
# which is only a roofline here, so its subprocess runs without them.
OPENBLAS_VARIABLES = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
MAX_REPETITIONS = 2000
TOOL_TIMEOUT_S = 1800

# Imported by import_peers(), not here, so that --help and the argument
# checks run without the venv.
np = jax = jnp = ireec = ireert = None


@dataclasses.dataclass
class Program:
    fn: Callable
    args: tuple  # pytrees of numpy arrays; their leaves are the module's arguments in order
    unit: str = "ms"  # or GFLOP/s (work = flops) or GB/s (work = bytes)
    work: float = 0.0
    numpy_peer: str = ""  # "sgemm" or "copy"
    mlir: str = ""  # StableHLO text, where it is not jax.jit(fn).lower(*args)
    tolerance: float = TOLERANCE  # relative to the largest |reference| value (or 1)


# --- programs ----------------------------------------------------------------

def normal(rng, shape, scale=1.0, offset=0.0):
    return (rng.standard_normal(shape, dtype=np.float32) * np.float32(scale) + np.float32(offset))


def dense_params(rng, fan_in, fan_out):
    # Unit-variance activations throughout (not a trained model's small
    # weights, under which deep layers are nearly the identity), so the check
    # against JAX sees every part of a program.
    return [normal(rng, (fan_in, fan_out), 1 / math.sqrt(fan_in)), normal(rng, (fan_out,), 0.1)]


def norm_params(rng, width):
    return [normal(rng, (width,), 0.1, 1.0), normal(rng, (width,), 0.1)]


def layer_norm(x, gamma, beta):
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(variance + LAYER_NORM_EPSILON) * gamma + beta


def bert_layer(x, p, heads=12):
    """A post-LayerNorm BERT encoder layer, no mask; tanh GELU because exact
    GELU lowers to chlo.erf, which disc does not compile yet."""
    batch, seq, width = x.shape
    head = width // heads

    def split(t):
        return t.reshape(batch, seq, heads, head).transpose(0, 2, 1, 3)
    q, k, v = (split(x @ w + b) for w, b in (p[0:2], p[2:4], p[4:6]))
    probs = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / math.sqrt(head), axis=-1)
    context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, width)
    first = layer_norm(context @ p[6] + p[7] + x, p[8], p[9])
    up = jax.nn.gelu(first @ p[10] + p[11], approximate=True)
    return layer_norm(up @ p[12] + p[13] + first, p[14], p[15])


def bert(rng, batch, layers, seq=128, width=768, ffn=3072):
    # Per layer: q, k, v and output projections, LayerNorm, FFN up and down, LayerNorm.
    params = [[w for _ in range(4) for w in dense_params(rng, width, width)] + norm_params(rng, width)
              + dense_params(rng, width, ffn) + dense_params(rng, ffn, width) + norm_params(rng, width)
              for _ in range(layers)]

    def forward(x, params):
        for p in params:
            x = bert_layer(x, p)
        return x
    return Program(forward, (normal(rng, (batch, seq, width)), params))


def conv_bn(x, p, stride=1):
    """A convolution (HWIO weights, 'same' padding) and an inference
    batchnorm folded into a per-channel scale and shift."""
    w, scale, shift = p
    pad = (w.shape[0] - 1) // 2
    y = jax.lax.conv_general_dilated(x, w, (stride, stride), [(pad, pad)] * 2,
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return y * scale + shift


def conv_bn_params(rng, size, channels_in, channels_out):
    return [normal(rng, (size, size, channels_in, channels_out), math.sqrt(2 / (size * size * channels_in))),
            normal(rng, (channels_out,), 0.1, 1.0), normal(rng, (channels_out,), 0.1)]


def basic_block(x, p, stride=1):
    y = conv_bn(jax.nn.relu(conv_bn(x, p[0], stride)), p[1])
    shortcut = conv_bn(x, p[2], stride) if len(p) == 3 else x
    return jax.nn.relu(y + shortcut)


def resnet_block(rng, batch):
    params = [conv_bn_params(rng, 3, 64, 64), conv_bn_params(rng, 3, 64, 64)]
    return Program(basic_block, (normal(rng, (batch, 56, 56, 64)), params))


def resnet18(rng, batch, classes=1000):
    stem = conv_bn_params(rng, 7, 3, 64)
    blocks, channels = [], 64
    for width in (64, 128, 256, 512):
        for index in range(2):
            stride = 2 if index == 0 and width != 64 else 1
            p = [conv_bn_params(rng, 3, channels, width), conv_bn_params(rng, 3, width, width)]
            if stride != 1:
                p.append(conv_bn_params(rng, 1, channels, width))
            blocks.append(p)
            channels = width
    head = dense_params(rng, channels, classes)

    def forward(x, stem, blocks, head):
        x = jax.nn.relu(conv_bn(x, stem, 2))
        x = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 2, 2, 1),
                                  [(0, 0), (1, 1), (1, 1), (0, 0)])
        for p in blocks:
            # The first block of a stage halves the size where it has a 1x1 shortcut.
            x = basic_block(x, p, 2 if len(p) == 3 else 1)
        return x.mean(axis=(1, 2)) @ head[0] + head[1]
    return Program(forward, (normal(rng, (batch, 224, 224, 3)), stem, blocks, head))


def mlp_forward(x, params):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    return x @ params[-1][0] + params[-1][1]


def mlp_params(rng, widths=(784, 2048, 2048, 10)):
    return [dense_params(rng, a, b) for a, b in zip(widths, widths[1:])]


def dynamic_mlp(rng):
    """The MLP compiled once for any batch and run at batch 1.

    jax.export with a symbolic batch prints the module with ?x784 inputs,
    plus a stablehlo.custom_call @shape_assertion that checks b >= 1 at run
    time; no compiler but XLA knows that call, so its line is taken out (the
    get_dimension_size and compare that fed it are then dead code)."""
    params = mlp_params(rng)
    specs = (jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 784"), jnp.float32),
             jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), params))
    text = jax.export.export(jax.jit(mlp_forward))(*specs).mlir_module()
    return Program(mlp_forward, (normal(rng, (1, 784)), params), mlir=without_shape_assertion(text))


def without_shape_assertion(text):
    return re.sub(r"^.*stablehlo\.custom_call @shape_assertion.*\n", "", text, flags=re.M)


def symbolic_batch_module(fn, args):
    """fn exported with the first dimension of its last argument the
    symbolic `b`, without the @shape_assertion line (as dynamic_mlp)."""
    specs = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in args]
    specs[-1] = jax.ShapeDtypeStruct(
        jax.export.symbolic_shape(", ".join(["b"] + [str(d) for d in args[-1].shape[1:]])),
        args[-1].dtype)
    return without_shape_assertion(jax.export.export(jax.jit(fn))(*specs).mlir_module())


def dynamic_rng_bits(rng, algorithm, shape=(2048, 2048)):
    """jax.lax.rng_bit_generator into a symbolic batch (custom_call
    @stablehlo.dynamic_rng_bit_generator), run at `shape`: the static
    rng_bits_* programs' work on a shape known at run time."""
    def bits(key, like):
        return jax.lax.rng_bit_generator(key, like.shape, dtype=jnp.uint32, algorithm=algorithm)[1]
    args = (np.array([1, 2, 3, 4], np.uint32), np.zeros(shape, np.float32))
    return Program(bits, args, "GB/s", 4.0 * math.prod(shape),
                   mlir=symbolic_batch_module(bits, args))


def static_rng_bits(rng, algorithm, shape=(2048, 2048)):
    def bits(key):
        return jax.lax.rng_bit_generator(key, shape, dtype=jnp.uint32, algorithm=algorithm)[1]
    return Program(bits, (np.array([1, 2, 3, 4], np.uint32),), "GB/s", 4.0 * math.prod(shape))


def matmul(rng, n=2048):
    return Program(jnp.matmul, (normal(rng, (n, n)), normal(rng, (n, n))), "GFLOP/s", 2.0 * n ** 3, "sgemm")


def narrow_matmul(rng, dtype, result_dtype, n=1024):
    """n^3 with f16 or bf16 operands (converted in the program: a .npy holds
    no bf16) into `result_dtype`, returned as f32. A narrow result is
    rounded once from an f32 sum by every compiler, in different orders:
    a unit in its last place apart (2^-8 relative for bf16)."""
    def product(a, b):
        return jnp.matmul(a.astype(dtype), b.astype(dtype),
                          preferred_element_type=result_dtype).astype(jnp.float32)
    tolerance = TOLERANCE if result_dtype == jnp.float32 else 1e-2
    return Program(product, (normal(rng, (n, n)), normal(rng, (n, n))), "GFLOP/s", 2.0 * n ** 3,
                   tolerance=tolerance)


def vector_product(rng, transposed_weight, rows=1, width=1024, outputs=4096):
    """A batch-`rows` dense layer (rows=0: a matrix times a vector), bound by
    reading its 16 MiB of weights: x * W, or x * W^T with W as [out, in]
    (torch's layout) where `transposed_weight`."""
    weight = normal(rng, (outputs, width) if transposed_weight else (width, outputs))
    x = normal(rng, (rows, width) if rows else (width,))
    if rows:
        fn = (lambda x, w: x @ w.T) if transposed_weight else (lambda x, w: x @ w)
    else:
        fn = lambda x, w: w @ x
    return Program(fn, (x, weight), "GB/s", 4.0 * weight.size, "copy")


def dense_weight_t(rng, rows, width=1024, outputs=4096):
    """x * W^T at a batch of `rows`, W as [out, in]: a matrix product, which
    reads W in place or from a transposed copy."""
    weight = normal(rng, (outputs, width))
    return Program(lambda x, w: x @ w.T, (normal(rng, (rows, width)), weight), "GFLOP/s",
                   2.0 * rows * width * outputs, "sgemm")


def transpose(rng, shape, permutation):
    """A transpose that stays a copy, bound by reading and writing it once."""
    x = normal(rng, shape)
    return Program(lambda x: jnp.transpose(x, permutation), (x,), "GB/s", 2 * 4 * math.prod(shape), "copy")


def elementwise(rng, n=16 << 20):
    def chain(a, b):
        t = jnp.minimum(jnp.maximum((a * b + a) - b, a), b)
        return -jnp.abs(t) * a
    return Program(chain, (normal(rng, (n,)), normal(rng, (n,))), "GB/s", 3 * 4 * n, "copy")


def rows(rng, fn, extra=(), shape=(8192, 768)):
    # A row op reads its input and writes its output once; the per-column
    # parameters are negligible beside them.
    return Program(fn, (normal(rng, shape),) + tuple(e(rng) for e in extra), "GB/s", 2 * 4 * math.prod(shape),
                   "copy")


def reduction(rng, axis, shape=(8192, 768)):
    # A sum reads its input once; the output is a row or a column of it.
    return Program(lambda x: jnp.sum(x, axis=axis), (normal(rng, shape),), "GB/s", 4 * math.prod(shape),
                   "copy")


def batch_norm_statistics(rng, shape=(8, 112, 112, 64)):
    # Batch norm's training statistics of an NHWC activation: per-channel
    # reductions over N, H and W, which read the input (twice: the variance
    # reads it against the mean), stacked into one result.
    def statistics(x):
        return jnp.stack([jnp.mean(x, axis=(0, 1, 2)), jnp.var(x, axis=(0, 1, 2))])
    return Program(statistics, (normal(rng, shape),), "GB/s", 2 * 4 * math.prod(shape), "copy")


def single_op_module(name, operand_types, result_type, op_text):
    """A module whose @main applies one op to its arguments, for ops that
    jax.jit lowers to LAPACK custom calls on the CPU instead."""
    arguments = ", ".join("%%arg%d: %s" % (i, t) for i, t in enumerate(operand_types))
    return ("module @jit_%s {\n  func.func public @main(%s) -> %s {\n    %%0 = %s\n"
            "    return %%0 : %s\n  }\n}\n" % (name, arguments, result_type, op_text, result_type))


def triangular_solve(rng, n=1024, columns=256):
    # Unit diagonal and small entries below it: well conditioned.
    a = np.tril(normal(rng, (n, n), 1.0 / n)) + np.eye(n, dtype=np.float32)
    b = normal(rng, (n, columns))
    a_type, b_type = "tensor<%dx%dxf32>" % (n, n), "tensor<%dx%dxf32>" % (n, columns)
    text = single_op_module(
        "triangular_solve", (a_type, b_type), b_type,
        '"stablehlo.triangular_solve"(%%arg0, %%arg1) {left_side = true, lower = true, '
        "unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (%s, %s) -> %s"
        % (a_type, b_type, b_type))
    return Program(lambda a, b: jax.lax.linalg.triangular_solve(a, b, left_side=True, lower=True),
                   (a, b), "GFLOP/s", float(n) * n * columns, mlir=text)


def cholesky(rng, n=1024):
    m = normal(rng, (n, n))
    a = (m @ m.T / n + np.eye(n, dtype=np.float32)).astype(np.float32)
    a_type = "tensor<%dx%dxf32>" % (n, n)
    text = single_op_module("cholesky", (a_type,), a_type,
                            "stablehlo.cholesky %%arg0, lower = true : %s" % a_type)
    return Program(jax.lax.linalg.cholesky, (a,), "GFLOP/s", n ** 3 / 3.0, mlir=text)


def cumsum(rng, n=16 << 20):
    # jnp.cumsum prints a reduce_window over all n elements: a scan reads and
    # writes each element once.
    return Program(jnp.cumsum, (normal(rng, (n,)),), "GB/s", 2 * 4 * n, "copy")


def max_pool(rng, shape=(8, 112, 112, 64)):
    def pool(x):
        return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    out = shape[0] * (shape[1] // 2) * (shape[2] // 2) * shape[3]
    return Program(pool, (normal(rng, shape),), "GB/s", 4 * (math.prod(shape) + out), "copy")


def embedding_indices(rng, rows, count):
    return rng.integers(0, rows, size=count).astype(np.int32)


def gather_rows(rng, rows=65536, width=128, count=131072):
    # An embedding lookup: each index copies one row of the table.
    table = normal(rng, (rows, width))
    return Program(lambda t, i: jnp.take(t, i, axis=0, mode="clip"),
                   (table, embedding_indices(rng, rows, count)), "GB/s",
                   2 * 4 * count * width + 4 * count, "copy")


def scatter_add_rows(rng, rows=65536, width=128, count=131072):
    # An embedding's gradient: each update row is added into the table row
    # its index names; the table is read and written once.
    table = normal(rng, (rows, width))
    updates = normal(rng, (count, width))
    return Program(lambda t, i, u: t.at[i].add(u),
                   (table, embedding_indices(rng, rows, count), updates), "GB/s",
                   4 * (count * width + 2 * rows * width + count), "copy")


def fft_flops(shape, real):
    """The customary count of an FFT's work, 5 n log2(n) per transform of n
    complex points (half for a real input), whatever algorithm runs."""
    n = math.prod(shape[1:])
    return shape[0] * (2.5 if real else 5.0) * n * math.log2(n)


def rfft_rows(rng, shape=(1024, 4096)):
    # A spectrogram's frames: each row of real samples transformed.
    return Program(jnp.fft.rfft, (normal(rng, shape),), "GFLOP/s", fft_flops(shape, True))


def fft2_images(rng, shape=(64, 256, 256)):
    x = (normal(rng, shape) + 1j * normal(rng, shape)).astype(np.complex64)
    return Program(jnp.fft.fft2, (x,), "GFLOP/s", fft_flops(shape, False))


PROGRAMS = {
    "bert_layer_b1": lambda rng: bert(rng, 1, 1),
    "bert_layer_b8": lambda rng: bert(rng, 8, 1),
    "resnet_block_b8": lambda rng: resnet_block(rng, 8),
    "mlp_b64": lambda rng: Program(mlp_forward, (normal(rng, (64, 784)), mlp_params(rng))),
    "matmul_2048": matmul,
    "elementwise_16m": elementwise,
    "softmax_8192x768": lambda rng: rows(rng, lambda x: jax.nn.softmax(x, axis=-1)),
    "layernorm_8192x768": lambda rng: rows(rng, layer_norm, (lambda r: normal(r, (768,), 0.1, 1.0),
                                                             lambda r: normal(r, (768,), 0.1))),
    "row_sum_8192x768": lambda rng: reduction(rng, 1),
    "col_sum_8192x768": lambda rng: reduction(rng, 0),
    "dyn_mlp_b1": dynamic_mlp,
    "bert12_b1": lambda rng: bert(rng, 1, 12),
    "bert12_b8": lambda rng: bert(rng, 8, 12),
    "resnet18_b1": lambda rng: resnet18(rng, 1),
    "resnet18_b8": lambda rng: resnet18(rng, 8),
    "triangular_solve_1024x256": triangular_solve,
    "cholesky_1024": cholesky,
    "cumsum_16m": cumsum,
    "batch_norm_stats_8x112x112x64": batch_norm_statistics,
    "max_pool_8x112x112x64": max_pool,
    "gather_rows_131072x128": gather_rows,
    "matmul_bf16_1024": lambda rng: narrow_matmul(rng, jnp.bfloat16, jnp.float32),
    "matmul_bf16_to_bf16_1024": lambda rng: narrow_matmul(rng, jnp.bfloat16, jnp.bfloat16),
    "matmul_f16_to_f16_1024": lambda rng: narrow_matmul(rng, jnp.float16, jnp.float16),
    "dense_b1_1024x4096": lambda rng: vector_product(rng, False),
    "dense_b1_weight_t_1024x4096": lambda rng: vector_product(rng, True),
    "matvec_4096x1024": lambda rng: vector_product(rng, True, rows=0),
    "dense_b64_weight_t_1024x4096": lambda rng: dense_weight_t(rng, 64),
    "scatter_add_rows_131072x128": scatter_add_rows,
    "rfft_1024x4096": rfft_rows,
    "fft2_64x256x256": fft2_images,
    "dyn_rfft_1024x4096": lambda rng: Program(
        jnp.fft.rfft, (normal(rng, (1024, 4096)),), "GFLOP/s", fft_flops((1024, 4096), True),
        mlir=symbolic_batch_module(jnp.fft.rfft, (normal(rng, (1024, 4096)),))),
    "rng_bits_threefry_2048x2048": lambda rng: static_rng_bits(rng, jax.lax.RandomAlgorithm.RNG_THREE_FRY),
    "dyn_rng_bits_threefry_2048x2048": lambda rng: dynamic_rng_bits(
        rng, jax.lax.RandomAlgorithm.RNG_THREE_FRY),
    "rng_bits_philox_2048x2048": lambda rng: static_rng_bits(rng, jax.lax.RandomAlgorithm.RNG_PHILOX),
    "dyn_rng_bits_philox_2048x2048": lambda rng: dynamic_rng_bits(
        rng, jax.lax.RandomAlgorithm.RNG_PHILOX),
    "transpose_4096x4096": lambda rng: transpose(rng, (4096, 4096), (1, 0)),
    "transpose_nchw_to_nhwc_8x64x112x112": lambda rng: transpose(rng, (8, 64, 112, 112), (0, 2, 3, 1)),
}


# --- the compilers -----------------------------------------------------------

def run_tool(argv):
    """subprocess.run, retried while a build beside this run relinks the tool
    (missing, busy, or failing to load its libraries)."""
    for attempt in range(3):
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=TOOL_TIMEOUT_S)
            if "error while loading shared libraries" not in proc.stderr:
                return proc
        except subprocess.TimeoutExpired:
            raise RuntimeError("timed out after %d s" % TOOL_TIMEOUT_S)
        except OSError:
            if attempt == 2:
                raise
        time.sleep(20)
    return proc


def first_line(text):
    return next((line.strip() for line in text.splitlines() if line.strip()), "(no message)")


class Disc:
    def __init__(self, build, work, flags=()):
        self.compiler = os.path.join(build, "bin", "disc-compile")
        self.flags = list(flags)
        self.runner = os.path.join(build, "bin", "ral-run")
        self.work = work

    def compile(self, name, text, leaves):
        """Compiles the program and writes its inputs, or raises with the
        compiler's first error line."""
        source, so = (os.path.join(self.work, name + ext) for ext in (".mlir", ".so"))
        with open(source, "w") as f:
            f.write(text)
        proc = run_tool([self.compiler, source, "--target-cpu=host", "-o", so] + self.flags)
        if proc.returncode != 0:
            # The message names the source by its path; its name is enough here.
            message = first_line(proc.stderr or proc.stdout).replace(self.work + os.sep, "")
            raise RuntimeError("cannot compile (%s)" % message)
        self.inputs = []
        for index, leaf in enumerate(leaves):
            self.inputs.append(os.path.join(self.work, "%s.in%d.npy" % (name, index)))
            np.save(self.inputs[-1], leaf)
        self.so, self.output = so, os.path.join(self.work, name + ".out.npy")

    def run_once(self):
        """The output of one run, and the run's wall time (loading the model
        and its inputs included: an upper bound, to size the first batch)."""
        start = time.perf_counter()
        self._ral_run(["--outputs", self.output])
        return np.load(self.output), time.perf_counter() - start

    def median_s(self, repetitions):
        out = self._ral_run(["--benchmark=%d" % repetitions])
        # benchmark 'main': N runs after W warm-up runs: min X us, median Y us, p90 Z us
        return float(re.search(r"median ([0-9.]+) us", out).group(1)) * 1e-6

    def _ral_run(self, extra):
        proc = run_tool([self.runner, self.so, "--inputs"] + self.inputs + extra)
        if proc.returncode != 0:
            raise RuntimeError("run failed (%s)" % first_line(proc.stderr or proc.stdout))
        return proc.stdout


def median_of_calls(call, repetitions):
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class Xla:
    def compile(self, program):
        jitted, args = jax.jit(program.fn), jax.device_put(program.args)
        self.call = lambda: jitted(*args).block_until_ready()
        return np.asarray(jitted(*args))

    def median_s(self, repetitions):
        return median_of_calls(self.call, repetitions)


class Iree:
    def compile(self, text, leaves):
        try:
            vmfb = ireec.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                     extra_args=["--iree-llvmcpu-target-cpu=host"])
        except ireec.CompilerToolError as error:
            # Its message starts with the command's exit status; then the diagnostics.
            raise RuntimeError("cannot compile (%s)" % first_line(str(error).split("Diagnostics:")[-1]))
        config = ireert.Config("local-task")
        context = ireert.SystemContext(config=config)
        module = ireert.VmModule.copy_buffer(context.instance, vmfb)
        context.add_vm_module(module)
        main = context.modules[module.name]["main"]
        # On the device beforehand, as disc's and XLA's inputs are: a call
        # times the program, not a copy of its inputs.
        args = [ireert.asdevicearray(config.device, leaf) for leaf in leaves]
        # The invocation returns once the results are ready (IREE's
        # synchronous wrapper of the program waits on its fence).
        self.call = lambda: main(*args)
        return main(*args).to_host()

    def median_s(self, repetitions):
        return median_of_calls(self.call, repetitions)


def check(got, want, tolerance):
    """Why `got` is not `want` within `tolerance` ("FAIL: ..."), or None."""
    if got.shape != want.shape:
        return "FAIL: shape %s, expected %s" % (got.shape, want.shape)
    scale = max(1.0, float(np.abs(want).max()))
    wide = got.astype(np.complex128 if np.iscomplexobj(got) else np.float64)
    error = float(np.abs(wide - want).max()) / scale
    return None if error <= tolerance else "FAIL: max error %.2g x max(1, |expected|) = %.3g" % (error, scale)


# --- one program -------------------------------------------------------------

def bench_program(name, args, disc, baseline):
    """A dict of the program's results: seconds per run of each compiler
    that passed its check, or why not."""
    program = PROGRAMS[name](np.random.default_rng(0))
    leaves = jax.tree.leaves(program.args)
    text = program.mlir or jax.jit(program.fn).lower(*program.args).as_text()
    result = {"unit": program.unit, "work": program.work, "numpy_peer": program.numpy_peer}
    timers, estimates = {}, {}

    xla = Xla()
    start = time.perf_counter()
    expected = xla.compile(program)
    result["xla_compile_s"] = time.perf_counter() - start
    if "xla" in args.peers:
        timers["xla"], estimates["xla"] = xla, xla.median_s(2)

    for peer, build in (("disc", disc), ("base", baseline)):
        if build is None:
            continue
        start = time.perf_counter()
        try:
            build.compile(name, text, leaves)
            result[peer + "_compile_s"] = time.perf_counter() - start
            got, estimates[peer] = build.run_once()
            result[peer + "_error"] = check(got, expected, program.tolerance)
            if not result[peer + "_error"]:
                timers[peer] = build
        except RuntimeError as error:
            result[peer + "_error"] = str(error)

    if "iree" in args.peers:
        iree = Iree()
        start = time.perf_counter()
        try:
            got = iree.compile(text, leaves)
            result["iree_compile_s"] = time.perf_counter() - start
            result["iree_error"] = check(got, expected, program.tolerance)
            if not result["iree_error"]:
                timers["iree"], estimates["iree"] = iree, iree.median_s(2)
        except RuntimeError as error:
            result["iree_error"] = str(error)

    return time_rounds(args, result, timers, estimates)


def time_rounds(args, result, timers, estimates):
    """`result` with the times of every peer in `timers`. Each round gives
    each compiler a batch of about --min-time seconds of runs, sized from
    its last round (at first, from `estimates`); rounds stop at --rounds or
    when another would pass --max-program-time."""
    samples = {peer: [] for peer in timers}
    repetitions = {}
    start = time.perf_counter()
    for done in range(1, args.rounds + 1):
        for peer in ("disc", "base", "xla", "iree"):
            if peer in timers:
                repetitions[peer] = max(1, min(MAX_REPETITIONS, round(args.min_time / estimates[peer])))
                estimates[peer] = timers[peer].median_s(repetitions[peer])
                samples[peer].append(estimates[peer])
        if (time.perf_counter() - start) * (done + 1) / done > args.max_program_time:
            break
    # On a shared machine, what else ran then tells how far to trust the figures.
    result["load_average_1min"] = os.getloadavg()[0]
    for peer, values in samples.items():
        result[peer + "_ms"] = statistics.median(values) * 1e3
        result[peer + "_rounds_ms"] = [v * 1e3 for v in values]
        result[peer + "_repetitions"] = repetitions[peer]
    return result


# --- numpy, the roofline -----------------------------------------------------

def numpy_peer():
    """Prints numpy's sgemm GFLOP/s, copy GB/s and its BLAS as JSON (run in
    a subprocess whose environment lacks OPENBLAS_VARIABLES)."""
    import numpy
    import threadpoolctl
    rng = numpy.random.default_rng(0)
    a, b = (rng.standard_normal((2048, 2048), dtype=numpy.float32) for _ in range(2))
    numpy.matmul(a, b)
    # Many runs: a build beside this one makes single sgemm runs vary by 2x.
    sgemm_s = median_of_calls(lambda: numpy.matmul(a, b), 21)
    source = numpy.ones(16 << 20, numpy.float32)
    destination = numpy.empty_like(source)
    numpy.copyto(destination, source)
    copy_s = median_of_calls(lambda: numpy.copyto(destination, source), 21)
    blas = [" ".join("%s" % info.get(key) for key in ("internal_api", "version"))
            + " (kernel %s, %s threads)" % (info.get("architecture"), info.get("num_threads"))
            for info in threadpoolctl.threadpool_info() if info["user_api"] == "blas"]
    print(json.dumps({"sgemm": 2 * 2048 ** 3 / sgemm_s / 1e9, "copy": 2 * source.nbytes / copy_s / 1e9,
                      "blas": ", ".join(blas) or "none found"}))


def measure_numpy():
    env = {k: v for k, v in os.environ.items() if k not in OPENBLAS_VARIABLES}
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--numpy-peer"], env=env,
                          capture_output=True, text=True, check=True)
    figures = json.loads(proc.stdout)
    # disc's runtime loads Debian's OpenBLAS for matrix products and runs
    # with the environment as it is, so the table says what that was.
    figures["unset"] = ["%s=%s" % (k, os.environ[k]) for k in OPENBLAS_VARIABLES if k in os.environ]
    return figures


# --- the table ---------------------------------------------------------------

def significant(value, digits=3):
    """value with `digits` significant digits, never in exponent form."""
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value)))) if value else 0
    return "%.*f" % (decimals, value)


def rate(result, peer):
    """The result of `peer` in the program's unit, or None."""
    ms = result.get(peer + "_ms")
    if ms is None:
        return None
    return ms if result["unit"] == "ms" else result["work"] / (ms * 1e-3) / 1e9


def table(results, numpy_figures, compared):
    """The results as a Markdown table: disc's and those of the peers in
    `compared` ("base", the baseline build, "xla", "iree"), and each
    peer's ms / disc's ms."""
    names = {"base": "base", "xla": "XLA", "iree": "IREE"}
    lines = ["| program | disc | %s | numpy | unit | %s |"
             % (" | ".join(names[peer] for peer in compared),
                " | ".join(names[peer] + "/disc" for peer in compared)),
             "|---|---|%s---|---|%s" % ("---|" * len(compared), "---|" * len(compared))]
    for name, result in results.items():
        cells = [name]
        for peer in ["disc"] + compared:
            value = rate(result, peer)
            cells.append(significant(value) if value is not None else
                         result.get(peer + "_error") or "not timed")
        peer = result["numpy_peer"]
        cells.append("%s %s" % (significant(numpy_figures[peer]), peer) if peer else "")
        cells.append(result["unit"])
        for peer in compared:
            if "disc_ms" in result and peer + "_ms" in result:
                cells.append(significant(result[peer + "_ms"] / result["disc_ms"], 2) + "x")
            else:
                cells.append("")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine_line(numpy_figures):
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    versions = ", ".join("%s %s" % (name, importlib.metadata.version(name))
                         for name in ("jax", "jaxlib", "iree-base-compiler", "iree-base-runtime", "numpy"))
    unset = ""
    if numpy_figures["unset"]:
        unset = " (without %s, which disc ran with)" % ", ".join(numpy_figures["unset"])
    return ("machine: nproc %d, %s, load average %s; %s; numpy's BLAS: %s%s"
            % (os.cpu_count(), model, " ".join("%.2f" % v for v in os.getloadavg()), versions,
               numpy_figures["blas"], unset))


# --- main --------------------------------------------------------------------

def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="programs: " + ", ".join(PROGRAMS))
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="build or install directory holding bin/disc-compile and bin/ral-run (default: build/)")
    parser.add_argument("--programs", default=",".join(PROGRAMS),
                        help="comma-separated program names (default: all)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per program, at most")
    parser.add_argument("--min-time", type=float, default=0.5,
                        help="seconds of runs of each compiler in a round (at least one run)")
    parser.add_argument("--max-program-time", type=float, default=120.0,
                        help="seconds of timing per program, fewer rounds for a slow one (at least one round)")
    parser.add_argument("--disc-flags", default="",
                        help="more disc-compile options, e.g. --disc-flags=--cpu-library=none "
                        "(the products compiled into the model rather than oneDNN/OpenBLAS calls)")
    parser.add_argument("--baseline-build", metavar="BUILD",
                        help="time this build's disc too, interleaved with --build's (with the same "
                        "--disc-flags): an A/B of two builds in one run")
    parser.add_argument("--peers", default="xla,iree",
                        help="comma-separated compilers to time besides disc: xla, iree or none "
                        "(--peers= ; XLA still computes the reference)")
    parser.add_argument("--json", help="write the raw numbers to this file")
    parser.add_argument("--work-dir", help="keep the .mlir, .so and .npy files here (default: a temporary dir)")
    parser.add_argument("--numpy-peer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.programs = [name for name in args.programs.split(",") if name]
    args.peers = [name for name in args.peers.split(",") if name]
    if set(args.peers) - {"xla", "iree"}:
        parser.error("--peers takes xla and iree, not %s" % ", ".join(set(args.peers) - {"xla", "iree"}))
    unknown = [name for name in args.programs if name not in PROGRAMS]
    if unknown:
        parser.error("unknown program(s) %s; known: %s" % (", ".join(unknown), ", ".join(PROGRAMS)))
    if args.rounds < 1 or args.min_time <= 0 or args.max_program_time <= 0:
        parser.error("--rounds, --min-time and --max-program-time must be positive")
    return args


def import_peers():
    global np, jax, jnp, ireec, ireert
    try:
        import numpy as np
        import jax
        import jax.numpy as jnp
        import iree.compiler as ireec
        import iree.runtime as ireert
    except ImportError as error:
        sys.exit("cpu.py: error: %s; make the venv with scripts/bench/setup_peers.sh and run this script "
                 "with the python it prints" % error)


def main():
    args = parse_args()
    if args.numpy_peer:
        return numpy_peer()
    import_peers()
    for build in filter(None, (args.build, args.baseline_build)):
        for tool in ("disc-compile", "ral-run"):
            if not os.access(os.path.join(build, "bin", tool), os.X_OK):
                sys.exit("cpu.py: error: no bin/%s in %s; build disc or name its build with --build"
                         % (tool, build))
    disc = Disc(os.path.abspath(args.build), args.work_dir or tempfile.mkdtemp(prefix="disc-bench-cpu-"),
                shlex.split(args.disc_flags))
    os.makedirs(disc.work, exist_ok=True)
    baseline = None
    if args.baseline_build:
        baseline = Disc(os.path.abspath(args.baseline_build), os.path.join(disc.work, "base"),
                        shlex.split(args.disc_flags))
        os.makedirs(baseline.work, exist_ok=True)
    numpy_figures = measure_numpy()
    results = {}
    for name in args.programs:
        print("%s ..." % name, file=sys.stderr, flush=True)
        results[name] = bench_program(name, args, disc, baseline)
        print("  %s" % json.dumps({k: v for k, v in results[name].items() if not k.endswith("rounds_ms")}),
              file=sys.stderr, flush=True)
    if not args.work_dir:
        shutil.rmtree(disc.work)
    print(table(results, numpy_figures, ["base"] * bool(baseline) + args.peers))
    print()
    print(machine_line(numpy_figures))
    print("ratios are each peer's ms / disc's ms (above 1: disc is faster; base: --baseline-build); "
          "numpy: sgemm 2048^3 GFLOP/s, copy of 64 MiB f32 GB/s (read + write)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"programs": results, "numpy": numpy_figures, "machine": machine_line(numpy_figures),
                       "command": sys.argv}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
