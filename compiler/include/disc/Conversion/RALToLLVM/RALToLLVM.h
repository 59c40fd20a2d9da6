//===- RALToLLVM.h - disc_ral to LLVM patterns ------------------*- C++ -*-===//

#ifndef DISC_CONVERSION_RALTOLLVM_RALTOLLVM_H
#define DISC_CONVERSION_RALTOLLVM_RALTOLLVM_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
class LLVMTypeConverter;
class ModuleOp;
class RewritePatternSet;

namespace disc {

/// The version `disc_model_abi_version()` returns (docs/ABI.md).
constexpr int32_t kModelAbiVersion = 1;
constexpr llvm::StringLiteral kModelAbiVersionSymbol = "disc_model_abi_version";

/// Appends the exported `disc_model_abi_version() -> i32` to `module`.
void buildModelAbiVersionFunction(ModuleOp module);

/// Put by the dispatch lowering on the `llvm.call` whose i32 status must be
/// checked; `disc-ral-to-llvm` turns it into the early return and drops it.
constexpr llvm::StringLiteral kCheckStatusAttrName = "disc_ral.check_status";

/// Maps `!disc_ral.context` to `!llvm.ptr`.
void addRALTypeConversions(LLVMTypeConverter &converter);

/// Lowers `disc_ral.dispatch`, `disc_ral.kernel_args` and
/// `disc_ral.memref_from_ptr`.
void populateRALToLLVMConversionPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns);

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_RALTOLLVM_RALTOLLVM_H
