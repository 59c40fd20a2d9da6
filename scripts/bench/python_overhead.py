#!/usr/bin/env python3
"""Per-call overhead of disc.Model.__call__ over the C API.

Compiles a 4-element f32 add, times N calls of the Python Model on numpy
arrays in batches of 100 (per call: the median batch, robust to the
preemptions of a busy machine as a median of single runs is, and the
fastest) and the same model's run through `ral-run --benchmark=N` (the C
API's own per-run median), and prints both and their difference: what the
package adds to a call (argument conversion, ctypes, wrapping the output).

    python3 scripts/bench/python_overhead.py [--calls 20000]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import disc  # noqa: E402
from disc import _locate  # noqa: E402

ADD = """func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def python_per_call_us(model, calls, batch=100):
    """(median, fastest) microseconds per call over batches of `batch` calls."""
    a = np.arange(4, dtype=np.float32)
    b = np.ones(4, dtype=np.float32)
    for _ in range(1000):
        model(a, b)
    figures = []
    for _ in range(max(calls // batch, 1)):
        start = time.perf_counter()
        for _ in range(batch):
            model(a, b)
        figures.append((time.perf_counter() - start) / batch * 1e6)
    return statistics.median(figures), min(figures)


def ral_run_per_call_us(model_path, calls):
    ral_run = os.path.join(os.path.dirname(_locate.compiler_path()), "ral-run")
    output = subprocess.run(
        [ral_run, model_path, "--input=4xf32=0 1 2 3", "--input=4xf32=1 1 1 1",
         f"--benchmark={calls}"], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"median ([0-9.]+) us", output).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "add4.so")
        model = disc.compile(ADD, output=path)
        python_us, fastest_us = python_per_call_us(model, args.calls)
        c_us = ral_run_per_call_us(path, args.calls)
    print(f"Model.__call__: {python_us:.2f} us per call (median of batches of 100; "
          f"fastest batch {fastest_us:.2f} us)")
    print(f"ral-run --benchmark: {c_us:.2f} us per run")
    print(f"overhead of the Python package: {python_us - c_us:.2f} us per call")


if __name__ == "__main__":
    main()
