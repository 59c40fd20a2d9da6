//===- Pipeline.h - The named phases of disc-compile ------------*- C++ -*-===//
//
// A program goes through the phases input → hlo → linalg → buffers → ral →
// device → llvm; the Target library then turns the LLVM dialect into a model
// .so. Each phase is a pass pipeline built from registered pass names, so the
// pipeline can be printed, stopped at, and resumed from.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_PIPELINE_PIPELINE_H
#define DISC_PIPELINE_PIPELINE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;

namespace disc {

enum class Phase { Input, Hlo, Linalg, Buffers, Ral, Device, Llvm };

/// Every phase, in the order a program goes through them.
ArrayRef<Phase> getAllPhases();

/// The phase's name as used by --compile-to and in dump file names.
StringRef getPhaseName(Phase phase);

/// The phase called `name`, or nullopt when there is none.
std::optional<Phase> parsePhase(StringRef name);

/// "input, hlo, ..., llvm", for error messages.
std::string getPhaseNameList();

enum class Target { Cpu, Cuda };

StringRef getTargetName(Target target);
std::optional<Target> parseTarget(StringRef name);

struct CompileOptions {
  Target target = Target::Cpu;
  /// "host" means the CPU disc-compile runs on, with all its features.
  std::string targetCpu = "host";
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 2;
  /// --target=cuda: the architectures to compile kernels for, e.g. "sm_90".
  std::vector<std::string> cudaArchs = {"sm_80", "sm_90"};
  /// --target=cuda: the CUDA toolkit whose ptxas makes cubins and whose
  /// libdevice provides math functions; without ptxas the model carries
  /// PTX only.
  std::string cudaToolkit = "/usr/local/cuda";
};

/// The textual pass pipeline of `phase` (without the builtin.module anchor).
/// Fails for a target whose device phase does not exist yet.
FailureOr<std::string> getPhasePipeline(Phase phase,
                                        const CompileOptions &options);

/// Adds the passes of `phase` to `pm`, which runs on builtin.module. Passes
/// are looked up by their registered names; an unregistered name is reported
/// on `errorStream` and makes this fail.
LogicalResult addPhasePasses(OpPassManager &pm, Phase phase,
                             const CompileOptions &options,
                             raw_ostream &errorStream);

/// Adds the passes of every phase from `first` to `last`, both included.
LogicalResult addPhasePassesInRange(OpPassManager &pm, Phase first, Phase last,
                                    const CompileOptions &options,
                                    raw_ostream &errorStream);

/// Registers the `disc-cpu-pipeline` pass pipeline (all phases, CPU) and the
/// passes declared by this library.
void registerDiscPipelines();

} // namespace disc
} // namespace mlir

#endif // DISC_PIPELINE_PIPELINE_H
