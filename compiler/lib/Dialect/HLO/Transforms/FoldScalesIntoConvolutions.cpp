//===- FoldScalesIntoConvolutions.cpp - Batch norm into the filters -------===//
//
// torch-mlir writes an inference batch norm after a convolution as
// elementwise ops on per-channel constants broadcast to the activations:
//
//   ((conv(x, W) - mean) * rsqrt(var + eps)) * gamma + beta
//
// where each of mean, var, gamma, beta is a constant. Computed as written,
// every element pays a subtraction, three products, an addition and a
// reciprocal square root. Here the constant arithmetic is done at compile
// time, each product by a per-channel constant is moved in front of the
// additions (a * (y - m) = a * y - a * m) and multiplied into the filter's
// output channels, which leaves conv(x, W') - m' + beta: a bias, which the
// linalg phase fuses with the ReLU and residual that follow.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/ConstantData.h"
#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

namespace mlir::disc {
#define GEN_PASS_DEF_FOLDSCALESINTOCONVOLUTIONSPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

// Constants computed at compile time are at most this many elements: the
// per-channel vectors, not a broadcast to a whole activation.
constexpr int64_t kMaxFoldedElements = 1 << 16;
// A computed constant of more elements than this is a blob.
constexpr int64_t kBlobElements = 1 << 10;

bool isFoldableType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  return tensorType && tensorType.hasStaticShape() &&
         tensorType.getNumElements() <= kMaxFoldedElements &&
         (tensorType.getElementType().isF32() ||
          tensorType.getElementType().isF64());
}

/// A constant of `values`: a splat when they are all one value.
Value makeConstantOp(PatternRewriter &rewriter, Location loc,
                     RankedTensorType type, ArrayRef<double> values) {
  if (llvm::all_equal(values))
    return stablehlo::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            type, rewriter.getFloatAttr(type.getElementType(),
                                        values.empty() ? 0.0 : values[0])));
  return stablehlo::ConstantOp::create(
      rewriter, loc,
      disc::makeFloatConstant(type, values,
                              type.getNumElements() > kBlobElements));
}

/// The elements of a broadcast_in_dim of `values` (of `sourceType`).
std::vector<double> broadcastValues(ArrayRef<double> values,
                                    RankedTensorType sourceType,
                                    RankedTensorType resultType,
                                    ArrayRef<int64_t> dims) {
  std::vector<double> result(resultType.getNumElements());
  SmallVector<int64_t> index(resultType.getRank(), 0);
  for (int64_t flat = 0; flat < static_cast<int64_t>(result.size()); ++flat) {
    int64_t source = 0;
    for (auto [sourceDim, resultDim] : llvm::enumerate(dims)) {
      int64_t size = sourceType.getDimSize(sourceDim);
      source = source * size + (size == 1 ? 0 : index[resultDim]);
    }
    result[flat] = values[source];
    for (int64_t dim = resultType.getRank() - 1; dim >= 0; --dim) {
      if (++index[dim] < resultType.getDimSize(dim))
        break;
      index[dim] = 0;
    }
  }
  return result;
}

/// One elementwise op of stablehlo on the elements of its operands.
std::vector<double> compute(Operation *op,
                            ArrayRef<std::vector<double>> operands) {
  std::vector<double> result(operands[0].size());
  for (size_t i = 0; i < result.size(); ++i) {
    double a = operands[0][i];
    double b = operands.size() > 1 ? operands[1][i] : 0.0;
    result[i] =
        TypeSwitch<Operation *, double>(op)
            .Case([&](stablehlo::AddOp) { return a + b; })
            .Case([&](stablehlo::SubtractOp) { return a - b; })
            .Case([&](stablehlo::MulOp) { return a * b; })
            .Case([&](stablehlo::DivOp) { return a / b; })
            .Case([&](stablehlo::RsqrtOp) { return 1.0 / std::sqrt(a); })
            .Case([&](stablehlo::SqrtOp) { return std::sqrt(a); })
            .Default([&](Operation *) { return -a; });
  }
  return result;
}

