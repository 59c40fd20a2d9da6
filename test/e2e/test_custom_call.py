"""User kernels: samples/custom_kernel's model calls the kernels of its plugin
through stablehlo.custom_call; ral-run --plugin loads them. Checks the values
against numpy, a kernel's error, a model whose kernel no plugin provides, and
kernels returning results of sizes only they know (run at several sizes),
one of which contradicts a size the program declares."""

import os
import re

import numpy as np

from e2e import Case, CaseFailure, jax_module, rng, run

SAMPLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                          "samples", "custom_kernel")
# The build puts tools in <build>/bin and libraries in <build>/lib.
PLUGIN_NAME = "libdisc_custom_kernels.so"

with open(os.path.join(SAMPLE_DIR, "model.mlir")) as f:
    SAMPLE_MODEL = f.read()

# A strided slice feeds the kernel, which must still get a dense buffer.
SLICED = jax_module(
    [("x", "tensor<4x12xf32>")], [("tensor<4x6xf32>", "y")],
    ["%0 = stablehlo.slice %arg0 [0:4, 1:12:2] : (tensor<4x12xf32>) -> tensor<4x6xf32>",
     '%1 = stablehlo.custom_call @row_normalize(%0) {backend_config = ""} '
     ": (tensor<4x6xf32>) -> tensor<4x6xf32>",
     "return %1 : tensor<4x6xf32>"])

# Kernels whose result sizes depend on the values return their results;
# the compiled code goes on computing with them.
POSITIVE = jax_module(
    [("x", "tensor<?xf32>")], [("tensor<?xf32>", "y")],
    ["%0 = stablehlo.custom_call @positive_elements(%arg0) : (tensor<?xf32>) -> tensor<?xf32>",
     "%1 = stablehlo.multiply %0, %0 : tensor<?xf32>",
     "return %1 : tensor<?xf32>"])

POSITIVE_WITH_INDICES = jax_module(
    [("x", "tensor<?xf32>")], [("tensor<?xf32>", "values"), ("tensor<?xi64>", "indices")],
    ["%0:2 = stablehlo.custom_call @positive_with_indices(%arg0) "
     ": (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi64>)",
     "return %0#0, %0#1 : tensor<?xf32>, tensor<?xi64>"])

# The program declares a size the kernel's second result need not have.
POSITIVE_DECLARED_STATIC = jax_module(
    [("x", "tensor<?xf32>")], [("tensor<?xf32>", "values"), ("tensor<3xi64>", "indices")],
    ["%0:2 = stablehlo.custom_call @positive_with_indices(%arg0) "
     ": (tensor<?xf32>) -> (tensor<?xf32>, tensor<3xi64>)",
     "return %0#0, %0#1 : tensor<?xf32>, tensor<3xi64>"])


SHARDING = jax_module([("x", "tensor<4x8xf32>")], [("tensor<4x8xf32>", "result")], [
    '%0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{replicated}"} '
    ': (tensor<4x8xf32>) -> tensor<4x8xf32>',
    '%1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} '
    ': (tensor<4x8xf32>) -> tensor<4x8xf32>',
    "%2 = stablehlo.exponential %1 : tensor<4x8xf32>",
    '%3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{replicated}"} '
    ': (tensor<4x8xf32>) -> tensor<4x8xf32>',
    "return %3 : tensor<4x8xf32>"])


# What jax.export prints for a function of x: f32[b, 4] with b >= 1: the
# condition and the value its message names as {0}.
SHAPE_ASSERTION = jax_module([("x", "tensor<?x4xf32>")], [("tensor<?x4xf32>", "result")], [
    "%c = stablehlo.constant dense<1> : tensor<i64>",
    "%0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>",
    "%1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>",
    "%2 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>",
    'stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = '
    '"Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for '
    "dimension variable 'b'. Obtained dimension variables: 'b' = {0} from specification 'b' "
    'for dimension args[0].shape[0] (= {0}), .", has_side_effect = true} '
    ": (tensor<i1>, tensor<i64>) -> ()",
    "%3 = stablehlo.exponential %arg0 : tensor<?x4xf32>",
    "return %3 : tensor<?x4xf32>"])


def softplus_reference(x, scale):
    softplus = scale * np.logaddexp(np.float32(0), np.float32(2) * x)
    return (softplus / softplus.sum(axis=1, keepdims=True) + x).astype(np.float32)


def plugin_path(runner):
    path = os.path.normpath(os.path.join(os.path.dirname(runner.compiler), "..", "lib",
                                         PLUGIN_NAME))
    if not os.path.exists(path):
        raise CaseFailure("%s not found (build the disc_custom_kernels target)" % path)
    return path


def compile_model(runner, name, mlir):
    rc, stderr, so_path = runner.compile(Case(name, mlir))
    if rc != 0:
        raise CaseFailure("disc-compile: %s" % stderr.strip()[:400])
    return so_path


def save_inputs(runner, name, arrays):
    paths = []
    for i, array in enumerate(arrays):
        path = os.path.join(runner.work_dir, "%s.in%d.npy" % (name, i))
        np.save(path, array)
        paths.append(path)
    return paths


def run_model(runner, so_path, inputs, plugin=True, outputs=()):
    argv = [runner.runner, so_path]
    if plugin:
        argv += ["--plugin", plugin_path(runner)]
    argv += ["--inputs"] + list(inputs)
    if outputs:
        argv += ["--outputs"] + list(outputs)
    return runner.run_tool(argv, 120)


