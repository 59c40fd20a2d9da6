// The kernel library one kernel at a time: values, printed formats and
// errors as TFRT's kernels give them.
#include "disc/ral/host/chain.h"
#include "disc/ral/host/host_execution.h"
#include "disc/ral/host/host_tensor.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace disc::host {
namespace {

using Values = std::vector<RCReference<AsyncValue>>;

const DiscKgApi *apiOf(void **ctxStruct) {
  return static_cast<const DiscKgApi *>(ctxStruct[2]);
}

// Stand-ins for compiled functions (kernel_graph_abi.h): (x) -> x and
// (x) -> x + x.
void returnFirst(void **ctxStruct, DiscKgValue **args, DiscKgValue **results) {
  apiOf(ctxStruct)->add_ref(args[0]);
  results[0] = args[0];
}
const uint8_t kTypes[4] = {DISC_KG_I32, DISC_KG_I32, DISC_KG_I32, DISC_KG_I32};
DiscKgSite doubleAdd{"tfrt.add.i32", "test:2:1", 2,      1,
                     kTypes,         kTypes,     0,      0,
                     nullptr,        nullptr,    nullptr};
void doubleFirst(void **ctxStruct, DiscKgValue **args, DiscKgValue **results) {
  DiscKgValue *operands[] = {args[0], args[0]};
  apiOf(ctxStruct)->invoke(ctxStruct[0], &doubleAdd, operands, results);
}
std::atomic<int> onceCalls{0};
void countedDouble(void **ctxStruct, DiscKgValue **args,
                   DiscKgValue **results) {
  ++onceCalls;
  doubleFirst(ctxStruct, args, results);
}
// A parallel_for body (begin, end, counter) -> chain: adds begin to the
// counter.
DiscKgSite atomicAdd{"tfrt_test.atomic.add.i32",
                     "test:3:1",
                     2,
                     1,
                     kTypes,
                     kTypes,
                     0,
                     0,
                     nullptr,
                     nullptr,
                     nullptr};
void addBegin(void **ctxStruct, DiscKgValue **args, DiscKgValue **results) {
  DiscKgValue *operands[] = {args[2], args[0]};
  apiOf(ctxStruct)->invoke(ctxStruct[0], &atomicAdd, operands, results);
}
std::atomic<int> benchmarkRuns{0};
void countedFirst(void **ctxStruct, DiscKgValue **args, DiscKgValue **results) {
  ++benchmarkRuns;
  returnFirst(ctxStruct, args, results);
}
// Set on the test's thread while a kernel is being invoked.
thread_local bool insideKernelCall = false;
std::atomic<bool> bodyRanInsideKernelCall{false};
void recordCaller(void **ctxStruct, DiscKgValue **args, DiscKgValue **results) {
  bodyRanInsideKernelCall = insideKernelCall;
  returnFirst(ctxStruct, args, results);
}

DiscKgFunction function(DiscKgFunctionPtr entry, int numArgs, int numResults) {
  return {entry, "test_function", numArgs, numResults, kTypes, kTypes};
}

class KernelLibraryTest : public ::testing::Test {
protected:
  // Invokes kernel `name` on `args` with `attributes`; returns its results
  // once available, and what it printed. The kernels read no types.
  Values invoke(const char *name, const Values &args, int numResults,
                std::vector<DiscKgAttribute> attributes = {},
                std::string *printed = nullptr,
                std::vector<const DiscKgFunction *> functions = {}) {
    std::vector<uint8_t> types(args.size() + numResults + 1, 0);
    DiscKgSite site{name,
                    "test:1:1",
                    static_cast<int32_t>(args.size()),
                    numResults,
                    types.data(),
                    types.data(),
                    static_cast<int32_t>(attributes.size()),
                    static_cast<int32_t>(functions.size()),
                    attributes.data(),
                    functions.data(),
                    nullptr};
    std::vector<AsyncValue *> argPointers;
    for (const auto &arg : args)
      argPointers.push_back(arg.get());
    std::vector<AsyncValue *> results(numResults, nullptr);
    testing::internal::CaptureStdout();
    insideKernelCall = true;
    execution.invoke(&site, argPointers.data(), results.data());
    insideKernelCall = false;
    Values owned;
    for (AsyncValue *result : results)
      owned.push_back(RCReference<AsyncValue>::adopt(result));
    queue.await(owned);
    execution.awaitWork();
    std::string output = testing::internal::GetCapturedStdout();
    if (printed)
      *printed = output;
    return owned;
  }

