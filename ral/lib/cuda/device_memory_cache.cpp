#include "disc/ral/cuda/device_memory_cache.h"

namespace disc::ral::cuda {

namespace {

constexpr size_t kSmallestBlock = 512;
constexpr size_t kLargeBlockUnit = size_t(2) << 20;

} // namespace

size_t DeviceMemoryCache::blockSize(size_t bytes) {
  if (bytes > kLargeBlockUnit / 2)
    return (bytes + kLargeBlockUnit - 1) / kLargeBlockUnit * kLargeBlockUnit;
  size_t size = kSmallestBlock;
  while (size < bytes)
    size *= 2;
  return size;
}

uintptr_t DeviceMemoryCache::allocate(size_t bytes) {
  size_t size = blockSize(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto cached = cached_.find(size);
    if (cached != cached_.end()) {
      uintptr_t address = cached->second;
      cached_.erase(cached);
      cachedBytes_ -= size;
      return address;
    }
  }
  uintptr_t address = 0;
  if (allocate_(size, address))
    return address;
  trim();
  return allocate_(size, address) ? address : 0;
}

void DeviceMemoryCache::release(uintptr_t address, size_t bytes) {
  if (!address)
    return;
  size_t size = blockSize(bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  cached_.emplace(size, address);
  cachedBytes_ += size;
}

void DeviceMemoryCache::trim() {
  std::multimap<size_t, uintptr_t> blocks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    blocks.swap(cached_);
    cachedBytes_ = 0;
  }
  for (const auto &block : blocks)
    free_(block.second);
}

size_t DeviceMemoryCache::cachedBytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return cachedBytes_;
}

} // namespace disc::ral::cuda
