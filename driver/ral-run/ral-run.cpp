// ral-run: loads a model .so built by disc-compile, runs one of its functions
// on .npy inputs and prints, saves or checks the outputs.
#include "disc/ral/dtype.h"
#include "disc/runtime_stub.h"
#include "disc/tooling/compare.h"
#include "disc/tooling/outputs.h"
#include "disc/tooling/tensor_text.h"

#include <sys/resource.h>
#include <sys/stat.h>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace disc::tooling;

int fail(const std::string &message) {
  std::fprintf(stderr, "ral-run: error: %s\n", message.c_str());
  return 1;
}

struct StatusDeleter {
  void operator()(disc_status *status) const { disc_status_free(status); }
};
struct ModuleDeleter {
  void operator()(disc_model *model) const { disc_model_free(model); }
};
struct OutputsDeleter {
  void operator()(disc_outputs *outputs) const { disc_outputs_free(outputs); }
};
using StatusPtr = std::unique_ptr<disc_status, StatusDeleter>;

void describe(const disc_model *model, const std::string &path) {
  std::printf("model: %s\n", path.c_str());
  std::printf("target: %s", disc_model_target(model));
  if (*disc_model_target_cpu(model))
    std::printf(" (%s)", disc_model_target_cpu(model));
  std::printf("\ncompiler: %s\n", disc_model_compiler_version(model));
  std::printf("source hash: %s\n", disc_model_source_hash(model));
  for (int64_t f = 0; f < disc_model_function_count(model); ++f) {
    std::printf("function %s:\n", disc_model_function_name(model, f));
    for (int64_t i = 0; i < disc_function_input_count(model, f); ++i) {
      const disc_tensor_signature *input = disc_function_input(model, f, i);
      std::printf("  input %" PRId64 " '%s': %s\n", i, input->name,
                  shapeText(input->shape, input->rank, input->dtype).c_str());
    }
    for (int64_t i = 0; i < disc_function_output_count(model, f); ++i) {
      const disc_tensor_signature *output = disc_function_output(model, f, i);
      std::printf(
          "  output %" PRId64 " '%s': %s\n", i, output->name,
          shapeText(output->shape, output->rank, output->dtype).c_str());
    }
  }
}

struct Options {
  std::string model;
  std::vector<std::string> inputs;
  std::vector<OutputSink> outputs;
  std::vector<std::string> expected;
  std::string function;
  bool describe = false;
  std::optional<double> atol;
  std::optional<double> rtol;
  int64_t benchmarkRuns = 0;
  std::optional<int64_t> memoryLimit;
  int maxThreads = 0;
  std::vector<std::string> plugins;
  bool verbose = false;
  bool runAll = false;
  bool printErrorCode = false;
  std::string workQueueType = "mstd";
  // Where the model must run; unset, where it was compiled for.
  std::optional<std::string> device;
};

// The model was compiled for one device; --device states which one the
// caller means to use, so a mix-up fails before anything runs.
std::optional<std::string> checkDevice(const Options &options,
                                       const std::string &target) {
  if (!options.device || *options.device == target)
    return std::nullopt;
  return "'" + options.model + "' was compiled for " + target +
         ", not for --device=" + *options.device +
         "; compile it with disc-compile --target=" + *options.device;
}

std::optional<std::string> checkKernelGraphDevice(const Options &options) {
  if (!options.device || *options.device == "cpu")
    return std::nullopt;
  return "'" + options.model +
         "' is a kernel-graph model, which runs on the host: use "
         "--device=cpu or leave --device out";
}

struct KgModelDeleter {
  void operator()(disc_kg_model *model) const { disc_kg_model_free(model); }
};
struct KgRunDeleter {
  void operator()(disc_kg_run *run) const { disc_kg_run_free(run); }
};
using KgRunPtr = std::unique_ptr<disc_kg_run, KgRunDeleter>;

// What one timed run leaves behind (outputs, a finished run), freed after
// its time is taken.
using RunLeftovers = std::shared_ptr<void>;
// Runs a function once: an error message, empty on success.
using TimedRun = std::function<std::string(RunLeftovers &leftovers)>;

// The timings of this many runs take 80 MB; more is a mistyped count.
constexpr int64_t kMaxBenchmarkRuns = 10'000'000;