bool isComputedOp(Operation *op) {
  return isa_and_nonnull<
      stablehlo::AddOp, stablehlo::SubtractOp, stablehlo::MulOp,
      stablehlo::DivOp, stablehlo::RsqrtOp, stablehlo::SqrtOp, stablehlo::NegOp,
      stablehlo::ConvertOp, stablehlo::ReshapeOp, stablehlo::BroadcastInDimOp>(
      op);
}

/// The elements of `value` when it is a small f32 or f64 constant or ops
/// of isComputedOp on such constants.
std::optional<std::vector<double>> constantValues(Value value) {
  if (!isFoldableType(value.getType()))
    return std::nullopt;
  ElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return disc::getFloatValues(attr);
  Operation *op = value.getDefiningOp();
  if (!isComputedOp(op))
    return std::nullopt;
  SmallVector<std::vector<double>> operands;
  for (Value operand : op->getOperands()) {
    std::optional<std::vector<double>> values = constantValues(operand);
    if (!values)
      return std::nullopt;
    operands.push_back(std::move(*values));
  }
  if (auto broadcast = dyn_cast<stablehlo::BroadcastInDimOp>(op))
    return broadcastValues(
        operands[0], cast<RankedTensorType>(broadcast.getOperand().getType()),
        cast<RankedTensorType>(broadcast.getType()),
        broadcast.getBroadcastDimensions());
  if (isa<stablehlo::ConvertOp, stablehlo::ReshapeOp>(op))
    return operands[0];
  return compute(op, operands);
}

/// Ops of isComputedOp on small f32/f64 constants, computed where they
/// give more than one value: a splat is as cheap as it is (and
/// canonicalize's to fold), and so is a broadcast that grows, fused into
/// its readers, rather than a constant read from memory.
struct FoldConstantArithmetic : RewritePattern {
  FoldConstantArithmetic(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isComputedOp(op))
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto sourceType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (isa<stablehlo::BroadcastInDimOp>(op) &&
        (!sourceType || !sourceType.hasStaticShape() ||
         sourceType.getNumElements() != resultType.getNumElements()))
      return failure();
    std::optional<std::vector<double>> result =
        constantValues(op->getResult(0));
    if (!result || llvm::all_equal(*result))
      return failure();
    rewriter.replaceOp(
        op, makeConstantOp(rewriter, op->getLoc(), resultType, *result));
    return success();
  }
};

/// Values that vary along one dim at most, as matchPerDimConstant finds
/// them.
struct PerDimConstant {
  int64_t dim = -1; // -1: one value for every element.
  std::vector<double> values;
};

/// A constant of few enough elements to compute whose values vary along
/// one dim at most: its values along that dim.
std::optional<PerDimConstant> matchSmallPerDimConstant(Value value) {
  std::optional<std::vector<double>> values = constantValues(value);
  if (!values)
    return std::nullopt;
  auto type = cast<RankedTensorType>(value.getType());
  PerDimConstant result;
  if (llvm::all_equal(*values)) {
    result.values = {values->empty() ? 0.0 : values->front()};
    return result;
  }
  SmallVector<int64_t> strides(type.getRank(), 1);
  for (int64_t dim = type.getRank() - 2; dim >= 0; --dim)
    strides[dim] = strides[dim + 1] * type.getDimSize(dim + 1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    int64_t size = type.getDimSize(dim);
    bool alongDim = true;
    for (size_t i = 0; i < values->size() && alongDim; ++i)
      alongDim =
          (*values)[i] == (*values)[(i / strides[dim]) % size * strides[dim]];
    if (!alongDim)
      continue;
    result.dim = dim;
    for (int64_t j = 0; j < size; ++j)
      result.values.push_back((*values)[j * strides[dim]]);
    return result;
  }
  return std::nullopt;
}

