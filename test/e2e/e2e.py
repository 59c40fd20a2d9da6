"""End-to-end harness: compile an MLIR program with disc-compile, run it with
ral-run on seeded random inputs, and compare with a numpy reference computed
here, independently of the tools.

A test file builds a list of cases and calls `main(cases)`. Each case prints
one line (PASS/FAIL/SKIP); the last line is `N passed, M failed` and the exit
status is non-zero when anything failed. Inputs are always run-time arguments
of the compiled function, so nothing can be constant-folded away.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys

import numpy as np

COMPILE_TIMEOUT_S = 600
RUN_TIMEOUT_S = 300

# MLIR element type -> numpy dtype (the element tokens of docs/ABI.md).
NUMPY_DTYPES = {
    "i1": np.bool_,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "ui8": np.uint8,
    "ui16": np.uint16,
    "ui32": np.uint32,
    "ui64": np.uint64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
    "complex<f32>": np.complex64,
    "complex<f64>": np.complex128,
}


def np_dtype(element_type):
    return np.dtype(NUMPY_DTYPES[element_type])


def tensor_type(shape, element_type):
    """`tensor<4x3xf32>` for shape (4, 3); -1 prints as `?`."""
    dims = "".join(("?" if d < 0 else str(d)) + "x" for d in shape)
    return "tensor<%s%s>" % (dims, element_type)


def jax_module(args, results, body, module_name="jit_f", private_funcs=""):
    """A module as `jax.jit(f).lower(...).as_text()` prints it.

    args: list of (name, type string); the names become `loc("name")`.
    results: list of (type string, result_info name).
    body: the lines of @main, without indentation, ending with `return ...`.
    """
    arg_text = ", ".join(
        "%%arg%d: %s loc(\"%s\")" % (i, ty, name) for i, (name, ty) in enumerate(args)
    )
    result_text = ", ".join(
        '%s {jax.result_info = "%s"}' % (ty, info) for ty, info in results
    )
    lines = [
        "module @%s attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {"
        % module_name,
        "  func.func public @main(%s) -> (%s) {" % (arg_text, result_text),
    ]
    lines += ["    " + line for line in body]
    lines.append("  }")
    if private_funcs:
        lines += ["  " + line if line else "" for line in private_funcs.strip("\n").split("\n")]
    lines.append("}")
    return "\n".join(lines) + "\n"


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def jax_printed(name):
    """The text of data/NAME, a program as JAX printed it."""
    with open(os.path.join(DATA, name)) as f:
        return f.read()


class Case:
    """One program run on one set of inputs.

    inputs: list of numpy arrays, or (for error cases) of file paths given to
        ral-run as they are.
    reference: function of the input arrays returning one array or a list of
        arrays, each of the exact dtype and shape the program must produce.
    expect: "pass", "compile_error" or "run_error"; the error kinds check the
        exit status and that stderr matches every regex in `stderr_patterns`.
        "custom" runs `custom(runner)` instead, for checks of the tools'
        command lines.
    skip: a reason; the case is not run and the reason is printed.
    after_hlo_pass: with --hlo-pass, regexes the program must match once the
        pass has run on it (so that the check covers what the pass did).
    """

    def __init__(self, name, mlir, inputs=(), reference=None, atol=1e-5, rtol=1e-5,
                 function=None, expect="pass", stderr_patterns=(), skip=None,
                 compile_args=(), custom=None, max_stderr_lines=None, after_hlo_pass=()):
        assert expect in ("pass", "compile_error", "run_error", "custom"), expect
        self.name = name
        self.mlir = mlir
        self.inputs = list(inputs)
        self.reference = reference
        self.atol = atol
        self.rtol = rtol
        self.function = function
        self.expect = expect
        self.stderr_patterns = list(stderr_patterns)
        self.skip = skip
        self.compile_args = list(compile_args)
        # For expect="custom": a function of the Runner that raises CaseFailure.
        self.custom = custom
        # For the error kinds: a bound on the diagnostic's length.
        self.max_stderr_lines = max_stderr_lines
        self.after_hlo_pass = list(after_hlo_pass)


class CaseFailure(Exception):
    pass


# The first line of every error is complete on its own: a located
# diagnostic, or the tool's name and what is wrong.
ERROR_FIRST_LINE = re.compile(r"^(?:\S+:\d+:\d+: error: \S|(?:disc-compile|ral-run): error: \S)")


def first_error_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    for line in lines:
        if "error" in line:
            return line.strip()
    return lines[-1].strip() if lines else "(no output)"


def tool_error(tool, stderr):
    """The tool's first error line, prefixed with the tool's name unless it
    already carries it or a file location."""
    line = first_error_line(stderr)
    return line if line.startswith(tool + ":") or re.match(r"\S+:\d+:\d+:", line) \
        else "%s: %s" % (tool, line)


def compare(name, output, expected, atol, rtol):
    """Raises CaseFailure describing the first difference."""
    if output.dtype != expected.dtype:
        raise CaseFailure("%s has dtype %s, expected %s" % (name, output.dtype, expected.dtype))
    if output.shape != expected.shape:
        raise CaseFailure("%s has shape %s, expected %s" % (name, output.shape, expected.shape))
    if output.size == 0:
        return
    if np.issubdtype(expected.dtype, np.complexfloating):
        # The real and imaginary parts are compared as floats, side by side.
        part = np.dtype("f%d" % (expected.dtype.itemsize // 2))
        def parts(array):
            return np.ascontiguousarray(array).view(part).reshape(array.shape + (2,))
        compare(name, parts(output), parts(expected), atol, rtol)
        return
    if np.issubdtype(expected.dtype, np.floating):
        out = output.astype(np.float64)
        ref = expected.astype(np.float64)
        nan_mismatch = np.isnan(out) != np.isnan(ref)
        if nan_mismatch.any():
            index = np.unravel_index(np.argmax(nan_mismatch), out.shape)
            raise CaseFailure("%s NaN mismatch at %s: got %r, expected %r"
                              % (name, index, out[index], ref[index]))
        both = ~np.isnan(ref)
        inf_ref = np.isinf(ref) & both
        if (out[inf_ref] != ref[inf_ref]).any():
            index = np.unravel_index(np.argmax(inf_ref & (out != ref)), out.shape)
            raise CaseFailure("%s inf mismatch at %s: got %r, expected %r"
                              % (name, index, out[index], ref[index]))
        finite = both & ~inf_ref
        with np.errstate(invalid="ignore"):
            err = np.where(finite, np.abs(out - ref), 0.0)
            bad = finite & (err > atol + rtol * np.abs(ref))
        if bad.any():
            index = np.unravel_index(np.argmax(np.where(bad, err, -1.0)), out.shape)
            raise CaseFailure("%s max abs err %.3g at %s (got %r, expected %r; atol %g rtol %g)"
                              % (name, err[index], index, out[index], ref[index], atol, rtol))
    else:
        bad = output != expected
        if bad.any():
            index = np.unravel_index(np.argmax(bad), output.shape)
            raise CaseFailure("%s differs at %d of %d elements, first at %s: got %r, expected %r"
                              % (name, int(bad.sum()), bad.size, index, output[index].item(),
                                 expected[index].item()))


def expected_outputs(case):
    """The reference's arrays for the case's inputs, always as a list."""
    expected = case.reference(*case.inputs)
    expected = expected if isinstance(expected, (list, tuple)) else [expected]
    return [np.asarray(e) for e in expected]


class Runner:
    def __init__(self, tools, work_dir, verbose=False, ral_run=None, target=None, hlo_pass=None,
                 compile_args=()):
        self.compiler = os.path.join(tools, "disc-compile")
        self.optimizer = os.path.join(tools, "disc-opt")
        self.runner = ral_run or os.path.join(tools, "ral-run")
        self.work_dir = work_dir
        self.verbose = verbose
        # disc-compile's --target for every case; None keeps its default.
        self.target_args = ["--target=" + target] if target else []
        # disc-compile options every case is compiled with, after its own.
        self.target_args += list(compile_args)
        # A disc-opt pass run between the hlo and linalg phases of every compile.
        self.hlo_pass = hlo_pass
        self.compiled = {}  # sha of the MLIR text -> (path of .so, or the error)
        os.makedirs(work_dir, exist_ok=True)

    def run_tool(self, argv, timeout):
        if self.verbose:
            print("  $ " + " ".join(argv), flush=True)
        try:
            proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=timeout)
        except FileNotFoundError:
            raise CaseFailure("%s not found (build the disc-compile and ral-run targets)" % argv[0])
        except subprocess.TimeoutExpired:
            raise CaseFailure("%s timed out after %d s" % (os.path.basename(argv[0]), timeout))
        return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")

    def compile(self, case):
        """Returns (rc, stderr, .so path); one compile per distinct program text."""
        compile_args = case.compile_args + self.target_args
        key = hashlib.sha256((case.mlir + "\0".join(compile_args + [self.hlo_pass or ""]))
                             .encode()).hexdigest()
        if key not in self.compiled:
            mlir_path = os.path.join(self.work_dir, case.name + ".mlir")
            so_path = os.path.join(self.work_dir, case.name + ".so")
            with open(mlir_path, "w") as f:
                f.write(case.mlir)
            if os.path.exists(so_path):
                os.remove(so_path)
            if self.hlo_pass:
                self.compiled[key] = self.compile_through_hlo_pass(case, mlir_path, so_path,
                                                                   compile_args)
            else:
                rc, _, stderr = self.run_tool(
                    [self.compiler, mlir_path, "-o", so_path] + compile_args, COMPILE_TIMEOUT_S)
                self.compiled[key] = (rc, stderr, so_path)
        return self.compiled[key]

    def compile_through_hlo_pass(self, case, mlir_path, so_path, compile_args):
        """disc-compile to the hlo phase, disc-opt --<hlo_pass>, disc-compile from
        there; checks the rewritten program against case.after_hlo_pass."""
        hlo_path = os.path.join(self.work_dir, case.name + ".hlo.mlir")
        rewritten_path = os.path.join(self.work_dir, "%s.%s.mlir" % (case.name, self.hlo_pass))
        to_hlo = [self.compiler, mlir_path, "--compile-to=hlo", "-o", hlo_path] + compile_args
        rewrite = [self.optimizer, hlo_path, "--" + self.hlo_pass, "-o", rewritten_path]
        for argv in (to_hlo, rewrite):
            rc, _, stderr = self.run_tool(argv, COMPILE_TIMEOUT_S)
            if rc != 0:
                return rc, stderr, so_path
        with open(rewritten_path) as f:
            rewritten = f.read()
        for pattern in case.after_hlo_pass:
            if not re.search(pattern, rewritten):
                raise CaseFailure("after %s the program does not match /%s/ (%s)"
                                  % (self.hlo_pass, pattern, rewritten_path))
        rc, _, stderr = self.run_tool(
            [self.compiler, rewritten_path, "--compile-from=hlo", "-o", so_path] + compile_args,
            COMPILE_TIMEOUT_S)
        return rc, stderr, so_path

    def write_inputs(self, case):
        paths = []
        for i, value in enumerate(case.inputs):
            if isinstance(value, str):
                paths.append(value)
                continue
            path = os.path.join(self.work_dir, "%s.in%d.npy" % (case.name, i))
            np.save(path, np.array(value, order="C"))
            paths.append(path)
        return paths

    def check_error(self, case, stage, rc, stderr):
        if rc == 0:
            raise CaseFailure("%s succeeded, expected an error" % stage)
        if rc != 1:
            raise CaseFailure("%s exited with %d (expected 1): %s"
                              % (stage, rc, first_error_line(stderr)))
        lines = stderr.strip().splitlines()
        if not lines or not ERROR_FIRST_LINE.match(lines[0]):
            raise CaseFailure("%s's first line is not 'FILE:LINE:COL: error: WHAT' or "
                              "'%s: error: WHAT': %s" % (stage, stage,
                                                         lines[0] if lines else "(nothing)"))
        if case.max_stderr_lines is not None and len(lines) > case.max_stderr_lines:
            raise CaseFailure("%s printed %d lines of diagnostics (at most %d expected), "
                              "starting: %s" % (stage, len(lines), case.max_stderr_lines,
                                                " | ".join(lines[:3])[:300]))
        for pattern in case.stderr_patterns:
            if not re.search(pattern, stderr, re.M):
                raise CaseFailure("%s stderr does not match /%s/: %s"
                                  % (stage, pattern, stderr.strip()[:400]))

    def dry_run(self, case):
        if case.expect == "custom":
            return
        with open(os.path.join(self.work_dir, case.name + ".mlir"), "w") as f:
            f.write(case.mlir)
        self.write_inputs(case)
        if case.expect != "pass":
            return
        expected = expected_outputs(case)
        header = re.search(r"func\.func public @%s\(.*" % (case.function or "main"), case.mlir)
        declared = re.findall(r"tensor<([0-9?x]*)([a-z0-9]+)>\s*\{jax.result_info",
                              header.group(0) if header else "")
        if declared and len(declared) != len(expected):
            raise CaseFailure("%d results declared, reference gives %d"
                              % (len(declared), len(expected)))
        for e in expected:
            dtype_token(e.dtype)
        for (dims, element), e in zip(declared, expected):
            shape = tuple(-1 if d == "?" else int(d) for d in dims.split("x")[:-1])
            if np_dtype(element) != e.dtype or len(shape) != e.ndim or any(
                    d >= 0 and d != s for d, s in zip(shape, e.shape)):
                raise CaseFailure("reference gives %s%s, program declares %s%s"
                                  % (e.shape, e.dtype, shape, element))

    def bundle_case(self, case):
        """Compiles the case and writes its inputs and the reference's outputs
        beside the .so, for running with ral-run elsewhere (scripts/gpu_check.sh).
        Returns its manifest entry, paths relative to the work directory; a case
        that cannot run that way gets a `skip` reason instead."""
        entry = {"name": case.name}
        if case.skip:
            entry["skip"] = case.skip
            return entry
        if case.expect != "pass":
            entry["skip"] = "expect=%s: %s, run only by the e2e test" % (
                case.expect, "a check of the tools' command lines" if case.expect == "custom"
                else "checks a diagnostic")
            return entry
        rc, stderr, so_path = self.compile(case)
        if rc != 0:
            entry["skip"] = tool_error("disc-compile", stderr).replace(self.work_dir + os.sep, "")
            return entry
        expected_paths = []
        for i, value in enumerate(expected_outputs(case)):
            path = os.path.join(self.work_dir, "%s.expected%d.npy" % (case.name, i))
            np.save(path, np.array(value, order="C"))
            expected_paths.append(path)
        relative = lambda paths: [os.path.relpath(p, self.work_dir) for p in paths]
        entry.update(so=relative([so_path])[0], inputs=relative(self.write_inputs(case)),
                     expected=relative(expected_paths), atol=case.atol, rtol=case.rtol)
        if case.function:
            entry["function"] = case.function
        return entry

    def run_case(self, case):
        if case.expect == "custom":
            case.custom(self)
            return
        rc, stderr, so_path = self.compile(case)
        if case.expect == "compile_error":
            self.check_error(case, "disc-compile", rc, stderr)
            return
        if rc != 0:
            raise CaseFailure(tool_error("disc-compile", stderr))
        if not os.path.exists(so_path):
            raise CaseFailure("disc-compile exited 0 but wrote no %s" % so_path)

        input_paths = self.write_inputs(case)
        expected = expected_outputs(case) if case.expect == "pass" else None
        output_paths = [os.path.join(self.work_dir, "%s.out%d.npy" % (case.name, i))
                        for i in range(len(expected or []))]
        for path in output_paths:
            if os.path.exists(path):
                os.remove(path)
        argv = [self.runner, so_path]
        if case.function:
            argv += ["--function", case.function]
        argv += ["--inputs"] + input_paths
        if output_paths:
            argv += ["--outputs"] + output_paths
        rc, _, stderr = self.run_tool(argv, RUN_TIMEOUT_S)
        if case.expect == "run_error":
            self.check_error(case, "ral-run", rc, stderr)
            return
        if rc != 0:
            message = tool_error("ral-run", stderr)
            raise CaseFailure(message if rc == 1 else "exit %d: %s" % (rc, message))
        for i, (path, ref) in enumerate(zip(output_paths, expected)):
            if not os.path.exists(path):
                raise CaseFailure("ral-run wrote no output %d (%s)" % (i, path))
            compare("output %d" % i, np.load(path), ref, case.atol, case.rtol)


def main(cases):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", required=True, help="directory holding disc-compile and ral-run")
    parser.add_argument("--work-dir", required=True, help="where .mlir, .so and .npy files go")
    parser.add_argument("--ral-run", default=None,
                        help="the ral-run to use instead of the one in --tools (e.g. a sanitized build's)")
    parser.add_argument("-k", dest="filter", default=None, help="run only cases whose name contains this")
    parser.add_argument("--skip", action="append", default=[], metavar="TEXT",
                        help="leave out the cases whose name contains this (may be repeated)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the tool command lines")
    parser.add_argument("--dry-run", action="store_true",
                        help="write the programs and inputs and compute the references, run no tool")
    parser.add_argument("--hlo-pass", metavar="PASS",
                        help="compile each program to the hlo phase, run `disc-opt --PASS` on it "
                        "and compile the rest from there, checking each case's after_hlo_pass "
                        "patterns: tests on this machine a rewrite that another target's pipeline "
                        "makes (e.g. disc-convolution-to-gemm, which --target=cuda runs)")
    parser.add_argument("--bundle", metavar="TARGET", choices=("cpu", "cuda"),
                        help="compile every case with --target=TARGET and write the inputs, the "
                        "reference outputs and work-dir/manifest.json instead of running them "
                        "(see scripts/gpu_bundle.py)")
    parser.add_argument("--compile-arg", dest="compile_args", action="append", default=[],
                        metavar="ARG", help="compile every case with this disc-compile option too "
                        "(e.g. --compile-arg=--cpu-library=none); may be repeated")
    args = parser.parse_args()

    names = [c.name for c in cases]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        print("harness error: duplicate case names: " + ", ".join(duplicates))
        return 2

    runner = Runner(os.path.abspath(args.tools), os.path.abspath(args.work_dir), args.verbose,
                    os.path.abspath(args.ral_run) if args.ral_run else None, args.bundle,
                    args.hlo_pass, args.compile_args)
    cases = [case for case in cases
             if (not args.filter or args.filter in case.name)
             and not any(text in case.name for text in args.skip)]
    if args.bundle:
        return write_bundle(runner, cases)
    passed = failed = skipped = 0
    for case in cases:
        if case.skip:
            print("SKIP %s: %s" % (case.name, case.skip), flush=True)
            skipped += 1
            continue
        try:
            if args.dry_run:
                runner.dry_run(case)
                print("DRY %s" % case.name, flush=True)
                passed += 1
                continue
            runner.run_case(case)
            print("PASS %s" % case.name, flush=True)
            passed += 1
        except CaseFailure as failure:
            print("FAIL %s: %s" % (case.name, failure), flush=True)
            failed += 1
    if skipped:
        print("%d skipped" % skipped)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def write_bundle(runner, cases):
    """Bundles every case (Runner.bundle_case) into runner.work_dir/manifest.json."""
    entries = []
    for case in cases:
        try:
            entry = runner.bundle_case(case)
        except CaseFailure as failure:
            print("FAIL %s: %s" % (case.name, failure), flush=True)
            return 1
        entries.append(entry)
        print("SKIP %s: %s" % (case.name, entry["skip"]) if "skip" in entry
              else "BUNDLED %s" % case.name, flush=True)
    with open(os.path.join(runner.work_dir, "manifest.json"), "w") as f:
        json.dump({"cases": entries}, f, indent=1)
    skipped = sum("skip" in e for e in entries)
    print("%d bundled, %d skipped" % (len(entries) - skipped, skipped))
    return 0


def run(cases):
    sys.exit(main(cases))


def rng(seed):
    return np.random.default_rng(seed)


def elementwise_case(name, op, arrays, reference, element_type=None, result_element_type=None,
                     atol=1e-5, rtol=1e-5, **kwargs):
    """`%0 = stablehlo.<op> %arg0[, %arg1] : <type>` on the given inputs, as JAX
    prints an n-ary elementwise op; with a different result element type it
    prints the functional type, as JAX does for ops like is_finite."""
    element_type = element_type or dtype_token(arrays[0].dtype)
    shape = arrays[0].shape
    in_type = tensor_type(shape, element_type)
    out_type = tensor_type(shape, result_element_type or element_type)
    operands = ", ".join("%%arg%d" % i for i in range(len(arrays)))
    if out_type == in_type:
        signature = in_type
    else:
        signature = "(%s) -> %s" % (", ".join([in_type] * len(arrays)), out_type)
    names = ["x", "y", "z"]
    mlir = jax_module([(names[i], in_type) for i in range(len(arrays))],
                      [(out_type, "result")],
                      ["%%0 = stablehlo.%s %s : %s" % (op, operands, signature),
                       "return %%0 : %s" % out_type])
    return Case(name, mlir, arrays, reference, atol=atol, rtol=rtol, **kwargs)


def dtype_token(dtype):
    dtype = np.dtype(dtype)
    for token, candidate in NUMPY_DTYPES.items():
        if np.dtype(candidate) == dtype:
            return token
    raise ValueError("no MLIR element type for numpy dtype %s" % dtype)


def random_array(generator, shape, element_type, low=None, high=None):
    """Uniform values of the given MLIR element type in [low, high)."""
    dtype = np_dtype(element_type)
    if element_type == "i1":
        return generator.integers(0, 2, size=shape).astype(np.bool_)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        low = info.min if low is None else low
        high = info.max if high is None else high
        return generator.integers(low, high, size=shape, dtype=dtype, endpoint=True)
    low = -4.0 if low is None else low
    high = 4.0 if high is None else high
    if np.issubdtype(dtype, np.complexfloating):
        real = generator.uniform(low, high, size=shape)
        imag = generator.uniform(low, high, size=shape)
        return (real + 1j * imag).astype(dtype)
    return generator.uniform(low, high, size=shape).astype(dtype)
