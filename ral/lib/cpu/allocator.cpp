#include "disc/ral/allocator.h"

#include <cstdlib>

namespace disc::ral {

void *alignedAllocate(size_t bytes) {
  // aligned_alloc wants a multiple of the alignment; round up, and give a
  // zero-byte request one block so that it still gets a distinct pointer.
  size_t rounded =
      (bytes + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
  if (rounded < bytes)
    return nullptr;
  if (rounded == 0)
    rounded = kBufferAlignment;
  return std::aligned_alloc(kBufferAlignment, rounded);
}

void alignedFree(void *pointer) { std::free(pointer); }

} // namespace disc::ral
