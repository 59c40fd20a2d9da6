//===- ModelCodegen.h - LLVM dialect to a model object file -----*- C++ -*-===//
//
// Translates the LLVM-dialect module of the llvm phase to LLVM IR, adds
// disc_model_metadata(), keeps only the ABI's exports external, runs LLVM's
// optimization pipeline and emits an object file, all in memory.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_TARGET_MODELCODEGEN_H
#define DISC_TARGET_MODELCODEGEN_H

#include "disc/Target/ModelMetadata.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
namespace disc {

/// A TargetMachine for the host triple. `cpu` is "host" (the CPU this runs
/// on, with all its features) or an LLVM CPU name such as "znver3".
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostTargetMachine(StringRef cpu, unsigned optLevel);

/// The vector registers of a CPU: their width in bits and how many there are.
struct CpuVectorRegisters {
  unsigned bits = 128;
  unsigned count = 16;
};

/// The vector registers of `cpu` ("host" or an LLVM CPU name, as for
/// createHostTargetMachine): AVX-512, AVX2 or SSE on x86, NEON on AArch64.
/// Fails like createHostTargetMachine for a CPU LLVM does not know.
llvm::Expected<CpuVectorRegisters> getCpuVectorRegisters(StringRef cpu);

/// Translates `module` (LLVM dialect only) to LLVM IR for `targetMachine`,
/// adds disc_model_metadata() returning `metadata.json`, and internalizes
/// every symbol but the ABI's exports. A non-empty `exportPrefix` renames the
/// exports to `<exportPrefix>_<name>` so that several model objects link into
/// one program. Diagnostics go to the module's context.
FailureOr<std::unique_ptr<llvm::Module>>
translateModelToLLVMIR(ModuleOp module, const ModelMetadata &metadata,
                       llvm::TargetMachine &targetMachine,
                       llvm::LLVMContext &llvmContext,
                       StringRef exportPrefix = {});

/// Whether `prefix` is a C identifier, usable as an export prefix.
bool isValidSymbolPrefix(StringRef prefix);

/// The default export prefix of an object written to `path`: its file stem
/// with every character outside [A-Za-z0-9_] made '_' ("mlp-v2.o" gives
/// "mlp_v2"), with "model_" in front when it would start with a digit.
std::string symbolPrefixForPath(StringRef path);

/// The C header of a model object whose exports carry `prefix`: declares
/// them and `<prefix>_model()`, the disc_static_model descriptor that
/// disc_model_open_static (runtime_stub.h) opens.
std::string buildStaticModelHeader(const ModelMetadata &metadata,
                                   StringRef prefix);

/// Runs LLVM's default O0..O3 pipeline on `module`; from O1 on, identical
/// functions are merged first, so that each is optimized once.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &targetMachine,
                    unsigned optLevel);

/// Emits `module` as a relocatable object file.
llvm::Expected<llvm::SmallVector<char, 0>>
emitObjectFile(llvm::Module &module, llvm::TargetMachine &targetMachine);

/// Emits `module` as up to `parts` relocatable objects, each compiled on a
/// thread of its own, to be linked together. Functions are spread over the
/// parts by size; the global variables stay in the first. The module's
/// local symbols become hidden ones, so `module` is used up.
llvm::Expected<llvm::SmallVector<llvm::SmallVector<char, 0>>>
emitObjectFiles(llvm::Module &module, llvm::TargetMachine &targetMachine,
                unsigned parts);

} // namespace disc
} // namespace mlir

#endif // DISC_TARGET_MODELCODEGEN_H
