"""bf16, the 8-, 6- and 4-bit floats and i2/i4/ui2/ui4 through raw files:
arithmetic, conversions and ral-run's raw I/O, against references computed
from the formats' bits (numpy has no dtype for them; ml_dtypes is not
needed)."""

import argparse
import itertools
import math
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from conformance import narrow_float_decode, narrow_float_encode, narrow_float_width  # noqa: E402


class Failure(Exception):
    pass


def run_tool(argv):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    return proc.returncode, proc.stderr.decode(errors="replace")


def binary_program(op, element, count, result_element=None):
    in_type = "tensor<%dx%s>" % (count, element)
    out_type = "tensor<%dx%s>" % (count, result_element or element)
    if op == "convert":
        return ("func.func @main(%%a: %s) -> %s {\n"
                "  %%0 = stablehlo.convert %%a : (%s) -> %s\n"
                "  return %%0 : %s\n}\n" % (in_type, out_type, in_type, out_type, out_type))
    return ("func.func @main(%%a: %s, %%b: %s) -> %s {\n"
            "  %%0 = stablehlo.%s %%a, %%b : %s\n"
            "  return %%0 : %s\n}\n" % (in_type, in_type, out_type, op, in_type, out_type))


def run_program(tools, work, name, mlir, inputs, out_element, out_count):
    """Compiles and runs `mlir` on raw `inputs` [(uint8/uint16 array, element)],
    returning the raw output as an array of its storage type."""
    case = os.path.join(work, name)
    os.makedirs(case, exist_ok=True)
    with open(os.path.join(case, "case.mlir"), "w") as f:
        f.write(mlir)
    so = os.path.join(case, "case.so")
    rc, err = run_tool([os.path.join(tools, "disc-compile"), os.path.join(case, "case.mlir"),
                        "-o", so])
    if rc:
        raise Failure("disc-compile: " + err.strip().splitlines()[0])
    args = []
    for i, (array, element) in enumerate(inputs):
        path = os.path.join(case, "in%d.bin" % i)
        array.astype(array.dtype.newbyteorder("<")).tofile(path)
        args.append("%dx%s=@%s" % (array.size, element, path))
    out = os.path.join(case, "out.bin" if out_element != "f32" else "out.npy")
    rc, err = run_tool([os.path.join(tools, "ral-run"), so, "--inputs"] + args + ["--outputs", out])
    if rc:
        raise Failure("ral-run: " + err.strip().splitlines()[0])
    if out_element == "f32":
        return np.load(out)
    raw = np.fromfile(out, "<u2" if out_element == "bf16" else np.uint8)
    if raw.size != out_count:
        raise Failure("output holds %d elements, expected %d" % (raw.size, out_count))
    return raw


def same_floats(got_bits, want_bits, element):
    """Bit-exact, but any NaN matches any NaN."""
    got = narrow_float_decode(got_bits, element)
    want = narrow_float_decode(want_bits, element)
    for k in range(got.size):
        if math.isnan(want[k]) and math.isnan(got[k]):
            continue
        if got_bits[k] != want_bits[k]:
            raise Failure("element %d: got 0x%x (%r), expected 0x%x (%r)"
                          % (k, got_bits[k], got[k], want_bits[k], want[k]))


def float_arithmetic(tools, work, element, op, numpy_op):
    """Every bit pattern of `element` against a few values: the exact f64
    result of the two decoded values, rounded to `element` ties to even."""
    mask = (1 << narrow_float_width(element)) - 1
    patterns = np.arange(mask + 1, dtype=np.uint8)
    others = np.array([0x38, 0x01, 0xb4, 0x7b, 0x00, 0x44, 0x21, 0x80], np.uint8) & mask
    a = np.repeat(patterns, others.size)
    b = np.tile(others, patterns.size)
    got = run_program(tools, work, "%s_%s" % (op, element), binary_program(op, element, a.size),
                      [(a, element), (b, element)], element, a.size)
    with np.errstate(all="ignore"):  # inf * 0 is NaN, as it should be
        values = numpy_op(narrow_float_decode(a, element), narrow_float_decode(b, element))
        want = np.array([narrow_float_encode(float(v), element) for v in values], np.uint8)
    same_floats(got, want, element)


