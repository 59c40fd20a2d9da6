//===- Compiler.h - Compile a program in memory -----------------*- C++ -*-===//
//
// disc's compiler as a library: a program's text in, a model (or the IR a
// phase printed) and structured diagnostics out. disc-compile is a command
// line over it; the Python package calls it in-process through the C API of
// disc/Compiler/disc_compiler.h.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_COMPILER_COMPILER_H
#define DISC_COMPILER_COMPILER_H

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace disc {

/// What to compile for and what to produce. Each field is the disc-compile
/// flag of the same name, with its default.
struct CompileRequest {
  std::string target = "cpu";
  std::string targetCpu = "host";
  std::vector<std::string> cudaArchs = {"sm_80", "sm_90"};
  /// Empty: /usr/local/cuda when it has ptxas, else PTX only. Named, it
  /// must have bin/ptxas.
  std::string cudaToolkit;
  std::string cpuLibrary = "auto";
  /// so, obj, llvm, ptx or mlir; unset means so, or mlir with compileTo.
  std::optional<std::string> emit;
  std::string compileTo;
  std::string compileFrom;
  std::string dumpPhasesTo;
  /// --emit=obj: the prefix of the object's exports and of its header's
  /// declarations.
  std::string symbolPrefix;
  unsigned optLevel = 2;
  bool simulateProcesses = false;
  /// Print pass, codegen and link timings on stderr.
  bool timing = false;
  /// Called with a line for each step done, when set.
  std::function<void(const std::string &)> log;
};

struct CompileDiagnostic {
  enum class Severity { Error, Warning, Note, Remark };
  Severity severity = Severity::Error;
  /// The source location; an empty file for a problem with the request or
  /// the environment rather than a place in the program.
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
  /// The diagnostic as a compiler prints it: location, severity, message,
  /// the source line and a caret, and its notes. Empty for a note, whose
  /// text is in the diagnostic it belongs to.
  std::string text;
};

struct CompileResult {
  bool succeeded = false;
  /// The model .so, the object, or the LLVM IR, PTX or MLIR text.
  std::string artifact;
  /// --emit=obj: the C header declaring the object's exports.
  std::string header;
  std::vector<CompileDiagnostic> diagnostics;
};

/// Whether `a` and `b` name one file: the same device and inode where both
/// exist (so also through links), else the same absolute path. A compile
/// refuses to write a phase dump over its input with it; a tool checks its
/// outputs with it.
bool isSameFile(llvm::StringRef a, llvm::StringRef b);

/// The first problem of `request` itself (a value a field does not take,
/// or fields that do not go together), or "" when there is none. compile()
/// reports the same problem; a tool checks its flags with it before reading
/// its input.
std::string checkCompileRequest(const CompileRequest &request);

/// Compiles `source`, a program's text read from `sourceName` ("-" for
/// stdin; it names the file in diagnostics and must not be a phase dump's
/// path). Runs on a thread of its own with the stack the deepest admitted
/// program needs; many compiles may run at once.
CompileResult compile(llvm::StringRef source, llvm::StringRef sourceName,
                      const CompileRequest &request);

} // namespace disc
} // namespace mlir

#endif // DISC_COMPILER_COMPILER_H