/// A splat, or a broadcast_in_dim of a constant that varies along one
/// result dim at most: its values along that dim.
std::optional<PerDimConstant> matchPerDimConstant(Value value) {
  DenseElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)) && splat.isSplat() &&
      isa<FloatType>(splat.getElementType())) {
    PerDimConstant result;
    result.values = {splat.getSplatValue<APFloat>().convertToDouble()};
    return result;
  }
  auto broadcast = value.getDefiningOp<stablehlo::BroadcastInDimOp>();
  if (!broadcast)
    return matchSmallPerDimConstant(value);
  auto sourceType =
      dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
  if (!sourceType || !isFoldableType(sourceType))
    return std::nullopt;
  std::optional<std::vector<double>> values =
      constantValues(broadcast.getOperand());
  if (!values)
    return std::nullopt;
  PerDimConstant result;
  result.values = std::move(*values);
  for (auto [sourceDim, resultDim] :
       llvm::enumerate(broadcast.getBroadcastDimensions())) {
    if (sourceType.getDimSize(sourceDim) == 1)
      continue;
    if (result.dim >= 0)
      return std::nullopt;
    result.dim = resultDim;
  }
  return result;
}

/// `constant` along `dim` of a tensor of `type`, as a broadcast_in_dim of a
/// vector (or of a rank-0 tensor for one value).
Value broadcastPerDim(PatternRewriter &rewriter, Location loc,
                      RankedTensorType type, const PerDimConstant &constant) {
  Type elementType = type.getElementType();
  auto vectorType = constant.dim < 0
                        ? RankedTensorType::get({}, elementType)
                        : RankedTensorType::get(
                              {int64_t(constant.values.size())}, elementType);
  Value vector = makeConstantOp(rewriter, loc, vectorType, constant.values);
  SmallVector<int64_t> dims;
  if (constant.dim >= 0)
    dims.push_back(constant.dim);
  return stablehlo::BroadcastInDimOp::create(rewriter, loc, type, vector, dims);
}

/// The product of two per-dim constants of one tensor type.
std::optional<PerDimConstant> multiply(const PerDimConstant &a,
                                       const PerDimConstant &b) {
  if (a.dim >= 0 && b.dim >= 0 && a.dim != b.dim)
    return std::nullopt;
  PerDimConstant product;
  product.dim = a.dim >= 0 ? a.dim : b.dim;
  size_t size = std::max(a.values.size(), b.values.size());
  for (size_t i = 0; i < size; ++i)
    product.values.push_back(a.values[a.dim >= 0 ? i : 0] *
                             b.values[b.dim >= 0 ? i : 0]);
  return product;
}

/// The product with a per-dim constant and the other operand of `mul`.
std::optional<std::pair<PerDimConstant, Value>>
matchScaling(stablehlo::MulOp mul) {
  for (int side = 0; side < 2; ++side)
    if (std::optional<PerDimConstant> scale =
            matchPerDimConstant(mul->getOperand(side)))
      return std::make_pair(*scale, mul->getOperand(1 - side));
  return std::nullopt;
}

/// Whether `value` is a convolution with a constant f32 filter read once,
/// so that a scale of it can go into the filter.
bool isScalableConvolution(Value value) {
  auto conv = value.getDefiningOp<stablehlo::ConvolutionOp>();
  auto filterType =
      conv ? dyn_cast<RankedTensorType>(conv.getRhs().getType()) : nullptr;
  return conv && value.hasOneUse() && filterType &&
         filterType.getElementType().isF32() && filterType.hasStaticShape() &&
         matchPattern(conv.getRhs(), m_Constant());
}

/// The value a chain of additions and subtractions of per-dim constants
/// starts from, each step read once.
Value startOfShifts(Value value) {
  while (value.hasOneUse() &&
         isa_and_nonnull<stablehlo::AddOp, stablehlo::SubtractOp>(
             value.getDefiningOp())) {
    Operation *shift = value.getDefiningOp();
    if (matchPerDimConstant(shift->getOperand(1)))
      value = shift->getOperand(0);
    else if (isa<stablehlo::AddOp>(shift) &&
             matchPerDimConstant(shift->getOperand(0)))
      value = shift->getOperand(1);
    else
      break;
  }
  return value;
}

