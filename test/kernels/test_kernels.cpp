// TFRT's test kernels (tfrt_test.*, tfrt_tutorial.*), under their names and
// with their printed output, so that TFRT's executor tests run unchanged:
// strings, asynchronous results, errors, cancellation, sleeps, atomic
// counters and the tutorial's coordinates.
#include "kernels/control_flow.h"
#include "kernels/print.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/kernel_frame.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace disc::kernels {

using host::AsyncValue;
using host::HostExecution;
using host::KernelFrame;
using host::RCReference;

namespace {

constexpr const char *kFailure = "something bad happened";
constexpr const char *kAsyncFailure = "something bad happened asynchronously";

// The payload of !test.atomic.i32 values.
struct AtomicI32 {
  std::atomic<int32_t> value{0};
};

void setReadyChains(KernelFrame &frame, int first) {
  for (int i = first; i < frame.numResults(); ++i)
    frame.setResult(i, host::readyChain());
}

void printHello(KernelFrame &frame) {
  printLine("hello host executor!");
  setReadyChains(frame, 0);
}

void getString(KernelFrame &frame) {
  std::optional<std::string> value = frame.attributeString("value");
  if (!value) {
    frame.reportError(frame.where() + ": no string 'value' attribute");
    return;
  }
  frame.emplaceResult<std::string>(0, std::move(*value));
}

void printString(KernelFrame &frame) {
  printLine("string = " + frame.argAs<std::string>(0));
  setReadyChains(frame, 0);
}

void appendString(KernelFrame &frame) {
  frame.emplaceResult<std::string>(0, frame.argAs<std::string>(0) +
                                          frame.argAs<std::string>(1));
}

void count3(KernelFrame &frame) {
  int32_t value = frame.argAs<int32_t>(0);
  for (int i = 0; i < 3; ++i)
    frame.emplaceResult<int32_t>(i, value + i + 1);
}

// Copies argument 0 to result 0 in a task on the work queue, after `hops`
// further trips through the queue.
template <typename T> void copyLater(KernelFrame &frame, int hops) {
  RCReference<AsyncValue> result = frame.allocateResult<T>(0);
  HostExecution &execution = frame.execution();
  struct Copy {
    HostExecution *execution;
    RCReference<AsyncValue> result;
    T value;
    int hops;
    void operator()() const {
      if (hops > 0) {
        execution->addTask(Copy{execution, result, value, hops - 1});
        return;
      }
      result->emplace<T>(value);
    }
  };
  execution.addTask(Copy{&execution, result, frame.argAs<T>(0), hops});
}
template <typename T> void asyncCopy(KernelFrame &frame) {
  copyLater<T>(frame, 0);
}
template <typename T> void asyncCopyWithDelay(KernelFrame &frame) {
  copyLater<T>(frame, 1);
}

// The copy arrives through an indirect result forwarded from a task.
void asyncCopy2(KernelFrame &frame) {
  auto result = frame.allocateIndirectResult(0);
  int32_t value = frame.argAs<int32_t>(0);
  frame.execution().addTask([result = std::move(result), value] {
    result->forwardTo(host::makeAvailableValue<int32_t>(value));
  });
}

void asyncAdd(KernelFrame &frame) {
  RCReference<AsyncValue> result = frame.allocateResult<int32_t>(0);
  int32_t sum = frame.argAs<int32_t>(0) + frame.argAs<int32_t>(1);
  frame.execution().addTask(
      [result = std::move(result), sum] { result->emplace<int32_t>(sum); });
}

void asChain(KernelFrame &frame) { setReadyChains(frame, 0); }

std::string sleptMessage(int32_t microseconds) {
  return "Slept for " + std::to_string(microseconds) + " microseconds";
}

// Sleeps on the calling thread, as TFRT's tfrt_test.usleep does.
void usleep(KernelFrame &frame) {
  int32_t microseconds = frame.argAs<int32_t>(0);
  std::this_thread::sleep_for(std::chrono::microseconds(microseconds));
  printLine(sleptMessage(microseconds));
  setReadyChains(frame, 0);
}

// Sleeps on the blocking pool; the chain is ready when it wakes.
void blockingUsleep(KernelFrame &frame) {
  int32_t microseconds = frame.argAs<int32_t>(0);
  RCReference<AsyncValue> done = frame.allocateResult<host::Chain>(0);
  frame.execution().addBlockingTask(
      [done, microseconds] {
        std::this_thread::sleep_for(std::chrono::microseconds(microseconds));
        printLine(sleptMessage(microseconds));
        done->emplace<host::Chain>();
      },
      true);
}

void fail(KernelFrame &frame) { frame.reportError(kFailure); }

void partialFail(KernelFrame &frame) {
  frame.emplaceResult<int32_t>(0, 1);
  frame.reportError(kFailure);
}

// Cancels the run it belongs to; kernels not yet started are skipped.
void cancel(KernelFrame &frame) {
  frame.execution().cancel();
  frame.emplaceResult<int32_t>(0, 0);
  setReadyChains(frame, 1);
}

void reportErrorAsync(KernelFrame &frame) {
  RCReference<AsyncValue> result = frame.allocateResult<int32_t>(0);
  frame.execution().addTask([result] { result->setError(kAsyncFailure); });
}

// Argument 1 asks for the error, 0 for success with the argument as value.
void reportErrorConcreteAsync(KernelFrame &frame) {
  RCReference<AsyncValue> result = frame.allocateResult<int32_t>(0);
  int32_t input = frame.argAs<int32_t>(0);
  frame.execution().addTask([result, input] {
    if (input == 1)
      result->setError(kAsyncFailure);
    else
      result->emplace<int32_t>(input);
  });
}

void reportErrorIndirectAsync(KernelFrame &frame) {
  auto result = frame.allocateIndirectResult(0);
  int32_t input = frame.argAs<int32_t>(0);
  frame.execution().addTask([result, input] {
    result->forwardTo(input == 1 ? host::makeErrorValue(kAsyncFailure)
                                 : host::makeAvailableValue<int32_t>(input));
  });
}

void atomicCreate(KernelFrame &frame) { frame.emplaceResult<AtomicI32>(0); }

// Relaxed: the counters order nothing; the chains order the kernels.
void atomicAdd(KernelFrame &frame) {
  frame.arg(0)->get<AtomicI32>().value.fetch_add(frame.argAs<int32_t>(1),
                                                 std::memory_order_relaxed);
  setReadyChains(frame, 0);
}
void atomicInc(KernelFrame &frame) {
  frame.arg(0)->get<AtomicI32>().value.fetch_add(1, std::memory_order_relaxed);
  setReadyChains(frame, 0);
}
void atomicGet(KernelFrame &frame) {
  frame.emplaceResult<int32_t>(
      0, frame.argAs<AtomicI32>(0).value.load(std::memory_order_relaxed));
  setReadyChains(frame, 1);
}

// tfrt_test.do.async: runs its region on the work queue.
void doAsync(KernelFrame &frame) {
  HostExecution &execution = frame.execution();
  execution.addTask([late = std::make_shared<LateResults>(frame),
                     body = &frame.function(0), args = argsFrom(frame, 0)] {
    if (late->execution().cancelled())
      return late->fail("Cancelled");
    late->forward(callFunction(late->execution(), *body, args));
  });
}

// (chain, values...) -> values...
void identity(KernelFrame &frame) {
  for (int i = 0; i < frame.numResults(); ++i)
    frame.setResult(i, frame.argRef(i + 1));
}

void multiArgResult(KernelFrame &frame) {
  for (int i = 0; i < frame.numResults(); ++i)
    frame.setResult(i, frame.argRef(i));
}

// tfrt_test.logging: the string through each of TFRT's log macros, as the
// lines TFRT's logger writes end.
void logging(KernelFrame &frame) {
  const std::string &text = frame.argAs<std::string>(0);
  for (const char *macro :
       {"TFRT_LOG(INFO)", "TFRT_LOG(WARNING)", "TFRT_LOG(ERROR)",
        "TFRT_LOG_IF(INFO, true)", "TFRT_LOG_IF(WARNING, true)",
        "TFRT_LOG_IF(ERROR, true)"})
    printLine(std::string("from ") + macro + ": " + text);
  setReadyChains(frame, 0);
}

// The payload of !tfrt.test.resource: the resource is destroyed when
// deallocate_resource runs, or with the last reference to the value when
// that kernel is skipped.
class TestResource {
public:
  TestResource() { printLine("Allocated TestResource"); }
  TestResource(TestResource &&other) noexcept : live_(other.live_) {
    other.live_ = false;
  }
  ~TestResource() { destroy(); }
  void destroy() {
    if (live_)
      printLine("Destroyed TestResource");
    live_ = false;
  }

private:
  bool live_ = true;
};

void allocateResource(KernelFrame &frame) {
  frame.emplaceResult<TestResource>(0);
  setReadyChains(frame, 1);
}

void deallocateResource(KernelFrame &frame) {
  frame.arg(0)->get<TestResource>().destroy();
  printLine("test.deallocate_resource done");
  setReadyChains(frame, 0);
}

// One per run, made on first use: every use in a run sees the same one. Its
// name numbers the contexts made in this process.
struct SampleSharedContext {
  std::string name;
};

void useSampleSharedContext(KernelFrame &frame) {
  static std::atomic<int> instances{0};
  static const char key = 0;
  auto context = std::static_pointer_cast<SampleSharedContext>(
      frame.execution().resource(&key, [] {
        return std::make_shared<SampleSharedContext>(SampleSharedContext{
            "sample_shared_context" + std::to_string(instances.fetch_add(1))});
      }));
  frame.emplaceResult<std::string>(0, context->name);
  setReadyChains(frame, 1);
}

// One value of type T per element of the numeric `attribute`.
template <typename T>
bool appendNumbers(const DiscKgAttribute &attribute,
                   std::vector<RCReference<AsyncValue>> &values) {
  for (int32_t i = 0; i < attribute.size; ++i)
    values.push_back(
        host::makeAvailableValue<T>(*KernelFrame::numberOf<T>(attribute, i)));
  return true;
}

// Appends one value per scalar of `attribute` to `values`, depth first
// through nested arrays; false for a kind that has no value type.
bool flattenAttribute(const DiscKgAttribute &attribute,
                      std::vector<RCReference<AsyncValue>> &values) {
  if (attribute.kind == DISC_KG_ATTR_STRING) {
    values.push_back(host::makeAvailableValue<std::string>(
        static_cast<const char *>(attribute.data),
        static_cast<size_t>(attribute.size)));
    return true;
  }
  if (attribute.kind == DISC_KG_ATTR_ARRAY) {
    const auto *elements = static_cast<const DiscKgAttribute *>(attribute.data);
    for (int32_t i = 0; i < attribute.size; ++i)
      if (!flattenAttribute(elements[i], values))
        return false;
    return true;
  }
  switch (attribute.kind) {
  case DISC_KG_ATTR_BOOL:
    return appendNumbers<bool>(attribute, values);
  case DISC_KG_ATTR_I32:
    return appendNumbers<int32_t>(attribute, values);
  case DISC_KG_ATTR_I64:
    return appendNumbers<int64_t>(attribute, values);
  case DISC_KG_ATTR_UI32:
    return appendNumbers<uint32_t>(attribute, values);
  case DISC_KG_ATTR_F32:
    return appendNumbers<float>(attribute, values);
  case DISC_KG_ATTR_F64:
    return appendNumbers<double>(attribute, values);
  default:
    return false;
  }
}

// tfrt_test.flat: the scalars of its (nested) array attribute `value`, one
// result each, in order.
void flat(KernelFrame &frame) {
  const DiscKgAttribute *value = frame.attribute("value");
  std::vector<RCReference<AsyncValue>> values;
  if (!value || !flattenAttribute(*value, values)) {
    frame.reportError(frame.where() +
                      ": 'value' must be an array of numbers and strings");
    return;
  }
  if (values.size() != static_cast<size_t>(frame.numResults())) {
    frame.reportError(frame.where() + ": 'value' holds " +
                      std::to_string(values.size()) + " scalars for " +
                      std::to_string(frame.numResults()) + " results");
    return;
  }
  for (int i = 0; i < frame.numResults(); ++i)
    frame.setResult(i, std::move(values[i]));
}

// tfrt_test.async_value_get: a payload with two base classes read back
// through AsyncValue::get, each base at its own offset in the payload.
struct FirstBase {
  std::string first = "base1";
};
struct SecondBase {
  std::string second = "base2";
};
struct FinalClass final : FirstBase, SecondBase {
  explicit FinalClass(int32_t number) : number(number) {}
  std::string final = "final_class";
  int32_t number;
};

void asyncValueGet(KernelFrame &frame) {
  RCReference<AsyncValue> value = host::makeAvailableValue<FinalClass>(3);
  if (!value->isType<FinalClass>()) {
    frame.reportError(frame.where() + ": payload type id lost");
    return;
  }
  const FinalClass &payload = value->get<FinalClass>();
  const FirstBase &first = payload;
  const SecondBase &second = payload;
  frame.emplaceResult<std::string>(0, first.first + ":" + second.second + ":" +
                                          payload.final + ":" +
                                          std::to_string(payload.number));
}

// tfrt_test.async_value_ref: the states an int32 value goes through, made
// available at once, later by emplace (a waiter added before sees it, in
// parentheses), and constructed first and published after.
void asyncValueRef(KernelFrame &frame) {
  std::string trace;
  auto describe = [&trace](const AsyncValue &value) {
    trace += value.isAvailable()
                 ? "available:" + std::to_string(value.get<int32_t>())
                 : std::string("unavailable");
  };
  RCReference<AsyncValue> ready = host::makeAvailableValue<int32_t>(2);
  describe(*ready);
  trace += ";";
  RCReference<AsyncValue> later = host::makeUnconstructedValue<int32_t>();
  describe(*later);
  trace += ";";
  later->andThen([&trace, value = later.get()] {
    trace += "(" + std::to_string(value->get<int32_t>()) + ");";
  });
  later->emplace<int32_t>(3);
  describe(*later);
  trace += ";";
  RCReference<AsyncValue> published = host::makeUnconstructedValue<int32_t>();
  static_cast<host::ConcreteAsyncValue<int32_t> *>(published.get())
      ->construct(4);
  describe(*published);
  trace += ";";
  published->setStateConcrete();
  describe(*published);
  frame.emplaceResult<std::string>(0, std::move(trace));
}

// The kernels of TFRT's tutorial: a user-defined value type.
struct Coordinate {
  int32_t x, y;
};

void createCoordinate(KernelFrame &frame) {
  frame.emplaceResult<Coordinate>(
      0, Coordinate{frame.argAs<int32_t>(0), frame.argAs<int32_t>(1)});
}

void printCoordinate(KernelFrame &frame) {
  const Coordinate &coordinate = frame.argAs<Coordinate>(0);
  printLine("(" + std::to_string(coordinate.x) + ", " +
            std::to_string(coordinate.y) + ")");
  setReadyChains(frame, 0);
}

[[maybe_unused]] const bool registered = host::registerKernels({
    {"tfrt_test.print_hello", printHello},
    {"tfrt_test.get_string", getString},
    {"tfrt_test.print_string", printString},
    {"tfrt_test.append_string", appendString},
    {"tfrt_test.count3.i32", count3},
    {"tfrt_test.copy.with_delay.i32", asyncCopyWithDelay<int32_t>},
    {"tfrt_test.copy.with_delay.i64", asyncCopyWithDelay<int64_t>},
    {"tfrt_test.async_copy.i32", asyncCopy<int32_t>},
    {"tfrt_test.async_copy.with_delay.i32", asyncCopyWithDelay<int32_t>},
    {"tfrt_test.async_copy_2.i32", asyncCopy2},
    {"tfrt_test.async_add.i32", asyncAdd},
    {"tfrt_test.as_chain", asChain},
    {"tfrt_test.usleep", usleep},
    {"tfrt_test.blocking.usleep", blockingUsleep},
    {"tfrt_test.fail", fail},
    {"tfrt_test.partial_fail", partialFail},
    {"tfrt_test.cancel", cancel},
    {"tfrt_test.report_error_async", reportErrorAsync},
    {"tfrt_test.report_error_concrete_async", reportErrorConcreteAsync},
    {"tfrt_test.report_error_indirect_async", reportErrorIndirectAsync},
    {"tfrt_test.atomic.create.i32", atomicCreate},
    {"tfrt_test.atomic.add.i32", atomicAdd},
    {"tfrt_test.atomic.inc.i32", atomicInc},
    {"tfrt_test.atomic.get.i32", atomicGet},
    {"tfrt_test.identity", identity},
    {"tfrt_test.do.async", doAsync, true},
    {"tfrt_test.multi_arg_result", multiArgResult},
    {"tfrt_test.logging", logging},
    {"tfrt_test.allocate_resource", allocateResource},
    {"tfrt_test.deallocate_resource", deallocateResource},
    {"tfrt_test.use_sample_shared_context", useSampleSharedContext},
    {"tfrt_test.flat", flat},
    {"tfrt_test.async_value_get", asyncValueGet},
    {"tfrt_test.async_value_ref", asyncValueRef},
    {"tfrt_tutorial.create_coordinate", createCoordinate},
    {"tfrt_tutorial.print_coordinate", printCoordinate},
});

} // namespace

} // namespace disc::kernels
