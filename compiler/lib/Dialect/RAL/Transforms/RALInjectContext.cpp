//===- RALInjectContext.cpp - Give entry functions the context ------------===//

#include "disc/Dialect/RAL/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_RALINJECTCONTEXTPASS
#include "disc/Dialect/RAL/Transforms/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

struct RALInjectContextPass
    : disc::impl::RALInjectContextPassBase<RALInjectContextPass> {
  void runOnOperation() override {
    auto contextType = disc_ral::ContextType::get(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isDeclaration())
        continue;
      if (func.getNumArguments() > 0 &&
          isa<disc_ral::ContextType>(func.getArgument(0).getType()))
        continue;
      if (failed(func.insertArgument(0, contextType, DictionaryAttr(),
                                     func.getLoc()))) {
        func.emitError("cannot add the !disc_ral.context argument");
        signalPassFailure();
      }
    }
  }
};

} // namespace
