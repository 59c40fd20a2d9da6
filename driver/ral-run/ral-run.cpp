// ral-run: loads a model .so built by disc-compile, runs one of its functions
// on .npy inputs and prints, saves or checks the outputs.
#include "disc/ral/dtype.h"
#include "disc/ral/memref.h"
#include "disc/runtime_stub.h"
#include "disc/runtime_stub/npy.h"

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

// The "4x3xf32" before the '=' of IREE's tensor forms.
bool parseTensorType(const std::string &type, DType &dtype,
                     std::vector<int64_t> &shape, std::string &error) {
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    size_t x = type.find('x', start);
    parts.push_back(type.substr(start, x - start));
    if (x == std::string::npos)
      break;
    start = x + 1;
  }
  auto parsed = disc::ral::dtypeFromToken(parts.back());
  if (!parsed) {
    error = "unknown dtype '" + parts.back() + "'";
    return false;
  }
  dtype = *parsed;
  shape.clear();
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    char *end = nullptr;
    errno = 0;
    long long dim = std::strtoll(parts[i].c_str(), &end, 10);
    if (parts[i].empty() || *end != '\0' || dim < 0 || errno == ERANGE) {
      error = "bad dimension '" + parts[i] + "'";
      return false;
    }
    shape.push_back(dim);
  }
  return true;
}