  std::string print(const char *name, RCReference<AsyncValue> value) {
    std::string printed;
    Values results = invoke(name, {value, readyChain()}, 1, {}, &printed);
    EXPECT_TRUE(results[0]->isType<Chain>());
    return printed;
  }

  template <typename T> static RCReference<AsyncValue> of(T value) {
    return makeAvailableValue<T>(value);
  }

  ConcurrentWorkQueue queue{2};
  HostExecution execution{queue, defaultHostAllocator()};
};

TEST_F(KernelLibraryTest, PrintsInTfrtFormats) {
  EXPECT_EQ(print("tfrt.print.i1", of(false)), "int1 = 0\n");
  EXPECT_EQ(print("tfrt.print.i32", of<int32_t>(42)), "int32 = 42\n");
  EXPECT_EQ(print("tfrt.print.i64", of<int64_t>(7)), "int64 = 7\n");
  EXPECT_EQ(print("tfrt.print.f32", of(1.0f)), "f32 = 1.000000\n");
  EXPECT_EQ(print("tfrt.print.f64", of(0.347354)), "f64 = 0.347354\n");
}

TEST_F(KernelLibraryTest, ConstantsReadTheirValueAttribute) {
  const uint32_t big = 4095;
  const float tenth = 0.1f;
  Values u = invoke("tfrt.constant.ui32", {}, 1,
                    {{"value", DISC_KG_ATTR_UI32, 1, &big}});
  EXPECT_EQ(u[0]->get<uint32_t>(), 4095u);
  Values f = invoke("tfrt.constant.f32", {}, 1,
                    {{"value", DISC_KG_ATTR_F32, 1, &tenth}});
  EXPECT_EQ(f[0]->get<float>(), 0.1f);
  Values missing = invoke("tfrt.constant.i32", {}, 1);
  ASSERT_TRUE(missing[0]->isError());
  EXPECT_EQ(missing[0]->errorMessage(),
            "tfrt.constant.i32 at test:1:1: no numeric 'value' attribute");
}

TEST_F(KernelLibraryTest, ArithmeticIgnoresATrailingChain) {
  Values sum = invoke("tfrt.add.i32",
                      {of<int32_t>(42), of<int32_t>(1), readyChain()}, 1);
  EXPECT_EQ(sum[0]->get<int32_t>(), 43);
  Values product = invoke("tfrt.multiply.f64", {of(156.0), of(100.0)}, 1);
  EXPECT_EQ(product[0]->get<double>(), 15600.0);
  Values smaller = invoke("tfrt.minimum.f32", {of(737.0f), of(899.0f)}, 1);
  EXPECT_EQ(smaller[0]->get<float>(), 737.0f);
  Values less =
      invoke("tfrt.lessequal.i32", {of<int32_t>(1), of<int32_t>(0)}, 1);
  EXPECT_FALSE(less[0]->get<bool>());
  Values same = invoke("tfrt.equal.i64", {of<int64_t>(5), of<int64_t>(5)}, 1);
  EXPECT_TRUE(same[0]->get<bool>());
}

TEST_F(KernelLibraryTest, IntegerDivisionGivesQuotientAndRemainder) {
  Values divided = invoke("tfrt.div.i32", {of<int32_t>(43), of<int32_t>(5)}, 2);
  EXPECT_EQ(divided[0]->get<int32_t>(), 8);
  EXPECT_EQ(divided[1]->get<int32_t>(), 3);
  Values byZero = invoke("tfrt.div.i32", {of<int32_t>(42), of<int32_t>(0)}, 2);
  for (const auto &result : byZero) {
    ASSERT_TRUE(result->isError());
    EXPECT_EQ(result->errorMessage(), "Divide by zero");
  }
  Values real = invoke("tfrt.div.f32", {of(156.0f), of(100.0f)}, 1);
  EXPECT_EQ(real[0]->get<float>(), 1.56f);
}

TEST_F(KernelLibraryTest, CastsTruncateTowardZero) {
  Values truncated = invoke("tfrt.cast.f64_to_i64", {of(255.99999)}, 1);
  EXPECT_EQ(truncated[0]->get<int64_t>(), 255);
  Values widened = invoke("tfrt.cast.i64_to_f32", {of<int64_t>(899)}, 1);
  EXPECT_EQ(widened[0]->get<float>(), 899.0f);
}

TEST_F(KernelLibraryTest, MergeChainsWaitsForEveryArgument) {
  RCReference<AsyncValue> late = makeUnconstructedValue<int32_t>();
  std::vector<AsyncValue *> args{late.get(), readyChain().get()};
  const uint8_t types[2] = {0, 0};
  DiscKgSite merge{"tfrt.merge.chains",
                   "test:1:1",
                   2,
                   1,
                   types,
                   types,
                   0,
                   0,
                   nullptr,
                   nullptr,
                   nullptr};
  AsyncValue *merged = nullptr;
  execution.invoke(&merge, args.data(), &merged);
  RCReference<AsyncValue> owned = RCReference<AsyncValue>::adopt(merged);
  EXPECT_TRUE(merged->isUnavailable());
  late->emplace<int32_t>(0);
  EXPECT_TRUE(merged->isConcrete());
}

TEST_F(KernelLibraryTest, Strings) {
  const char bark[] = "bark", rarf[] = "rarf";
  Values x = invoke("tfrt_test.get_string", {}, 1,
                    {{"value", DISC_KG_ATTR_STRING, 4, bark}});
  Values y = invoke("tfrt_test.get_string", {}, 1,
                    {{"value", DISC_KG_ATTR_STRING, 4, rarf}});
  Values joined = invoke("tfrt_test.append_string", {x[0], y[0]}, 1);
  EXPECT_EQ(print("tfrt_test.print_string", joined[0]), "string = barkrarf\n");
}

TEST_F(KernelLibraryTest, AsyncKernelsFillTheirResultsLater) {
  Values sum =
      invoke("tfrt_test.async_add.i32", {of<int32_t>(1), of<int32_t>(42)}, 1);
  EXPECT_EQ(sum[0]->get<int32_t>(), 43);
  Values copy = invoke("tfrt_test.async_copy_2.i32", {of<int32_t>(43)}, 1);
  EXPECT_EQ(copy[0]->get<int32_t>(), 43);
  Values failed =
      invoke("tfrt_test.report_error_indirect_async", {of<int32_t>(1)}, 1);
  EXPECT_EQ(failed[0]->errorMessage(), "something bad happened asynchronously");
  Values counted = invoke("tfrt_test.count3.i32", {of<int32_t>(43)}, 3);
  EXPECT_EQ(counted[2]->get<int32_t>(), 46);
}

TEST_F(KernelLibraryTest, HostTensorsPrintAsDenseHostTensor) {
  const int64_t shape[] = {2, 2};
  const int32_t fortyOne = 41;
  Values tensor = invoke("dht.create_uninit_tensor.i32.2", {}, 1,
                         {{"shape", DISC_KG_ATTR_I64, 2, shape}});
  ASSERT_TRUE(tensor[0]->isConcrete());
  Values filled = invoke("dht.fill_tensor.i32", {tensor[0], readyChain()}, 1,
                         {{"value", DISC_KG_ATTR_I32, 1, &fortyOne}});
  EXPECT_EQ(print("dht.print_tensor.i32", tensor[0]),
            "DenseHostTensor dtype = i32, shape = [2, 2], values = [41, 41, "
            "41, 41]\n");

  const int64_t vector[] = {3};
  const float values[] = {1.0f, -2.5f, 0.125f};
  Values floats = invoke("dht.create_uninit_tensor.f32.1", {}, 1,
                         {{"shape", DISC_KG_ATTR_I64, 1, vector}});
  invoke("dht.set_tensor_with_constant_values.f32", {floats[0], readyChain()},
         1, {{"values", DISC_KG_ATTR_F32, 3, values}});
  EXPECT_EQ(print("dht.print_tensor.f32", floats[0]),
            "DenseHostTensor dtype = f32, shape = [3], values = "
            "[1.000000e+00, -2.500000e+00, 1.250000e-01]\n");

  Values wrongRank = invoke("dht.create_uninit_tensor.i32.3", {}, 1,
                            {{"shape", DISC_KG_ATTR_I64, 2, shape}});
  EXPECT_EQ(wrongRank[0]->errorMessage(),
            "dht.create_uninit_tensor.i32.3 at test:1:1: 'shape' has 2 "
            "dimensions, expected 3");
}

TEST_F(KernelLibraryTest, TensorAddAndMatmulWriteTheirDestination) {
  auto tensor = [this](const char *kernel, std::vector<int64_t> shape,
                       std::vector<int32_t> values) {
    Values made = invoke(kernel, {}, 1,
                         {{"shape", DISC_KG_ATTR_I64,
                           static_cast<int32_t>(shape.size()), shape.data()}});
    invoke("dht.set_tensor_with_constant_values.i32", {made[0], readyChain()},
           1,
           {{"values", DISC_KG_ATTR_I32, static_cast<int32_t>(values.size()),
             values.data()}});
    return made[0];
  };
  // [[1, 2, 3], [4, 5, 6]] x [[7, 8], [9, 10], [11, 12]]
  RCReference<AsyncValue> a =
      tensor("dht.create_uninit_tensor.i32.2", {2, 3}, {1, 2, 3, 4, 5, 6});
  RCReference<AsyncValue> b =
      tensor("dht.create_uninit_tensor.i32.2", {3, 2}, {7, 8, 9, 10, 11, 12});
  RCReference<AsyncValue> product =
      tensor("dht.create_uninit_tensor.i32.2", {2, 2}, {0, 0, 0, 0});
  Values done = invoke("dht.matmul.i32", {a, b, product, readyChain()}, 1);
  EXPECT_TRUE(done[0]->isType<Chain>());
  EXPECT_EQ(print("dht.print_tensor.i32", product),
            "DenseHostTensor dtype = i32, shape = [2, 2], values = [58, 64, "
            "139, 154]\n");

  done = invoke("dht.add_tensor.i32", {product, product, product}, 1);
  EXPECT_EQ(print("dht.print_tensor.i32", product),
            "DenseHostTensor dtype = i32, shape = [2, 2], values = [116, 128, "
            "278, 308]\n");

  Values mismatched = invoke("dht.add_tensor.i32", {a, b, a}, 1);
  EXPECT_EQ(mismatched[0]->errorMessage(),
            "dht.add_tensor.i32 at test:1:1: argument 1 has shape [3, 2], "
            "expected [2, 3]");
  mismatched = invoke("dht.matmul.i32", {a, a, product}, 1);
  EXPECT_EQ(mismatched[0]->errorMessage(),
            "dht.matmul.i32 at test:1:1: argument 1 has shape [2, 3], "
            "expected [3, 3]");
  mismatched = invoke("dht.matmul.f32", {a, b, product}, 1);
  EXPECT_EQ(mismatched[0]->errorMessage(),
            "dht.matmul.f32 at test:1:1: argument 0 is a i32 tensor, "
            "expected f32");
}

TEST_F(KernelLibraryTest, CondAndCasePickTheirFunction) {
  DiscKgFunction first = function(returnFirst, 1, 1);
  DiscKgFunction twice = function(doubleFirst, 1, 1);
  Values picked = invoke("tfrt.cond", {of(true), of<int32_t>(41)}, 1, {},
                         nullptr, {&first, &twice});
  EXPECT_EQ(picked[0]->get<int32_t>(), 41);
  picked = invoke("tfrt.cond", {of(false), of<int32_t>(41)}, 1, {}, nullptr,
                  {&first, &twice});
  EXPECT_EQ(picked[0]->get<int32_t>(), 82);
  picked = invoke("tfrt.case", {of<int32_t>(0), of<int32_t>(40)}, 1, {},
                  nullptr, {&twice, &first});
  EXPECT_EQ(picked[0]->get<int32_t>(), 80);
  picked = invoke("tfrt.case", {of<int32_t>(7), of<int32_t>(40)}, 1, {},
                  nullptr, {&twice, &first});
  EXPECT_EQ(picked[0]->get<int32_t>(), 40);
}

TEST_F(KernelLibraryTest, IfWaitsForItsCondition) {
  DiscKgFunction first = function(returnFirst, 1, 1);
  DiscKgFunction twice = function(doubleFirst, 1, 1);
  RCReference<AsyncValue> condition = makeUnconstructedValue<bool>();
  queue.addTask([condition] { condition->emplace<bool>(false); });
  Values picked = invoke("tfrt.if", {condition, of<int32_t>(5)}, 1, {}, nullptr,
                         {&first, &twice});
  EXPECT_EQ(picked[0]->get<int32_t>(), 10);
  RCReference<AsyncValue> failed = makeErrorValue("no condition");
  picked = invoke("tfrt.if", {failed, of<int32_t>(5)}, 1, {}, nullptr,
                  {&first, &twice});
  EXPECT_EQ(picked[0]->errorMessage(), "no condition");
}

TEST_F(KernelLibraryTest, RepeatRunsItsBodyCountTimes) {
  DiscKgFunction twice = function(doubleFirst, 1, 1);
  Values repeated = invoke("tfrt.repeat.i32", {of<int32_t>(3), of<int32_t>(5)},
                           1, {}, nullptr, {&twice});
  EXPECT_EQ(repeated[0]->get<int32_t>(), 40);
  repeated = invoke("tfrt.repeat.i32", {of<int32_t>(0), of<int32_t>(5)}, 1, {},
                    nullptr, {&twice});
  EXPECT_EQ(repeated[0]->get<int32_t>(), 5);
}

TEST_F(KernelLibraryTest, OnceRunsItsFunctionOncePerRun) {
  DiscKgFunction counted = function(countedDouble, 1, 1);
  int before = onceCalls;
  Values first =
      invoke("tfrt.once", {of<int32_t>(1)}, 1, {}, nullptr, {&counted});
  Values second = invoke("tfrt.once", {first[0]}, 1, {}, nullptr, {&counted});
  EXPECT_EQ(first[0]->get<int32_t>(), 2);
  EXPECT_EQ(second[0]->get<int32_t>(), 2);
  EXPECT_EQ(onceCalls - before, 1);
}

TEST_F(KernelLibraryTest, ParallelForRunsEveryBlock) {
  DiscKgFunction body = function(addBegin, 3, 1);
  Values counter = invoke("tfrt_test.atomic.create.i32", {}, 1);
  Values done =
      invoke("tfrt.parallel_for.i32",
             {of<int32_t>(0), of<int32_t>(10), of<int32_t>(3), counter[0]}, 1,
             {}, nullptr, {&body});
  EXPECT_TRUE(done[0]->isType<Chain>());
  Values total = invoke("tfrt_test.atomic.get.i32", {counter[0], done[0]}, 2);
  EXPECT_EQ(total[0]->get<int32_t>(), 0 + 3 + 6 + 9);
}

// Queued, the body runs later: on a worker, or on the thread that awaits
// its result, but not inside the kernel's call.
TEST_F(KernelLibraryTest, DoAsyncRunsItsBodyOnTheWorkQueue) {
  DiscKgFunction body = function(recordCaller, 1, 1);
  bodyRanInsideKernelCall = true;
  Values result =
      invoke("tfrt_test.do.async", {of<int32_t>(3)}, 1, {}, nullptr, {&body});
  EXPECT_EQ(result[0]->get<int32_t>(), 3);
  EXPECT_FALSE(bodyRanInsideKernelCall.load());
}

TEST_F(KernelLibraryTest, ResourcesAreDestroyedOnceExplicitlyOrWhenDropped) {
  std::string printed;
  Values resource =
      invoke("tfrt_test.allocate_resource", {readyChain()}, 2, {}, &printed);
  EXPECT_EQ(printed, "Allocated TestResource\n");
  invoke("tfrt_test.deallocate_resource", {resource[0], resource[1]}, 1, {},
         &printed);
  EXPECT_EQ(printed, "Destroyed TestResource\ntest.deallocate_resource done\n");
  testing::internal::CaptureStdout();
  resource.clear();
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");

  Values dropped = invoke("tfrt_test.allocate_resource", {readyChain()}, 2);
  testing::internal::CaptureStdout();
  dropped.clear();
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "Destroyed TestResource\n");
}

