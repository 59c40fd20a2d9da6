//===- Compiler.cpp - Compile a program in memory -------------------------===//
//
// The request is checked whole before any work, then the program goes
// through the front end, the phases and the Target library. Every problem
// becomes a CompileDiagnostic; MLIR's diagnostics are also rendered as
// disc-compile prints them, so the command line stays a thin printer.
//
//===----------------------------------------------------------------------===//

#include "disc/Compiler/Compiler.h"

#include "disc/Codegen/GPU/DeviceBlob.h"
#include "disc/InitAll.h"
#include "disc/Input/FrontEnd.h"
#include "disc/Pipeline/Pipeline.h"
#include "disc/Target/ModelCodegen.h"
#include "disc/Target/ModelMetadata.h"
#include "disc/Target/SharedObjectLinker.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/thread.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::disc;

namespace {

// More parts than this cost more in copying modules than they save.
constexpr unsigned kMaxCodegenThreads = 8;

enum class Emit { SharedObject, Object, LlvmIr, Ptx, Mlir };

/// The request, checked.
struct Invocation {
  CompileOptions compile;
  Emit emit = Emit::SharedObject;
  /// The phase whose output the input is (--compile-from); the phases after
  /// it run.
  std::optional<Phase> resumeAfter;
  Phase lastPhase = Phase::Llvm;
};

/// Renders a diagnostic as disc-compile prints it, call stack and notes
/// included, on the stream it was made with.
class DiagnosticRenderer : public SourceMgrDiagnosticHandler {
public:
  using SourceMgrDiagnosticHandler::emitDiagnostic;
  using SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler;
};

/// Collects a compile's diagnostics into its result.
class Diagnostics {
public:
  explicit Diagnostics(CompileResult &result) : result(result) {}

  /// A problem of the request or the environment, not at a place in the
  /// program.
  void error(const llvm::Twine &message) {
    CompileDiagnostic diagnostic;
    diagnostic.message = message.str();
    diagnostic.text = "error: " + diagnostic.message + "\n";
    result.diagnostics.push_back(std::move(diagnostic));
  }

  /// An error at `line`:`column` of `file`, rendered as `text`.
  void errorAt(llvm::StringRef file, unsigned line, unsigned column,
               const llvm::Twine &message) {
    CompileDiagnostic diagnostic;
    diagnostic.file = file.str();
    diagnostic.line = line;
    diagnostic.column = column;
    diagnostic.message = message.str();
    diagnostic.text = llvm::formatv("{0}:{1}:{2}: error: {3}\n", file, line,
                                    column, diagnostic.message)
                          .str();
    result.diagnostics.push_back(std::move(diagnostic));
  }

  /// Takes every diagnostic `context` reports, rendered by `renderer`
  /// (whose output is `rendered`) and recorded with its notes.
  void capture(MLIRContext &context, DiagnosticRenderer &renderer,
               std::string &rendered) {
    context.getDiagEngine().registerHandler([&](Diagnostic &diagnostic) {
      size_t start = rendered.size();
      renderer.emitDiagnostic(diagnostic);
      record(diagnostic, rendered.substr(start));
      for (Diagnostic &note : diagnostic.getNotes())
        record(note, "");
      return success();
    });
  }

private:
  void record(Diagnostic &diagnostic, std::string text) {
    CompileDiagnostic recorded;
    switch (diagnostic.getSeverity()) {
    case DiagnosticSeverity::Error:
      recorded.severity = CompileDiagnostic::Severity::Error;
      break;
    case DiagnosticSeverity::Warning:
      recorded.severity = CompileDiagnostic::Severity::Warning;
      break;
    case DiagnosticSeverity::Note:
      recorded.severity = CompileDiagnostic::Severity::Note;
      break;
    case DiagnosticSeverity::Remark:
      recorded.severity = CompileDiagnostic::Severity::Remark;
      break;
    }
    if (auto location =
            diagnostic.getLocation()->findInstanceOf<FileLineColLoc>()) {
      recorded.file = location.getFilename().str();
      recorded.line = location.getLine();
      recorded.column = location.getColumn();
    }
    recorded.message = diagnostic.str();
    recorded.text = std::move(text);
    result.diagnostics.push_back(std::move(recorded));
  }

