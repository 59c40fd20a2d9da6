#include "disc/ral/host/work_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace disc::host {
namespace {

TEST(WorkQueue, StartsOneWorkerPerCoreByDefault) {
  ConcurrentWorkQueue queue;
  unsigned cores = std::thread::hardware_concurrency();
  EXPECT_EQ(queue.numWorkers(), cores ? static_cast<int>(cores) : 1);
}

TEST(WorkQueue, RunsTasksAndQuiesces) {
  ConcurrentWorkQueue queue(2);
  std::atomic<int> count{0};
  for (int i = 0; i < 1000; ++i)
    queue.addTask([&] { ++count; });
  queue.quiesce();
  EXPECT_EQ(count.load(), 1000);
}

TEST(WorkQueue, TasksAddedByTasksRunBeforeQuiesceReturns) {
  ConcurrentWorkQueue queue(2);
  std::atomic<int> count{0};
  std::function<void(int)> spawn = [&](int depth) {
    ++count;
    if (depth == 0)
      return;
    queue.addTask([&, depth] { spawn(depth - 1); });
    queue.addTask([&, depth] { spawn(depth - 1); });
  };
  queue.addTask([&] { spawn(9); });
  queue.quiesce();
  EXPECT_EQ(count.load(), (1 << 10) - 1);
}

TEST(WorkQueue, TasksRunOnWorkers) {
  ConcurrentWorkQueue queue(2);
  std::atomic<bool> onWorker{false};
  queue.addTask([&] { onWorker = queue.isWorkerThread(); });
  queue.quiesce();
  EXPECT_TRUE(onWorker.load());
  EXPECT_FALSE(queue.isWorkerThread());
}

// One worker blocked on a task that only finishes once another task has run
// on a different worker: the second task must be stolen or taken by the
// other worker, not left behind the blocked one.
TEST(WorkQueue, IdleWorkersStealQueuedTasks) {
  ConcurrentWorkQueue queue(2);
  std::atomic<bool> released{false};
  queue.addTask([&] {
    // Queued on this worker's own queue, behind the spinning task.
    queue.addTask([&] { released = true; });
    while (!released.load())
      std::this_thread::yield();
  });
  queue.quiesce();
  EXPECT_TRUE(released.load());
}

TEST(WorkQueue, BlockingTasksRunBesideTheWorkers) {
  ConcurrentWorkQueue queue(1, 4);
  std::mutex mutex;
  std::condition_variable cv;
  int started = 0;
  // Four tasks that wait for each other only finish if all four run at once.
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(queue.addBlockingTask(
        [&] {
          std::unique_lock<std::mutex> lock(mutex);
          ++started;
          cv.notify_all();
          cv.wait(lock, [&] { return started == 4; });
        },
        false));
  queue.quiesce();
  EXPECT_EQ(started, 4);
}

TEST(WorkQueue, BlockingTaskWithoutQueuingIsRefusedWhenThePoolIsFull) {
  ConcurrentWorkQueue queue(1, 1);
  std::atomic<bool> release{false};
  ASSERT_TRUE(queue.addBlockingTask(
      [&] {
        while (!release.load())
          std::this_thread::yield();
      },
      false));
  std::atomic<int> queuedRan{0};
  EXPECT_FALSE(queue.addBlockingTask([&] { ++queuedRan; }, false));
  EXPECT_TRUE(queue.addBlockingTask([&] { ++queuedRan; }, true));
  release = true;
  queue.quiesce();
  EXPECT_EQ(queuedRan.load(), 1);
}

TEST(WorkQueue, AwaitWaitsForValuesMadeAvailableByTasks) {
  ConcurrentWorkQueue queue(2);
  std::vector<RCReference<AsyncValue>> values;
  for (int i = 0; i < 64; ++i)
    values.push_back(makeUnconstructedValue<int32_t>());
  for (int i = 0; i < 64; ++i)
    queue.addTask([value = values[i], i] { value->emplace<int32_t>(i); });
  queue.await(values);
  for (int i = 0; i < 64; ++i) {
    ASSERT_TRUE(values[i]->isConcrete());
    EXPECT_EQ(values[i]->get<int32_t>(), i);
  }
  queue.quiesce();
}

// Await inside a task: the worker keeps running other tasks, so even with
// one worker the value it waits for gets produced.
TEST(WorkQueue, AwaitOnAWorkerRunsOtherTasks) {
  ConcurrentWorkQueue queue(1);
  std::atomic<int> seen{-1};
  queue.addTask([&] {
    RCReference<AsyncValue> value = makeUnconstructedValue<int32_t>();
    queue.addTask([value] { value->emplace<int32_t>(11); });
    AsyncValue *raw = value.get();
    queue.await(&raw, 1);
    seen = value->get<int32_t>();
  });
  queue.quiesce();
  EXPECT_EQ(seen.load(), 11);
}

// With the only worker busy, a thread outside the pool that awaits runs
// the queued tasks it waits for itself.
TEST(WorkQueue, AwaitOutsideThePoolRunsQueuedTasks) {
  ConcurrentWorkQueue queue(1);
  std::mutex mutex;
  std::condition_variable released;
  bool release = false;
  std::atomic<bool> workerBusy{false};
  queue.addTask([&] {
    std::unique_lock<std::mutex> lock(mutex);
    workerBusy = true;
    released.wait(lock, [&] { return release; });
  });
  while (!workerBusy)
    std::this_thread::yield();
  std::vector<RCReference<AsyncValue>> values;
  std::vector<std::thread::id> ranOn(10);
  for (int i = 0; i < 10; ++i) {
    values.push_back(makeUnconstructedValue<int32_t>());
    queue.addTask([&, i, value = values.back()] {
      ranOn[i] = std::this_thread::get_id();
      value->emplace<int32_t>(i);
    });
  }
  queue.await(values);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(values[i]->get<int32_t>(), i);
    EXPECT_EQ(ranOn[i], std::this_thread::get_id());
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    release = true;
  }
  released.notify_all();
  queue.quiesce();
}

