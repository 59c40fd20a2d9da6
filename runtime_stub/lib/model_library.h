// Opening a model .so (docs/ABI.md): dlopen by file path, the ABI version
// check and the metadata text, for dense and kernel-graph models alike.
#ifndef DISC_RUNTIME_STUB_MODEL_LIBRARY_H
#define DISC_RUNTIME_STUB_MODEL_LIBRARY_H

#include "status.h"

#include <cstdint>
#include <string>

namespace disc::stub {

struct ModelLibrary {
  void *handle = nullptr; // dlclose'd by the caller
  const char *metadata = nullptr;
};

// What makes the file at `path` unfit for dlopen, or an empty string when it
// is a complete ELF shared object of this machine: its header, program and
// section header tables and every loadable segment lie inside the file, and
// so does what ld.so reads through the dynamic section (relocations, names,
// symbols, hash and version tables). dlopen maps a truncated file and dies
// touching the missing pages (SIGBUS, SIGSEGV), and trusts those tables, so
// every library the runtime opens is checked first.
std::string checkLoadableFile(const std::string &path);

// Opens the model at `path`; errors name it. On failure nothing stays open.
disc_status *openModelLibrary(const std::string &path, ModelLibrary &library);

// The index of the element of `functions` whose `name` is `name`, or -1.
template <typename Functions>
int64_t findFunctionByName(const Functions &functions, const char *name) {
  if (!name)
    return -1;
  for (size_t i = 0; i < functions.size(); ++i)
    if (functions[i].name == name)
      return static_cast<int64_t>(i);
  return -1;
}

} // namespace disc::stub

#endif // DISC_RUNTIME_STUB_MODEL_LIBRARY_H
