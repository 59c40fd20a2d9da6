// The part of the CUDA driver API the runtime uses, reached through dlopen
// of libcuda.so.1 so that the runtime neither links nor needs it: a machine
// without a GPU still loads the runtime and runs CPU models. The types and
// entry points mirror cuda.h (the driver's stable C ABI, with the _v2 names
// cuda.h maps the calls to).
#ifndef DISC_RAL_LIB_CUDA_CUDA_DRIVER_H
#define DISC_RAL_LIB_CUDA_CUDA_DRIVER_H

#include <cstddef>
#include <string>

namespace disc::ral::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
inline constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
inline constexpr unsigned CU_STREAM_NON_BLOCKING = 1;

struct Driver {
  CUresult (*init)(unsigned flags);
  CUresult (*deviceGetCount)(int *count);
  CUresult (*deviceGet)(CUdevice *device, int ordinal);
  CUresult (*deviceGetAttribute)(int *value, int attribute, CUdevice device);
  CUresult (*primaryCtxRetain)(CUcontext *context, CUdevice device);
  CUresult (*primaryCtxRelease)(CUdevice device);
  CUresult (*ctxSetCurrent)(CUcontext context);
  CUresult (*moduleLoadData)(CUmodule *module, const void *image);
  CUresult (*moduleUnload)(CUmodule module);
  CUresult (*moduleGetFunction)(CUfunction *function, CUmodule module,
                                const char *name);
  CUresult (*launchKernel)(CUfunction function, unsigned gridX, unsigned gridY,
                           unsigned gridZ, unsigned blockX, unsigned blockY,
                           unsigned blockZ, unsigned sharedMemoryBytes,
                           CUstream stream, void **params, void **extra);
  CUresult (*memAlloc)(CUdeviceptr *pointer, size_t bytes);
  CUresult (*memFree)(CUdeviceptr pointer);
  CUresult (*memcpyHtoDAsync)(CUdeviceptr dst, const void *src, size_t bytes,
                              CUstream stream);
  CUresult (*memcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes,
                              CUstream stream);
  CUresult (*streamCreate)(CUstream *stream, unsigned flags);
  CUresult (*streamSynchronize)(CUstream stream);
  CUresult (*streamDestroy)(CUstream stream);
  CUresult (*getErrorName)(CUresult error, const char **name);
  CUresult (*getErrorString)(CUresult error, const char **text);

  // "CUDA_ERROR_NAME (what it means)" for `error`.
  std::string describe(CUresult error) const;
};

// The driver, loaded and initialized on first use; null when this machine
// cannot run CUDA code, with the reason in `error` ("CUDA is not available:
// ...").
const Driver *getDriver(std::string &error);

} // namespace disc::ral::cuda

#endif // DISC_RAL_LIB_CUDA_CUDA_DRIVER_H
