"""Bad programs and bad inputs: one clear error line naming what is at fault,
exit status 1, never a crash."""

import os
import re

import numpy as np

from e2e import Case, CaseFailure, jax_module, rng, run

# A comparator reading a value from outside its body (not a constant).
SORT_READING_OUTSIDE = """module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> loc("x"), %arg1: tensor<f32> loc("pivot")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %d = stablehlo.subtract %a, %arg1 : tensor<f32>
      %c = stablehlo.compare  LT, %d, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

CUSTOM_CALL = """module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @my_private_kernel(%arg0) {api_version = 2 : i32} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

SYNTAX_ERROR = """module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.add %arg0, %undefined : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

TWO_INPUTS = jax_module([("lhs", "tensor<2x3xf32>"), ("rhs", "tensor<2x3xf32>")],
                        [("tensor<2x3xf32>", "result")],
                        ["%0 = stablehlo.add %arg0, %arg1 : tensor<2x3xf32>",
                         "return %0 : tensor<2x3xf32>"])


# An error is its message, the source line and a caret, and perhaps a summary
# of the same shape; a dump of the whole module is not an error message.
DIAGNOSTIC_LINES = 8


def line_of(text, needle):
    return next(i + 1 for i, line in enumerate(text.splitlines()) if needle in line)


def compile_nonexistent_file(runner):
    missing = os.path.join(runner.work_dir, "no_such_model.mlir")
    rc, _, stderr = runner.run_tool([runner.compiler, missing, "-o",
                                     os.path.join(runner.work_dir, "never.so")], 120)
    if rc != 1 or "no_such_model.mlir" not in stderr or "error" not in stderr:
        raise CaseFailure("disc-compile of a missing file: exit %d, stderr %r" % (rc, stderr.strip()))


def run_nonexistent_model(runner):
    missing = os.path.join(runner.work_dir, "no_such_model.so")
    rc, _, stderr = runner.run_tool([runner.runner, missing, "--inputs", missing], 120)
    if rc != 1 or not re.search(r"^ral-run: error: .*no_such_model\.so", stderr, re.M):
        raise CaseFailure("ral-run of a missing model: exit %d, stderr %r" % (rc, stderr.strip()))


DYNAMIC = jax_module([("x", "tensor<?xf32>")], [("tensor<?xf32>", "result")],
                     ["%0 = stablehlo.negate %arg0 : tensor<?xf32>",
                      "return %0 : tensor<?xf32>"])


def compiled(runner, name, mlir):
    rc, stderr, so_path = runner.compile(Case(name, mlir))
    if rc != 0:
        raise CaseFailure("disc-compile: " + stderr.strip())
    return so_path


def expect_one_line_error(runner, argv, pattern, what):
    rc, _, stderr = runner.run_tool(argv, 120)
    if rc != 1 or not re.fullmatch(pattern + r"\n", stderr):
        raise CaseFailure("%s: exit %d, stderr %r" % (what, rc, stderr))


def truncated_model(runner):
    """A cut-off model fails to load naming the file; dlopen used to die on it."""
    so_path = compiled(runner, "truncated_model", TWO_INPUTS)
    with open(so_path, "rb") as f:
        model = f.read()
    for size in (1000, len(model) // 2, len(model) - 1):
        path = os.path.join(runner.work_dir, "truncated_%d.so" % size)
        with open(path, "wb") as f:
            f.write(model[:size])
        expect_one_line_error(runner, [runner.runner, path, "--describe"],
                              r"ral-run: error: cannot open '%s': truncated ELF file: .*"
                              % re.escape(path), "truncated at %d bytes" % size)


def input_sizes_overflow(runner):
    """Shapes whose byte size wraps around 64 bits fail naming the argument."""
    so_path = compiled(runner, "input_sizes_overflow", DYNAMIC)
    for spec in ("4611686018427387904xf32=@/dev/null", "1152921504606846976x64xf32=",
                 "9223372036854775807x2xf32=1"):
        expect_one_line_error(runner, [runner.runner, so_path, "--inputs", spec],
                              r"ral-run: error: '%s': shape %s is too large: .*"
                              % (re.escape(spec), spec.split("=")[0]), spec)


def unreadable_inputs(runner):
    """A directory or an endless device given as .npy fails naming it."""
    so_path = compiled(runner, "unreadable_inputs", DYNAMIC)
    expect_one_line_error(runner, [runner.runner, so_path, "--inputs", runner.work_dir],
                          r"ral-run: error: '%s': cannot read: Is a directory"
                          % re.escape(runner.work_dir), "directory")
    expect_one_line_error(runner, [runner.runner, so_path, "--inputs", "/dev/zero"],
                          r"ral-run: error: '/dev/zero': not a \.npy file .*", "/dev/zero")


def compile_over_input(runner):
    """-o naming the input is refused; a failed compile keeps the old output."""
    source = os.path.join(runner.work_dir, "compile_over_input.mlir")
    with open(source, "w") as f:
        f.write(SYNTAX_ERROR)
    rc, _, stderr = runner.run_tool([runner.compiler, source, "-o", source], 120)
    with open(source) as f:
        kept = f.read() == SYNTAX_ERROR
    if rc != 1 or not kept or "is the input file" not in stderr:
        raise CaseFailure("-o the input: exit %d, input kept %s, stderr %r" % (rc, kept, stderr))
    output = os.path.join(runner.work_dir, "compile_over_input.so")
    with open(output, "w") as f:
        f.write("previous output")
    rc, _, stderr = runner.run_tool([runner.compiler, source, "-o", output], 120)
    with open(output) as f:
        kept = f.read() == "previous output"
    if rc != 1 or not kept:
        raise CaseFailure("failed compile: exit %d, old output kept %s" % (rc, kept))


def cases():
    g = rng(120)
    x = g.standard_normal((2, 3)).astype(np.float32)
    result = [
        Case("unsupported_op_sort_reading_outside", SORT_READING_OUTSIDE, expect="compile_error",
             stderr_patterns=[r"unsupported_op_sort_reading_outside\.mlir:%d:\d+: error: "
                              r"stablehlo\.sort whose body reads a value defined outside it"
                              % line_of(SORT_READING_OUTSIDE, "stablehlo.sort")],
             max_stderr_lines=DIAGNOSTIC_LINES),
        Case("unsupported_op_custom_call", CUSTOM_CALL, expect="compile_error",
             stderr_patterns=[r"unsupported_op_custom_call\.mlir:%d:\d+: error: .*"
                              r"(custom_call|my_private_kernel)" % line_of(CUSTOM_CALL, "custom_call")],
             max_stderr_lines=DIAGNOSTIC_LINES),
        Case("syntax_error", SYNTAX_ERROR, expect="compile_error",
             stderr_patterns=[r"syntax_error\.mlir:3:\d+: error: "], max_stderr_lines=DIAGNOSTIC_LINES),
        Case("compile_missing_file", "", expect="custom", custom=compile_nonexistent_file),
        Case("run_missing_model", "", expect="custom", custom=run_nonexistent_model),
        Case("truncated_model", "", expect="custom", custom=truncated_model),
        Case("input_sizes_overflow", "", expect="custom", custom=input_sizes_overflow),
        Case("unreadable_inputs", "", expect="custom", custom=unreadable_inputs),
        Case("compile_over_input", "", expect="custom", custom=compile_over_input),
        Case("missing_input_file", TWO_INPUTS, [x, "/nonexistent/dir/rhs_input.npy"],
             expect="run_error",
             stderr_patterns=[r"^ral-run: error: .*rhs_input\.npy"]),
        Case("wrong_dtype", TWO_INPUTS, [x, x.astype(np.float64)], expect="run_error",
             stderr_patterns=[r"^ral-run: error: ", r"rhs", r"f32", r"f64"]),
        Case("wrong_dtype_int", TWO_INPUTS, [x.astype(np.int32), x], expect="run_error",
             stderr_patterns=[r"^ral-run: error: ", r"lhs", r"f32", r"i32"]),
        Case("too_few_inputs", TWO_INPUTS, [x], expect="run_error",
             stderr_patterns=[r"^ral-run: error: .*\b2\b", r"\b1\b"]),
        Case("too_many_inputs", TWO_INPUTS, [x, x, x], expect="run_error",
             stderr_patterns=[r"^ral-run: error: .*\b2\b", r"\b3\b"]),
        Case("unknown_function", TWO_INPUTS, [x, x], function="no_such_function",
             expect="run_error", stderr_patterns=[r"^ral-run: error: .*no_such_function"]),
    ]
    return result


def not_npy_case():
    """An input file that is not .npy is named in the error."""
    case = Case("input_not_npy", TWO_INPUTS, [], expect="run_error",
                stderr_patterns=[r"^ral-run: error: .*garbage_input\.npy"])
    original = case.inputs

    def custom(runner):
        path = os.path.join(runner.work_dir, "garbage_input.npy")
        with open(path, "wb") as f:
            f.write(b"this is not a numpy file\n")
        x = np.zeros((2, 3), np.float32)
        case.inputs = [x, path]
        case.expect = "run_error"
        try:
            runner.run_case(case)
        finally:
            case.inputs = original
            case.expect = "custom"
    case.expect = "custom"
    case.custom = custom
    return case


run(cases() + [not_npy_case()])
