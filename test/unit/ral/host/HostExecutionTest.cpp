#include "disc/ral/host/chain.h"
#include "disc/ral/host/host_execution.h"
#include "disc/ral/host/host_tensor.h"
#include "disc/ral/host/kernel_frame.h"
#include "disc/ral/registry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace disc::host {
namespace {

std::atomic<int> addCalls{0};

void testAdd(KernelFrame &frame) {
  ++addCalls;
  frame.emplaceResult<int32_t>(0, frame.argAs<int32_t>(0) +
                                      frame.argAs<int32_t>(1));
}

void testFail(KernelFrame &frame) { frame.reportError("test failure"); }

// Non-strict: passes its argument on whatever its state.
void testForward(KernelFrame &frame) { frame.setResult(0, frame.argRef(0)); }

void testThrow(KernelFrame &) { throw std::runtime_error("out of luck"); }

void testCancel(KernelFrame &frame) {
  frame.execution().cancel();
  frame.setResult(0, readyChain());
}

[[maybe_unused]] const bool registered =
    registerKernels({{"host_execution_test.add", testAdd},
                     {"host_execution_test.fail", testFail},
                     {"host_execution_test.forward", testForward, true},
                     {"host_execution_test.cancel", testCancel},
                     {"host_execution_test.throw", testThrow}});

int32_t ralMultiply(void *, int32_t lhs, int32_t rhs) { return lhs * rhs; }
TAO_RAL_API("host_execution_test.multiply", "cpu", ralMultiply);

// Destination passing: writes `value` + its index into every element.
void ralIota(void *, ral::MemRefType<float, 2> out, float value) {
  for (int64_t i = 0; i < out.sizes[0]; ++i)
    for (int64_t j = 0; j < out.sizes[1]; ++j)
      out.data[out.offset + i * out.strides[0] + j * out.strides[1]] =
          value + static_cast<float>(i * out.sizes[1] + j);
}
TAO_RAL_API("host_execution_test.iota", "cpu", ralIota);

const uint8_t kI32I32[] = {DISC_KG_I32, DISC_KG_I32};
const uint8_t kI32[] = {DISC_KG_I32};
const uint8_t kChain[] = {DISC_KG_CHAIN};

DiscKgSite site(const char *kernel, int numArgs, int numResults,
                const uint8_t *argTypes = kI32I32,
                const uint8_t *resultTypes = kI32) {
  return DiscKgSite{kernel,   "test:1:1",  numArgs, numResults,
                    argTypes, resultTypes, 0,       0,
                    nullptr,  nullptr,     nullptr};
}

class HostExecutionTest : public ::testing::Test {
protected:
  ConcurrentWorkQueue queue{2};
  HostExecution execution{queue, defaultHostAllocator()};
};

TEST_F(HostExecutionTest, RunsAKernelInlineWhenItsArgumentsAreAvailable) {
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  RCReference<AsyncValue> lhs = makeAvailableValue<int32_t>(40);
  RCReference<AsyncValue> rhs = makeAvailableValue<int32_t>(2);
  AsyncValue *args[] = {lhs.get(), rhs.get()};
  AsyncValue *result = nullptr;
  execution.invoke(&add, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  ASSERT_TRUE(result->isConcrete());
  EXPECT_EQ(result->get<int32_t>(), 42);
  EXPECT_NE(add.resolved, nullptr);
}

TEST_F(HostExecutionTest, ReadsAndMakesScalarsForInlinedKernels) {
  const DiscKgApi &api = HostExecution::api();
  ASSERT_GE(api.size, offsetof(DiscKgApi, make_scalar) + sizeof(void *));
  int64_t cell = 0;
  double real = 2.5;
  DiscKgValue *made = api.make_scalar(DISC_KG_F64, &real);
  RCReference<AsyncValue> value = RCReference<AsyncValue>::adopt(fromAbi(made));
  ASSERT_TRUE(value->isConcrete());
  EXPECT_EQ(value->get<double>(), 2.5);
  void *context = execution.ctxStruct()[0];
  ASSERT_EQ(api.read_scalar(context, made, DISC_KG_F64, &cell), 1);
  double read;
  std::memcpy(&read, &cell, sizeof(read));
  EXPECT_EQ(read, 2.5);
  // Another type, an unavailable value, an error or a cancelled run: 0.
  EXPECT_EQ(api.read_scalar(context, made, DISC_KG_I32, &cell), 0);
  RCReference<AsyncValue> pending = makeUnconstructedValue<int32_t>();
  EXPECT_EQ(api.read_scalar(context, toAbi(pending.get()), DISC_KG_I32, &cell),
            0);
  RCReference<AsyncValue> error = makeErrorValue("bad");
  EXPECT_EQ(api.read_scalar(context, toAbi(error.get()), DISC_KG_I32, &cell),
            0);
  execution.cancel();
  EXPECT_EQ(api.read_scalar(context, made, DISC_KG_F64, &cell), 0);
}

TEST_F(HostExecutionTest, DefersAKernelUntilItsArgumentsArrive) {
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  RCReference<AsyncValue> lhs = makeUnconstructedValue<int32_t>();
  RCReference<AsyncValue> rhs = makeUnconstructedValue<int32_t>();
  AsyncValue *args[] = {lhs.get(), rhs.get()};
  AsyncValue *result = nullptr;
  int before = addCalls;
  execution.invoke(&add, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  EXPECT_TRUE(result->isUnavailable());
  lhs->emplace<int32_t>(5);
  EXPECT_TRUE(result->isUnavailable());
  EXPECT_EQ(addCalls, before);
  rhs->emplace<int32_t>(6);
  ASSERT_TRUE(result->isConcrete());
  EXPECT_EQ(result->get<int32_t>(), 11);
  execution.awaitWork();
}

TEST_F(HostExecutionTest, AnErrorArgumentSkipsTheKernel) {
  DiscKgSite fail = site("host_execution_test.fail", 0, 1);
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  AsyncValue *failed = nullptr;
  execution.invoke(&fail, nullptr, &failed);
  RCReference<AsyncValue> ownedFailed = RCReference<AsyncValue>::adopt(failed);
  RCReference<AsyncValue> one = makeAvailableValue<int32_t>(1);
  AsyncValue *args[] = {one.get(), failed};
  AsyncValue *result = nullptr;
  int before = addCalls;
  execution.invoke(&add, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  EXPECT_EQ(addCalls, before);
  ASSERT_TRUE(result->isError());
  EXPECT_EQ(result->errorMessage(), "test failure");
}

TEST_F(HostExecutionTest, ADeferredKernelWithAnErrorArgumentIsSkipped) {
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  RCReference<AsyncValue> lhs = makeUnconstructedValue<int32_t>();
  RCReference<AsyncValue> rhs = makeAvailableValue<int32_t>(1);
  AsyncValue *args[] = {lhs.get(), rhs.get()};
  AsyncValue *result = nullptr;
  execution.invoke(&add, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  lhs->setError("late failure");
  ASSERT_TRUE(result->isError());
  EXPECT_EQ(result->errorMessage(), "late failure");
}

TEST_F(HostExecutionTest, NonStrictKernelsRunAtOnce) {
  const uint8_t types[] = {DISC_KG_I32};
  DiscKgSite forward = site("host_execution_test.forward", 1, 1, types);
  RCReference<AsyncValue> pending = makeUnconstructedValue<int32_t>();
  AsyncValue *args[] = {pending.get()};
  AsyncValue *result = nullptr;
  execution.invoke(&forward, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  EXPECT_EQ(result, pending.get());
}

TEST_F(HostExecutionTest, CancellationSkipsLaterKernels) {
  DiscKgSite cancel = site("host_execution_test.cancel", 0, 1, kChain, kChain);
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  RCReference<AsyncValue> pending = makeUnconstructedValue<int32_t>();
  RCReference<AsyncValue> one = makeAvailableValue<int32_t>(1);
  AsyncValue *args[] = {pending.get(), one.get()};
  AsyncValue *deferred = nullptr;
  execution.invoke(&add, args, &deferred);
  RCReference<AsyncValue> ownedDeferred =
      RCReference<AsyncValue>::adopt(deferred);

  AsyncValue *chain = nullptr;
  execution.invoke(&cancel, nullptr, &chain);
  RCReference<AsyncValue> ownedChain = RCReference<AsyncValue>::adopt(chain);
  EXPECT_TRUE(execution.cancelled());

  AsyncValue *skipped = nullptr;
  AsyncValue *ready[] = {one.get(), one.get()};
  execution.invoke(&add, ready, &skipped);
  RCReference<AsyncValue> ownedSkipped =
      RCReference<AsyncValue>::adopt(skipped);
  ASSERT_TRUE(skipped->isError());
  EXPECT_EQ(skipped->errorMessage(), "Cancelled");

  pending->emplace<int32_t>(3);
  ASSERT_TRUE(deferred->isError());
  EXPECT_EQ(deferred->errorMessage(), "Cancelled");
}

TEST_F(HostExecutionTest, AKernelThatThrowsFailsItsResults) {
  DiscKgSite thrower = site("host_execution_test.throw", 0, 1);
  AsyncValue *result = nullptr;
  execution.invoke(&thrower, nullptr, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  ASSERT_TRUE(result->isError());
  EXPECT_EQ(result->errorMessage(),
            "host_execution_test.throw at test:1:1: out of luck");
}

// Kernels do not declare what they take: a wrong call is caught when the
// kernel reads its arguments.
TEST_F(HostExecutionTest, AnArgumentOfAnotherTypeFailsTheKernel) {
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  RCReference<AsyncValue> lhs = makeAvailableValue<int32_t>(1);
  RCReference<AsyncValue> rhs = makeAvailableValue<float>(2.0f);
  AsyncValue *args[] = {lhs.get(), rhs.get()};
  AsyncValue *result = nullptr;
  execution.invoke(&add, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  ASSERT_TRUE(result->isError());
  EXPECT_EQ(result->errorMessage(), "host_execution_test.add at test:1:1: "
                                    "argument 1 is f32, expected i32");

  RCReference<AsyncValue> chain = readyChain();
  args[1] = chain.get();
  execution.invoke(&add, args, &result);
  owned = RCReference<AsyncValue>::adopt(result);
  EXPECT_EQ(result->errorMessage(), "host_execution_test.add at test:1:1: "
                                    "argument 1 is !tfrt.chain, expected i32");
}

TEST_F(HostExecutionTest, TooFewArgumentsFailTheKernel) {
  DiscKgSite add = site("host_execution_test.add", 1, 1);
  RCReference<AsyncValue> lhs = makeAvailableValue<int32_t>(1);
  AsyncValue *args[] = {lhs.get()};
  AsyncValue *result = nullptr;
  execution.invoke(&add, args, &result);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
  ASSERT_TRUE(result->isError());
  EXPECT_EQ(result->errorMessage(), "host_execution_test.add at test:1:1: "
                                    "takes at least 2 arguments, got 1");
}

TEST_F(HostExecutionTest, UnknownKernelsGiveAnErrorNamingThem) {
  DiscKgSite missing =
      site("host_execution_test.no_such_kernel", 0, 2, nullptr, kI32I32);
  AsyncValue *results[2] = {nullptr, nullptr};
  execution.invoke(&missing, nullptr, results);
  for (AsyncValue *result : results) {
    RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(result);
    ASSERT_TRUE(result->isError());
    EXPECT_EQ(result->errorMessage(), "no kernel named "
                                      "'host_execution_test.no_such_kernel' "
                                      "(at test:1:1)");
  }
}

TEST_F(HostExecutionTest, RalApiFunctionsAreReachableByName) {
  const uint8_t argTypes[] = {DISC_KG_I32, DISC_KG_I32, DISC_KG_CHAIN};
  const uint8_t resultTypes[] = {DISC_KG_I32, DISC_KG_CHAIN};
  DiscKgSite multiply =
      site("host_execution_test.multiply", 3, 2, argTypes, resultTypes);
  RCReference<AsyncValue> lhs = makeAvailableValue<int32_t>(6);
  RCReference<AsyncValue> rhs = makeAvailableValue<int32_t>(7);
  RCReference<AsyncValue> chain = readyChain();
  AsyncValue *args[] = {lhs.get(), rhs.get(), chain.get()};
  AsyncValue *results[2] = {nullptr, nullptr};
  execution.invoke(&multiply, args, results);
  RCReference<AsyncValue> product = RCReference<AsyncValue>::adopt(results[0]);
  RCReference<AsyncValue> done = RCReference<AsyncValue>::adopt(results[1]);
  ASSERT_TRUE(product->isConcrete());
  EXPECT_EQ(product->get<int32_t>(), 42);
  EXPECT_TRUE(done->isConcrete());
  EXPECT_TRUE(done->isType<Chain>());
}

TEST_F(HostExecutionTest, RalApiFunctionsTakeHostTensorsAsMemRefs) {
  const uint8_t argTypes[] = {DISC_KG_TENSOR, DISC_KG_F32, DISC_KG_CHAIN};
  const uint8_t resultTypes[] = {DISC_KG_CHAIN};
  DiscKgSite iota =
      site("host_execution_test.iota", 3, 1, argTypes, resultTypes);
  RCReference<AsyncValue> tensor = makeAvailableValue<host::HostTensor>(
      ral::DType::f32, std::vector<int64_t>{2, 3});
  RCReference<AsyncValue> start = makeAvailableValue<float>(10.0f);
  RCReference<AsyncValue> chain = readyChain();
  AsyncValue *args[] = {tensor.get(), start.get(), chain.get()};
  AsyncValue *done = nullptr;
  execution.invoke(&iota, args, &done);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(done);
  ASSERT_TRUE(done->isConcrete()) << done->errorMessage();
  const float *values = tensor->get<host::HostTensor>().elements<float>();
  EXPECT_EQ(std::vector<float>(values, values + 6),
            (std::vector<float>{10, 11, 12, 13, 14, 15}));

  RCReference<AsyncValue> vector = makeAvailableValue<host::HostTensor>(
      ral::DType::f32, std::vector<int64_t>{4});
  AsyncValue *wrongRank[] = {vector.get(), start.get(), chain.get()};
  AsyncValue *failed = nullptr;
  execution.invoke(&iota, wrongRank, &failed);
  RCReference<AsyncValue> ownedFailed = RCReference<AsyncValue>::adopt(failed);
  ASSERT_TRUE(failed->isError());
  EXPECT_EQ(failed->errorMessage(),
            "host_execution_test.iota at test:1:1: no TAO_RAL_API function "
            "'host_execution_test.iota___cpu___pvoid_m1df32_f32___void'");
}

// Producers on the pool fill the arguments of many deferred kernels while
// the main thread invokes them: each runs once, with the right values.
TEST_F(HostExecutionTest, ManyDeferredKernelsFedFromThePool) {
  DiscKgSite add = site("host_execution_test.add", 2, 1);
  constexpr int kKernels = 2000;
  std::vector<RCReference<AsyncValue>> inputs, results;
  for (int i = 0; i < kKernels; ++i)
    inputs.push_back(makeUnconstructedValue<int32_t>());
  RCReference<AsyncValue> one = makeAvailableValue<int32_t>(1);
  for (int i = 0; i < kKernels; ++i) {
    queue.addTask([input = inputs[i], i] { input->emplace<int32_t>(i); });
    AsyncValue *args[] = {inputs[i].get(), one.get()};
    AsyncValue *result = nullptr;
    execution.invoke(&add, args, &result);
    results.push_back(RCReference<AsyncValue>::adopt(result));
  }
  queue.await(results);
  execution.awaitWork();
  for (int i = 0; i < kKernels; ++i) {
    ASSERT_TRUE(results[i]->isConcrete());
    EXPECT_EQ(results[i]->get<int32_t>(), i + 1);
  }
}

} // namespace
} // namespace disc::host