def check_values(name, mlir, inputs, reference):
    """`reference` gives the output, or a list of them."""
    def check(runner):
        so_path = compile_model(runner, name, mlir)
        expected = reference(*inputs)
        if not isinstance(expected, list):
            expected = [expected]
        outputs = [os.path.join(runner.work_dir, "%s.out%d.npy" % (name, i))
                   for i in range(len(expected))]
        for output in outputs:
            if os.path.exists(output):
                os.remove(output)
        rc, _, stderr = run_model(runner, so_path, save_inputs(runner, name, inputs),
                                  outputs=outputs)
        if rc != 0:
            raise CaseFailure("ral-run exited %d: %s" % (rc, stderr.strip()[:400]))
        for output, want in zip(outputs, expected):
            got = np.load(output)
            if got.shape != want.shape or got.dtype != want.dtype:
                raise CaseFailure("output is %s %s, expected %s %s"
                                  % (got.shape, got.dtype, want.shape, want.dtype))
            if got.size and not np.allclose(got, want, rtol=1e-5, atol=1e-6):
                raise CaseFailure("max abs err %g" % np.abs(got - want).max())
    return check


def check_run_error(name, mlir, inputs, pattern, plugin=True):
    def check(runner):
        so_path = compile_model(runner, name, mlir)
        rc, _, stderr = run_model(runner, so_path, save_inputs(runner, name, inputs),
                                  plugin=plugin)
        if rc != 1 or not re.search(pattern, stderr, re.M):
            raise CaseFailure("ral-run exited %d, stderr %r does not match /%s/"
                              % (rc, stderr.strip()[:400], pattern))
    return check


def cases():
    g = rng(310)
    x = g.standard_normal((4, 8)).astype(np.float32)
    scale = g.uniform(0.5, 2.0, size=(8,)).astype(np.float32)
    wide = g.uniform(0.1, 1.0, size=(4, 12)).astype(np.float32)
    dynamic_sizes = [("7", g.standard_normal(7).astype(np.float32)),
                     ("1000", g.standard_normal(1000).astype(np.float32)),
                     ("none_positive", -np.abs(g.standard_normal(5)).astype(np.float32))]
    return [
        Case("sample_model", "", expect="custom",
             custom=check_values("sample_model", SAMPLE_MODEL, [x, scale], softplus_reference)),
        Case("strided_operand", "", expect="custom",
             custom=check_values("strided_operand", SLICED, [wide],
                                 lambda w: (w[:, 1::2] / w[:, 1::2].sum(axis=1, keepdims=True))
                                 .astype(np.float32))),
        Case("kernel_error", "", expect="custom",
             custom=check_run_error("kernel_error", SAMPLE_MODEL,
                                    [x, np.zeros(8, np.float32)],
                                    r"^ral-run: error: row_normalize: row 0 sums to zero$")),
        Case("kernel_without_plugin", "", expect="custom",
             custom=check_run_error(
                 "kernel_without_plugin", SAMPLE_MODEL, [x, scale],
                 r"^ral-run: error: unknown RAL API "
                 r"'scaled_softplus___cpu___pvoid_m2df32_m1df32_m2df32___void'$",
                 plugin=False)),
    ] + [
        Case("positive_elements_%s" % label, "", expect="custom",
             custom=check_values("positive_elements_%s" % label, POSITIVE, [values],
                                 lambda v: np.square(v[v > 0])))
        for label, values in dynamic_sizes
    ] + [
        Case("positive_with_indices_%s" % label, "", expect="custom",
             custom=check_values("positive_with_indices_%s" % label, POSITIVE_WITH_INDICES,
                                 [values], lambda v: [v[v > 0], np.flatnonzero(v > 0)]))
        for label, values in dynamic_sizes
    ] + [
        Case("returned_size_contradicts_program", "", expect="custom",
             custom=check_run_error(
                 "returned_size_contradicts_program", POSITIVE_DECLARED_STATIC,
                 [np.array([1, -1, 2, 3, 4], np.float32)],
                 r"^ral-run: error: \S+\.mlir:3:\d+: positive_with_indices returned result #1 "
                 r"with dimension 0 of another size than 3, which the program declares$")),
        # What jax.jit prints around shard_map and with_sharding_constraint:
        # on one device each annotation is its operand, no plugin needed.
        Case("sharding_annotations", SHARDING, [x], lambda x: np.exp(x).astype(np.float32),
             atol=1e-6, rtol=1e-6),
        Case("shape_assertion_holds", SHAPE_ASSERTION, [x[:3, :4].copy()],
             lambda x: np.exp(x).astype(np.float32), atol=1e-6, rtol=1e-6),
        Case("shape_assertion_fails_with_jax_message", SHAPE_ASSERTION,
             [np.zeros((0, 4), np.float32)], expect="run_error",
             stderr_patterns=[r"^ral-run: error: \S+\.mlir:"
                              r"\d+:\d+: Input shapes do not match the polymorphic shapes "
                              r"specification\. Expected value >= 1 for dimension variable 'b'\. "
                              r"Obtained dimension variables: 'b' = 0 from specification 'b' for "
                              r"dimension args\[0\]\.shape\[0\] \(= 0\), \.$"]),
    ]


if __name__ == "__main__":
    run(cases())
