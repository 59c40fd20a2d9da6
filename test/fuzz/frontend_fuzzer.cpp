// disc-compile's front end on arbitrary text: the nesting check, TFRT's old
// spellings, parse and verify (disc/Input/FrontEnd.h), the program's
// classification and its input phase, each run as disc-compile runs them, on
// a thread with disc-compile's stack. Diagnostics are dropped; the fuzzer
// looks for crashes and hangs, not for what is accepted. Not for leaks:
// a parse that crashed inside MLIR is abandoned with what it had allocated
// (parseProgram), so scripts/fuzz.sh runs this target with leak detection
// off.
#include "disc/InitAll.h"
#include "disc/Input/FrontEnd.h"
#include "disc/Pipeline/Pipeline.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace mlir;
using namespace mlir::disc;

namespace {

DialectRegistry &registry() {
  static DialectRegistry *dialects = [] {
    auto *registry = new DialectRegistry();
    registerAllDialects(*registry);
    return registry;
  }();
  return *dialects;
}

void compileInputPhase(llvm::StringRef text) {
  if (findTooDeepNesting(text))
    return;
  // One context per input: what a context uniques would otherwise grow
  // from input to input.
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects();
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler dropDiagnostics(
      &context, [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(upgradeFuncSpelling(text), "fuzz"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseProgram(sourceMgr, &context);
  if (!module)
    return;
  FailureOr<ProgramKind> program = classifyProgram(*module);
  if (failed(program))
    return;
  CompileOptions options;
  options.program = *program;
  PassManager passManager(&context);
  std::string pipelineError;
  llvm::raw_string_ostream pipelineErrorStream(pipelineError);
  if (failed(addPhasePasses(passManager, Phase::Input, options,
                            pipelineErrorStream))) {
    std::fprintf(stderr, "the input phase does not build: %s\n",
                 pipelineError.c_str());
    std::abort();
  }
  (void)passManager.run(*module);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::thread compileThread(std::optional<unsigned>(kFrontEndStackBytes),
                             [text] { compileInputPhase(text); });
  compileThread.join();
  return 0;
}
