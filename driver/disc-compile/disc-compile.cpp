//===- disc-compile.cpp - Compile an ML program into a model .so ----------===//
//
// disc-compile in.mlir -o out.so [--target=cpu|cuda] [--target-cpu=host|NAME]
//   [--cuda-arch=sm_80,sm_90] [--cuda-toolkit=DIR]
//   [--emit=so|obj|llvm|ptx|mlir] [--header=PATH]
//   [--symbol-prefix=NAME]
//   [--compile-to=PHASE] [--compile-from=PHASE]
//   [--dump-phases-to=DIR] [--timing] [-O0..-O3] [-v]
//
// The input is a tensor program (StableHLO/MHLO) or a TFRT-style kernel graph
// (docs/ABI.md, "Kernel-graph programs"). TFRT's older `func @f` spelling of
// a function (before func.func) is accepted: a line starting with `func @` or
// `func private @` is read as `func.func ...`, and a function of kernels
// without results may leave out its `tfrt.return`, as TFRT's documents do.
//
//===----------------------------------------------------------------------===//

#include "disc/Compiler/Compiler.h"
#include "disc/Pipeline/Pipeline.h"
#include "disc/Target/ModelCodegen.h"

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::disc;

namespace {

struct DriverOptions {
  std::string input;
  std::string output;
  std::string target = "cpu";
  std::string targetCpu = "host";
  std::vector<std::string> cudaArchs = {"sm_80", "sm_90"};
  std::string cudaToolkit;
  std::string cpuLibrary = "auto";
  std::string emit = "so";
  std::string compileTo;
  std::string compileFrom;
  std::string dumpPhasesTo;
  std::string header;
  std::string symbolPrefix;
  unsigned optLevel = 2;
  bool simulateProcesses = false;
  bool timing = false;
  bool verbose = false;
};

int reportError(const llvm::Twine &message) {
  llvm::errs() << "disc-compile: error: " << message << "\n";
  return 1;
}

/// A file that appears at its path only complete: it is written beside the
/// path under a temporary name and renamed over it by commit(), so a failed
/// compile leaves whatever the path held. "-" is stdout; a path that exists
/// but is not a regular file (/dev/null, a pipe) is written in place, and a
/// symbolic link is followed, so the file it names is replaced.
class OutputFile {
public:
  /// Opens `path`; on failure returns null and sets `error`.
  static std::unique_ptr<OutputFile> open(llvm::StringRef path,
                                          std::string &error) {
    auto file = std::unique_ptr<OutputFile>(new OutputFile());
    std::error_code code;
    llvm::sys::fs::file_status status;
    bool exists = !llvm::sys::fs::status(path, status);
    if (path == "-" ||
        (exists && status.type() != llvm::sys::fs::file_type::regular_file)) {
      file->stream = std::make_unique<llvm::raw_fd_ostream>(
          path, code, llvm::sys::fs::OF_None);
    } else {
      llvm::SmallString<128> target;
      if (!exists || llvm::sys::fs::real_path(path, target))
        target = path;
      file->target = target.str().str();
      auto temporary = llvm::sys::fs::TempFile::create(target + ".tmp%%%%%%");
      if (!temporary)
        code = llvm::errorToErrorCode(temporary.takeError());
      else
        file->temporary.emplace(std::move(*temporary));
      if (file->temporary)
        file->stream = std::make_unique<llvm::raw_fd_ostream>(
            file->temporary->FD, /*shouldClose=*/false);
    }
    if (code) {
      error = code.message();
      return nullptr;
    }
    return file;
  }

  ~OutputFile() {
    // What a failed compile left in the buffer goes to the file about to be
    // removed; a write error then is no news.
    if (stream) {
      stream->flush();
      stream->clear_error();
      stream.reset();
    }
    if (temporary)
      llvm::consumeError(temporary->discard());
  }

  llvm::raw_ostream &os() { return *stream; }

  /// Writes out what is buffered, leaving only the rename to commit(), so
  /// that files written together are all complete before any takes its
  /// place; on failure sets `error`.
  bool finish(std::string &error) {
    stream->flush();
    if (std::error_code code = stream->error()) {
      stream->clear_error();
      error = code.message();
      return false;
    }
    return true;
  }

  /// Puts the complete file in place; on failure sets `error`.
  bool commit(std::string &error) {
    if (!finish(error))
      return false;
    if (!temporary)
      return true;
    llvm::Error kept = temporary->keep(target);
    temporary.reset();
    if (kept) {
      error = llvm::toString(std::move(kept));
      return false;
    }
    return true;
  }

private:
  OutputFile() = default;

