#!/usr/bin/python3
"""Sort benchmark: disc's stablehlo.sort against numpy on the same input.

The programs are jnp.sort and jnp.argsort of one f32 vector as
`jax.jit(f).lower(x).as_text()` prints them (written out here, so that the
benchmark needs no JAX): JAX's comparator maps -0.0 to 0.0 and every NaN to
one NaN and compares in total order. disc's output is first checked against
numpy's (bit for bit for the sort, the exact permutation of a stable argsort
for the argsort); a mismatch is a FAIL and is not timed. Then rounds
alternate disc (`ral-run --benchmark=N`, its median) and numpy (the median
of N calls of np.sort or np.argsort) so that the load of a shared machine
falls on both alike; each time is the median of its rounds, printed with
the spread of the rounds and the machine's load average.

  scripts/bench/sort.py [--size 1048576] [--rounds 5] [--repetitions 20]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL_TIMEOUT_S = 600


def float_key(arg, name):
    """JAX's canonical f32 sort key of `arg`, as it prints it."""
    return [
        "%%%s_zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>" % name,
        "%%%s_is_zero = stablehlo.compare  EQ, %s, %%%s_zero,  FLOAT : "
        "(tensor<f32>, tensor<f32>) -> tensor<i1>" % (name, arg, name),
        "%%%s_nonneg = stablehlo.select %%%s_is_zero, %%%s_zero, %s : tensor<i1>, tensor<f32>"
        % (name, name, name, arg),
        "%%%s_is_nan = stablehlo.compare  NE, %s, %s,  FLOAT : "
        "(tensor<f32>, tensor<f32>) -> tensor<i1>" % (name, arg, arg),
        "%%%s_nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>" % name,
        "%%%s = stablehlo.select %%%s_is_nan, %%%s_nan, %%%s_nonneg : tensor<i1>, tensor<f32>"
        % (name, name, name, name),
    ]


def program(kind, size):
    """The StableHLO of jnp.sort or jnp.argsort of f32[size]."""
    vector, indices = "tensor<%dxf32>" % size, "tensor<%dxi32>" % size
    comparator = float_key("%lhs", "l") + float_key("%rhs", "r") + [
        "%less = stablehlo.compare  LT, %l, %r,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        "stablehlo.return %less : tensor<i1>"]
    if kind == "sort":
        result_type, body = vector, [
            '%0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({',
            "^bb0(%lhs: tensor<f32>, %rhs: tensor<f32>):"] + ["  " + line for line in comparator] + [
            "}) : (%s) -> %s" % (vector, vector),
            "return %%0 : %s" % vector]
    else:
        result_type, body = indices, [
            "%%iota = stablehlo.iota dim = 0 : %s" % indices,
            '%0:2 = "stablehlo.sort"(%arg0, %iota) <{dimension = 0 : i64, is_stable = true}> ({',
            "^bb0(%lhs: tensor<f32>, %rhs: tensor<f32>, %li: tensor<i32>, %ri: tensor<i32>):"] + [
            "  " + line for line in comparator] + [
            "}) : (%s, %s) -> (%s, %s)" % (vector, indices, vector, indices),
            "return %%0#1 : %s" % indices]
    return "\n".join([
        "module @jit_%s attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {"
        % kind,
        '  func.func public @main(%%arg0: %s loc("x")) -> (%s {jax.result_info = "result"}) {'
        % (vector, result_type)] + ["    " + line for line in body] + ["  }", "}", ""])


def run_tool(args):
    proc = subprocess.run(args, capture_output=True, text=True, timeout=TOOL_TIMEOUT_S)
    if proc.returncode != 0:
        text = (proc.stderr or proc.stdout).strip().splitlines()
        raise RuntimeError("%s failed: %s" % (os.path.basename(args[0]), text[0] if text else "?"))
    return proc.stdout


def disc_median_s(ral_run, so, x_path, repetitions):
    out = run_tool([ral_run, so, "--inputs", x_path, "--benchmark=%d" % repetitions])
    # benchmark 'main': N runs after W warm-up runs: min X us, median Y us, ...
    return float(re.search(r"median ([0-9.]+) us", out).group(1)) * 1e-6


def numpy_median_s(call, repetitions):
    call()
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="programs: sort, argsort")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="the build whose bin/ holds disc-compile and ral-run")
    parser.add_argument("--programs", default="sort,argsort", help="comma-separated")
    parser.add_argument("--size", type=int, default=1 << 20, help="f32 elements to sort")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--repetitions", type=int, default=20, help="runs per round and side")
    parser.add_argument("--work-dir", help="keep the .mlir, .so and .npy files here")
    args = parser.parse_args(argv)
    args.programs = args.programs.split(",")
    unknown = [p for p in args.programs if p not in ("sort", "argsort")]
    if unknown:
        parser.error("unknown program(s) %s; known: sort, argsort" % ", ".join(unknown))
    if args.size < 1 or args.rounds < 1 or args.repetitions < 1:
        parser.error("--size, --rounds and --repetitions must be positive")
    return args


