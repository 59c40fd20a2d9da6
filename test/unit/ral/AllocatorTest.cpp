#include "disc/ral/allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace disc::ral {
namespace {

bool isAligned(void *pointer, size_t alignment) {
  return reinterpret_cast<uintptr_t>(pointer) % alignment == 0;
}

TEST(Allocator, SmallBuffersAre64ByteAlignedAndDistinct) {
  void *empty = alignedAllocate(0);
  void *small = alignedAllocate(100);
  ASSERT_NE(empty, nullptr);
  ASSERT_NE(small, nullptr);
  EXPECT_NE(empty, small);
  EXPECT_TRUE(isAligned(empty, kBufferAlignment));
  EXPECT_TRUE(isAligned(small, kBufferAlignment));
  alignedFree(empty);
  alignedFree(small);
  alignedFree(nullptr);
}

// A freed large buffer is kept and handed out again for the same rounded
// size, with its contents as they were; another size gets other memory.
TEST(Allocator, ReusesAFreedLargeBufferOfTheSameSize) {
  const size_t bytes = (size_t(8) << 20) + 100;
  auto *first = static_cast<unsigned char *>(alignedAllocate(bytes));
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(isAligned(first, size_t(2) << 20));
  std::memset(first, 0x5a, bytes);
  alignedFree(first);
  auto *again = static_cast<unsigned char *>(alignedAllocate(bytes + 1000));
  EXPECT_EQ(again, first);
  EXPECT_EQ(again[bytes - 1], 0x5a);
  void *other = alignedAllocate(size_t(16) << 20);
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other, again);
  alignedFree(again);
  alignedFree(other);
}

// A freed buffer of 64 KiB or more is kept too, in whole 4 KiB pages: one
// of the same rounded size gets it back, page-aligned.
TEST(Allocator, ReusesAFreedMediumBufferOfTheSameRoundedSize) {
  const size_t bytes = (size_t(300) << 10) + 8;
  auto *first = static_cast<unsigned char *>(alignedAllocate(bytes));
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(isAligned(first, size_t(4) << 10));
  first[bytes - 1] = 0x3c;
  alignedFree(first);
  auto *again = static_cast<unsigned char *>(alignedAllocate(bytes + 100));
  EXPECT_EQ(again, first);
  EXPECT_EQ(again[bytes - 1], 0x3c);
  alignedFree(again);
}

// Past the 1 GiB the cache keeps in general, it keeps as much as was live
// at once: each block of a run that needed more comes back in the next.
TEST(Allocator, KeepsAsMuchAsARunHadLive) {
  // Touched at one byte each, so a block costs a page or two of memory; a
  // block that was released comes back from the kernel zeroed.
  const size_t bytes = size_t(400) << 20;
  unsigned char *blocks[3];
  for (int i = 0; i < 3; ++i) {
    blocks[i] = static_cast<unsigned char *>(alignedAllocate(bytes));
    ASSERT_NE(blocks[i], nullptr);
    blocks[i][0] = 0x40 + i;
  }
  for (unsigned char *block : blocks)
    alignedFree(block);
  unsigned char *again[3];
  for (unsigned char *&block : again) {
    block = static_cast<unsigned char *>(alignedAllocate(bytes));
    ASSERT_NE(block, nullptr);
    EXPECT_GE(block[0], 0x40);
  }
  for (unsigned char *block : again)
    alignedFree(block);
}

// Rounding up to whole huge pages must not wrap around to a small size.
TEST(Allocator, FailsCleanlyOnASizeThatCannotBeRounded) {
  EXPECT_EQ(alignedAllocate(SIZE_MAX - 10), nullptr);
}

} // namespace
} // namespace disc::ral
