//===- Reductions.cpp - What a reduction lets the CPU passes do -----------===//

#include "disc/Codegen/CPU/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir {
namespace disc {

bool isReassociableCombiner(Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return false;
  if (isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
          arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
          arith::MinUIOp, arith::MaximumFOp, arith::MinimumFOp,
          arith::MaxNumFOp, arith::MinNumFOp>(op))
    return true;
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  return isa<arith::AddFOp, arith::MulFOp>(op) && fastMath &&
         arith::bitEnumContainsAll(fastMath.getFastMathFlagsAttr().getValue(),
                                   arith::FastMathFlags::reassoc);
}

Operation *getReassociableCombiner(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return nullptr;
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  Operation *combiner = yield.getValues().front().getDefiningOp();
  BlockArgument accumulator =
      op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  if (!combiner || combiner->getBlock() != op.getBlock() ||
      !accumulator.hasOneUse() || *accumulator.getUsers().begin() != combiner ||
      !isReassociableCombiner(combiner))
    return nullptr;
  return combiner;
}

bool hasColumnsInnermost(linalg::LinalgOp op) {
  if (op.getIteratorTypesArray().back() != utils::IteratorType::parallel)
    return false;
  AffineExpr innermost =
      getAffineDimExpr(op.getNumLoops() - 1, op.getContext());
  return llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    return map.getNumResults() != 0 && map.getResults().back() == innermost;
  });
}

} // namespace disc
} // namespace mlir