TEST(SingleThreadedWorkQueue, HasNoWorkers) {
  std::unique_ptr<ConcurrentWorkQueue> queue =
      ConcurrentWorkQueue::singleThreaded();
  EXPECT_TRUE(queue->isSingleThreaded());
  EXPECT_EQ(queue->numWorkers(), 0);
  EXPECT_FALSE(ConcurrentWorkQueue(1).isSingleThreaded());
}

// Queued tasks wait for a thread that awaits, then run on it in the order
// they were queued; tasks queued by tasks go behind those already queued.
TEST(SingleThreadedWorkQueue, TasksRunInOrderOnTheAwaitingThread) {
  std::unique_ptr<ConcurrentWorkQueue> queue =
      ConcurrentWorkQueue::singleThreaded();
  std::vector<int> order;
  std::vector<std::thread::id> threads;
  RCReference<AsyncValue> last = makeUnconstructedValue<int32_t>();
  auto record = [&](int index) {
    order.push_back(index);
    threads.push_back(std::this_thread::get_id());
  };
  queue->addTask([&] {
    record(0);
    queue->addTask([&] {
      record(3);
      last->emplace<int32_t>(3);
    });
  });
  queue->addTask([&] { record(1); });
  queue->addTask([&] { record(2); });
  EXPECT_TRUE(order.empty());
  queue->await({last});
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3}));
  for (std::thread::id thread : threads)
    EXPECT_EQ(thread, std::this_thread::get_id());
  EXPECT_EQ(last->get<int32_t>(), 3);
}

