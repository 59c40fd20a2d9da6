//===- MarkEntryArgsReadOnly.cpp - Keep the inputs of entries unwritten ---===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_MARKENTRYARGSREADONLYPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {
struct MarkEntryArgsReadOnlyPass
    : disc::impl::MarkEntryArgsReadOnlyPassBase<MarkEntryArgsReadOnlyPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func.isPublic() || func.isExternal())
      return;
    auto notWritable = BoolAttr::get(&getContext(), false);
    for (BlockArgument arg : func.getArguments())
      if (isa<TensorType>(arg.getType()))
        func.setArgAttr(arg.getArgNumber(),
                        bufferization::BufferizationDialect::kWritableAttrName,
                        notWritable);
  }
};
} // namespace
