#include "disc/ral/context.h"

#include <cstdio>
#include <cstring>

namespace disc::ral {

ApiFunction Context::lookup(const char *mangled) {
  {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    auto it = cache_.find(mangled);
    if (it != cache_.end() && it->second.name == mangled)
      return it->second.function;
  }
  ApiFunction function = Registry::global().find(mangled);
  if (function) {
    std::unique_lock<std::shared_mutex> lock(mutex_);
    cache_[mangled] = CacheEntry{mangled, function};
  }
  return function;
}

std::shared_ptr<void>
Resources::getOrCreate(const std::string &key,
                       const std::function<std::shared_ptr<void>()> &create) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = objects_.find(key);
  if (it != objects_.end())
    return it->second;
  std::shared_ptr<void> object = create();
  if (object)
    objects_.emplace(key, object);
  return object;
}

int64_t numElements(const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

ExecutionContext::ExecutionContext(Context *context,
                                   std::vector<TensorView> inputs,
                                   size_t numOutputs)
    : context_(context), inputs_(std::move(inputs)), outputs_(numOutputs),
      memoryLimit_(context ? context->memoryLimit() : -1),
      maxThreads_(context ? context->maxThreads() : 0) {}

ExecutionContext::~ExecutionContext() = default;

const TensorView *ExecutionContext::checkedInput(int64_t index, DType dtype,
                                                 int rank, const char *api) {
  if (index < 0 || static_cast<size_t>(index) >= inputs_.size()) {
    setError(std::string(api) + ": input index " + std::to_string(index) +
             " is out of range, the run has " + std::to_string(inputs_.size()) +
             " inputs");
    return nullptr;
  }
  const TensorView &input = inputs_[index];
  if (input.dtype != dtype) {
    setError(std::string(api) + ": input " + std::to_string(index) + " is " +
             dtypeToken(input.dtype) + ", the compiled code expects " +
             dtypeToken(dtype));
    return nullptr;
  }
  if (input.shape.size() != static_cast<size_t>(rank)) {
    setError(std::string(api) + ": input " + std::to_string(index) +
             " has rank " + std::to_string(input.shape.size()) +
             ", the compiled code expects rank " + std::to_string(rank));
    return nullptr;
  }
  return &input;
}

namespace {

// Copies a strided block row by row; the innermost dimension is copied with
// one memcpy when it is contiguous.
void copyStrided(char *dst, const char *src, const int64_t *sizes,
                 const int64_t *strides, int rank, size_t elementSize) {
  if (rank == 0) {
    std::memcpy(dst, src, elementSize);
    return;
  }
  int64_t total = 1;
  for (int i = 0; i < rank; ++i)
    total *= sizes[i];
  if (total == 0)
    return;
  int64_t inner = sizes[rank - 1];
  int64_t innerStride = strides[rank - 1];
  std::vector<int64_t> index(rank, 0);
  int64_t rows = total / inner;
  for (int64_t row = 0; row < rows; ++row) {
    int64_t offset = 0;
    for (int i = 0; i + 1 < rank; ++i)
      offset += index[i] * strides[i];
    const char *rowStart = src + offset * static_cast<int64_t>(elementSize);
    if (innerStride == 1) {
      std::memcpy(dst, rowStart, static_cast<size_t>(inner) * elementSize);
      dst += inner * static_cast<int64_t>(elementSize);
    } else {
      for (int64_t j = 0; j < inner; ++j) {
        std::memcpy(
            dst, rowStart + j * innerStride * static_cast<int64_t>(elementSize),
            elementSize);
        dst += elementSize;
      }
    }
    for (int i = rank - 2; i >= 0; --i) {
      if (++index[i] < sizes[i])
        break;
      index[i] = 0;
    }
  }
}

} // namespace

bool ExecutionContext::setOutput(int64_t index, DType dtype,
                                 const int64_t *sizes, const int64_t *strides,
                                 int rank, const void *data) {
  if (index < 0 || static_cast<size_t>(index) >= outputs_.size()) {
    setError("ral_send_output: output index " + std::to_string(index) +
             " is out of range, the function has " +
             std::to_string(outputs_.size()) + " outputs");
    return false;
  }
  std::vector<int64_t> shape(sizes, sizes + rank);
  for (int64_t dim : shape) {
    if (dim < 0) {
      setError("ral_send_output: output " + std::to_string(index) +
               " has a negative size " + std::to_string(dim));
      return false;
    }
  }
  size_t bytes = static_cast<size_t>(numElements(shape)) * dtypeSize(dtype);
  if (bytes != 0 && !data) {
    setError("ral_send_output: output " + std::to_string(index) +
             " has no data");
    return false;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  AlignedBuffer buffer;
  if (!outputs_[index].sent)
    buffer = adoptTemporary(data, bytes, sizes, strides, rank);
  if (!buffer) {
    lock.unlock();
    buffer.reset(alignedAllocate(bytes));
    if (!buffer) {
      setError("ral_send_output: cannot allocate " + std::to_string(bytes) +
               " bytes for output " + std::to_string(index));
      return false;
    }
    if (bytes != 0)
      copyStrided(static_cast<char *>(buffer.get()),
                  static_cast<const char *>(data), sizes, strides, rank,
                  dtypeSize(dtype));
    lock.lock();
  }
  OutputTensor &output = outputs_[index];
  if (output.sent) {
    lock.unlock();
    setError("ral_send_output: output " + std::to_string(index) +
             " was sent twice");
    return false;
  }
  output.dtype = dtype;
  output.shape = std::move(shape);
  output.buffer = std::move(buffer);
  output.sent = true;
  return true;
}

void *ExecutionContext::allocateTemporary(int64_t bytes) {
  if (bytes < 0) {
    setError("ral_alloc: negative size " + std::to_string(bytes));
    return nullptr;
  }
  // Reserve the bytes first, so that parallel work in one run cannot pass
  // the limit together.
  {
    std::unique_lock<std::mutex> lock(mutex_);
    if (memoryLimit_ >= 0 && bytes > memoryLimit_ - temporaryBytes_) {
      int64_t inUse = temporaryBytes_;
      lock.unlock();
      setError("ral_alloc: " + std::to_string(bytes) +
               " bytes would exceed the memory limit of " +
               std::to_string(memoryLimit_) + " bytes" +
               (inUse ? ", " + std::to_string(inUse) + " bytes are in use"
                      : std::string()));
      return nullptr;
    }
    temporaryBytes_ += bytes;
  }
  AlignedBuffer buffer(alignedAllocate(static_cast<size_t>(bytes)));
  std::unique_lock<std::mutex> lock(mutex_);
  if (!buffer) {
    temporaryBytes_ -= bytes;
    lock.unlock();
    setError("ral_alloc: cannot allocate " + std::to_string(bytes) + " bytes");
    return nullptr;
  }
  void *pointer = buffer.get();
  temporaries_.emplace(pointer, Temporary{std::move(buffer), bytes});
  return pointer;
}

AlignedBuffer ExecutionContext::adoptTemporary(const void *data, size_t bytes,
                                              const int64_t *sizes,
                                              const int64_t *strides,
                                              int rank) {
  auto it = temporaries_.find(const_cast<void *>(data));
  if (bytes == 0 || it == temporaries_.end() ||
      static_cast<size_t>(it->second.bytes) < bytes)
    return nullptr;
  // Row-major: each dim of more than one element steps over the ones inside.
  int64_t inner = 1;
  for (int i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != inner)
      return nullptr;
    inner *= sizes[i];
  }
  AlignedBuffer buffer = std::move(it->second.buffer);
  temporaryBytes_ -= it->second.bytes;
  temporaries_.erase(it);
  adoptedTemporaries_.insert(buffer.get());
  return buffer;
}

void ExecutionContext::freeTemporary(void *pointer) {
  if (!pointer)
    return;
  std::unique_lock<std::mutex> lock(mutex_);
  // The compiled code frees what it sent once it is sent; the output owns
  // that memory now.
  if (adoptedTemporaries_.erase(pointer))
    return;
  auto it = temporaries_.find(pointer);
  if (it == temporaries_.end()) {
    lock.unlock();
    char text[32];
    std::snprintf(text, sizeof(text), "%p", pointer);
    setError(std::string("ral_dealloc: ") + text +
             " is not a live temporary of this run");
    return;
  }
  temporaryBytes_ -= it->second.bytes;
  temporaries_.erase(it);
}

size_t ExecutionContext::liveTemporaries() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return temporaries_.size();
}

int64_t ExecutionContext::temporaryBytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return temporaryBytes_;
}

bool ExecutionContext::ok() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !failed_;
}

std::string ExecutionContext::errorMessage() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

void ExecutionContext::setError(std::string message) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (failed_)
    return;
  failed_ = true;
  error_ = std::move(message);
}

} // namespace disc::ral
