#!/usr/bin/python3
"""Bundles three elementwise adds for the CPU (scripts/gpu_bundle.py --target
cpu) and runs them with scripts/gpu_check.sh --device=cpu: the bundle holds the
right reference, every case passes, a wrong expected output fails the check
with exit status 1, a skipped case is reported, and a bundle for another
device is refused."""

import json
import os
import sys

import numpy as np

from harness import ROOT, expect, main, run

CASES = ["elementwise.add_f32", "elementwise.add_f16", "elementwise.add_f64"]


def check(args):
    bundle = os.path.join(args.work_dir, "bundle")
    ral_run = os.path.join(args.tools, "ral-run")
    rc, out, err = run([sys.executable, os.path.join(ROOT, "scripts", "gpu_bundle.py"),
                        "--tools", args.tools, "--bundle", bundle, "--target", "cpu",
                        "--tests", "elementwise", "-k", "add_f", "--no-bench"])
    expect(rc == 0, "gpu_bundle.py exited %d: %s%s" % (rc, out, err))
    manifest_path = os.path.join(bundle, "manifest.json")
    with open(manifest_path) as f:
        manifest = json.load(f)
    expect(manifest["target"] == "cpu", "manifest target %r" % manifest["target"])
    expect([c["name"] for c in manifest["cases"]] == CASES,
           "bundled %s, expected %s" % ([c["name"] for c in manifest["cases"]], CASES))
    for case in manifest["cases"]:
        x, y = (np.load(os.path.join(bundle, p)) for p in case["inputs"])
        (reference,) = (np.load(os.path.join(bundle, p)) for p in case["expected"])
        expect(reference.dtype == x.dtype and np.array_equal(reference, x + y),
               "%s: the bundled reference is not x + y" % case["name"])
        expect(os.path.isfile(os.path.join(bundle, case["so"])), "%s: no .so" % case["name"])

    check_sh = [os.path.join(ROOT, "scripts", "gpu_check.sh"), "--bundle", bundle,
                "--device=cpu", "--ral-run", ral_run]
    rc, out, err = run(check_sh)
    expect(rc == 0, "gpu_check.sh exited %d on a good bundle: %s%s" % (rc, out, err))
    expect(out.splitlines() == ["PASS " + name for name in CASES] + ["3 passed, 0 failed, 0 skipped"],
           "unexpected output on a good bundle:\n" + out)

    # One wrong element of one reference, and a case the manifest marks skipped.
    wrong_path = os.path.join(bundle, manifest["cases"][0]["expected"][0])
    wrong = np.load(wrong_path)
    wrong.flat[0] += 1
    np.save(wrong_path, wrong)
    manifest["cases"].append({"name": "elementwise.dot", "skip": "no cuda lowering"})
    with open(manifest_path, "w") as f:
        json.dump(manifest, f)
    rc, out, err = run(check_sh)
    lines = out.splitlines()
    expect(rc == 1, "gpu_check.sh exited %d with a wrong reference: %s%s" % (rc, out, err))
    expect(lines[0].startswith("FAIL elementwise.add_f32: output 0: does not match expected: "
                               "1 of "), "unexpected FAIL line: %s" % lines[0])
    expect(lines[1:] == ["PASS elementwise.add_f16", "PASS elementwise.add_f64",
                         "SKIP elementwise.dot: no cuda lowering", "2 passed, 1 failed, 1 skipped"],
           "unexpected output with a wrong reference:\n" + out)

    rc, out, err = run([sys.executable, os.path.join(ROOT, "scripts", "run_bundle.py"),
                        "--bundle", bundle, "--device", "cuda", "--ral-run", ral_run])
    expect(rc == 2 and "was compiled for cpu, --device is cuda" in err,
           "run_bundle.py --device cuda on a cpu bundle: exit %d: %s%s" % (rc, out, err))


if __name__ == "__main__":
    sys.exit(main("gpu_check", __doc__.splitlines()[0], check))
