// The allocator of host memory: every buffer the runtime hands out is
// 64-byte aligned. In core, as the contexts keep their buffers in it.
#ifndef DISC_RAL_ALLOCATOR_H
#define DISC_RAL_ALLOCATOR_H

#include <cstddef>
#include <memory>

namespace disc::ral {

inline constexpr size_t kBufferAlignment = 64;

// Returns nullptr when the memory is not available. A zero-byte request
// still returns a distinct pointer.
void *alignedAllocate(size_t bytes);
void alignedFree(void *pointer);

struct AlignedDeleter {
  void operator()(void *pointer) const { alignedFree(pointer); }
};
using AlignedBuffer = std::unique_ptr<void, AlignedDeleter>;

} // namespace disc::ral

#endif // DISC_RAL_ALLOCATOR_H
