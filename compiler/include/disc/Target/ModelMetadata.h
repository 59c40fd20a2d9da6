//===- ModelMetadata.h - The JSON a model .so describes itself with -*- C++
//-*-===//
//
// disc_model_metadata() returns the JSON of docs/ABI.md. It is built from the
// `disc.entry_signature` attribute that disc-record-entry-signature puts on
// each public function and disc-ral-to-llvm keeps on the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_TARGET_MODELMETADATA_H
#define DISC_TARGET_MODELMETADATA_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
namespace disc {

/// "disc 0.1.0 (LLVM 22.1.8)".
std::string getCompilerVersion();

/// "fnv1a64:" followed by 16 lower-case hex digits of the FNV-1a 64 hash.
std::string hashSource(StringRef bytes);

struct ModelDescription {
  std::string target;
  /// The resolved CPU name, never "host".
  std::string targetCpu;
  std::string sourceHash;
};

struct EntryFunction {
  std::string name;
  std::string symbol;
};

struct ModelMetadata {
  std::string json;
  SmallVector<EntryFunction> entries;
  /// `disc_kg_entry_<fn>` exports of a kernel-graph program.
  SmallVector<EntryFunction> kernelGraphEntries;
};

/// Builds the metadata JSON from the module's `disc.entry_signatures`, or,
/// when the module has none, from each `disc_entry_<fn>` function's
/// `disc.entry_signature`; a kernel-graph program's functions come from
/// `disc.kernel_graph_signatures` and are listed under
/// "kernel_graph_functions". A malformed signature is reported as a
/// diagnostic and makes this fail.
FailureOr<ModelMetadata> buildModelMetadata(ModuleOp module,
                                            const ModelDescription &model);

} // namespace disc
} // namespace mlir

#endif // DISC_TARGET_MODELMETADATA_H
