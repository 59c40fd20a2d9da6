#include "disc/ral/host/host_execution.h"

#include "disc/ral/api.h"
#include "disc/ral/context.h"
#include "disc/ral/host/chain.h"
#include "disc/ral/host/host_tensor.h"
#include "disc/ral/host/kernel_frame.h"
#include "disc/ral/host/kg_types.h"
#include "disc/ral/registry.h"

#include <cstring>
#include <exception>
#include <vector>

namespace disc::host {

namespace {

void apiInvoke(void *execution, DiscKgSite *site, DiscKgValue **args,
               DiscKgValue **results) {
  static_cast<HostExecution *>(execution)->invoke(
      site, reinterpret_cast<AsyncValue *const *>(args),
      reinterpret_cast<AsyncValue **>(results));
}
void apiAddRef(DiscKgValue *value) { fromAbi(value)->addRef(); }
void apiDropRef(DiscKgValue *value) { fromAbi(value)->dropRef(); }

int32_t apiReadScalar(void *execution, DiscKgValue *value, int32_t type,
                      void *cell) {
  const AsyncValue *read = fromAbi(value);
  if (static_cast<HostExecution *>(execution)->cancelled() ||
      !read->isConcrete())
    return 0;
  bool copied = false;
  visitKgScalarType(type, [&](auto scalar) {
    using T = decltype(scalar);
    if (!read->isType<T>())
      return;
    std::memcpy(cell, &read->get<T>(), sizeof(T));
    copied = true;
  });
  return copied ? 1 : 0;
}

DiscKgValue *apiMakeScalar(int32_t type, const void *cell) {
  AsyncValue *made = nullptr;
  visitKgScalarType(type, [&](auto scalar) {
    using T = decltype(scalar);
    T payload;
    std::memcpy(&payload, cell, sizeof(T));
    made = makeAvailableValue<T>(payload).release();
  });
  if (!made)
    made = makeErrorValue("make_scalar: type " + std::to_string(type) +
                          " is not a scalar type")
               .release();
  return toAbi(made);
}

const DiscKgApi kApi = {
    1,           sizeof(DiscKgApi), &apiInvoke,    &apiAddRef,
    &apiDropRef, &apiReadScalar,    &apiMakeScalar};

// The RAL type token of an argument or result of type `type`: a scalar's,
// or for a host tensor (only known from its value) "m<rank>d<dtype>".
std::optional<std::string> ralToken(int type, const AsyncValue *value) {
  if (type == DISC_KG_TENSOR) {
    if (!value)
      return std::nullopt;
    const auto &tensor = value->get<host::HostTensor>();
    return "m" + std::to_string(tensor.shape().size()) + "d" +
           ral::dtypeToken(tensor.dtype());
  }
  const char *token = nullptr;
  visitKgScalarType(type, [&](auto scalar) {
    token = ral::DTypeOf<decltype(scalar)>::token;
  });
  return token ? std::optional<std::string>(token) : std::nullopt;
}

// The RAL name of `site` ("name___cpu___pvoid_i32_i32___i32"); chains are
// left out. Nothing when a type cannot travel in RAL slots, or a tensor
// argument's value is not given (`args` null).
std::optional<std::string> ralApiName(const DiscKgSite &site,
                                      AsyncValue *const *args) {
  std::string name = std::string(site.kernel) + "___cpu___pvoid";
  for (int i = 0; i < site.num_args; ++i) {
    if (site.arg_types[i] == DISC_KG_CHAIN)
      continue;
    std::optional<std::string> token =
        ralToken(site.arg_types[i], args ? args[i] : nullptr);
    if (!token)
      return std::nullopt;
    name += "_" + *token;
  }
  name += "___";
  bool first = true;
  for (int i = 0; i < site.num_results; ++i) {
    if (site.result_types[i] == DISC_KG_CHAIN)
      continue;
    std::optional<std::string> token = ralToken(site.result_types[i], nullptr);
    if (!token)
      return std::nullopt;
    name += (first ? "" : "_") + *token;
    first = false;
  }
  if (first)
    name += "void";
  return name;
}

// The slots of one host tensor passed as a memref (docs/ABI.md).
struct MemRefCells {
  void *allocated;
  void *aligned;
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides;
};

// Calls a TAO_RAL_API function on the frame's arguments: scalars and host
// tensors (as memrefs the function may write) travel in RAL slots, chain
// arguments are left out, chain results are ready once it returns.
void callRalApi(ral::ApiFunction function, KernelFrame &frame) {
  const DiscKgSite &site = frame.site();
  ral::ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  // One 8-byte cell per scalar, holding an argument or receiving a result.
  std::vector<uint64_t> cells(static_cast<size_t>(site.num_args) +
                              static_cast<size_t>(site.num_results));
  std::vector<MemRefCells> memrefs;
  memrefs.reserve(site.num_args);
  std::vector<void *> slots{&contextPointer};
  for (int i = 0; i < site.num_args; ++i) {
    if (site.arg_types[i] == DISC_KG_CHAIN)
      continue;
    if (site.arg_types[i] == DISC_KG_TENSOR) {
      auto &tensor = frame.arg(i)->get<host::HostTensor>();
      MemRefCells &memref = memrefs.emplace_back(
          MemRefCells{tensor.data(), tensor.data(), 0, tensor.shape(), {}});
      int64_t stride = 1;
      memref.strides.resize(memref.sizes.size());
      for (size_t d = memref.sizes.size(); d-- > 0;) {
        memref.strides[d] = stride;
        stride *= memref.sizes[d];
      }
      slots.push_back(&memref.allocated);
      slots.push_back(&memref.aligned);
      slots.push_back(&memref.offset);
      for (int64_t &size : memref.sizes)
        slots.push_back(&size);
      for (int64_t &size : memref.strides)
        slots.push_back(&size);
      continue;
    }
    void *cell = &cells[i];
    visitKgScalarType(site.arg_types[i], [&](auto scalar) {
      using T = decltype(scalar);
      if constexpr (std::is_same_v<T, bool>)
        *static_cast<uint8_t *>(cell) = frame.argAs<bool>(i) ? 1 : 0;
      else
        std::memcpy(cell, &frame.argAs<T>(i), sizeof(T));
    });
    slots.push_back(cell);
  }
  for (int i = 0; i < site.num_results; ++i)
    if (site.result_types[i] != DISC_KG_CHAIN)
      slots.push_back(&cells[site.num_args + i]);
  function(slots.data());
  if (!context.ok()) {
    frame.reportError(context.errorMessage());
    return;
  }
  for (int i = 0; i < site.num_results; ++i) {
    if (site.result_types[i] == DISC_KG_CHAIN) {
      frame.setResult(i, readyChain());
      continue;
    }
    const void *cell = &cells[site.num_args + i];
    visitKgScalarType(site.result_types[i], [&](auto scalar) {
      using T = decltype(scalar);
      T value;
      if constexpr (std::is_same_v<T, bool>)
        value = *static_cast<const uint8_t *>(cell) != 0;
      else
        std::memcpy(&value, cell, sizeof(T));
      frame.emplaceResult<T>(i, value);
    });
  }
}

// A site with tensor arguments: the RAL name depends on their ranks and
// element types, so it is looked up on every call.
void callRalApiByArguments(KernelFrame &frame) {
  std::optional<std::string> name = ralApiName(frame.site(), frame.args());
  ral::ApiFunction function =
      name ? ral::Registry::global().find(*name) : nullptr;
  if (!function) {
    frame.reportError(frame.where() + ": no TAO_RAL_API function " +
                      (name ? "'" + *name + "'" : "for these types"));
    return;
  }
  callRalApi(function, frame);
}

// A TAO_RAL_API function serving a kernel name no host kernel has.
const KernelInfo *findRalApiKernel(const DiscKgSite &site) {
  bool hasTensorArgument = false;
  for (int i = 0; i < site.num_args; ++i)
    hasTensorArgument |= site.arg_types[i] == DISC_KG_TENSOR;
  if (hasTensorArgument) {
    std::string prefix = std::string(site.kernel) + "___cpu___";
    for (const std::string &registered : ral::Registry::global().names())
      if (registered.compare(0, prefix.size(), prefix) == 0) {
        static const KernelInfo byArguments{"TAO_RAL_API by argument types",
                                            callRalApiByArguments, false,
                                            nullptr};
        return &byArguments;
      }
    return nullptr;
  }
  std::optional<std::string> name = ralApiName(site, nullptr);
  if (!name)
    return nullptr;
  ral::ApiFunction function = ral::Registry::global().find(*name);
  if (!function)
    return nullptr;
  static std::mutex mutex;
  static auto *kernels =
      new std::unordered_map<std::string, std::unique_ptr<KernelInfo>>();
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<KernelInfo> &entry = (*kernels)[*name];
  if (!entry)
    entry.reset(new KernelInfo{*name, nullptr, false, function});
  return entry.get();
}

} // namespace

// A strict kernel whose arguments were not all available when invoked: it
// holds them and its results (indirect values handed to the caller) until
// the last argument arrives.
struct HostExecution::DeferredKernel {
  HostExecution *execution;
  const KernelInfo *kernel;
  const DiscKgSite *site;
  std::vector<AsyncValue *> args;
  std::vector<IndirectAsyncValue *> results;
  std::atomic<int> remaining;

