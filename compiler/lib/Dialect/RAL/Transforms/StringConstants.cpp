//===- StringConstants.cpp - NUL-terminated strings of a module -----------===//

#include "disc/Dialect/RAL/Transforms/StringConstants.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::disc;

StringConstants::StringConstants(ModuleOp module, StringRef symbolName)
    : module(module), symbols(module), symbolName(symbolName.str()) {}

LLVM::GlobalOp StringConstants::get(StringRef text, Location loc) {
  LLVM::GlobalOp &global = globals[text];
  if (global)
    return global;
  OpBuilder builder(module.getContext());
  auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), text.size() + 1);
  global = LLVM::GlobalOp::create(
      builder, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
      symbolName, builder.getStringAttr(Twine(text) + StringRef("\0", 1)));
  symbols.insert(global, module.getBody()->begin());
  return global;
}