  std::string target;
  std::optional<llvm::sys::fs::TempFile> temporary;
  std::unique_ptr<llvm::raw_fd_ostream> stream;
};

/// Where the results of a compile go.
struct Outputs {
  std::string output;
  /// --emit=obj: the C header declaring the object's exports.
  std::string header;
};

/// Checks the flags together and makes the compile request and its outputs
/// of them; on a problem prints one error line and returns nullopt.
std::optional<std::pair<CompileRequest, Outputs>>
checkOptions(const DriverOptions &options, bool emitGiven) {
  CompileRequest request;
  request.target = options.target;
  request.targetCpu = options.targetCpu;
  request.cudaArchs = options.cudaArchs;
  request.cudaToolkit = options.cudaToolkit;
  request.cpuLibrary = options.cpuLibrary;
  if (emitGiven)
    request.emit = options.emit;
  request.compileTo = options.compileTo;
  request.compileFrom = options.compileFrom;
  request.dumpPhasesTo = options.dumpPhasesTo;
  request.optLevel = options.optLevel;
  request.simulateProcesses = options.simulateProcesses;
  request.timing = options.timing;
  if (options.verbose)
    request.log = [](const std::string &line) { spdlog::info("{}", line); };
  std::string problem = checkCompileRequest(request);
  if (!problem.empty()) {
    reportError(problem);
    return std::nullopt;
  }

  std::string emit =
      emitGiven ? options.emit : (options.compileTo.empty() ? "so" : "mlir");
  Outputs outputs;
  outputs.output = options.output;
  if (outputs.output.empty()) {
    if (emit == "so" || emit == "obj") {
      reportError("--emit=" + emit + " writes a binary file: name it with -o");
      return std::nullopt;
    }
    outputs.output = "-";
  }
  if (emit != "obj") {
    if (!options.header.empty() || !options.symbolPrefix.empty()) {
      reportError("--header and --symbol-prefix are for --emit=obj");
      return std::nullopt;
    }
    return std::make_pair(std::move(request), std::move(outputs));
  }
  bool toStdout = outputs.output == "-";
  outputs.header = options.header;
  if (outputs.header.empty()) {
    if (toStdout) {
      reportError("--emit=obj to stdout needs --header=PATH");
      return std::nullopt;
    }
    llvm::SmallString<128> header(outputs.output);
    llvm::sys::path::replace_extension(header, "h");
    outputs.header = header.str().str();
  }
  request.symbolPrefix = options.symbolPrefix;
  if (request.symbolPrefix.empty()) {
    if (toStdout) {
      reportError("--emit=obj to stdout needs --symbol-prefix=NAME");
      return std::nullopt;
    }
    request.symbolPrefix = symbolPrefixForPath(outputs.output);
  }
  if (!isValidSymbolPrefix(request.symbolPrefix)) {
    reportError("--symbol-prefix '" + request.symbolPrefix +
                "' is not a C identifier");
    return std::nullopt;
  }
  return std::make_pair(std::move(request), std::move(outputs));
}

/// Refuses outputs that name the input, which the compile would destroy,
/// or each other.
LogicalResult checkOutputPaths(const DriverOptions &options,
                               const Outputs &outputs) {
  auto isInput = [&](llvm::StringRef path) {
    return path != "-" && options.input != "-" &&
           isSameFile(path, options.input);
  };
  if (isInput(outputs.output)) {
    reportError("-o '" + outputs.output + "' is the input file '" +
                options.input + "'; name another output file");
    return failure();
  }
  if (outputs.header.empty())
    return success();
  if (isInput(outputs.header)) {
    reportError("--header '" + outputs.header + "' is the input file '" +
                options.input + "'; name another header file");
    return failure();
  }
  if (outputs.output != "-" && isSameFile(outputs.header, outputs.output)) {
    reportError("--header '" + outputs.header + "' is the -o file '" +
                outputs.output + "'; name another header file");
    return failure();
  }
  return success();
}

/// Prints the diagnostics as a compiler does: located ones with their
/// source line, the others after the tool's name.
void printDiagnostics(const CompileResult &result) {
  for (const CompileDiagnostic &diagnostic : result.diagnostics)
    if (!diagnostic.text.empty())
      llvm::errs() << (diagnostic.file.empty() ? "disc-compile: " : "")
                   << diagnostic.text;
}

int compileFile(const DriverOptions &options, const CompileRequest &request,
                const Outputs &outputs) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      llvm::MemoryBuffer::getFileOrSTDIN(options.input, /*IsText=*/false);
  if (std::error_code error = input.getError())
    return reportError("cannot read input file '" + options.input +
                       "': " + error.message());

