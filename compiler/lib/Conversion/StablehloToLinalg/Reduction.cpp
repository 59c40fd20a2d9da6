//===- Reduction.cpp - stablehlo.reduce to linalg.generic -----------------===//
//
// A reduce over N operands becomes one linalg.generic with N inputs and N
// outputs (initialized with the init values), reduction iterators on the
// reduced dimensions, and the reduce body rewritten op by op into scalar
// arith/math ops. Any body the scalar emitter understands works, e.g. the
// compare/select pairs of an argmax. The body's float ops may be
// reassociated.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Patterns.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

struct ReduceLowering : OpConversionPattern<stablehlo::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stablehlo::ReduceOp op, OpAdaptor adaptor,
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
        disc::getMixedSizes(rewriter, loc, inputs.front());
    for (Value input : llvm::drop_begin(inputs)) {
      SmallVector<OpFoldResult> sizes =
          disc::getMixedSizes(rewriter, loc, input);
      for (int64_t dim = 0; dim < rank; ++dim)
        disc::emitSizeCheck(
            rewriter, loc, sizes[dim], inputSizes[dim],
            "stablehlo.reduce: inputs differ in the size of dimension " +
                Twine(dim));
    }
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

    SmallVector<Value> outputs;
    for (auto [init, type] : llvm::zip_equal(inits, resultTypes)) {
      Value initValue = disc::extractScalar(rewriter, loc, init);
      outputs.push_back(disc::createFilledTensor(
          rewriter, loc, cast<RankedTensorType>(type), resultSizes, initValue));
    }

    AffineMap inputMap = rewriter.getMultiDimIdentityMap(rank);
    AffineMap outputMap =
        AffineMap::get(rank, 0, resultExprs, rewriter.getContext());
    SmallVector<AffineMap> maps(count, inputMap);
    maps.append(count, outputMap);
    auto generic = linalg::GenericOp::create(rewriter, loc, resultTypes, inputs,
                                             outputs, maps, iterators);

    // Block arguments of a linalg.generic are (inputs..., outputs...); those
    // of the reduce body are (accumulators..., elements...).
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs(2 * count, loc);
    for (Value value : llvm::concat<Value>(inputs, outputs))
      argTypes.push_back(getElementTypeOrSelf(value.getType()));
    Block *block = rewriter.createBlock(
        &generic.getRegion(), generic.getRegion().end(), argTypes, argLocs);
    Block &body = op.getBody().front();
    IRMapping mapping;
    for (size_t i = 0; i < count; ++i) {
      mapping.map(body.getArgument(i), block->getArgument(count + i));
      mapping.map(body.getArgument(count + i), block->getArgument(i));
    }
    rewriter.setInsertionPointToStart(block);
    for (Operation &bodyOp : body) {
      SmallVector<Value> operands;
      for (Value operand : bodyOp.getOperands())
        operands.push_back(mapping.lookup(operand));
      if (isa<stablehlo::ReturnOp>(bodyOp)) {
        linalg::YieldOp::create(rewriter, bodyOp.getLoc(), operands);
        continue;
      }
      Value result =
          disc::emitScalarOp(rewriter, bodyOp.getLoc(), &bodyOp, operands);
      if (!result)
        return rewriter.notifyMatchFailure(&bodyOp, "no scalar form");
      allowReassociation(result.getDefiningOp());
      mapping.map(bodyOp.getResult(0), result);
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void mlir::disc::populateReductionPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
