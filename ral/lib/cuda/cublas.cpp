#include "cublas.h"

#include <dlfcn.h>

namespace disc::ral::cuda {
namespace {

struct LoadedCublas {
  Cublas cublas{};
  std::string error;
};

template <typename F>
bool resolve(void *library, const char *libraryName, const char *symbol,
             F &function, std::string &error) {
  function = reinterpret_cast<F>(dlsym(library, symbol));
  if (!function)
    error = std::string("cuBLAS is not available: ") + libraryName +
            " has no " + symbol;
  return function != nullptr;
}

LoadedCublas load() {
  LoadedCublas loaded;
  std::string &error = loaded.error;
  // The sonames of the CUDA 12 and 11 toolkits; the unversioned name is a
  // development link some installations have alone.
  const char *names[] = {"libcublas.so.12", "libcublas.so.11", "libcublas.so"};
  void *library = nullptr;
  const char *name = nullptr;
  std::string reasons;
  // Never unloaded: a handle may outlive any one model.
  for (const char *candidate : names) {
    library = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
    if (library) {
      name = candidate;
      break;
    }
    const char *reason = dlerror();
    reasons += std::string(reasons.empty() ? "" : "; ") +
               (reason ? reason : candidate);
  }
  if (!library) {
    error = "cuBLAS is not available: cannot load libcublas.so.12, "
            "libcublas.so.11 or libcublas.so (" +
            reasons + "); is the CUDA toolkit's cuBLAS installed?";
    return loaded;
  }
  Cublas &c = loaded.cublas;
  if (!resolve(library, name, "cublasCreate_v2", c.create, error) ||
      !resolve(library, name, "cublasDestroy_v2", c.destroy, error) ||
      !resolve(library, name, "cublasSetStream_v2", c.setStream, error) ||
      !resolve(library, name, "cublasGemmEx", c.gemmEx, error) ||
      !resolve(library, name, "cublasGemmStridedBatchedEx",
               c.gemmStridedBatchedEx, error))
    return loaded;
  c.getStatusName = reinterpret_cast<decltype(c.getStatusName)>(
      dlsym(library, "cublasGetStatusName"));
  c.getStatusString = reinterpret_cast<decltype(c.getStatusString)>(
      dlsym(library, "cublasGetStatusString"));
  return loaded;
}

} // namespace

std::string Cublas::describe(cublasStatus_t status) const {
  const char *name = getStatusName ? getStatusName(status) : nullptr;
  const char *text = getStatusString ? getStatusString(status) : nullptr;
  return std::string(name ? name : "cuBLAS status " + std::to_string(status)) +
         " (" + (text ? text : "no description") + ")";
}

const Cublas *getCublas(std::string &error) {
  // Loaded once per process; a C++ static is initialized thread-safely.
  static const LoadedCublas loaded = load();
  if (!loaded.error.empty()) {
    error = loaded.error;
    return nullptr;
  }
  return &loaded.cublas;
}

} // namespace disc::ral::cuda
