#!/usr/bin/python3
"""Compile-time benchmark: disc-compile on a 12-layer BERT-base whose weights
are constants in the program (what `jax.jit` of a closure over the weights
prints, 340 MB of f32), against XLA compiling the same closure.

Prints disc-compile's wall time and peak resident memory (its own, from
wait4) and XLA's compile time (`jax.jit(f).lower(x).compile()`, in this
process). Needs the venv that scripts/bench/setup_peers.sh makes:

  "$(scripts/bench/setup_peers.sh | tail -1)" scripts/bench/compile.py [--layers 12] [--batch 1]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpu  # noqa: E402  (the programs and the venv check live there)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(cpu.ROOT, "build"),
                        help="build or install directory holding bin/disc-compile (default: build/)")
    parser.add_argument("--layers", type=int, default=12)
    parser.add_argument("--batch", type=int, default=1)
    args = parser.parse_args()
    if args.layers < 1 or args.batch < 1:
        parser.error("--layers and --batch must be positive")
    cpu.import_peers()
    compiler = os.path.join(args.build, "bin", "disc-compile")
    if not os.access(compiler, os.X_OK):
        sys.exit("compile.py: error: no bin/disc-compile in %s" % args.build)

    program = cpu.bert(cpu.np.random.default_rng(0), args.batch, args.layers)
    x, params = program.args
    closure = cpu.jax.jit(lambda x: program.fn(x, params))
    lowered = closure.lower(x)
    text = lowered.as_text()
    start = time.perf_counter()
    lowered.compile()
    xla_s = time.perf_counter() - start

    with tempfile.TemporaryDirectory(prefix="disc-bench-compile-") as work:
        source, so = os.path.join(work, "bert.mlir"), os.path.join(work, "bert.so")
        with open(source, "w") as f:
            f.write(text)
        start = time.perf_counter()
        proc = subprocess.Popen([compiler, source, "--target-cpu=host", "-o", so],
                                stderr=subprocess.PIPE, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        disc_s = time.perf_counter() - start
        error = proc.stderr.read()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("compile.py: error: disc-compile failed: %s" % cpu.first_line(error))
        so_mb = os.path.getsize(so) / 1e6

    print("| program | source MB | disc s | disc peak RSS GB | .so MB | XLA compile s | XLA s / disc s |")
    print("|---|---|---|---|---|---|---|")
    print("| bert%d_b%d, weights as constants | %.0f | %.1f | %.2f | %.0f | %.1f | %.2fx |" % (
        args.layers, args.batch, len(text) / 1e6, disc_s, usage.ru_maxrss / 1e6, so_mb, xla_s, xla_s / disc_s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
