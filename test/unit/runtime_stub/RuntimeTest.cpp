// Errors as values, threads, memory and model targets, through the C API on
// the hand-written fake models.
#include "test_helpers.h"

#include "disc/ral/context.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <thread>

namespace disc::test {
namespace {

std::vector<float> ramp(size_t count) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i)
    values[i] = static_cast<float>(i % 97) * 0.37f - 11.0f;
  return values;
}

TEST(MemoryLimit, AnAllocationOverTheCapFailsAndTheModelRunsOn) {
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  EXPECT_EQ(disc_model_memory_limit(model.get()), DISC_NO_MEMORY_LIMIT);
  Status status(disc_model_set_memory_limit(model.get(), 65536));
  ASSERT_EQ(status, nullptr);
  EXPECT_EQ(disc_model_memory_limit(model.get()), 65536);

  std::string error;
  // 262144 floats need a 1 MiB temporary.
  EXPECT_TRUE(runOnVector(model.get(), "scale", ramp(262144), error).empty());
  EXPECT_EQ(error, "ral_alloc: 1048576 bytes would exceed the memory limit "
                   "of 65536 bytes");

  // Exactly at the cap still runs, and gives the right values.
  std::vector<float> x = ramp(16384);
  std::vector<float> y = runOnVector(model.get(), "scale", x, error);
  ASSERT_EQ(error, "");
  ASSERT_EQ(y.size(), x.size());
  for (size_t i = 0; i < x.size(); i += 1000)
    EXPECT_EQ(y[i], x[i] * x[i] * 0.1f + x[i] / 3.0f) << i;

  EXPECT_TRUE(runOnVector(model.get(), "scale", ramp(16385), error).empty());
  EXPECT_EQ(error, "ral_alloc: 65540 bytes would exceed the memory limit of "
                   "65536 bytes");

  status.reset(disc_model_set_memory_limit(model.get(), -5));
  EXPECT_EQ(disc_model_memory_limit(model.get()), DISC_NO_MEMORY_LIMIT);
  EXPECT_EQ(runOnVector(model.get(), "scale", ramp(262144), error).size(),
            262144u);
  EXPECT_EQ(error, "");
  status.reset(disc_model_set_memory_limit(nullptr, 1));
  EXPECT_EQ(message(status), "disc_model_set_memory_limit: no model");
}

TEST(MaxThreads, IsKeptPerModelAndRejectsANegativeCount) {
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  EXPECT_EQ(disc_model_max_threads(model.get()), 0);
  Status status(disc_model_set_max_threads(model.get(), 1));
  ASSERT_EQ(status, nullptr);
  EXPECT_EQ(disc_model_max_threads(model.get()), 1);

  std::string error;
  std::vector<float> x = ramp(4096);
  std::vector<float> y = runOnVector(model.get(), "scale", x, error);
  ASSERT_EQ(error, "");
  ASSERT_EQ(y.size(), x.size());
  EXPECT_EQ(y[100], x[100] * x[100] * 0.1f + x[100] / 3.0f);

  status.reset(disc_model_set_max_threads(model.get(), -2));
  EXPECT_EQ(message(status), "disc_model_set_max_threads: -2 threads; "
                             "expected 0 (one per core) or more");
  EXPECT_EQ(disc_model_max_threads(model.get()), 1);
  status.reset(disc_model_set_max_threads(nullptr, 1));
  EXPECT_EQ(message(status), "disc_model_set_max_threads: no model");
}

std::string runAddDynamic(disc_model *model, const std::vector<float> &a,
                          const std::vector<float> &b,
                          std::vector<float> &sum) {
  int64_t aShape[] = {static_cast<int64_t>(a.size())};
  int64_t bShape[] = {static_cast<int64_t>(b.size())};
  disc_tensor inputs[] = {{"f32", 1, aShape, a.data()},
                          {"f32", 1, bShape, b.data()}};
  disc_outputs *raw = nullptr;
  Status status(disc_model_run(
      model, disc_model_find_function(model, "add_dynamic"), inputs, 2, &raw));
  Outputs outputs(raw);
  sum.clear();
  if (status)
    return message(status);
  const disc_tensor *result = disc_outputs_get(outputs.get(), 0);
  const float *data = static_cast<const float *>(result->data);
  sum.assign(data, data + result->shape[0]);
  return "";
}

TEST(RunTimeChecks, MismatchedDynamicDimsFailTheRunAndTheModelRunsOn) {
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  std::vector<float> sum;
  EXPECT_EQ(runAddDynamic(model.get(), {1, 2, 3}, {1, 2}, sum),
            "fake_model_ops.mlir:4:10: dimension 0 of the operands of "
            "stablehlo.add differ");
  EXPECT_TRUE(sum.empty());
  EXPECT_EQ(runAddDynamic(model.get(), {1, 2, 3}, {10, 20, 30}, sum), "");
  EXPECT_EQ(sum, (std::vector<float>{11, 22, 33}));
}

TEST(MemoryLimit, CountsTheTemporariesLiveAtOnce) {
  disc::ral::Context context;
  context.setMemoryLimit(1000);
  disc::ral::ExecutionContext run(&context, {}, 0);
  void *first = run.allocateTemporary(600);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(run.temporaryBytes(), 600);
  run.freeTemporary(first);
  void *second = run.allocateTemporary(700);
  ASSERT_NE(second, nullptr);
  EXPECT_TRUE(run.ok());
  EXPECT_EQ(run.allocateTemporary(301), nullptr);
  EXPECT_EQ(run.errorMessage(), "ral_alloc: 301 bytes would exceed the memory "
                                "limit of 1000 bytes, 700 bytes are in use");
}

