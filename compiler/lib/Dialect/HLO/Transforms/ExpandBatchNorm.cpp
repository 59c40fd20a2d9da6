//===- ExpandBatchNorm.cpp - batch_norm ops as stablehlo ops --------------===//
//
// Per-feature values are computed on the small [features] vectors first and
// broadcast once, so each element of the operand costs a multiply and an add
// (inference), and the reductions are plain stablehlo.reduce ops that the
// linalg phase fuses with their elementwise producers.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::disc {
#define GEN_PASS_DEF_EXPANDBATCHNORMPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

// Builds the arithmetic of one batch_norm op on its static operand shape.
struct BatchNormBuilder {
  ImplicitLocOpBuilder &b;
  RankedTensorType operandType;
  int64_t featureIndex;
  double epsilon;

  Type elementType() const { return operandType.getElementType(); }

  RankedTensorType featureType() const {
    return RankedTensorType::get({operandType.getDimSize(featureIndex)},
                                 elementType());
  }

  // The number of elements each feature normalizes over.
  int64_t elementsPerFeature() const {
    return operandType.getNumElements() / operandType.getDimSize(featureIndex);
  }

  Value splat(RankedTensorType type, double value) const {
    return stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(type, b.getFloatAttr(elementType(), value)));
  }

  Value add(Value x, Value y) const {
    return stablehlo::AddOp::create(b, x.getType(), x, y);
  }
  Value sub(Value x, Value y) const {
    return stablehlo::SubtractOp::create(b, x.getType(), x, y);
  }
  Value mul(Value x, Value y) const {
    return stablehlo::MulOp::create(b, x.getType(), x, y);
  }
  Value div(Value x, Value y) const {
    return stablehlo::DivOp::create(b, x.getType(), x, y);
  }

  // A [features] vector broadcast along the feature dimension.
  Value broadcast(Value perFeature) const {
    return stablehlo::BroadcastInDimOp::create(b, operandType, perFeature,
                                               ArrayRef<int64_t>{featureIndex});
  }

  // rsqrt(variance + epsilon), per feature.
  Value inverseStddev(Value variance) const {
    Value shifted = add(variance, splat(featureType(), epsilon));
    return stablehlo::RsqrtOp::create(b, featureType(), shifted);
  }

  // The sum of `x` over every dimension but the feature dimension.
  Value sumPerFeature(Value x) const {
    SmallVector<int64_t> dims;
    for (int64_t dim = 0; dim < operandType.getRank(); ++dim)
      if (dim != featureIndex)
        dims.push_back(dim);
    auto scalarType = RankedTensorType::get({}, elementType());
    auto reduce =
        stablehlo::ReduceOp::create(b, TypeRange{featureType()}, ValueRange{x},
                                    ValueRange{splat(scalarType, 0.0)}, dims);
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&reduce.getBody(), {}, {scalarType, scalarType},
                                {b.getLoc(), b.getLoc()});
    stablehlo::ReturnOp::create(
        b, ValueRange{stablehlo::AddOp::create(
               b, scalarType, body->getArgument(0), body->getArgument(1))});
    return reduce.getResult(0);
  }

  Value meanPerFeature(Value x) const {
    return div(sumPerFeature(x),
               splat(featureType(), double(elementsPerFeature())));
  }

  // x * s + (offset - mean * s) with s = scale * rsqrt(variance + epsilon).
  Value normalize(Value x, Value scale, Value offset, Value mean,
                  Value variance) const {
    Value factor = mul(scale, inverseStddev(variance));
    Value shift = sub(offset, mul(mean, factor));
    return add(mul(x, broadcast(factor)), broadcast(shift));
  }
};

// The builder for `op`, or failure when its operand shape is not static.
template <typename OpTy>
FailureOr<BatchNormBuilder> getBuilder(OpTy op, ImplicitLocOpBuilder &b) {
  auto type = dyn_cast<RankedTensorType>(op.getOperand().getType());
  if (!type || !type.hasStaticShape() ||
      type.getDimSize(op.getFeatureIndex()) == 0)
    return failure();
  return BatchNormBuilder{b, type, static_cast<int64_t>(op.getFeatureIndex()),
                          op.getEpsilon().convertToDouble()};
}

struct ExpandInference : OpRewritePattern<stablehlo::BatchNormInferenceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::BatchNormInferenceOp op,
                                PatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    FailureOr<BatchNormBuilder> builder = getBuilder(op, b);
    if (failed(builder))
      return rewriter.notifyMatchFailure(op, "dynamic or empty operand");
    rewriter.replaceOp(op, builder->normalize(op.getOperand(), op.getScale(),
                                              op.getOffset(), op.getMean(),
                                              op.getVariance()));
    return success();
  }
};

struct ExpandTraining : OpRewritePattern<stablehlo::BatchNormTrainingOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::BatchNormTrainingOp op,
                                PatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    FailureOr<BatchNormBuilder> builder = getBuilder(op, b);
    if (failed(builder))
      return rewriter.notifyMatchFailure(op, "dynamic or empty operand");
    Value x = op.getOperand();
    Value mean = builder->meanPerFeature(x);
    Value centered = builder->sub(x, builder->broadcast(mean));
    Value variance = builder->meanPerFeature(builder->mul(centered, centered));
    Value output =
        builder->normalize(x, op.getScale(), op.getOffset(), mean, variance);
    rewriter.replaceOp(op, {output, mean, variance});
    return success();
  }
};

struct ExpandGrad : OpRewritePattern<stablehlo::BatchNormGradOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::BatchNormGradOp op,
                                PatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    FailureOr<BatchNormBuilder> builder = getBuilder(op, b);
    if (failed(builder))
      return rewriter.notifyMatchFailure(op, "dynamic or empty operand");
    const BatchNormBuilder &bn = *builder;
    Value dy = op.getGradOutput();
    Value centered = bn.sub(op.getOperand(), bn.broadcast(op.getMean()));
    Value inverseStddev = bn.inverseStddev(op.getVariance());
    Value gradOffset = bn.sumPerFeature(dy);
    Value dyDotCentered = bn.sumPerFeature(bn.mul(dy, centered));
    Value gradScale = bn.mul(dyDotCentered, inverseStddev);
    // (x - mean) * sum(dy * (x - mean)) / (variance + epsilon), with the
    // per-feature quotient taken first.
    Value inverseVariance = bn.mul(inverseStddev, inverseStddev);
    Value projection =
        bn.mul(centered, bn.broadcast(bn.mul(dyDotCentered, inverseVariance)));
    double count = double(bn.elementsPerFeature());
    Value scaledDy = bn.mul(dy, bn.splat(bn.operandType, count));
    Value bracket =
        bn.sub(bn.sub(scaledDy, bn.broadcast(gradOffset)), projection);
    Value factor = bn.div(bn.mul(op.getScale(), inverseStddev),
                          bn.splat(bn.featureType(), count));
    Value gradOperand = bn.mul(bn.broadcast(factor), bracket);
    rewriter.replaceOp(op, {gradOperand, gradScale, gradOffset});
    return success();
  }
};

struct ExpandBatchNormPass
    : disc::impl::ExpandBatchNormPassBase<ExpandBatchNormPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandInference, ExpandTraining, ExpandGrad>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
