//===- Elementwise.cpp - Elementwise StableHLO ops to linalg.generic ------===//
//
// Each elementwise op becomes one linalg.generic whose body is the op's
// scalar computation, so that linalg elementwise fusion can merge chains; a
// stablehlo.map is the same with its body's scalar computation.
// Operands of rank 0 feeding a ranked result (the scalar pred of select, the
// scalar bounds of clamp) are read through an indexing map with no results.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"

#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace {

// Operands of the result's rank must agree on every size at run time;
// otherwise the generic would read past the smaller one.
void emitOperandShapeChecks(OpBuilder &b, Location loc, Operation *op,
                            ArrayRef<Value> operands, Value shapeSource,
                            RankedTensorType resultType) {
  SmallVector<OpFoldResult> expected = disc::getMixedSizes(b, loc, shapeSource);
  for (auto [dim, size] : llvm::enumerate(resultType.getShape()))
    if (!ShapedType::isDynamic(size))
      expected[dim] = b.getIndexAttr(size);
  for (Value operand : operands) {
    if (cast<RankedTensorType>(operand.getType()).getRank() !=
        resultType.getRank())
      continue;
    SmallVector<OpFoldResult> actual = disc::getMixedSizes(b, loc, operand);
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
      // The result's dynamic sizes are read from shapeSource itself.
      if (operand == shapeSource && resultType.isDynamicDim(dim))
        continue;
      disc::emitSizeCheck(b, loc, actual[dim], expected[dim],
                          op->getName().getStringRef() +
                              ": operands differ in the size of dimension " +
                              Twine(dim));
    }
  }
}

struct ElementwiseToGeneric : ConversionPattern {
  ElementwiseToGeneric(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!disc::isElementwiseStablehloOp(op))
      return failure();
    if (std::optional<std::string> reason = disc::checkLowerable(op))
      return rewriter.notifyMatchFailure(op, *reason);
    // A bitcast that changes the element width also changes the shape.
    if (isa<stablehlo::BitcastConvertOp>(op) &&
        disc::getElementBitWidth(
            getElementTypeOrSelf(op->getOperand(0).getType())) !=
            disc::getElementBitWidth(
                getElementTypeOrSelf(op->getResult(0).getType())))
      return failure();
    auto resultType = disc::convertedTensorType(getTypeConverter(),
                                                op->getResult(0).getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor result");
    int64_t rank = resultType.getRank();
    Location loc = op->getLoc();

    Value shapeSource;
    for (Value operand : operands)
      if (cast<RankedTensorType>(operand.getType()).getRank() == rank)
        shapeSource = operand;
    if (!shapeSource)
      return rewriter.notifyMatchFailure(op, "no operand has the result rank");
    SmallVector<Value> dynamicSizes =
        disc::getDynamicSizes(rewriter, loc, shapeSource, resultType);
    emitOperandShapeChecks(rewriter, loc, op, operands, shapeSource,
                           resultType);
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                resultType.getElementType(), dynamicSizes);

    MLIRContext *context = rewriter.getContext();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    AffineMap scalar = AffineMap::get(rank, 0, {}, context);
    SmallVector<AffineMap> maps;
    for (Value operand : operands)
      maps.push_back(cast<RankedTensorType>(operand.getType()).getRank() == rank
                         ? identity
                         : scalar);
    maps.push_back(identity);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    bool emitted = true;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, operands, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          Value result = disc::emitScalarOp(b, bodyLoc, op, args.drop_back());
          emitted = static_cast<bool>(result);
          if (result)
            linalg::YieldOp::create(b, bodyLoc, result);
        });
    if (!emitted) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(op, "no scalar form for this op");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

// map: the body applied to the elements at each index of the inputs (over
// every dimension, as the verifier requires).
struct MapLowering : disc::StablehloLowering<stablehlo::MapOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::MapOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    ValueRange inputs = adaptor.getInputs();
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    emitOperandShapeChecks(rewriter, loc, op, SmallVector<Value>(inputs),
                           inputs.front(), resultType);
    Value init = tensor::EmptyOp::create(
        rewriter, loc, resultType.getShape(), resultType.getElementType(),
        disc::getDynamicSizes(rewriter, loc, inputs.front(), resultType));
    SmallVector<AffineMap> maps(inputs.size() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    bool emitted = true;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          FailureOr<SmallVector<Value>> results = disc::emitScalarBlock(
              b, op.getComputation().front(), args.drop_back());
          emitted = succeeded(results);
          if (emitted)
            linalg::YieldOp::create(b, bodyLoc, *results);
        });
    if (!emitted) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(op, "a body op has no scalar form");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

