// Opening a model .so (docs/ABI.md): dlopen by file path, the ABI version
// check and the metadata text, for dense and kernel-graph models alike.
#ifndef DISC_RUNTIME_STUB_MODEL_LIBRARY_H
#define DISC_RUNTIME_STUB_MODEL_LIBRARY_H

#include "status.h"

#include <string>

namespace disc::stub {

struct ModelLibrary {
  void *handle = nullptr; // dlclose'd by the caller
  const char *metadata = nullptr;
};

// Opens the model at `path`; errors name it. On failure nothing stays open.
disc_status *openModelLibrary(const std::string &path, ModelLibrary &library);

} // namespace disc::stub

#endif // DISC_RUNTIME_STUB_MODEL_LIBRARY_H
