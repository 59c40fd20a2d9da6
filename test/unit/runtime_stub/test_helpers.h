// RAII wrappers over the runtime_stub C API for the tests.
#ifndef DISC_TEST_UNIT_RUNTIME_STUB_TEST_HELPERS_H
#define DISC_TEST_UNIT_RUNTIME_STUB_TEST_HELPERS_H

#include "disc/runtime_stub.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace disc::test {

struct StatusDeleter {
  void operator()(disc_status *status) const { disc_status_free(status); }
};
using Status = std::unique_ptr<disc_status, StatusDeleter>;

struct ModelDeleter {
  void operator()(disc_model *model) const { disc_model_free(model); }
};
using Model = std::unique_ptr<disc_model, ModelDeleter>;

struct OutputsDeleter {
  void operator()(disc_outputs *outputs) const { disc_outputs_free(outputs); }
};
using Outputs = std::unique_ptr<disc_outputs, OutputsDeleter>;

inline Model loadOrFail(const char *path) {
  disc_model *model = nullptr;
  Status status(disc_model_load(path, &model));
  EXPECT_EQ(status, nullptr) << disc_status_message(status.get());
  return Model(model);
}

inline std::string message(const Status &status) {
  return status ? disc_status_message(status.get()) : "(ok)";
}

// Runs function `name` on one f32 vector; returns its first output as floats,
// or sets `error`.
inline std::vector<float> runOnVector(disc_model *model, const char *name,
                                      const std::vector<float> &x,
                                      std::string &error) {
  int64_t function = disc_model_find_function(model, name);
  int64_t shape[] = {static_cast<int64_t>(x.size())};
  disc_tensor input = {"f32", 1, shape, x.data()};
  disc_outputs *raw = nullptr;
  Status status(disc_model_run(model, function, &input, 1, &raw));
  Outputs outputs(raw);
  error = status ? disc_status_message(status.get()) : "";
  if (status)
    return {};
  const disc_tensor *result = disc_outputs_get(outputs.get(), 0);
  int64_t count = 1;
  for (int64_t i = 0; i < result->rank; ++i)
    count *= result->shape[i];
  const float *data = static_cast<const float *>(result->data);
  return std::vector<float>(data, data + count);
}

} // namespace disc::test

#endif // DISC_TEST_UNIT_RUNTIME_STUB_TEST_HELPERS_H
