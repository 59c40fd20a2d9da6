#include "disc/ral/cuda/device_memory_cache.h"

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace disc::ral::cuda {
namespace {

// A device of `capacity` bytes that hands out addresses and remembers what
// is allocated.
struct FakeDevice {
  explicit FakeDevice(size_t capacity) : capacity(capacity) {}

  DeviceMemoryCache makeCache() {
    return DeviceMemoryCache(
        [this](size_t bytes, uintptr_t &address) {
          if (used + bytes > capacity)
            return false;
          used += bytes;
          address = nextAddress;
          nextAddress += bytes;
          live[address] = bytes;
          ++allocations;
          return true;
        },
        [this](uintptr_t address) {
          used -= live.at(address);
          live.erase(address);
          ++frees;
        });
  }

  size_t capacity;
  size_t used = 0;
  uintptr_t nextAddress = 0x1000;
  std::map<uintptr_t, size_t> live;
  int allocations = 0;
  int frees = 0;
};

TEST(DeviceMemoryCache, RoundsSizesSoNearbySizesShareBlocks) {
  EXPECT_EQ(DeviceMemoryCache::blockSize(1), 512u);
  EXPECT_EQ(DeviceMemoryCache::blockSize(512), 512u);
  EXPECT_EQ(DeviceMemoryCache::blockSize(513), 1024u);
  EXPECT_EQ(DeviceMemoryCache::blockSize(1 << 20), size_t(1) << 20);
  EXPECT_EQ(DeviceMemoryCache::blockSize((1 << 20) + 1), size_t(2) << 20);
  EXPECT_EQ(DeviceMemoryCache::blockSize((5 << 20) + 3), size_t(6) << 20);
}

TEST(DeviceMemoryCache, AReleasedBlockServesTheNextAllocationOfItsSize) {
  FakeDevice device(1 << 30);
  DeviceMemoryCache cache = device.makeCache();
  uintptr_t first = cache.allocate(1000);
  ASSERT_NE(first, 0u);
  EXPECT_EQ(device.live.at(first), 1024u);
  cache.release(first, 1000);
  EXPECT_EQ(cache.cachedBytes(), 1024u);
  EXPECT_EQ(device.frees, 0);

  EXPECT_EQ(cache.allocate(900), first);
  EXPECT_EQ(device.allocations, 1);
  EXPECT_EQ(cache.cachedBytes(), 0u);
  // Another size gets a block of its own.
  uintptr_t other = cache.allocate(3000);
  EXPECT_NE(other, first);
  EXPECT_EQ(device.allocations, 2);
}

TEST(DeviceMemoryCache, OutOfMemoryFreesTheCacheAndTriesAgain) {
  FakeDevice device(4096);
  DeviceMemoryCache cache = device.makeCache();
  uintptr_t small = cache.allocate(2048);
  cache.release(small, 2048);
  // 4096 does not fit beside the cached 2048 until the cache is freed.
  uintptr_t large = cache.allocate(4096);
  EXPECT_NE(large, 0u);
  EXPECT_EQ(device.frees, 1);
  EXPECT_EQ(cache.cachedBytes(), 0u);
  // Nothing left to free: the allocation fails.
  EXPECT_EQ(cache.allocate(512), 0u);
}

TEST(DeviceMemoryCache, TrimAndDestructionFreeOnlyCachedBlocks) {
  FakeDevice device(1 << 30);
  {
    DeviceMemoryCache cache = device.makeCache();
    uintptr_t kept = cache.allocate(100);
    uintptr_t returned = cache.allocate(100);
    cache.release(returned, 100);
    cache.trim();
    EXPECT_EQ(device.frees, 1);
    EXPECT_EQ(device.live.count(kept), 1u);
    cache.release(cache.allocate(5000), 5000);
  }
  EXPECT_EQ(device.frees, 2);
  EXPECT_EQ(device.live.size(), 1u);
}

// Threads keep one block of each pair they allocate and give back the
// other: a kept block is never handed to anyone else.
TEST(DeviceMemoryCache, ThreadsNeverShareABlock) {
  std::mutex deviceMutex;
  uintptr_t nextAddress = 0x1000;
  DeviceMemoryCache cache(
      [&](size_t bytes, uintptr_t &address) {
        std::lock_guard<std::mutex> lock(deviceMutex);
        address = nextAddress;
        nextAddress += bytes;
        return true;
      },
      [](uintptr_t) {});
  std::vector<std::vector<uintptr_t>> kept(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 1000; ++i) {
        kept[t].push_back(cache.allocate(256));
        cache.release(cache.allocate(256), 256);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  std::set<uintptr_t> distinct;
  for (const auto &blocks : kept)
    for (uintptr_t block : blocks)
      EXPECT_TRUE(distinct.insert(block).second);
  EXPECT_EQ(distinct.size(), 4000u);
}

} // namespace
} // namespace disc::ral::cuda
