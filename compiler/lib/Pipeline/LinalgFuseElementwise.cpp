//===- LinalgFuseElementwise.cpp - Elementwise fusion around products -----===//
//
// The patterns of upstream's linalg-fuse-elementwise-ops, with one control
// function for all of them: besides upstream's rule (the producer has one
// use), neither end of a fusion or a reshape fold may be a contraction.
// The sizes of dynamic shapes are resolved from the producers' operands.
//
//===----------------------------------------------------------------------===//

#include "disc/Pipeline/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCLINALGFUSEELEMENTWISE
#include "disc/Pipeline/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

bool isContraction(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaContractionOpInterface(linalgOp);
}

/// Whether the producer of `fusedOperand` may be fused into, or the reshape
/// it is folded through, its owner.
bool leavesProductsWhole(OpOperand *fusedOperand) {
  Operation *producer = fusedOperand->get().getDefiningOp();
  return producer && producer->hasOneUse() && !isContraction(producer) &&
         !isContraction(fusedOperand->getOwner());
}

struct LinalgFuseElementwisePass
    : disc::impl::DiscLinalgFuseElementwiseBase<LinalgFuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, leavesProductsWhole);
    // A dynamic shape's sizes are read with tensor.dim of the producers:
    // answered from their operands, those uses no longer keep a producer
    // that has one consumer from fusing into it.
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                      leavesProductsWhole);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, leavesProductsWhole);
    // Top-down, as upstream's pass, for compile time.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
  }
};

} // namespace
