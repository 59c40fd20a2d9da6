// TFRT's control flow: tfrt.call, tfrt.if, tfrt.cond, tfrt.case,
// tfrt.repeat.i32, tfrt.while, tfrt.once, tfrt.parallel_for.i32 and
// tfrt.parallel_call.i32. Their functions come in
// the site's `functions` (kernel_graph_abi.h). All but the parallel loops
// are non-strict: they pass unavailable values on to their functions and
// wait only for what decides where control goes.
#include "control_flow.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/kernel_frame.h"

#include <algorithm>
#include <vector>

namespace disc::kernels {

using host::AsyncValue;
using host::HostExecution;
using host::IndirectAsyncValue;
using host::KernelFrame;
using host::RCReference;

namespace {

std::vector<AsyncValue *> raw(const Values &values) {
  std::vector<AsyncValue *> pointers;
  for (const auto &value : values)
    pointers.push_back(value.get());
  return pointers;
}

} // namespace

Values argsFrom(const KernelFrame &frame, int first) {
  Values values;
  for (int i = first; i < frame.numArgs(); ++i)
    values.push_back(frame.argRef(i));
  return values;
}

Values callFunction(HostExecution &execution, const DiscKgFunction &function,
                    const Values &args) {
  std::vector<AsyncValue *> produced(function.num_results, nullptr);
  std::vector<AsyncValue *> pointers = raw(args);
  execution.call(function, pointers.data(), produced.data());
  Values results;
  for (AsyncValue *value : produced)
    results.push_back(RCReference<AsyncValue>::adopt(value));
  return results;
}

namespace {

void setResults(KernelFrame &frame, Values values) {
  for (int i = 0; i < frame.numResults(); ++i)
    frame.setResult(i, std::move(values[i]));
}

void call(KernelFrame &frame) {
  setResults(frame, callFunction(frame.execution(), frame.function(0),
                                 argsFrom(frame, 0)));
}

// Calls the function `choose(selector)` picks once `selector` (argument 0)
// is available; the other arguments go to the function.
template <typename Choose> void callChosen(KernelFrame &frame, Choose choose) {
  AsyncValue *selector = frame.arg(0);
  if (selector->isAvailable() && !frame.execution().cancelled()) {
    if (selector->isError()) {
      for (int i = 0; i < frame.numResults(); ++i)
        frame.setResult(i, frame.argRef(0));
      return;
    }
    setResults(frame, callFunction(frame.execution(), choose(frame, *selector),
                                   argsFrom(frame, 1)));
    return;
  }
  // The site and its functions live in the .so's data, as long as the run.
  const DiscKgSite *site = &frame.site();
  selector->andThen([late = LateResults(frame), site, choose,
                     selectorRef = frame.argRef(0),
                     args = argsFrom(frame, 1)]() mutable {
    if (late.execution().cancelled())
      return late.fail("Cancelled");
    if (selectorRef->isError())
      return late.forwardAll(selectorRef);
    KernelFrame siteFrame(late.execution(), *site, nullptr, nullptr);
    late.forward(
        callFunction(late.execution(), choose(siteFrame, *selectorRef), args));
  });
}

void ifKernel(KernelFrame &frame) {
  callChosen(frame,
             [](const KernelFrame &site,
                const AsyncValue &condition) -> const DiscKgFunction & {
               return site.function(condition.get<bool>() ? 0 : 1);
             });
}

// An index out of range picks the last branch, as TFRT's tfrt.case does.
void caseKernel(KernelFrame &frame) {
  callChosen(frame,
             [](const KernelFrame &site,
                const AsyncValue &index) -> const DiscKgFunction & {
               int32_t chosen = index.get<int32_t>();
               if (chosen < 0 || chosen >= site.numFunctions())
                 chosen = site.numFunctions() - 1;
               return site.function(chosen);
             });
}

// tfrt.repeat.i32: runs the body `count` times on the loop-carried values.
// An iteration whose results are not yet available resumes the loop when
// they are, so the stack stays flat and cancellation is seen between
// iterations.
struct RepeatLoop {
  const DiscKgFunction *body;
  int32_t remaining;
  Values values;

  void run(LateResults late) {
    while (remaining > 0) {
      if (late.execution().cancelled())
        return late.fail("Cancelled");
      values = callFunction(late.execution(), *body, values);
      --remaining;
      auto pending =
          std::find_if(values.begin(), values.end(), [](const auto &value) {
            return value->isUnavailable();
          });
      if (pending != values.end() && remaining > 0) {
        AsyncValue *awaited = pending->get();
        awaited->andThen(
            [loop = std::move(*this), late = std::move(late)]() mutable {
              loop.run(std::move(late));
            });
        return;
      }
    }
    late.forward(std::move(values));
  }
};

void repeat(KernelFrame &frame) {
  AsyncValue *count = frame.arg(0);
  count->andThen([late = LateResults(frame), body = &frame.function(0),
                  countRef = frame.argRef(0),
                  values = argsFrom(frame, 1)]() mutable {
    if (countRef->isError())
      return late.forwardAll(countRef);
    RepeatLoop{body, countRef->get<int32_t>(), std::move(values)}.run(
        std::move(late));
  });
}

// tfrt.while: the body returns the next values and then the next
// condition; the loop waits only for the condition.
struct WhileLoop {
  const DiscKgFunction *body;
  RCReference<AsyncValue> condition;
  Values values;

