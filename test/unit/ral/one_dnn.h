// Whether the runtime computes with oneDNN in this test process.
#ifndef DISC_TEST_UNIT_RAL_ONE_DNN_H
#define DISC_TEST_UNIT_RAL_ONE_DNN_H

#include <dlfcn.h>

#include <cstdlib>
#include <string>

namespace disc::ral::test {

// Whether libdnnl.so.2 loads and DISC_CPU_LIBRARY=blas does not leave it
// unloaded (docs/ABI.md).
inline bool hasOneDnn() {
  const char *library = std::getenv("DISC_CPU_LIBRARY");
  if (library && std::string(library) == "blas")
    return false;
  // Left open: closing it would unload oneDNN and libgomp until the
  // runtime opens them again elsewhere in memory, and LeakSanitizer would
  // no longer know the module of libgomp's own allocations.
  return dlopen("libdnnl.so.2", RTLD_NOW | RTLD_LOCAL) != nullptr;
}

} // namespace disc::ral::test

#endif // DISC_TEST_UNIT_RAL_ONE_DNN_H
