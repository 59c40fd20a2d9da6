#include "disc/ral/host/host_allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace disc::host {
namespace {

TEST(HostAllocator, DefaultAllocatorHonoursAlignment) {
  HostAllocator &allocator = defaultHostAllocator();
  for (size_t alignment : {1u, 8u, 64u, 4096u}) {
    void *pointer = allocator.allocateBytes(100, alignment);
    ASSERT_NE(pointer, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(pointer) % alignment, 0u);
    std::memset(pointer, 0x5a, 100);
    allocator.deallocateBytes(pointer, 100);
  }
  void *empty = allocator.allocateBytes(0, 16);
  EXPECT_NE(empty, nullptr);
  allocator.deallocateBytes(empty, 0);
}

TEST(HostAllocator, TypedAllocation) {
  HostAllocator &allocator = defaultHostAllocator();
  double *values = allocator.allocate<double>(10);
  ASSERT_NE(values, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(values) % alignof(double), 0u);
  values[9] = 1.5;
  allocator.deallocate(values, 10);
}

TEST(HostAllocator, LimitedAllocatorRefusesBeyondItsLimit) {
  LimitedHostAllocator limited(defaultHostAllocator(), 1000);
  void *first = limited.allocateBytes(600, 16);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(limited.liveBytes(), 600u);
  EXPECT_EQ(limited.allocateBytes(500, 16), nullptr);
  void *second = limited.allocateBytes(400, 16);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(limited.liveBytes(), 1000u);
  limited.deallocateBytes(first, 600);
  limited.deallocateBytes(second, 400);
  EXPECT_EQ(limited.liveBytes(), 0u);
  EXPECT_EQ(limited.peakBytes(), 1000u);
  EXPECT_EQ(limited.allocateBytes(SIZE_MAX, 16), nullptr);
}

} // namespace
} // namespace disc::host
