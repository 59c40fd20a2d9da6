//===- DataMovement.cpp - Shape and data movement StableHLO ops -----------===//
//
// Constants, iota, broadcasts, reshapes, transposes, slices, concatenation,
// padding, reversal and dimension queries. Ops that produce a new tensor
// element by element become linalg.generic (so they fuse with elementwise
// consumers); pure views and copies of blocks become tensor ops.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace {

OpFoldResult indexValue(OpBuilder &b, int64_t value) {
  return b.getIndexAttr(value);
}

// a + b, folded when both are constants.
OpFoldResult addSizes(OpBuilder &b, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  std::optional<int64_t> lhsConstant = getConstantIntValue(lhs);
  std::optional<int64_t> rhsConstant = getConstantIntValue(rhs);
  if (lhsConstant && rhsConstant)
    return b.getIndexAttr(*lhsConstant + *rhsConstant);
  return arith::AddIOp::create(b, loc,
                               getValueOrCreateConstantIndexOp(b, loc, lhs),
                               getValueOrCreateConstantIndexOp(b, loc, rhs))
      .getResult();
}

// The product of `sizes`, folded where constant.
OpFoldResult numElements(OpBuilder &b, Location loc,
                         ArrayRef<OpFoldResult> sizes) {
  int64_t constant = 1;
  Value dynamic;
  for (OpFoldResult size : sizes) {
    if (std::optional<int64_t> value = getConstantIntValue(size)) {
      constant *= *value;
      continue;
    }
    Value v = cast<Value>(size);
    dynamic = dynamic ? Value(arith::MulIOp::create(b, loc, dynamic, v)) : v;
  }
  if (!dynamic)
    return b.getIndexAttr(constant);
  return arith::MulIOp::create(b, loc, dynamic,
                               arith::ConstantIndexOp::create(b, loc, constant))
      .getResult();
}

// Reads the sizes of a 1-D shape tensor (output_shape operands); static
// result dimensions win over the runtime values.
SmallVector<OpFoldResult> sizesFromShapeTensor(OpBuilder &b, Location loc,
                                               Value shape, bool isUnsigned,
                                               RankedTensorType resultType) {
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, staticSize] : llvm::enumerate(resultType.getShape())) {
    if (!ShapedType::isDynamic(staticSize)) {
      sizes.push_back(indexValue(b, staticSize));
      continue;
    }
    Value position = arith::ConstantIndexOp::create(b, loc, dim);
    Value element = tensor::ExtractOp::create(b, loc, shape, position);
    sizes.push_back(disc::castToIndex(b, loc, element, isUnsigned));
  }
  return sizes;
}

bool isUnsignedShapeTensor(Value shape) {
  return disc::isUnsignedLike(getElementTypeOrSelf(shape.getType()));
}

// Iota and reshape take their sizes from the result type alone.
std::optional<std::string> checkStaticResult(Operation *op) {
  if (!cast<RankedTensorType>(op->getResult(0).getType()).hasStaticShape())
    return op->getName().getStringRef().str() + " to a dynamic shape";
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Constants and iota
//===----------------------------------------------------------------------===//

struct ConstantLowering : disc::StablehloLowering<stablehlo::ConstantOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ConstantOp op, OpAdaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    auto value = cast<TypedAttr>(op.getValue());
    if (value.getType() != type) {
      auto elements = dyn_cast<DenseElementsAttr>(value);
      if (!elements)
        return rewriter.notifyMatchFailure(op, "unsigned non-dense constant");
      value = elements.bitcast(type.getElementType());
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

Value emitIota(OpBuilder &b, Location loc, RankedTensorType type,
               Type stablehloElementType, ArrayRef<OpFoldResult> sizes,
               int64_t iotaDimension) {
  Value init = disc::createEmptyTensor(b, loc, type, sizes);
  int64_t rank = type.getRank();
  Type elementType = type.getElementType();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, ValueRange{init},
      {b.getMultiDimIdentityMap(rank)}, disc::getParallelIterators(rank),
      [&](OpBuilder &nb, Location l, ValueRange) {
        Value index = linalg::IndexOp::create(nb, l, iotaDimension);
        Value result;
        if (isa<FloatType, ComplexType>(elementType)) {
          Value asInt =
              arith::IndexCastOp::create(nb, l, nb.getI64Type(), index);
          result =
              disc::convertScalar(nb, l, asInt, nb.getI64Type(), elementType);
        } else if (disc::isUnsignedLike(stablehloElementType)) {
          result = arith::IndexCastUIOp::create(nb, l, elementType, index);
        } else {
          result = arith::IndexCastOp::create(nb, l, elementType, index);
        }
        linalg::YieldOp::create(nb, l, result);
      });
  return generic.getResult(0);
}

struct IotaLowering : disc::StablehloLowering<stablehlo::IotaOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::IotaOp op, OpAdaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static shape");
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : type.getShape())
      sizes.push_back(indexValue(rewriter, size));
    rewriter.replaceOp(op, emitIota(rewriter, op.getLoc(), type,
                                    getElementTypeOrSelf(op.getType()), sizes,
                                    op.getIotaDimension()));
    return success();
  }
};

