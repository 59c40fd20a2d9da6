// ral-run: loads a model .so built by disc-compile, runs one of its functions
// on .npy inputs and prints, saves or checks the outputs.
#include "disc/ral/dtype.h"
#include "disc/ral/memref.h"
#include "disc/runtime_stub.h"
#include "disc/runtime_stub/npy.h"

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
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using disc::ral::DType;
using disc::ral::DTypeKind;

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

std::string shapeText(const int64_t *shape, int64_t rank, const char *dtype) {
  std::string out;
  for (int64_t i = 0; i < rank; ++i)
    out += (shape[i] < 0 ? std::string("?") : std::to_string(shape[i])) + "x";
  return out + dtype;
}

int64_t elementCount(const int64_t *shape, int64_t rank) {
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= shape[i];
  return count;
}

template <typename T> double widen(T value) {
  return static_cast<double>(value);
}
double widen(disc::ral::half value) { return disc::ral::toFloat(value); }
double widen(disc::ral::bfloat16 value) { return disc::ral::toFloat(value); }

// Element `index` of a buffer of `dtype`, widened to double for printing and
// comparing floats.
double elementAsDouble(DType dtype, const void *data, int64_t index) {
  switch (dtype) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  case DType::Token: {                                                         \
    return widen(static_cast<const CppType *>(data)[index]);                   \
  }
#include "disc/ral/type_encoding.def"
  }
  return 0;
}

