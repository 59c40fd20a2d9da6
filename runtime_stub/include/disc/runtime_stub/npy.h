// Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0),
// C order, little-endian, for every dtype of type_encoding.def except bf16,
// which has no standard .npy spelling.
#ifndef DISC_RUNTIME_STUB_NPY_H
#define DISC_RUNTIME_STUB_NPY_H

#include "disc/ral/allocator.h"
#include "disc/ral/dtype.h"

#include <cstdint>
#include <string>
#include <vector>

namespace disc::npy {

struct Array {
  ral::DType dtype = ral::DType::f32;
  std::vector<int64_t> shape;
  // Contiguous, row-major, 64-byte aligned.
  ral::AlignedBuffer buffer;
  size_t bytes = 0;

  const void *data() const { return buffer.get(); }
};

// The .npy descriptor of `dtype` ("<f4", "|b1", ...), or nullptr for bf16.
const char *descriptorOf(ral::DType dtype);

// Reads `path`. On failure returns false and sets `error` to one line that
// starts with the quoted path.
bool read(const std::string &path, Array &out, std::string &error);

// Parses a whole .npy file held in memory; `name` names it in errors.
bool parse(const std::string &name, const std::string &contents, Array &out,
           std::string &error);

// Writes a contiguous row-major array to `path` (format 1.0, or 2.0 when the
// header needs it). On failure returns false and sets `error`.
bool write(const std::string &path, ral::DType dtype,
           const std::vector<int64_t> &shape, const void *data,
           std::string &error);

} // namespace disc::npy

#endif // DISC_RUNTIME_STUB_NPY_H
