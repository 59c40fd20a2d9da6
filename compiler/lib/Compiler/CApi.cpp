//===- CApi.cpp - The compiler's C API ------------------------------------===//

#include "disc/Compiler/disc_compiler.h"

#include "disc/Compiler/Compiler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <optional>
#include <string>

using namespace mlir::disc;

struct disc_compile_options {
  CompileRequest request;
};

struct disc_compile_result {
  CompileResult result;
};

namespace {

const char *getSeverityName(CompileDiagnostic::Severity severity) {
  switch (severity) {
  case CompileDiagnostic::Severity::Error:
    return "error";
  case CompileDiagnostic::Severity::Warning:
    return "warning";
  case CompileDiagnostic::Severity::Note:
    return "note";
  case CompileDiagnostic::Severity::Remark:
    return "remark";
  }
  return "error";
}

std::optional<bool> parseBool(llvm::StringRef value) {
  if (value == "1" || value == "true")
    return true;
  if (value == "0" || value == "false")
    return false;
  return std::nullopt;
}

/// Sets option `name` of `request`; on a problem returns why.
std::string setOption(CompileRequest &request, llvm::StringRef name,
                      llvm::StringRef value) {
  std::string *text = llvm::StringSwitch<std::string *>(name)
                          .Case("target", &request.target)
                          .Case("target-cpu", &request.targetCpu)
                          .Case("cuda-toolkit", &request.cudaToolkit)
                          .Case("cpu-library", &request.cpuLibrary)
                          .Case("compile-to", &request.compileTo)
                          .Case("compile-from", &request.compileFrom)
                          .Case("dump-phases-to", &request.dumpPhasesTo)
                          .Case("symbol-prefix", &request.symbolPrefix)
                          .Default(nullptr);
  if (text) {
    *text = value.str();
    return "";
  }
  if (name == "emit") {
    request.emit = value.str();
    return "";
  }
  if (name == "cuda-arch") {
    request.cudaArchs.clear();
    llvm::SmallVector<llvm::StringRef> archs;
    value.split(archs, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (llvm::StringRef arch : archs)
      request.cudaArchs.push_back(arch.trim().str());
    return "";
  }
  if (name == "opt-level") {
    unsigned level;
    if (value.getAsInteger(10, level) || level > 3)
      return "opt-level '" + value.str() + "' is not 0, 1, 2 or 3";
    request.optLevel = level;
    return "";
  }
  bool *flag = llvm::StringSwitch<bool *>(name)
                   .Case("simulate-processes", &request.simulateProcesses)
                   .Case("timing", &request.timing)
                   .Default(nullptr);
  if (!flag && name != "verbose")
    return "unknown compile option '" + name.str() + "'";
  std::optional<bool> enabled = parseBool(value);
  if (!enabled)
    return "option '" + name.str() + "' takes 1, 0, true or false, not '" +
           value.str() + "'";
  if (flag) {
    *flag = *enabled;
    return "";
  }
  request.log = nullptr;
  if (*enabled)
    request.log = [](const std::string &line) {
      llvm::errs() << "disc: " << line << "\n";
    };
  return "";
}

} // namespace

extern "C" {

int disc_compiler_api_version(void) { return DISC_COMPILER_API_VERSION; }

disc_compile_options *disc_compile_options_create(void) {
  return new disc_compile_options();
}

void disc_compile_options_destroy(disc_compile_options *options) {
  delete options;
}

int disc_compile_options_set(disc_compile_options *options, const char *name,
                             const char *value, char *error,
                             size_t error_size) {
  std::string problem =
      !options || !name || !value
          ? std::string("disc_compile_options_set takes no null argument")
          : setOption(options->request, name, value);
  if (problem.empty())
    return 0;
  if (error && error_size) {
    size_t length = std::min(problem.size(), error_size - 1);
    std::memcpy(error, problem.data(), length);
    error[length] = '\0';
  }
  return -1;
}

disc_compile_result *disc_compile(const char *source, size_t size,
                                  const char *source_name,
                                  const disc_compile_options *options) {
  auto *result = new disc_compile_result();
  if (!source || !source_name || !options) {
    CompileDiagnostic diagnostic;
    diagnostic.message = "disc_compile takes no null argument";
    diagnostic.text = "error: " + diagnostic.message + "\n";
    result->result.diagnostics.push_back(std::move(diagnostic));
    return result;
  }
  result->result =
      compile(llvm::StringRef(source, size), source_name, options->request);
  return result;
}

void disc_compile_result_destroy(disc_compile_result *result) { delete result; }

int disc_compile_result_succeeded(const disc_compile_result *result) {
  return result && result->result.succeeded ? 1 : 0;
}

const char *disc_compile_result_artifact(const disc_compile_result *result,
                                         size_t *size) {
  if (size)
    *size = result ? result->result.artifact.size() : 0;
  return result ? result->result.artifact.data() : "";
}

const char *disc_compile_result_header(const disc_compile_result *result,
                                       size_t *size) {
  if (size)
    *size = result ? result->result.header.size() : 0;
  return result ? result->result.header.c_str() : "";
}

size_t disc_compile_result_diagnostic_count(const disc_compile_result *result) {
  return result ? result->result.diagnostics.size() : 0;
}

int disc_compile_result_diagnostic(const disc_compile_result *result,
                                   size_t index,
                                   disc_compile_diagnostic *diagnostic) {
  if (!result || !diagnostic || index >= result->result.diagnostics.size())
    return -1;
  const CompileDiagnostic &source = result->result.diagnostics[index];
  diagnostic->severity = getSeverityName(source.severity);
  diagnostic->file = source.file.c_str();
  diagnostic->line = source.line;
  diagnostic->column = source.column;
  diagnostic->message = source.message.c_str();
  diagnostic->text = source.text.c_str();
  return 0;
}

} // extern "C"