struct DynamicIotaLowering : disc::StablehloLowering<stablehlo::DynamicIotaOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DynamicIotaOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    SmallVector<OpFoldResult> sizes =
        sizesFromShapeTensor(rewriter, op.getLoc(), adaptor.getOutputShape(),
                             isUnsignedShapeTensor(op.getOutputShape()), type);
    rewriter.replaceOp(op, emitIota(rewriter, op.getLoc(), type,
                                    getElementTypeOrSelf(op.getType()), sizes,
                                    op.getIotaDimension()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

// How an operand dimension relates to the result dimension it maps to.
enum class BroadcastKind {
  // Same size: read at the result index.
  Same,
  // Size 1 stretched over the result: read at 0.
  Expand,
  // Only known at run time (a dynamic operand size that may be 1).
  Unknown,
};

Value emitBroadcastInDim(OpBuilder &b, Location loc, Value operand,
                         RankedTensorType resultType,
                         ArrayRef<OpFoldResult> resultSizes,
                         ArrayRef<int64_t> broadcastDimensions,
                         ArrayRef<BroadcastKind> kinds, StringRef opName) {
  int64_t rank = resultType.getRank();
  auto operandType = cast<RankedTensorType>(operand.getType());
  SmallVector<OpFoldResult> operandSizes = disc::getMixedSizes(b, loc, operand);
  for (auto [operandDim, resultDim] : llvm::enumerate(broadcastDimensions)) {
    std::string message = (opName + ": operand dimension " + Twine(operandDim) +
                           " does not broadcast to the result")
                              .str();
    if (kinds[operandDim] == BroadcastKind::Same)
      disc::emitSizeCheck(b, loc, operandSizes[operandDim],
                          resultSizes[resultDim], message);
    else if (kinds[operandDim] == BroadcastKind::Unknown)
      disc::emitBroadcastableCheck(b, loc, operandSizes[operandDim],
                                   resultSizes[resultDim], message);
  }
  Value init = disc::createEmptyTensor(b, loc, resultType, resultSizes);
  AffineMap identity = b.getMultiDimIdentityMap(rank);

  if (!llvm::is_contained(kinds, BroadcastKind::Unknown)) {
    SmallVector<AffineExpr> exprs;
    for (auto [operandDim, resultDim] : llvm::enumerate(broadcastDimensions))
      exprs.push_back(kinds[operandDim] == BroadcastKind::Expand
                          ? b.getAffineConstantExpr(0)
                          : b.getAffineDimExpr(resultDim));
    AffineMap operandMap = AffineMap::get(rank, 0, exprs, b.getContext());
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{resultType}, ValueRange{operand}, ValueRange{init},
        {operandMap, identity}, disc::getParallelIterators(rank),
        [](OpBuilder &nb, Location l, ValueRange args) {
          linalg::YieldOp::create(nb, l, args[0]);
        });
    return generic.getResult(0);
  }

  // A dimension that may or may not expand is decided per element: read at 0
  // when the operand's size is 1, at the result index otherwise.
  SmallVector<Value> operandIsOne(operandType.getRank());
  for (auto [dim, kind] : llvm::enumerate(kinds)) {
    if (kind != BroadcastKind::Unknown)
      continue;
    operandIsOne[dim] = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, cast<Value>(operandSizes[dim]),
        arith::ConstantIndexOp::create(b, loc, 1));
  }
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{}, ValueRange{init}, {identity},
      disc::getParallelIterators(rank),
      [&](OpBuilder &nb, Location l, ValueRange) {
        Value zero = arith::ConstantIndexOp::create(nb, l, 0);
        SmallVector<Value> indices;
        for (auto [operandDim, resultDim] :
             llvm::enumerate(broadcastDimensions)) {
          BroadcastKind kind = kinds[operandDim];
          if (kind == BroadcastKind::Expand) {
            indices.push_back(zero);
            continue;
          }
          Value index = linalg::IndexOp::create(nb, l, resultDim);
          if (kind == BroadcastKind::Unknown)
            index = arith::SelectOp::create(nb, l, operandIsOne[operandDim],
                                            zero, index);
          indices.push_back(index);
        }
        Value element = tensor::ExtractOp::create(nb, l, operand, indices);
        linalg::YieldOp::create(nb, l, element);
      });
  return generic.getResult(0);
}