// Calls `runOnce` `warmups + runs` times and prints the spread of the timed
// runs of function `name` in microseconds.
int benchmark(const char *name, int64_t runs, const TimedRun &runOnce) {
  int64_t warmups = warmupRunsFor(runs);
  std::vector<double> micros;
  micros.reserve(static_cast<size_t>(runs));
  for (int64_t i = 0; i < warmups + runs; ++i) {
    RunLeftovers leftovers;
    auto start = std::chrono::steady_clock::now();
    std::string error = runOnce(leftovers);
    auto elapsed = std::chrono::duration<double, std::micro>(
        std::chrono::steady_clock::now() - start);
    if (!error.empty())
      return fail("benchmark run " + std::to_string(i) + ": " + error);
    if (i >= warmups)
      micros.push_back(elapsed.count());
  }
  TimingSummary summary = summarizeTimings(std::move(micros));
  // The most memory the process has held at once, the model, its inputs
  // and every run's temporaries included (Linux counts ru_maxrss in KiB).
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("benchmark '%s': %" PRId64 " runs after %" PRId64
              " warm-up runs: min %.1f us, median %.1f us, p90 %.1f us, "
              "peak RSS %.1f MiB\n",
              name, runs, warmups, summary.min, summary.median, summary.p90,
              static_cast<double>(usage.ru_maxrss) / 1024.0);
  return 0;
}

// Runs function `function` of a kernel-graph model to completion and
// returns its results as bef_executor prints them.
std::vector<std::string> runKgFunction(disc_kg_model *model, int64_t function,
                                       const std::vector<disc_kg_scalar> &args,
                                       bool printErrorCode,
                                       std::string &error) {
  disc_kg_run *raw = nullptr;
  StatusPtr status(disc_kg_run_start(model, function, args.data(),
                                     static_cast<int64_t>(args.size()), &raw));
  if (status) {
    error = disc_status_message(status.get());
    return {};
  }
  KgRunPtr run(raw);
  disc_kg_run_await(run.get());
  std::vector<std::string> results;
  for (int64_t i = 0; i < disc_kg_run_result_count(run.get()); ++i)
    results.push_back(
        disc_kg_run_result_text(run.get(), i, printErrorCode ? 1 : 0));
  return results;
}

// --run-all: what TFRT's bef_executor prints for every function of the
// model, in file order.
int runAllKgFunctions(disc_kg_model *model, bool printErrorCode) {
  for (int64_t f = 0; f < disc_kg_function_count(model); ++f) {
    const char *name = disc_kg_function_name(model, f);
    if (disc_kg_function_input_count(model, f) > 0) {
      std::printf("--- Not running '%s' because it has arguments.\n", name);
      continue;
    }
    std::printf("--- Running '%s':\n", name);
    std::fflush(stdout);
    std::string error;
    std::vector<std::string> results =
        runKgFunction(model, f, {}, printErrorCode, error);
    if (!error.empty())
      return fail(error);
    if (!results.empty()) {
      std::string joined;
      for (size_t i = 0; i < results.size(); ++i)
        joined += (i ? "," : "") + results[i];
      std::printf("'%s' returned %s\n", name, joined.c_str());
    }
    std::fflush(stdout);
  }
  return 0;
}

