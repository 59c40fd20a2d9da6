// Kernel-graph models through the C API: fake_kg_model.c stands in for what
// disc-compile emits for small tfrt programs.
#include "disc/runtime_stub.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace {

struct ModelDeleter {
  void operator()(disc_kg_model *model) const { disc_kg_model_free(model); }
};
struct RunDeleter {
  void operator()(disc_kg_run *run) const { disc_kg_run_free(run); }
};
using ModelPtr = std::unique_ptr<disc_kg_model, ModelDeleter>;
using RunPtr = std::unique_ptr<disc_kg_run, RunDeleter>;

std::string takeMessage(disc_status *status) {
  if (!status)
    return "";
  std::string message = disc_status_message(status);
  disc_status_free(status);
  return message;
}

class KernelGraphTest : public ::testing::Test {
protected:
  void SetUp() override {
    disc_kg_model *raw = nullptr;
    ASSERT_EQ(takeMessage(disc_kg_model_load(FAKE_KG_MODEL_PATH, &raw)), "");
    model.reset(raw);
  }

  RunPtr start(const char *name, std::vector<disc_kg_scalar> args = {}) {
    int64_t function = disc_kg_find_function(model.get(), name);
    EXPECT_GE(function, 0) << name;
    disc_kg_run *raw = nullptr;
    EXPECT_EQ(
        takeMessage(disc_kg_run_start(model.get(), function, args.data(),
                                      static_cast<int64_t>(args.size()), &raw)),
        "");
    return RunPtr(raw);
  }

  // Runs `name` to the end and returns its results as bef_executor prints
  // them, with what it printed on stdout.
  std::vector<std::string> run(const char *name, std::string *printed,
                               std::vector<disc_kg_scalar> args = {}) {
    testing::internal::CaptureStdout();
    RunPtr started = start(name, std::move(args));
    disc_kg_run_await(started.get());
    std::string output = testing::internal::GetCapturedStdout();
    if (printed)
      *printed = output;
    std::vector<std::string> texts;
    for (int64_t i = 0; i < disc_kg_run_result_count(started.get()); ++i)
      texts.push_back(disc_kg_run_result_text(started.get(), i, 0));
    return texts;
  }

  ModelPtr model;
};

TEST_F(KernelGraphTest, ListsFunctionsWithTheirTypes) {
  EXPECT_EQ(disc_kg_function_count(model.get()), 10);
  EXPECT_STREQ(disc_kg_function_name(model.get(), 0), "add_print");
  int64_t addOne = disc_kg_find_function(model.get(), "add_one");
  ASSERT_EQ(addOne, 1);
  EXPECT_EQ(disc_kg_function_input_count(model.get(), addOne), 1);
  EXPECT_STREQ(disc_kg_function_input_type(model.get(), addOne, 0), "i32");
  EXPECT_STREQ(disc_kg_function_output_type(model.get(), 0, 1), "!tfrt.chain");
  EXPECT_EQ(disc_kg_find_function(model.get(), "missing"), -1);
  EXPECT_EQ(disc_kg_function_name(model.get(), 10), nullptr);
}

TEST_F(KernelGraphTest, SyncKernelsPrintAndReturn) {
  std::string printed;
  EXPECT_EQ(run("add_print", &printed),
            (std::vector<std::string>{"3", "!tfrt.chain value"}));
  EXPECT_EQ(printed, "int32 = 3\n");
}

TEST_F(KernelGraphTest, ScalarArgumentsAndResults) {
  RunPtr started = start("add_one", {{"i32", 41, 0, nullptr}});
  disc_kg_run_await(started.get());
  disc_kg_scalar value{};
  ASSERT_EQ(takeMessage(disc_kg_run_result(started.get(), 0, &value)), "");
  EXPECT_STREQ(value.type, "i32");
  EXPECT_EQ(value.integer, 42);
  EXPECT_EQ(disc_kg_run_result_error(started.get(), 0), nullptr);
}

TEST_F(KernelGraphTest, ArgumentsAreChecked) {
  disc_kg_run *raw = nullptr;
  disc_kg_scalar wrong{"f32", 0, 1.0, nullptr};
  EXPECT_EQ(takeMessage(disc_kg_run_start(model.get(), 1, &wrong, 1, &raw)),
            "argument 0 of 'add_one' has type 'f32', expected 'i32'");
  EXPECT_EQ(takeMessage(disc_kg_run_start(model.get(), 1, nullptr, 0, &raw)),
            "function 'add_one' takes 1 argument(s), got 0");
  EXPECT_EQ(raw, nullptr);
}

TEST_F(KernelGraphTest, DivideByZeroIsAnErrorValueOnlyWhereItFlows) {
  EXPECT_EQ(run("divide_by_zero", nullptr),
            (std::vector<std::string>{"<<error: Divide by zero>>", "42"}));
  RunPtr started = start("divide_by_zero");
  disc_kg_run_await(started.get());
  EXPECT_STREQ(disc_kg_run_result_error(started.get(), 0), "Divide by zero");
  disc_kg_scalar value{};
  EXPECT_EQ(takeMessage(disc_kg_run_result(started.get(), 0, &value)),
            "result 0 of 'divide_by_zero' is an error: Divide by zero");
  EXPECT_STREQ(disc_kg_run_result_text(started.get(), 0, 1),
               "<<error: Divide by zero, code: INTERNAL>>");
}

