// ConcurrentWorkQueue: where the host runtime runs work, after TFRT's.
//
// A non-blocking pool of one worker per core runs short tasks that never
// block (kernels, continuations): each worker has its own queue, takes from
// its front, and steals from the back of the others' when idle. A separate
// blocking pool runs tasks that may block (sleeps, I/O, waiting on another
// run), so they never hold up a worker.
//
// Like TFRT's "s" work queue, a single-threaded queue has no workers: its
// non-blocking tasks run in the order they were queued on a thread that
// awaits or quiesces it, so a run's order of effects does not depend on
// thread timing.
#ifndef DISC_RAL_HOST_WORK_QUEUE_H
#define DISC_RAL_HOST_WORK_QUEUE_H

#include "disc/ral/host/async_value.h"
#include "disc/ral/host/task.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace disc::host {

class ConcurrentWorkQueue {
public:
  // `numWorkers` 0 means one per core; the blocking pool grows on demand up
  // to `maxBlockingThreads`.
  explicit ConcurrentWorkQueue(int numWorkers = 0,
                               int maxBlockingThreads = 256);
  // A queue without workers (TFRT's "s"); blocking tasks keep their pool.
  static std::unique_ptr<ConcurrentWorkQueue>
  singleThreaded(int maxBlockingThreads = 256);
  // Runs what is queued, then stops the threads.
  ~ConcurrentWorkQueue();
  ConcurrentWorkQueue(const ConcurrentWorkQueue &) = delete;
  ConcurrentWorkQueue &operator=(const ConcurrentWorkQueue &) = delete;

  // Queues a non-blocking task. From a worker, on its own queue.
  void addTask(Task task);
  // Runs a task that may block on the blocking pool. Without
  // `allowQueuing` it starts on a thread at once or is refused (false):
  // for tasks that must not wait behind others.
  bool addBlockingTask(Task task, bool allowQueuing);

  // Waits until every value is available. On a worker of this queue it runs
  // other tasks meanwhile, so waiting never starves the pool; on a
  // single-threaded queue every caller runs the queued tasks meanwhile.
  void await(AsyncValue *const *values, size_t count);
  void await(const std::vector<RCReference<AsyncValue>> &values);
  // Waits until no task is queued or running in either pool, running the
  // queued tasks of a single-threaded queue meanwhile. Not from a task of
  // this queue.
  void quiesce();

  int numWorkers() const { return static_cast<int>(workers_.size()); }
  bool isSingleThreaded() const { return workers_.empty(); }
  bool isWorkerThread() const;

  // The process's queue, started on first use.
  static ConcurrentWorkQueue &global();

private:
  struct Worker {
    std::mutex mutex;
    std::deque<Task> tasks;
    std::thread thread;
  };

  struct SingleThreadedTag {};
  ConcurrentWorkQueue(SingleThreadedTag, int maxBlockingThreads);

  void workerLoop(int index);
  void blockingLoop();
  // Takes a task from worker `self`'s queue or steals one; `self` -1 steals
  // only.
  bool takeTask(int self, Task &task);
  // Takes a task as takeTask does and runs it; false if none was queued.
  bool runQueuedTask(int self);
  // Moves half of each worker's queued tasks, the most recent, to `batch`;
  // false if it took none.
  bool stealHalf(std::vector<Task> &batch);
  void finishTask();
  // Wakes a sleeping worker unless none sleeps, one is already waking or
  // one is spinning (and so about to take the task).
  void wakeWorkerIfNeeded();
  // Polls for a queued task for a while before worker `index` sleeps, if
  // fewer than all but one of the workers already do; true if one came.
  bool spinBeforeSleeping();
  // Runs the single-threaded queue's tasks on this thread until `done`
  // holds; `done` is read under awaitingMutex_, and whatever makes it true
  // notifies awaitingCv_.
  void runQueuedTasksUntil(const std::function<bool()> &done);

  std::vector<std::unique_ptr<Worker>> workers_;
  // Tasks queued on workers and not yet taken.
  std::atomic<int64_t> queued_{0};
  // Tasks added to either pool and not yet finished.
  std::atomic<int64_t> outstanding_{0};
  std::atomic<int> sleepers_{0};
  // Workers polling for a task before they sleep (spinBeforeSleeping).
  std::atomic<int> spinners_{0};
  // Sleepers notified that have not yet woken.
  std::atomic<int> waking_{0};
  std::atomic<bool> stopping_{false};
  std::mutex sleepMutex_;
  std::condition_variable sleepCv_;
  std::mutex quiesceMutex_;
  std::condition_variable quiesceCv_;

  // A single-threaded queue's tasks, waiting for a thread that awaits.
  std::mutex awaitingMutex_;
  std::condition_variable awaitingCv_;
  std::deque<Task> awaitingTasks_;

  std::mutex blockingMutex_;
  std::condition_variable blockingCv_;
  std::deque<Task> blockingTasks_;
  std::vector<std::thread> blockingThreads_;
  int idleBlockingThreads_ = 0;
  int maxBlockingThreads_;
  bool blockingStopping_ = false;
};

} // namespace disc::host

#endif // DISC_RAL_HOST_WORK_QUEUE_H
