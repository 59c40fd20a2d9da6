//===- StringConstants.h - NUL-terminated strings of a module ---*- C++ -*-===//

#ifndef DISC_DIALECT_RAL_TRANSFORMS_STRINGCONSTANTS_H
#define DISC_DIALECT_RAL_TRANSFORMS_STRINGCONSTANTS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir {
namespace disc {

/// Private constant globals holding NUL-terminated strings (messages, kernel
/// names the runtime receives), one per distinct text, named `symbolName`
/// made unique.
class StringConstants {
public:
  StringConstants(ModuleOp module, StringRef symbolName);

  /// The global holding `text`, created at the start of the module on first
  /// use.
  LLVM::GlobalOp get(StringRef text, Location loc);

private:
  ModuleOp module;
  SymbolTable symbols;
  std::string symbolName;
  llvm::StringMap<LLVM::GlobalOp> globals;
};

} // namespace disc
} // namespace mlir

#endif // DISC_DIALECT_RAL_TRANSFORMS_STRINGCONSTANTS_H
