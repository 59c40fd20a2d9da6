// ral_parallel_for on device "cpu" (docs/ABI.md): the compiled code's outer
// loops, split into chunks that the host work queue runs on every core.
#include "parallel_for.h"

#include "disc/ral/context.h"
#include "disc/ral/host/async_value.h"
#include "disc/ral/host/chain.h"
#include "disc/ral/host/work_queue.h"
#include "disc/ral/registry.h"

#include <algorithm>
#include <atomic>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#include <vector>

namespace disc::ral::cpu {

int getRunThreads(const ExecutionContext *run) {
  int workers = std::max(host::ConcurrentWorkQueue::global().numWorkers(), 1);
  int cap = run->maxThreads();
  return cap > 0 ? std::min(cap, workers) : workers;
}

void runInChunks(int64_t count, int64_t grain, int threads,
                 const std::function<void(int64_t, int64_t)> &chunk) {
  host::ConcurrentWorkQueue &queue = host::ConcurrentWorkQueue::global();
  int64_t chunks = std::min<int64_t>(threads, count / grain);
  if (chunks <= 1) {
    chunk(0, count);
    return;
  }
  // Chunk i is [i * count / chunks, (i + 1) * count / chunks): sizes differ
  // by one at most.
  auto bound = [&](int64_t index) { return index * count / chunks; };
  std::vector<host::RCReference<host::AsyncValue>> done;
  done.reserve(static_cast<size_t>(chunks - 1));
  for (int64_t index = 1; index < chunks; ++index) {
    done.push_back(host::makeUnconstructedValue<host::Chain>());
    host::AsyncValue *finished = done.back().get();
    int64_t begin = bound(index), end = bound(index + 1);
    queue.addTask([&chunk, finished, begin, end] {
      chunk(begin, end);
      finished->emplace<host::Chain>();
    });
  }
  chunk(0, bound(1));
  queue.await(done);
}

namespace {

// Makes the non-temporal stores of a loop's chunk (disc-cpu-streaming-
// stores) visible before the chunk is reported done: the release and
// acquire that hand a chunk's results to another thread do not order them
// (on x86 only SFENCE or MFENCE does).
void fenceStreamingStores() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_sfence();
#else
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}

// What disc-cpu-parallel-for outlines: iterations [begin, end) of a loop,
// reading its captured values from `captures`.
using LoopBody = void (*)(void *captures, int64_t begin, int64_t end);

// Runs `body` over [0, count) in chunks of at least `grain` iterations. A
// body cannot fail: the compiler outlines only loops with no runtime call
// inside.
void parallelFor(ExecutionContext *run, void *body, void *captures,
                 int64_t count, int64_t grain) {
  if (!body) {
    run->setError("ral_parallel_for: no loop body");
    return;
  }
  if (count < 0 || grain < 1) {
    run->setError("ral_parallel_for: " + std::to_string(count) +
                  " iterations in chunks of at least " + std::to_string(grain) +
                  "; expected a count of 0 or more and a grain of 1 or more");
    return;
  }
  auto loop = reinterpret_cast<LoopBody>(body);
  runInChunks(count, grain, getRunThreads(run),
              [loop, captures](int64_t begin, int64_t end) {
                loop(captures, begin, end);
                fenceStreamingStores();
              });
}

} // namespace

TAO_RAL_API("ral_parallel_for", "cpu", parallelFor);

} // namespace disc::ral::cpu
