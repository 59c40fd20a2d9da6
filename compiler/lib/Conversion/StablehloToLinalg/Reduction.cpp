//===- Reduction.cpp - reduce and reduce_window to linalg.generic ---------===//
//
// A reduce over N operands becomes one linalg.generic with N inputs and N
// outputs (initialized with the init values), reduction iterators on the
// reduced dimensions, and the reduce body rewritten op by op into scalar
// arith/math ops. Any body the scalar emitter understands works, e.g. the
// compare/select pairs of an argmax. The body's float ops may be
// reassociated. A reduce_window is the same over the windows of its padded
// inputs (ReduceWindowLowering).
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Patterns.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// The spec leaves the order in which reduce combines elements to the
/// implementation; saying so to LLVM (`reassoc`) lets it keep several
/// partial results in vector lanes instead of one chain of dependent adds.
void allowReassociation(Operation *op) {
  auto fastMath = dyn_cast_or_null<arith::ArithFastMathInterface>(op);
  if (!fastMath || !isa<FloatType>(op->getResult(0).getType()))
    return;
  arith::FastMathFlags flags = arith::FastMathFlags::reassoc;
  if (arith::FastMathFlagsAttr current = fastMath.getFastMathFlagsAttr())
    flags = flags | current.getValue();
  op->setAttr(fastMath.getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(op->getContext(), flags));
}

/// Fills the region of `generic` with the reduction body `body`, whose
/// arguments are (accumulators..., elements...): the accumulators are the
/// block arguments of `outputs`, the elements those of as many first
/// inputs, each block argument typed as its operand's elements (an input
/// past those, a window's shape, is not read).
LogicalResult emitReducerBody(ConversionPatternRewriter &rewriter, Location loc,
                              Operation *op, Block &body,
                              linalg::GenericOp generic, ValueRange outputs) {
  SmallVector<Type> argTypes;
  for (Value value : llvm::concat<Value>(generic.getDpsInputs(), outputs))
    argTypes.push_back(getElementTypeOrSelf(value.getType()));
  SmallVector<Location> argLocs(argTypes.size(), loc);
  Block *block = rewriter.createBlock(
      &generic.getRegion(), generic.getRegion().end(), argTypes, argLocs);
  size_t count = outputs.size();
  size_t firstOutput = generic.getNumDpsInputs();
  SmallVector<Value> arguments;
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(block->getArgument(firstOutput + i));
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(block->getArgument(i));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(block);
  FailureOr<SmallVector<Value>> results =
      disc::emitScalarBlock(rewriter, body, arguments);
  if (failed(results))
    return rewriter.notifyMatchFailure(op, "a body op has no scalar form");
  for (Operation &emitted : *block)
    allowReassociation(&emitted);
  linalg::YieldOp::create(rewriter, loc, *results);
  return success();
}

/// One tensor of each result type and of `sizes`, filled with its init
/// value: what a reduction accumulates into.
SmallVector<Value> createInitializedOutputs(OpBuilder &b, Location loc,
                                            ValueRange inits,
                                            TypeRange resultTypes,
                                            ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> outputs;
  for (auto [init, type] : llvm::zip_equal(inits, resultTypes))
    outputs.push_back(
        disc::createFilledTensor(b, loc, cast<RankedTensorType>(type), sizes,
                                 disc::extractScalar(b, loc, init)));
  return outputs;
}

