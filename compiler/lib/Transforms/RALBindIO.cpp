//===- RALBindIO.cpp - Bind entry inputs and outputs to the context -------===//

#include "disc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCRALBINDIO
#include "disc/Transforms/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

LogicalResult bindInputs(func::FuncOp func, Value context) {
  OpBuilder builder = OpBuilder::atBlockBegin(&func.front());
  llvm::BitVector inputArgs(func.getNumArguments());
  for (BlockArgument arg : func.getArguments().drop_front()) {
    int64_t index = arg.getArgNumber() - 1;
    if (!isa<MemRefType>(arg.getType()))
      return emitError(arg.getLoc())
             << "input #" << index << " of @" << func.getSymName()
             << " has type " << arg.getType()
             << "; the runtime binds only ranked memrefs";
    auto input = disc_ral::RecvInputOp::create(builder, arg.getLoc(),
                                               arg.getType(), context, index);
    arg.replaceAllUsesWith(input.getResult());
    inputArgs.set(arg.getArgNumber());
  }
  return func.eraseArguments(inputArgs);
}

LogicalResult bindOutputs(func::FuncOp func, Value context) {
  SmallVector<func::ReturnOp> returns;
  for (Block &block : func.getBody())
    if (auto returnOp = dyn_cast<func::ReturnOp>(block.getTerminator()))
      returns.push_back(returnOp);
  for (func::ReturnOp returnOp : returns) {
    OpBuilder builder(returnOp);
    for (auto [index, value] : llvm::enumerate(returnOp.getOperands())) {
      if (!isa<MemRefType>(value.getType()))
        return returnOp.emitError()
               << "output #" << index << " of @" << func.getSymName()
               << " has type " << value.getType()
               << "; the runtime binds only ranked memrefs";
      disc_ral::SendOutputOp::create(builder, returnOp.getLoc(), context, index,
                                     value);
    }
    returnOp->setOperands({});
  }
  return func.eraseResults(llvm::BitVector(func.getNumResults(), true));
}

struct RALBindIOPass : disc::impl::DiscRALBindIOBase<RALBindIOPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isDeclaration())
        continue;
      if (func.getNumArguments() == 0 ||
          !isa<disc_ral::ContextType>(func.getArgument(0).getType())) {
        func.emitError() << "public function @" << func.getSymName()
                         << " has no leading !disc_ral.context argument; run "
                            "disc-ral-inject-context first";
        signalPassFailure();
        continue;
      }
      Value context = func.getArgument(0);
      if (failed(bindInputs(func, context)) ||
          failed(bindOutputs(func, context)))
        signalPassFailure();
    }
  }
};

} // namespace
