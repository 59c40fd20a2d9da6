#include "cuda_driver.h"
#include "core/dynamic_library.h"

#include <dlfcn.h>

namespace disc::ral::cuda {
namespace {

LoadedLibrary<Driver> load() {
  LoadedLibrary<Driver> loaded;
  std::string &error = loaded.error;
  // Never unloaded: device memory and modules may outlive any one model.
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    error = std::string("CUDA is not available: cannot load libcuda.so.1 (") +
            (reason ? reason : "unknown reason") +
            "); is an NVIDIA driver installed?";
    return loaded;
  }
  Driver &d = loaded.api;
  auto resolve = [&](const char *symbol, auto &function) {
    return resolveSymbol(library, "CUDA", "libcuda.so.1", symbol, function,
                         error);
  };
  if (!resolve("cuInit", d.init) ||
      !resolve("cuDeviceGetCount", d.deviceGetCount) ||
      !resolve("cuDeviceGet", d.deviceGet) ||
      !resolve("cuDeviceGetAttribute", d.deviceGetAttribute) ||
      !resolve("cuDevicePrimaryCtxRetain", d.primaryCtxRetain) ||
      !resolve("cuDevicePrimaryCtxRelease_v2", d.primaryCtxRelease) ||
      !resolve("cuCtxSetCurrent", d.ctxSetCurrent) ||
      !resolve("cuModuleLoadData", d.moduleLoadData) ||
      !resolve("cuModuleUnload", d.moduleUnload) ||
      !resolve("cuModuleGetFunction", d.moduleGetFunction) ||
      !resolve("cuLaunchKernel", d.launchKernel) ||
      !resolve("cuMemAlloc_v2", d.memAlloc) ||
      !resolve("cuMemFree_v2", d.memFree) ||
      !resolve("cuMemcpyHtoDAsync_v2", d.memcpyHtoDAsync) ||
      !resolve("cuMemcpyDtoHAsync_v2", d.memcpyDtoHAsync) ||
      !resolve("cuStreamCreate", d.streamCreate) ||
      !resolve("cuStreamSynchronize", d.streamSynchronize) ||
      !resolve("cuStreamDestroy_v2", d.streamDestroy) ||
      !resolve("cuGetErrorName", d.getErrorName) ||
      !resolve("cuGetErrorString", d.getErrorString))
    return loaded;
  if (CUresult result = d.init(0); result != CUDA_SUCCESS) {
    error = "CUDA is not available: cuInit failed: " + d.describe(result);
    return loaded;
  }
  int count = 0;
  if (CUresult result = d.deviceGetCount(&count); result != CUDA_SUCCESS) {
    error =
        "CUDA is not available: cuDeviceGetCount failed: " + d.describe(result);
    return loaded;
  }
  if (count == 0)
    error = "CUDA is not available: the driver sees no GPU";
  return loaded;
}

} // namespace

std::string Driver::describe(CUresult error) const {
  const char *name = nullptr;
  const char *text = nullptr;
  getErrorName(error, &name);
  getErrorString(error, &text);
  return std::string(name ? name : "CUDA error " + std::to_string(error)) +
         " (" + (text ? text : "no description") + ")";
}

const Driver *getDriver(std::string &error) {
  // Loaded once per process; a C++ static is initialized thread-safely.
  static const LoadedLibrary<Driver> loaded = load();
  return loaded.get(error);
}

} // namespace disc::ral::cuda
