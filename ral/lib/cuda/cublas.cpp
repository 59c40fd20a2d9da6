#include "cublas.h"
#include "../core/dynamic_library.h"

#include <dlfcn.h>

namespace disc::ral::cuda {
namespace {

struct LoadedCublas {
  Cublas cublas{};
  std::string error;
};

LoadedCublas load() {
  LoadedCublas loaded;
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
  Cublas &c = loaded.cublas;
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
  static const LoadedCublas loaded = load();
  if (!loaded.error.empty()) {
    error = loaded.error;
    return nullptr;
  }
  return &loaded.cublas;
}

} // namespace disc::ral::cuda
