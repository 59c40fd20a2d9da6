#include "cublas.h"
#include "core/dynamic_library.h"

#include <dlfcn.h>

namespace disc::ral::cuda {
namespace {

LoadedLibrary<Cublas> load() {
  LoadedLibrary<Cublas> loaded;
  std::string &error = loaded.error;
  // The sonames of the CUDA 12 and 11 toolkits; the unversioned name is a
  // development link some installations have alone.
  const char *name = nullptr;
  std::string reasons;
  void *library = openFirstLibrary(
      {"libcublas.so.12", "libcublas.so.11", "libcublas.so"}, name, reasons);
  if (!library) {
    error = "cuBLAS is not available: cannot load libcublas.so.12, "
            "libcublas.so.11 or libcublas.so (" +
            reasons + "); is the CUDA toolkit's cuBLAS installed?";
    return loaded;
  }
  Cublas &c = loaded.api;
  auto resolve = [&](const char *symbol, auto &function) {
    return resolveSymbol(library, "cuBLAS", name, symbol, function, error);
  };
  if (!resolve("cublasCreate_v2", c.create) ||
      !resolve("cublasDestroy_v2", c.destroy) ||
      !resolve("cublasSetStream_v2", c.setStream) ||
      !resolve("cublasGemmEx", c.gemmEx) ||
      !resolve("cublasGemmStridedBatchedEx", c.gemmStridedBatchedEx))
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
  static const LoadedLibrary<Cublas> loaded = load();
  return loaded.get(error);
}

} // namespace disc::ral::cuda