  // Opened before the work starts so that an unwritable output fails fast;
  // the file takes its place only when the compilation succeeds.
  std::string outputError;
  std::unique_ptr<OutputFile> output =
      OutputFile::open(outputs.output, outputError);
  if (!output)
    return reportError("cannot write output file '" + outputs.output +
                       "': " + outputError);
  auto commitOutput = [&] {
    if (output->commit(outputError))
      return 0;
    return reportError("cannot write output file '" + outputs.output +
                       "': " + outputError);
  };

  CompileResult result =
      compile((*input)->getBuffer(), (*input)->getBufferIdentifier(), request);
  printDiagnostics(result);
  if (!result.succeeded)
    return 1;
  output->os() << result.artifact;
  if (outputs.header.empty())
    return commitOutput();

  std::string headerError;
  std::unique_ptr<OutputFile> header =
      OutputFile::open(outputs.header, headerError);
  auto headerFailed = [&] {
    return reportError("cannot write header '" + outputs.header +
                       "': " + headerError);
  };
  if (!header)
    return headerFailed();
  header->os() << result.header;
  // The pair lands only when both are written; then the object goes first,
  // as a header is of no use without it.
  if (!output->finish(outputError))
    return reportError("cannot write output file '" + outputs.output +
                       "': " + outputError);
  if (!header->finish(headerError))
    return headerFailed();
  if (int failed = commitOutput())
    return failed;
  return header->commit(headerError) ? 0 : headerFailed();
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);

  DriverOptions options;
  CLI::App app("disc-compile: compiles a StableHLO/MHLO program or a TFRT "
               "kernel graph into a model .so",
               "disc-compile");
  app.add_option("input", options.input, "Input MLIR file ('-' for stdin)")
      ->required();
  app.add_option("-o,--output", options.output,
                 "Output file ('-' for stdout; the default for text)");
  app.add_option("--target", options.target, "Target device: cpu or cuda");
  app.add_option("--cuda-arch", options.cudaArchs,
                 "--target=cuda: architectures to compile kernels for "
                 "(default sm_80,sm_90)")
      ->delimiter(',');
  app.add_option("--cuda-toolkit", options.cudaToolkit,
                 "--target=cuda: the CUDA toolkit whose bin/ptxas turns PTX "
                 "into cubins (default /usr/local/cuda, where the .so carries "
                 "PTX only if it has no ptxas)");
  app.add_option("--cpu-library", options.cpuLibrary,
                 "--target=cpu: auto (default) hands matrix products to a "
                 "tuned BLAS the runtime loads; none compiles them into the "
                 ".so, which then needs no library");
  app.add_flag("--simulate-processes", options.simulateProcesses,
               "Run every process of a program of several replicas or "
               "partitions (mhlo.num_replicas, mhlo.num_partitions) on one "
               "device: each entry takes and returns every process's values, "
               "process 0's first (disc.process_programs gives each process "
               "a function of its own)");
  app.add_option("--target-cpu", options.targetCpu,
                 "CPU to tune for: host or an LLVM CPU name (e.g. znver3)");
  CLI::Option *emitOption =
      app.add_option("--emit", options.emit,
                     "What to write: so (default), obj, llvm, ptx, mlir");
  app.add_option("--header", options.header,
                 "--emit=obj: the C header to write (default: the output "
                 "with .h)");
  app.add_option("--symbol-prefix", options.symbolPrefix,
                 "--emit=obj: prefix of the exported symbols (default: the "
                 "output's file stem as a C identifier)");
  app.add_option("--compile-to", options.compileTo,
                 "Stop after this phase and print its MLIR: " +
                     getPhaseNameList());
  app.add_option("--compile-from", options.compileFrom,
                 "Resume after this phase: the input is its output");
  app.add_option("--dump-phases-to", options.dumpPhasesTo,
                 "Write NN.PHASE.mlir after each phase (and the LLVM IR; "
                 "for cuda, the kernels' PTX after the device phase)");
  app.add_flag("--timing", options.timing,
               "Print pass, codegen and link timings");
  app.add_option("-O", options.optLevel, "Optimization level 0..3 (default 2)")
      ->check(CLI::Range(0u, 3u));
  app.add_flag("-v,--verbose", options.verbose, "Log what each step does");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &help) {
    return app.exit(help);
  } catch (const CLI::ParseError &error) {
    return reportError(error.what());
  }

  auto logger = spdlog::stderr_logger_st("disc-compile");
  logger->set_pattern("disc-compile: %v");
  logger->set_level(options.verbose ? spdlog::level::info
                                    : spdlog::level::warn);
  spdlog::set_default_logger(logger);

  std::optional<std::pair<CompileRequest, Outputs>> checked =
      checkOptions(options, emitOption->count() > 0);
  if (!checked || failed(checkOutputPaths(options, checked->second)))
    return 1;
  return compileFile(options, checked->first, checked->second);
}