def main(argv):
    args = parse_args(argv)
    import numpy as np
    bin_dir = os.path.join(args.build, "bin")
    compiler, ral_run = os.path.join(bin_dir, "disc-compile"), os.path.join(bin_dir, "ral-run")
    work = args.work_dir or tempfile.mkdtemp(prefix="disc-bench-sort-")
    os.makedirs(work, exist_ok=True)
    x = np.random.default_rng(0).standard_normal(args.size).astype(np.float32)
    x_path = os.path.join(work, "x.npy")
    np.save(x_path, x)
    peers = {"sort": (lambda: np.sort(x), "np.sort"),
             "argsort": (lambda: np.argsort(x), "np.argsort")}
    load = os.getloadavg()
    print("f32[%d], %d rounds of %d runs each side; load average %.1f %.1f %.1f on %d cores"
          % (args.size, args.rounds, args.repetitions, load[0], load[1], load[2], os.cpu_count()))
    print("| program | disc ms (rounds min-max) | numpy ms (rounds min-max) | disc / numpy |")
    print("|---|---|---|---|")
    failed = False
    for name in args.programs:
        mlir, so = os.path.join(work, name + ".mlir"), os.path.join(work, name + ".so")
        with open(mlir, "w") as f:
            f.write(program(name, args.size))
        out = os.path.join(work, name + ".out.npy")
        try:
            run_tool([compiler, mlir, "-o", so])
            run_tool([ral_run, so, "--inputs", x_path, "--outputs", out])
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            print("| %s | FAIL: %s | | |" % (name, error))
            failed = True
            continue
        got = np.load(out)
        expected = np.sort(x, kind="stable") if name == "sort" else \
            np.argsort(x, kind="stable").astype(np.int32)
        if got.dtype != expected.dtype or not np.array_equal(got.view(np.uint32),
                                                             expected.view(np.uint32)):
            print("| %s | FAIL: differs from numpy's stable %s | | |" % (name, name))
            failed = True
            continue
        call, peer = peers[name]
        disc_times, numpy_times = [], []
        for _ in range(args.rounds):
            disc_times.append(disc_median_s(ral_run, so, x_path, args.repetitions))
            numpy_times.append(numpy_median_s(call, args.repetitions))
        disc_ms, numpy_ms = statistics.median(disc_times) * 1e3, statistics.median(numpy_times) * 1e3
        print("| %s | %.2f (%.2f-%.2f) | %.2f (%.2f-%.2f) %s | %.2f |"
              % (name, disc_ms, min(disc_times) * 1e3, max(disc_times) * 1e3, numpy_ms,
                 min(numpy_times) * 1e3, max(numpy_times) * 1e3, peer, disc_ms / numpy_ms))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
