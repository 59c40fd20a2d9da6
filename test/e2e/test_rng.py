"""rng: UNIFORM over [a, b) for integer and float elements and NORMAL with
mean a and standard deviation b, the bounds given at run time. Its values
are implementation-defined, so the checks are of what the spec promises and
of the distribution: every value in [a, b); the mean, the variance and the
Kolmogorov-Smirnov distance against the exact distribution, each within a
bound a correct generator exceeds with probability below 1e-6; every
integer of a small range drawn, with a chi-square bound on the counts. disc
draws the same values on every run, and different ones for two rng ops of
one program (see disc-expand-rng)."""

import math
import os

import numpy as np

from e2e import Case, CaseFailure, jax_module, np_dtype, run, tensor_type, tool_error

# Bounds a correct generator exceeds with probability below about 1e-6: 5
# standard errors for a mean, and the Kolmogorov-Smirnov distance at which
# the probability is 2 exp(-2 n d^2) = 1e-6.
SIGMAS = 5.0


def ks_bound(n):
    return math.sqrt(math.log(2.0 / 1e-6) / (2.0 * n))


def rng_lines(index, distribution, shape, element, a="%arg0", b="%arg1"):
    scalar = tensor_type((), element)
    shape_type = tensor_type((len(shape),), "i64")
    return [
        "%%shape%d = stablehlo.constant dense<[%s]> : %s"
        % (index, ", ".join(map(str, shape)), shape_type),
        "%%%d = stablehlo.rng %s, %s, %%shape%d, distribution = %s : (%s, %s, %s) -> %s"
        % (index, a, b, index, distribution, scalar, scalar, shape_type,
           tensor_type(shape, element)),
    ]


def rng_program(distribution, shape, element, count=1):
    scalar = tensor_type((), element)
    result = tensor_type(shape, element)
    body = []
    for index in range(count):
        body += rng_lines(index, distribution, shape, element)
    body.append("return %s : %s" % (", ".join("%%%d" % i for i in range(count)),
                                     ", ".join([result] * count)))
    return jax_module([("a", scalar), ("b", scalar)],
                      [(result, "result[%d]" % i) for i in range(count)], body)


def run_program(runner, name, mlir, inputs, outputs):
    """Compiles and runs `mlir` on `inputs`; returns its `outputs` arrays."""
    case = Case(name, mlir, inputs)
    rc, stderr, so_path = runner.compile(case)
    if rc != 0:
        raise CaseFailure(tool_error("disc-compile", stderr))
    output_paths = [os.path.join(runner.work_dir, "%s.out%d.npy" % (name, i))
                    for i in range(outputs)]
    rc, _, stderr = runner.run_tool(
        [runner.runner, so_path, "--inputs"] + runner.write_inputs(case) +
        ["--outputs"] + output_paths, 600)
    if rc != 0:
        raise CaseFailure(tool_error("ral-run", stderr))
    return [np.load(path) for path in output_paths]


def check(condition, message, *args):
    if not condition:
        raise CaseFailure(message % args)


def draw(runner, name, distribution, shape, element, a, b):
    """The values of one rng op of the given bounds, of checked dtype and shape."""
    dtype = np_dtype(element)
    (x,) = run_program(runner, name, rng_program(distribution, shape, element),
                       [np.array(a, dtype), np.array(b, dtype)], 1)
    check(x.dtype == dtype and x.shape == tuple(shape), "%s: got %s %s", name, x.dtype, x.shape)
    return x


def check_integer_bounds(name, x, low, high):
    check(int(x.min()) >= low and int(x.max()) < high,
          "%s: values outside [%d, %d): min %d, max %d", name, low, high, x.min(), x.max())


def check_distance(name, values, cdf):
    """The Kolmogorov-Smirnov distance of `values` from `cdf`."""
    ordered = np.sort(values.astype(np.float64).ravel())
    n = ordered.size
    expected = cdf(ordered)
    distance = max(np.max(np.arange(1, n + 1) / n - expected),
                   np.max(expected - np.arange(n) / n))
    check(distance < ks_bound(n), "%s: Kolmogorov-Smirnov distance %.5f above %.5f",
          name, distance, ks_bound(n))


def check_moments(name, values, mean, variance, fourth_moment):
    """Sample mean and variance within SIGMAS standard errors of the exact ones."""
    x = values.astype(np.float64).ravel()
    n = x.size
    mean_error = abs(x.mean() - mean)
    check(mean_error < SIGMAS * math.sqrt(variance / n),
          "%s: mean %.6g, expected %.6g", name, x.mean(), mean)
    variance_error = abs(x.var() - variance)
    check(variance_error < SIGMAS * math.sqrt((fourth_moment - variance**2) / n),
          "%s: variance %.6g, expected %.6g", name, x.var(), variance)


