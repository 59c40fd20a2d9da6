#!/usr/bin/python3
"""Compiles and runs every program of test/corpus/jax with disc-compile and
ral-run and compares with the outputs JAX computed (scripts/jax_corpus.py
wrote them); needs numpy, not jax.

A program passes when every run of it (one per batch size for a symbolic
batch) matches JAX within its meta.json's atol and rtol. A program whose
meta.json has `"expected_failure": "LINE"` must fail with exactly that
line (but for the location's line and column): it passes then as XFAIL,
and fails the corpus when it fails otherwise or passes (then the mark is to
be removed). `--write-marks` rewrites the marks to what fails now, for
after a change that fixes or breaks programs.

Prints one line per program, then the counts; exits 1 when anything failed.
"""

import argparse
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import e2e  # noqa: E402

CORPUS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jax")


def load_program(program_dir):
    with open(os.path.join(program_dir, "meta.json")) as f:
        meta = json.load(f)
    with open(os.path.join(program_dir, "program.mlir")) as f:
        mlir = f.read()
    return meta, mlir


def failure_of(runner, name, program_dir, meta, mlir):
    """The first failing run's message (work directory paths removed), or
    None when every run matches JAX."""
    for run in meta["runs"]:
        expected = [np.load(os.path.join(program_dir, path)) for path in run["expected"]]
        case = e2e.Case(name, mlir, [os.path.join(program_dir, path) for path in run["inputs"]],
                        lambda *_, expected=expected: expected, atol=meta["atol"],
                        rtol=meta["rtol"])
        try:
            runner.run_case(case)
        except e2e.CaseFailure as failure:
            return str(failure).replace(runner.work_dir + os.sep, "")
    return None


def without_line_and_column(message):
    """`prog.mlir:12:3: error: X` as `prog.mlir: error: X`: when several ops
    fail alike, which one disc-compile reports first varies from run to run
    (its passes run on several threads)."""
    return re.sub(r"^(\S+?\.mlir):\d+:\d+: ", r"\1: ", message)


def verdict(name, failure, mark):
    """(ok, line to print) for a program's outcome against its mark."""
    if mark is None:
        if failure is None:
            return True, "PASS " + name
        return False, "FAIL %s: %s" % (name, failure)
    if failure is None:
        return False, ("FAIL %s: passes now; remove its expected_failure from meta.json"
                       " (or run with --write-marks)" % name)
    if without_line_and_column(failure) == without_line_and_column(mark):
        return True, "XFAIL %s: %s" % (name, failure)
    return False, "FAIL %s: fails differently: %s (meta.json expects: %s)" % (name, failure, mark)


def write_mark(program_dir, meta, failure):
    meta.pop("expected_failure", None)
    if failure is not None:
        meta["expected_failure"] = failure
    with open(os.path.join(program_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", required=True, help="directory holding disc-compile and ral-run")
    parser.add_argument("--work-dir", required=True, help="where .so and output .npy files go")
    parser.add_argument("--corpus", default=CORPUS_DIR, help="default: %(default)s")
    parser.add_argument("-k", dest="filter", default=None,
                        help="run only programs whose name contains this")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the tool command lines")
    parser.add_argument("--write-marks", action="store_true",
                        help="set each program's expected_failure to its failure now "
                        "(none if it passes)")
    args = parser.parse_args()

    names = sorted(n for n in os.listdir(args.corpus)
                   if os.path.isfile(os.path.join(args.corpus, n, "meta.json")))
    if not names:
        print("harness error: no programs in %s (regenerate with scripts/jax_corpus.py)"
              % args.corpus)
        return 2
    runner = e2e.Runner(os.path.abspath(args.tools), os.path.abspath(args.work_dir), args.verbose)
    counts = {"passed": 0, "expected failures": 0, "failed": 0}
    for name in names:
        if args.filter and args.filter not in name:
            continue
        program_dir = os.path.join(args.corpus, name)
        meta, mlir = load_program(program_dir)
        failure = failure_of(runner, name, program_dir, meta, mlir)
        if args.write_marks:
            write_mark(program_dir, meta, failure)
            meta["expected_failure"] = failure
        ok, line = verdict(name, failure, meta.get("expected_failure"))
        print(line, flush=True)
        counts["failed" if not ok else "passed" if failure is None else "expected failures"] += 1
    print(", ".join("%d %s" % (n, what) for what, n in counts.items()))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
