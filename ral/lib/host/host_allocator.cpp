#include "disc/ral/host/host_allocator.h"

#include <cstdlib>

namespace disc::host {

namespace {

class MallocAllocator final : public HostAllocator {
public:
  void *allocateBytes(size_t bytes, size_t alignment) override {
    if (alignment < sizeof(void *))
      alignment = sizeof(void *);
    // aligned_alloc wants a size that is a multiple of the alignment, and a
    // zero-byte request still gets a distinct pointer.
    size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    if (rounded < bytes)
      return nullptr;
    return std::aligned_alloc(alignment, rounded ? rounded : alignment);
  }
  void deallocateBytes(void *pointer, size_t) override { std::free(pointer); }
};

} // namespace

HostAllocator &defaultHostAllocator() {
  static MallocAllocator allocator;
  return allocator;
}

void *LimitedHostAllocator::allocateBytes(size_t bytes, size_t alignment) {
  // Relaxed: the counters order nothing else; a CAS loop keeps the limit.
  size_t live = live_.load(std::memory_order_relaxed);
  do {
    if (bytes > limitBytes_ || live > limitBytes_ - bytes)
      return nullptr;
  } while (!live_.compare_exchange_weak(live, live + bytes,
                                        std::memory_order_relaxed));
  void *pointer = base_.allocateBytes(bytes, alignment);
  if (!pointer) {
    live_.fetch_sub(bytes, std::memory_order_relaxed);
    return nullptr;
  }
  size_t peak = peak_.load(std::memory_order_relaxed);
  while (peak < live + bytes &&
         !peak_.compare_exchange_weak(peak, live + bytes,
                                      std::memory_order_relaxed)) {
  }
  return pointer;
}

void LimitedHostAllocator::deallocateBytes(void *pointer, size_t bytes) {
  if (!pointer)
    return;
  base_.deallocateBytes(pointer, bytes);
  live_.fetch_sub(bytes, std::memory_order_relaxed);
}

} // namespace disc::host
