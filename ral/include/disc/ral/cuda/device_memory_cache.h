// DeviceMemoryCache: device memory handed out to runs and, when a run gives
// it back, kept for the next run instead of freed. cuMemAlloc and cuMemFree
// are slow (cuMemFree waits for the device), and a model asks for the same
// sizes on every run. Sizes are rounded up (to a power of two from 512 bytes
// up to 1 MiB, to a multiple of 2 MiB above) so that nearby sizes share
// blocks. When the device is out of memory, the cached blocks are freed and
// the allocation is tried once more. Thread-safe.
#ifndef DISC_RAL_CUDA_DEVICE_MEMORY_CACHE_H
#define DISC_RAL_CUDA_DEVICE_MEMORY_CACHE_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <utility>

namespace disc::ral::cuda {

class DeviceMemoryCache {
public:
  // Allocates `bytes` at `address`; false when the device has no room.
  using AllocateFn = std::function<bool(size_t bytes, uintptr_t &address)>;
  using FreeFn = std::function<void(uintptr_t address)>;

  DeviceMemoryCache(AllocateFn allocate, FreeFn free)
      : allocate_(std::move(allocate)), free_(std::move(free)) {}
  DeviceMemoryCache(const DeviceMemoryCache &) = delete;
  DeviceMemoryCache &operator=(const DeviceMemoryCache &) = delete;
  // Frees the cached blocks; blocks still handed out are the caller's.
  ~DeviceMemoryCache() { trim(); }

  // A block of at least `bytes` (> 0), or 0 when the device has no room
  // even with the cache emptied.
  uintptr_t allocate(size_t bytes);
  // Takes back a block from allocate(`bytes`) for later allocations.
  void release(uintptr_t address, size_t bytes);
  // Frees every cached block.
  void trim();

  size_t cachedBytes() const;
  // The size allocate(`bytes`) hands out.
  static size_t blockSize(size_t bytes);

private:
  AllocateFn allocate_;
  FreeFn free_;
  mutable std::mutex mutex_;
  // Free blocks by size.
  std::multimap<size_t, uintptr_t> cached_;
  size_t cachedBytes_ = 0;
};

} // namespace disc::ral::cuda

#endif // DISC_RAL_CUDA_DEVICE_MEMORY_CACHE_H