// A dynamic result dimension takes its size from the operand dimension
// mapped to it.
std::optional<std::string> checkBroadcastInDim(Operation *op) {
  auto broadcast = cast<stablehlo::BroadcastInDimOp>(op);
  auto resultType = cast<RankedTensorType>(broadcast.getType());
  ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
    if (resultType.isDynamicDim(dim) && !llvm::is_contained(dims, dim))
      return op->getName().getStringRef().str() +
             " to a dynamic dimension no operand dimension maps to";
  return std::nullopt;
}

struct BroadcastInDimLowering
    : disc::StablehloLowering<stablehlo::BroadcastInDimOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::BroadcastInDimOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();

    SmallVector<OpFoldResult> sizes;
    for (auto [resultDim, size] : llvm::enumerate(resultType.getShape())) {
      if (!ShapedType::isDynamic(size)) {
        sizes.push_back(indexValue(rewriter, size));
        continue;
      }
      const int64_t *source = llvm::find(dims, (int64_t)resultDim);
      if (source == dims.end())
        return rewriter.notifyMatchFailure(op, "dynamic size with no source");
      int64_t operandDim = source - dims.begin();
      sizes.push_back(tensor::DimOp::create(rewriter, loc, operand, operandDim)
                          .getResult());
    }

    SmallVector<BroadcastKind> kinds;
    for (auto [operandDim, resultDim] : llvm::enumerate(dims)) {
      int64_t operandSize = operandType.getDimSize(operandDim);
      int64_t resultSize = resultType.getDimSize(resultDim);
      if (resultSize == 1 || ShapedType::isDynamic(resultSize))
        kinds.push_back(BroadcastKind::Same);
      else if (operandSize == 1)
        kinds.push_back(BroadcastKind::Expand);
      else if (ShapedType::isDynamic(operandSize))
        kinds.push_back(BroadcastKind::Unknown);
      else
        kinds.push_back(BroadcastKind::Same);
    }
    rewriter.replaceOp(op, emitBroadcastInDim(rewriter, loc, operand,
                                              resultType, sizes, dims, kinds,
                                              op->getName().getStringRef()));
    return success();
  }
};

struct DynamicBroadcastInDimLowering
    : disc::StablehloLowering<stablehlo::DynamicBroadcastInDimOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DynamicBroadcastInDimOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    SmallVector<OpFoldResult> sizes = sizesFromShapeTensor(
        rewriter, loc, adaptor.getOutputDimensions(),
        isUnsignedShapeTensor(op.getOutputDimensions()), resultType);

    ArrayRef<int64_t> expanding, nonExpanding;
    if (auto known = op.getKnownExpandingDimensions())
      expanding = *known;
    if (auto known = op.getKnownNonexpandingDimensions())
      nonExpanding = *known;
    SmallVector<BroadcastKind> kinds;
    for (auto [operandDim, resultDim] : llvm::enumerate(dims)) {
      int64_t operandSize = operandType.getDimSize(operandDim);
      int64_t resultSize = resultType.getDimSize(resultDim);
      if (resultSize == 1)
        kinds.push_back(BroadcastKind::Same);
      else if (operandSize == 1 ||
               llvm::is_contained(expanding, (int64_t)operandDim))
        kinds.push_back(BroadcastKind::Expand);
      else if (!ShapedType::isDynamic(operandSize) ||
               llvm::is_contained(nonExpanding, (int64_t)operandDim))
        kinds.push_back(BroadcastKind::Same);
      else
        kinds.push_back(BroadcastKind::Unknown);
    }
    rewriter.replaceOp(op, emitBroadcastInDim(rewriter, loc, operand,
                                              resultType, sizes, dims, kinds,
                                              op->getName().getStringRef()));
    return success();
  }
};

