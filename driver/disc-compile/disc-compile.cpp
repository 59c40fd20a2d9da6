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

#include "disc/Codegen/GPU/DeviceBlob.h"
#include "disc/InitAll.h"
#include "disc/Input/FrontEnd.h"
#include "disc/Pipeline/Pipeline.h"
#include "disc/Target/ModelCodegen.h"
#include "disc/Target/ModelMetadata.h"
#include "disc/Target/SharedObjectLinker.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/thread.h"
#include "llvm/Target/TargetMachine.h"

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::disc;

namespace {

// More parts than this cost more in copying modules than they save.
constexpr unsigned kMaxCodegenThreads = 8;

enum class Emit { SharedObject, Object, LlvmIr, Ptx, Mlir };

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

/// Everything the flags decide, checked.
struct Invocation {
  CompileOptions compile;
  Emit emit = Emit::SharedObject;
  /// The phase whose output the input is (--compile-from); the phases after
  /// it run.
  std::optional<Phase> resumeAfter;
  Phase lastPhase = Phase::Llvm;
  std::string output;
  /// --emit=obj: the C header to write and the prefix of the exports.
  std::string header;
  std::string symbolPrefix;
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

/// Whether `a` and `b` name one file: the same device and inode where both
/// exist (so also through links), else the same absolute path.
bool isSameFile(llvm::StringRef a, llvm::StringRef b) {
  bool same = false;
  if (!llvm::sys::fs::equivalent(a, b, same))
    return same;
  auto absolute = [](llvm::StringRef path) {
    llvm::SmallString<128> result(path);
    llvm::sys::fs::make_absolute(result);
    llvm::sys::path::remove_dots(result, /*remove_dot_dot=*/true);
    return result;
  };
  return absolute(a) == absolute(b);
}

std::optional<Emit> parseEmit(llvm::StringRef name) {
  if (name == "so")
    return Emit::SharedObject;
  if (name == "obj")
    return Emit::Object;
  if (name == "llvm")
    return Emit::LlvmIr;
  if (name == "ptx")
    return Emit::Ptx;
  if (name == "mlir")
    return Emit::Mlir;
  return std::nullopt;
}

bool needsTargetMachine(Emit emit) {
  return emit != Emit::Mlir && emit != Emit::Ptx;
}

/// Checks the flags together; on a problem prints one error line and returns
/// nullopt.
std::optional<Invocation> checkOptions(const DriverOptions &options,
                                       bool emitGiven) {
  Invocation invocation;
  std::optional<Target> target = parseTarget(options.target);
  if (!target) {
    reportError("unknown target '" + options.target +
                "' for --target (expected cpu or cuda)");
    return std::nullopt;
  }
  invocation.compile.target = *target;
  for (const std::string &arch : options.cudaArchs) {
    std::optional<uint32_t> sm = parseSmVersion(arch);
    if (!sm || *sm < 50) {
      reportError("unknown CUDA architecture '" + arch +
                  "' for --cuda-arch (expected sm_<N> with N >= 50, e.g. "
                  "sm_80,sm_90)");
      return std::nullopt;
    }
  }
  if (options.cudaArchs.empty()) {
    reportError("--cuda-arch names no architecture");
    return std::nullopt;
  }
  invocation.compile.cudaArchs = options.cudaArchs;
  // Named on the command line, the toolkit must be usable: a silent fallback
  // to PTX only would hide a mistyped path.
  if (!options.cudaToolkit.empty()) {
    if (invocation.compile.target != Target::Cuda) {
      reportError("--cuda-toolkit needs --target=cuda");
      return std::nullopt;
    }
    llvm::SmallString<128> ptxas(options.cudaToolkit);
    llvm::sys::path::append(ptxas, "bin", "ptxas");
    if (!llvm::sys::fs::can_execute(ptxas)) {
      reportError("--cuda-toolkit '" + options.cudaToolkit +
                  "' has no bin/ptxas to build cubins with");
      return std::nullopt;
    }
    invocation.compile.cudaToolkit = options.cudaToolkit;
  }
  invocation.compile.targetCpu = options.targetCpu;
  invocation.compile.optLevel = options.optLevel;
  if (options.cpuLibrary != "auto" && options.cpuLibrary != "none") {
    reportError("unknown value '" + options.cpuLibrary +
                "' for --cpu-library (expected auto or none)");
    return std::nullopt;
  }
  invocation.compile.cpuLibraryCalls = options.cpuLibrary == "auto";
  invocation.compile.simulateProcesses = options.simulateProcesses;
  if (invocation.compile.target == Target::Cpu) {
    llvm::Expected<CpuVectorRegisters> registers =
        getCpuVectorRegisters(invocation.compile.targetCpu);
    if (!registers) {
      reportError(llvm::toString(registers.takeError()));
      return std::nullopt;
    }
    invocation.compile.cpuVectorBits = registers->bits;
    invocation.compile.cpuVectorRegisters = registers->count;
  }

  std::optional<Emit> emit = parseEmit(options.emit);
  if (!emit) {
    reportError("unknown output kind '" + options.emit +
                "' for --emit (expected so, obj, llvm, ptx or mlir)");
    return std::nullopt;
  }
  invocation.emit = *emit;
  if (invocation.emit == Emit::Ptx) {
    if (invocation.compile.target != Target::Cuda) {
      reportError("--emit=ptx needs --target=cuda");
      return std::nullopt;
    }
    invocation.lastPhase = Phase::Device;
  }

  auto parsePhaseFlag = [](llvm::StringRef flag,
                           const std::string &name) -> std::optional<Phase> {
    std::optional<Phase> phase = parsePhase(name);
    if (!phase)
      reportError("unknown phase '" + name + "' for " + flag +
                  " (expected one of: " + getPhaseNameList() + ")");
    return phase;
  };
  if (!options.compileTo.empty()) {
    std::optional<Phase> phase =
        parsePhaseFlag("--compile-to", options.compileTo);
    if (!phase)
      return std::nullopt;
    if (emitGiven && invocation.emit != Emit::Mlir) {
      reportError(
          "--compile-to prints MLIR; it cannot be combined with --emit=" +
          options.emit);
      return std::nullopt;
    }
    invocation.lastPhase = *phase;
    invocation.emit = Emit::Mlir;
  }
  if (!options.compileFrom.empty()) {
    std::optional<Phase> phase =
        parsePhaseFlag("--compile-from", options.compileFrom);
    if (!phase)
      return std::nullopt;
    invocation.resumeAfter = *phase;
  }
  if (invocation.resumeAfter &&
      *invocation.resumeAfter > invocation.lastPhase) {
    reportError(
        "--compile-from=" + getPhaseName(*invocation.resumeAfter) +
        " comes after --compile-to=" + getPhaseName(invocation.lastPhase));
    return std::nullopt;
  }

  invocation.output = options.output;
  if (invocation.output.empty()) {
    if (invocation.emit == Emit::SharedObject ||
        invocation.emit == Emit::Object) {
      reportError("--emit=" + options.emit +
                  " writes a binary file: name it with -o");
      return std::nullopt;
    }
    invocation.output = "-";
  }

  if (invocation.emit != Emit::Object) {
    if (!options.header.empty() || !options.symbolPrefix.empty()) {
      reportError("--header and --symbol-prefix are for --emit=obj");
      return std::nullopt;
    }
    return invocation;
  }
  bool toStdout = invocation.output == "-";
  invocation.header = options.header;
  if (invocation.header.empty()) {
    if (toStdout) {
      reportError("--emit=obj to stdout needs --header=PATH");
      return std::nullopt;
    }
    llvm::SmallString<128> header(invocation.output);
    llvm::sys::path::replace_extension(header, "h");
    invocation.header = header.str().str();
  }
  invocation.symbolPrefix = options.symbolPrefix;
  if (invocation.symbolPrefix.empty()) {
    if (toStdout) {
      reportError("--emit=obj to stdout needs --symbol-prefix=NAME");
      return std::nullopt;
    }
    invocation.symbolPrefix = symbolPrefixForPath(invocation.output);
  }
  if (!isValidSymbolPrefix(invocation.symbolPrefix)) {
    reportError("--symbol-prefix '" + invocation.symbolPrefix +
                "' is not a C identifier");
    return std::nullopt;
  }
  return invocation;
}

/// Refuses outputs that name the input, which the compile would destroy,
/// or each other.
LogicalResult checkOutputPaths(const DriverOptions &options,
                               const Invocation &invocation) {
  auto isInput = [&](llvm::StringRef path) {
    return path != "-" && options.input != "-" &&
           isSameFile(path, options.input);
  };
  if (isInput(invocation.output)) {
    reportError("-o '" + invocation.output + "' is the input file '" +
                options.input + "'; name another output file");
    return failure();
  }
  if (invocation.header.empty())
    return success();
  if (isInput(invocation.header)) {
    reportError("--header '" + invocation.header + "' is the input file '" +
                options.input + "'; name another header file");
    return failure();
  }
  if (invocation.output != "-" &&
      isSameFile(invocation.header, invocation.output)) {
    reportError("--header '" + invocation.header + "' is the -o file '" +
                invocation.output + "'; name another header file");
    return failure();
  }
  return success();
}

/// Writes `NN.PHASE.EXT` into the dump folder.
LogicalResult writeDump(llvm::StringRef folder, llvm::StringRef input,
                        Phase phase, llvm::StringRef extension,
                        llvm::function_ref<void(llvm::raw_ostream &)> print) {
  unsigned number = 1;
  for (Phase each : getAllPhases()) {
    if (each == phase)
      break;
    ++number;
  }
  llvm::SmallString<128> path(folder);
  llvm::sys::path::append(path, llvm::formatv("{0:02}.{1}.{2}", number,
                                              getPhaseName(phase), extension)
                                    .str());
  if (input != "-" && isSameFile(path, input)) {
    reportError("phase dump '" + path + "' is the input file '" + input +
                "'; pick another --dump-phases-to folder");
    return failure();
  }
  std::error_code error;
  auto file = std::make_unique<llvm::ToolOutputFile>(path, error,
                                                     llvm::sys::fs::OF_None);
  if (error) {
    reportError("cannot write phase dump '" + path + "': " + error.message());
    return failure();
  }
  print(file->os());
  file->keep();
  return success();
}

/// Checks that programs of `kind` go through the phases the flags name.
LogicalResult checkPhasesOf(ProgramKind kind, const Invocation &invocation) {
  auto check = [&](llvm::StringRef flag, Phase phase) {
    if (isPhaseOf(kind, phase))
      return success();
    reportError("kernel-graph programs have no " + getPhaseName(phase) +
                " phase for " + flag +
                " (their phases: " + getPhaseNameList(kind) + ")");
    return failure();
  };
  if (invocation.emit == Emit::Mlir &&
      failed(check("--compile-to", invocation.lastPhase)))
    return failure();
  if (invocation.resumeAfter &&
      failed(check("--compile-from", *invocation.resumeAfter)))
    return failure();
  if (kind == ProgramKind::KernelGraph && invocation.emit == Emit::Object) {
    reportError("--emit=obj is not supported for kernel-graph programs yet; "
                "build a .so");
    return failure();
  }
  return success();
}

/// Writes the PTX of every kernel module, each architecture's after a
/// comment line naming the module and the architecture.
LogicalResult writePtx(ModuleOp module, llvm::raw_ostream &os) {
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    if (global.getSection() != kDeviceBlobSection)
      continue;
    auto bytes = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
    std::optional<SmallVector<DeviceImage>> images =
        bytes ? decodeDeviceBlob(bytes.getValue()) : std::nullopt;
    if (!images)
      return global.emitError() << "@" << global.getSymName()
                                << " is not a well-formed device blob";
    for (const DeviceImage &image : *images)
      if (image.kind == ::disc::ral::device_blob::ImageKind::Ptx)
        os << "// disc-compile: " << global.getSymName() << ", sm_" << image.sm
           << "\n"
           << image.data;
  }
  return success();
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

int compile(const DriverOptions &options, Invocation invocation) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      llvm::MemoryBuffer::getFileOrSTDIN(options.input, /*IsText=*/false);
  if (std::error_code error = input.getError())
    return reportError("cannot read input file '" + options.input +
                       "': " + error.message());
  if (const char *tooDeep = findTooDeepNesting((*input)->getBuffer())) {
    llvm::SourceMgr sourceMgr;
    unsigned buffer = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer((*input)->getMemBufferRef()),
        llvm::SMLoc());
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(tooDeep), buffer);
    llvm::errs() << (*input)->getBufferIdentifier() << ":" << line << ":"
                 << column << ": error: nesting deeper than " << kMaxNesting
                 << " levels of brackets; disc-compile accepts at most "
                 << kMaxNesting << "\n";
    return 1;
  }
  std::string sourceHash = hashSource((*input)->getBuffer());
  std::unique_ptr<llvm::MemoryBuffer> source =
      llvm::MemoryBuffer::getMemBufferCopy(
          upgradeFuncSpelling((*input)->getBuffer()),
          (*input)->getBufferIdentifier());

  if (!options.dumpPhasesTo.empty())
    if (std::error_code error =
            llvm::sys::fs::create_directories(options.dumpPhasesTo))
      return reportError("cannot create --dump-phases-to folder '" +
                         options.dumpPhasesTo + "': " + error.message());
  if (!options.dumpPhasesTo.empty() &&
      !llvm::sys::fs::is_directory(options.dumpPhasesTo))
    return reportError("--dump-phases-to '" + options.dumpPhasesTo +
                       "' is not a folder");

  // Opened before the work starts so that an unwritable output fails fast;
  // the file takes its place only when the compilation succeeds.
  std::string outputError;
  std::unique_ptr<OutputFile> output =
      OutputFile::open(invocation.output, outputError);
  if (!output)
    return reportError("cannot write output file '" + invocation.output +
                       "': " + outputError);
  auto commitOutput = [&] {
    if (output->commit(outputError))
      return 0;
    return reportError("cannot write output file '" + invocation.output +
                       "': " + outputError);
  };

  std::unique_ptr<llvm::TargetMachine> targetMachine;
  if (needsTargetMachine(invocation.emit)) {
    auto machine = createHostTargetMachine(invocation.compile.targetCpu,
                                           invocation.compile.optLevel);
    if (!machine)
      return reportError(llvm::toString(machine.takeError()));
    targetMachine = std::move(*machine);
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  // A diagnostic names its source location; dumping the whole module along
  // with it would bury the message.
  context.printOpOnDiagnostic(false);
  // Kernel graphs call kernels by name and pass values of types only their
  // kernels know (`!my.coordinate`); classifyProgram rejects ops of unknown
  // dialects in tensor programs.
  context.allowUnregisteredDialects();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  DefaultTimingManager timingManager;
  timingManager.setEnabled(options.timing);
  TimingScope rootTiming = timingManager.getRootScope();

  OwningOpRef<ModuleOp> module;
  {
    TimingScope parseTiming = rootTiming.nest("parse");
    module = parseProgram(sourceMgr, &context);
  }
  if (!module)
    return 1;
  FailureOr<ProgramKind> program = classifyProgram(*module);
  if (failed(program) || failed(checkPhasesOf(*program, invocation)))
    return 1;
  invocation.compile.program = *program;

  for (Phase phase : getAllPhases()) {
    if ((invocation.resumeAfter && phase <= *invocation.resumeAfter) ||
        phase > invocation.lastPhase || !isPhaseOf(*program, phase))
      continue;
    PassManager passManager(&context);
    std::string pipelineError;
    llvm::raw_string_ostream pipelineErrorStream(pipelineError);
    if (failed(addPhasePasses(passManager, phase, invocation.compile,
                              pipelineErrorStream)))
      return reportError(llvm::StringRef(pipelineError).trim());
    TimingScope phaseTiming = rootTiming.nest(getPhaseName(phase));
    if (options.timing)
      passManager.enableTiming(phaseTiming);
    auto start = std::chrono::steady_clock::now();
    if (failed(passManager.run(*module)))
      return 1;
    spdlog::info("phase {} done in {:.1f} ms", getPhaseName(phase).str(),
                 millisecondsSince(start));
    if (!options.dumpPhasesTo.empty() &&
        failed(writeDump(options.dumpPhasesTo, options.input, phase, "mlir",
                         [&](llvm::raw_ostream &os) { module->print(os); })))
      return 1;
    // The device code is in the module only as blobs; its PTX is what one
    // reads.
    if (!options.dumpPhasesTo.empty() && phase == Phase::Device &&
        invocation.compile.target == Target::Cuda) {
      LogicalResult written = success();
      if (failed(writeDump(options.dumpPhasesTo, options.input, phase, "ptx",
                           [&](llvm::raw_ostream &os) {
                             written = writePtx(*module, os);
                           })) ||
          failed(written))
        return 1;
    }
  }

  if (invocation.emit == Emit::Mlir) {
    module->print(output->os());
    return commitOutput();
  }
  if (invocation.emit == Emit::Ptx) {
    if (failed(writePtx(*module, output->os())))
      return 1;
    return commitOutput();
  }

  auto start = std::chrono::steady_clock::now();
  ModelDescription description{getTargetName(invocation.compile.target).str(),
                               targetMachine->getTargetCPU().str(), sourceHash};
  FailureOr<ModelMetadata> metadata = buildModelMetadata(*module, description);
  if (failed(metadata))
    return 1;

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    TimingScope translateTiming = rootTiming.nest("llvm-translate");
    FailureOr<std::unique_ptr<llvm::Module>> translated =
        translateModelToLLVMIR(*module, *metadata, *targetMachine, llvmContext,
                               invocation.symbolPrefix);
    if (failed(translated))
      return 1;
    llvmModule = std::move(*translated);
  }
  {
    TimingScope optimizeTiming = rootTiming.nest("llvm-optimize");
    optimizeModule(*llvmModule, *targetMachine, invocation.compile.optLevel);
  }
  spdlog::info("LLVM IR built and optimized (-O{}) in {:.1f} ms",
               invocation.compile.optLevel, millisecondsSince(start));
  if (!options.dumpPhasesTo.empty() &&
      failed(writeDump(
          options.dumpPhasesTo, options.input, Phase::Llvm, "ll",
          [&](llvm::raw_ostream &os) { llvmModule->print(os, nullptr); })))
    return 1;
  if (invocation.emit == Emit::LlvmIr) {
    llvmModule->print(output->os(), nullptr);
    return commitOutput();
  }

  start = std::chrono::steady_clock::now();
  // A .so links parts of the code compiled on every core; --emit=obj
  // writes one object.
  unsigned parts = invocation.emit == Emit::Object
                       ? 1
                       : std::min(kMaxCodegenThreads,
                                  llvm::heavyweight_hardware_concurrency()
                                      .compute_thread_count());
  llvm::SmallVector<llvm::SmallVector<char, 0>> objects;
  {
    TimingScope codegenTiming = rootTiming.nest("llvm-codegen");
    auto emitted = emitObjectFiles(*llvmModule, *targetMachine, parts);
    if (!emitted)
      return reportError(llvm::toString(emitted.takeError()));
    objects = std::move(*emitted);
  }
  size_t objectBytes = 0;
  for (const llvm::SmallVector<char, 0> &object : objects)
    objectBytes += object.size();
  spdlog::info("object code ({} bytes in {} parts) emitted in {:.1f} ms",
               objectBytes, objects.size(), millisecondsSince(start));
  if (invocation.emit == Emit::Object) {
    std::string headerError;
    std::unique_ptr<OutputFile> header =
        OutputFile::open(invocation.header, headerError);
    if (!header)
      return reportError("cannot write header '" + invocation.header +
                         "': " + headerError);
    header->os() << buildStaticModelHeader(*metadata, invocation.symbolPrefix);
    output->os().write(objects.front().data(), objects.front().size());
    // The pair lands only when both are written; then the object goes first,
    // as a header is of no use without it.
    auto headerFailed = [&] {
      return reportError("cannot write header '" + invocation.header +
                         "': " + headerError);
    };
    if (!output->finish(outputError))
      return reportError("cannot write output file '" + invocation.output +
                         "': " + outputError);
    if (!header->finish(headerError))
      return headerFailed();
    if (int failed = commitOutput())
      return failed;
    return header->commit(headerError) ? 0 : headerFailed();
  }

  start = std::chrono::steady_clock::now();
  llvm::SmallVector<char, 0> sharedObject;
  {
    TimingScope linkTiming = rootTiming.nest("link");
    auto linked = linkSharedObject(objects);
    if (!linked)
      return reportError(llvm::toString(linked.takeError()));
    sharedObject = std::move(*linked);
  }
  spdlog::info("linked {} ({} bytes) in {:.1f} ms", invocation.output,
               sharedObject.size(), millisecondsSince(start));
  output->os().write(sharedObject.data(), sharedObject.size());
  return commitOutput();
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

  std::optional<Invocation> invocation =
      checkOptions(options, emitOption->count() > 0);
  if (!invocation || failed(checkOutputPaths(options, *invocation)))
    return 1;

  registerAllPasses();
  // The parser, the verifier and many passes recurse once per level of
  // nesting; with this stack the deepest program the nesting check admits
  // compiles.
  int result = 1;
  llvm::thread compileThread(std::optional<unsigned>(kFrontEndStackBytes),
                             [&] { result = compile(options, *invocation); });
  compileThread.join();
  return result;
}