def float_from_f32(tools, work, element):
    """f32 -> `element` rounds to nearest even; -> f32 back is exact."""
    g = np.random.default_rng(7)
    specials = [0.0, -0.0, 1.0, -1.5, 1e-30, 3.0e38, float("inf"), float("-inf"), float("nan"),
                240.0, 448.0, 464.0, 57344.0, 61440.0, 0.0009765625, 0.001953125, 15.5, 16.0]
    x = np.concatenate([np.array(specials, np.float32),
                        (g.standard_normal(200) * 2.0 ** g.integers(-12, 12, 200)).astype(np.float32)])
    got = run_program(tools, work, "convert_f32_to_%s" % element,
                      binary_program("convert", "f32", x.size, element),
                      [(x.view(np.uint32), "f32")], element, x.size)
    want = np.array([narrow_float_encode(float(v), element) for v in x], np.uint8)
    same_floats(got, want, element)
    patterns = np.arange(1 << narrow_float_width(element), dtype=np.uint8)
    back = run_program(tools, work, "convert_%s_to_f32" % element,
                       binary_program("convert", element, patterns.size, "f32"),
                       [(patterns, element)], "f32", patterns.size)
    exact = narrow_float_decode(patterns, element).astype(np.float32)
    both_nan = np.isnan(back) & np.isnan(exact)
    if not ((back == exact) | both_nan).all():
        k = int(np.argmax(~((back == exact) | both_nan)))
        raise Failure("0x%x widened to %r, expected %r" % (k, back[k], exact[k]))


