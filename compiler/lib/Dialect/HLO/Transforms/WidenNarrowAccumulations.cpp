//===- WidenNarrowAccumulations.cpp - Sums of bf16 and f16 in f32 ---------===//
//
// A product or a sum of many bf16 or f16 values accumulated in their own
// type loses a bit of precision a term: an accumulator of 8 bits of
// mantissa stops growing once it is 256 times a term. PyTorch and XLA sum
// such values in f32 and round once; so does disc, for
//
// - dot_general and convolution whose result is bf16 or f16: the same op
//   with an f32 result (the operands stay narrow, so the library kernels
//   for bf16 x bf16 -> f32 serve it), then a convert; not on CUDA, where
//   cuBLAS accumulates a product of 16-bit floats in f32 already;
// - reduce and reduce_window of one operand whose body is an add: the
//   operand and init converted to f32, the sum in f32, a convert back.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::disc {
#define GEN_PASS_DEF_WIDENNARROWACCUMULATIONSPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

bool isNarrowFloat(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isBF16() || element.isF16();
}

/// `type`, a tensor, with f32 elements.
RankedTensorType widened(Type type) {
  auto tensorType = cast<RankedTensorType>(type);
  return tensorType.clone(Float32Type::get(type.getContext()));
}

/// A dot_general or convolution of narrow floats into a narrow float,
/// computed into f32 and converted.
template <typename OpTy> struct WidenProduct : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op.getType();
    if (!isa<RankedTensorType>(resultType) || !isNarrowFloat(resultType) ||
        !isNarrowFloat(op.getLhs().getType()) ||
        !isNarrowFloat(op.getRhs().getType()))
      return rewriter.notifyMatchFailure(op, "not a product of narrow floats");
    Operation *wide = rewriter.clone(*op.getOperation());
    wide->getResult(0).setType(widened(resultType));
    rewriter.replaceOpWithNewOp<stablehlo::ConvertOp>(op, resultType,
                                                      wide->getResult(0));
    return success();
  }
};

/// Whether `body` is `return add(arg0, arg1)` on rank-0 tensors.
bool isSumBody(Region &body) {
  if (!body.hasOneBlock())
    return false;
  Block &block = body.front();
  if (block.getNumArguments() != 2 || block.getOperations().size() != 2)
    return false;
  auto add = dyn_cast<stablehlo::AddOp>(block.front());
  auto ret = dyn_cast<stablehlo::ReturnOp>(block.getTerminator());
  return add && ret && ret->getNumOperands() == 1 &&
         ret->getOperand(0) == add.getResult() &&
         llvm::is_contained(add->getOperands(), block.getArgument(0)) &&
         llvm::is_contained(add->getOperands(), block.getArgument(1));
}

/// A reduce or reduce_window summing one tensor of narrow floats, summed in
/// f32 and converted back.
template <typename OpTy> struct WidenSum : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1 || op->getNumResults() != 1 ||
        !isa<RankedTensorType>(op.getInputs()[0].getType()) ||
        !isNarrowFloat(op.getInputs()[0].getType()) || !isSumBody(op.getBody()))
      return rewriter.notifyMatchFailure(op, "not a sum of narrow floats");
    Location loc = op.getLoc();
    Value input = op.getInputs()[0];
    Value init = op.getInitValues()[0];
    Value wideInput = stablehlo::ConvertOp::create(
        rewriter, loc, widened(input.getType()), input);
    Value wideInit = stablehlo::ConvertOp::create(
        rewriter, loc, widened(init.getType()), init);
    auto wide = cast<OpTy>(rewriter.clone(*op.getOperation()));
    wide->setOperands(ValueRange{wideInput, wideInit});
    Type resultType = op->getResult(0).getType();
    wide->getResult(0).setType(widened(resultType));
    Block &body = wide.getBody().front();
    for (BlockArgument arg : body.getArguments())
      arg.setType(widened(arg.getType()));
    body.front().getResult(0).setType(
        widened(body.front().getResult(0).getType()));
    rewriter.replaceOpWithNewOp<stablehlo::ConvertOp>(op, resultType,
                                                      wide->getResult(0));
    return success();
  }
};

struct WidenNarrowAccumulationsPass
    : disc::impl::WidenNarrowAccumulationsPassBase<
          WidenNarrowAccumulationsPass> {
  using WidenNarrowAccumulationsPassBase::WidenNarrowAccumulationsPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WidenSum<stablehlo::ReduceOp>,
                 WidenSum<stablehlo::ReduceWindowOp>>(&getContext());
    if (products)
      patterns.add<WidenProduct<stablehlo::DotGeneralOp>,
                   WidenProduct<stablehlo::ConvolutionOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