TEST_F(KernelGraphTest, CallAndIf) {
  EXPECT_EQ(run("call_and_select", nullptr),
            (std::vector<std::string>{"2", "1"}));
}

TEST_F(KernelGraphTest, FunctionsWithoutResults) {
  std::string printed;
  EXPECT_TRUE(run("no_results", &printed).empty());
  EXPECT_EQ(printed, "hello host executor!\n");
}

TEST_F(KernelGraphTest, ErrorsSkipOnlyTheirDependents) {
  std::string printed;
  EXPECT_EQ(
      run("partial_failure", &printed),
      (std::vector<std::string>{"1", "<<error: something bad happened>>"}));
  EXPECT_EQ(printed, "int32 = 1\n");
}

TEST_F(KernelGraphTest, ConcurrentIncrementsJoinedByMergeChains) {
  for (int repetition = 0; repetition < 5; ++repetition)
    EXPECT_EQ(run("async_increments", nullptr),
              (std::vector<std::string>{"1024"}));
}

TEST_F(KernelGraphTest, WhileLoopWithAsyncBody) {
  EXPECT_EQ(run("count_down", nullptr, {{"i32", 7, 0, nullptr}}),
            (std::vector<std::string>{"7", "0"}));
  EXPECT_EQ(run("count_down", nullptr, {{"i32", -3, 0, nullptr}}),
            (std::vector<std::string>{"0", "-3"}));
}

TEST_F(KernelGraphTest, UnknownKernelsAndStrings) {
  RunPtr started = start("unknown_kernel", {{"!tfrt.string", 0, 0, "bark"}});
  disc_kg_run_await(started.get());
  disc_kg_scalar value{};
  ASSERT_EQ(takeMessage(disc_kg_run_result(started.get(), 0, &value)), "");
  EXPECT_STREQ(value.string, "bark");
  EXPECT_STREQ(disc_kg_run_result_error(started.get(), 1),
               "no kernel named 'no_such.kernel' (at "
               "fake_kg_model.c:\"no_such.kernel\")");
}

// sleep_forever(100000) runs 100000 one-millisecond sleeps in sequence:
// cancelling it from another thread skips the iterations not yet started.
TEST_F(KernelGraphTest, CancellingARunInFlight) {
  RunPtr started = start("sleep_forever", {{"i32", 100000, 0, nullptr}});
  std::thread canceller([run = started.get()] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    disc_kg_run_cancel(run);
  });
  disc_kg_run_await(started.get());
  canceller.join();
  EXPECT_STREQ(disc_kg_run_result_error(started.get(), 0), "Cancelled");
  EXPECT_STREQ(disc_kg_run_result_error(started.get(), 1), "Cancelled");
}

TEST_F(KernelGraphTest, FreeingARunningRunCancelsIt) {
  RunPtr started = start("sleep_forever", {{"i32", 100000, 0, nullptr}});
  started.reset();
}

TEST_F(KernelGraphTest, WorkQueueTypesAreTfrts) {
  EXPECT_EQ(takeMessage(disc_kg_model_set_work_queue(model.get(), "mt")),
            "unknown work queue type 'mt'; expected 's' or 'mstd'");
  EXPECT_EQ(takeMessage(disc_kg_model_set_work_queue(model.get(), nullptr)),
            "unknown work queue type '(null)'; expected 's' or 'mstd'");
  EXPECT_EQ(takeMessage(disc_kg_model_set_work_queue(model.get(), "s")), "");
  EXPECT_EQ(takeMessage(disc_kg_model_set_work_queue(model.get(), "mstd")), "");
}

// On the single-threaded queue the queued kernels (do.async bodies,
// continuations) run on the thread in disc_kg_run_await.
TEST_F(KernelGraphTest, RunsOnTheSingleThreadedQueue) {
  ASSERT_EQ(takeMessage(disc_kg_model_set_work_queue(model.get(), "s")), "");
  EXPECT_EQ(run("async_increments", nullptr),
            (std::vector<std::string>{"1024"}));
  EXPECT_EQ(run("count_down", nullptr, {{"i32", 7, 0, nullptr}}),
            (std::vector<std::string>{"7", "0"}));
  RunPtr started = start("sleep_forever", {{"i32", 100000, 0, nullptr}});
  disc_kg_run_cancel(started.get());
  disc_kg_run_await(started.get());
  EXPECT_STREQ(disc_kg_run_result_error(started.get(), 0), "Cancelled");
}

TEST(KernelGraphModel, RejectsModelsWithoutKernelGraphFunctions) {
  disc_kg_model *raw = nullptr;
  std::string message = takeMessage(disc_kg_model_load(FAKE_MODEL_PATH, &raw));
  EXPECT_NE(message.find("is not a kernel-graph model"), std::string::npos)
      << message;
  EXPECT_EQ(raw, nullptr);
}

} // namespace
