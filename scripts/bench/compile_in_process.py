#!/usr/bin/env python3
"""What compiling in-process saves the Python package.

For each program, alternates rounds of the two ways `disc.compile` could
hand its text to the compiler: the disc-compile process, fed the text on
stdin as the package used to, and the compiler library in this process
(what the package does now). Prints the median wall time of each and their
difference: the process start and the text's trip through the pipe.

    python3 scripts/bench/compile_in_process.py [--rounds 5] [PROGRAM.mlir ...]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
from disc import _compiler, _locate  # noqa: E402


def by_process(text, output):
    subprocess.run([_locate.compiler_path(), "-", "-o", output], input=text.encode(),
                   check=True, capture_output=True)


def in_process(text, output):
    with open(output, "wb") as file:
        file.write(_compiler.compile_text(text, "<stdin>", "cpu", {}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*",
                        default=[os.path.join(ROOT, "samples", "models", "mlp.mlir")])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"compiler: {_compiler.library_path()} and {_locate.compiler_path()}")
    print("| program | text | disc-compile process | in-process | saved |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        output = os.path.join(work, "model.so")
        for path in args.programs:
            with open(path, encoding="utf-8") as file:
                text = file.read()
            in_process(text, output)
            times = {by_process: [], in_process: []}
            for _ in range(args.rounds):
                for way in times:
                    start = time.perf_counter()
                    way(text, output)
                    times[way].append(time.perf_counter() - start)
            process_ms = statistics.median(times[by_process]) * 1e3
            library_ms = statistics.median(times[in_process]) * 1e3
            print(f"| {os.path.basename(path)} | {len(text) / 1e6:.2f} MB | "
                  f"{process_ms:.0f} ms | {library_ms:.0f} ms | "
                  f"{process_ms - library_ms:.0f} ms |")


if __name__ == "__main__":
    main()
