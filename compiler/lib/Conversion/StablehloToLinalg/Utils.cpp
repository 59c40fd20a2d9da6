//===- Utils.cpp - Helpers shared by the StableHLO to Linalg patterns -----===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace mlir {
namespace disc {

StablehloToLinalgTypeConverter::StablehloToLinalgTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](IntegerType type) -> Type { return getSignlessType(type); });
  addConversion([](RankedTensorType type) -> Type {
    return type.clone(getSignlessType(type.getElementType()));
  });
}

RankedTensorType convertedTensorType(const TypeConverter *converter,
                                     Type type) {
  return dyn_cast_or_null<RankedTensorType>(converter->convertType(type));
}

Type getSignlessType(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || intType.isSignless())
    return type;
  return IntegerType::get(type.getContext(), intType.getWidth());
}

bool isUnsignedLike(Type elementType) {
  auto intType = dyn_cast<IntegerType>(elementType);
  return intType && (intType.isUnsigned() || intType.getWidth() == 1);
}

bool isSupportedElementType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16() || elementType.isF32() ||
      elementType.isF64())
    return true;
  // The 8-, 6- and 4-bit floats compute in f32 (disc-expand-narrow-floats).
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return floatType.getWidth() == 8 || floatType.getWidth() == 6 ||
           floatType.getWidth() == 4;
  if (auto complexType = dyn_cast<ComplexType>(elementType))
    return complexType.getElementType().isF32() ||
           complexType.getElementType().isF64();
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType)
    return false;
  unsigned width = intType.getWidth();
  return width == 1 || width == 2 || width == 4 || width == 8 || width == 16 ||
         width == 32 || width == 64;
}

SmallVector<Value> getDynamicSizes(OpBuilder &b, Location loc, Value source,
                                   RankedTensorType shape) {
  SmallVector<Value> sizes;
  for (auto [dim, size] : llvm::enumerate(shape.getShape()))
    if (ShapedType::isDynamic(size))
      sizes.push_back(tensor::DimOp::create(b, loc, source, dim));
  return sizes;
}

SmallVector<OpFoldResult> getMixedSizes(OpBuilder &b, Location loc,
                                        Value tensor) {
  SmallVector<OpFoldResult> sizes;
  auto type = cast<RankedTensorType>(tensor.getType());
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    if (ShapedType::isDynamic(size))
      sizes.push_back(tensor::DimOp::create(b, loc, tensor, dim).getResult());
    else
      sizes.push_back(b.getIndexAttr(size));
  }
  return sizes;
}

Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                        ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> dynamicSizes;
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    if (!ShapedType::isDynamic(size))
      continue;
    OpFoldResult mixed = sizes[dim];
    if (auto value = dyn_cast<Value>(mixed))
      dynamicSizes.push_back(value);
    else
      dynamicSizes.push_back(arith::ConstantIndexOp::create(
          b, loc, cast<IntegerAttr>(cast<Attribute>(mixed)).getInt()));
  }
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamicSizes);
}

SmallVector<utils::IteratorType> getParallelIterators(int64_t rank) {
  return SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
}

AffineMap getLeadingDimsMap(MLIRContext *context, unsigned numDims,
                            unsigned numResults) {
  SmallVector<AffineExpr> results;
  for (unsigned dim = 0; dim < numResults; ++dim)
    results.push_back(getAffineDimExpr(dim, context));
  return AffineMap::get(numDims, 0, results, context);
}

Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         ArrayRef<OpFoldResult> sizes, Value value) {
  Value empty = createEmptyTensor(b, loc, type, sizes);
  return linalg::FillOp::create(b, loc, value, empty).getResult(0);
}

Value createZero(OpBuilder &b, Location loc, Type elementType) {
  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    Attribute partZero = b.getZeroAttr(complexType.getElementType());
    return complex::ConstantOp::create(b, loc, complexType,
                                       b.getArrayAttr({partZero, partZero}));
  }
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(elementType));
}

Value createZeroFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                             ArrayRef<OpFoldResult> sizes) {
  return createFilledTensor(b, loc, type, sizes,
                            createZero(b, loc, type.getElementType()));
}

void emitCheck(OpBuilder &b, Location loc, Value condition,
               const Twine &message) {
  cf::AssertOp::create(b, loc, condition, message.str());
}

void emitSizeCheck(OpBuilder &b, Location loc, OpFoldResult actual,
                   OpFoldResult expected, const Twine &message) {
  if (actual == expected ||
      (getConstantIntValue(actual) && getConstantIntValue(expected)))
    return;
  Value same =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            getValueOrCreateConstantIndexOp(b, loc, actual),
                            getValueOrCreateConstantIndexOp(b, loc, expected));
  emitCheck(b, loc, same, message);
}

SmallVector<OpFoldResult> getCheckedSameSizes(OpBuilder &b, Location loc,
                                              ValueRange inputs,
                                              StringRef opName) {
  SmallVector<OpFoldResult> sizes = getMixedSizes(b, loc, inputs.front());
  for (Value input : llvm::drop_begin(inputs)) {
    SmallVector<OpFoldResult> inputSizes = getMixedSizes(b, loc, input);
    for (auto [dim, size] : llvm::enumerate(inputSizes))
      emitSizeCheck(b, loc, size, sizes[dim],
                    opName + ": inputs differ in the size of dimension " +
                        Twine(dim));
  }
  return sizes;
}

void emitMinimumSizeCheck(OpBuilder &b, Location loc, OpFoldResult actual,
                          OpFoldResult minimum, const Twine &message) {
  if (getConstantIntValue(actual) && getConstantIntValue(minimum))
    return;
  Value enough =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                            getValueOrCreateConstantIndexOp(b, loc, actual),
                            getValueOrCreateConstantIndexOp(b, loc, minimum));
  emitCheck(b, loc, enough, message);
}

void emitBroadcastableCheck(OpBuilder &b, Location loc,
                            OpFoldResult operandSize, OpFoldResult size,
                            const Twine &message) {
  if (getConstantIntValue(operandSize))
    return;
  Value actual = cast<Value>(operandSize);
  Value target = getValueOrCreateConstantIndexOp(b, loc, size);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value isOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, actual, one);
  Value same =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, actual, target);
  emitCheck(b, loc, arith::OrIOp::create(b, loc, isOne, same), message);
}

Value castToIndex(OpBuilder &b, Location loc, Value value, bool isUnsigned) {
  if (value.getType().isIndex())
    return value;
  if (isUnsigned)
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  return tensor::ExtractOp::create(b, loc, tensor, ValueRange{});
}

} // namespace disc
} // namespace mlir

SmallVector<int64_t>
mlir::disc::getDimValuesOr(std::optional<ArrayRef<int64_t>> values,
                           int64_t count, int64_t fallback) {
  if (values && !values->empty())
    return SmallVector<int64_t>(*values);
  return SmallVector<int64_t>(count, fallback);
}

void mlir::disc::getPaddingEdges(std::optional<DenseIntElementsAttr> padding,
                                 int64_t count, SmallVectorImpl<int64_t> &low,
                                 SmallVectorImpl<int64_t> &high) {
  low.assign(count, 0);
  high.assign(count, 0);
  if (!padding)
    return;
  for (auto [index, value] : llvm::enumerate(padding->getValues<APInt>()))
    (index % 2 == 0 ? low : high)[index / 2] = value.getSExtValue();
}
