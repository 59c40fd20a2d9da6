#include "model_library.h"

#include "disc/runtime_stub.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace disc::stub {

namespace {

disc_status *closeWith(void *handle, std::string message) {
  dlclose(handle);
  return makeStatus(std::move(message));
}

} // namespace

disc_status *openModelLibrary(const std::string &path, ModelLibrary &library) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0)
    return makeStatus("cannot open '" + path + "': " + std::strerror(errno));
  // dlopen searches the library path for a name without '/'; a model path
  // is always a file path.
  std::string openPath =
      path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = dlopen(openPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    return makeStatus("cannot open '" + path +
                      "': " + (reason ? reason : "unknown dlopen error"));
  }
  auto abiVersion =
      reinterpret_cast<int32_t (*)()>(dlsym(handle, "disc_model_abi_version"));
  if (!abiVersion)
    return closeWith(handle, "'" + path +
                                 "' is not a disc model (no "
                                 "disc_model_abi_version)");
  int32_t version = abiVersion();
  if (version != DISC_RUNTIME_MODEL_ABI_VERSION)
    return closeWith(handle,
                     "'" + path + "' has ABI version " +
                         std::to_string(version) + ", this runtime supports " +
                         std::to_string(DISC_RUNTIME_MODEL_ABI_VERSION));
  auto metadata =
      reinterpret_cast<const char *(*)()>(dlsym(handle, "disc_model_metadata"));
  if (!metadata)
    return closeWith(handle, "'" + path + "': no disc_model_metadata");
  library.metadata = metadata();
  if (!library.metadata)
    return closeWith(handle,
                     "'" + path + "': disc_model_metadata returned null");
  library.handle = handle;
  return nullptr;
}

} // namespace disc::stub