def bf16_add(tools, work):
    g = np.random.default_rng(3)
    a = (g.standard_normal(300).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    b = (g.standard_normal(300).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    got = run_program(tools, work, "add_bf16", binary_program("add", "bf16", a.size),
                      [(a, "bf16"), (b, "bf16")], "bf16", a.size)
    sums = narrow_float_decode(a, "bf16") + narrow_float_decode(b, "bf16")
    want = np.array([narrow_float_encode(float(v), "bf16") for v in sums], np.uint16)
    same_floats(got, want, "bf16")


def small_integers(tools, work, element, op, numpy_op):
    """Every pair of values, wrapping around as the spec says (i4 7 + 1 = -8)."""
    bits = int(element.lstrip("ui"))
    signed = element.startswith("i")
    values = range(-(1 << (bits - 1)), 1 << (bits - 1)) if signed else range(1 << bits)
    pairs = list(itertools.product(values, repeat=2))
    a = np.array([p[0] for p in pairs], np.int64)
    b = np.array([p[1] for p in pairs], np.int64)
    mask = (1 << bits) - 1
    got = run_program(tools, work, "%s_%s" % (op, element), binary_program(op, element, a.size),
                      [((a & mask).astype(np.uint8), element), ((b & mask).astype(np.uint8), element)],
                      element, a.size)
    want = (numpy_op(a, b) & mask).astype(np.uint8)
    if not (got == want).all():
        k = int(np.argmax(got != want))
        raise Failure("%d %s %d: got byte 0x%02x, expected 0x%02x" % (a[k], op, b[k], got[k], want[k]))


def hand_computed(tools, work):
    """A few values worked out by hand: i4 7 + 1 = -8 (byte 0x08), f8E4M3FN
    448 * 2 overflows to NaN (no infinities), f8E5M2 57344 * 2 is inf
    (0x7c), f8E4M3FNUZ -0 is +0 and 1.0 is 0x40 (bias 8), f4E2M1FN
    saturates and has no infinity or NaN."""
    got = run_program(tools, work, "hand_i4", binary_program("add", "i4", 1),
                      [(np.array([7], np.uint8), "i4"), (np.array([1], np.uint8), "i4")], "i4", 1)
    if got[0] != 0x08:
        raise Failure("i4 7 + 1 gave byte 0x%02x, expected 0x08" % got[0])
    got = run_program(tools, work, "hand_e4m3fn", binary_program("multiply", "f8E4M3FN", 1),
                      [(np.array([0x7e], np.uint8), "f8E4M3FN"),
                       (np.array([0x40], np.uint8), "f8E4M3FN")], "f8E4M3FN", 1)
    if got[0] & 0x7f != 0x7f:
        raise Failure("f8E4M3FN 448 * 2 gave 0x%02x, expected NaN (0x7f)" % got[0])
    got = run_program(tools, work, "hand_e5m2", binary_program("multiply", "f8E5M2", 1),
                      [(np.array([0x7b], np.uint8), "f8E5M2"),
                       (np.array([0x40], np.uint8), "f8E5M2")], "f8E5M2", 1)
    if got[0] != 0x7c:
        raise Failure("f8E5M2 57344 * 2 gave 0x%02x, expected inf (0x7c)" % got[0])
    x = np.array([-0.0, 1.0], np.float32)
    got = run_program(tools, work, "hand_e4m3fnuz", binary_program("convert", "f32", 2, "f8E4M3FNUZ"),
                      [(x.view(np.uint32), "f32")], "f8E4M3FNUZ", 2)
    if list(got) != [0x00, 0x40]:
        raise Failure("f8E4M3FNUZ of [-0, 1] gave %s, expected [0x00, 0x40]" % list(got))
    # f4E2M1FN has neither infinities nor NaN: 6 * 2 saturates to 6 (0x7),
    # -inf and NaN become zeros of their sign, 0.25 ties to even (0).
    got = run_program(tools, work, "hand_e2m1fn", binary_program("multiply", "f4E2M1FN", 1),
                      [(np.array([0x7], np.uint8), "f4E2M1FN"),
                       (np.array([0x4], np.uint8), "f4E2M1FN")], "f4E2M1FN", 1)
    if got[0] != 0x7:
        raise Failure("f4E2M1FN 6 * 2 gave 0x%x, expected 0x7 (6)" % got[0])
    x = np.array([float("-inf"), float("nan"), 0.25, -7.0], np.float32)
    got = run_program(tools, work, "hand_e2m1fn_convert",
                      binary_program("convert", "f32", 4, "f4E2M1FN"),
                      [(x.view(np.uint32), "f32")], "f4E2M1FN", 4)
    if list(got) != [0x8, 0x0, 0x0, 0xf]:
        raise Failure("f4E2M1FN of [-inf, nan, 0.25, -7] gave %s, expected [8, 0, 0, 15]"
                      % list(got))


def raw_size_error(tools, work):
    """A raw file of the wrong size names the file and both byte counts."""
    case = os.path.join(work, "raw_size")
    os.makedirs(case, exist_ok=True)
    mlir = os.path.join(case, "case.mlir")
    with open(mlir, "w") as f:
        f.write(binary_program("add", "bf16", 4))
    so = os.path.join(case, "case.so")
    rc, err = run_tool([os.path.join(tools, "disc-compile"), mlir, "-o", so])
    if rc:
        raise Failure("disc-compile: " + err.strip())
    short = os.path.join(case, "short.bin")
    np.zeros(3, np.uint16).tofile(short)
    rc, err = run_tool([os.path.join(tools, "ral-run"), so, "--inputs", "4xbf16=@" + short,
                        "4xbf16=@" + short])
    expected = "ral-run: error: '%s': holds 6 bytes, 4xbf16 needs 8" % short
    if rc != 1 or err.strip() != expected:
        raise Failure("got exit %d and %r, expected %r" % (rc, err.strip(), expected))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", required=True)
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args()
    tools, work = os.path.abspath(args.tools), os.path.abspath(args.work_dir)
    os.makedirs(work, exist_ok=True)
    cases = [("hand_computed", lambda: hand_computed(tools, work)),
             ("raw_size_error", lambda: raw_size_error(tools, work)),
             ("add_bf16", lambda: bf16_add(tools, work))]
    for element in ("f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ",
                    "f8E3M4", "f8E4M3", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"):
        cases.append(("multiply_" + element,
                      lambda e=element: float_arithmetic(tools, work, e, "multiply", np.multiply)))
        cases.append(("convert_" + element, lambda e=element: float_from_f32(tools, work, e)))
    cases.append(("add_f8E5M2", lambda: float_arithmetic(tools, work, "f8E5M2", "add", np.add)))
    for element in ("i2", "i4", "ui2", "ui4"):
        cases.append(("add_" + element,
                      lambda e=element: small_integers(tools, work, e, "add", np.add)))
        cases.append(("multiply_" + element,
                      lambda e=element: small_integers(tools, work, e, "multiply", np.multiply)))
    failed = 0
    for name, case in cases:
        try:
            case()
            print("PASS %s" % name, flush=True)
        except Failure as failure:
            print("FAIL %s: %s" % (name, failure), flush=True)
            failed += 1
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
