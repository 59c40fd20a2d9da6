#!/usr/bin/python3
"""How many cores a compiled program keeps busy: the CPU seconds of
`ral-run model.so --benchmark=N` (user + system, from the child's rusage)
over its wall seconds, for programs that `scripts/bench/cpu.py --work-dir
DIR` compiled and left there with their inputs (NAME.so, NAME.in0.npy, ...).

The figure is the whole process's, so the single-threaded loading of the
input files counts against it: give short programs a larger N.

  scripts/bench/cores.py --work-dir DIR [-n 20] NAME [NAME ...]
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def inputs_of(work_dir, name):
    pattern = re.compile(re.escape(name) + r"\.in(\d+)\.npy$")
    numbered = [(int(m.group(1)), entry) for entry in os.listdir(work_dir)
                if (m := pattern.match(entry))]
    return [os.path.join(work_dir, entry) for _, entry in sorted(numbered)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work-dir", required=True, help="a cpu.py --work-dir after its run")
    parser.add_argument("--ral-run", default=os.path.join(ROOT, "build", "bin", "ral-run"))
    parser.add_argument("-n", "--runs", type=int, default=20, help="ral-run --benchmark=N (default 20)")
    parser.add_argument("programs", nargs="+", metavar="NAME")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be positive")
    for name in args.programs:
        model = os.path.join(args.work_dir, name + ".so")
        if not os.path.exists(model):
            sys.exit("cores.py: error: no %s (run cpu.py --work-dir %s --programs %s first)"
                     % (model, args.work_dir, name))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([args.ral_run, model, "--inputs", *inputs_of(args.work_dir, name),
                        "--benchmark=%d" % args.runs], check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print("%s: %.2f cores (%.2f CPU s in %.2f s, %d runs)"
              % (name, cpu_seconds / wall, cpu_seconds, wall, args.runs))


if __name__ == "__main__":
    main()
