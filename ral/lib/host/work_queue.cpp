#include "disc/ral/host/work_queue.h"

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace disc::host {

namespace {

// How long an idle worker, or a thread awaiting tasks' results, polls
// before it sleeps. Compiled models run one parallel loop or library call
// after another, tens of microseconds apart: a worker put to sleep between
// them costs a system call to wake and as much again before it runs (far
// more in a virtual machine), which for a loop of tens of microseconds is
// more than the loop. Short enough that an idle process gives its cores
// back at once.
constexpr std::chrono::microseconds kSpinTime{100};

// One poll's pause: lets the core's other hardware thread run.
inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

// Polls `ready` until it holds or kSpinTime has passed; returns its value.
template <typename Ready> bool spinUntil(Ready ready) {
  auto deadline = std::chrono::steady_clock::now() + kSpinTime;
  for (int polls = 0;; ++polls) {
    if (ready())
      return true;
    relax();
    // Reading the clock costs more than a poll: once every 64 polls.
    if ((polls & 63) == 63 && std::chrono::steady_clock::now() > deadline)
      return ready();
  }
}

// The queue and worker index of the current thread, if it is a worker.
thread_local ConcurrentWorkQueue *currentQueue = nullptr;
thread_local int currentWorker = -1;
// Where a thread outside the pool puts its next task: round robin over the
// workers, without a counter shared with other threads.
thread_local uint32_t nextTarget = 0;

} // namespace

ConcurrentWorkQueue::ConcurrentWorkQueue(int numWorkers, int maxBlockingThreads)
    : maxBlockingThreads_(maxBlockingThreads < 1 ? 1 : maxBlockingThreads) {
  if (numWorkers <= 0)
    numWorkers = static_cast<int>(std::thread::hardware_concurrency());
  if (numWorkers <= 0)
    numWorkers = 1;
  for (int i = 0; i < numWorkers; ++i)
    workers_.push_back(std::make_unique<Worker>());
  for (int i = 0; i < numWorkers; ++i)
    workers_[i]->thread = std::thread([this, i] { workerLoop(i); });
}

ConcurrentWorkQueue::ConcurrentWorkQueue(SingleThreadedTag,
                                         int maxBlockingThreads)
    : maxBlockingThreads_(maxBlockingThreads < 1 ? 1 : maxBlockingThreads) {}

std::unique_ptr<ConcurrentWorkQueue>
ConcurrentWorkQueue::singleThreaded(int maxBlockingThreads) {
  return std::unique_ptr<ConcurrentWorkQueue>(
      new ConcurrentWorkQueue(SingleThreadedTag{}, maxBlockingThreads));
}

ConcurrentWorkQueue::~ConcurrentWorkQueue() {
  quiesce();
  {
    std::lock_guard<std::mutex> lock(sleepMutex_);
    stopping_.store(true, std::memory_order_relaxed);
  }
  sleepCv_.notify_all();
  for (auto &worker : workers_)
    worker->thread.join();
  {
    std::lock_guard<std::mutex> lock(blockingMutex_);
    blockingStopping_ = true;
  }
  blockingCv_.notify_all();
  for (std::thread &thread : blockingThreads_)
    thread.join();
}

ConcurrentWorkQueue &ConcurrentWorkQueue::global() {
  // Leaked on purpose: workers may still run tasks of static objects' users
  // while the process exits.
  static ConcurrentWorkQueue *queue = new ConcurrentWorkQueue();
  return *queue;
}

bool ConcurrentWorkQueue::isWorkerThread() const {
  return currentQueue == this;
}

void ConcurrentWorkQueue::addTask(Task task) {
  // Relaxed: quiesce() reads the count under its mutex after the task's own
  // decrement, which is acq_rel.
  outstanding_.fetch_add(1, std::memory_order_relaxed);
  if (isSingleThreaded()) {
    std::lock_guard<std::mutex> lock(awaitingMutex_);
    awaitingTasks_.push_back(std::move(task));
    awaitingCv_.notify_one();
    return;
  }
  int target = currentQueue == this
                   ? currentWorker
                   : static_cast<int>(nextTarget++ % workers_.size());
  {
    Worker &worker = *workers_[target];
    std::lock_guard<std::mutex> lock(worker.mutex);
    if (target == currentWorker && currentQueue == this)
      worker.tasks.push_front(std::move(task));
    else
      worker.tasks.push_back(std::move(task));
  }
  queued_.fetch_add(1, std::memory_order_seq_cst);
  wakeWorkerIfNeeded();
}

void ConcurrentWorkQueue::wakeWorkerIfNeeded() {
  // Seq_cst pairs with the sleeper's increment of sleepers_ then read of
  // queued_: one of the two sees the other, so no wake-up is lost. A worker
  // already being woken will look for this task too: waking one per task
  // would cost a system call each while the first is still on its way.
  // A spinner seen here reads queued_ again after it stops spinning
  // (seq_cst, as a sleeper does), so it takes the task or wakes for it.
  if (sleepers_.load(std::memory_order_seq_cst) == 0 ||
      waking_.load(std::memory_order_seq_cst) > 0 ||
      spinners_.load(std::memory_order_seq_cst) > 0)
    return;
  {
    std::lock_guard<std::mutex> lock(sleepMutex_);
    if (sleepers_.load(std::memory_order_relaxed) <=
        waking_.load(std::memory_order_relaxed))
      return;
    waking_.fetch_add(1, std::memory_order_seq_cst);
  }
  // After unlocking: a sleeper woken while the mutex is held would only
  // block on it again.
  sleepCv_.notify_one();
}

bool ConcurrentWorkQueue::runQueuedTask(int self) {
  Task task;
  if (queued_.load(std::memory_order_relaxed) == 0 || !takeTask(self, task))
    return false;
  // More is queued: wake a sleeper to share it.
  if (queued_.load(std::memory_order_relaxed) > 0)
    wakeWorkerIfNeeded();
  task();
  task = nullptr;
  finishTask();
  return true;
}

bool ConcurrentWorkQueue::takeTask(int self, Task &task) {
  if (self >= 0) {
    Worker &own = *workers_[self];
    std::lock_guard<std::mutex> lock(own.mutex);
    if (!own.tasks.empty()) {
      task = std::move(own.tasks.front());
      own.tasks.pop_front();
      queued_.fetch_sub(1, std::memory_order_relaxed);
      return true;
    }
  }
  size_t count = workers_.size();
  size_t start = self >= 0 ? static_cast<size_t>(self) + 1 : 0;
  for (size_t i = 0; i < count; ++i) {
    Worker &victim = *workers_[(start + i) % count];
    std::unique_lock<std::mutex> lock(victim.mutex, std::try_to_lock);
    if (!lock.owns_lock() || victim.tasks.empty())
      continue;
    task = std::move(victim.tasks.back());
    victim.tasks.pop_back();
    queued_.fetch_sub(1, std::memory_order_relaxed);
    return true;
  }
  return false;
}

bool ConcurrentWorkQueue::stealHalf(std::vector<Task> &batch) {
  if (queued_.load(std::memory_order_relaxed) == 0)
    return false;
  for (auto &worker : workers_) {
    std::lock_guard<std::mutex> lock(worker->mutex);
    // Half, rounded up: the owner keeps work to share, and a burst of small
    // tasks costs the thief one lock per queue instead of one per task.
    size_t take = (worker->tasks.size() + 1) / 2;
    for (size_t i = 0; i < take; ++i) {
      batch.push_back(std::move(worker->tasks.back()));
      worker->tasks.pop_back();
    }
    queued_.fetch_sub(static_cast<int64_t>(take), std::memory_order_relaxed);
  }
  return !batch.empty();
}

void ConcurrentWorkQueue::finishTask() {
  // Acq_rel: the last finisher's quiesce() waiter sees all the tasks' writes.
  if (outstanding_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    {
      std::lock_guard<std::mutex> lock(quiesceMutex_);
      quiesceCv_.notify_all();
    }
    if (isSingleThreaded()) {
      std::lock_guard<std::mutex> lock(awaitingMutex_);
      awaitingCv_.notify_all();
    }
  }
}

void ConcurrentWorkQueue::runQueuedTasksUntil(
    const std::function<bool()> &done) {
  std::unique_lock<std::mutex> lock(awaitingMutex_);
  while (!done()) {
    if (awaitingTasks_.empty()) {
      awaitingCv_.wait(lock);
      continue;
    }
    Task task = std::move(awaitingTasks_.front());
    awaitingTasks_.pop_front();
    lock.unlock();
    task();
    task = nullptr;
    finishTask();
    lock.lock();
  }
}

bool ConcurrentWorkQueue::spinBeforeSleeping() {
  // All but one spin at most: the thread that hands out the next loop runs
  // on the remaining core meanwhile.
  int limit = static_cast<int>(workers_.size()) - 1;
  int spinning = spinners_.load(std::memory_order_relaxed);
  do {
    if (spinning >= limit)
      return false;
  } while (!spinners_.compare_exchange_weak(spinning, spinning + 1,
                                            std::memory_order_seq_cst));
  bool found = spinUntil([this] {
    return queued_.load(std::memory_order_relaxed) > 0 ||
           stopping_.load(std::memory_order_relaxed);
  });
  spinners_.fetch_sub(1, std::memory_order_seq_cst);
  return found;
}

void ConcurrentWorkQueue::workerLoop(int index) {
  currentQueue = this;
  currentWorker = index;
  for (;;) {
    if (runQueuedTask(index) || (spinBeforeSleeping() && runQueuedTask(index)))
      continue;
    std::unique_lock<std::mutex> lock(sleepMutex_);
    sleepers_.fetch_add(1, std::memory_order_seq_cst);
    // A try_lock in takeTask may have skipped a busy queue; only sleep when
    // nothing is queued anywhere.
    while (queued_.load(std::memory_order_seq_cst) == 0 &&
           !stopping_.load(std::memory_order_relaxed)) {
      sleepCv_.wait(lock);
      // Every wake-up ends a notification's wait, even one whose task
      // another thread took meanwhile: else later tasks would wait for a
      // worker no longer on its way.
      if (waking_.load(std::memory_order_relaxed) > 0)
        waking_.fetch_sub(1, std::memory_order_seq_cst);
    }
    sleepers_.fetch_sub(1, std::memory_order_relaxed);
    if (stopping_.load(std::memory_order_relaxed) &&
        queued_.load(std::memory_order_seq_cst) == 0)
      return;
  }
}

bool ConcurrentWorkQueue::addBlockingTask(Task task, bool allowQueuing) {
  std::lock_guard<std::mutex> lock(blockingMutex_);
  bool idleThreadFree =
      idleBlockingThreads_ > static_cast<int>(blockingTasks_.size());
  bool canGrow =
      static_cast<int>(blockingThreads_.size()) < maxBlockingThreads_;
  if (!idleThreadFree && !canGrow && !allowQueuing)
    return false;
  outstanding_.fetch_add(1, std::memory_order_relaxed);
  blockingTasks_.push_back(std::move(task));
  if (idleThreadFree)
    blockingCv_.notify_one();
  else if (canGrow)
    blockingThreads_.emplace_back([this] { blockingLoop(); });
  return true;
}

void ConcurrentWorkQueue::blockingLoop() {
  std::unique_lock<std::mutex> lock(blockingMutex_);
  for (;;) {
    ++idleBlockingThreads_;
    blockingCv_.wait(
        lock, [this] { return !blockingTasks_.empty() || blockingStopping_; });
    --idleBlockingThreads_;
    if (blockingTasks_.empty())
      return;
    Task task = std::move(blockingTasks_.front());
    blockingTasks_.pop_front();
    lock.unlock();
    task();
    task = nullptr;
    finishTask();
    lock.lock();
  }
}

void ConcurrentWorkQueue::await(AsyncValue *const *values, size_t count) {
  struct Latch {
    std::atomic<size_t> remaining;
    std::mutex mutex;
    std::condition_variable done;
  };
  auto latch = std::make_shared<Latch>();
  latch->remaining.store(count + 1, std::memory_order_relaxed);
  auto arrive = [this, latch] {
    // Acq_rel: the waiter sees every value's payload once the count is 0.
    if (latch->remaining.fetch_sub(1, std::memory_order_acq_rel) != 1)
      return;
    if (isSingleThreaded()) {
      std::lock_guard<std::mutex> lock(awaitingMutex_);
      awaitingCv_.notify_all();
      return;
    }
    // The waiter checks the count under the mutex, so passing through it
    // orders this notification after that check; the latch lives as long
    // as this waiter holds it, so the notification can follow the unlock.
    { std::lock_guard<std::mutex> lock(latch->mutex); }
    latch->done.notify_all();
  };
  for (size_t i = 0; i < count; ++i)
    values[i]->andThen(arrive);
  arrive();
  if (isSingleThreaded()) {
    runQueuedTasksUntil(
        [&] { return latch->remaining.load(std::memory_order_acquire) == 0; });
    return;
  }
  if (isWorkerThread()) {
    while (latch->remaining.load(std::memory_order_acquire) != 0)
      if (!runQueuedTask(currentWorker))
        std::this_thread::yield();
    return;
  }
  // Another thread runs queued tasks too until it has nothing to take: the
  // values it waits for are often those tasks' results, and running them
  // here is cheaper than waiting for workers to wake up for them.
  std::vector<Task> batch;
  while (latch->remaining.load(std::memory_order_acquire) != 0 &&
         stealHalf(batch)) {
    for (Task &task : batch) {
      task();
      task = nullptr;
      finishTask();
    }
    batch.clear();
  }
  // The workers' tasks mostly end soon after this thread's own.
  if (spinUntil([&] {
        return latch->remaining.load(std::memory_order_acquire) == 0;
      }))
    return;
  std::unique_lock<std::mutex> lock(latch->mutex);
  latch->done.wait(lock, [&] {
    return latch->remaining.load(std::memory_order_acquire) == 0;
  });
}

void ConcurrentWorkQueue::await(
    const std::vector<RCReference<AsyncValue>> &values) {
  std::vector<AsyncValue *> raw;
  raw.reserve(values.size());
  for (const auto &value : values)
    raw.push_back(value.get());
  await(raw.data(), raw.size());
}

void ConcurrentWorkQueue::quiesce() {
  if (isSingleThreaded()) {
    runQueuedTasksUntil(
        [this] { return outstanding_.load(std::memory_order_acquire) == 0; });
    return;
  }
  std::unique_lock<std::mutex> lock(quiesceMutex_);
  quiesceCv_.wait(lock, [this] {
    return outstanding_.load(std::memory_order_acquire) == 0;
  });
}

} // namespace disc::host
