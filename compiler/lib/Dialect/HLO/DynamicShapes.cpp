//===- DynamicShapes.cpp - stablehlo ops on dynamic shapes ----------------===//

#include "disc/Dialect/HLO/DynamicShapes.h"

#include "disc/Dialect/HLO/StablehloOps.h"

using namespace mlir;

Value disc::getShapeOf(ImplicitLocOpBuilder &b, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<Value> sizes;
  auto sizeType = RankedTensorType::get({1}, b.getI32Type());
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    Value size = stablehlo::GetDimensionSizeOp::create(
        b, RankedTensorType::get({}, b.getI32Type()), value, dim);
    sizes.push_back(stablehlo::ReshapeOp::create(b, sizeType, size));
  }
  auto shapeType = RankedTensorType::get({type.getRank()}, b.getI32Type());
  if (sizes.empty())
    return stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(shapeType, ArrayRef<int32_t>{}));
  if (sizes.size() == 1)
    return sizes.front();
  return stablehlo::ConcatenateOp::create(b, shapeType, sizes, 0);
}

Value disc::broadcastInDim(ImplicitLocOpBuilder &b, Value operand,
                           RankedTensorType type, Value shape,
                           ArrayRef<int64_t> dimensions) {
  if (type.hasStaticShape())
    return stablehlo::BroadcastInDimOp::create(b, type, operand, dimensions);
  return stablehlo::DynamicBroadcastInDimOp::create(
      b, type, operand, shape, dimensions, nullptr, nullptr);
}