  void run(LateResults late) {
    for (;;) {
      if (condition->isUnavailable()) {
        AsyncValue *awaited = condition.get();
        awaited->andThen(
            [loop = std::move(*this), late = std::move(late)]() mutable {
              loop.run(std::move(late));
            });
        return;
      }
      if (condition->isError())
        return late.forwardAll(condition);
      if (!condition->get<bool>())
        return late.forward(std::move(values));
      if (late.execution().cancelled())
        return late.fail("Cancelled");
      Values next = callFunction(late.execution(), *body, values);
      condition = std::move(next.back());
      next.pop_back();
      values = std::move(next);
    }
  }
};

void whileKernel(KernelFrame &frame) {
  WhileLoop{&frame.function(0), frame.argRef(0), argsFrom(frame, 1)}.run(
      LateResults(frame));
}

// tfrt.once: the function runs once per run; later calls get its first
// results.
void once(KernelFrame &frame) {
  const DiscKgFunction &function = frame.function(0);
  HostExecution &execution = frame.execution();
  Values args = argsFrom(frame, 0);
  auto results = std::static_pointer_cast<Values>(execution.resource(
      function.entry ? reinterpret_cast<const void *>(function.entry)
                     : &function,
      [&] {
        return std::make_shared<Values>(
            callFunction(execution, function, args));
      }));
  setResults(frame, *results);
}

// tfrt.parallel_for.i32 and tfrt.parallel_call.i32: (start, end, block
// size, args...); the function runs on each block [begin, end) as a task
// on the work queue, with (begin, end, args...). The result chain is ready
// when every block's chain is, or the first error among them.
struct ParallelBlocks {
  std::atomic<int64_t> remaining;
  RCReference<AsyncValue> done;
  std::mutex mutex;
  RCReference<AsyncValue> firstError;

  void arrive(const RCReference<AsyncValue> &blockDone) {
    if (blockDone->isError()) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!firstError)
        firstError = blockDone;
    }
    // Acq_rel: the last arrival sees the first error recorded by others.
    if (remaining.fetch_sub(1, std::memory_order_acq_rel) != 1)
      return;
    if (firstError)
      done->setError(firstError->errorMessage());
    else
      done->emplace<host::Chain>();
  }
};

void parallelFor(KernelFrame &frame) {
  int32_t start = frame.argAs<int32_t>(0), end = frame.argAs<int32_t>(1),
          blockSize = frame.argAs<int32_t>(2);
  if (blockSize <= 0) {
    frame.reportError(frame.where() + ": block size " +
                      std::to_string(blockSize) + " is not positive");
    return;
  }
  if (start >= end) {
    frame.setResult(0, host::readyChain());
    return;
  }
  int64_t blocks = (int64_t{end} - start + blockSize - 1) / blockSize;
  auto shared = std::make_shared<ParallelBlocks>();
  shared->remaining.store(blocks, std::memory_order_relaxed);
  shared->done = frame.allocateResult<host::Chain>(0);
  HostExecution &execution = frame.execution();
  const DiscKgFunction *body = &frame.function(0);
  Values extra = argsFrom(frame, 3);
  for (int64_t block = 0; block < blocks; ++block) {
    int32_t begin = static_cast<int32_t>(start + block * blockSize);
    int32_t blockEnd = static_cast<int32_t>(
        std::min<int64_t>(end, begin + int64_t{blockSize}));
    execution.addTask([&execution, body, shared, extra, begin, blockEnd] {
      Values args{host::makeAvailableValue<int32_t>(begin),
                  host::makeAvailableValue<int32_t>(blockEnd)};
      args.insert(args.end(), extra.begin(), extra.end());
      Values results = callFunction(execution, *body, args);
      RCReference<AsyncValue> blockDone =
          results.empty() ? host::readyChain() : results.front();
      AsyncValue *awaited = blockDone.get();
      awaited->andThen([shared, blockDone] { shared->arrive(blockDone); });
    });
  }
}

[[maybe_unused]] const bool registered = host::registerKernels({
    {"tfrt.call", call, true},
    {"tfrt.if", ifKernel, true},
    {"tfrt.cond", ifKernel, true},
    {"tfrt.case", caseKernel, true},
    {"tfrt.repeat.i32", repeat, true},
    {"tfrt.while", whileKernel, true},
    {"tfrt.once", once, true},
    {"tfrt.parallel_for.i32", parallelFor},
    {"tfrt.parallel_call.i32", parallelFor},
});

} // namespace

} // namespace disc::kernels
