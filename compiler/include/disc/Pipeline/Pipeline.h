//===- Pipeline.h - The named phases of disc-compile ------------*- C++ -*-===//
//
// A tensor program goes through the phases input → hlo → linalg → buffers →
// ral → device → llvm, a kernel graph through input → llvm (where
// disc-kernel-graph-to-llvm compiles it); the Target library then turns the
// LLVM dialect into a model .so. Each phase is a pass pipeline built in
// C++ from typed pass options (Pipeline.cpp, with each target's part in
// CpuPhases.cpp and CudaPhases.cpp), so that it can be stopped at and
// resumed from (--compile-to, --dump-phases-to), run alone
// (`disc-opt --disc-linalg-phase=target=cuda`) and printed
// (`disc-opt --disc-pipeline --dump-pass-pipeline`).
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
class ModuleOp;
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

/// What a program is made of, which decides the phases it goes through.
enum class ProgramKind {
  /// StableHLO/MHLO functions on tensors.
  Tensor,
  /// TFRT-style kernel graphs (tfrt, tfrt_test, dht ops).
  KernelGraph,
};

/// Whether programs of `kind` go through `phase`.
bool isPhaseOf(ProgramKind kind, Phase phase);

/// "input, llvm", the phases of `kind`, for error messages.
std::string getPhaseNameList(ProgramKind kind);

/// A kernel graph when a function uses the kernel-graph dialects or types
/// (or the module was lowered from one), else a tensor program. Fails with
/// a located diagnostic for a module mixing both, and for a tensor program
/// holding ops of unregistered dialects (which kernel graphs may call as
/// kernels by name).
FailureOr<ProgramKind> classifyProgram(ModuleOp module);

enum class Target { Cpu, Cuda };

StringRef getTargetName(Target target);
std::optional<Target> parseTarget(StringRef name);

struct CompileOptions {
  Target target = Target::Cpu;
  /// "host" means the CPU disc-compile runs on, with all its features.
  std::string targetCpu = "host";
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 2;
  ProgramKind program = ProgramKind::Tensor;
  /// --target=cuda: the architectures to compile kernels for, e.g. "sm_90".
  std::vector<std::string> cudaArchs = {"sm_80", "sm_90"};
  /// --target=cuda: the CUDA toolkit whose ptxas makes cubins and whose
  /// libdevice provides math functions; without ptxas the model carries
  /// PTX only.
  std::string cudaToolkit = "/usr/local/cuda";
  /// --target=cpu: matrix products become ral_gemm calls of the tuned BLAS
  /// the runtime loads; without, the compiler's own loops.
  bool cpuLibraryCalls = true;
  /// --target=cpu: the target's vector registers, which size the vectors of
  /// a row's elementwise steps and, without library calls, the register
  /// tiles of matrix products (AVX-512 by default).
  unsigned cpuVectorBits = 512;
  unsigned cpuVectorRegisters = 32;
  /// Run all mhlo.num_replicas x mhlo.num_partitions processes of the
  /// program in each entry (disc-simulate-processes); without, a program of
  /// several processes is an error.
  bool simulateProcesses = false;
};

/// Adds the passes of `phase` to `pm`, which runs on builtin.module, built
/// for the program kind and target of `options`. Fails, saying why on
/// `errorStream`, for a phase the program kind does not go through.
LogicalResult addPhasePasses(OpPassManager &pm, Phase phase,
                             const CompileOptions &options,
                             raw_ostream &errorStream);

/// Adds the passes of every phase from `first` to `last`, both included.
LogicalResult addPhasePassesInRange(OpPassManager &pm, Phase first, Phase last,
                                    const CompileOptions &options,
                                    raw_ostream &errorStream);

/// Registers a pass pipeline per phase (`disc-PHASE-phase`) and one of every
/// phase (`disc-pipeline`), each taking the target and the CPU options.
void registerDiscPipelines();

} // namespace disc
} // namespace mlir

#endif // DISC_PIPELINE_PIPELINE_H