// Await runs tasks only until its values are available; quiesce runs the
// rest.
TEST(SingleThreadedWorkQueue, AwaitStopsOnceItsValuesAreAvailable) {
  std::unique_ptr<ConcurrentWorkQueue> queue =
      ConcurrentWorkQueue::singleThreaded();
  RCReference<AsyncValue> first = makeUnconstructedValue<int32_t>();
  int ran = 0;
  queue->addTask([&] {
    ++ran;
    first->emplace<int32_t>(1);
  });
  queue->addTask([&] { ++ran; });
  queue->await({first});
  EXPECT_EQ(ran, 1);
  queue->quiesce();
  EXPECT_EQ(ran, 2);
}

// A blocking task runs on its own pool; the non-blocking task it queues
// wakes the awaiting thread and runs there.
TEST(SingleThreadedWorkQueue,
     TasksQueuedByBlockingTasksRunOnTheAwaitingThread) {
  std::unique_ptr<ConcurrentWorkQueue> queue =
      ConcurrentWorkQueue::singleThreaded();
  RCReference<AsyncValue> value = makeUnconstructedValue<int32_t>();
  std::thread::id blockingThread, taskThread;
  ASSERT_TRUE(queue->addBlockingTask(
      [&] {
        blockingThread = std::this_thread::get_id();
        queue->addTask([&] {
          taskThread = std::this_thread::get_id();
          value->emplace<int32_t>(5);
        });
      },
      false));
  queue->await({value});
  EXPECT_EQ(value->get<int32_t>(), 5);
  EXPECT_EQ(taskThread, std::this_thread::get_id());
  queue->quiesce();
  EXPECT_NE(blockingThread, std::this_thread::get_id());
}

// A value made available on another thread wakes an await with nothing
// queued.
TEST(SingleThreadedWorkQueue, AwaitWakesForValuesMadeAvailableElsewhere) {
  std::unique_ptr<ConcurrentWorkQueue> queue =
      ConcurrentWorkQueue::singleThreaded();
  RCReference<AsyncValue> value = makeUnconstructedValue<int32_t>();
  std::thread producer([value] { value->emplace<int32_t>(8); });
  queue->await({value});
  producer.join();
  EXPECT_EQ(value->get<int32_t>(), 8);
}

// Many producers on the pool each fill one value; many waiters on other
// threads hang continuations on all of them; every continuation sees its
// value exactly once.
TEST(WorkQueueStress, ManyProducersAndWaiters) {
  ConcurrentWorkQueue queue(4);
  constexpr int kValues = 2000;
  constexpr int kWaiterThreads = 4;
  std::vector<RCReference<AsyncValue>> values;
  for (int i = 0; i < kValues; ++i)
    values.push_back(makeUnconstructedValue<int64_t>());
  std::atomic<int64_t> sum{0};
  std::atomic<int> runs{0};
  std::vector<std::thread> waiters;
  for (int t = 0; t < kWaiterThreads; ++t)
    waiters.emplace_back([&] {
      for (int i = 0; i < kValues; ++i)
        values[i]->andThen([&, value = values[i]] {
          sum += value->get<int64_t>();
          ++runs;
        });
    });
  for (int i = 0; i < kValues; ++i)
    queue.addTask([value = values[i], i] { value->emplace<int64_t>(i); });
  for (std::thread &thread : waiters)
    thread.join();
  queue.await(values);
  queue.quiesce();
  EXPECT_EQ(runs.load(), kValues * kWaiterThreads);
  EXPECT_EQ(sum.load(), int64_t{kValues} * (kValues - 1) / 2 * kWaiterThreads);
}

TEST(WorkQueueStress, ManyThreadsAddTasksAtOnce) {
  ConcurrentWorkQueue queue(3);
  std::atomic<int> count{0};
  std::vector<std::thread> producers;
  for (int t = 0; t < 6; ++t)
    producers.emplace_back([&] {
      for (int i = 0; i < 5000; ++i)
        queue.addTask([&] { ++count; });
    });
  for (std::thread &thread : producers)
    thread.join();
  queue.quiesce();
  EXPECT_EQ(count.load(), 30000);
}

} // namespace
} // namespace disc::host