// bitcast_convert between element types of different widths. Little endian:
// to a narrower type the result gains a minor dimension whose element k holds
// bits [k * w, (k + 1) * w) of the operand element; to a wider type the
// operand's minor dimension is packed the same way.
struct BitcastConvertResizeLowering
    : disc::StablehloLowering<stablehlo::BitcastConvertOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::BitcastConvertOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Type srcType = operandType.getElementType();
    Type dstType = resultType.getElementType();
    unsigned srcWidth = disc::getElementBitWidth(srcType);
    unsigned dstWidth = disc::getElementBitWidth(dstType);
    if (srcWidth == dstWidth)
      return failure();
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> operandSizes =
        disc::getMixedSizes(rewriter, loc, operand);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Type dstBits = rewriter.getIntegerType(dstWidth);

    if (srcWidth > dstWidth) {
      SmallVector<OpFoldResult> sizes = operandSizes;
      sizes.push_back(rewriter.getIndexAttr(srcWidth / dstWidth));
      Value init = disc::createEmptyTensor(rewriter, loc, resultType, sizes);
      // The operand is read at the result index without its minor dimension.
      AffineMap operandMap =
          disc::getLeadingDimsMap(rewriter.getContext(), rank, rank - 1);
      auto generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{resultType}, ValueRange{operand},
          ValueRange{init}, {operandMap, rewriter.getMultiDimIdentityMap(rank)},
          iterators, [&](OpBuilder &b, Location l, ValueRange args) {
            Value bits = disc::toBits(b, l, args[0]);
            Type srcBits = bits.getType();
            Value part = linalg::IndexOp::create(b, l, rank - 1);
            Value shift = arith::MulIOp::create(
                b, l, arith::IndexCastOp::create(b, l, srcBits, part),
                arith::ConstantOp::create(b, l,
                                          IntegerAttr::get(srcBits, dstWidth)));
            Value shifted = arith::ShRUIOp::create(b, l, bits, shift);
            Value piece = arith::TruncIOp::create(b, l, dstBits, shifted);
            linalg::YieldOp::create(b, l, disc::fromBits(b, l, piece, dstType));
          });
      rewriter.replaceOp(op, generic.getResults());
      return success();
    }

    SmallVector<OpFoldResult> sizes(operandSizes.begin(),
                                    operandSizes.end() - 1);
    Value init = disc::createEmptyTensor(rewriter, loc, resultType, sizes);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{}, ValueRange{init},
        {rewriter.getMultiDimIdentityMap(rank)}, iterators,
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> indices;
          for (int64_t dim = 0; dim < rank; ++dim)
            indices.push_back(linalg::IndexOp::create(b, l, dim));
          indices.push_back(Value());
          Value packed =
              arith::ConstantOp::create(b, l, IntegerAttr::get(dstBits, 0));
          for (unsigned part = 0; part < dstWidth / srcWidth; ++part) {
            indices.back() = arith::ConstantIndexOp::create(b, l, part);
            Value element = tensor::ExtractOp::create(b, l, operand, indices);
            Value wide = arith::ExtUIOp::create(b, l, dstBits,
                                                disc::toBits(b, l, element));
            Value shifted = arith::ShLIOp::create(
                b, l, wide,
                arith::ConstantOp::create(
                    b, l, IntegerAttr::get(dstBits, part * srcWidth)));
            packed = arith::OrIOp::create(b, l, packed, shifted);
          }
          linalg::YieldOp::create(b, l, disc::fromBits(b, l, packed, dstType));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getElementwisePreconditions(Operation *op) {
  if (isElementwiseStablehloOp(op))
    return Preconditions().withComplexElements().withCheck(checkScalarizable);
  if (isa<stablehlo::MapOp>(op))
    return Preconditions().withComplexElements().withCheck([](Operation *map) {
      return checkScalarBody(map, cast<stablehlo::MapOp>(map).getComputation());
    });
  return std::nullopt;
}

void mlir::disc::populateElementwisePatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<BitcastConvertResizeLowering, ElementwiseToGeneric, MapLowering>(
      converter, patterns.getContext());
}
