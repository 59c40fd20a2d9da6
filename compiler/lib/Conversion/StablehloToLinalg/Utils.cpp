//===- Utils.cpp - Helpers shared by the StableHLO to Linalg patterns -----===//

#include "disc/Conversion/StablehloToLinalg/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

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
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType)
    return false;
  unsigned width = intType.getWidth();
  return width == 1 || width == 8 || width == 16 || width == 32 || width == 64;
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

Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         ArrayRef<OpFoldResult> sizes, Value value) {
  Value empty = createEmptyTensor(b, loc, type, sizes);
  return linalg::FillOp::create(b, loc, value, empty).getResult(0);
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