TEST_F(KernelLibraryTest, SharedContextIsOnePerRun) {
  Values first =
      invoke("tfrt_test.use_sample_shared_context", {readyChain()}, 2);
  Values second =
      invoke("tfrt_test.use_sample_shared_context", {readyChain()}, 2);
  EXPECT_EQ(first[0]->get<std::string>(), second[0]->get<std::string>());
  EXPECT_EQ(first[0]->get<std::string>().rfind("sample_shared_context", 0), 0u);
}

TEST_F(KernelLibraryTest, LoggingPrintsThroughEachMacro) {
  const char text[] = "hello world";
  Values message = invoke("tfrt_test.get_string", {}, 1,
                          {{"value", DISC_KG_ATTR_STRING, 11, text}});
  std::string printed;
  invoke("tfrt_test.logging", {message[0], readyChain()}, 1, {}, &printed);
  EXPECT_EQ(printed, "from TFRT_LOG(INFO): hello world\n"
                     "from TFRT_LOG(WARNING): hello world\n"
                     "from TFRT_LOG(ERROR): hello world\n"
                     "from TFRT_LOG_IF(INFO, true): hello world\n"
                     "from TFRT_LOG_IF(WARNING, true): hello world\n"
                     "from TFRT_LOG_IF(ERROR, true): hello world\n");
}

