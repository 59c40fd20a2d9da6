#include "disc/ral/allocator.h"

#include <algorithm>
#include <cstdlib>
#include <list>
#include <map>
#include <mutex>
#include <unordered_map>

#include <sys/mman.h>

namespace disc::ral {
namespace {

// Buffers from this size on are backed by transparent huge pages where the
// kernel offers them on request (a fresh 64 MiB output then takes 32 page
// faults instead of 16384, which cost more than writing it), and are kept
// for reuse when freed: the kernel zeroes every page it maps, so a run that
// reuses the last run's memory skips a pass over it.
constexpr size_t kHugePageBytes = size_t(2) << 20;
constexpr size_t kLargeBlockBytes = 2 * kHugePageBytes;
// Freed blocks from this size on are kept too, in whole pages: malloc maps
// and unmaps them (or trims its heap), and the kernel zeroes each page again
// when the next run touches it.
constexpr size_t kPageBytes = size_t(4) << 10;
constexpr size_t kCachedBlockBytes = 64 * kPageBytes;
// What the process keeps of freed large blocks, at most, unless a run has
// had more live at once: then as much as that, so that the next run of the
// same program finds every block it needs.
constexpr size_t kCachedBytesLimit = size_t(1) << 30;

size_t roundUp(size_t bytes, size_t alignment) {
  return (bytes + alignment - 1) / alignment * alignment;
}

struct Block {
  size_t bytes;
  void *pointer;
};

// Freed cached blocks, oldest first and by size, and the size of each live
// one.
class LargeBlockCache {
public:
  void *take(size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = bySize_.find(bytes);
    if (it == bySize_.end())
      return nullptr;
    Block block = *it->second;
    oldestFirst_.erase(it->second);
    bySize_.erase(it);
    cachedBytes_ -= block.bytes;
    trackLocked(block);
    return block.pointer;
  }

  void track(void *pointer, size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    trackLocked({bytes, pointer});
  }

  // Keeps a live large block for reuse, making room by releasing the
  // blocks kept longest; returns false for any other pointer.
  bool give(void *pointer) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(pointer);
    if (it == live_.end())
      return false;
    Block block{it->second, pointer};
    live_.erase(it);
    liveBytes_ -= block.bytes;
    size_t limit = std::max(kCachedBytesLimit, peakLiveBytes_);
    while (cachedBytes_ + block.bytes > limit) {
      Block oldest = oldestFirst_.front();
      auto [first, last] = bySize_.equal_range(oldest.bytes);
      for (auto sized = first; sized != last; ++sized)
        if (sized->second == oldestFirst_.begin()) {
          bySize_.erase(sized);
          break;
        }
      oldestFirst_.pop_front();
      cachedBytes_ -= oldest.bytes;
      std::free(oldest.pointer);
    }
    oldestFirst_.push_back(block);
    bySize_.emplace(block.bytes, std::prev(oldestFirst_.end()));
    cachedBytes_ += block.bytes;
    return true;
  }

private:
  void trackLocked(Block block) {
    live_.emplace(block.pointer, block.bytes);
    liveBytes_ += block.bytes;
    peakLiveBytes_ = std::max(peakLiveBytes_, liveBytes_);
  }

  std::mutex mutex_;
  std::list<Block> oldestFirst_;
  std::multimap<size_t, std::list<Block>::iterator> bySize_;
  std::unordered_map<void *, size_t> live_;
  size_t cachedBytes_ = 0;
  size_t liveBytes_ = 0;
  size_t peakLiveBytes_ = 0;
};

LargeBlockCache &largeBlocks() {
  // Never destroyed: buffers may be freed from static destructors.
  static LargeBlockCache *cache = new LargeBlockCache();
  return *cache;
}

} // namespace

void *alignedAllocate(size_t bytes) {
  if (bytes >= kCachedBlockBytes) {
    bool large = bytes >= kLargeBlockBytes;
    size_t alignment = large ? kHugePageBytes : kPageBytes;
    size_t rounded = roundUp(bytes, alignment);
    if (rounded < bytes)
      return nullptr;
    if (void *reused = largeBlocks().take(rounded))
      return reused;
    void *pointer = std::aligned_alloc(alignment, rounded);
    if (!pointer)
      return nullptr;
#ifdef MADV_HUGEPAGE
    // Advice only: where huge pages are off, the buffer has small ones.
    if (large)
      madvise(pointer, rounded, MADV_HUGEPAGE);
#endif
    largeBlocks().track(pointer, rounded);
    return pointer;
  }
  // aligned_alloc wants a multiple of the alignment; round up, and give a
  // zero-byte request one block so that it still gets a distinct pointer.
  size_t rounded = roundUp(bytes, kBufferAlignment);
  if (rounded == 0)
    rounded = kBufferAlignment;
  return std::aligned_alloc(kBufferAlignment, rounded);
}

void alignedFree(void *pointer) {
  if (pointer && largeBlocks().give(pointer))
    return;
  std::free(pointer);
}

} // namespace disc::ral
