// tfrt_test.benchmark, as TFRT's benchmark kernel: runs its region
// num_warmup_runs times, then again until max_count timed runs or
// duration_secs have passed, each run ending when all of the region's
// results are available, and prints a report of the run times, one
// "BM:<name>:<figure>: <value>" line per figure.
#include "kernels/print.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/kernel_frame.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

namespace disc::kernels {

using host::AsyncValue;
using host::HostExecution;
using host::KernelFrame;
using host::RCReference;

namespace {

using Clock = std::chrono::steady_clock;

int64_t processCpuNanoseconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return int64_t{now.tv_sec} * 1000000000 + now.tv_nsec;
}

int64_t nanosecondsBetween(Clock::time_point start, Clock::time_point end) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(end - start)
      .count();
}

// The nearest-rank `percent`th percentile of sorted, non-empty `times`.
int64_t percentile(const std::vector<int64_t> &times, int percent) {
  size_t rank = (times.size() * percent + 99) / 100;
  return times[std::max<size_t>(rank, 1) - 1];
}

struct BenchmarkLoop {
  BenchmarkLoop(KernelFrame &frame, std::string name, int32_t warmupRuns,
                int32_t maxCount, Clock::duration duration)
      : execution(&frame.execution()), body(&frame.function(0)),
        name(std::move(name)), warmupRuns(warmupRuns), maxCount(maxCount),
        duration(duration), done(frame.allocateResult<host::Chain>(0)) {
    for (int i = 0; i < frame.numArgs(); ++i)
      args.push_back(frame.argRef(i));
  }

  HostExecution *execution;
  const DiscKgFunction *body;
  std::vector<RCReference<AsyncValue>> args;
  std::string name;
  int32_t warmupRuns;
  int32_t maxCount;
  Clock::duration duration;
  RCReference<AsyncValue> done;

  int32_t runsStarted = 0;
  Clock::time_point firstTimedStart;
  Clock::time_point runStart;
  int64_t runCpuStart = 0;
  std::vector<int64_t> wallTimes;
  std::vector<int64_t> cpuTimes;
  std::vector<RCReference<AsyncValue>> pending;

  bool timing() const { return runsStarted > warmupRuns; }

  // Starts runs until one has results not yet available, or no run is
  // left; resumed by the waiter on such a result.
  void run() {
    for (;;) {
      if (awaitPending())
        return;
      if (runsStarted > 0)
        finishRun();
      if (execution->cancelled())
        return fail("Cancelled");
      if (!startRun())
        return succeed();
    }
  }

  // True if a result of the current run is unavailable: the loop resumes
  // once it is.
  bool awaitPending() {
    while (!pending.empty() && pending.back()->isAvailable())
      pending.pop_back();
    if (pending.empty())
      return false;
    AsyncValue *awaited = pending.back().get();
    awaited->andThen([loop = std::move(*this)]() mutable { loop.run(); });
    return true;
  }

  void finishRun() {
    if (!timing())
      return;
    wallTimes.push_back(nanosecondsBetween(runStart, Clock::now()));
    cpuTimes.push_back(processCpuNanoseconds() - runCpuStart);
  }

  bool startRun() {
    Clock::time_point now = Clock::now();
    if (runsStarted >= warmupRuns) {
      if (runsStarted == warmupRuns)
        firstTimedStart = now;
      else if (static_cast<int32_t>(wallTimes.size()) >= maxCount ||
               now - firstTimedStart >= duration)
        return false;
    }
    ++runsStarted;
    runStart = now;
    runCpuStart = processCpuNanoseconds();
    std::vector<AsyncValue *> argPointers;
    for (const auto &arg : args)
      argPointers.push_back(arg.get());
    std::vector<AsyncValue *> results(body->num_results, nullptr);
    execution->call(*body, argPointers.data(), results.data());
    for (AsyncValue *result : results)
      pending.push_back(RCReference<AsyncValue>::adopt(result));
    return true;
  }

  void succeed() {
    report();
    done->emplace<host::Chain>();
    execution->endWork();
  }
  void fail(const std::string &message) {
    done->setError(message);
    execution->endWork();
  }

  void report() const {
    std::vector<int64_t> wall = wallTimes;
    std::vector<int64_t> cpu = cpuTimes;
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    int64_t totalWall = 0;
    int64_t totalCpu = 0;
    for (int64_t time : wall)
      totalWall += time;
    for (int64_t time : cpu)
      totalCpu += time;
    auto line = [this](const std::string &figure, const std::string &value) {
      printLine("BM:" + name + ":" + figure + ": " + value);
    };
    line("Duration(ns)", std::to_string(totalWall));
    line("Count", std::to_string(wall.size()));
    if (wall.empty())
      return;
    line("Time Min(ns)", std::to_string(wall.front()));
    for (int percent : {50, 95, 99})
      line("Time " + std::to_string(percent) + "%(ns)",
           std::to_string(percentile(wall, percent)));
    line("CPU Min(ns)", std::to_string(cpu.front()));
    for (int percent : {50, 95, 99})
      line("CPU " + std::to_string(percent) + "%(ns)",
           std::to_string(percentile(cpu, percent)));
    line("CPU utilization(percent)",
         std::to_string(totalWall > 0 ? 100.0 * totalCpu / totalWall : 0.0));
  }
};

void benchmark(KernelFrame &frame) {
  std::optional<std::string> name = frame.attributeString("benchmark_name");
  std::optional<int32_t> durationSecs =
      frame.attributeNumber<int32_t>("duration_secs");
  std::optional<int32_t> maxCount = frame.attributeNumber<int32_t>("max_count");
  if (!name || !durationSecs || !maxCount || frame.numFunctions() != 1) {
    frame.reportError(frame.where() +
                      ": needs benchmark_name, duration_secs, max_count and "
                      "one region");
    return;
  }
  BenchmarkLoop loop(
      frame, std::move(*name),
      frame.attributeNumber<int32_t>("num_warmup_runs").value_or(1), *maxCount,
      std::chrono::seconds(*durationSecs));
  // Counted as work of the run until the report is out.
  frame.execution().beginWork();
  loop.run();
}

[[maybe_unused]] const bool registered = host::registerKernels({
    {"tfrt_test.benchmark", benchmark},
});

} // namespace

} // namespace disc::kernels
