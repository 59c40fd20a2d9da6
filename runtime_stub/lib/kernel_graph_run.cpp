// Running a function of a kernel-graph model (disc_kg_run of the C API):
// its arguments become available AsyncValues, the compiled function invokes
// its kernels on a HostExecution, and the results are read back once every
// one is available.
#include "kernel_graph_model.h"
#include "status.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/host_execution.h"
#include "disc/ral/host/host_tensor.h"
#include "disc/ral/host/kg_types.h"

#include <cinttypes>
#include <cstdio>
#include <exception>
#include <memory>
#include <vector>

using disc::host::AsyncValue;
using disc::host::RCReference;
using disc::stub::makeStatus;

struct disc_kg_run {
  const disc::kg::Function *function = nullptr;
  std::unique_ptr<disc::host::HostExecution> execution;
  std::vector<RCReference<AsyncValue>> args;
  std::vector<RCReference<AsyncValue>> results;
  std::vector<std::string> texts;
  bool awaited = false;

  ~disc_kg_run() {
    args.clear();
    results.clear();
    // Waits for the run's work still in flight.
    execution.reset();
  }
};

namespace {

// The argument `value` as an available AsyncValue of type `type`.
RCReference<AsyncValue> makeArgument(int type, const disc_kg_scalar &value) {
  if (type == DISC_KG_CHAIN)
    return disc::host::readyChain();
  if (type == DISC_KG_STRING)
    return disc::host::makeAvailableValue<std::string>(
        value.string ? value.string : "");
  RCReference<AsyncValue> result;
  disc::host::visitKgScalarType(type, [&](auto scalar) {
    using T = decltype(scalar);
    if constexpr (std::is_same_v<T, disc::ral::half> ||
                  std::is_same_v<T, disc::ral::bfloat16>)
      return;
    else if constexpr (std::is_floating_point_v<T>)
      result = disc::host::makeAvailableValue<T>(static_cast<T>(value.real));
    else
      result = disc::host::makeAvailableValue<T>(static_cast<T>(value.integer));
  });
  return result;
}

std::string errorCode(const std::string &message) {
  return message == "Cancelled" ? "CANCELLED" : "INTERNAL";
}

// A concrete scalar result as bef_executor prints it.
std::string formatScalar(int type, const AsyncValue &value) {
  std::string text;
  disc::host::visitKgScalarType(type, [&](auto scalar) {
    using T = decltype(scalar);
    char buffer[64];
    if constexpr (std::is_same_v<T, disc::ral::half> ||
                  std::is_same_v<T, disc::ral::bfloat16>)
      std::snprintf(buffer, sizeof(buffer), "%f",
                    static_cast<double>(disc::ral::toFloat(value.get<T>())));
    else if constexpr (std::is_floating_point_v<T>)
      std::snprintf(buffer, sizeof(buffer), "%f",
                    static_cast<double>(value.get<T>()));
    else if constexpr (std::is_same_v<T, bool>)
      std::snprintf(buffer, sizeof(buffer), "%d", value.get<T>() ? 1 : 0);
    else if constexpr (std::is_signed_v<T>)
      std::snprintf(buffer, sizeof(buffer), "%" PRId64,
                    static_cast<int64_t>(value.get<T>()));
    else
      std::snprintf(buffer, sizeof(buffer), "%" PRIu64,
                    static_cast<uint64_t>(value.get<T>()));
    text = buffer;
  });
  return text;
}

bool resultInRange(const disc_kg_run *run, int64_t index) {
  return run && run->awaited && index >= 0 &&
         static_cast<size_t>(index) < run->results.size();
}

} // namespace

