#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace disc::ral {
namespace {

// What the compiled body of a loop sees: its captures, here a counter per
// iteration and the threads that ran any.
struct Captures {
  std::vector<std::atomic<int>> *visits;
  std::mutex *mutex;
  std::set<std::thread::id> *threads;
  std::vector<std::pair<int64_t, int64_t>> *chunks;
};

void countVisits(void *opaque, int64_t begin, int64_t end) {
  auto *captures = static_cast<Captures *>(opaque);
  for (int64_t i = begin; i < end; ++i)
    ++(*captures->visits)[static_cast<size_t>(i)];
  std::lock_guard<std::mutex> lock(*captures->mutex);
  captures->threads->insert(std::this_thread::get_id());
  captures->chunks->push_back({begin, end});
}

int32_t callParallelFor(ExecutionContext &run, void *body, void *captures,
                        int64_t count, int64_t grain) {
  void *runPointer = &run;
  void *args[] = {&runPointer, &body, &captures, &count, &grain};
  return disc_ral_api_call(
      &run, "ral_parallel_for___cpu___pvoid_pvoid_pvoid_i64_i64___void", args);
}

struct Visits {
  std::vector<std::atomic<int>> visits;
  std::mutex mutex;
  std::set<std::thread::id> threads;
  std::vector<std::pair<int64_t, int64_t>> chunks;
  Captures captures{&visits, &mutex, &threads, &chunks};

  explicit Visits(size_t count) : visits(count) {}
  bool eachOnce() const {
    for (const std::atomic<int> &visit : visits)
      if (visit.load() != 1)
        return false;
    return true;
  }
};

TEST(ParallelFor, RunsEveryIterationOnceInChunksOfAtLeastTheGrain) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  Visits visits(1000);
  ASSERT_EQ(callParallelFor(run, reinterpret_cast<void *>(&countVisits),
                            &visits.captures, 1000, 100),
            0)
      << run.errorMessage();
  EXPECT_TRUE(visits.eachOnce());
  for (auto [begin, end] : visits.chunks)
    EXPECT_GE(end - begin, 100) << begin << ".." << end;
  // One chunk per worker of the process's queue, one worker per core.
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_EQ(visits.chunks.size(), std::min<size_t>(cores, 10));
}

TEST(ParallelFor, RunsLessThanTwoGrainsOnTheCallingThread) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  Visits visits(150);
  ASSERT_EQ(callParallelFor(run, reinterpret_cast<void *>(&countVisits),
                            &visits.captures, 150, 100),
            0);
  EXPECT_TRUE(visits.eachOnce());
  EXPECT_EQ(visits.threads,
            std::set<std::thread::id>{std::this_thread::get_id()});
  Visits none(0);
  ASSERT_EQ(callParallelFor(run, reinterpret_cast<void *>(&countVisits),
                            &none.captures, 0, 1),
            0);
}

// A context capped at one thread runs every chunk on the calling thread; a
// run keeps the cap it started with.
TEST(ParallelFor, KeepsToTheContextsThreadCap) {
  Context context;
  context.setMaxThreads(1);
  ExecutionContext capped(&context, {}, 0);
  context.setMaxThreads(0);
  ExecutionContext uncapped(&context, {}, 0);
  EXPECT_EQ(capped.maxThreads(), 1);
  EXPECT_EQ(uncapped.maxThreads(), 0);

  Visits visits(1000);
  ASSERT_EQ(callParallelFor(capped, reinterpret_cast<void *>(&countVisits),
                            &visits.captures, 1000, 10),
            0);
  EXPECT_TRUE(visits.eachOnce());
  EXPECT_EQ(visits.chunks.size(), 1u);
  EXPECT_EQ(visits.threads,
            std::set<std::thread::id>{std::this_thread::get_id()});

  Visits all(1000);
  ASSERT_EQ(callParallelFor(uncapped, reinterpret_cast<void *>(&countVisits),
                            &all.captures, 1000, 10),
            0);
  EXPECT_TRUE(all.eachOnce());
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_EQ(all.chunks.size(), cores);
}

// Many runs at once, as from many threads on one context, share the pool.
TEST(ParallelFor, ServesManyCallersAtOnce) {
  Context context;
  std::vector<std::thread> callers;
  std::atomic<int> failures{0};
  for (int caller = 0; caller < 8; ++caller)
    callers.emplace_back([&] {
      for (int repeat = 0; repeat < 20; ++repeat) {
        ExecutionContext run(&context, {}, 0);
        Visits visits(4096);
        if (callParallelFor(run, reinterpret_cast<void *>(&countVisits),
                            &visits.captures, 4096, 64) != 0 ||
            !visits.eachOnce())
          ++failures;
      }
    });
  for (std::thread &caller : callers)
    caller.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(ParallelFor, RejectsAGrainBelowOne) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  Visits visits(4);
  EXPECT_EQ(callParallelFor(run, reinterpret_cast<void *>(&countVisits),
                            &visits.captures, 4, 0),
            1);
  EXPECT_EQ(run.errorMessage(),
            "ral_parallel_for: 4 iterations in chunks of at least 0; expected "
            "a count of 0 or more and a grain of 1 or more");
}

} // namespace
} // namespace disc::ral