// Runs one function of a kernel-graph model: its non-chain inputs come in
// order from `inputs`, its chain inputs are ready chains; prints one result
// per line.
int runKgModel(const Options &options) {
  disc_kg_model *raw = nullptr;
  StatusPtr status(disc_kg_model_load(options.model.c_str(), &raw));
  if (status)
    return fail(disc_status_message(status.get()));
  std::unique_ptr<disc_kg_model, KgModelDeleter> model(raw);
  status.reset(
      disc_kg_model_set_work_queue(model.get(), options.workQueueType.c_str()));
  if (status)
    return fail(disc_status_message(status.get()));
  if (options.runAll)
    return runAllKgFunctions(model.get(), options.printErrorCode);
  if (options.function.empty())
    return fail("'" + options.model +
                "' is a kernel-graph model: name the function to run with "
                "--function, or run them all with --run-all");
  int64_t function =
      disc_kg_find_function(model.get(), options.function.c_str());
  if (function < 0) {
    std::string names;
    for (int64_t f = 0; f < disc_kg_function_count(model.get()); ++f)
      names +=
          std::string(f ? ", " : "") + disc_kg_function_name(model.get(), f);
    return fail("'" + options.model + "' has no function '" + options.function +
                "'; it has: " + names);
  }
  std::vector<disc_kg_scalar> args;
  size_t nextInput = 0;
  std::string error;
  for (int64_t i = 0; i < disc_kg_function_input_count(model.get(), function);
       ++i) {
    const char *type = disc_kg_function_input_type(model.get(), function, i);
    if (std::string(type) == "!tfrt.chain") {
      args.push_back({type, 0, 0, nullptr});
      continue;
    }
    if (nextInput == options.inputs.size())
      return fail("function '" + options.function + "' needs a value for its " +
                  type + " input " + std::to_string(i) +
                  "; pass it with --input");
    disc_kg_scalar value;
    if (!parseKgArgument(options.inputs[nextInput++], type, value, error))
      return fail("input " + std::to_string(i) + ": " + error);
    args.push_back(value);
  }
  if (nextInput != options.inputs.size())
    return fail("function '" + options.function + "' takes " +
                std::to_string(nextInput) + " non-chain input(s), got " +
                std::to_string(options.inputs.size()));
  std::vector<std::string> results =
      runKgFunction(model.get(), function, args, options.printErrorCode, error);
  if (!error.empty())
    return fail(error);
  for (const std::string &result : results)
    std::printf("%s\n", result.c_str());
  std::fflush(stdout);
  if (options.benchmarkRuns == 0)
    return 0;
  return benchmark(options.function.c_str(), options.benchmarkRuns,
                   [&](RunLeftovers &leftovers) -> std::string {
                     disc_kg_run *run = nullptr;
                     StatusPtr status(disc_kg_run_start(
                         model.get(), function, args.data(),
                         static_cast<int64_t>(args.size()), &run));
                     if (status)
                       return disc_status_message(status.get());
                     leftovers.reset(run, KgRunDeleter());
                     disc_kg_run_await(run);
                     return "";
                   });
}

