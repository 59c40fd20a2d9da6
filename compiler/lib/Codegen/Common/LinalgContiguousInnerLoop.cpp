//===- LinalgContiguousInnerLoop.cpp - Unit-stride innermost loops --------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGCONTIGUOUSINNERLOOPPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {
/// The loop order that puts the output's last dimension innermost, when the
/// op has a reduction innermost and that dimension is contiguous in every
/// operand that uses it.
std::optional<SmallVector<unsigned>> getContiguousOrder(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (numLoops < 2 || iterators.back() != utils::IteratorType::reduction ||
      op.getNumDpsInits() != 1)
    return std::nullopt;
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outputMap.getNumResults() == 0)
    return std::nullopt;
  auto lastDim = dyn_cast<AffineDimExpr>(outputMap.getResults().back());
  if (!lastDim ||
      iterators[lastDim.getPosition()] != utils::IteratorType::parallel)
    return std::nullopt;
  unsigned contiguous = lastDim.getPosition();
  for (AffineMap map : op.getIndexingMapsArray()) {
    ArrayRef<AffineExpr> results = map.getResults();
    for (auto [index, result] : llvm::enumerate(results)) {
      if (!result.isFunctionOfDim(contiguous))
        continue;
      if (index + 1 != results.size() || !isa<AffineDimExpr>(result))
        return std::nullopt;
    }
  }
  SmallVector<unsigned> order;
  for (unsigned loop = 0; loop < numLoops; ++loop)
    if (loop != contiguous)
      order.push_back(loop);
  order.push_back(contiguous);
  return order;
}

struct LinalgContiguousInnerLoopPass
    : disc::impl::LinalgContiguousInnerLoopPassBase<
          LinalgContiguousInnerLoopPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() && getContiguousOrder(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      SmallVector<unsigned> order = *getContiguousOrder(op);
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generic))
        continue;
      if (failed(linalg::interchangeGenericOp(rewriter, *generic, order))) {
        generic->emitError("cannot reorder the loops of this op");
        return signalPassFailure();
      }
    }
  }
};
} // namespace