// Element `index` as text: integers exactly, floats with as many significant
// digits as their type carries.
std::string formatElement(DType dtype, const void *data, int64_t index) {
  char text[64];
  switch (dtype) {
  case DType::i1:
    return static_cast<const uint8_t *>(data)[index] ? "1" : "0";
  case DType::i8:
  case DType::i16:
  case DType::i32:
  case DType::i64: {
    int64_t value = 0;
    if (dtype == DType::i8)
      value = static_cast<const int8_t *>(data)[index];
    else if (dtype == DType::i16)
      value = static_cast<const int16_t *>(data)[index];
    else if (dtype == DType::i32)
      value = static_cast<const int32_t *>(data)[index];
    else
      value = static_cast<const int64_t *>(data)[index];
    std::snprintf(text, sizeof(text), "%" PRId64, value);
    return text;
  }
  case DType::ui8:
  case DType::ui16:
  case DType::ui32:
  case DType::ui64: {
    uint64_t value = 0;
    if (dtype == DType::ui8)
      value = static_cast<const uint8_t *>(data)[index];
    else if (dtype == DType::ui16)
      value = static_cast<const uint16_t *>(data)[index];
    else if (dtype == DType::ui32)
      value = static_cast<const uint32_t *>(data)[index];
    else
      value = static_cast<const uint64_t *>(data)[index];
    std::snprintf(text, sizeof(text), "%" PRIu64, value);
    return text;
  }
  case DType::f16:
    std::snprintf(text, sizeof(text), "%.5g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::bf16:
    std::snprintf(text, sizeof(text), "%.4g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::f32:
    std::snprintf(text, sizeof(text), "%.7g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::f64:
    std::snprintf(text, sizeof(text), "%.15g",
                  elementAsDouble(dtype, data, index));
    return text;
  }
  return "?";
}

void appendNested(std::string &out, DType dtype, const disc_tensor &tensor,
                  int64_t dim, int64_t &next) {
  if (dim == tensor.rank - 1) {
    for (int64_t i = 0; i < tensor.shape[dim]; ++i) {
      if (i != 0)
        out += ' ';
      out += formatElement(dtype, tensor.data, next++);
    }
    return;
  }
  for (int64_t i = 0; i < tensor.shape[dim]; ++i) {
    out += '[';
    appendNested(out, dtype, tensor, dim + 1, next);
    out += ']';
  }
}

// IREE's buffer view text: "2x3xf32=[1 2 3][4 5 6]", "4xf32=1 2 3 4",
// "f32=3".
std::string formatTensor(const disc_tensor &tensor) {
  DType dtype = *disc::ral::dtypeFromToken(tensor.dtype);
  std::string out = shapeText(tensor.shape, tensor.rank, tensor.dtype) + "=";
  int64_t next = 0;
  if (tensor.rank == 0)
    out += formatElement(dtype, tensor.data, 0);
  else
    appendNested(out, dtype, tensor, 0, next);
  return out;
}

std::string formatIndex(int64_t flat, const int64_t *shape, int64_t rank) {
  std::vector<int64_t> index(rank);
  for (int64_t i = rank - 1; i >= 0; --i) {
    index[i] = shape[i] == 0 ? 0 : flat % shape[i];
    flat = shape[i] == 0 ? 0 : flat / shape[i];
  }
  std::string out = "[";
  for (int64_t i = 0; i < rank; ++i)
    out += (i ? ", " : "") + std::to_string(index[i]);
  return out + "]";
}

struct Tolerance {
  double atol;
  double rtol;
};

Tolerance defaultTolerance(DType dtype) {
  switch (disc::ral::dtypeKind(dtype)) {
  case DTypeKind::Signless:
  case DTypeKind::Unsigned:
    return {0, 0};
  case DTypeKind::Float:
  case DTypeKind::BFloat:
    break;
  }
  switch (dtype) {
  case DType::f16:
  case DType::bf16:
    return {1e-2, 1e-2};
  case DType::f64:
    return {1e-10, 1e-8};
  default:
    return {1e-5, 1e-4};
  }
}

std::string formatError(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2g", value);
  return text;
}

// Compares output `index` with the expected array; prints the verdict and
// returns whether they match.
bool compareOutput(int64_t index, const disc_tensor &actual,
                   const disc::npy::Array &expected,
                   const std::string &expectedPath,
                   std::optional<double> atolOverride,
                   std::optional<double> rtolOverride, std::string &error) {
  DType dtype = *disc::ral::dtypeFromToken(actual.dtype);
  std::vector<int64_t> actualShape(actual.shape, actual.shape + actual.rank);
  if (dtype != expected.dtype || actualShape != expected.shape) {
    error = "output " + std::to_string(index) + " is " +
            shapeText(actual.shape, actual.rank, actual.dtype) + ", '" +
            expectedPath + "' holds " +
            shapeText(expected.shape.data(),
                      static_cast<int64_t>(expected.shape.size()),
                      disc::ral::dtypeToken(expected.dtype));
    return false;
  }
  Tolerance tolerance = defaultTolerance(dtype);
  tolerance.atol = atolOverride.value_or(tolerance.atol);
  tolerance.rtol = rtolOverride.value_or(tolerance.rtol);
  bool isFloat = disc::ral::dtypeKind(dtype) == DTypeKind::Float ||
                 disc::ral::dtypeKind(dtype) == DTypeKind::BFloat;

  int64_t count = elementCount(actual.shape, actual.rank);
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0, firstMismatch = -1;
  for (int64_t i = 0; i < count; ++i) {
    double got = elementAsDouble(dtype, actual.data, i);
    double want = elementAsDouble(dtype, expected.data(), i);
    bool equal;
    double absErr = 0;
    if (!isFloat) {
      // Compare integers exactly: doubles cannot hold every 64-bit value.
      equal = formatElement(dtype, actual.data, i) ==
              formatElement(dtype, expected.data(), i);
      absErr = equal ? 0 : std::fabs(got - want);
    } else if (std::isnan(got) || std::isnan(want)) {
      equal = std::isnan(got) && std::isnan(want);
      absErr = equal ? 0 : INFINITY;
    } else if (std::isinf(got) || std::isinf(want)) {
      equal = got == want;
      absErr = equal ? 0 : INFINITY;
    } else {
      absErr = std::fabs(got - want);
      equal = absErr <= tolerance.atol + tolerance.rtol * std::fabs(want);
    }
    double relErr = absErr == 0 ? 0 : absErr / std::fabs(want);
    maxAbs = std::max(maxAbs, absErr);
    maxRel = std::max(maxRel, relErr);
    if (!equal && mismatches++ == 0)
      firstMismatch = i;
  }
  if (mismatches == 0) {
    std::printf("output %" PRId64 ": matches expected (max abs err %s)\n",
                index, formatError(maxAbs).c_str());
    return true;
  }
  std::printf("output %" PRId64 ": does not match expected: %" PRId64
              " of %" PRId64 " elements differ, max abs err %s, max rel err "
              "%s (atol %g, rtol %g); first at %s: got %s, expected %s\n",
              index, mismatches, count, formatError(maxAbs).c_str(),
              formatError(maxRel).c_str(), tolerance.atol, tolerance.rtol,
              formatIndex(firstMismatch, actual.shape, actual.rank).c_str(),
              formatElement(dtype, actual.data, firstMismatch).c_str(),
              formatElement(dtype, expected.data(), firstMismatch).c_str());
  return false;
}

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

// IREE's inline form "2x2xf32=1 2 3 4" ("f32=3" for a scalar); brackets and
// commas between values are allowed and ignored.
bool parseInlineTensor(const std::string &spec, disc::npy::Array &out,
                       std::string &error) {
  auto failWith = [&](const std::string &message) {
    error = "'" + spec + "': " + message;
    return false;
  };
  size_t equals = spec.find('=');
  std::string type = spec.substr(0, equals);
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    size_t x = type.find('x', start);
    parts.push_back(type.substr(start, x - start));
    if (x == std::string::npos)
      break;
    start = x + 1;
  }
  auto dtype = disc::ral::dtypeFromToken(parts.back());
  if (!dtype)
    return failWith("unknown dtype '" + parts.back() + "'");
  if (*dtype == DType::f16 || *dtype == DType::bf16)
    return failWith("inline " + parts.back() +
                    " values are not supported; use a .npy file");
  std::vector<int64_t> shape;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    char *end = nullptr;
    long long dim = std::strtoll(parts[i].c_str(), &end, 10);
    if (parts[i].empty() || *end != '\0' || dim < 0)
      return failWith("bad dimension '" + parts[i] + "'");
    shape.push_back(dim);
  }
  std::string text = spec.substr(equals + 1);
  for (char &c : text)
    if (c == '[' || c == ']' || c == ',')
      c = ' ';
  std::vector<std::string> values;
  for (size_t start = text.find_first_not_of(' ');
       start != std::string::npos;) {
    size_t end = text.find(' ', start);
    values.push_back(text.substr(start, end - start));
    start = text.find_first_not_of(' ', end);
  }
  int64_t count =
      elementCount(shape.data(), static_cast<int64_t>(shape.size()));
  if (static_cast<int64_t>(values.size()) != count)
    return failWith("expected " + std::to_string(count) + " values, got " +
                    std::to_string(values.size()));
  size_t elementSize = disc::ral::dtypeSize(*dtype);
  disc::ral::AlignedBuffer buffer(
      disc::ral::alignedAllocate(static_cast<size_t>(count) * elementSize));
  if (!buffer)
    return failWith("out of memory");
  char *bytes = static_cast<char *>(buffer.get());
  for (int64_t i = 0; i < count; ++i) {
    const std::string &value = values[i];
    char *end = nullptr;
    errno = 0;
    char *slot = bytes + i * elementSize;
    DTypeKind kind = disc::ral::dtypeKind(*dtype);
    if (*dtype == DType::i1) {
      if (value != "0" && value != "1" && value != "true" && value != "false")
        return failWith("'" + value +
                        "' is not an i1 value (0, 1, true, false)");
      *slot = value == "1" || value == "true";
      continue;
    }
    if (kind == DTypeKind::Float) {
      double parsed = std::strtod(value.c_str(), &end);
      if (*end != '\0')
        return failWith("'" + value + "' is not a number");
      if (*dtype == DType::f32) {
        float narrow = static_cast<float>(parsed);
        std::memcpy(slot, &narrow, sizeof(narrow));
      } else {
        std::memcpy(slot, &parsed, sizeof(parsed));
      }
      continue;
    }
    uint64_t raw;
    if (kind == DTypeKind::Unsigned) {
      raw = std::strtoull(value.c_str(), &end, 10);
      if (value[0] == '-' || (elementSize < 8 && raw >> (8 * elementSize)))
        errno = ERANGE;
    } else {
      long long parsed = std::strtoll(value.c_str(), &end, 10);
      int64_t limit = elementSize < 8 ? int64_t(1) << (8 * elementSize - 1) : 0;
      if (elementSize < 8 && (parsed < -limit || parsed >= limit))
        errno = ERANGE;
      raw = static_cast<uint64_t>(parsed);
    }
    if (value.empty() || *end != '\0' || errno == ERANGE)
      return failWith("'" + value + "' is not a valid " + parts.back() +
                      " value");
    // Little-endian host: the low bytes are the narrower integer.
    std::memcpy(slot, &raw, elementSize);
  }
  out.dtype = *dtype;
  out.shape = std::move(shape);
  out.bytes = static_cast<size_t>(count) * elementSize;
  out.buffer = std::move(buffer);
  return true;
}

// An input given as a .npy path, "@path" or an inline "2x2xf32=1 2 3 4".
bool readInput(const std::string &spec, disc::npy::Array &out,
               std::string &error) {
  if (!spec.empty() && spec[0] == '@')
    return disc::npy::read(spec.substr(1), out, error);
  if (spec.find('=') != std::string::npos)
    return parseInlineTensor(spec, out, error);
  return disc::npy::read(spec, out, error);
}

struct Options {
  std::string model;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::vector<std::string> expected;
  std::string function;
  bool describe = false;
  std::optional<double> atol;
  std::optional<double> rtol;
  bool verbose = false;
};

int run(const Options &options) {
  disc_model *rawModel = nullptr;
  StatusPtr status(disc_model_load(options.model.c_str(), &rawModel));
  if (status)
    return fail(disc_status_message(status.get()));
  std::unique_ptr<disc_model, ModuleDeleter> model(rawModel);
  spdlog::debug("loaded '{}': {} function(s), target '{}'", options.model,
                disc_model_function_count(model.get()),
                disc_model_target(model.get()));

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

  std::vector<disc::npy::Array> arrays(options.inputs.size());
  std::vector<disc_tensor> inputs;
  std::string error;
  for (size_t i = 0; i < options.inputs.size(); ++i) {
    if (!readInput(options.inputs[i], arrays[i], error))
      return fail(error);
    const disc::npy::Array &array = arrays[i];
    inputs.push_back({disc::ral::dtypeToken(array.dtype),
                      static_cast<int64_t>(array.shape.size()),
                      array.shape.data(), array.data()});
    spdlog::debug("input {}: '{}' {}", i, options.inputs[i],
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
  if (!options.expected.empty() &&
      static_cast<int64_t>(options.expected.size()) != outputCount)
    return fail("function '" + std::string(functionName) + "' has " +
                std::to_string(outputCount) +
                " output(s), --expected_output names " +
                std::to_string(options.expected.size()));
  std::vector<disc::npy::Array> expected(options.expected.size());
  for (size_t i = 0; i < options.expected.size(); ++i)
    if (!disc::npy::read(options.expected[i], expected[i], error))
      return fail(error);

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

  for (int64_t i = 0; i < outputCount; ++i) {
    const disc_tensor &output = *disc_outputs_get(outputs.get(), i);
    if (!options.outputs.empty()) {
      std::vector<int64_t> shape(output.shape, output.shape + output.rank);
      if (!disc::npy::write(options.outputs[i],
                            *disc::ral::dtypeFromToken(output.dtype), shape,
                            output.data, error))
        return fail(error);
      spdlog::debug("output {} written to '{}'", i, options.outputs[i]);
    } else if (options.expected.empty()) {
      std::printf("%s\n", formatTensor(output).c_str());
    }
  }

  int64_t mismatched = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const disc_tensor &output =
        *disc_outputs_get(outputs.get(), static_cast<int64_t>(i));
    if (!compareOutput(static_cast<int64_t>(i), output, expected[i],
                       options.expected[i], options.atol, options.rtol,
                       error)) {
      if (!error.empty())
        return fail(error);
      ++mismatched;
    }
  }
  if (mismatched != 0)
    return fail(std::to_string(mismatched) + " of " +
                std::to_string(expected.size()) +
                " output(s) do not match the expected values");
  return 0;
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
  app.add_option("model", options.model, "the model .so")->required();
  std::vector<std::string> ireeInputs, ireeOutputs;
  auto *inputsOption = app.add_option(
      "--inputs", options.inputs,
      "one per input: a .npy file, or inline as 2x2xf32=\"1 2 3 4\"");
  app.add_option("--input", ireeInputs,
                 "IREE's form, once per input: @a.npy or 2x2xf32=\"1 2 3 4\"")
      ->excludes(inputsOption);
  auto *outputsOption = app.add_option(
      "--outputs", options.outputs,
      "write the outputs to these .npy files instead of printing");
  app.add_option("--output", ireeOutputs,
                 "IREE's form, once per output: @o.npy")
      ->excludes(outputsOption);
  app.add_option("--function", options.function,
                 "the function to run (default: the only one, else 'main')");
  app.add_flag("--describe", options.describe,
               "print the model's functions and signatures");
  app.add_option("--expected_output", options.expected,
                 "compare output i with this .npy file (@file or file)");
  auto *atolOption = app.add_option(
      "--atol", atol, "absolute tolerance (default: by dtype, ints exact)");
  auto *rtolOption = app.add_option(
      "--rtol", rtol, "relative tolerance (default: by dtype, ints exact)");
  app.add_flag("-v,--verbose", options.verbose, "print debug logs");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success &success) {
    return app.exit(success);
  } catch (const CLI::ParseError &error) {
    return fail(error.what());
  }
  if (*atolOption)
    options.atol = atol;
  if (*rtolOption)
    options.rtol = rtol;
  for (std::string &path : options.expected)
    path = stripAt(path);
  if (!ireeInputs.empty())
    options.inputs = ireeInputs;
  for (const std::string &path : ireeOutputs)
    options.outputs.push_back(stripAt(path));

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
