// The runtime APIs a CUDA model calls on device "gpu" (docs/ABI.md): device
// memory, inputs copied to the device and outputs back, kernel launches,
// matrix products through cuBLAS.
#include "cublas.h"
#include "cuda_driver.h"

#include "disc/ral/context.h"
#include "disc/ral/cuda/device_image.h"
#include "disc/ral/cuda/device_memory_cache.h"
#include "disc/ral/cuda/stream_binding.h"
#include "disc/ral/gemm_plan.h"
#include "disc/ral/registry.h"

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace disc::ral::cuda {
namespace {

// The GPU a context runs on (device 0), its stream, the device code loaded
// for it (each blob once, each kernel looked up once) and the cuBLAS handle
// that runs on its stream.
class Device {
public:
  Device(const Driver &driver, CUdevice device, CUcontext context,
         CUstream stream, bool ownsStream, int major, int minor)
      : driver(driver), device(device), context(context), stream(stream),
        ownsStream(ownsStream), major(major), minor(minor),
        memory(
            [this](size_t bytes, uintptr_t &address) {
              CUdeviceptr pointer = 0;
              CUresult result = this->driver.memAlloc(&pointer, bytes);
              lastAllocationError.store(result, std::memory_order_relaxed);
              address = static_cast<uintptr_t>(pointer);
              return result == CUDA_SUCCESS;
            },
            [this](uintptr_t address) {
              this->driver.memFree(static_cast<CUdeviceptr>(address));
            }) {}
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;
  ~Device() {
    if (driver.ctxSetCurrent(context) == CUDA_SUCCESS) {
      memory.trim();
      if (cublasHandle_)
        cublas_->destroy(cublasHandle_);
      for (auto &loaded : modules_)
        driver.moduleUnload(loaded.second.module);
      if (ownsStream)
        driver.streamDestroy(stream);
    }
    driver.primaryCtxRelease(device);
  }

  // Makes the GPU's context current on the calling thread.
  bool enter(ExecutionContext *run, const char *api) {
    CUresult result = driver.ctxSetCurrent(context);
    if (result == CUDA_SUCCESS)
      return true;
    run->setError(std::string(api) +
                  ": cannot use the GPU: " + driver.describe(result));
    return false;
  }

  CUfunction getFunction(ExecutionContext *run, const void *blob,
                         const char *name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto loaded = modules_.find(blob);
    if (loaded == modules_.end()) {
      CUmodule module = load(run, blob);
      if (!module)
        return nullptr;
      loaded = modules_.emplace(blob, Module{module, {}}).first;
    }
    auto &functions = loaded->second.functions;
    auto found = functions.find(name);
    if (found != functions.end())
      return found->second;
    CUfunction function = nullptr;
    CUresult result =
        driver.moduleGetFunction(&function, loaded->second.module, name);
    if (result != CUDA_SUCCESS) {
      run->setError(std::string("ral_kernel_launch: no kernel '") + name +
                    "' in the model's device code: " + driver.describe(result));
      return nullptr;
    }
    functions.emplace(name, function);
    return function;
  }

  // The handle, created on first use and bound to the stream; null with the
  // run's status set when cuBLAS cannot create one.
  cublasHandle_t getCublasHandle(ExecutionContext *run, const Cublas &cublas) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (cublasHandle_)
      return cublasHandle_;
    cublasHandle_t handle = nullptr;
    cublasStatus_t status = cublas.create(&handle);
    if (status != CUBLAS_STATUS_SUCCESS) {
      run->setError("ral_gemm: cannot create a cuBLAS handle: " +
                    cublas.describe(status));
      return nullptr;
    }
    status = cublas.setStream(handle, stream);
    if (status != CUBLAS_STATUS_SUCCESS) {
      cublas.destroy(handle);
      run->setError("ral_gemm: cannot bind cuBLAS to the stream: " +
                    cublas.describe(status));
      return nullptr;
    }
    cublas_ = &cublas;
    cublasHandle_ = handle;
    return handle;
  }

  const Driver &driver;
  const CUdevice device;
  const CUcontext context;
  const CUstream stream;
  // False for a stream the caller bound (disc_model_set_cuda_stream).
  const bool ownsStream;
  const int major;
  const int minor;
  // The memory of the context's runs, kept from one run to the next.
  DeviceMemoryCache memory;
  // What the last cuMemAlloc returned, for the message of a failed run.
  std::atomic<CUresult> lastAllocationError{CUDA_SUCCESS};

private:
  CUmodule load(ExecutionContext *run, const void *blob) {
    std::vector<DeviceImage> images;
    std::string error;
    if (!readDeviceBlob(blob, images, error)) {
      run->setError("ral_kernel_launch: " + error);
      return nullptr;
    }
    const DeviceImage *image = selectDeviceImage(images, major, minor, error);
    if (!image) {
      run->setError("ral_kernel_launch: " + error);
      return nullptr;
    }
    CUmodule module = nullptr;
    CUresult result = driver.moduleLoadData(&module, image->data);
    if (result != CUDA_SUCCESS) {
      run->setError(
          std::string("ral_kernel_launch: cannot load the ") +
          (image->kind == device_blob::ImageKind::Ptx ? "PTX" : "cubin") +
          " for sm_" + std::to_string(image->sm) +
          " on a device of "
          "compute capability " +
          std::to_string(major) + "." + std::to_string(minor) + ": " +
          driver.describe(result));
      return nullptr;
    }
    return module;
  }

  struct Module {
    CUmodule module;
    std::unordered_map<std::string, CUfunction> functions;
  };
  std::mutex mutex_;
  std::map<const void *, Module> modules_;
  const Cublas *cublas_ = nullptr;
  cublasHandle_t cublasHandle_ = nullptr;
};

// GPU 0, its work on `callerStream`, or on a stream of its own when null.
std::shared_ptr<Device> openDevice(std::string &error, CUstream callerStream) {
  const Driver *driver = getDriver(error);
  if (!driver)
    return nullptr;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = callerStream;
  int major = 0;
  int minor = 0;
  CUresult result = driver->deviceGet(&device, 0);
  if (result == CUDA_SUCCESS)
    result = driver->primaryCtxRetain(&context, device);
  if (result == CUDA_SUCCESS)
    result = driver->ctxSetCurrent(context);
  if (result == CUDA_SUCCESS)
    result = driver->deviceGetAttribute(
        &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  if (result == CUDA_SUCCESS)
    result = driver->deviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
  if (result == CUDA_SUCCESS && !callerStream)
    result = driver->streamCreate(&stream, CU_STREAM_NON_BLOCKING);
  if (result != CUDA_SUCCESS) {
    error = "cannot open GPU 0: " + driver->describe(result);
    return nullptr;
  }
  return std::make_shared<Device>(*driver, device, context, stream,
                                  /*ownsStream=*/!callerStream, major, minor);
}

// The GPU of the run's context (one per process when the run has none),
// opened on first use; null with the run's status set when there is none.
Device *getDevice(ExecutionContext *run, const char *api) {
  std::string error;
  std::shared_ptr<void> device;
  if (Context *context = run->context()) {
    StreamBinding &binding = streamBinding(*context);
    device = context->resources().getOrCreate(
        "cuda.device", [&]() -> std::shared_ptr<void> {
          std::shared_ptr<Device> opened;
          binding.open([&](void *stream) {
            opened = openDevice(error, static_cast<CUstream>(stream));
            return opened != nullptr;
          });
          return opened;
        });
  } else {
    static Resources processResources;
    device = processResources.getOrCreate(
        "cuda.device",
        [&]() -> std::shared_ptr<void> { return openDevice(error, nullptr); });
  }
  if (!device) {
    run->setError(std::string(api) + ": " + error);
    return nullptr;
  }
  // Owned by the context, which outlives its runs.
  Device *result = static_cast<Device *>(device.get());
  return result->enter(run, api) ? result : nullptr;
}

// The device memory a run holds, freed when the run ends.
class RunMemory {
public:
  explicit RunMemory(Device &device) : device_(device) {}
  RunMemory(const RunMemory &) = delete;
  RunMemory &operator=(const RunMemory &) = delete;
  ~RunMemory() {
    if (device_.driver.ctxSetCurrent(device_.context) != CUDA_SUCCESS)
      return;
    // A run that failed may leave kernels behind that still use the memory.
    device_.driver.streamSynchronize(device_.stream);
    for (const auto &allocation : allocations_)
      device_.memory.release(allocation.first,
                             static_cast<size_t>(allocation.second));
  }

  void *allocate(ExecutionContext *run, int64_t bytes, const char *api) {
    if (bytes < 0) {
      run->setError(std::string(api) + ": negative size " +
                    std::to_string(bytes));
      return nullptr;
    }
    if (bytes == 0)
      return nullptr;
    auto pointer = static_cast<CUdeviceptr>(
        device_.memory.allocate(static_cast<size_t>(bytes)));
    if (!pointer) {
      run->setError(std::string(api) + ": cannot allocate " +
                    std::to_string(bytes) + " bytes on the GPU: " +
                    device_.driver.describe(device_.lastAllocationError.load(
                        std::memory_order_relaxed)));
      return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    allocations_.emplace(pointer, bytes);
    return reinterpret_cast<void *>(pointer);
  }

  void free(ExecutionContext *run, void *pointer) {
    if (!pointer)
      return;
    auto address = reinterpret_cast<CUdeviceptr>(pointer);
    int64_t bytes = 0;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto allocation = allocations_.find(address);
      if (allocation == allocations_.end()) {
        char text[32];
        std::snprintf(text, sizeof(text), "%p", pointer);
        run->setError(std::string("ral_dealloc: ") + text +
                      " is not live device memory of this run");
        return;
      }
      bytes = allocation->second;
      allocations_.erase(allocation);
    }
    // Kernels queued on the stream may still read the block; the next user
    // of it is queued on the same stream, behind them.
    device_.memory.release(address, static_cast<size_t>(bytes));
  }

private:
  Device &device_;
  std::mutex mutex_;
  std::unordered_map<CUdeviceptr, int64_t> allocations_;
};

RunMemory *getRunMemory(ExecutionContext *run, Device &device) {
  std::shared_ptr<void> memory = run->resources().getOrCreate(
      "cuda.memory", [&] { return std::make_shared<RunMemory>(device); });
  return static_cast<RunMemory *>(memory.get());
}

bool check(ExecutionContext *run, const Device &device, CUresult result,
           const std::string &what) {
  if (result == CUDA_SUCCESS)
    return true;
  run->setError(what + ": " + device.driver.describe(result));
  return false;
}

void *gpuAlloc(ExecutionContext *run, int64_t bytes) {
  Device *device = getDevice(run, "ral_alloc");
  if (!device)
    return nullptr;
  return getRunMemory(run, *device)->allocate(run, bytes, "ral_alloc");
}

void gpuDealloc(ExecutionContext *run, void *pointer) {
  Device *device = getDevice(run, "ral_dealloc");
  if (!device)
    return;
  getRunMemory(run, *device)->free(run, pointer);
}

// Copies the bound input to new device memory of the run.
template <typename T, int N>
MemRefType<T, N> recvInput(ExecutionContext *run, int64_t index) {
  const TensorView *checked =
      run->checkedInput(index, DTypeOf<T>::value, N, "ral_recv_input");
  if (!checked)
    return {};
  const TensorView &input = *checked;
  Device *device = getDevice(run, "ral_recv_input");
  if (!device)
    return {};
  int64_t bytes = numElements(input.shape) * static_cast<int64_t>(sizeof(T));
  T *data = static_cast<T *>(
      getRunMemory(run, *device)->allocate(run, bytes, "ral_recv_input"));
  if (bytes != 0 && !data)
    return {};
  if (bytes != 0 &&
      (!check(run, *device,
              device->driver.memcpyHtoDAsync(
                  reinterpret_cast<CUdeviceptr>(data), input.data,
                  static_cast<size_t>(bytes), device->stream),
              "ral_recv_input: cannot copy input " + std::to_string(index) +
                  " to the GPU") ||
       // The caller's buffer may change once the run returns.
       !check(run, *device, device->driver.streamSynchronize(device->stream),
              "ral_recv_input: copying input " + std::to_string(index) +
                  " to the GPU failed")))
    return {};
  return rowMajorMemRef<T, N>(data, input.shape.data());
}

// Copies the elements the (possibly strided) memref spans to the host, then
// hands them to the run's output as the CPU runtime does.
template <typename T, int N>
void sendOutput(ExecutionContext *run, int64_t index, MemRefType<T, N> memref) {
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;
  int64_t span = 1;
  if constexpr (N > 0) {
    sizes = memref.sizes;
    strides = memref.strides;
    for (int i = 0; i < N; ++i) {
      if (memref.sizes[i] == 0) {
        span = 0;
        break;
      }
      if (memref.strides[i] < 0) {
        run->setError("ral_send_output: output " + std::to_string(index) +
                      " has a negative stride");
        return;
      }
      span += (memref.sizes[i] - 1) * memref.strides[i];
    }
  }
  if (span == 0) {
    run->setOutput(index, DTypeOf<T>::value, sizes, strides, N, nullptr);
    return;
  }
  Device *device = getDevice(run, "ral_send_output");
  if (!device)
    return;
  size_t bytes = static_cast<size_t>(span) * sizeof(T);
  AlignedBuffer staging(alignedAllocate(bytes));
  if (!staging) {
    run->setError("ral_send_output: cannot allocate " + std::to_string(bytes) +
                  " host bytes to copy output " + std::to_string(index) +
                  " from the GPU");
    return;
  }
  const T *start = memref.data + memref.offset;
  std::string what = "ral_send_output: cannot copy output " +
                     std::to_string(index) + " from the GPU";
  if (!check(run, *device,
             device->driver.memcpyDtoHAsync(
                 staging.get(), reinterpret_cast<CUdeviceptr>(start), bytes,
                 device->stream),
             what) ||
      !check(run, *device, device->driver.streamSynchronize(device->stream),
             what))
    return;
  run->setOutput(index, DTypeOf<T>::value, sizes, strides, N, staging.get());
}

// Host code reading a value kernels computed waits for them here.
void copyToHost(ExecutionContext *run, void *hostDestination,
                void *deviceSource, int64_t bytes) {
  if (bytes < 0) {
    run->setError("ral_copy_to_host: negative size " + std::to_string(bytes));
    return;
  }
  if (bytes == 0)
    return;
  if (!hostDestination || !deviceSource) {
    run->setError("ral_copy_to_host: a null buffer for " +
                  std::to_string(bytes) + " bytes");
    return;
  }
  Device *device = getDevice(run, "ral_copy_to_host");
  if (!device)
    return;
  std::string what = "ral_copy_to_host: cannot copy " + std::to_string(bytes) +
                     " bytes from the GPU";
  if (check(run, *device,
            device->driver.memcpyDtoHAsync(
                hostDestination, reinterpret_cast<CUdeviceptr>(deviceSource),
                static_cast<size_t>(bytes), device->stream),
            what))
    check(run, *device, device->driver.streamSynchronize(device->stream), what);
}

void kernelLaunch(ExecutionContext *run, void *blob, void *kernelName,
                  int64_t gridX, int64_t gridY, int64_t gridZ, int64_t blockX,
                  int64_t blockY, int64_t blockZ, int32_t sharedMemoryBytes,
                  void *params, int64_t numParams) {
  const char *name = static_cast<const char *>(kernelName);
  if (!name) {
    run->setError("ral_kernel_launch: the launch names no kernel");
    return;
  }
  const int64_t dims[] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  for (int64_t dim : dims) {
    if (dim <= 0 || dim > 0x7fffffff) {
      run->setError(std::string("ral_kernel_launch: kernel '") + name +
                    "' launched with grid (" + std::to_string(gridX) + ", " +
                    std::to_string(gridY) + ", " + std::to_string(gridZ) +
                    ") and block (" + std::to_string(blockX) + ", " +
                    std::to_string(blockY) + ", " + std::to_string(blockZ) +
                    "); every size must be in 1..2^31-1");
      return;
    }
  }
  if (sharedMemoryBytes < 0 || numParams < 0) {
    run->setError(std::string("ral_kernel_launch: kernel '") + name +
                  "' launched with a negative shared memory size or "
                  "parameter count");
    return;
  }
  Device *device = getDevice(run, "ral_kernel_launch");
  if (!device)
    return;
  CUfunction function = device->getFunction(run, blob, name);
  if (!function)
    return;
  check(run, *device,
        device->driver.launchKernel(
            function, static_cast<unsigned>(gridX),
            static_cast<unsigned>(gridY), static_cast<unsigned>(gridZ),
            static_cast<unsigned>(blockX), static_cast<unsigned>(blockY),
            static_cast<unsigned>(blockZ),
            static_cast<unsigned>(sharedMemoryBytes), device->stream,
            numParams ? static_cast<void **>(params) : nullptr, nullptr),
        std::string("ral_kernel_launch: cannot launch kernel '") + name + "'");
}

template <typename T> struct CublasDataType;
template <> struct CublasDataType<float> {
  static constexpr cudaDataType value = CUDA_R_32F;
};
template <> struct CublasDataType<half> {
  static constexpr cudaDataType value = CUDA_R_16F;
};
template <> struct CublasDataType<bfloat16> {
  static constexpr cudaDataType value = CUDA_R_16BF;
};

// out = op(lhs) * op(rhs) on the stream, accumulated in f32 (gemm_plan.h
// says how row-major operands become one column-major cuBLAS call). `Out` is
// `In`, or f32 for a product of 16-bit floats kept in f32.
template <typename In, typename Out, int N>
void gemm(ExecutionContext *run, MemRefType<In, N> lhs, MemRefType<In, N> rhs,
          MemRefType<Out, N> out, bool transposeLhs, bool transposeRhs) {
  GemmPlan plan{};
  if (!planGemmCall(run, lhs, rhs, out, transposeLhs, transposeRhs, plan) ||
      plan.empty)
    return;
  std::string error;
  const Cublas *cublas = getCublas(error);
  if (!cublas) {
    run->setError("ral_gemm: " + error);
    return;
  }
  Device *device = getDevice(run, "ral_gemm");
  if (!device)
    return;
  cublasHandle_t handle = device->getCublasHandle(run, *cublas);
  if (!handle)
    return;
  constexpr cudaDataType inType = CublasDataType<In>::value;
  constexpr cudaDataType outType = CublasDataType<Out>::value;
  // CUBLAS_COMPUTE_32F takes f32 scalars whatever the element type.
  const float alpha = 1.0f;
  const float beta = 0.0f;
  cublasOperation_t opFirst = plan.transposeFirst ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opSecond = plan.transposeSecond ? CUBLAS_OP_T : CUBLAS_OP_N;
  const In *first = rhs.data + rhs.offset;
  const In *second = lhs.data + lhs.offset;
  Out *result = out.data + out.offset;
  cublasStatus_t status =
      plan.batchCount == 1
          ? cublas->gemmEx(handle, opFirst, opSecond, plan.m, plan.n, plan.k,
                           &alpha, first, inType, plan.ldFirst, second, inType,
                           plan.ldSecond, &beta, result, outType, plan.ldOut,
                           CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT)
          : cublas->gemmStridedBatchedEx(
                handle, opFirst, opSecond, plan.m, plan.n, plan.k, &alpha,
                first, inType, plan.ldFirst, plan.strideFirst, second, inType,
                plan.ldSecond, plan.strideSecond, &beta, result, outType,
                plan.ldOut, plan.strideOut, plan.batchCount, CUBLAS_COMPUTE_32F,
                CUBLAS_GEMM_DEFAULT);
  if (status != CUBLAS_STATUS_SUCCESS)
    run->setError("ral_gemm: cuBLAS failed on a " +
                  std::to_string(plan.batchCount) + "x" +
                  std::to_string(plan.n) + "x" + std::to_string(plan.m) +
                  " product over " + std::to_string(plan.k) + ": " +
                  cublas->describe(status));
}

template <typename T, int N> struct RecvInputApi {
  static constexpr auto function = &recvInput<T, N>;
};
template <typename T, int N> struct SendOutputApi {
  static constexpr auto function = &sendOutput<T, N>;
};

[[maybe_unused]] const bool inputOutputRegistered =
    registerForEveryTypeAndRank<RecvInputApi>("ral_recv_input", "gpu") &&
    registerForEveryTypeAndRank<SendOutputApi>("ral_send_output", "gpu");

// The products disc-linalg-matmul-to-ral emits: f32, f16 or bf16 throughout,
// or f16 or bf16 operands with an f32 result.
template <typename In, typename Out> bool registerGemm() {
  return registerApi<&gemm<In, Out, 2>>("ral_gemm", "gpu") &&
         registerApi<&gemm<In, Out, 3>>("ral_gemm", "gpu");
}

[[maybe_unused]] const bool gemmRegistered =
    registerGemm<float, float>() && registerGemm<half, half>() &&
    registerGemm<bfloat16, bfloat16>() && registerGemm<half, float>() &&
    registerGemm<bfloat16, float>();

} // namespace

TAO_RAL_API("ral_alloc", "gpu", gpuAlloc);
TAO_RAL_API("ral_dealloc", "gpu", gpuDealloc);
TAO_RAL_API("ral_kernel_launch", "gpu", kernelLaunch);
TAO_RAL_API("ral_copy_to_host", "gpu", copyToHost);

} // namespace disc::ral::cuda