struct BroadcastLowering : disc::StablehloLowering<stablehlo::BroadcastOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::BroadcastOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    ArrayRef<int64_t> prefix = op.getBroadcastSizes();
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : prefix)
      sizes.push_back(indexValue(rewriter, size));
    llvm::append_range(sizes, disc::getMixedSizes(rewriter, loc, operand));
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    SmallVector<int64_t> dims = llvm::to_vector(
        llvm::seq<int64_t>(prefix.size(), prefix.size() + operandRank));
    SmallVector<BroadcastKind> kinds(operandRank, BroadcastKind::Same);
    rewriter.replaceOp(op, emitBroadcastInDim(rewriter, loc, operand,
                                              resultType, sizes, dims, kinds,
                                              op->getName().getStringRef()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reshapes and transposes
//===----------------------------------------------------------------------===//

// Reshapes between static shapes: one collapse_shape or expand_shape when the
// dimensions regroup, otherwise through the flat 1-D form.
Value emitStaticReshape(OpBuilder &b, Location loc, Value operand,
                        RankedTensorType resultType) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  if (operandType == resultType)
    return operand;
  if (operandType.getRank() == 0)
    return tensor::ExpandShapeOp::create(b, loc, resultType, operand,
                                         ArrayRef<ReassociationIndices>{});
  if (resultType.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, resultType, operand,
                                           ArrayRef<ReassociationIndices>{});
  if (operandType.hasStaticShape()) {
    if (auto reassociation =
            getReassociationIndicesForReshape(operandType, resultType)) {
      if (operandType.getRank() > resultType.getRank())
        return tensor::CollapseShapeOp::create(b, loc, resultType, operand,
                                               *reassociation);
      if (operandType.getRank() < resultType.getRank())
        return tensor::ExpandShapeOp::create(b, loc, resultType, operand,
                                             *reassociation);
    }
  }
  Value flat = operand;
  if (operandType.getRank() != 1) {
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, operandType.getRank()));
    flat = tensor::CollapseShapeOp::create(b, loc, operand,
                                           ArrayRef<ReassociationIndices>{all});
  }
  auto flatType = RankedTensorType::get({resultType.getNumElements()},
                                        resultType.getElementType());
  if (flat.getType() != flatType)
    flat = tensor::CastOp::create(b, loc, flatType, flat);
  if (resultType.getRank() == 1)
    return flat;
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()));
  return tensor::ExpandShapeOp::create(b, loc, resultType, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

struct ReshapeLowering : disc::StablehloLowering<stablehlo::ReshapeOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReshapeOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    rewriter.replaceOp(op, emitStaticReshape(rewriter, op.getLoc(),
                                             adaptor.getOperand(), resultType));
    return success();
  }
};

struct DynamicReshapeLowering
    : disc::StablehloLowering<stablehlo::DynamicReshapeOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DynamicReshapeOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    if (resultType.hasStaticShape() &&
        cast<RankedTensorType>(operand.getType()).hasStaticShape()) {
      rewriter.replaceOp(op,
                         emitStaticReshape(rewriter, loc, operand, resultType));
      return success();
    }
    SmallVector<OpFoldResult> resultSizes = sizesFromShapeTensor(
        rewriter, loc, adaptor.getOutputShape(),
        isUnsignedShapeTensor(op.getOutputShape()),
        RankedTensorType::get(
            SmallVector<int64_t>(resultType.getRank(), ShapedType::kDynamic),
            resultType.getElementType()));
    disc::emitSizeCheck(
        rewriter, loc,
        numElements(rewriter, loc, disc::getMixedSizes(rewriter, loc, operand)),
        numElements(rewriter, loc, resultSizes),
        "stablehlo.dynamic_reshape: the output shape holds a "
        "different number of elements");
    // Static dimensions are constants once checked.
    for (auto [dim, size] : llvm::enumerate(resultType.getShape())) {
      if (ShapedType::isDynamic(size))
        continue;
      disc::emitSizeCheck(rewriter, loc, resultSizes[dim],
                          rewriter.getIndexAttr(size),
                          "stablehlo.dynamic_reshape: output dimension " +
                              Twine(dim) + " is not " + Twine(size));
      resultSizes[dim] = rewriter.getIndexAttr(size);
    }
    // An index shape, because the LLVM lowering of memref.reshape casts
    // integer sizes with ops it leaves for a conversion that has already run.
    SmallVector<Value> sizeValues =
        getValueOrCreateConstantIndexOp(rewriter, loc, resultSizes);
    Value shape = tensor::FromElementsOp::create(rewriter, loc, sizeValues);
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, resultType, operand,
                                                   shape);
    return success();
  }
};