int run(const Options &options) {
  for (const std::string &plugin : options.plugins) {
    StatusPtr status(disc_load_plugin(plugin.c_str()));
    if (status)
      return fail(disc_status_message(status.get()));
    spdlog::debug("loaded plugin '{}'", plugin);
  }
  // Kernel-graph models run on the host.
  if (options.runAll) {
    if (auto mismatch = checkKernelGraphDevice(options))
      return fail(*mismatch);
    return runKgModel(options);
  }
  disc_model *rawModel = nullptr;
  StatusPtr status(disc_model_load(options.model.c_str(), &rawModel));
  if (status)
    return fail(disc_status_message(status.get()));
  std::unique_ptr<disc_model, ModuleDeleter> model(rawModel);
  if (disc_model_function_count(model.get()) == 0 && !options.describe) {
    if (auto mismatch = checkKernelGraphDevice(options))
      return fail(*mismatch);
    return runKgModel(options);
  }
  if (auto mismatch = checkDevice(options, disc_model_target(model.get())))
    return fail(*mismatch);
  spdlog::debug("loaded '{}': {} function(s), target '{}'", options.model,
                disc_model_function_count(model.get()),
                disc_model_target(model.get()));
  if (options.memoryLimit)
    disc_model_set_memory_limit(model.get(), *options.memoryLimit);
  disc_model_set_max_threads(model.get(), options.maxThreads);

  if (options.describe) {
    describe(model.get(), options.model);
    return 0;
  }

  int64_t function = -1;
  if (!options.function.empty()) {
    function = disc_model_find_function(model.get(), options.function.c_str());
    if (function < 0) {
      std::string names;
      for (int64_t f = 0; f < disc_model_function_count(model.get()); ++f)
        names += std::string(f ? ", " : "") +
                 disc_model_function_name(model.get(), f);
      return fail("'" + options.model + "' has no function '" +
                  options.function + "'; it has: " + names);
    }
  } else {
    status.reset(disc_model_default_function(model.get(), &function));
    if (status)
      return fail(std::string(disc_status_message(status.get())) +
                  "; pick one with --function");
  }
  const char *functionName = disc_model_function_name(model.get(), function);
  spdlog::debug("running function '{}'", functionName);

  std::vector<LabeledArray> arrays;
  std::string error;
  for (const std::string &spec : options.inputs)
    if (!readTensors(spec, arrays, error))
      return fail(error);
  std::vector<disc_tensor> inputs;
  for (const LabeledArray &tensor : arrays) {
    const disc::npy::Array &array = tensor.array;
    inputs.push_back({disc::ral::dtypeToken(array.dtype),
                      static_cast<int64_t>(array.shape.size()),
                      array.shape.data(), array.data()});
    spdlog::debug("input {}: '{}' {}", inputs.size() - 1, tensor.label,
                  shapeText(array.shape.data(),
                            static_cast<int64_t>(array.shape.size()),
                            disc::ral::dtypeToken(array.dtype)));
  }

  int64_t outputCount = disc_function_output_count(model.get(), function);
  if (!options.outputs.empty() &&
      static_cast<int64_t>(options.outputs.size()) != outputCount)
    return fail("function '" + std::string(functionName) + "' has " +
                std::to_string(outputCount) + " output(s), --outputs names " +
                std::to_string(options.outputs.size()));
  std::vector<LabeledArray> expected;
  for (const std::string &spec : options.expected)
    if (!readTensors(spec, expected, error))
      return fail(error);
  if (!expected.empty() && static_cast<int64_t>(expected.size()) != outputCount)
    return fail("function '" + std::string(functionName) + "' has " +
                std::to_string(outputCount) +
                " output(s), --expected_output names " +
                std::to_string(expected.size()));

  disc_outputs *rawOutputs = nullptr;
  auto start = std::chrono::steady_clock::now();
  status.reset(disc_model_run(model.get(), function, inputs.data(),
                              static_cast<int64_t>(inputs.size()),
                              &rawOutputs));
  auto elapsed = std::chrono::duration<double, std::milli>(
      std::chrono::steady_clock::now() - start);
  if (status)
    return fail(disc_status_message(status.get()));
  std::unique_ptr<disc_outputs, OutputsDeleter> outputs(rawOutputs);
  spdlog::debug("'{}' ran in {:.3f} ms", functionName, elapsed.count());

  std::vector<const disc_tensor *> results;
  for (int64_t i = 0; i < outputCount; ++i) {
    const disc_tensor &output = *disc_outputs_get(outputs.get(), i);
    results.push_back(&output);
    bool print = options.outputs.empty()
                     ? options.expected.empty() && options.benchmarkRuns == 0
                     : options.outputs[i].kind == OutputSink::Kind::Print;
    if (print)
      std::printf("%s\n", formatTensor(output).c_str());
  }
  if (!writeOutputs(options.outputs, results, error))
    return fail(error);
  for (size_t i = 0; i < options.outputs.size(); ++i)
    if (options.outputs[i].kind != OutputSink::Kind::Print)
      spdlog::debug("output {} {} '{}'", i,
                    options.outputs[i].kind == OutputSink::Kind::Append
                        ? "appended to"
                        : "written to",
                    options.outputs[i].path);

  int64_t mismatched = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const disc_tensor &output =
        *disc_outputs_get(outputs.get(), static_cast<int64_t>(i));
    Comparison comparison;
    if (!compareOutput(static_cast<int64_t>(i), output, expected[i].array,
                       expected[i].label, options.atol, options.rtol,
                       comparison, error))
      return fail(error);
    std::printf("%s\n", comparison.verdict.c_str());
    if (!comparison.matches)
      ++mismatched;
  }
  if (mismatched != 0)
    return fail(std::to_string(mismatched) + " of " +
                std::to_string(expected.size()) +
                " output(s) do not match the expected values");
  if (options.benchmarkRuns == 0)
    return 0;
  return benchmark(functionName, options.benchmarkRuns,
                   [&](RunLeftovers &leftovers) -> std::string {
                     disc_outputs *raw = nullptr;
                     StatusPtr status(disc_model_run(
                         model.get(), function, inputs.data(),
                         static_cast<int64_t>(inputs.size()), &raw));
                     leftovers.reset(raw, OutputsDeleter());
                     return status ? disc_status_message(status.get()) : "";
                   });
}

