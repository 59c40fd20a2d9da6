#include "cuda_driver.h"

#include <dlfcn.h>

namespace disc::ral::cuda {
namespace {

struct LoadedDriver {
  Driver driver{};
  std::string error;
};

template <typename F>
bool resolve(void *library, const char *symbol, F &function,
             std::string &error) {
  function = reinterpret_cast<F>(dlsym(library, symbol));
  if (!function)
    error = std::string("CUDA is not available: libcuda.so.1 has no ") + symbol;
  return function != nullptr;
}

LoadedDriver load() {
  LoadedDriver loaded;
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
  Driver &d = loaded.driver;
  if (!resolve(library, "cuInit", d.init, error) ||
      !resolve(library, "cuDeviceGetCount", d.deviceGetCount, error) ||
      !resolve(library, "cuDeviceGet", d.deviceGet, error) ||
      !resolve(library, "cuDeviceGetAttribute", d.deviceGetAttribute, error) ||
      !resolve(library, "cuDevicePrimaryCtxRetain", d.primaryCtxRetain,
               error) ||
      !resolve(library, "cuDevicePrimaryCtxRelease_v2", d.primaryCtxRelease,
               error) ||
      !resolve(library, "cuCtxSetCurrent", d.ctxSetCurrent, error) ||
      !resolve(library, "cuModuleLoadData", d.moduleLoadData, error) ||
      !resolve(library, "cuModuleUnload", d.moduleUnload, error) ||
      !resolve(library, "cuModuleGetFunction", d.moduleGetFunction, error) ||
      !resolve(library, "cuLaunchKernel", d.launchKernel, error) ||
      !resolve(library, "cuMemAlloc_v2", d.memAlloc, error) ||
      !resolve(library, "cuMemFree_v2", d.memFree, error) ||
      !resolve(library, "cuMemcpyHtoDAsync_v2", d.memcpyHtoDAsync, error) ||
      !resolve(library, "cuMemcpyDtoHAsync_v2", d.memcpyDtoHAsync, error) ||
      !resolve(library, "cuStreamCreate", d.streamCreate, error) ||
      !resolve(library, "cuStreamSynchronize", d.streamSynchronize, error) ||
      !resolve(library, "cuStreamDestroy_v2", d.streamDestroy, error) ||
      !resolve(library, "cuGetErrorName", d.getErrorName, error) ||
      !resolve(library, "cuGetErrorString", d.getErrorString, error))
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
  static const LoadedDriver loaded = load();
  if (!loaded.error.empty()) {
    error = loaded.error;
    return nullptr;
  }
  return &loaded.driver;
}

} // namespace disc::ral::cuda
