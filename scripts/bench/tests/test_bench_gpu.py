#!/usr/bin/python3
"""The GPU benchmarks (scripts/bench/gpu.py) on the CPU at small sizes.

Compiles every benchmark program with --target cpu --small, runs each at
n = 2 with ral-run and compares it with a numpy reference written here (so a
wrong BERT layer cannot slip through), runs `gpu.py run --device cpu` and
checks its table names every program with a positive time per step, and runs
scripts/gpu_check.sh on a bundle that holds the benchmarks: the e2e result
decides its exit status and the table follows it. No timing thresholds."""

import importlib.util
import json
import math
import os
import sys

import numpy as np

# The gpu_check tests' harness, as this test ends by running gpu_check.sh.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "test", "gpu_check"))
from harness import ROOT, expect, main, run  # noqa: E402

GPU_PY = os.path.join(ROOT, "scripts", "bench", "gpu.py")
TRIPS = 2


def load_gpu_py():
    spec = importlib.util.spec_from_file_location("bench_gpu", GPU_PY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def layer_norm(x, gamma, beta):
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + 1e-12) * gamma + beta


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def bert_layer(x, w, heads):
    batch, seq, width = x.shape
    head = width // heads

    def split(t):
        return t.reshape(batch, seq, heads, head).transpose(0, 2, 1, 3)
    q, k, v = (split(x @ w["w" + p] + w["b" + p]) for p in "qkv")
    probs = softmax(q @ k.transpose(0, 1, 3, 2) / math.sqrt(head))
    context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, width)
    first = layer_norm(context @ w["wo"] + w["bo"] + x, w["ln1_gamma"], w["ln1_beta"])
    up = gelu_tanh(first @ w["w1"] + w["b1"])
    return layer_norm(up @ w["w2"] + w["b2"] + first, w["ln2_gamma"], w["ln2_beta"])


def reference_step(program, arrays):
    """One step of the program in float64 numpy."""
    w = {k: v.astype(np.float64) for k, v in arrays.items() if k != "x"}
    name = program["name"]
    if name == "elementwise":
        return lambda x: -np.abs(np.minimum(np.maximum(x * 0.5 + 0.25 - 0.125, -1.0), 1.0)) * 1.5
    if name.startswith("matmul"):
        return lambda x: x @ w["b"]
    if name.startswith("mlp"):
        return lambda x: np.maximum(x @ w["w1"] + w["b1"], 0) @ w["w2"] + w["b2"]
    return lambda x: bert_layer(x, w, program["heads"])


def check_programs(args, gpu, bench, manifest):
    ral_run = os.path.join(args.tools, "ral-run")
    names = [p["name"] for p in manifest["programs"]]
    expect(names == ["elementwise", "matmul_f32", "matmul_f16", "mlp_1x8", "mlp_16x8",
                     "bert_layer_1x8", "bert_layer_16x8"], "programs: %s" % names)
    for program in manifest["programs"]:
        inputs = gpu.materialize(bench, program)
        arrays = {spec["name"]: np.load(path) for spec, path in zip(program["inputs"], inputs)}
        output = os.path.join(args.work_dir, program["name"] + ".out.npy")
        rc, out, err = run([ral_run, os.path.join(bench, program["so"]), "--device=cpu", "--inputs"] + inputs +
                           [gpu.trip_count_path(bench, TRIPS), "--outputs", output])
        expect(rc == 0, "%s: ral-run exited %d: %s%s" % (program["name"], rc, out, err))
        expected = arrays["x"].astype(np.float64)
        step = reference_step(program, arrays)
        for _ in range(TRIPS):
            expected = step(expected)
        got = np.load(output)
        expect(got.dtype == arrays["x"].dtype and got.shape == expected.shape,
               "%s: output %s %s, expected %s %s" % (program["name"], got.dtype, got.shape, arrays["x"].dtype,
                                                     expected.shape))
        tolerance = 2e-2 if got.dtype == np.float16 else 1e-4
        expect(np.allclose(got.astype(np.float64), expected, atol=tolerance, rtol=tolerance),
               "%s: max difference %g from numpy" % (program["name"], np.abs(got - expected).max()))
        # The state changed: a step that left it alone would compare equal too.
        if not program["name"].startswith("matmul"):
            expect(not np.allclose(expected, arrays["x"]), "%s: the reference is the input" % program["name"])
    return names


def check_table(out, names):
    rows = [line.split() for line in out.splitlines()]
    for name in names:
        row = [r for r in rows if r and r[0] == name]
        expect(len(row) == 1, "%s: %d table rows in:\n%s" % (name, len(row), out))
        # A figure, not its size: the difference of two small runs' medians
        # may come out negative on a busy machine, and speed is no test's business.
        expect(math.isfinite(float(row[0][1])), "%s: time per step %s is not a number" % (name, row[0][1]))


def check(args):
    gpu = load_gpu_py()
    bundle = os.path.join(args.work_dir, "bundle")
    rc, out, err = run([sys.executable, os.path.join(ROOT, "scripts", "gpu_bundle.py"), "--tools", args.tools,
                        "--bundle", bundle, "--target", "cpu", "--tests", "elementwise", "-k", "add_f32",
                        "--small-bench"])
    expect(rc == 0, "gpu_bundle.py exited %d: %s%s" % (rc, out, err))
    bench = os.path.join(bundle, "bench")
    with open(os.path.join(bench, "manifest.json")) as f:
        manifest = json.load(f)
    expect(manifest["target"] == "cpu" and manifest["small"], "bench manifest: %s" % manifest)
    names = check_programs(args, gpu, bench, manifest)

    ral_run = os.path.join(args.tools, "ral-run")
    rc, out, err = run([sys.executable, GPU_PY, "run", "--bundle", bundle, "--ral-run", ral_run, "--device", "cpu"])
    expect(rc == 0, "gpu.py run exited %d: %s%s" % (rc, out, err))
    check_table(out, names)

    rc, out, err = run([os.path.join(ROOT, "scripts", "gpu_check.sh"), "--bundle", bundle, "--device=cpu",
                        "--ral-run", ral_run, "--python", sys.executable])
    lines = out.splitlines()
    expect(rc == 0 and lines[:2] == ["PASS elementwise.add_f32", "1 passed, 0 failed, 0 skipped"],
           "gpu_check.sh exited %d: %s%s" % (rc, out, err))
    check_table("\n".join(lines[2:]), names)

    rc, out, err = run([sys.executable, GPU_PY, "run", "--bundle", bundle, "--ral-run", ral_run, "--device", "cuda"])
    expect(rc == 2 and "was compiled for cpu, --device is cuda" in err,
           "gpu.py run --device cuda on a cpu bundle: exit %d: %s%s" % (rc, out, err))


if __name__ == "__main__":
    sys.exit(main("bench_gpu", __doc__.splitlines()[0], check))