// The integers from `low` to `high`, as CLI::Range checks them, but also
// rejecting numbers too large for int64_t, which CLI11 would silently read
// as INT64_MAX.
CLI::Validator int64Range(int64_t low, int64_t high) {
  std::string range = std::to_string(low) + " to " + std::to_string(high);
  return CLI::Validator(
      [low, high, range](std::string &text) -> std::string {
        char *end = nullptr;
        errno = 0;
        long long value = std::strtoll(text.c_str(), &end, 0);
        if (text.empty() || *end != '\0' || errno == ERANGE || value < low ||
            value > high)
          return "Value " + text + " not in range " + range;
        return std::string();
      },
      "INT in [" + range + "]");
}

// The files the run reads: an output must not be one of them.
std::vector<std::string> inputFiles(const Options &options) {
  std::vector<std::string> files = {options.model};
  files.insert(files.end(), options.plugins.begin(), options.plugins.end());
  auto addSpecs = [&](const std::vector<std::string> &specs) {
    for (const std::string &spec : specs) {
      size_t equals = spec.find('=');
      bool isFile = !spec.empty() && spec[0] == '@';
      if (isFile || equals == std::string::npos)
        files.push_back(isFile ? spec.substr(1) : spec);
      else if (spec.compare(equals + 1, 1, "@") == 0)
        files.push_back(spec.substr(equals + 2));
    }
  };
  addSpecs(options.inputs);
  addSpecs(options.expected);
  return files;
}

// Whether `a` and `b` name the same existing file (the same device and
// inode, so also through links).
bool sameFile(const std::string &a, const std::string &b) {
  struct stat first, second;
  return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 &&
         first.st_dev == second.st_dev && first.st_ino == second.st_ino;
}

// An output that names one of the files the run reads would destroy it.
std::optional<std::string> checkOutputsAreNotInputs(const Options &options) {
  std::vector<std::string> inputs = inputFiles(options);
  for (const OutputSink &sink : options.outputs) {
    if (sink.kind == OutputSink::Kind::Print)
      continue;
    for (const std::string &input : inputs)
      if (sameFile(sink.path, input))
        return "output file '" + sink.path + "' is the input file '" + input +
               "'; ral-run does not overwrite its inputs";
  }
  return std::nullopt;
}