def uniform_float_case(element, low, high, shape, quantum=0.0):
    """Floats in [low, high), uniform. `quantum` is the spacing of the values
    a narrow type can hold, which the distance check allows for."""
    name = "uniform_%s" % element

    def custom(runner):
        x = draw(runner, name, "UNIFORM", shape, element, low, high)
        check(np.all(x >= x.dtype.type(low)) and np.all(x < x.dtype.type(high)),
              "%s: values outside [%g, %g): min %g, max %g", name, low, high, x.min(), x.max())
        width = high - low
        check_moments(name, x, (low + high) / 2, width**2 / 12, width**4 / 80)
        check_distance(name, x + quantum / 2,
                       lambda v: np.clip((v - low) / width, 0.0, 1.0))
    return Case(name, "", expect="custom", custom=custom)


def uniform_int_case(element, low, high, shape):
    """Integers in [low, high): each drawn about equally often."""
    name = "uniform_%s" % element

    def custom(runner):
        x = draw(runner, name, "UNIFORM", shape, element, low, high)
        check_integer_bounds(name, x, low, high)
        counts = np.bincount((x.astype(np.int64) - low).ravel(), minlength=high - low)
        expected = x.size / (high - low)
        chi_square = float(((counts - expected) ** 2 / expected).sum())
        # The chi-square bound with high - low - 1 degrees of freedom that a
        # uniform draw exceeds with probability below 1e-6 (Wilson-Hilferty).
        dof = high - low - 1
        bound = dof * (1 - 2 / (9 * dof) + 4.75 * math.sqrt(2 / (9 * dof))) ** 3
        check(counts.min() > 0 and chi_square < bound,
              "%s: chi-square %.1f of the counts above %.1f (counts %s)", name, chi_square,
              bound, counts.tolist())
    return Case(name, "", expect="custom", custom=custom)


def wide_int_case(element, low, high, shape):
    """Integers of a range wider than the counts can check: bounds and mean."""
    name = "uniform_%s_wide" % element

    def custom(runner):
        x = draw(runner, name, "UNIFORM", shape, element, low, high)
        check_integer_bounds(name, x, low, high)
        width = float(high - low)
        check_moments(name, x.astype(np.float64), (low + high - 1) / 2, width**2 / 12,
                      width**4 / 80)
    return Case(name, "", expect="custom", custom=custom)


def normal_case(element, mean, deviation, shape):
    name = "normal_%s" % element

    def custom(runner):
        x = draw(runner, name, "NORMAL", shape, element, mean, deviation)
        check(np.all(np.isfinite(x)), "%s: a value is not finite", name)
        check_moments(name, x, mean, deviation**2, 3 * deviation**4)
        erf = np.vectorize(math.erf)
        check_distance(name, x,
                       lambda v: 0.5 * (1 + erf((v - mean) / (deviation * math.sqrt(2)))))
        # Both tails as often as the normal distribution has them.
        tails = np.mean(np.abs(x.astype(np.float64) - mean) > 3 * deviation)
        expected = math.erfc(3 / math.sqrt(2))
        check(abs(tails - expected) < SIGMAS * math.sqrt(expected / x.size),
              "%s: %.5f of the values beyond 3 deviations, expected %.5f", name, tails, expected)
    return Case(name, "", expect="custom", custom=custom)


def repeatable_and_independent(runner):
    """Two rng ops of one program draw different values; a second run draws
    the same ones."""
    name = "two_ops_two_runs"
    mlir = rng_program("UNIFORM", [1000, 100], "f32", count=2)
    inputs = [np.array(0, np.float32), np.array(1, np.float32)]
    first, second = run_program(runner, name, mlir, inputs, 2)
    again, _ = run_program(runner, name + "_again", mlir, inputs, 2)
    check(np.array_equal(first, again), "%s: a second run drew other values", name)
    correlation = np.corrcoef(first.ravel(), second.ravel())[0, 1]
    check(abs(correlation) < SIGMAS / math.sqrt(first.size),
          "%s: the two ops' values correlate (%.4f)", name, correlation)


def error_case(name, distribution, element, shape, pattern):
    return Case(name, rng_program(distribution, shape, element),
                [np.array(0, np_dtype(element))] * 2, expect="compile_error",
                stderr_patterns=[pattern])


CASES = [
    uniform_float_case("f32", -2.0, 3.0, [1000, 1000]),
    uniform_float_case("f64", 0.5, 0.75, [500, 400]),
    uniform_float_case("f16", -1.0, 1.0, [300, 300], quantum=2.0**-10),
    uniform_int_case("i32", -5, 7, [200, 500]),
    uniform_int_case("ui8", 10, 250, [1000, 300]),
    uniform_int_case("i8", -128, 127, [1000, 300]),
    uniform_int_case("ui64", 3, 40, [100000]),
    wide_int_case("i64", -2**40, 2**40 + 3, [100000]),
    wide_int_case("i32", -2**31, 2**31 - 1, [100000]),
    normal_case("f32", 1.5, 2.0, [1000, 1000]),
    normal_case("f64", -3.0, 0.5, [400, 500]),
    Case("two_ops_two_runs", "", expect="custom", custom=repeatable_and_independent),
    error_case("error_normal_on_integers", "NORMAL", "i32", [4],
               r"stablehlo.rng needs a float element type for NORMAL"),
]

if __name__ == "__main__":
    run(CASES)
