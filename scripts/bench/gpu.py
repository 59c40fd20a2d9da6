#!/usr/bin/python3
"""GPU benchmarks of the cuda target: disc against a copy, cuBLAS, PyTorch, JAX.

Every program takes its inputs and a trip count `n` (tensor<i32>) and applies
one step n times inside a stablehlo.while whose state keeps its shape, so no
step can be hoisted. `ral-run --benchmark` times a whole run, which includes
copying inputs to the device and outputs back; timing two trip counts n1 < n2
and taking (t(n2) - t(n1)) / (n2 - n1) leaves the time of one step: the copies
and a run's set-up cancel. (The cuda target keeps the loop counter and
condition on the host, so steps launch without waiting.)

  compile: writes BUNDLE/bench/PROGRAM.mlir and PROGRAM.so for each program
           and BUNDLE/bench/manifest.json. Inputs are not stored: the manifest
           gives each one's shape, dtype and numpy generator (a seed, or the
           identity), and `run` makes them with numpy where it runs, so a
           64M-element state or BERT's weights cost the bundle nothing.
  run:     makes the inputs (BUNDLE/bench/inputs/, kept for later runs), times
           every program at its two trip counts and the peers that can be
           imported (--device cuda only), and prints one table.

  scripts/bench/gpu.py compile --tools build/bin --bundle gpu-bundle [--target cuda|cpu] [--small]
  scripts/bench/gpu.py run --bundle gpu-bundle --ral-run build-gpu/bin/ral-run [--device cuda|cpu]

Programs (f32 unless named): elementwise (8 cheap elementwise ops on 64M
elements, one fused kernel per step; peer: a device-to-device copy of the same
bytes), matmul_f32 and matmul_f16 (x = dot(x, identity), 4096x4096; peer:
torch.matmul without TF32, f32 accumulation as ral_gemm's CUBLAS_COMPUTE_32F),
mlp (relu(x W1 + b1) W2 + b2, 768 -> 3072 -> 768, 128 and 2048 tokens) and
bert_layer (one post-LayerNorm BERT-base encoder layer on [B, 128, 768], B = 1
and 16); peers for the last two: PyTorch eager and jax.jit of one step.
"""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys

import numpy as np

# run_bundle.py, which runs the e2e part of a bundle, is in scripts/.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from run_bundle import open_manifest

MANIFEST = "manifest.json"
RAL_RUN_TIMEOUT_S = 600
BERT_EPSILON = 1e-12
# Enough steps that (t(n2) - t(n1)) stays above a loaded CPU's noise.
SMALL_TRIPS = [1, 41]


# --- StableHLO text ----------------------------------------------------------

def ttype(shape, element_type):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), element_type)


