// HostExecution: one run of a compiled kernel-graph function on the host
// runtime. It is the `host_execution_context` of the kernel-graph ABI
// (kernel_graph_abi.h): compiled code calls api().invoke on it once per
// kernel, and it runs the kernel at once when its arguments are available,
// or later, when they become so.
#ifndef DISC_RAL_HOST_HOST_EXECUTION_H
#define DISC_RAL_HOST_HOST_EXECUTION_H

#include "disc/ral/host/async_value.h"
#include "disc/ral/host/host_allocator.h"
#include "disc/ral/host/kernel_graph_abi.h"
#include "disc/ral/host/kernel_registry.h"
#include "disc/ral/host/work_queue.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace disc::host {

// The value behind an opaque DiscKgValue of the ABI.
inline AsyncValue *fromAbi(DiscKgValue *value) {
  return reinterpret_cast<AsyncValue *>(value);
}
inline DiscKgValue *toAbi(AsyncValue *value) {
  return reinterpret_cast<DiscKgValue *>(value);
}

class HostExecution {
public:
  HostExecution(ConcurrentWorkQueue &queue, HostAllocator &allocator);
  ~HostExecution();
  HostExecution(const HostExecution &) = delete;
  HostExecution &operator=(const HostExecution &) = delete;

  // The ABI table (invoke, add_ref, drop_ref) for compiled code.
  static const DiscKgApi &api();
  // { this, &disc_ral_api_call, &api() }: what compiled functions receive.
  void **ctxStruct() { return ctxStruct_; }

  // Calls a compiled function on `args` (borrowed); each result slot
  // receives one new reference.
  void call(const DiscKgFunction &function, AsyncValue *const *args,
            AsyncValue **results);
  void call(DiscKgFunctionPtr entry, AsyncValue *const *args,
            AsyncValue **results);

  // DiscKgApi::invoke: runs the kernel at `site`.
  void invoke(DiscKgSite *site, AsyncValue *const *args, AsyncValue **results);

  // Kernels not yet started are skipped from now on; their results become
  // the error "Cancelled". Thread-safe.
  void cancel();
  bool cancelled() const {
    // Relaxed: a kernel racing with cancel() may run or be skipped; both
    // are allowed, and nothing else is published through the flag.
    return cancelled_.load(std::memory_order_relaxed);
  }

  // Work of this run on the queue's pools, counted so awaitWork() can wait
  // for it.
  template <typename F> void addTask(F &&function) {
    beginWork();
    queue_.addTask([this, function = std::forward<F>(function)]() mutable {
      function();
      endWork();
    });
  }
  template <typename F> bool addBlockingTask(F &&function, bool allowQueuing) {
    beginWork();
    bool added = queue_.addBlockingTask(
        [this, function = std::forward<F>(function)]() mutable {
          function();
          endWork();
        },
        allowQueuing);
    if (!added)
      endWork();
    return added;
  }
  // Counts work of this run that is neither a queued task nor a deferred
  // kernel (a kernel's own timer, say): endWork() once for each beginWork().
  void beginWork();
  void endWork();
  // Waits until no task or deferred kernel of this run is left.
  void awaitWork();

  // The object this run keeps under `key` (tfrt.once's results, a shared
  // context of a kernel), made by `create` on first use. Thread-safe.
  std::shared_ptr<void>
  resource(const void *key,
           const std::function<std::shared_ptr<void>()> &create);

  ConcurrentWorkQueue &queue() const { return queue_; }
  HostAllocator &allocator() const { return allocator_; }

private:
  struct DeferredKernel;
  // Looks up the kernel of a site not yet resolved and caches it there.
  const KernelInfo *resolve(DiscKgSite *site);
  // Runs `kernel` on available arguments, skipping it if one is an error.
  void run(const KernelInfo &kernel, const DiscKgSite &site,
           AsyncValue *const *args, AsyncValue **results);
  // run() once the arguments are checked: `argError` is the first error
  // argument of a strict kernel, or null.
  void runChecked(const KernelInfo &kernel, const DiscKgSite &site,
                  AsyncValue *const *args, AsyncValue **results,
                  AsyncValue *argError);
  void fillWithError(const DiscKgSite &site, AsyncValue **results,
                     AsyncValue *error);

  ConcurrentWorkQueue &queue_;
  HostAllocator &allocator_;
  void *ctxStruct_[3];
  std::atomic<bool> cancelled_{false};
  std::atomic<int64_t> pendingWork_{0};
  std::mutex workMutex_;
  // Made available when pendingWork_ drops to zero while awaitWork() waits.
  RCReference<AsyncValue> workDone_;
  struct ResourceSlot {
    std::once_flag created;
    std::shared_ptr<void> value;
  };
  std::mutex resourceMutex_;
  std::unordered_map<const void *, std::shared_ptr<ResourceSlot>> resources_;
};

} // namespace disc::host

#endif // DISC_RAL_HOST_HOST_EXECUTION_H
