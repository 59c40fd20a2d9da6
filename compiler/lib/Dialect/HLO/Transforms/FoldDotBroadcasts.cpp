//===- FoldDotBroadcasts.cpp - Products of one matrix over a batch --------===//
//
// PyTorch's linear layer on a 3-D input that is not batch-major (the
// attention of torchvision's ViT holds [S, B, D]) reaches StableHLO as a
// batched product whose right operand is the weight broadcast over the
// batch:
//
//   %w3 = stablehlo.broadcast_in_dim %w, dims = [1, 2]        // [S,K,N]
//   stablehlo.dot_general %x, %w3, batching_dims = [0] x [0],
//                                  contracting_dims = [2] x [1] // [S,M,N]
//
// Lowered as written, the broadcast is a copy of the weight per batch
// element (1.4 GB for ViT-B/16 at batch 8, on every call). Every batch
// element multiplies by the same matrix, so the product is one matrix
// product of the batch's rows:
//
//   %rows = stablehlo.reshape %x                               // [S*M,K]
//   %y = stablehlo.dot_general %rows, %w, contracting_dims = [1] x [0]
//   stablehlo.reshape %y                                       // [S,M,N]
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::disc {
#define GEN_PASS_DEF_FOLDDOTBROADCASTSPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

/// `value` seen through reshapes and broadcasts that do not change its
/// type.
Value skipIdentityOps(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<stablehlo::ReshapeOp, stablehlo::BroadcastInDimOp>(op) ||
        op->getOperand(0).getType() != value.getType())
      break;
    if (auto broadcast = dyn_cast<stablehlo::BroadcastInDimOp>(op);
        broadcast &&
        !llvm::equal(broadcast.getBroadcastDimensions(),
                     llvm::seq<int64_t>(0, broadcast.getType().getRank())))
      break;
    value = op->getOperand(0);
  }
  return value;
}

struct FoldBroadcastRightOperand
    : public OpRewritePattern<stablehlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    stablehlo::DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    // [B..., M, K] x [B..., K, N]: the batch dims leading, one free and one
    // contracting dim per operand, the lhs's contracting dim innermost.
    int64_t batch = dims.getLhsBatchingDimensions().size();
    auto leading = llvm::to_vector(llvm::seq<int64_t>(0, batch));
    if (batch == 0 || !lhsType.hasStaticShape() ||
        !resultType.hasStaticShape() || lhsType.getRank() != batch + 2 ||
        dims.getLhsBatchingDimensions() != ArrayRef<int64_t>(leading) ||
        dims.getRhsBatchingDimensions() != ArrayRef<int64_t>(leading) ||
        dims.getLhsContractingDimensions() != ArrayRef<int64_t>{batch + 1} ||
        dims.getRhsContractingDimensions().size() != 1)
      return rewriter.notifyMatchFailure(op, "not a [B..., M, K] product");
    auto broadcast = skipIdentityOps(op.getRhs())
                         .getDefiningOp<stablehlo::BroadcastInDimOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(op, "the rhs is not a broadcast");
    // The broadcast only adds the batch dims to a [K, N] or [N, K] matrix.
    Value matrix = broadcast.getOperand();
    auto matrixType = cast<RankedTensorType>(matrix.getType());
    if (matrixType.getRank() != 2 ||
        broadcast.getBroadcastDimensions() !=
            ArrayRef<int64_t>{batch, batch + 1} ||
        matrixType.getShape() !=
            broadcast.getType().getShape().drop_front(batch))
      return rewriter.notifyMatchFailure(op, "not a matrix broadcast");

    Location loc = op.getLoc();
    ArrayRef<int64_t> lhsShape = lhsType.getShape();
    int64_t rows = 1;
    for (int64_t size : lhsShape.drop_back())
      rows *= size;
    Value lhsRows = stablehlo::ReshapeOp::create(
        rewriter, loc,
        RankedTensorType::get({rows, lhsShape.back()},
                              lhsType.getElementType()),
        op.getLhs());
    int64_t rhsContracting = dims.getRhsContractingDimensions()[0] - batch;
    auto product = stablehlo::DotGeneralOp::create(
        rewriter, loc,
        RankedTensorType::get({rows, resultType.getShape().back()},
                              resultType.getElementType()),
        lhsRows, matrix,
        stablehlo::DotDimensionNumbersAttr::get(op.getContext(), {}, {}, {1},
                                                {rhsContracting}),
        op.getPrecisionConfigAttr(), op.getAlgorithmAttr());
    rewriter.replaceOpWithNewOp<stablehlo::ReshapeOp>(op, resultType,
                                                      product.getResult());
    return success();
  }
};

struct FoldDotBroadcastsPass
    : mlir::disc::impl::FoldDotBroadcastsPassBase<FoldDotBroadcastsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldBroadcastRightOperand>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