// "--expected_output=@e.npy" names a file the way IREE's tools do; the '@'
// is optional.
std::string stripAt(const std::string &argument) {
  return !argument.empty() && argument[0] == '@' ? argument.substr(1)
                                                 : argument;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Runs a function of a model .so built by disc-compile.",
               "ral-run"};
  Options options;
  double atol = 0, rtol = 0;
  int64_t memoryLimit = 0;
  auto *modelOption =
      app.add_option("model", options.model, "the model .so")->required();
  std::vector<std::string> ireeInputs, ireeOutputs, plainOutputs;
  auto *inputsOption = app.add_option(
      "--inputs", options.inputs,
      "one per input: a .npy file, a .npz file (all its arrays in order), "
      "inline as 2x2xf32=\"1 2 3 4\", or raw data as 4x3xf32=@x.bin (the "
      "only form for bf16, f8E4M3FN and the other 8-bit floats, the 4- and "
      "6-bit floats, i2, i4, ui2, ui4: little-endian, one byte per element "
      "for those narrower than bf16, as numpy's tobytes() writes ml_dtypes "
      "arrays)");
  app.add_option("--input", ireeInputs,
                 "IREE's form, once per input: @a.npy, @a.npz (several "
                 "inputs), 2x2xf32=\"1 2 3 4\" or 4x3xf32=@x.bin")
      ->excludes(inputsOption);
  auto *outputsOption = app.add_option(
      "--outputs", plainOutputs,
      "write the outputs to these files instead of printing: .npy, or the "
      "raw bytes for a name ending in .bin (the form for bf16, f8*, i4, ...)");
  app.add_option("--output", ireeOutputs,
                 "IREE's form, once per output: @o.npy (write), @o.bin "
                 "(write raw bytes), +o.npy (append to the file) or - (print)")
      ->excludes(outputsOption);
  app.add_option("--function", options.function,
                 "the function to run (default: the only one, else 'main')");
  app.add_option("--device", options.device,
                 "the device to run on, which must be the one the model was "
                 "compiled for (disc-compile --target): cpu or cuda")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  app.add_flag("--describe", options.describe,
               "print the model's functions and signatures");
  app.add_option("--expected_output", options.expected,
                 "compare output i with this: @e.npy, e.npy, @e.npz (several "
                 "outputs), inline 2xf32=\"1 2\" or raw 2xbf16=@e.bin");
  auto *atolOption = app.add_option(
      "--atol", atol, "absolute tolerance (default: by dtype, ints exact)");
  auto *rtolOption = app.add_option(
      "--rtol", rtol, "relative tolerance (default: by dtype, ints exact)");
  app.add_option("--benchmark", options.benchmarkRuns,
                 "after the run, time N more runs (after warm-up runs) and "
                 "print min/median/p90 in microseconds; outputs are then "
                 "only printed with --output=- (a kernel-graph function's "
                 "results are printed once, before)")
      ->check(int64Range(1, kMaxBenchmarkRuns));
  auto *memoryLimitOption = app.add_option(
      "--memory-limit", memoryLimit,
      "fail a run whose temporaries would need more than BYTES at once");
  memoryLimitOption->check(int64Range(0, std::numeric_limits<int64_t>::max()));
  app.add_option("--threads", options.maxThreads,
                 "spread each run over at most N threads, the calling one "
                 "included (default 0: one per core)")
      ->check(CLI::Range(0, 4096));
  // One library per --plugin, so that a model path after it stays the
  // model's.
  app.add_option("--plugin", options.plugins,
                 "load this library first: its TAO_RAL_API kernels serve the "
                 "model (repeatable, one library each)")
      ->allow_extra_args(false);
  app.add_flag("-v,--verbose", options.verbose, "print debug logs");
  app.add_flag("--run-all", options.runAll,
               "kernel-graph models: run every function without arguments in "
               "file order and print what TFRT's bef_executor prints");
  app.add_flag("--print_error_code", options.printErrorCode,
               "kernel-graph models: add the error code to printed errors");
  app.add_option("--work_queue_type", options.workQueueType,
                 "kernel-graph models, as TFRT's bef_executor: mstd (default) "
                 "runs tasks on a pool of one worker per core, s on the "
                 "waiting thread in the order they were queued")
      ->check(CLI::IsMember({"s", "mstd"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success &success) {
    return app.exit(success);
  } catch (const CLI::RequiredError &error) {
    // The options that take several values take every argument after them,
    // a model path too.
    if (modelOption->count() == 0)
      return fail("no model path: name the model .so before --inputs, "
                  "--outputs and the other options that take several values, "
                  "or after '--'");
    return fail(error.what());
  } catch (const CLI::ExtrasError &error) {
    return fail(std::string(error.what()) +
                " (ral-run takes one model path; give each plugin its own "
                "--plugin)");
  } catch (const CLI::ParseError &error) {
    return fail(error.what());
  }
  if (*atolOption)
    options.atol = atol;
  if (*rtolOption)
    options.rtol = rtol;
  if (*memoryLimitOption)
    options.memoryLimit = memoryLimit;
  for (std::string &spec : options.expected)
    if (spec.find('=') == std::string::npos)
      spec = "@" + stripAt(spec);
  if (!ireeInputs.empty())
    options.inputs = ireeInputs;
  for (const std::string &path : plainOutputs)
    options.outputs.push_back({OutputSink::Kind::Write, path});
  for (const std::string &spec : ireeOutputs)
    options.outputs.push_back(parseOutputSink(spec));

  if (auto clash = checkOutputsAreNotInputs(options))
    return fail(*clash);

  auto logger = spdlog::stderr_logger_st("ral-run");
  logger->set_pattern("%n: %l: %v");
  logger->set_level(options.verbose ? spdlog::level::debug
                                    : spdlog::level::warn);
  spdlog::set_default_logger(logger);

  try {
    return run(options);
  } catch (const std::exception &error) {
    return fail(error.what());
  }
}
