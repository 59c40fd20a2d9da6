//===- EntrySignature.h - Where entry signatures are kept -------*- C++ -*-===//
//
// `disc-record-entry-signature` describes each public function's inputs and
// outputs; the backend turns that description into the model metadata JSON
// (docs/ABI.md). Each description is a dictionary
//
//   {inputs = [{name = "x", dtype = "f32", shape = array<i64: -1, 64>}, ...],
//    outputs = [...]}
//
// with a dynamic dimension as -1.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_RAL_ENTRYSIGNATURE_H
#define DISC_DIALECT_RAL_ENTRYSIGNATURE_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace disc {

/// On a public function (and on its `disc_entry_<fn>` wrapper once lowered to
/// LLVM): the function's description.
constexpr llvm::StringLiteral kEntrySignatureAttrName = "disc.entry_signature";

/// On the module, set by `disc-ral-to-llvm`: a dictionary from each entry
/// function's name to its description (sorted by name, as every MLIR
/// dictionary is).
constexpr llvm::StringLiteral kEntrySignaturesAttrName =
    "disc.entry_signatures";

/// The keys of a description and of each of its values.
constexpr llvm::StringLiteral kSignatureInputsKey = "inputs";
constexpr llvm::StringLiteral kSignatureOutputsKey = "outputs";
constexpr llvm::StringLiteral kValueNameKey = "name";
constexpr llvm::StringLiteral kValueDtypeKey = "dtype";
constexpr llvm::StringLiteral kValueShapeKey = "shape";

/// The prefix of the exported symbol for entry function `fn`.
constexpr llvm::StringLiteral kEntrySymbolPrefix = "disc_entry_";

/// On an argument or result of an entry that runs several processes
/// (disc-simulate-processes): whose it is, "replica 1, partition 0"; the
/// recorded name carries it in parentheses, so the processes' values are
/// told apart.
constexpr llvm::StringLiteral kProcessAttrName = "disc.process";

/// On the module, set by `disc-kernel-graph-to-llvm`: an array with one
/// dictionary per public kernel-graph function, in source order,
///
///   {name = "f", entry = "disc_kg_entry_f", inputs = ["i32", ...],
///    outputs = ["!tfrt.chain", ...]}
///
/// with the type spellings of the metadata JSON.
constexpr llvm::StringLiteral kKernelGraphSignaturesAttrName =
    "disc.kernel_graph_signatures";
constexpr llvm::StringLiteral kKernelGraphEntryKey = "entry";

/// The prefix of the exported symbol for kernel-graph function `fn`.
constexpr llvm::StringLiteral kKernelGraphEntrySymbolPrefix = "disc_kg_entry_";

} // namespace disc
} // namespace mlir

#endif // DISC_DIALECT_RAL_ENTRYSIGNATURE_H