TEST_F(KernelLibraryTest, FlatGivesTheScalarsOfANestedArrayInOrder) {
  // [["string", [1 : i32, 0 : i32]], [1.0 : f32]]
  const char text[] = "string";
  const int32_t integers[] = {1, 0};
  const float one = 1.0f;
  const DiscKgAttribute inner[] = {{"", DISC_KG_ATTR_STRING, 6, text},
                                   {"", DISC_KG_ATTR_I32, 2, integers}};
  const DiscKgAttribute outer[] = {{"", DISC_KG_ATTR_ARRAY, 2, inner},
                                   {"", DISC_KG_ATTR_F32, 1, &one}};
  Values flat = invoke("tfrt_test.flat", {}, 4,
                       {{"value", DISC_KG_ATTR_ARRAY, 2, outer}});
  EXPECT_EQ(flat[0]->get<std::string>(), "string");
  EXPECT_EQ(flat[1]->get<int32_t>(), 1);
  EXPECT_EQ(flat[2]->get<int32_t>(), 0);
  EXPECT_EQ(flat[3]->get<float>(), 1.0f);

  Values tooFew = invoke("tfrt_test.flat", {}, 5,
                         {{"value", DISC_KG_ATTR_ARRAY, 2, outer}});
  EXPECT_EQ(tooFew[4]->errorMessage(),
            "tfrt_test.flat at test:1:1: 'value' holds 4 scalars for 5 "
            "results");
}

