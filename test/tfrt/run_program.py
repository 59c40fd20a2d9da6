#!/usr/bin/env python3
"""Runs one of TFRT's executor test programs the way TFRT's own lit RUN line
does, with disc in place of TFRT's tools:

    disc-compile f.mlir -o f.so && ral-run --run-all [flags] f.so 2>&1 | FileCheck f.mlir

The program is read where it lies (../shared/conformance/tfrt) and never
copied into the repository. Cases listed in exclusions.txt are cut out of a
copy in the work directory, each with its CHECK lines, before compiling.
Flags of the RUN line that ral-run shares with bef_executor are passed on,
each RUN line running with its own: -work_queue_type=X as ral-run's
--work_queue_type=X (TFRT spells it with one dash, ral-run with two), and
a line without one on TFRT's default, the single-threaded "s".
"""
import argparse
import os
import re
import subprocess
import sys

# bef_executor flags ral-run takes as they are.
SHARED_FLAGS = ("--print_error_code",)
# TFRT's test drivers, which all print what ral-run --run-all prints.
EXECUTOR_RUN_LINE = re.compile(r"RUN:.*(bef_executor|code_size_test_driver)")
# bef_executor's choice of work queue (s: single-threaded, mstd:
# multi-threaded), with one dash or two.
WORK_QUEUE_TYPE = re.compile(r"^--?work_queue_type=(\S+)$")
CASE_HEADER = re.compile(r"//\s*CHECK[-A-Z]*:\s*--- (?:Not running|Running) '([^']+)'")


def read_exclusions(path, program_name):
    """{case: reason} for `program_name` from lines 'file.mlir case: reason'."""
    excluded = {}
    with open(path) as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = re.fullmatch(r"(\S+\.mlir)\s+(\S+):\s*(\S.*)", line)
            if not match:
                sys.exit("%s:%d: expected 'file.mlir case: reason'" % (path, number))
            if match.group(1) == program_name:
                excluded[match.group(2)] = match.group(3)
    return excluded


def without_cases(text, excluded):
    """The program less the excluded cases. A case runs from the CHECK line
    that names its '--- Running' header up to the next such line."""
    kept, found, dropping = [], set(), False
    for line in text.splitlines(keepends=True):
        header = CASE_HEADER.search(line)
        if header:
            dropping = header.group(1) in excluded
            if dropping:
                found.add(header.group(1))
        if not dropping:
            kept.append(line)
    missing = set(excluded) - found
    if missing:
        sys.exit("exclusions name cases the program does not have: " + ", ".join(sorted(missing)))
    return "".join(kept)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("--tools", required=True, help="folder with disc-compile and ral-run")
    parser.add_argument("--plugin", required=True,
                        help="the library of TFRT's test kernels, which ral-run loads")
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("--exclusions", required=True)
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args()

    name = os.path.basename(args.program)
    with open(args.program) as source:
        text = source.read()
    run_lines = [line for line in text.splitlines() if EXECUTOR_RUN_LINE.search(line)]
    if not run_lines:
        sys.exit("%s has no RUN line of TFRT's executors" % name)

    excluded = read_exclusions(args.exclusions, name)
    os.makedirs(args.work_dir, exist_ok=True)
    program = os.path.join(args.work_dir, name)
    with open(program, "w") as copy:
        copy.write(without_cases(text, excluded))
    for case, reason in sorted(excluded.items()):
        print("excluded %s: %s" % (case, reason))

    model = program[:-len(".mlir")] + ".so"
    compiled = subprocess.run([os.path.join(args.tools, "disc-compile"), program, "-o", model])
    if compiled.returncode != 0:
        return 1

    failures = 0
    for run_line in run_lines:
        words = run_line.split()
        flags = [flag for flag in SHARED_FLAGS if flag in words]
        queue_types = [match.group(1) for match in map(WORK_QUEUE_TYPE.match, words) if match]
        flags.append("--work_queue_type=" + (queue_types[-1] if queue_types else "s"))
        command = [os.path.join(args.tools, "ral-run"), "--plugin=" + args.plugin,
                   "--run-all", *flags, model]
        print("$ " + " ".join(command))
        ran = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        sys.stdout.write(ran.stdout.decode(errors="replace"))
        checked = subprocess.run([args.filecheck, program], input=ran.stdout)
        failures += checked.returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