struct TransposeLowering : disc::StablehloLowering<stablehlo::TransposeOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::TransposeOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Value result = disc::emitTranspose(
        rewriter, op.getLoc(), adaptor.getOperand(), op.getPermutation());
    if (result.getType() != resultType)
      result =
          tensor::CastOp::create(rewriter, op.getLoc(), resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Slices and concatenation
//===----------------------------------------------------------------------===//

struct SliceLowering : disc::StablehloLowering<stablehlo::SliceOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::SliceOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> operandSizes =
        disc::getMixedSizes(rewriter, loc, adaptor.getOperand());
    for (auto [dim, limit] : llvm::enumerate(op.getLimitIndices()))
      disc::emitMinimumSizeCheck(
          rewriter, loc, operandSizes[dim], rewriter.getIndexAttr(limit),
          "stablehlo.slice: limit index " + Twine(limit) +
              " exceeds dimension " + Twine(dim));
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [start, limit, stride] : llvm::zip_equal(
             op.getStartIndices(), op.getLimitIndices(), op.getStrides())) {
      offsets.push_back(indexValue(rewriter, start));
      sizes.push_back(
          indexValue(rewriter, (limit - start + stride - 1) / stride));
      strides.push_back(indexValue(rewriter, stride));
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, resultType, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

// Start indices are clamped to [0, operandSize - sliceSize], as the spec says.
SmallVector<OpFoldResult>
clampedOffsets(OpBuilder &b, Location loc, Value operand,
               ArrayRef<OpFoldResult> sliceSizes, ValueRange startTensors,
               ValueRange originalStartTensors, StringRef opName) {
  SmallVector<OpFoldResult> operandSizes = disc::getMixedSizes(b, loc, operand);
  for (auto [dim, size] : llvm::enumerate(sliceSizes))
    disc::emitMinimumSizeCheck(b, loc, operandSizes[dim], size,
                               opName +
                                   ": the slice is larger than "
                                   "dimension " +
                                   Twine(dim));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<OpFoldResult> offsets;
  for (auto [dim, start] : llvm::enumerate(startTensors)) {
    bool isUnsigned = disc::isUnsignedLike(
        getElementTypeOrSelf(originalStartTensors[dim].getType()));
    Value index = disc::castToIndex(b, loc, disc::extractScalar(b, loc, start),
                                    isUnsigned);
    Value maxStart = arith::SubIOp::create(
        b, loc, getValueOrCreateConstantIndexOp(b, loc, operandSizes[dim]),
        getValueOrCreateConstantIndexOp(b, loc, sliceSizes[dim]));
    // An unsigned start is never below 0, however large it is.
    Value clamped =
        isUnsigned ? Value(arith::MinUIOp::create(b, loc, index, maxStart))
                   : Value(arith::MinSIOp::create(b, loc, index, maxStart));
    offsets.push_back(
        arith::MaxSIOp::create(b, loc, clamped, zero).getResult());
  }
  return offsets;
}

struct DynamicSliceLowering
    : disc::StablehloLowering<stablehlo::DynamicSliceOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DynamicSliceOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes, strides;
    for (int64_t size : op.getSliceSizes()) {
      sizes.push_back(indexValue(rewriter, size));
      strides.push_back(indexValue(rewriter, 1));
    }
    SmallVector<OpFoldResult> offsets = clampedOffsets(
        rewriter, loc, adaptor.getOperand(), sizes, adaptor.getStartIndices(),
        op.getStartIndices(), op->getName().getStringRef());
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, resultType, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

// real_dynamic_slice: dimension d holds ceil((limit - start) / stride)
// elements from start on (static result sizes win); a limit past the
// operand's size is a run's error.
struct RealDynamicSliceLowering
    : disc::StablehloLowering<stablehlo::RealDynamicSliceOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::RealDynamicSliceOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    auto readIndex = [&](Value indices, Value original, int64_t dim) {
      Value position = arith::ConstantIndexOp::create(rewriter, loc, dim);
      Value element =
          tensor::ExtractOp::create(rewriter, loc, indices, position);
      return disc::castToIndex(rewriter, loc, element,
                               isUnsignedShapeTensor(original));
    };
    SmallVector<OpFoldResult> operandSizes =
        disc::getMixedSizes(rewriter, loc, adaptor.getOperand());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [dim, staticSize] : llvm::enumerate(resultType.getShape())) {
      Value start =
          readIndex(adaptor.getStartIndices(), op.getStartIndices(), dim);
      Value limit =
          readIndex(adaptor.getLimitIndices(), op.getLimitIndices(), dim);
      Value stride = readIndex(adaptor.getStrides(), op.getStrides(), dim);
      disc::emitMinimumSizeCheck(rewriter, loc, operandSizes[dim], limit,
                                 "stablehlo.real_dynamic_slice: a limit "
                                 "index exceeds dimension " +
                                     Twine(dim));
      offsets.push_back(start);
      strides.push_back(stride);
      if (!ShapedType::isDynamic(staticSize)) {
        sizes.push_back(indexValue(rewriter, staticSize));
        continue;
      }
      // Strides are positive, so the ceiling is a plain division of
      // extent + stride - 1.
      Value extent = arith::SubIOp::create(rewriter, loc, limit, start);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      Value roundedUp = arith::AddIOp::create(
          rewriter, loc, extent,
          arith::SubIOp::create(rewriter, loc, stride, one));
      sizes.push_back(
          arith::DivSIOp::create(rewriter, loc, roundedUp, stride).getResult());
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, resultType, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

struct DynamicUpdateSliceLowering
    : disc::StablehloLowering<stablehlo::DynamicUpdateSliceOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value update = adaptor.getUpdate();
    SmallVector<OpFoldResult> sizes =
        disc::getMixedSizes(rewriter, loc, update);
    SmallVector<OpFoldResult> strides(sizes.size(), indexValue(rewriter, 1));
    SmallVector<OpFoldResult> offsets = clampedOffsets(
        rewriter, loc, adaptor.getOperand(), sizes, adaptor.getStartIndices(),
        op.getStartIndices(), op->getName().getStringRef());
    Value result = tensor::InsertSliceOp::create(
        rewriter, loc, update, adaptor.getOperand(), offsets, sizes, strides);
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (resultType && result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConcatenateLowering : disc::StablehloLowering<stablehlo::ConcatenateOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ConcatenateOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    int64_t dimension = op.getDimension();
    ValueRange inputs = adaptor.getInputs();

    SmallVector<SmallVector<OpFoldResult>> inputSizes;
    for (Value input : inputs)
      inputSizes.push_back(disc::getMixedSizes(rewriter, loc, input));
    for (auto &inputSize : llvm::drop_begin(inputSizes))
      for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
        if (dim != dimension)
          disc::emitSizeCheck(
              rewriter, loc, inputSize[dim], inputSizes.front()[dim],
              "stablehlo.concatenate: inputs differ in the size of "
              "dimension " +
                  Twine(dim));
    SmallVector<OpFoldResult> sizes = inputSizes.front();
    OpFoldResult total = indexValue(rewriter, 0);
    for (auto &inputSize : inputSizes)
      total = addSizes(rewriter, loc, total, inputSize[dimension]);
    sizes[dimension] = total;
    Value result = disc::createEmptyTensor(rewriter, loc, resultType, sizes);

    OpFoldResult offset = indexValue(rewriter, 0);
    SmallVector<OpFoldResult> strides(resultType.getRank(),
                                      indexValue(rewriter, 1));
    for (auto [i, input] : llvm::enumerate(inputs)) {
      SmallVector<OpFoldResult> offsets(resultType.getRank(),
                                        indexValue(rewriter, 0));
      offsets[dimension] = offset;
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result,
                                             offsets, inputSizes[i], strides);
      if (i + 1 < inputs.size())
        offset = addSizes(rewriter, loc, offset, inputSizes[i][dimension]);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Padding and reversal
//===----------------------------------------------------------------------===//

struct PadLowering : disc::StablehloLowering<stablehlo::PadOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::PadOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value paddingValue =
        disc::extractScalar(rewriter, loc, adaptor.getPaddingValue());
    Value result =
        disc::emitPad(rewriter, loc, adaptor.getOperand(), paddingValue,
                      op.getEdgePaddingLow(), op.getEdgePaddingHigh(),
                      op.getInteriorPadding());
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ReverseLowering : disc::StablehloLowering<stablehlo::ReverseOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReverseOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, disc::emitReverse(rewriter, op.getLoc(),
                                             adaptor.getOperand(),
                                             op.getDimensions()));
    return success();
  }
};

