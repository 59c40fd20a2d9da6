#!/usr/bin/python3
"""Runs every case of a bundle (scripts/gpu_bundle.py) with ral-run.

Each case runs as `ral-run CASE.so --device=DEVICE --inputs ...
--expected_output=@...` with the case's tolerances, so ral-run itself compares
with the numpy reference. Prints one line per case (`PASS name`, `FAIL name:
why`, `SKIP name: reason`), then `N passed, M failed, K skipped`; the exit
status is 1 when a case failed, 2 when the bundle cannot be read. Cases run
--jobs at a time (the lines keep the manifest's order), each stopped after
--timeout seconds, so that one hanging kernel cannot eat a device lease. Needs
no numpy: scripts/gpu_check.sh runs it on the GPU machine.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys


def ral_run_argv(ral_run, bundle, device, entry):
    at = lambda path: os.path.join(bundle, path)
    argv = [ral_run, at(entry["so"]), "--device=" + device]
    if "function" in entry:
        argv += ["--function", entry["function"]]
    argv += ["--inputs"] + [at(p) for p in entry["inputs"]]
    argv += ["--expected_output=@" + at(p) for p in entry["expected"]]
    argv += ["--atol=%r" % entry["atol"], "--rtol=%r" % entry["rtol"]]
    return argv


def failure_reason(rc, stdout, stderr):
    """ral-run's mismatch report (stdout) or its error line (stderr)."""
    mismatches = [l.strip() for l in stdout.splitlines() if "does not match" in l]
    errors = [l.strip() for l in stderr.splitlines() if l.strip()]
    reason = "; ".join(mismatches or errors[:1]) or "no output"
    return reason if rc == 1 else "exit %d: %s" % (rc, reason)


def run_case(argv, timeout_s):
    try:
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return "ral-run timed out after %g s" % timeout_s
    if proc.returncode == 0:
        return None
    return failure_reason(proc.returncode, proc.stdout.decode(errors="replace"),
                          proc.stderr.decode(errors="replace"))


def open_manifest(manifest_path, device, ral_run, tool):
    """The manifest of a bundle made for `device`, runnable with `ral_run`;
    None after printing why not as `tool`'s error."""
    try:
        with open(manifest_path) as f:
            manifest = json.load(f)
    except (OSError, ValueError) as error:
        print("%s: error: cannot read %s: %s" % (tool, manifest_path, error), file=sys.stderr)
        return None
    if manifest.get("target") != device:
        print("%s: error: %s was compiled for %s, --device is %s (make it with "
              "scripts/gpu_bundle.py --target %s)"
              % (tool, manifest_path, manifest.get("target"), device, device), file=sys.stderr)
        return None
    if not os.access(ral_run, os.X_OK):
        print("%s: error: no ral-run at %s" % (tool, ral_run), file=sys.stderr)
        return None
    return manifest


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", required=True, help="the bundle directory")
    parser.add_argument("--ral-run", required=True, help="the ral-run to run the cases with")
    parser.add_argument("--device", required=True, choices=("cpu", "cuda"),
                        help="ral-run --device; must be the bundle's target")
    parser.add_argument("-k", dest="filter", help="only cases whose name contains this")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the ral-run command lines")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="cases run at once (default: the number of cores)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds one case may run before it counts as failed (default 300)")
    args = parser.parse_args()
    if args.jobs < 1 or args.timeout <= 0:
        parser.error("--jobs must be at least 1 and --timeout positive")

    manifest = open_manifest(os.path.join(args.bundle, "manifest.json"), args.device, args.ral_run,
                             "run_bundle")
    if manifest is None:
        return 2

    entries = [e for e in manifest["cases"] if not args.filter or args.filter in e["name"]]
    argvs = [None if "skip" in e else ral_run_argv(args.ral_run, args.bundle, args.device, e)
             for e in entries]
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    results = [None if argv is None else pool.submit(run_case, argv, args.timeout) for argv in argvs]
    passed = failed = skipped = 0
    for entry, argv, result in zip(entries, argvs, results):
        name = entry["name"]
        if result is None:
            print("SKIP %s: %s" % (name, entry["skip"]), flush=True)
            skipped += 1
            continue
        if args.verbose:
            print("  $ " + " ".join(argv), flush=True)
        reason = result.result()
        if reason:
            print("FAIL %s: %s" % (name, reason), flush=True)
            failed += 1
        else:
            print("PASS %s" % name, flush=True)
            passed += 1
    pool.shutdown()
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