class Body:
    """The lines of one loop step, each value named %vN."""

    def __init__(self, element_type):
        self.lines = []
        self.count = 0
        self.element_type = element_type

    def op(self, text, shape, element_type=None):
        name = "%%v%d" % self.count
        self.count += 1
        self.lines.append("%s = %s" % (name, text.replace("TYPE", ttype(shape, element_type or self.element_type))))
        return name

    def splat(self, value, shape):
        return self.op("stablehlo.constant dense<%.9e> : TYPE" % value, shape)

    def binary(self, op, a, b, shape):
        return self.op("stablehlo.%s %s, %s : TYPE" % (op, a, b), shape)

    def unary(self, op, a, shape):
        return self.op("stablehlo.%s %s : TYPE" % (op, a), shape)

    def broadcast(self, a, from_shape, dims, shape):
        return self.op("stablehlo.broadcast_in_dim %s, dims = [%s] : (%s) -> TYPE"
                       % (a, ", ".join(map(str, dims)), ttype(from_shape, self.element_type)), shape)

    def reshape(self, a, from_shape, shape):
        return self.op("stablehlo.reshape %s : (%s) -> TYPE" % (a, ttype(from_shape, self.element_type)), shape)

    def transpose(self, a, from_shape, permutation):
        shape = [from_shape[p] for p in permutation]
        return self.op("stablehlo.transpose %s, dims = [%s] : (%s) -> TYPE"
                       % (a, ", ".join(map(str, permutation)), ttype(from_shape, self.element_type)), shape), shape

    def dot(self, a, a_shape, b, b_shape, batch):
        """a [..., m, k] times b [..., k, n] with `batch` leading batch dims."""
        shape = list(a_shape[:-1]) + [b_shape[-1]]
        dims = list(range(batch))
        return self.op("stablehlo.dot_general %s, %s, batching_dims = %s x %s, contracting_dims = [%d] x [%d] "
                       ": (%s, %s) -> TYPE"
                       % (a, b, dims, dims, len(a_shape) - 1, batch, ttype(a_shape, self.element_type),
                          ttype(b_shape, self.element_type)), shape)

    def reduce_last(self, op, a, shape, init):
        init_value = self.op("stablehlo.constant dense<%s> : TYPE" % init, [])
        return self.op("stablehlo.reduce(%s init: %s) applies stablehlo.%s across dimensions = [%d] "
                       ": (%s, %s) -> TYPE" % (a, init_value, op, len(shape) - 1, ttype(shape, self.element_type),
                                               ttype([], self.element_type)), shape[:-1])

    def dense(self, x, x_shape, w, w_shape, b):
        """x [rows, k] W [k, n] + b [n]."""
        product = self.dot(x, x_shape, w, w_shape, 0)
        shape = [x_shape[0], w_shape[1]]
        return self.binary("add", product, self.broadcast(b, [w_shape[1]], [1], shape), shape), shape

    def along_rows(self, op, a, row_value, shape):
        """a (rows x last) op row_value (rows), broadcast along the last dim."""
        return self.binary(op, a, self.broadcast(row_value, shape[:-1], list(range(len(shape) - 1)), shape), shape)

    def layer_norm(self, x, shape, gamma, beta):
        width = shape[-1]
        mean = self.binary("divide", self.reduce_last("add", x, shape, "0.0"), self.splat(width, shape[:-1]),
                           shape[:-1])
        centered = self.along_rows("subtract", x, mean, shape)
        squares = self.binary("multiply", centered, centered, shape)
        variance = self.binary("divide", self.reduce_last("add", squares, shape, "0.0"),
                               self.splat(width, shape[:-1]), shape[:-1])
        scale = self.unary("rsqrt", self.binary("add", variance, self.splat(BERT_EPSILON, shape[:-1]),
                                                shape[:-1]), shape[:-1])
        normed = self.along_rows("multiply", centered, scale, shape)
        scaled = self.binary("multiply", normed, self.broadcast(gamma, [width], [len(shape) - 1], shape), shape)
        return self.binary("add", scaled, self.broadcast(beta, [width], [len(shape) - 1], shape), shape)

    def softmax_last(self, x, shape):
        peak = self.reduce_last("maximum", x, shape, "0xFF800000")
        exps = self.unary("exponential", self.along_rows("subtract", x, peak, shape), shape)
        total = self.reduce_last("add", exps, shape, "0.0")
        return self.along_rows("divide", exps, total, shape)

    def gelu_tanh(self, x, shape):
        cube = self.binary("multiply", self.binary("multiply", x, x, shape), x, shape)
        inner = self.binary("add", x, self.binary("multiply", cube, self.splat(0.044715, shape), shape), shape)
        tanh = self.unary("tanh", self.binary("multiply", inner, self.splat(math.sqrt(2 / math.pi), shape), shape),
                          shape)
        one_plus = self.binary("add", tanh, self.splat(1.0, shape), shape)
        half_x = self.binary("multiply", x, self.splat(0.5, shape), shape)
        return self.binary("multiply", half_x, one_plus, shape)