TEST(Threads, EightThreadsOfAThousandRunsMatchASingleThreadBitForBit) {
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  constexpr int kThreads = 8, kRuns = 1000;
  // Each thread runs its own inputs; the reference comes from this thread.
  std::vector<std::vector<float>> inputs, reference;
  std::string error;
  for (int t = 0; t < kThreads; ++t) {
    std::vector<float> x = ramp(256 + 32 * t);
    for (float &value : x)
      value += static_cast<float>(t) * 0.125f;
    reference.push_back(runOnVector(model.get(), "scale", x, error));
    ASSERT_EQ(error, "");
    inputs.push_back(std::move(x));
  }
  std::vector<int> mismatches(kThreads, 0);
  std::vector<std::string> errors(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int run = 0; run < kRuns; ++run) {
        std::string message;
        std::vector<float> y =
            runOnVector(model.get(), "scale", inputs[t], message);
        if (!message.empty())
          errors[t] = message;
        if (y.size() != reference[t].size() ||
            std::memcmp(y.data(), reference[t].data(),
                        y.size() * sizeof(float)) != 0)
          ++mismatches[t];
      }
    });
  }
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(mismatches, std::vector<int>(kThreads, 0));
  EXPECT_EQ(errors, std::vector<std::string>(kThreads));
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DISC_UNDER_SANITIZER 1
#else
#define DISC_UNDER_SANITIZER 0
#endif

long residentBytes() {
  std::FILE *file = std::fopen("/proc/self/statm", "r");
  if (!file)
    return -1;
  long size = 0, resident = -1;
  if (std::fscanf(file, "%ld %ld", &size, &resident) != 2)
    resident = -1;
  std::fclose(file);
  return resident < 0 ? -1 : resident * sysconf(_SC_PAGESIZE);
}

TEST(Memory, TenThousandRunsDoNotGrowTheResidentSet) {
  if (DISC_UNDER_SANITIZER)
    GTEST_SKIP() << "sanitizer allocators keep freed memory on purpose; "
                    "LeakSanitizer checks leaks there";
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  std::vector<float> x = ramp(4096);
  std::string error;
  // Warm up the allocator and the API lookup cache first.
  for (int run = 0; run < 1000; ++run)
    runOnVector(model.get(), "scale", x, error);
  long before = residentBytes();
  ASSERT_GT(before, 0);
  for (int run = 0; run < 10000; ++run) {
    runOnVector(model.get(), "scale", x, error);
    ASSERT_EQ(error, "");
  }
  long growth = residentBytes() - before;
  std::cout << "resident set growth over 10000 runs: " << growth << " bytes\n";
  RecordProperty("rss_growth_bytes", static_cast<int>(growth));
  // Each run allocates ~48 KiB (input copy, temporary, output); a leak of
  // any of them would show as hundreds of MiB.
  EXPECT_LT(growth, 256 * 1024);
}

std::string loadError(const char *path) {
  disc_model *model = nullptr;
  Status status(disc_model_load(path, &model));
  EXPECT_EQ(model, nullptr);
  return message(status);
}

TEST(Target, AModelForAnotherTargetDoesNotLoad) {
  EXPECT_STREQ(disc_runtime_targets(), "cpu,cuda");
  EXPECT_EQ(loadError(FAKE_MODEL_TPU_PATH),
            std::string("'") + FAKE_MODEL_TPU_PATH +
                "': built for unknown target 'tpu'; this runtime runs only "
                "'cpu,cuda' models");
}

TEST(Target, ACudaModelLoadsWithoutAGpu) {
  Model model = loadOrFail(FAKE_MODEL_CUDA_PATH);
  ASSERT_TRUE(model);
  EXPECT_STREQ(disc_model_target(model.get()), "cuda");
}

TEST(Target, ACudaModelTakesTheCallersStreamBeforeItRuns) {
  Model model = loadOrFail(FAKE_MODEL_CUDA_PATH);
  ASSERT_TRUE(model);
  int fakeStream = 0;
  EXPECT_EQ(
      message(Status(disc_model_set_cuda_stream(model.get(), &fakeStream))),
      "(ok)");
  EXPECT_EQ(message(Status(disc_model_set_cuda_stream(model.get(), nullptr))),
            "(ok)");
  EXPECT_EQ(message(Status(disc_model_set_cuda_stream(nullptr, nullptr))),
            "disc_model_set_cuda_stream: no model");

  Model cpuModel = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(cpuModel);
  EXPECT_EQ(
      message(Status(disc_model_set_cuda_stream(cpuModel.get(), nullptr))),
      std::string("'") + FAKE_MODEL_OPS_PATH +
          "': disc_model_set_cuda_stream: the model was compiled for "
          "cpu, not cuda");
}

TEST(Target, TheCApiTellsWhatTheModelIs) {
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  EXPECT_STREQ(disc_model_target(model.get()), "cpu");
  EXPECT_STREQ(disc_model_target_cpu(model.get()), "generic");
  EXPECT_STREQ(disc_model_compiler_version(model.get()), "fake model ops 1.0");
  EXPECT_STREQ(disc_model_source_hash(model.get()), "fnv1a64:0000000000000002");
}

} // namespace
} // namespace disc::test
