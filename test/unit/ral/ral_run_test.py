"""Runs the ral-run binary on the fake model and checks what it prints.

usage: ral_run_test.py RAL_RUN FAKE_MODEL_SO
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

RAL_RUN, MODEL = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    result = subprocess.run([RAL_RUN, *args], capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def check(label, condition, detail=""):
    if not condition:
        failures.append(f"{label}: {detail}")


def expect_error(label, args, message):
    code, out, err = run(*args)
    check(label, code == 1, f"exit code {code}")
    check(label, err == f"ral-run: error: {message}\n", f"stderr {err!r}")


with tempfile.TemporaryDirectory() as tmp:
    def path(name):
        return os.path.join(tmp, name)

    np.save(path("a.npy"), np.array([1, 2, 3, 4], dtype=np.float32))
    np.save(path("b.npy"), np.array([10, 20, 30, 40.5], dtype=np.float32))
    np.save(path("b5.npy"), np.zeros(5, dtype=np.float32))
    np.save(path("b_f64.npy"), np.zeros(4, dtype=np.float64))
    np.save(path("expected.npy"), np.array([11, 22, 33, 44.5], dtype=np.float32))
    np.save(path("wrong.npy"), np.array([11, 22, 33.5, 44.5], dtype=np.float32))
    with open(path("broken.npy"), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00\x10\x00{'descr'")
    inputs = ["--function", "add", "--inputs", path("a.npy"), path("b.npy")]

    code, out, err = run(MODEL, *inputs)
    check("print", code == 0 and err == "", f"exit {code}, stderr {err!r}")
    check("print", out == "4xf32=11 22 33 44.5\n", f"stdout {out!r}")

    code, out, err = run(MODEL, *inputs, "--outputs", path("sum.npy"))
    check("save", code == 0 and out == "", f"exit {code}, stdout {out!r}")
    saved = np.load(path("sum.npy"))
    check("save", saved.dtype == np.float32 and saved.tolist() == [11, 22, 33, 44.5],
          repr(saved))

    code, out, err = run(MODEL, *inputs, "--expected_output=@" + path("expected.npy"))
    check("expected", code == 0, f"exit {code}, stderr {err!r}")
    check("expected", out == "output 0: matches expected (max abs err 0)\n",
          f"stdout {out!r}")

    code, out, err = run(MODEL, *inputs, "--expected_output=@" + path("wrong.npy"))
    check("mismatch", code == 1, f"exit {code}")
    check("mismatch", out.startswith("output 0: does not match expected: 1 of 4 "
                                     "elements differ, max abs err 0.5")
          and "first at [2]: got 33, expected 33.5" in out, f"stdout {out!r}")
    check("mismatch", err == "ral-run: error: 1 of 1 output(s) do not match the "
          "expected values\n", f"stderr {err!r}")

    code, out, err = run(MODEL, *inputs, "--expected_output=@" + path("wrong.npy"),
                         "--atol", "0.6")
    check("atol", code == 0, f"exit {code}, stdout {out!r}")

    code, out, err = run(MODEL, "--function", "add", "--input=@" + path("a.npy"),
                         "--input=4xf32=[0.5, 1][2 -4]",
                         "--output=@" + path("iree.npy"))
    check("iree forms", code == 0 and out == "", f"exit {code}, stderr {err!r}")
    check("iree forms", np.load(path("iree.npy")).tolist() == [1.5, 3, 5, 0],
          repr(np.load(path("iree.npy"))))
    expect_error("inline count", [MODEL, "--function", "add", "--inputs",
                                  path("a.npy"), "4xf32=1 2 3"],
                 "'4xf32=1 2 3': expected 4 values, got 3")
    expect_error("inline range", [MODEL, "--function", "add", "--inputs",
                                  path("a.npy"), "4xi8=1 2 3 300"],
                 "'4xi8=1 2 3 300': '300' is not a valid i8 value")

    code, out, err = run(MODEL, "--describe")
    check("describe", code == 0, f"exit {code}")
    for line in ["target: cpu (generic)", "compiler: fake model 1.0",
                 "source hash: fnv1a64:0000000000000001", "function add:",
                 "  input 0 'a': 4xf32", "  output 0 'sum': 4xf32",
                 "function bad_api:", "  input 0 'x': ?xf32"]:
        check("describe", line in out.splitlines(), f"no {line!r} in {out!r}")

    expect_error("wrong shape", ["--function", "add", MODEL, "--inputs",
                                 path("a.npy"), path("b5.npy")],
                 "input 1 ('b'): expected 4xf32, got 5xf32")
    expect_error("wrong dtype", ["--function", "add", MODEL, "--inputs",
                                 path("a.npy"), path("b_f64.npy")],
                 "input 1 ('b'): expected 4xf32, got 4xf64")
    expect_error("input count", [MODEL, "--function", "add", "--inputs",
                                 path("a.npy")],
                 "expected 2 inputs, got 1")
    expect_error("no default", [MODEL, "--inputs", path("a.npy"), path("b.npy")],
                 f"'{MODEL}': has 2 functions and none is named 'main': add, "
                 "bad_api; pick one with --function")
    expect_error("unknown function", [MODEL, "--function", "mul"],
                 f"'{MODEL}' has no function 'mul'; it has: add, bad_api")
    expect_error("missing npy", [MODEL, "--function", "add", "--inputs",
                                 path("a.npy"), path("missing.npy")],
                 f"'{path('missing.npy')}': cannot open: No such file or directory")
    expect_error("broken npy", [MODEL, "--function", "add", "--inputs",
                                path("a.npy"), path("broken.npy")],
                 f"'{path('broken.npy')}': truncated header: it claims 16 bytes, "
                 "the file has 8")
    expect_error("missing model", [path("none.so")],
                 f"cannot open '{path('none.so')}': No such file or directory")
    expect_error("error in run", [MODEL, "--function", "bad_api", "--inputs",
                                  path("b5.npy")],
                 "unknown RAL API 'ral_no_such_api___cpu___pvoid___void'")
    code, out, err = run(path("a.npy"))
    check("not a library", code == 1 and err.startswith(
        f"ral-run: error: cannot open '{path('a.npy')}': ")
        and err.count("\n") == 1, f"exit {code}, stderr {err!r}")
    code, out, err = run(MODEL, "--bogus")
    check("bad flag", code == 1 and err.startswith("ral-run: error: ")
          and err.count("\n") == 1, f"exit {code}, stderr {err!r}")

for failure in failures:
    print("FAIL", failure)
sys.exit(1 if failures else 0)