struct ReduceLowering : disc::StablehloLowering<stablehlo::ReduceOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReduceOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    size_t count = inputs.size();
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> dimensions = op.getDimensions();

    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");

    SmallVector<OpFoldResult> inputSizes =
        disc::getCheckedSameSizes(rewriter, loc, inputs, "stablehlo.reduce");
    SmallVector<OpFoldResult> resultSizes;
    SmallVector<AffineExpr> resultExprs;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (llvm::is_contained(dimensions, dim)) {
        iterators.push_back(utils::IteratorType::reduction);
        continue;
      }
      iterators.push_back(utils::IteratorType::parallel);
      resultSizes.push_back(inputSizes[dim]);
      resultExprs.push_back(rewriter.getAffineDimExpr(dim));
    }

    SmallVector<Value> outputs = createInitializedOutputs(
        rewriter, loc, inits, resultTypes, resultSizes);

    AffineMap inputMap = rewriter.getMultiDimIdentityMap(rank);
    AffineMap outputMap =
        AffineMap::get(rank, 0, resultExprs, rewriter.getContext());
    SmallVector<AffineMap> maps(count, inputMap);
    maps.append(count, outputMap);
    auto generic = linalg::GenericOp::create(rewriter, loc, resultTypes, inputs,
                                             outputs, maps, iterators);

    // Block arguments of a linalg.generic are (inputs..., outputs...).
    if (failed(emitReducerBody(rewriter, loc, op, op.getBody().front(), generic,
                               outputs)))
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// reduce_window: each output element reduces a window of the inputs padded
/// with the init values (padding at the edges, base dilation - 1 between
/// elements), the window at output index o reading padded[o * stride +
/// k * window_dilation]. One linalg.generic: a parallel loop per output
/// dim, then a reduction loop per window dim of size above 1, whose sizes
/// come from an empty tensor of the window's shape.
struct ReduceWindowLowering
    : disc::StablehloLowering<stablehlo::ReduceWindowOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReduceWindowOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    int64_t rank = cast<RankedTensorType>(inputs.front().getType()).getRank();
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");

    ArrayRef<int64_t> window = op.getWindowDimensions();
    SmallVector<int64_t> strides =
        disc::getDimValuesOr(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> baseDilations =
        disc::getDimValuesOr(op.getBaseDilations(), rank, 1);
    SmallVector<int64_t> windowDilations =
        disc::getDimValuesOr(op.getWindowDilations(), rank, 1);
    SmallVector<int64_t> low, high, interior(rank, 0);
    disc::getPaddingEdges(op.getPadding(), rank, low, high);
    for (int64_t dim = 0; dim < rank; ++dim)
      interior[dim] = baseDilations[dim] - 1;

    SmallVector<Value> padded;
    for (auto [input, init] : llvm::zip_equal(inputs, inits))
      padded.push_back(disc::emitPad(rewriter, loc, input,
                                     disc::extractScalar(rewriter, loc, init),
                                     low, high, interior));
    // Output size: (padded - dilated window) / stride + 1, or 0 where the
    // window does not fit.
    SmallVector<OpFoldResult> paddedSizes =
        disc::getMixedSizes(rewriter, loc, padded.front());
    SmallVector<OpFoldResult> resultSizes;
    auto resultType = cast<RankedTensorType>(resultTypes.front());
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!resultType.isDynamicDim(dim)) {
        resultSizes.push_back(
            rewriter.getIndexAttr(resultType.getDimSize(dim)));
        continue;
      }
      Value size =
          getValueOrCreateConstantIndexOp(rewriter, loc, paddedSizes[dim]);
      auto constant = [&](int64_t value) {
        return arith::ConstantIndexOp::create(rewriter, loc, value);
      };
      Value extent = constant((window[dim] - 1) * windowDilations[dim] + 1);
      Value beyond = arith::SubIOp::create(rewriter, loc, size, extent);
      Value count = arith::AddIOp::create(
          rewriter, loc,
          arith::DivSIOp::create(rewriter, loc, beyond, constant(strides[dim])),
          constant(1));
      Value fits = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sge, size, extent);
      resultSizes.push_back(
          arith::SelectOp::create(rewriter, loc, fits, count, constant(0))
              .getResult());
    }
    SmallVector<Value> outputs = createInitializedOutputs(
        rewriter, loc, inits, resultTypes, resultSizes);

    // An empty result reads nothing (and no loop nest could say so: its
    // windows would reach past the input).
    if (llvm::is_contained(resultType.getShape(), 0)) {
      rewriter.replaceOp(op, outputs);
      return success();
    }

    // Loops: the output dims, then the window dims of size above 1.
    SmallVector<int64_t> windowDims, windowShape;
    for (int64_t dim = 0; dim < rank; ++dim)
      if (window[dim] != 1) {
        windowDims.push_back(dim);
        windowShape.push_back(window[dim]);
      }
    int64_t loops = rank + windowDims.size();
    SmallVector<AffineExpr> inputExprs;
    for (int64_t dim = 0; dim < rank; ++dim) {
      AffineExpr index = rewriter.getAffineDimExpr(dim) * strides[dim];
      const int64_t *position = llvm::find(windowDims, dim);
      if (position != windowDims.end())
        index = index + rewriter.getAffineDimExpr(
                            rank + (position - windowDims.begin())) *
                            windowDilations[dim];
      inputExprs.push_back(index);
    }
    SmallVector<AffineExpr> windowExprs;
    for (size_t i = 0; i < windowDims.size(); ++i)
      windowExprs.push_back(rewriter.getAffineDimExpr(rank + i));
    MLIRContext *context = rewriter.getContext();
    AffineMap inputMap = AffineMap::get(loops, 0, inputExprs, context);
    SmallVector<AffineExpr> outputExprs;
    for (int64_t dim = 0; dim < rank; ++dim)
      outputExprs.push_back(rewriter.getAffineDimExpr(dim));
    AffineMap outputMap = AffineMap::get(loops, 0, outputExprs, context);
    SmallVector<Value> genericInputs = padded;
    SmallVector<AffineMap> maps(padded.size(), inputMap);
    if (!windowShape.empty()) {
      Type elementType = getElementTypeOrSelf(padded.front().getType());
      genericInputs.push_back(
          tensor::EmptyOp::create(rewriter, loc, windowShape, elementType));
      maps.push_back(AffineMap::get(loops, 0, windowExprs, context));
    }
    maps.append(outputs.size(), outputMap);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(windowDims.size(), utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, genericInputs, outputs, maps, iterators);
    if (failed(emitReducerBody(rewriter, loc, op, op.getBody().front(), generic,
                               outputs)))
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void mlir::disc::populateReductionPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<ReduceLowering, ReduceWindowLowering>(converter,
                                                     patterns.getContext());
}