def loop_module(state_shape, element_type, weights, step):
    """main(state, weights..., n): `step` applied n times to the state.

    weights: list of (name, shape); step(body, state, weight_names) -> result.
    """
    state_type = ttype(state_shape, element_type)
    args = [("x", state_type)] + [(name, ttype(shape, element_type)) for name, shape in weights] + \
           [("n", "tensor<i32>")]
    n_arg = "%%arg%d" % (len(args) - 1)
    weight_args = ["%%arg%d" % (i + 1) for i in range(len(weights))]
    body = Body(element_type)
    result = step(body, "%iterState", weight_args)
    arg_text = ", ".join('%%arg%d: %s loc("%s")' % (i, t, name) for i, (name, t) in enumerate(args))
    lines = [
        "module @bench {",
        "  func.func public @main(%s) -> %s {" % (arg_text, state_type),
        "    %zero = stablehlo.constant dense<0> : tensor<i32>",
        "    %one = stablehlo.constant dense<1> : tensor<i32>",
        "    %%loop:2 = stablehlo.while(%%iterCount = %%zero, %%iterState = %%arg0) : tensor<i32>, %s" % state_type,
        "     cond {",
        "      %%more = stablehlo.compare  LT, %%iterCount, %s,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>"
        % n_arg,
        "      stablehlo.return %more : tensor<i1>",
        "    } do {",
        "      %next = stablehlo.add %iterCount, %one : tensor<i32>",
    ]
    lines += ["      " + line for line in body.lines]
    lines += ["      stablehlo.return %%next, %s : tensor<i32>, %s" % (result, state_type),
              "    }",
              "    return %%loop#1 : %s" % state_type,
              "  }",
              "}", ""]
    return "\n".join(lines)


ELEMENTWISE_CHAIN = [("multiply", 0.5), ("add", 0.25), ("subtract", 0.125), ("maximum", -1.0),
                     ("minimum", 1.0), ("abs", None), ("negate", None), ("multiply", 1.5)]


def elementwise_step(shape):
    def step(body, x, _):
        for op, constant in ELEMENTWISE_CHAIN:
            x = body.unary(op, x, shape) if constant is None else \
                body.binary(op, x, body.splat(constant, shape), shape)
        return x
    return step


def matmul_step(shape):
    def step(body, x, weights):
        return body.dot(x, shape, weights[0], shape, 0)
    return step


def mlp_step(tokens, width, hidden):
    def step(body, x, weights):
        w1, b1, w2, b2 = weights
        h, h_shape = body.dense(x, [tokens, width], w1, [width, hidden], b1)
        zero = body.splat(0.0, h_shape)
        h = body.binary("maximum", h, zero, h_shape)
        return body.dense(h, h_shape, w2, [hidden, width], b2)[0]
    return step


BERT_WEIGHTS = ["wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "ln1_gamma", "ln1_beta",
                "w1", "b1", "w2", "b2", "ln2_gamma", "ln2_beta"]


def bert_weight_shapes(width, ffn):
    shapes = {"wq": [width, width], "wk": [width, width], "wv": [width, width], "wo": [width, width],
              "w1": [width, ffn], "w2": [ffn, width], "b1": [ffn]}
    return [(name, shapes.get(name, [width])) for name in BERT_WEIGHTS]


def bert_step(batch, seq, width, heads, ffn):
    head = width // heads
    rows = [batch * seq, width]
    state = [batch, seq, width]

    def step(body, x, weights):
        w = dict(zip(BERT_WEIGHTS, weights))
        flat = body.reshape(x, state, rows)

        def heads_of(name):
            projected, _ = body.dense(flat, rows, w["w" + name], [width, width], w["b" + name])
            split = body.reshape(projected, rows, [batch, seq, heads, head])
            return body.transpose(split, [batch, seq, heads, head], [0, 2, 1, 3])

        q, q_shape = heads_of("q")
        k, _ = heads_of("k")
        v, v_shape = heads_of("v")
        k_t, k_t_shape = body.transpose(k, q_shape, [0, 1, 3, 2])
        scores = body.dot(q, q_shape, k_t, k_t_shape, 2)
        scores_shape = [batch, heads, seq, seq]
        scaled = body.binary("multiply", scores, body.splat(1.0 / math.sqrt(head), scores_shape), scores_shape)
        probs = body.softmax_last(scaled, scores_shape)
        context = body.dot(probs, scores_shape, v, v_shape, 2)
        merged, merged_shape = body.transpose(context, [batch, heads, seq, head], [0, 2, 1, 3])
        context_rows = body.reshape(merged, merged_shape, rows)
        attention, _ = body.dense(context_rows, rows, w["wo"], [width, width], w["bo"])
        first = body.layer_norm(body.binary("add", attention, flat, rows), rows, w["ln1_gamma"], w["ln1_beta"])
        up, up_shape = body.dense(first, rows, w["w1"], [width, ffn], w["b1"])
        down, _ = body.dense(body.gelu_tanh(up, up_shape), up_shape, w["w2"], [ffn, width], w["b2"])
        second = body.layer_norm(body.binary("add", down, first, rows), rows, w["ln2_gamma"], w["ln2_beta"])
        return body.reshape(second, rows, state)
    return step


