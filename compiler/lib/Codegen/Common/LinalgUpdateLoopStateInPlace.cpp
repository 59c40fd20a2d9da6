//===- LinalgUpdateLoopStateInPlace.cpp - Loop state written in place ----===//
//
// One-Shot Bufferize copies the state an scf.while carries once an iteration
// unless the body yields buffers equivalent to the ones it received, and the
// body of a lowered program computes each new state into a fresh
// tensor.empty. When an elementwise op reads a loop-carried tensor for the
// last time, at the position it writes, the op may write its result over
// that tensor instead:
//
//   %new = linalg.generic ins(%state, %x) outs(%empty)   // identity maps
//   ->
//   %new = linalg.generic ins(%state, %x) outs(%state)
//
// and the body then yields the state's own buffer.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGUPDATELOOPSTATEINPLACEPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// A tensor an scf.while or scf.for body receives from the iteration before.
bool isLoopState(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument)
    return false;
  Operation *owner = argument.getOwner()->getParentOp();
  if (auto whileOp = dyn_cast<scf::WhileOp>(owner))
    return argument.getOwner() == whileOp.getAfterBody();
  auto forOp = dyn_cast<scf::ForOp>(owner);
  return forOp && argument.getArgNumber() >= forOp.getNumInductionVars();
}

/// The loop-carried input the op may write over: read only here, at the
/// element it writes, with the result's type.
OpOperand *findReusableState(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 ||
      !op.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>() ||
      op.getNumReductionLoops() != 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
    return nullptr;
  Type resultType = op->getResult(0).getType();
  for (OpOperand *input : op.getDpsInputOperands())
    if (input->get().getType() == resultType && isLoopState(input->get()) &&
        input->get().hasOneUse() &&
        op.getMatchingIndexingMap(input).isIdentity())
      return input;
  return nullptr;
}

struct LinalgUpdateLoopStateInPlacePass
    : disc::impl::LinalgUpdateLoopStateInPlacePassBase<
          LinalgUpdateLoopStateInPlacePass> {
  void runOnOperation() override {
    getOperation()->walk([](linalg::GenericOp op) {
      if (OpOperand *state = findReusableState(op))
        op.getDpsInitOperand(0)->set(state->get());
    });
  }
};

} // namespace
