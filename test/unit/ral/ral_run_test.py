"""Runs the ral-run binary on the fake model and checks what it prints.

usage: ral_run_test.py RAL_RUN FAKE_MODEL_SO FAKE_MODEL_OPS_SO TEST_KERNELS_SO FAKE_CUDA_MODEL_SO
"""
import re
import os
import sys
import tempfile

import numpy as np

from ral_run_checks import check, expect_error, failures, run
import ral_run_checks

RAL_RUN, MODEL, OPS_MODEL, KERNELS, CUDA_MODEL = sys.argv[1:6]
ral_run_checks.use(RAL_RUN)


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

    # Several inputs from one .npz, by --inputs or IREE's --input=@.
    np.savez(path("ab.npz"), a=np.array([1, 2, 3, 4], dtype=np.float32),
             b=np.array([10, 20, 30, 40.5], dtype=np.float32))
    for args in (["--inputs", path("ab.npz")], ["--input=@" + path("ab.npz")]):
        code, out, err = run(MODEL, "--function", "add", *args)
        check("npz " + args[0], code == 0 and out == "4xf32=11 22 33 44.5\n",
              f"exit {code}, stdout {out!r}, stderr {err!r}")
    np.savez_compressed(path("packed.npz"), a=np.zeros(4, dtype=np.float32))
    expect_error("compressed npz", [MODEL, "--function", "add", "--inputs",
                                    path("packed.npz")],
                 f"'{path('packed.npz')}': member 'a.npy' is compressed; only "
                 "uncompressed .npz files are supported (numpy.savez, not "
                 "numpy.savez_compressed)")
    np.savez(path("a_b5.npz"), np.zeros(4, dtype=np.float32),
             np.zeros(5, dtype=np.float32))
    expect_error("npz wrong shape", [MODEL, "--function", "add",
                                     "--input=@" + path("a_b5.npz")],
                 "input 1 ('b'): expected 4xf32, got 5xf32")

    # Raw little-endian data behind a shape prefix.
    np.array([1, 2, 3, 4], dtype=np.float32).tofile(path("a.bin"))
    code, out, err = run(MODEL, "--function", "add",
                         "--input=4xf32=@" + path("a.bin"),
                         "--input=2x2xf32=@" + path("a.bin"))
    check("raw", code == 1 and err == "ral-run: error: input 1 ('b'): "
          "expected 4xf32, got 2x2xf32\n", f"exit {code}, stderr {err!r}")
    code, out, err = run(MODEL, "--function", "add",
                         "--input=4xf32=@" + path("a.bin"), "--input=4xf32=1 1 1 1")
    check("raw", code == 0 and out == "4xf32=2 3 4 5\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    expect_error("raw short", [MODEL, "--function", "add", "--input=@" +
                               path("a.npy"), "--input=5xf32=@" + path("a.bin")],
                 f"'{path('a.bin')}': holds 16 bytes, 5xf32 needs 20")
    expect_error("raw long", [MODEL, "--function", "add", "--input=@" +
                              path("a.npy"), "--input=3xf32=@" + path("a.bin")],
                 f"'{path('a.bin')}': holds more than 12 bytes, 3xf32 needs 12")

    # Outputs: append to one .npy file, or print with '-'.
    for _ in range(2):
        code, out, err = run(MODEL, *inputs, "--output=+" + path("log.npy"))
        check("append", code == 0 and out == "", f"exit {code}, stderr {err!r}")
    with open(path("log.npy"), "rb") as f:
        first, second = np.load(f), np.load(f)
        rest = f.read()
    check("append", first.tolist() == [11, 22, 33, 44.5] and
          second.tolist() == first.tolist() and rest == b"",
          f"{first!r} {second!r} {rest!r}")
    code, out, err = run(MODEL, *inputs, "--output=-")
    check("stdout", code == 0 and out == "4xf32=11 22 33 44.5\n",
          f"exit {code}, stdout {out!r}")

    # Inline expected values.
    code, out, err = run(MODEL, *inputs, "--expected_output=4xf32=11 22 33 44.5")
    check("inline expected", code == 0 and
          out == "output 0: matches expected (max abs err 0)\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    code, out, err = run(MODEL, *inputs, "--expected_output=4xf32=11 22 33 44.4",
                         "--rtol", "0")
    check("inline mismatch", code == 1 and "max abs err 0.1, max rel err 0.0023"
          " (atol 1e-05, rtol 0); first at [3]: got 44.5, expected 44.4" in out,
          f"exit {code}, stdout {out!r}")
    code, out, err = run(MODEL, *inputs, "--expected_output=4xf32=11 22 33 44.4",
                         "--rtol", "0.01")
    check("inline rtol", code == 0, f"exit {code}, stdout {out!r}")
    expect_error("expected shape", [MODEL, *inputs,
                                     "--expected_output=2xf32=11 22"],
                 "output 0 is 4xf32, '2xf32=11 22' holds 2xf32")

    # Benchmark: the timings, and no printed outputs unless asked.
    code, out, err = run(MODEL, *inputs, "--benchmark=50")
    check("benchmark", code == 0 and re.fullmatch(
        r"benchmark 'add': 50 runs after 5 warm-up runs: min [0-9.]+ us, "
        r"median [0-9.]+ us, p90 [0-9.]+ us, peak RSS [0-9.]+ MiB\n", out), f"exit {code}, {out!r}")
    rss = float(re.search(r"peak RSS ([0-9.]+) MiB", out).group(1)) if code == 0 else 0
    # The process holds at least its own code and libraries, and far less
    # than the machine for a four-element add.
    check("benchmark peak RSS", 1 < rss < 4096, f"{rss} MiB")

    # --threads caps a run's threads; the values do not change.
    code, out, err = run(MODEL, *inputs, "--threads=1")
    check("threads", code == 0 and out == "4xf32=11 22 33 44.5\n", f"exit {code}, {out!r}")
    expect_error("threads range", [MODEL, *inputs, "--threads=-1"],
                 "--threads: Value -1 not in range 0 to 4096")
    code, out, err = run(MODEL, *inputs, "--benchmark=3", "--output=-")
    check("benchmark print", code == 0 and out.startswith(
        "4xf32=11 22 33 44.5\nbenchmark 'add': 3 runs after 1 warm-up runs"),
        f"exit {code}, {out!r}")
    code, out, err = run(MODEL, *inputs, "--benchmark=0")
    check("benchmark zero", code == 1 and err.startswith("ral-run: error: ")
          and err.count("\n") == 1, f"exit {code}, stderr {err!r}")

    # The memory limit, and a user kernel from a plugin.
    expect_error("memory limit", [OPS_MODEL, "--function", "scale",
                                  "--input=16xf32=" + " ".join(["1"] * 16),
                                  "--memory-limit=60"],
                 "ral_alloc: 64 bytes would exceed the memory limit of 60 bytes")
    code, out, err = run(OPS_MODEL, "--function", "scale",
                         "--input=2xf32=3 30", "--memory-limit=8")
    check("memory limit ok", code == 0 and out == "2xf32=1.9 100\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    expect_error("no plugin", [OPS_MODEL, "--function", "checked_sum",
                               "--input=2xf32=1 2"],
                 "unknown RAL API 'test_checked_sum___cpu___pvoid_m1df32___f32'")
    code, out, err = run(OPS_MODEL, "--function", "checked_sum",
                         "--input=3xf32=1 2 4", "--plugin", KERNELS)
    check("plugin", code == 0 and out == "f32=7\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    expect_error("plugin error", [OPS_MODEL, "--function", "checked_sum",
                                  "--input=3xf32=1 -2 4", "--plugin", KERNELS],
                 "test_checked_sum: element 1 is negative (-2.000000)")
    # --plugin takes one library, so a model path after it is the model's.
    code, out, err = run("--plugin", KERNELS, OPS_MODEL, "--function",
                         "checked_sum", "--input=3xf32=1 2 4")
    check("plugin first", code == 0 and out == "f32=7\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    expect_error("two plugins in one", ["--plugin", KERNELS, KERNELS, OPS_MODEL],
                 f"The following argument was not expected: {OPS_MODEL} "
                 "(ral-run takes one model path; give each plugin its own "
                 "--plugin)")
    expect_error("no model", ["--plugin", KERNELS],
                 "no model path: name the model .so before --inputs, "
                 "--outputs and the other options that take several values, "
                 "or after '--'")
    code, out, err = run("--function", "checked_sum", "--inputs",
                         "3xf32=1 2 4", "--plugin", KERNELS, "--", OPS_MODEL)
    check("model after --", code == 0 and out == "f32=7\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    expect_error("bad plugin", [OPS_MODEL, "--plugin", path("none.so")],
                 f"cannot open plugin '{path('none.so')}': No such file or "
                 "directory")

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
    code, out, err = run(MODEL, *inputs, "--device=cpu")
    check("device", code == 0 and out == "4xf32=11 22 33 44.5\n",
          f"exit {code}, stdout {out!r}, stderr {err!r}")
    expect_error("device mismatch", [MODEL, *inputs, "--device=cuda"],
                 f"'{MODEL}' was compiled for cpu, not for --device=cuda; "
                 "compile it with disc-compile --target=cuda")
    expect_error("device mismatch cuda", [CUDA_MODEL, *inputs, "--device", "cpu"],
                 f"'{CUDA_MODEL}' was compiled for cuda, not for --device=cpu; "
                 "compile it with disc-compile --target=cpu")
    code, out, err = run(MODEL, *inputs, "--device=tpu")
    check("unknown device", code == 1 and "--device" in err and "tpu" in err
          and err.count("\n") == 1, f"exit {code}, stderr {err!r}")
    code, out, err = run(MODEL, "--bogus")
    check("bad flag", code == 1 and err.startswith("ral-run: error: ")
          and err.count("\n") == 1, f"exit {code}, stderr {err!r}")

    # Sizes from the command line that overflow 64 bits are refused, naming
    # the argument and the shape (bad_api takes a ?xf32).
    dynamic = [MODEL, "--function", "bad_api", "--inputs"]
    for spec, shape in [("4611686018427387904xf32=@/dev/null", "4611686018427387904xf32"),
                        ("1152921504606846976x64xf32=", "1152921504606846976x64xf32"),
                        ("9223372036854775807x2xf32=1", "9223372036854775807x2xf32")]:
        expect_error("overflow " + spec, dynamic + [spec],
                     f"'{spec}': shape {shape} is too large: its size in bytes "
                     "does not fit in 64 bits")
    expect_error("dimension out of range", dynamic + ["99999999999999999999xf32=1"],
                 "'99999999999999999999xf32=1': bad dimension '99999999999999999999'")

    # Inputs that are not .npy files fail naming them, and reading stops.
    expect_error("directory input", dynamic + [tmp],
                 f"'{tmp}': cannot read: Is a directory")
    expect_error("endless input", dynamic + ["/dev/zero"],
                 "'/dev/zero': not a .npy file (no \\x93NUMPY magic)")
    with open(path("long_header.npy"), "wb") as f:
        f.write(b"\x93NUMPY\x02\x00\xff\xff\xff\x7f{'descr'")
    expect_error("long header", dynamic + [path("long_header.npy")],
                 f"'{path('long_header.npy')}': the header claims 2147483647 "
                 "bytes, more than the 10000 a .npy header may have")

    # Numbers out of range name the flag.
    expect_error("benchmark range", [MODEL, *inputs, "--benchmark", "99999999999999"],
                 "--benchmark: Value 99999999999999 not in range 1 to 10000000")
    expect_error("memory limit range", [MODEL, *inputs, "--memory-limit",
                                        "1000000000000000000000000000000"],
                 "--memory-limit: Value 1000000000000000000000000000000 not in "
                 "range 0 to 9223372036854775807")

    # A library that registers no kernel is not a plugin, even one the
    # process has loaded already.
    libm = next(line.split()[-1] for line in open("/proc/self/maps")
                if re.search(r"/libm\.so\.6$", line))
    expect_error("libm plugin", [MODEL, *inputs, "--plugin", libm],
                 f"plugin '{libm}' registered no new RAL API: the process had "
                 "loaded it already, not as a plugin")

    # A truncated model fails before dlopen maps it.
    with open(MODEL, "rb") as f:
        model_bytes = f.read()
    for size in (1000, 10000):
        truncated = path(f"truncated{size}.so")
        with open(truncated, "wb") as f:
            f.write(model_bytes[:size])
        code, out, err = run(truncated, "--describe")
        check(f"truncated {size}", code == 1 and err.startswith(
            f"ral-run: error: cannot open '{truncated}': truncated ELF file: ")
            and err.count("\n") == 1, f"exit {code}, stderr {err!r}")

    # Outputs never overwrite an input file, by any name.
    os.link(path("a.npy"), path("a_link.npy"))
    os.symlink(path("b.npy"), path("b_symlink.npy"))
    with open(path("a.npy"), "rb") as f:
        a_bytes = f.read()
    for output, clash in [(path("a.npy"), path("a.npy")),
                          (path("a_link.npy"), path("a.npy")),
                          (path("b_symlink.npy"), path("b.npy"))]:
        expect_error("output is input " + os.path.basename(output),
                     [MODEL, *inputs, "--outputs", output],
                     f"output file '{output}' is the input file '{clash}'; "
                     "ral-run does not overwrite its inputs")
    with open(path("a.npy"), "rb") as f:
        check("input kept", f.read() == a_bytes)
    # An output written through a symbolic link replaces the file it names.
    np.save(path("old_sum.npy"), np.zeros(4, dtype=np.float32))
    os.symlink(path("old_sum.npy"), path("sum_link.npy"))
    code, out, err = run(MODEL, *inputs, "--outputs", path("sum_link.npy"))
    check("output through link", code == 0 and os.path.islink(path("sum_link.npy"))
          and np.load(path("old_sum.npy")).tolist() == [11, 22, 33, 44.5],
          f"exit {code}, stderr {err!r}")
    check("no temporaries", not [n for n in os.listdir(tmp) if ".tmp" in n],
          repr(os.listdir(tmp)))

for failure in failures:
    print("FAIL", failure)
sys.exit(1 if failures else 0)