/// (y + c) * s -> y * s + c * s and (y - c) * s -> y * s - c * s, for
/// per-dim constants c and s, so that the product reaches y, where y is a
/// convolution it can then be folded into (elsewhere the product stays
/// where the program has it).
struct MoveScaleBeforeShift : OpRewritePattern<stablehlo::MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::MulOp mul,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(mul.getType());
    std::optional<std::pair<PerDimConstant, Value>> scaling = matchScaling(mul);
    if (!type || !scaling || !scaling->second.hasOneUse() ||
        !isScalableConvolution(startOfShifts(scaling->second)))
      return failure();
    Operation *shift = scaling->second.getDefiningOp();
    if (!isa_and_nonnull<stablehlo::AddOp, stablehlo::SubtractOp>(shift))
      return failure();
    std::optional<PerDimConstant> offset =
        matchPerDimConstant(shift->getOperand(1));
    Value shifted = shift->getOperand(0);
    if (!offset && isa<stablehlo::AddOp>(shift)) {
      offset = matchPerDimConstant(shift->getOperand(0));
      shifted = shift->getOperand(1);
    }
    if (!offset)
      return failure();
    std::optional<PerDimConstant> scaledOffset =
        multiply(*offset, scaling->first);
    if (!scaledOffset)
      return failure();
    Location loc = mul.getLoc();
    Value scaled = stablehlo::MulOp::create(
        rewriter, loc, type, shifted,
        broadcastPerDim(rewriter, loc, type, scaling->first));
    Value newOffset = broadcastPerDim(rewriter, loc, type, *scaledOffset);
    if (isa<stablehlo::AddOp>(shift))
      rewriter.replaceOpWithNewOp<stablehlo::AddOp>(mul, type, scaled,
                                                    newOffset);
    else
      rewriter.replaceOpWithNewOp<stablehlo::SubtractOp>(mul, type, scaled,
                                                         newOffset);
    return success();
  }
};

/// conv(x, W) * s, for a constant f32 filter W and s constant along the
/// output's feature dim (or one value), as conv(x, W') with each output
/// channel of W' scaled by its s.
struct ScaleFilter : OpRewritePattern<stablehlo::MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::MulOp mul,
                                PatternRewriter &rewriter) const override {
    std::optional<std::pair<PerDimConstant, Value>> scaling = matchScaling(mul);
    if (!scaling || !isScalableConvolution(scaling->second))
      return failure();
    auto conv = scaling->second.getDefiningOp<stablehlo::ConvolutionOp>();
    if (conv.getType() != mul.getType())
      return failure();
    auto numbers = conv.getDimensionNumbers();
    const PerDimConstant &scale = scaling->first;
    if (scale.dim >= 0 && scale.dim != numbers.getOutputFeatureDimension())
      return failure();
    ElementsAttr filter;
    auto filterType = cast<RankedTensorType>(conv.getRhs().getType());
    if (!matchPattern(conv.getRhs(), m_Constant(&filter)))
      return failure();
    std::optional<std::vector<double>> weights = disc::getFloatValues(filter);
    if (!weights)
      return failure();
    int64_t outDim = numbers.getKernelOutputFeatureDimension();
    int64_t inner = 1;
    for (int64_t dim = outDim + 1; dim < filterType.getRank(); ++dim)
      inner *= filterType.getDimSize(dim);
    int64_t channels = filterType.getDimSize(outDim);
    for (size_t i = 0; i < weights->size(); ++i)
      (*weights)[i] *=
          scale.values[scale.dim >= 0 ? (i / inner) % channels : 0];
    Value scaledFilter =
        makeConstantOp(rewriter, conv.getLoc(), filterType, *weights);
    auto scaled = cast<stablehlo::ConvolutionOp>(rewriter.clone(*conv));
    scaled.getRhsMutable().assign(scaledFilter);
    rewriter.replaceOp(mul, scaled.getResult());
    return success();
  }
};

struct FoldScalesIntoConvolutionsPass
    : disc::impl::FoldScalesIntoConvolutionsPassBase<
          FoldScalesIntoConvolutionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldConstantArithmetic, MoveScaleBeforeShift, ScaleFilter>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