TEST_F(KernelLibraryTest, AsyncValueSelfChecks) {
  Values got = invoke("tfrt_test.async_value_get", {}, 1);
  EXPECT_EQ(got[0]->get<std::string>(), "base1:base2:final_class:3");
  Values ref = invoke("tfrt_test.async_value_ref", {}, 1);
  EXPECT_EQ(ref[0]->get<std::string>(),
            "available:2;unavailable;(3);available:3;unavailable;available:4");
}

TEST_F(KernelLibraryTest, BenchmarkRunsWarmupsAndMaxCountTimedRuns) {
  DiscKgFunction body = function(countedFirst, 1, 1);
  const char name[] = "bm_first";
  const int32_t duration = 3600, maxCount = 5, warmups = 2;
  int before = benchmarkRuns;
  std::string printed;
  Values done = invoke("tfrt_test.benchmark", {of<int32_t>(7)}, 1,
                       {{"benchmark_name", DISC_KG_ATTR_STRING, 8, name},
                        {"duration_secs", DISC_KG_ATTR_I32, 1, &duration},
                        {"max_count", DISC_KG_ATTR_I32, 1, &maxCount},
                        {"num_warmup_runs", DISC_KG_ATTR_I32, 1, &warmups}},
                       &printed, {&body});
  EXPECT_TRUE(done[0]->isType<Chain>());
  EXPECT_EQ(benchmarkRuns - before, 7);
  std::vector<std::string> figures;
  std::istringstream lines(printed);
  for (std::string line; std::getline(lines, line);)
    figures.push_back(line.substr(0, line.rfind(": ")));
  EXPECT_EQ(figures, (std::vector<std::string>{
                         "BM:bm_first:Duration(ns)", "BM:bm_first:Count",
                         "BM:bm_first:Time Min(ns)", "BM:bm_first:Time 50%(ns)",
                         "BM:bm_first:Time 95%(ns)", "BM:bm_first:Time 99%(ns)",
                         "BM:bm_first:CPU Min(ns)", "BM:bm_first:CPU 50%(ns)",
                         "BM:bm_first:CPU 95%(ns)", "BM:bm_first:CPU 99%(ns)",
                         "BM:bm_first:CPU utilization(percent)"}));
  EXPECT_NE(printed.find("BM:bm_first:Count: 5\n"), std::string::npos);
}

TEST_F(KernelLibraryTest, TutorialCoordinates) {
  Values coordinate = invoke("tfrt_tutorial.create_coordinate",
                             {of<int32_t>(2), of<int32_t>(4)}, 1);
  EXPECT_EQ(print("tfrt_tutorial.print_coordinate", coordinate[0]), "(2, 4)\n");
}

} // namespace
} // namespace disc::host