# --- the programs --------------------------------------------------------------

def normal(shape, seed, scale=1.0, offset=0.0):
    return {"shape": shape, "init": "normal", "seed": seed, "scale": scale, "offset": offset}


def identity(shape):
    return {"shape": shape, "init": "identity"}


def programs(small):
    """(name, mlir, inputs, trip counts, facts) per program; inputs as
    (name, generator spec) with the element type in each spec.

    Each step frees the buffers of the step before, so the trip counts only
    set how long the difference runs (tens of milliseconds)."""
    out = []

    def add(name, element_type, state_shape, state_spec, weights, step, trips, **facts):
        specs = [("x", state_spec)] + [(w, spec) for w, spec in weights]
        for _, spec in specs:
            spec["dtype"] = {"f32": "float32", "f16": "float16"}[element_type]
        mlir = loop_module(state_shape, element_type, [(w, spec["shape"]) for w, spec in weights], step)
        out.append({"name": name, "mlir": mlir, "inputs": specs, "trips": trips, **facts})

    elements = 4096 if small else 64 * 2**20
    add("elementwise", "f32", [elements], normal([elements], 1), [], elementwise_step([elements]),
        SMALL_TRIPS if small else [2, 202], bytes_per_iter=2 * 4 * elements, peers=["d2d_copy"])

    size = 32 if small else 4096
    for element_type, trips in (("f32", [2, 22]), ("f16", [10, 110])):
        add("matmul_" + element_type, element_type, [size, size], normal([size, size], 2),
            [("b", identity([size, size]))], matmul_step([size, size]), SMALL_TRIPS if small else trips,
            flops_per_iter=2 * size**3, peers=["torch"])

    width, hidden, seq = (32, 128, 8) if small else (768, 3072, 128)
    for batch, trips in ((1, [10, 1010]), (16, [10, 210])):
        tokens = batch * seq
        add("mlp_%dx%d" % (batch, seq), "f32", [tokens, width], normal([tokens, width], 3),
            [("w1", normal([width, hidden], 4, 1 / math.sqrt(width))), ("b1", normal([hidden], 5, 0.1)),
             ("w2", normal([hidden, width], 6, 1 / math.sqrt(hidden))), ("b2", normal([width], 7, 0.1))],
            mlp_step(tokens, width, hidden), SMALL_TRIPS if small else trips, peers=["torch", "jax"])

    width, heads, ffn, seq = (32, 4, 64, 8) if small else (768, 12, 3072, 128)
    for batch, trips in ((1, [10, 210]), (16, [2, 42])):
        # Unit-variance activations everywhere (not BERT's 0.02 init, under
        # which the layer is nearly the identity), so the numpy check sees
        # every part of it: the GELU's cubic term, the attention scale.
        weights = []
        for seed, (name, shape) in enumerate(bert_weight_shapes(width, ffn), 10):
            if name.endswith("gamma"):
                spec = normal(shape, seed, 0.1, offset=1.0)
            elif len(shape) == 2:
                spec = normal(shape, seed, 1 / math.sqrt(shape[0]))
            else:
                spec = normal(shape, seed, 0.1)
            weights.append((name, spec))
        add("bert_layer_%dx%d" % (batch, seq), "f32", [batch, seq, width], normal([batch, seq, width], 9),
            weights, bert_step(batch, seq, width, heads, ffn), SMALL_TRIPS if small else trips,
            heads=heads, peers=["torch", "jax"])
    return out