// The values of IREE's inline form: "1 2 3 4", brackets and commas between
// values allowed and ignored.
bool parseInlineValues(const std::string &valueText, DType dtype, int64_t count,
                       disc::ral::AlignedBuffer &buffer, std::string &error) {
  const char *token = disc::ral::dtypeToken(dtype);
  if (dtype == DType::f16 || dtype == DType::bf16) {
    error = std::string("inline ") + token +
            " values are not supported; use a .npy file or raw data (@file)";
    return false;
  }
  std::string text = valueText;
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
  if (static_cast<int64_t>(values.size()) != count) {
    error = "expected " + std::to_string(count) + " values, got " +
            std::to_string(values.size());
    return false;
  }
  size_t elementSize = disc::ral::dtypeSize(dtype);
  buffer.reset(
      disc::ral::alignedAllocate(static_cast<size_t>(count) * elementSize));
  if (!buffer) {
    error = "out of memory";
    return false;
  }
  char *bytes = static_cast<char *>(buffer.get());
  for (int64_t i = 0; i < count; ++i) {
    const std::string &value = values[i];
    char *end = nullptr;
    errno = 0;
    char *slot = bytes + i * elementSize;
    DTypeKind kind = disc::ral::dtypeKind(dtype);
    if (dtype == DType::i1) {
      if (value != "0" && value != "1" && value != "true" && value != "false") {
        error = "'" + value + "' is not an i1 value (0, 1, true, false)";
        return false;
      }
      *slot = value == "1" || value == "true";
      continue;
    }
    if (kind == DTypeKind::Float) {
      double parsed = std::strtod(value.c_str(), &end);
      if (*end != '\0') {
        error = "'" + value + "' is not a number";
        return false;
      }
      if (dtype == DType::f32) {
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
    if (value.empty() || *end != '\0' || errno == ERANGE) {
      error = "'" + value + "' is not a valid " + token + " value";
      return false;
    }
    // Little-endian host: the low bytes are the narrower integer.
    std::memcpy(slot, &raw, elementSize);
  }
  return true;
}

// IREE's typed forms: inline "2x2xf32=1 2 3 4" ("f32=3" for a scalar), or
// "4x3xf32=@x.bin" for raw little-endian data in a file.
bool parseTypedTensor(const std::string &spec, disc::npy::Array &out,
                      std::string &error) {
  size_t equals = spec.find('=');
  std::string valueText = spec.substr(equals + 1);
  std::string message;
  if (!parseTensorType(spec.substr(0, equals), out.dtype, out.shape, message)) {
    error = "'" + spec + "': " + message;
    return false;
  }
  std::optional<disc::ral::TensorSize> size =
      disc::ral::tensorSize(out.shape, out.dtype);
  if (!size) {
    error = "'" + spec + "': shape " +
            shapeText(out.shape.data(), static_cast<int64_t>(out.shape.size()),
                      disc::ral::dtypeToken(out.dtype)) +
            " is too large: its size in bytes does not fit in 64 bits";
    return false;
  }
  if (!valueText.empty() && valueText[0] == '@')
    return disc::npy::readRaw(valueText.substr(1), out.dtype, out.shape, out,
                              error);
  if (!parseInlineValues(valueText, out.dtype, size->elements, out.buffer,
                         message)) {
    error = "'" + spec + "': " + message;
    return false;
  }
  out.bytes = static_cast<size_t>(size->bytes);
  return true;
}

// A tensor argument with a name for messages: the file, the .npz member or
// the inline text it came from.
struct LabeledArray {
  std::string label;
  disc::npy::Array array;
};

// Appends the tensors of one argument: a .npy file, a .npz file (all its
// arrays in order), either with or without '@', or a typed form.
bool readTensors(const std::string &spec, std::vector<LabeledArray> &out,
                 std::string &error) {
  bool isFile = !spec.empty() && spec[0] == '@';
  if (!isFile && spec.find('=') != std::string::npos) {
    LabeledArray tensor{spec, {}};
    if (!parseTypedTensor(spec, tensor.array, error))
      return false;
    out.push_back(std::move(tensor));
    return true;
  }
  std::string path = isFile ? spec.substr(1) : spec;
  std::vector<disc::npy::NamedArray> arrays;
  bool isArchive = false;
  if (!disc::npy::readArrays(path, arrays, isArchive, error))
    return false;
  for (disc::npy::NamedArray &named : arrays)
    out.push_back({isArchive ? path + "[" + named.name + "]" : path,
                   std::move(named.array)});
  return true;
}

// Where one output goes: IREE's "@o.npy" (write), "+o.npy" (append to the
// file) or "-" (print).
struct OutputSink {
  enum class Kind { Write, Append, Print } kind = Kind::Write;
  std::string path;
};

OutputSink parseOutputSink(const std::string &spec) {
  if (spec == "-")
    return {OutputSink::Kind::Print, ""};
  if (!spec.empty() && spec[0] == '+')
    return {OutputSink::Kind::Append, spec.substr(1)};
  if (!spec.empty() && spec[0] == '@')
    return {OutputSink::Kind::Write, spec.substr(1)};
  return {OutputSink::Kind::Write, spec};
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

// Parses the text of one kernel-graph argument of type `type`.
bool parseKgArgument(const std::string &text, const char *type,
                     disc_kg_scalar &value, std::string &error) {
  value = {type, 0, 0, nullptr};
  std::string spelling(type);
  if (spelling == "!tfrt.string") {
    value.string = text.c_str();
    return true;
  }
  char *end = nullptr;
  errno = 0;
  if (spelling == "f32" || spelling == "f64" || spelling == "f16" ||
      spelling == "bf16")
    value.real = std::strtod(text.c_str(), &end);
  else if (spelling[0] == 'u')
    value.integer = static_cast<int64_t>(std::strtoull(text.c_str(), &end, 0));
  else if (spelling[0] == 'i')
    value.integer = std::strtoll(text.c_str(), &end, 0);
  else {
    error =
        "cannot pass a value of type '" + spelling + "' from the command line";
    return false;
  }
  if (text.empty() || *end != '\0' || errno != 0) {
    error = "'" + text + "' is not a valid " + spelling + " value";
    return false;
  }
  return true;
}

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
  int64_t warmups = std::max<int64_t>(1, std::min<int64_t>(runs / 10, 100));
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
  std::sort(micros.begin(), micros.end());
  size_t n = micros.size();
  double median =
      n % 2 ? micros[n / 2] : (micros[n / 2 - 1] + micros[n / 2]) / 2;
  // Nearest rank: the smallest time that at least 90% of the runs reach.
  size_t p90Rank = (n * 9 + 9) / 10;
  std::printf("benchmark '%s': %" PRId64 " runs after %" PRId64
              " warm-up runs: min %.1f us, median %.1f us, p90 %.1f us\n",
              name, runs, warmups, micros.front(), median, micros[p90Rank - 1]);
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

  for (int64_t i = 0; i < outputCount; ++i) {
    const disc_tensor &output = *disc_outputs_get(outputs.get(), i);
    if (!options.outputs.empty()) {
      const OutputSink &sink = options.outputs[i];
      if (sink.kind == OutputSink::Kind::Print) {
        std::printf("%s\n", formatTensor(output).c_str());
        continue;
      }
      std::vector<int64_t> shape(output.shape, output.shape + output.rank);
      DType dtype = *disc::ral::dtypeFromToken(output.dtype);
      bool written =
          sink.kind == OutputSink::Kind::Append
              ? disc::npy::append(sink.path, dtype, shape, output.data, error)
              : disc::npy::write(sink.path, dtype, shape, output.data, error);
      if (!written)
        return fail(error);
      spdlog::debug("output {} {} '{}'", i,
                    sink.kind == OutputSink::Kind::Append ? "appended to"
                                                          : "written to",
                    sink.path);
    } else if (options.expected.empty() && options.benchmarkRuns == 0) {
      std::printf("%s\n", formatTensor(output).c_str());
    }
  }

  int64_t mismatched = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const disc_tensor &output =
        *disc_outputs_get(outputs.get(), static_cast<int64_t>(i));
    if (!compareOutput(static_cast<int64_t>(i), output, expected[i].array,
                       expected[i].label, options.atol, options.rtol, error)) {
      if (!error.empty())
        return fail(error);
      ++mismatched;
    }
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
  app.add_option("model", options.model, "the model .so")->required();
  std::vector<std::string> ireeInputs, ireeOutputs, plainOutputs;
  auto *inputsOption = app.add_option(
      "--inputs", options.inputs,
      "one per input: a .npy file, a .npz file (all its arrays in order), "
      "inline as 2x2xf32=\"1 2 3 4\", or raw data as 4x3xf32=@x.bin");
  app.add_option("--input", ireeInputs,
                 "IREE's form, once per input: @a.npy, @a.npz (several "
                 "inputs), 2x2xf32=\"1 2 3 4\" or 4x3xf32=@x.bin")
      ->excludes(inputsOption);
  auto *outputsOption = app.add_option(
      "--outputs", plainOutputs,
      "write the outputs to these .npy files instead of printing");
  app.add_option("--output", ireeOutputs,
                 "IREE's form, once per output: @o.npy (write), +o.npy "
                 "(append to the file) or - (print)")
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
                 "outputs) or inline 2xf32=\"1 2\"");
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
  app.add_option("--plugin", options.plugins,
                 "load this library first: its TAO_RAL_API kernels serve the "
                 "model (repeatable)");
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
