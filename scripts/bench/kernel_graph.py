#!/usr/bin/env python3
"""Kernel-graph benchmarks against TFRT's published figures for its BEF
executor (Xeon E5-2690 v4, 2.6 GHz): a serial chain of 100 tfrt.add.i32
(9 us median) and 100 independent tfrt_test.async_add.i32 joined by one
tfrt.merge.chains (17 us median).

Generates both programs, compiles them with disc-compile, times them with
`ral-run --benchmark` and prints the median per run, its ratio to TFRT's
figure and the per-kernel overhead. The chain starts from a function
argument, so it is computed at run time, not at compile time.

disc-compile runs a function of scalar arithmetic inline when its arguments
are concrete (one check at entry), and LLVM then rewrites the chain
%v = %v + %x into one multiplication: serial_adds measures a run's fixed
cost. serial_adds_via_runtime is the same chain in a function that also
takes a chain, which has no inline path: every add goes through the
runtime's invoke, and its time / 100 is the per-kernel overhead.

async_adds runs on both of ral-run's work queues: mstd (the default, a
pool of one worker per core, where the waiting thread also runs queued
tasks) and s (TFRT's single-threaded queue: every task on the waiting
thread).

  scripts/bench/kernel_graph.py [--build build] [--runs 20000] [--kernels 100]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

# TFRT's published medians in microseconds, per program.
TFRT_MEDIAN_US = {"serial_adds": 9.0, "serial_adds_via_runtime": 9.0, "async_adds": 17.0}
GOAL_US = {"serial_adds": 1.0, "serial_adds_via_runtime": 1.0, "async_adds": 10.0}


def serial_adds(kernels, name="serial_adds", chain_argument=False):
    chain = "%ch : !tfrt.chain, " if chain_argument else ""
    lines = ["func @%s(%s%%x : i32) -> i32 {" % (name, chain)]
    previous = "%x"
    for i in range(kernels):
        lines.append("  %%v%d = tfrt.add.i32 %s, %%x" % (i, previous))
        previous = "%%v%d" % i
    lines += ["  tfrt.return %s : i32" % previous, "}", ""]
    return "\n".join(lines)


def serial_adds_via_runtime(kernels):
    return serial_adds(kernels, "serial_adds_via_runtime", chain_argument=True)


def async_adds(kernels):
    lines = ["func @async_adds(%x : i32) -> !tfrt.chain {"]
    for i in range(kernels):
        lines.append('  %%v%d = "tfrt_test.async_add.i32"(%%x, %%x) : (i32, i32) -> i32' % i)
    values = ", ".join("%%v%d" % i for i in range(kernels))
    types = ", ".join(["i32"] * kernels)
    lines += ["  %%joined = tfrt.merge.chains %s : %s" % (values, types),
              "  tfrt.return %joined : !tfrt.chain", "}", ""]
    return "\n".join(lines)


def median_us(ral_run, so_path, function, runs, inputs):
    command = [ral_run, so_path, "--function", function] + inputs + [
        "--benchmark=%d" % runs]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    match = re.search(r"median ([0-9.]+) us", output)
    if not match:
        sys.exit("ral-run printed no median: " + output.strip())
    return float(match.group(1)), output.strip().splitlines(), " ".join(command)


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(root, "build"))
    parser.add_argument("--runs", type=int, default=20000)
    parser.add_argument("--kernels", type=int, default=100)
    options = parser.parse_args()
    compiler = os.path.join(options.build, "bin", "disc-compile")
    ral_run = os.path.join(options.build, "bin", "ral-run")
    # tfrt_test.async_add.i32 lives in the test kernels' library, which the
    # runtime does not ship.
    test_kernels = ["--plugin=" + os.path.join(options.build, "lib", "libdisc_tfrt_test_kernels.so")]
    with tempfile.TemporaryDirectory() as work:
        programs = (("serial_adds", serial_adds, ["--input", "1"]),
                    ("serial_adds_via_runtime", serial_adds_via_runtime,
                     ["--input", "1"]),
                    ("async_adds", async_adds, ["--input", "1"]),
                    ("async_adds", async_adds, ["--input", "1", "--work_queue_type=s"]))
        for name, generate, inputs in programs:
            source = os.path.join(work, name + ".mlir")
            so_path = os.path.join(work, name + ".so")
            with open(source, "w") as file:
                file.write(generate(options.kernels))
            subprocess.run([compiler, source, "-o", so_path], check=True)
            median, output, command = median_us(ral_run, so_path, name, options.runs,
                                                test_kernels + inputs)
            queue = [flag for flag in inputs if flag.startswith("--work_queue_type")]
            print("%s (%d kernels%s): %s" % (name, options.kernels,
                                            ", " + queue[0][2:] if queue else "", output[-1]))
            print("  result: %s" % " ".join(output[:-1]))
            per_kernel = ("a run's fixed cost: LLVM folds the inlined chain"
                          if name == "serial_adds" else
                          "%.1f ns per kernel" % (median * 1000 / options.kernels))
            print("  median %.2f us per run = %.3fx TFRT's %.0f us (goal < %.0f us), %s"
                  % (median, median / TFRT_MEDIAN_US[name], TFRT_MEDIAN_US[name],
                     GOAL_US[name], per_kernel))
            print("  command: %s" % command.replace(work + "/", ""))


if __name__ == "__main__":
    main()