def make_input(spec):
    """The array a manifest input spec describes (the same on every machine:
    numpy's PCG64 stream for a seed is fixed)."""
    dtype = np.dtype(spec["dtype"])
    if spec["init"] == "identity":
        return np.eye(spec["shape"][0], dtype=dtype)
    values = np.random.default_rng(spec["seed"]).standard_normal(spec["shape"], dtype=np.float32)
    return (values * np.float32(spec["scale"]) + np.float32(spec["offset"])).astype(dtype)


def compile_command(args):
    bench = os.path.join(os.path.abspath(args.bundle), "bench")
    if os.path.exists(bench):
        if not os.path.exists(os.path.join(bench, MANIFEST)):
            print("gpu.py: error: %s exists and holds no %s; not replacing it" % (bench, MANIFEST), file=sys.stderr)
            return 1
        shutil.rmtree(bench)
    os.makedirs(bench)
    compiler = os.path.join(os.path.abspath(args.tools), "disc-compile")
    entries = []
    for program in programs(args.small):
        source = os.path.join(bench, program["name"] + ".mlir")
        with open(source, "w") as f:
            f.write(program.pop("mlir"))
        so = program["name"] + ".so"
        proc = subprocess.run([compiler, source, "--target=" + args.target, "-o", os.path.join(bench, so)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if proc.returncode != 0:
            print("gpu.py: error: disc-compile %s failed:\n%s" % (source, proc.stdout.decode(errors="replace")),
                  file=sys.stderr)
            return 1
        program["so"] = so
        program["inputs"] = [dict(spec, name=name) for name, spec in program["inputs"]]
        entries.append(program)
        print("compiled %s" % program["name"], flush=True)
    with open(os.path.join(bench, MANIFEST), "w") as f:
        json.dump({"target": args.target, "small": args.small, "programs": entries}, f, indent=1)
    return 0


# --- running -----------------------------------------------------------------

def materialize(bench, program):
    """Writes the program's inputs as .npy under bench/inputs (once); returns
    their paths without the trip count."""
    directory = os.path.join(bench, "inputs", program["name"])
    os.makedirs(directory, exist_ok=True)
    paths = []
    for spec in program["inputs"]:
        path = os.path.join(directory, spec["name"] + ".npy")
        stamp = path + ".json"
        key = json.dumps(spec, sort_keys=True)
        if not (os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == key):
            np.save(path, make_input(spec))
            with open(stamp, "w") as f:
                f.write(key)
        paths.append(path)
    return paths


def trip_count_path(bench, n):
    path = os.path.join(bench, "inputs", "n_%d.npy" % n)
    if not os.path.exists(path):
        np.save(path, np.array(n, np.int32))
    return path


def ral_run_median_us(args, so, inputs):
    argv = [args.ral_run, so, "--device=" + args.device, "--inputs"] + inputs + ["--benchmark=%d" % args.rounds]
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=RAL_RUN_TIMEOUT_S)
    out = proc.stdout.decode(errors="replace")
    match = re.search(r"median ([0-9.]+) us", out)
    if proc.returncode != 0 or not match:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(argv), proc.returncode,
                                               (proc.stderr.decode(errors="replace") or out).strip()))
    return float(match.group(1))


def disc_us_per_iter(args, bench, program):
    inputs = materialize(bench, program)
    so = os.path.join(bench, program["so"])
    n1, n2 = program["trips"]
    t1 = ral_run_median_us(args, so, inputs + [trip_count_path(bench, n1)])
    t2 = ral_run_median_us(args, so, inputs + [trip_count_path(bench, n2)])
    return (t2 - t1) / (n2 - n1)


def torch_module():
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    return torch


def jax_module():
    try:
        import jax
        if not any(d.platform == "gpu" for d in jax.devices()):
            return None
        # XLA's default f32 products on the GPU round to TF32; ral_gemm and the
        # torch peer compute in f32.
        jax.config.update("jax_default_matmul_precision", "highest")
        return jax
    except (ImportError, RuntimeError):
        return None