struct GetDimensionSizeLowering
    : disc::StablehloLowering<stablehlo::GetDimensionSizeOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::GetDimensionSizeOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value size = tensor::DimOp::create(rewriter, loc, adaptor.getOperand(),
                                       op.getDimension());
    Value scalar = arith::IndexCastOp::create(
        rewriter, loc, resultType.getElementType(), size);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType,
                                                        ValueRange{scalar});
    return success();
  }
};

} // namespace

Value mlir::disc::emitPad(OpBuilder &b, Location loc, Value input,
                          Value paddingValue, ArrayRef<int64_t> low,
                          ArrayRef<int64_t> high, ArrayRef<int64_t> interior) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  bool hasInterior = llvm::any_of(interior, [](int64_t v) { return v != 0; });
  bool hasNegative = llvm::any_of(llvm::concat<const int64_t>(low, high),
                                  [](int64_t v) { return v < 0; });
  if (llvm::all_of(llvm::concat<const int64_t>(low, high, interior),
                   [](int64_t v) { return v == 0; }))
    return input;

  SmallVector<int64_t> positiveLow, positiveHigh;
  for (auto [l, h] : llvm::zip_equal(low, high)) {
    positiveLow.push_back(std::max<int64_t>(l, 0));
    positiveHigh.push_back(std::max<int64_t>(h, 0));
  }

  // The padded (before cutting) shape: d + (d - 1) * interior + low + high.
  SmallVector<int64_t> paddedShape;
  SmallVector<OpFoldResult> inputSizes = getMixedSizes(b, loc, input);
  SmallVector<OpFoldResult> paddedSizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = inputType.getDimSize(dim);
    int64_t edges = positiveLow[dim] + positiveHigh[dim];
    if (!ShapedType::isDynamic(size)) {
      int64_t padded =
          size + std::max<int64_t>(size - 1, 0) * interior[dim] + edges;
      paddedShape.push_back(padded);
      paddedSizes.push_back(b.getIndexAttr(padded));
      continue;
    }
    paddedShape.push_back(ShapedType::kDynamic);
    Value d = cast<Value>(inputSizes[dim]);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value gaps = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, d, one), zero);
    Value spread = arith::MulIOp::create(
        b, loc, gaps, arith::ConstantIndexOp::create(b, loc, interior[dim]));
    Value padded =
        arith::AddIOp::create(b, loc, arith::AddIOp::create(b, loc, d, spread),
                              arith::ConstantIndexOp::create(b, loc, edges));
    paddedSizes.push_back(padded);
  }
  auto paddedType =
      RankedTensorType::get(paddedShape, inputType.getElementType());

  Value padded;
  if (!hasInterior) {
    SmallVector<OpFoldResult> lowValues, highValues;
    for (auto [l, h] : llvm::zip_equal(positiveLow, positiveHigh)) {
      lowValues.push_back(b.getIndexAttr(l));
      highValues.push_back(b.getIndexAttr(h));
    }
    padded = tensor::PadOp::create(b, loc, paddedType, input, lowValues,
                                   highValues, paddingValue);
  } else {
    Value filled =
        createFilledTensor(b, loc, paddedType, paddedSizes, paddingValue);
    SmallVector<OpFoldResult> offsets, strides;
    for (int64_t dim = 0; dim < rank; ++dim) {
      offsets.push_back(b.getIndexAttr(positiveLow[dim]));
      strides.push_back(b.getIndexAttr(interior[dim] + 1));
    }
    padded = tensor::InsertSliceOp::create(b, loc, input, filled, offsets,
                                           inputSizes, strides);
  }
  if (!hasNegative)
    return padded;

  // Negative edges cut elements off the padded tensor.
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> resultShape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t cutLow = std::max<int64_t>(-low[dim], 0);
    int64_t cutHigh = std::max<int64_t>(-high[dim], 0);
    offsets.push_back(b.getIndexAttr(cutLow));
    strides.push_back(b.getIndexAttr(1));
    if (!ShapedType::isDynamic(paddedShape[dim])) {
      int64_t size = paddedShape[dim] - cutLow - cutHigh;
      resultShape.push_back(size);
      sizes.push_back(b.getIndexAttr(size));
      continue;
    }
    resultShape.push_back(ShapedType::kDynamic);
    sizes.push_back(arith::SubIOp::create(b, loc, cast<Value>(paddedSizes[dim]),
                                          arith::ConstantIndexOp::create(
                                              b, loc, cutLow + cutHigh))
                        .getResult());
  }
  auto resultType =
      RankedTensorType::get(resultShape, inputType.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, resultType, padded, offsets,
                                        sizes, strides);
}

