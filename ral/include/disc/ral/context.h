// The state the runtime APIs work on: a Context per loaded model and device,
// an ExecutionContext per run.
#ifndef DISC_RAL_CONTEXT_H
#define DISC_RAL_CONTEXT_H

#include "disc/ral/allocator.h"
#include "disc/ral/dtype.h"
#include "disc/ral/registry.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace disc::ral {

// Objects a device driver keeps with a context or a run (loaded modules,
// device memory), made on first use and destroyed with their owner.
// Thread-safe.
class Resources {
public:
  // The object stored under `key`, made by `create` if there is none yet. A
  // null result of `create` is returned and not stored, so a later call
  // tries again.
  std::shared_ptr<void>
  getOrCreate(const std::string &key,
              const std::function<std::shared_ptr<void>()> &create);

private:
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<void>> objects_;
};

// Shared by every run of one loaded model; safe to use from many threads.
class Context {
public:
  // The API registered as `mangled`, or nullptr. Compiled code passes the
  // same string constant on every call, so hits are found by its address;
  // the stored name is compared too, so a reused address never resolves to a
  // stale entry.
  ApiFunction lookup(const char *mangled);

  // Caps the temporary memory (ral_alloc) each run may hold at once; a
  // negative limit, the default, means none. Runs that already started keep
  // the limit they started with.
  void setMemoryLimit(int64_t bytes) { memoryLimit_.store(bytes); }
  int64_t memoryLimit() const { return memoryLimit_.load(); }

  // Caps how many threads one run spreads its loops and products over (the
  // calling thread included); 0, the default, means one per core. Runs that
  // already started keep the cap they started with.
  void setMaxThreads(int threads) { maxThreads_.store(threads); }
  int maxThreads() const { return maxThreads_.load(); }

  Resources &resources() { return resources_; }

private:
  Resources resources_;
  std::atomic<int64_t> memoryLimit_{-1};
  std::atomic<int> maxThreads_{0};
  struct CacheEntry {
    std::string name;
    ApiFunction function;
  };
  std::shared_mutex mutex_;
  std::unordered_map<const char *, CacheEntry> cache_;
};

// A tensor the caller owns: contiguous, row-major.
struct TensorView {
  DType dtype;
  std::vector<int64_t> shape;
  const void *data;
};

// A tensor a run produced; the buffer is contiguous, row-major, owned here.
struct OutputTensor {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  AlignedBuffer buffer;
  bool sent = false;
};

int64_t numElements(const std::vector<int64_t> &shape);

// One run of a compiled function: its inputs, outputs, temporaries and
// status. Thread-safe, so that parallel work inside a run may share it.
class ExecutionContext {
public:
  // `context` may be null; APIs are then looked up in the global registry.
  ExecutionContext(Context *context, std::vector<TensorView> inputs,
                   size_t numOutputs);
  ExecutionContext(const ExecutionContext &) = delete;
  ExecutionContext &operator=(const ExecutionContext &) = delete;
  ~ExecutionContext();

  Context *context() const { return context_; }
  // The context's thread cap when the run started (0: one per core).
  int maxThreads() const { return maxThreads_; }

  const std::vector<TensorView> &inputs() const { return inputs_; }

  // Input `index` when it exists and has `dtype` and `rank`; otherwise
  // null, with the status naming `api` and what disagrees.
  const TensorView *checkedInput(int64_t index, DType dtype, int rank,
                                 const char *api);

  // Output slots; outputs()[i].sent tells whether the run sent output i.
  std::vector<OutputTensor> &outputs() { return outputs_; }

  // Makes `sizes`/`strides`-shaped data at `data` (in elements) output
  // `index`: a row-major temporary of this run that starts at `data` becomes
  // the output's buffer as it is (its later freeTemporary is a no-op);
  // anything else is copied into a new contiguous buffer. Reports errors
  // through the status and returns false.
  bool setOutput(int64_t index, DType dtype, const int64_t *sizes,
                 const int64_t *strides, int rank, const void *data);

  // A 64-byte aligned temporary, freed at the end of the run at the latest.
  // Returns nullptr (with the status set) when `bytes` is negative, would
  // take the live temporaries over the context's memory limit, or the memory
  // is not available.
  void *allocateTemporary(int64_t bytes);
  // Frees a temporary now. Null is a no-op; a pointer this run did not
  // allocate sets the status.
  void freeTemporary(void *pointer);
  size_t liveTemporaries() const;
  // Bytes the live temporaries were asked for.
  int64_t temporaryBytes() const;

  bool ok() const;
  std::string errorMessage() const;
  // Records an error; the first one wins.
  void setError(std::string message);

  // Destroyed when the run ends, before its temporaries are freed.
  Resources &resources() { return resources_; }

private:
  Context *context_;
  std::vector<TensorView> inputs_;
  std::vector<OutputTensor> outputs_;
  mutable std::mutex mutex_;
  struct Temporary {
    AlignedBuffer buffer;
    int64_t bytes;
  };
  // A row-major temporary starting at `data` of at least `bytes`, taken out
  // of the live temporaries; null for anything else. Called with mutex_
  // held.
  AlignedBuffer adoptTemporary(const void *data, size_t bytes,
                               const int64_t *sizes, const int64_t *strides,
                               int rank);

  int64_t memoryLimit_;
  int maxThreads_;
  std::unordered_map<void *, Temporary> temporaries_;
  // Temporaries that became outputs (setOutput).
  std::unordered_set<void *> adoptedTemporaries_;
  int64_t temporaryBytes_ = 0;
  bool failed_ = false;
  std::string error_;
  // Last, so that a driver's per-run state goes first.
  Resources resources_;
};

} // namespace disc::ral

#endif // DISC_RAL_CONTEXT_H
