// The host allocator: where the host runtime and its kernels get memory
// (tensor buffers, kernel state). An interface, so that a run can be given
// a counting or limited allocator.
#ifndef DISC_RAL_HOST_HOST_ALLOCATOR_H
#define DISC_RAL_HOST_HOST_ALLOCATOR_H

#include <atomic>
#include <cstddef>
#include <memory>

namespace disc::host {

class HostAllocator {
public:
  virtual ~HostAllocator() = default;
  // Returns nullptr when the memory is not available. `alignment` is a power
  // of two.
  virtual void *allocateBytes(size_t bytes, size_t alignment) = 0;
  virtual void deallocateBytes(void *pointer, size_t bytes) = 0;

  template <typename T> T *allocate(size_t count) {
    return static_cast<T *>(allocateBytes(sizeof(T) * count, alignof(T)));
  }
  template <typename T> void deallocate(T *pointer, size_t count) {
    deallocateBytes(pointer, sizeof(T) * count);
  }
};

// The process's allocator: aligned malloc.
HostAllocator &defaultHostAllocator();

// Forwards to another allocator and refuses requests beyond `limitBytes`
// live bytes; counts what is live and the peak.
class LimitedHostAllocator final : public HostAllocator {
public:
  LimitedHostAllocator(HostAllocator &base, size_t limitBytes)
      : base_(base), limitBytes_(limitBytes) {}
  void *allocateBytes(size_t bytes, size_t alignment) override;
  void deallocateBytes(void *pointer, size_t bytes) override;
  size_t liveBytes() const { return live_.load(std::memory_order_relaxed); }
  size_t peakBytes() const { return peak_.load(std::memory_order_relaxed); }

private:
  HostAllocator &base_;
  size_t limitBytes_;
  std::atomic<size_t> live_{0};
  std::atomic<size_t> peak_{0};
};

} // namespace disc::host

#endif // DISC_RAL_HOST_HOST_ALLOCATOR_H