def time_torch_us(torch, step, state, iterations, rounds):
    """Median over rounds of the event-timed mean of `iterations` steps."""
    for _ in range(3):
        state = step(state)
    times = []
    for _ in range(rounds):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iterations):
            state = step(state)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) * 1000.0 / iterations)
    return statistics.median(times)


def time_jax_us(jax, step, state, iterations, rounds):
    import time
    for _ in range(3):
        state = step(state)
    state.block_until_ready()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(iterations):
            state = step(state)
        state.block_until_ready()
        times.append((time.perf_counter() - start) * 1e6 / iterations)
    return statistics.median(times)


def torch_step(torch, program, weights):
    name = program["name"]
    if name.startswith("matmul"):
        return lambda x: torch.matmul(x, weights["b"])
    if name.startswith("mlp"):
        return lambda x: torch.relu(x @ weights["w1"] + weights["b1"]) @ weights["w2"] + weights["b2"]
    return bert_torch_step(torch, weights, program["heads"])


def bert_torch_step(torch, w, heads):
    def layer_norm(x, gamma, beta):
        return torch.nn.functional.layer_norm(x, x.shape[-1:], gamma, beta, BERT_EPSILON)

    def step(x):
        batch, seq, width = x.shape
        head = width // heads

        def split(t):
            return t.view(batch, seq, heads, head).transpose(1, 2)
        q, k, v = (split(x @ w["w" + p] + w["b" + p]) for p in "qkv")
        probs = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(head), dim=-1)
        context = (probs @ v).transpose(1, 2).reshape(batch, seq, width)
        first = layer_norm(context @ w["wo"] + w["bo"] + x, w["ln1_gamma"], w["ln1_beta"])
        up = torch.nn.functional.gelu(first @ w["w1"] + w["b1"], approximate="tanh")
        return layer_norm(up @ w["w2"] + w["b2"] + first, w["ln2_gamma"], w["ln2_beta"])
    return step


def jax_step(jax, program, w):
    if program["name"].startswith("mlp"):
        return jax.jit(lambda x: jax.nn.relu(x @ w["w1"] + w["b1"]) @ w["w2"] + w["b2"])
    heads = program["heads"]

    def layer_norm(x, gamma, beta):
        mean = x.mean(-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(variance + BERT_EPSILON) * gamma + beta

    def step(x):
        batch, seq, width = x.shape
        head = width // heads

        def split(t):
            return t.reshape(batch, seq, heads, head).transpose(0, 2, 1, 3)
        q, k, v = (split(x @ w["w" + p] + w["b" + p]) for p in "qkv")
        probs = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / math.sqrt(head), axis=-1)
        context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, width)
        first = layer_norm(context @ w["wo"] + w["bo"] + x, w["ln1_gamma"], w["ln1_beta"])
        up = jax.nn.gelu(first @ w["w1"] + w["b1"], approximate=True)
        return layer_norm(up @ w["w2"] + w["b2"] + first, w["ln2_gamma"], w["ln2_beta"])
    return jax.jit(step)


