// What every fuzz target checks besides not crashing: bad input is refused
// with one line that says why.
#ifndef DISC_TEST_FUZZ_FUZZ_CHECKS_H
#define DISC_TEST_FUZZ_FUZZ_CHECKS_H

#include "disc/runtime_stub.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace disc::fuzz {

// Aborts, so that the fuzzer keeps the input, when a failed call left no
// error or one of several lines.
inline void checkRefusal(bool succeeded, const std::string &error,
                         const char *what) {
  if (succeeded)
    return;
  if (error.empty() || error.find('\n') != std::string::npos) {
    std::fprintf(stderr, "%s failed with %s: '%s'\n", what,
                 error.empty() ? "no error" : "an error of several lines",
                 error.c_str());
    std::abort();
  }
}

// Reads everything ral-run --describe prints of a loaded model, so that a
// string or shape the loader hands out that is not valid memory is found.
inline size_t describeModel(const disc_model *model) {
  size_t bytes = std::strlen(disc_model_target(model)) +
                 std::strlen(disc_model_target_cpu(model)) +
                 std::strlen(disc_model_compiler_version(model)) +
                 std::strlen(disc_model_source_hash(model));
  auto describeSignature = [&](const disc_tensor_signature *signature) {
    bytes += std::strlen(signature->name) + std::strlen(signature->dtype);
    for (int64_t i = 0; i < signature->rank; ++i)
      bytes += signature->shape[i] < 0 ? 1 : 0;
  };
  for (int64_t f = 0; f < disc_model_function_count(model); ++f) {
    bytes += std::strlen(disc_model_function_name(model, f));
    for (int64_t i = 0; i < disc_function_input_count(model, f); ++i)
      describeSignature(disc_function_input(model, f, i));
    for (int64_t i = 0; i < disc_function_output_count(model, f); ++i)
      describeSignature(disc_function_output(model, f, i));
  }
  return bytes;
}

// Aborts when a failed C API call's status is not one line.
inline void checkStatus(disc_status *status, const char *what) {
  if (!status)
    return;
  checkRefusal(false, disc_status_message(status), what);
  disc_status_free(status);
}

} // namespace disc::fuzz

#endif // DISC_TEST_FUZZ_FUZZ_CHECKS_H