Value mlir::disc::emitTranspose(OpBuilder &b, Location loc, Value input,
                                ArrayRef<int64_t> permutation) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<OpFoldResult> inputSizes = getMixedSizes(b, loc, input);
  SmallVector<int64_t> shape;
  SmallVector<OpFoldResult> sizes;
  for (int64_t source : permutation) {
    shape.push_back(inputType.getDimSize(source));
    sizes.push_back(inputSizes[source]);
  }
  auto resultType = RankedTensorType::get(shape, inputType.getElementType());
  Value init = createEmptyTensor(b, loc, resultType, sizes);
  // result[i] = input[permutation[i]]: input dimension permutation[i] is
  // indexed by loop i.
  SmallVector<AffineExpr> exprs(rank);
  for (auto [resultDim, inputDim] : llvm::enumerate(permutation))
    exprs[inputDim] = b.getAffineDimExpr(resultDim);
  AffineMap inputMap = AffineMap::get(rank, 0, exprs, b.getContext());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{input}, ValueRange{init},
      {inputMap, b.getMultiDimIdentityMap(rank)},
      disc::getParallelIterators(rank),
      [](OpBuilder &nb, Location l, ValueRange args) {
        linalg::YieldOp::create(nb, l, args[0]);
      });
  return generic.getResult(0);
}