extern "C" {

disc_status *disc_kg_run_start(disc_kg_model *model, int64_t function,
                               const disc_kg_scalar *args, int64_t arg_count,
                               disc_kg_run **run) {
  if (!run)
    return makeStatus("disc_kg_run_start: no place to put the run");
  *run = nullptr;
  const disc::kg::Function *found = model ? model->function(function) : nullptr;
  if (!found)
    return makeStatus("disc_kg_run_start: no function " +
                      std::to_string(function) + " in the model");
  size_t expected = found->inputTypes.size();
  if (arg_count < 0 || static_cast<size_t>(arg_count) != expected)
    return makeStatus("function '" + found->name + "' takes " +
                      std::to_string(expected) + " argument(s), got " +
                      std::to_string(arg_count));
  try {
    auto started = std::make_unique<disc_kg_run>();
    started->function = found;
    for (size_t i = 0; i < expected; ++i) {
      const std::string &spelling = found->inputSpellings[i];
      if (!args[i].type || spelling != args[i].type)
        return makeStatus("argument " + std::to_string(i) + " of '" +
                          found->name + "' has type '" +
                          (args[i].type ? args[i].type : "(null)") +
                          "', expected '" + spelling + "'");
      RCReference<AsyncValue> value =
          makeArgument(found->inputTypes[i], args[i]);
      if (!value)
        return makeStatus("argument " + std::to_string(i) + " of '" +
                          found->name + "': cannot pass a '" + spelling +
                          "' value through the C API");
      started->args.push_back(std::move(value));
    }
    started->execution = std::make_unique<disc::host::HostExecution>(
        model->workQueue(), disc::host::defaultHostAllocator());
    std::vector<AsyncValue *> argPointers;
    for (const auto &value : started->args)
      argPointers.push_back(value.get());
    std::vector<AsyncValue *> results(found->outputTypes.size(), nullptr);
    started->execution->call(found->entry, argPointers.data(), results.data());
    for (AsyncValue *value : results)
      started->results.push_back(RCReference<AsyncValue>::adopt(value));
    started->texts.resize(results.size());
    *run = started.release();
    return nullptr;
  } catch (const std::exception &error) {
    return makeStatus(std::string("runtime error: ") + error.what());
  }
}

void disc_kg_run_cancel(disc_kg_run *run) {
  if (run)
    run->execution->cancel();
}

void disc_kg_run_await(disc_kg_run *run) {
  if (!run || run->awaited)
    return;
  run->execution->queue().await(run->results);
  run->execution->awaitWork();
  run->awaited = true;
}

int64_t disc_kg_run_result_count(const disc_kg_run *run) {
  return run ? static_cast<int64_t>(run->results.size()) : 0;
}

const char *disc_kg_run_result_error(const disc_kg_run *run, int64_t index) {
  if (!resultInRange(run, index) || !run->results[index]->isError())
    return nullptr;
  return run->results[index]->errorMessage().c_str();
}

disc_status *disc_kg_run_result(const disc_kg_run *run, int64_t index,
                                disc_kg_scalar *value) {
  if (!run || !value)
    return makeStatus("disc_kg_run_result: no run or no place for the value");
  if (!run->awaited)
    return makeStatus("disc_kg_run_result: await the run first");
  if (!resultInRange(run, index))
    return makeStatus("result " + std::to_string(index) + " out of range: '" +
                      run->function->name + "' has " +
                      std::to_string(run->results.size()) + " result(s)");
  const AsyncValue &result = *run->results[index];
  if (result.isError())
    return makeStatus("result " + std::to_string(index) + " of '" +
                      run->function->name +
                      "' is an error: " + result.errorMessage());
  int type = run->function->outputTypes[index];
  *value = {run->function->outputSpellings[index].c_str(), 0, 0, nullptr};
  if (type == DISC_KG_CHAIN)
    return nullptr;
  if (type == DISC_KG_STRING) {
    value->string = result.get<std::string>().c_str();
    return nullptr;
  }
  bool scalar = disc::host::visitKgScalarType(type, [&](auto element) {
    using T = decltype(element);
    if constexpr (std::is_same_v<T, disc::ral::half> ||
                  std::is_same_v<T, disc::ral::bfloat16>)
      value->real = static_cast<double>(disc::ral::toFloat(result.get<T>()));
    else if constexpr (std::is_floating_point_v<T>)
      value->real = static_cast<double>(result.get<T>());
    else
      value->integer = static_cast<int64_t>(result.get<T>());
  });
  if (!scalar)
    return makeStatus("result " + std::to_string(index) + " of '" +
                      run->function->name + "' is a '" +
                      run->function->outputSpellings[index] +
                      "', not a scalar, string or chain");
  return nullptr;
}

const char *disc_kg_run_result_text(disc_kg_run *run, int64_t index,
                                    int with_error_code) {
  if (!resultInRange(run, index))
    return nullptr;
  const AsyncValue &result = *run->results[index];
  int type = run->function->outputTypes[index];
  std::string text;
  if (result.isError()) {
    text = "<<error: " + result.errorMessage();
    if (with_error_code)
      text += ", code: " + errorCode(result.errorMessage());
    text += ">>";
  } else if (type == DISC_KG_CHAIN) {
    text = "!tfrt.chain value";
  } else if (type == DISC_KG_STRING) {
    text = result.get<std::string>();
  } else if (type == DISC_KG_TENSOR) {
    text = result.get<disc::host::HostTensor>().describe();
  } else if (type == DISC_KG_OPAQUE) {
    text = "opaque value";
  } else {
    text = formatScalar(type, result);
  }
  run->texts[index] = std::move(text);
  return run->texts[index].c_str();
}

void disc_kg_run_free(disc_kg_run *run) {
  if (!run)
    return;
  if (!run->awaited)
    run->execution->cancel();
  delete run;
}

} // extern "C"