  CompileResult &result;
};

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

/// Checks the request's fields together; on a problem reports one error and
/// returns nullopt.
std::optional<Invocation> checkRequest(const CompileRequest &request,
                                       Diagnostics &diagnostics) {
  Invocation invocation;
  std::optional<Target> target = parseTarget(request.target);
  if (!target) {
    diagnostics.error("unknown target '" + request.target +
                      "' for --target (expected cpu or cuda)");
    return std::nullopt;
  }
  invocation.compile.target = *target;
  for (const std::string &arch : request.cudaArchs) {
    std::optional<uint32_t> sm = parseSmVersion(arch);
    if (!sm || *sm < 50) {
      diagnostics.error("unknown CUDA architecture '" + arch +
                        "' for --cuda-arch (expected sm_<N> with N >= 50, "
                        "e.g. sm_80,sm_90)");
      return std::nullopt;
    }
  }
  if (request.cudaArchs.empty()) {
    diagnostics.error("--cuda-arch names no architecture");
    return std::nullopt;
  }
  invocation.compile.cudaArchs = request.cudaArchs;
  // Named, the toolkit must be usable: a silent fallback to PTX only would
  // hide a mistyped path.
  if (!request.cudaToolkit.empty()) {
    if (invocation.compile.target != Target::Cuda) {
      diagnostics.error("--cuda-toolkit needs --target=cuda");
      return std::nullopt;
    }
    llvm::SmallString<128> ptxas(request.cudaToolkit);
    llvm::sys::path::append(ptxas, "bin", "ptxas");
    if (!llvm::sys::fs::can_execute(ptxas)) {
      diagnostics.error("--cuda-toolkit '" + request.cudaToolkit +
                        "' has no bin/ptxas to build cubins with");
      return std::nullopt;
    }
    invocation.compile.cudaToolkit = request.cudaToolkit;
  }
  invocation.compile.targetCpu = request.targetCpu;
  if (request.optLevel > 3) {
    diagnostics.error("-O" + llvm::Twine(request.optLevel) +
                      " is not an optimization level (expected 0..3)");
    return std::nullopt;
  }
  invocation.compile.optLevel = request.optLevel;
  if (request.cpuLibrary != "auto" && request.cpuLibrary != "none") {
    diagnostics.error("unknown value '" + request.cpuLibrary +
                      "' for --cpu-library (expected auto or none)");
    return std::nullopt;
  }
  invocation.compile.cpuLibraryCalls = request.cpuLibrary == "auto";
  invocation.compile.simulateProcesses = request.simulateProcesses;
  if (invocation.compile.target == Target::Cpu) {
    llvm::Expected<CpuVectorRegisters> registers =
        getCpuVectorRegisters(invocation.compile.targetCpu);
    if (!registers) {
      diagnostics.error(llvm::toString(registers.takeError()));
      return std::nullopt;
    }
    invocation.compile.cpuVectorBits = registers->bits;
    invocation.compile.cpuVectorRegisters = registers->count;
  }

  std::string emitName = request.emit.value_or("so");
  std::optional<Emit> emit = parseEmit(emitName);
  if (!emit) {
    diagnostics.error("unknown output kind '" + emitName +
                      "' for --emit (expected so, obj, llvm, ptx or mlir)");
    return std::nullopt;
  }
  invocation.emit = *emit;
  if (invocation.emit == Emit::Ptx) {
    if (invocation.compile.target != Target::Cuda) {
      diagnostics.error("--emit=ptx needs --target=cuda");
      return std::nullopt;
    }
    invocation.lastPhase = Phase::Device;
  }

  auto parsePhaseField = [&](llvm::StringRef flag,
                             const std::string &name) -> std::optional<Phase> {
    std::optional<Phase> phase = parsePhase(name);
    if (!phase)
      diagnostics.error("unknown phase '" + name + "' for " + flag +
                        " (expected one of: " + getPhaseNameList() + ")");
    return phase;
  };
  if (!request.compileTo.empty()) {
    std::optional<Phase> phase =
        parsePhaseField("--compile-to", request.compileTo);
    if (!phase)
      return std::nullopt;
    if (request.emit && invocation.emit != Emit::Mlir) {
      diagnostics.error(
          "--compile-to prints MLIR; it cannot be combined with --emit=" +
          emitName);
      return std::nullopt;
    }
    invocation.lastPhase = *phase;
    invocation.emit = Emit::Mlir;
  }
  if (!request.compileFrom.empty()) {
    std::optional<Phase> phase =
        parsePhaseField("--compile-from", request.compileFrom);
    if (!phase)
      return std::nullopt;
    invocation.resumeAfter = *phase;
  }
  if (invocation.resumeAfter &&
      *invocation.resumeAfter > invocation.lastPhase) {
    diagnostics.error(
        "--compile-from=" + getPhaseName(*invocation.resumeAfter) +
        " comes after --compile-to=" + getPhaseName(invocation.lastPhase));
    return std::nullopt;
  }
  if (request.symbolPrefix.empty())
    return invocation;
  if (invocation.emit != Emit::Object) {
    diagnostics.error("--symbol-prefix is for --emit=obj");
    return std::nullopt;
  }
  if (!isValidSymbolPrefix(request.symbolPrefix)) {
    diagnostics.error("--symbol-prefix '" + request.symbolPrefix +
                      "' is not a C identifier");
    return std::nullopt;
  }
  return invocation;
}

/// Checks that programs of `kind` go through the phases the request names.
LogicalResult checkPhasesOf(ProgramKind kind, const Invocation &invocation,
                            Diagnostics &diagnostics) {
  auto check = [&](llvm::StringRef flag, Phase phase) {
    if (isPhaseOf(kind, phase))
      return success();
    diagnostics.error("kernel-graph programs have no " + getPhaseName(phase) +
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
    diagnostics.error(
        "--emit=obj is not supported for kernel-graph programs yet; "
        "build a .so");
    return failure();
  }
  return success();
}

/// Writes `NN.PHASE.EXT` into the dump folder.
LogicalResult writeDump(llvm::StringRef folder, llvm::StringRef input,
                        Phase phase, llvm::StringRef extension,
                        Diagnostics &diagnostics,
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
    diagnostics.error("phase dump '" + path + "' is the input file '" + input +
                      "'; pick another --dump-phases-to folder");
    return failure();
  }
  std::error_code error;
  auto file = std::make_unique<llvm::ToolOutputFile>(path, error,
                                                     llvm::sys::fs::OF_None);
  if (error) {
    diagnostics.error("cannot write phase dump '" + path +
                      "': " + error.message());
    return failure();
  }
  print(file->os());
  file->keep();
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

/// The pass and target registries are global to the process, and filling
/// them is not safe from two threads at once: the first compile does it.
void initializeOnce() {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    registerAllPasses();
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

void compileOnThisThread(llvm::StringRef text, llvm::StringRef sourceName,
                         const CompileRequest &request, CompileResult &result) {
  initializeOnce();
  Diagnostics diagnostics(result);
  auto log = [&](const std::string &line) {
    if (request.log)
      request.log(line);
  };
  std::optional<Invocation> invocation = checkRequest(request, diagnostics);
  if (!invocation)
    return;
  if (invocation->emit == Emit::Object && request.symbolPrefix.empty()) {
    diagnostics.error("--emit=obj needs a --symbol-prefix for its exports");
    return;
  }

  if (const char *tooDeep = findTooDeepNesting(text)) {
    llvm::SourceMgr sourceMgr;
    unsigned buffer = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(text, sourceName,
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(tooDeep), buffer);
    diagnostics.errorAt(sourceName, line, column,
                        "nesting deeper than " + llvm::Twine(kMaxNesting) +
                            " levels of brackets; disc-compile accepts at "
                            "most " +
                            llvm::Twine(kMaxNesting));
    return;
  }
  std::string sourceHash = hashSource(text);
  std::unique_ptr<llvm::MemoryBuffer> source =
      llvm::MemoryBuffer::getMemBufferCopy(upgradeFuncSpelling(text),
                                           sourceName);

  if (!request.dumpPhasesTo.empty()) {
    if (std::error_code error =
            llvm::sys::fs::create_directories(request.dumpPhasesTo)) {
      diagnostics.error("cannot create --dump-phases-to folder '" +
                        request.dumpPhasesTo + "': " + error.message());
      return;
    }
    if (!llvm::sys::fs::is_directory(request.dumpPhasesTo)) {
      diagnostics.error("--dump-phases-to '" + request.dumpPhasesTo +
                        "' is not a folder");
      return;
    }
  }

  std::unique_ptr<llvm::TargetMachine> targetMachine;
  if (needsTargetMachine(invocation->emit)) {
    auto machine = createHostTargetMachine(invocation->compile.targetCpu,
                                           invocation->compile.optLevel);
    if (!machine) {
      diagnostics.error(llvm::toString(machine.takeError()));
      return;
    }
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
  std::string rendered;
  llvm::raw_string_ostream renderedStream(rendered);
  DiagnosticRenderer renderer(sourceMgr, &context, renderedStream);
  diagnostics.capture(context, renderer, rendered);

  DefaultTimingManager timingManager;
  timingManager.setEnabled(request.timing);
  TimingScope rootTiming = timingManager.getRootScope();

  OwningOpRef<ModuleOp> module;
  {
    TimingScope parseTiming = rootTiming.nest("parse");
    module = parseProgram(sourceMgr, &context);
  }
  if (!module)
    return;
  FailureOr<ProgramKind> program = classifyProgram(*module);
  if (failed(program) ||
      failed(checkPhasesOf(*program, *invocation, diagnostics)))
    return;
  invocation->compile.program = *program;

  auto dump = [&](Phase phase, llvm::StringRef extension,
                  llvm::function_ref<void(llvm::raw_ostream &)> print) {
    if (request.dumpPhasesTo.empty())
      return success();
    return writeDump(request.dumpPhasesTo, sourceName, phase, extension,
                     diagnostics, print);
  };
  for (Phase phase : getAllPhases()) {
    if ((invocation->resumeAfter && phase <= *invocation->resumeAfter) ||
        phase > invocation->lastPhase || !isPhaseOf(*program, phase))
      continue;
    PassManager passManager(&context);
    std::string pipelineError;
    llvm::raw_string_ostream pipelineErrorStream(pipelineError);
    if (failed(addPhasePasses(passManager, phase, invocation->compile,
                              pipelineErrorStream))) {
      diagnostics.error(llvm::StringRef(pipelineError).trim());
      return;
    }
    TimingScope phaseTiming = rootTiming.nest(getPhaseName(phase));
    if (request.timing)
      passManager.enableTiming(phaseTiming);
    auto start = std::chrono::steady_clock::now();
    if (failed(passManager.run(*module)))
      return;
    log(llvm::formatv("phase {0} done in {1:f1} ms", getPhaseName(phase),
                      millisecondsSince(start))
            .str());
    if (failed(dump(phase, "mlir",
                    [&](llvm::raw_ostream &os) { module->print(os); })))
      return;
    // The device code is in the module only as blobs; its PTX is what one
    // reads.
    if (phase == Phase::Device && invocation->compile.target == Target::Cuda) {
      LogicalResult written = success();
      if (failed(dump(phase, "ptx",
                      [&](llvm::raw_ostream &os) {
                        written = writePtx(*module, os);
                      })) ||
          failed(written))
        return;
    }
  }

  llvm::raw_string_ostream artifact(result.artifact);
  if (invocation->emit == Emit::Mlir) {
    module->print(artifact);
    result.succeeded = true;
    return;
  }
  if (invocation->emit == Emit::Ptx) {
    result.succeeded = succeeded(writePtx(*module, artifact));
    return;
  }

  auto start = std::chrono::steady_clock::now();
  ModelDescription description{getTargetName(invocation->compile.target).str(),
                               targetMachine->getTargetCPU().str(), sourceHash};
  FailureOr<ModelMetadata> metadata = buildModelMetadata(*module, description);
  if (failed(metadata))
    return;

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    TimingScope translateTiming = rootTiming.nest("llvm-translate");
    FailureOr<std::unique_ptr<llvm::Module>> translated =
        translateModelToLLVMIR(*module, *metadata, *targetMachine, llvmContext,
                               request.symbolPrefix);
    if (failed(translated))
      return;
    llvmModule = std::move(*translated);
  }
  {
    TimingScope optimizeTiming = rootTiming.nest("llvm-optimize");
    optimizeModule(*llvmModule, *targetMachine, invocation->compile.optLevel);
  }
  log(llvm::formatv("LLVM IR built and optimized (-O{0}) in {1:f1} ms",
                    invocation->compile.optLevel, millisecondsSince(start))
          .str());
  if (failed(dump(Phase::Llvm, "ll", [&](llvm::raw_ostream &os) {
        llvmModule->print(os, nullptr);
      })))
    return;
  if (invocation->emit == Emit::LlvmIr) {
    llvmModule->print(artifact, nullptr);
    result.succeeded = true;
    return;
  }

  start = std::chrono::steady_clock::now();
  // A .so links parts of the code compiled on every core; --emit=obj
  // writes one object.
  unsigned parts = invocation->emit == Emit::Object
                       ? 1
                       : std::min(kMaxCodegenThreads,
                                  llvm::heavyweight_hardware_concurrency()
                                      .compute_thread_count());
  llvm::SmallVector<llvm::SmallVector<char, 0>> objects;
  {
    TimingScope codegenTiming = rootTiming.nest("llvm-codegen");
    auto emitted = emitObjectFiles(*llvmModule, *targetMachine, parts);
    if (!emitted) {
      diagnostics.error(llvm::toString(emitted.takeError()));
      return;
    }
    objects = std::move(*emitted);
  }
  size_t objectBytes = 0;
  for (const llvm::SmallVector<char, 0> &object : objects)
    objectBytes += object.size();
  log(llvm::formatv("object code ({0} bytes in {1} parts) emitted in {2:f1} "
                    "ms",
                    objectBytes, objects.size(), millisecondsSince(start))
          .str());
  if (invocation->emit == Emit::Object) {
    result.header = buildStaticModelHeader(*metadata, request.symbolPrefix);
    artifact.write(objects.front().data(), objects.front().size());
    result.succeeded = true;
    return;
  }

  start = std::chrono::steady_clock::now();
  llvm::SmallVector<char, 0> sharedObject;
  {
    TimingScope linkTiming = rootTiming.nest("link");
    auto linked = linkSharedObject(objects);
    if (!linked) {
      diagnostics.error(llvm::toString(linked.takeError()));
      return;
    }
    sharedObject = std::move(*linked);
  }
  log(llvm::formatv("linked the model ({0} bytes) in {1:f1} ms",
                    sharedObject.size(), millisecondsSince(start))
          .str());
  artifact.write(sharedObject.data(), sharedObject.size());
  result.succeeded = true;
}

} // namespace

bool mlir::disc::isSameFile(llvm::StringRef a, llvm::StringRef b) {
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

std::string mlir::disc::checkCompileRequest(const CompileRequest &request) {
  initializeOnce();
  CompileResult result;
  Diagnostics diagnostics(result);
  if (checkRequest(request, diagnostics))
    return "";
  return result.diagnostics.front().message;
}

CompileResult mlir::disc::compile(llvm::StringRef source,
                                  llvm::StringRef sourceName,
                                  const CompileRequest &request) {
  CompileResult result;
  // The parser, the verifier and many passes recurse once per level of
  // nesting; with this stack the deepest program the nesting check admits
  // compiles.
  llvm::thread thread(std::optional<unsigned>(kFrontEndStackBytes), [&] {
    compileOnThisThread(source, sourceName, request, result);
  });
  thread.join();
  if (!result.succeeded) {
    result.artifact.clear();
    result.header.clear();
  }
  return result;
}