def peer_rows(args, program, disc_us, torch, jax):
    """(peer, peer us/iter or None, note) per peer of the program."""
    if args.device != "cuda":
        return []
    arrays = {spec["name"]: make_input(spec) for spec in program["inputs"]}
    iterations = max(program["trips"][1] - program["trips"][0], 10)
    rows = []
    for peer in program["peers"]:
        if peer in ("d2d_copy", "torch") and torch is None:
            rows.append(("torch " + peer if peer == "d2d_copy" else "torch", None, "torch with CUDA not importable"))
            continue
        if peer == "jax" and jax is None:
            rows.append(("jax.jit", None, "jax with a GPU not importable"))
            continue
        if peer == "d2d_copy":
            src = torch.from_numpy(arrays["x"]).cuda()
            dst = torch.empty_like(src)

            def copy(source):
                dst.copy_(source)
                return source
            copy_us = time_torch_us(torch, copy, src, iterations, args.rounds)
            bandwidth = program["bytes_per_iter"] / (disc_us * 1e-6)
            copy_bandwidth = program["bytes_per_iter"] / (copy_us * 1e-6)
            rows.append(("torch d2d copy", copy_us, "disc %.0f GB/s, copy %.0f GB/s (goal >= 0.80)"
                         % (bandwidth / 1e9, copy_bandwidth / 1e9)))
        elif peer == "torch":
            weights = {k: torch.from_numpy(v).cuda() for k, v in arrays.items() if k != "x"}
            step = torch_step(torch, program, weights)
            with torch.no_grad():
                us = time_torch_us(torch, step, torch.from_numpy(arrays["x"]).cuda(), iterations, args.rounds)
            note = "goal >= 0.90" if program["name"].startswith("matmul") else "eager"
            if "flops_per_iter" in program:
                note += ", disc %.1f TFLOP/s" % (program["flops_per_iter"] / (disc_us * 1e-6) / 1e12)
            rows.append(("torch.matmul" if program["name"].startswith("matmul") else "torch eager", us, note))
        elif peer == "jax":
            weights = {k: jax.device_put(v) for k, v in arrays.items() if k != "x"}
            us = time_jax_us(jax, jax_step(jax, program, weights), jax.device_put(arrays["x"]), iterations,
                             args.rounds)
            rows.append(("jax.jit", us, ""))
    return rows


def run_command(args):
    bench = os.path.join(args.bundle, "bench")
    manifest = open_manifest(os.path.join(bench, MANIFEST), args.device, args.ral_run, "gpu.py")
    if manifest is None:
        return 2
    torch = torch_module() if args.device == "cuda" else None
    jax = jax_module() if args.device == "cuda" else None
    header = "%-16s %14s  %-16s %14s  %7s  %s" % ("program", "disc us/iter", "peer", "peer us/iter", "ratio",
                                                   "note")
    print(header)
    print("-" * len(header))
    failed = False
    for program in manifest["programs"]:
        if args.filter and args.filter not in program["name"]:
            continue
        try:
            disc_us = disc_us_per_iter(args, bench, program)
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            print("%-16s %14s  %s" % (program["name"], "error", error), flush=True)
            failed = True
            continue
        rows = peer_rows(args, program, disc_us, torch, jax) or [("-", None, "no peers on --device " + args.device
                                                                  if args.device != "cuda" else "")]
        for peer, peer_us, note in rows:
            if peer_us is None:
                peer_text, ratio_text = "missing" if peer != "-" else "-", "-"
            else:
                peer_text, ratio_text = "%.1f" % peer_us, "%.2f" % (peer_us / disc_us) if disc_us > 0 else "-"
            print("%-16s %14.1f  %-16s %14s  %7s  %s" % (program["name"], disc_us, peer, peer_text, ratio_text,
                                                         note), flush=True)
    print("ratio = peer us / disc us (above 1: disc is faster); disc us/iter = (t(n2) - t(n1)) / (n2 - n1) "
          "of ral-run --benchmark medians")
    return 1 if failed else 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    compile_parser = commands.add_parser("compile", help="write and compile the programs into BUNDLE/bench")
    compile_parser.add_argument("--tools", default=os.path.join(root, "build", "bin"),
                                help="directory holding disc-compile (default: build/bin)")
    compile_parser.add_argument("--bundle", default=os.path.join(root, "gpu-bundle"))
    compile_parser.add_argument("--target", default="cuda", choices=("cpu", "cuda"))
    compile_parser.add_argument("--small", action="store_true", help="small sizes and trip counts (tests)")
    run_parser = commands.add_parser("run", help="time the programs of BUNDLE/bench and their peers")
    run_parser.add_argument("--bundle", default=os.path.join(root, "gpu-bundle"))
    run_parser.add_argument("--ral-run", required=True, help="the ral-run to time the programs with")
    run_parser.add_argument("--device", default="cuda", choices=("cpu", "cuda"))
    run_parser.add_argument("--rounds", type=int, default=10, help="ral-run --benchmark runs per trip count")
    run_parser.add_argument("-k", dest="filter", help="only programs whose name contains this")
    args = parser.parse_args()
    return compile_command(args) if args.command == "compile" else run_command(args)


if __name__ == "__main__":
    sys.exit(main())
