// The disc_status of the C API, shared by the files of the runtime stub.
#ifndef DISC_RUNTIME_STUB_STATUS_H
#define DISC_RUNTIME_STUB_STATUS_H

#include "disc/runtime_stub/text.h"

#include <exception>
#include <new>
#include <string>

struct disc_status {
  std::string message;
};

namespace disc::stub {

inline disc_status *makeStatus(std::string message) {
  return new (std::nothrow)
      disc_status{escapeControlCharacters(std::move(message))};
}

// Runs `body`, turning an escaping exception (in practice: out of memory)
// into a status, so that none crosses the C API.
template <typename Body> disc_status *guarded(Body body) {
  try {
    return body();
  } catch (const std::exception &error) {
    return makeStatus(std::string("runtime error: ") + error.what());
  } catch (...) {
    return makeStatus("runtime error: unknown exception");
  }
}

} // namespace disc::stub

#endif // DISC_RUNTIME_STUB_STATUS_H
