#!/usr/bin/python3
"""Compiles the end-to-end cases into a bundle that runs where disc-compile cannot.

Runs every test/e2e/test_*.py that uses e2e.py in its `--bundle TARGET` mode
(test_narrow_types.py, which checks raw files itself, is not bundled): each case
is compiled with `disc-compile --target=TARGET`, and its .so, input .npy files
and numpy-reference output .npy files go to BUNDLE/<test>/. BUNDLE/manifest.json
then lists every case as `<test>.<case>` with those paths (relative to BUNDLE)
and its tolerances, or with `skip` and why (the compiler's first error line for
a program the target cannot compile yet). The differential test's fixed-seed
programs (test/differential/run.py --bundle, seeds --differential-seeds, and
its regression cases) go to BUNDLE/differential/ the same way, JAX's outputs
as their references; they need the Python package's virtualenv
(scripts/setup_python.sh, or --python). Unless --no-bench, the GPU benchmarks
go to BUNDLE/bench/ (scripts/bench/gpu.py compile). scripts/gpu_check.sh
runs a bundle.

  scripts/gpu_bundle.py                       # all cases, cuda, into gpu-bundle/
  scripts/gpu_bundle.py --target cpu --tests elementwise -k add_f --bundle /tmp/b
  scripts/gpu_bundle.py --target cpu --tests differential --differential-seeds 0:20 --bundle /tmp/b
  scripts/gpu_bundle.py --max-case-mib 16     # cases over 16 MiB skipped: a bundle that travels
"""

import argparse
import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
E2E_DIR = os.path.join(ROOT, "test", "e2e")
DIFFERENTIAL_DIR = os.path.join(ROOT, "test", "differential")
DIFFERENTIAL = "differential"
MANIFEST = "manifest.json"


def uses_e2e_harness(path):
    """Whether a test runs its cases through e2e.py, whose --bundle mode writes them."""
    with open(path) as f:
        return any(line.startswith(("from e2e import", "import e2e")) for line in f)


def test_names():
    """The e2e tests that can be bundled (test_narrow_types.py checks raw files itself)."""
    return sorted(os.path.basename(p)[len("test_"):-len(".py")]
                  for p in glob.glob(os.path.join(E2E_DIR, "test_*.py")) if uses_e2e_harness(p))


def venv_python():
    """The Python package's virtualenv's python (scripts/setup_python.sh makes it
    once per machine and prints it last)."""
    proc = subprocess.run([os.path.join(ROOT, "scripts", "setup_python.sh")],
                          stdout=subprocess.PIPE, universal_newlines=True)
    lines = proc.stdout.strip().splitlines()
    return lines[-1] if proc.returncode == 0 and lines else None


def differential_argv(args):
    """test/differential/run.py writing its fixed-seed programs as a bundle
    (JAX computes the references, so it runs in the virtualenv)."""
    python = args.python or venv_python()
    if python is None:
        return None
    return [python, os.path.join(DIFFERENTIAL_DIR, "run.py"), "--bundle", args.target,
            "--work-dir", os.path.join(args.bundle, DIFFERENTIAL), "--seeds",
            args.differential_seeds, "--regressions", "--keep-going", "--jobs", "1"]


def bundle_test(name, args):
    """Runs test_<name>.py in bundle mode; returns (name, exit status, output)."""
    env = None
    if name == DIFFERENTIAL:
        argv = differential_argv(args)
        if argv is None:
            return name, 1, "scripts/setup_python.sh could not make the virtualenv run.py needs"
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"), JAX_PLATFORMS="cpu",
                   DISC_COMPILE=os.path.join(args.tools, "disc-compile"))
    else:
        argv = [sys.executable, os.path.join(E2E_DIR, "test_%s.py" % name), "--tools", args.tools,
                "--work-dir", os.path.join(args.bundle, name), "--bundle", args.target]
        if args.filter:
            argv += ["-k", args.filter]
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    return name, proc.returncode, proc.stdout.decode(errors="replace")


def merged_entries(bundle, names):
    """The per-test manifests as one list, names and paths relative to `bundle`."""
    entries = []
    for name in names:
        with open(os.path.join(bundle, name, MANIFEST)) as f:
            for entry in json.load(f)["cases"]:
                entry["name"] = "%s.%s" % (name, entry["name"])
                if "so" in entry:
                    entry["so"] = os.path.join(name, entry["so"])
                    entry["inputs"] = [os.path.join(name, p) for p in entry["inputs"]]
                    entry["expected"] = [os.path.join(name, p) for p in entry["expected"]]
                entries.append(entry)
    return entries