  void arrive() {
    // Acq_rel: whoever fires sees every argument's payload.
    if (remaining.fetch_sub(1, std::memory_order_acq_rel) == 1)
      fire();
  }

  void fire() {
    std::vector<AsyncValue *> produced(results.size(), nullptr);
    execution->run(*kernel, *site, args.data(), produced.data());
    for (size_t i = 0; i < results.size(); ++i) {
      results[i]->forwardTo(RCReference<AsyncValue>::adopt(produced[i]));
      results[i]->dropRef();
    }
    for (AsyncValue *arg : args)
      arg->dropRef();
    HostExecution *owner = execution;
    delete this;
    owner->endWork();
  }
};

HostExecution::HostExecution(ConcurrentWorkQueue &queue,
                             HostAllocator &allocator)
    : queue_(queue), allocator_(allocator) {
  ctxStruct_[0] = this;
  ctxStruct_[1] = reinterpret_cast<void *>(&disc_ral_api_call);
  ctxStruct_[2] = const_cast<DiscKgApi *>(&kApi);
}

HostExecution::~HostExecution() { awaitWork(); }

const DiscKgApi &HostExecution::api() { return kApi; }

void HostExecution::call(const DiscKgFunction &function,
                         AsyncValue *const *args, AsyncValue **results) {
  call(function.entry, args, results);
}

void HostExecution::call(DiscKgFunctionPtr entry, AsyncValue *const *args,
                         AsyncValue **results) {
  entry(ctxStruct_,
        reinterpret_cast<DiscKgValue **>(const_cast<AsyncValue **>(args)),
        reinterpret_cast<DiscKgValue **>(results));
}

const KernelInfo *HostExecution::resolve(DiscKgSite *site) {
  const KernelInfo *kernel = KernelRegistry::global().find(site->kernel);
  if (!kernel)
    kernel = findRalApiKernel(*site);
  if (kernel)
    __atomic_store_n(&site->resolved, const_cast<KernelInfo *>(kernel),
                     __ATOMIC_RELEASE);
  return kernel;
}

void HostExecution::fillWithError(const DiscKgSite &site, AsyncValue **results,
                                  AsyncValue *error) {
  for (int i = 0; i < site.num_results; ++i) {
    error->addRef();
    results[i] = error;
  }
}

void HostExecution::run(const KernelInfo &kernel, const DiscKgSite &site,
                        AsyncValue *const *args, AsyncValue **results) {
  AsyncValue *error = nullptr;
  if (!kernel.nonStrict)
    for (int i = 0; i < site.num_args && !error; ++i)
      if (args[i]->isError())
        error = args[i];
  runChecked(kernel, site, args, results, error);
}

void HostExecution::runChecked(const KernelInfo &kernel, const DiscKgSite &site,
                               AsyncValue *const *args, AsyncValue **results,
                               AsyncValue *argError) {
  for (int i = 0; i < site.num_results; ++i)
    results[i] = nullptr;
  if (cancelled()) {
    RCReference<AsyncValue> error = makeErrorValue("Cancelled");
    fillWithError(site, results, error.get());
    return;
  }
  if (argError) {
    fillWithError(site, results, argError);
    return;
  }
  KernelFrame frame(*this, site, args, results);
  // Compiled code called us through a C ABI: nothing may unwind into it.
  try {
    if (kernel.function)
      kernel.function(frame);
    else
      callRalApi(kernel.ralApi, frame);
  } catch (const std::exception &error) {
    frame.reportError(frame.where() + ": " + error.what());
  }
  for (int i = 0; i < site.num_results; ++i)
    if (!results[i])
      results[i] =
          makeErrorValue(frame.where() + " set no result " + std::to_string(i))
              .release();
}

void HostExecution::invoke(DiscKgSite *site, AsyncValue *const *args,
                           AsyncValue **results) {
  // Acquire pairs with resolve()'s release: a cached entry is fully built.
  auto *kernel = static_cast<const KernelInfo *>(
      __atomic_load_n(&site->resolved, __ATOMIC_ACQUIRE));
  if (!kernel)
    kernel = resolve(site);
  if (!kernel) {
    RCReference<AsyncValue> error = makeErrorValue(
        std::string("no kernel named '") + site->kernel + "' (at " +
        (site->location ? site->location : "?") + ")");
    fillWithError(*site, results, error.get());
    return;
  }
  if (kernel->nonStrict) {
    runChecked(*kernel, *site, args, results, nullptr);
    return;
  }
  // One pass over the arguments: each state is read once.
  int unavailable = 0;
  AsyncValue *argError = nullptr;
  for (int i = 0; i < site->num_args; ++i) {
    AsyncValue::State state = args[i]->state();
    if (state < AsyncValue::State::kConcrete)
      ++unavailable;
    else if (state == AsyncValue::State::kError && !argError)
      argError = args[i];
  }
  if (unavailable == 0) {
    runChecked(*kernel, *site, args, results, argError);
    return;
  }
  beginWork();
  auto *deferred = new DeferredKernel{this, kernel, site, {}, {}, {0}};
  // Every argument is counted: one counted as unavailable above may have
  // become available since, and then its waiter runs at once.
  deferred->remaining.store(site->num_args + 1, std::memory_order_relaxed);
  deferred->args.reserve(site->num_args);
  for (int i = 0; i < site->num_args; ++i) {
    args[i]->addRef();
    deferred->args.push_back(args[i]);
  }
  deferred->results.reserve(site->num_results);
  for (int i = 0; i < site->num_results; ++i) {
    IndirectAsyncValue *result = makeIndirectValue().release();
    result->addRef();
    results[i] = result;
    deferred->results.push_back(result);
  }
  for (int i = 0; i < site->num_args; ++i)
    args[i]->andThen([deferred] { deferred->arrive(); });
  // The extra count keeps it from firing before every waiter is added.
  deferred->arrive();
}

void HostExecution::cancel() {
  cancelled_.store(true, std::memory_order_relaxed);
}

void HostExecution::beginWork() {
  // Relaxed: endWork()'s acq_rel decrement orders the work before the wait.
  pendingWork_.fetch_add(1, std::memory_order_relaxed);
}

void HostExecution::endWork() {
  // Any count but the last is dropped without the mutex: awaitWork() cannot
  // return while the count is above zero.
  int64_t pending = pendingWork_.load(std::memory_order_relaxed);
  while (pending > 1)
    if (pendingWork_.compare_exchange_weak(pending, pending - 1,
                                           std::memory_order_acq_rel,
                                           std::memory_order_relaxed))
      return;
  // The last under the mutex, so awaitWork() cannot return (and the run be
  // freed) before this call lets go of the run.
  std::lock_guard<std::mutex> lock(workMutex_);
  if (pendingWork_.fetch_sub(1, std::memory_order_acq_rel) == 1 && workDone_) {
    RCReference<AsyncValue> done = std::move(workDone_);
    done->emplace<Chain>();
  }
}

void HostExecution::awaitWork() {
  RCReference<AsyncValue> done;
  {
    std::lock_guard<std::mutex> lock(workMutex_);
    if (pendingWork_.load(std::memory_order_acquire) == 0)
      return;
    if (!workDone_)
      workDone_ = makeUnconstructedValue<Chain>();
    done = workDone_;
  }
  // Through the queue: a single-threaded one runs the run's queued tasks
  // only while someone awaits them.
  AsyncValue *doneValue = done.get();
  queue_.await(&doneValue, 1);
  // The endWork() that made `done` available may still hold the mutex;
  // once it is ours, that call has let go of the run.
  std::lock_guard<std::mutex> lock(workMutex_);
}

std::shared_ptr<void>
HostExecution::resource(const void *key,
                        const std::function<std::shared_ptr<void>()> &create) {
  std::shared_ptr<ResourceSlot> slot;
  {
    std::lock_guard<std::mutex> lock(resourceMutex_);
    std::shared_ptr<ResourceSlot> &entry = resources_[key];
    if (!entry)
      entry = std::make_shared<ResourceSlot>();
    slot = entry;
  }
  // Outside the map's lock: `create` may run kernels that ask for other
  // resources of this run (a tfrt.once inside a tfrt.once).
  std::call_once(slot->created, [&] { slot->value = create(); });
  return slot->value;
}

} // namespace disc::host
