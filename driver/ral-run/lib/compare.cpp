// Checking outputs against expected values, as ral-run --expected_output
// does.
#include "disc/tooling/compare.h"

#include "disc/tooling/tensor_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace disc::tooling {

using ral::DType;
using ral::DTypeKind;

namespace {

std::string formatNumber(const char *format, double value) {
  char text[32];
  std::snprintf(text, sizeof(text), format, value);
  return text;
}

std::string formatError(double value) { return formatNumber("%.2g", value); }

} // namespace

Tolerance defaultTolerance(DType dtype) {
  switch (ral::dtypeKind(dtype)) {
  case DTypeKind::Signless:
  case DTypeKind::Unsigned:
    return {0, 0};
  case DTypeKind::Float:
  case DTypeKind::BFloat:
    break;
  case DTypeKind::NarrowFloat:
    // Two to four mantissa bits: one rounding step is up to 12.5%.
    return {1.25e-1, 1.25e-1};
  case DTypeKind::Complex:
    return defaultTolerance(ral::partDType(dtype));
  }
  switch (dtype) {
  case DType::f16:
  case DType::bf16:
    return {1e-2, 1e-2};
  case DType::f64:
    return {1e-10, 1e-8};
  default:
    return {1e-5, 1e-4};
  }
}

bool compareOutput(int64_t index, const disc_tensor &actual,
                   const npy::Array &expected, const std::string &expectedLabel,
                   std::optional<double> atolOverride,
                   std::optional<double> rtolOverride, Comparison &comparison,
                   std::string &error) {
  DType dtype = *ral::dtypeFromToken(actual.dtype);
  std::vector<int64_t> actualShape(actual.shape, actual.shape + actual.rank);
  if (dtype != expected.dtype || actualShape != expected.shape) {
    error = "output " + std::to_string(index) + " is " +
            shapeText(actual.shape, actual.rank, actual.dtype) + ", '" +
            expectedLabel + "' holds " +
            shapeText(expected.shape.data(),
                      static_cast<int64_t>(expected.shape.size()),
                      ral::dtypeToken(expected.dtype));
    return false;
  }
  Tolerance tolerance = defaultTolerance(dtype);
  tolerance.atol = atolOverride.value_or(tolerance.atol);
  tolerance.rtol = rtolOverride.value_or(tolerance.rtol);
  DTypeKind kind = ral::dtypeKind(dtype);
  bool isFloat = ral::isFloatDType(dtype) || kind == DTypeKind::Complex;
  // The real and imaginary parts of a complex element are compared apart.
  int64_t numbersPerElement = kind == DTypeKind::Complex ? 2 : 1;

  int64_t count = elementCount(actual.shape, actual.rank);
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0, firstMismatch = -1, lastMismatch = -1;
  for (int64_t i = 0; i < count * numbersPerElement; ++i) {
    double got = elementAsDouble(dtype, actual.data, i);
    double want = elementAsDouble(dtype, expected.data(), i);
    bool equal;
    double absErr = 0;
    if (!isFloat) {
      // Compare integers exactly: doubles cannot hold every 64-bit value.
      equal = formatElement(dtype, actual.data, i) ==
              formatElement(dtype, expected.data(), i);
      absErr = equal ? 0 : std::fabs(got - want);
    } else if (std::isnan(got) || std::isnan(want)) {
      equal = std::isnan(got) && std::isnan(want);
      absErr = equal ? 0 : INFINITY;
    } else if (std::isinf(got) || std::isinf(want)) {
      equal = got == want;
      absErr = equal ? 0 : INFINITY;
    } else {
      absErr = std::fabs(got - want);
      equal = absErr <= tolerance.atol + tolerance.rtol * std::fabs(want);
    }
    double relErr = absErr == 0 ? 0 : absErr / std::fabs(want);
    maxAbs = std::max(maxAbs, absErr);
    maxRel = std::max(maxRel, relErr);
    int64_t element = i / numbersPerElement;
    if (!equal && element != lastMismatch) {
      if (mismatches++ == 0)
        firstMismatch = element;
      lastMismatch = element;
    }
  }
  comparison.matches = mismatches == 0;
  std::string output = "output " + std::to_string(index) + ": ";
  if (comparison.matches) {
    comparison.verdict =
        output + "matches expected (max abs err " + formatError(maxAbs) + ")";
    return true;
  }
  comparison.verdict =
      output + "does not match expected: " + std::to_string(mismatches) +
      " of " + std::to_string(count) + " elements differ, max abs err " +
      formatError(maxAbs) + ", max rel err " + formatError(maxRel) + " (atol " +
      formatNumber("%g", tolerance.atol) + ", rtol " +
      formatNumber("%g", tolerance.rtol) + "); first at " +
      formatIndex(firstMismatch, actual.shape, actual.rank) + ": got " +
      formatElement(dtype, actual.data, firstMismatch) + ", expected " +
      formatElement(dtype, expected.data(), firstMismatch);
  return true;
}

} // namespace disc::tooling