def case_bytes(bundle, entry):
    return sum(os.path.getsize(os.path.join(bundle, p))
               for p in [entry["so"]] + entry["inputs"] + entry["expected"])


def skip_large_cases(bundle, entries, max_bytes):
    """Drops the files of cases over `max_bytes` and marks them skipped, so a
    bundle fits where the way to the GPU machine limits its size."""
    for entry in entries:
        if "skip" in entry:
            continue
        size = case_bytes(bundle, entry)
        if size > max_bytes:
            for path in [entry.pop("so")] + entry.pop("inputs") + entry.pop("expected"):
                os.remove(os.path.join(bundle, path))
            entry["skip"] = "its files take %.1f MiB, over --max-case-mib" % (size / 2.0**20)


def directory_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"),
                        help="directory holding disc-compile (default: build/bin)")
    parser.add_argument("--bundle", default=os.path.join(ROOT, "gpu-bundle"),
                        help="the bundle directory, replaced if it holds a bundle "
                        "(default: gpu-bundle/)")
    parser.add_argument("--target", default="cuda", choices=("cpu", "cuda"),
                        help="disc-compile --target (cpu bundles test the runner without a GPU)")
    parser.add_argument("--tests", nargs="+", metavar="NAME",
                        choices=test_names() + [DIFFERENTIAL],
                        help="only these test/e2e/test_NAME.py, and the differential programs "
                        "when one is 'differential' (default: all)")
    parser.add_argument("-k", dest="filter", help="only e2e cases whose name contains this "
                        "(the differential programs are bundled whole)")
    parser.add_argument("--differential-seeds", default="0:200", metavar="A:B",
                        help="the differential test's seeds to bundle (default 0:200)")
    parser.add_argument("--python", help="the python with JAX that runs test/differential/run.py "
                        "(default: scripts/setup_python.sh's virtualenv)")
    parser.add_argument("--no-bench", action="store_true",
                        help="leave the benchmarks of scripts/bench/gpu.py out")
    parser.add_argument("--small-bench", action="store_true",
                        help="the benchmarks at small sizes (gpu.py compile --small, for tests)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="test files bundled at once")
    parser.add_argument("--max-case-mib", type=float,
                        help="skip cases whose .so, inputs and outputs take more (default: no limit)")
    args = parser.parse_args()
    args.tools = os.path.abspath(args.tools)
    args.bundle = os.path.abspath(args.bundle)

    if os.path.exists(args.bundle):
        if not os.path.exists(os.path.join(args.bundle, MANIFEST)):
            print("gpu_bundle: error: %s exists and holds no %s; not replacing it"
                  % (args.bundle, MANIFEST), file=sys.stderr)
            return 1
        shutil.rmtree(args.bundle)
    os.makedirs(args.bundle)

    # The differential programs first: the longest to compile, with one job of their own.
    names = args.tests or [DIFFERENTIAL] + test_names()
    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, rc, output in pool.map(lambda n: bundle_test(n, args), names):
            lines = output.strip().splitlines()
            print("%s: %s" % (name, lines[-1] if lines else "(no output)"), flush=True)
            if rc != 0:
                failed.append(name)
                print("\n".join("  " + line for line in lines if not line.startswith("BUNDLED ")))
    if failed:
        print("gpu_bundle: error: bundling failed for %s" % ", ".join(failed), file=sys.stderr)
        return 1

    entries = merged_entries(args.bundle, names)
    if args.max_case_mib is not None:
        skip_large_cases(args.bundle, entries, args.max_case_mib * 2.0**20)
    with open(os.path.join(args.bundle, MANIFEST), "w") as f:
        json.dump({"target": args.target, "cases": entries}, f, indent=1)
    if not args.no_bench:
        bench_argv = [sys.executable, os.path.join(ROOT, "scripts", "bench", "gpu.py"), "compile",
                      "--tools", args.tools, "--bundle", args.bundle, "--target", args.target]
        if subprocess.run(bench_argv + (["--small"] if args.small_bench else [])).returncode != 0:
            print("gpu_bundle: error: compiling the benchmarks failed", file=sys.stderr)
            return 1
    skipped = sum("skip" in e for e in entries)
    print("%d cases bundled for %s, %d skipped; %.1f MiB in %s"
          % (len(entries) - skipped, args.target, skipped,
             directory_bytes(args.bundle) / 2.0**20, args.bundle))
    return 0


if __name__ == "__main__":
    sys.exit(main())
