// The .npy and .npz readers on arbitrary bytes: every input is read as a
// .npy file and, when it starts like a zip archive, as a .npz archive; it
// must be read or refused with a one-line error, never crash or read out of
// bounds.
#include "fuzz_checks.h"

#include "disc/ral/dtype.h"
#include "disc/runtime_stub/npy.h"

#include <cstdint>
#include <string>
#include <vector>

namespace {

// A read array holds exactly the bytes its shape and dtype need.
void checkArray(const disc::npy::Array &array) {
  std::optional<disc::ral::TensorSize> size =
      disc::ral::tensorSize(array.shape, array.dtype);
  if (!size || static_cast<size_t>(size->bytes) != array.bytes ||
      (array.bytes != 0 && !array.data()))
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string contents(reinterpret_cast<const char *>(data), size);
  std::string error;
  disc::npy::Array array;
  bool read = disc::npy::parse("fuzz.npy", contents, array, error);
  disc::fuzz::checkRefusal(read, error, "npy::parse");
  if (read)
    checkArray(array);
  if (disc::npy::looksLikeNpz(contents)) {
    std::vector<disc::npy::NamedArray> arrays;
    error.clear();
    read = disc::npy::parseNpz("fuzz.npz", contents, arrays, error);
    disc::fuzz::checkRefusal(read, error, "npy::parseNpz");
    for (const disc::npy::NamedArray &named : arrays)
      checkArray(named.array);
  }
  return 0;
}