Value mlir::disc::emitReverse(OpBuilder &b, Location loc, Value input,
                              ArrayRef<int64_t> dimensions) {
  if (dimensions.empty())
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = getMixedSizes(b, loc, input);
  SmallVector<Value> lastIndex(rank);
  for (int64_t dim : dimensions)
    lastIndex[dim] = arith::SubIOp::create(
        b, loc, getValueOrCreateConstantIndexOp(b, loc, sizes[dim]),
        arith::ConstantIndexOp::create(b, loc, 1));
  Value init = createEmptyTensor(b, loc, type, sizes);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, ValueRange{init},
      {b.getMultiDimIdentityMap(rank)}, disc::getParallelIterators(rank),
      [&](OpBuilder &nb, Location l, ValueRange) {
        SmallVector<Value> indices;
        for (int64_t dim = 0; dim < rank; ++dim) {
          Value index = linalg::IndexOp::create(nb, l, dim);
          if (lastIndex[dim])
            index = arith::SubIOp::create(nb, l, lastIndex[dim], index);
          indices.push_back(index);
        }
        Value element = tensor::ExtractOp::create(nb, l, input, indices);
        linalg::YieldOp::create(nb, l, element);
      });
  return generic.getResult(0);
}

std::optional<disc::Preconditions>
mlir::disc::getDataMovementPreconditions(Operation *op) {
  // Shapes and start indices may also be given as index tensors.
  if (isa<stablehlo::DynamicIotaOp>(op))
    return Preconditions().withIndexTensors();
  if (isa<stablehlo::DynamicBroadcastInDimOp, stablehlo::DynamicReshapeOp,
          stablehlo::DynamicSliceOp, stablehlo::RealDynamicSliceOp,
          stablehlo::DynamicUpdateSliceOp>(op))
    return Preconditions().withComplexElements().withIndexTensors();
  if (isa<stablehlo::IotaOp, stablehlo::ReshapeOp>(op))
    return Preconditions().withComplexElements().withCheck(checkStaticResult);
  if (isa<stablehlo::BroadcastInDimOp>(op))
    return Preconditions().withComplexElements().withCheck(checkBroadcastInDim);
  if (isa<stablehlo::ConstantOp, stablehlo::BroadcastOp, stablehlo::TransposeOp,
          stablehlo::SliceOp, stablehlo::ConcatenateOp, stablehlo::PadOp,
          stablehlo::ReverseOp, stablehlo::GetDimensionSizeOp>(op))
    return Preconditions().withComplexElements();
  return std::nullopt;
}

void mlir::disc::populateDataMovementPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns
      .add<BroadcastInDimLowering, BroadcastLowering, ConcatenateLowering,
           ConstantLowering, DynamicBroadcastInDimLowering, DynamicIotaLowering,
           DynamicReshapeLowering, DynamicSliceLowering,
           RealDynamicSliceLowering, DynamicUpdateSliceLowering,
           GetDimensionSizeLowering, IotaLowering, PadLowering, ReshapeLowering,
           ReverseLowering, SliceLowering, TransposeLowering>(
          converter, patterns.getContext());
}
