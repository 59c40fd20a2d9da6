// Checking a run's outputs against expected values, as ral-run
// --expected_output does.
#ifndef DISC_TOOLING_COMPARE_H
#define DISC_TOOLING_COMPARE_H

#include "disc/ral/dtype.h"
#include "disc/runtime_stub.h"
#include "disc/runtime_stub/npy.h"

#include <cstdint>
#include <optional>
#include <string>

namespace disc::tooling {

// Two values match when |got - want| <= atol + rtol * |want|.
struct Tolerance {
  double atol;
  double rtol;
};

// Integers exact; f16 and bf16 1e-2/1e-2; f32 1e-5/1e-4; f64 1e-10/1e-8.
Tolerance defaultTolerance(ral::DType dtype);

// What comparing one output found.
struct Comparison {
  bool matches = false;
  // One line: "output 0: matches expected (max abs err 0)", or the count of
  // differing elements, the largest errors and the first mismatch.
  std::string verdict;
};

// Compares output `index` with `expected`, read from `expectedLabel`, with
// the default tolerance of its dtype unless overridden. Integers compare
// exactly, NaN matches NaN, an infinity only itself. Returns false, setting
// `error`, when the dtypes or shapes differ.
bool compareOutput(int64_t index, const disc_tensor &actual,
                   const npy::Array &expected, const std::string &expectedLabel,
                   std::optional<double> atolOverride,
                   std::optional<double> rtolOverride, Comparison &comparison,
                   std::string &error);

} // namespace disc::tooling

#endif // DISC_TOOLING_COMPARE_H
