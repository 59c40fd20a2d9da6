//===- ConstantData.cpp - The elements of dense constants -----------------===//

#include "disc/Dialect/HLO/ConstantData.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstddef>
#include <cstring>

using namespace mlir;

std::optional<ArrayRef<char>> disc::getRowMajorBytes(ElementsAttr attr) {
  Type elementType = attr.getElementType();
  if (!elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  std::optional<ArrayRef<char>> bytes;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      bytes = dense.getRawData();
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    if (AsmResourceBlob *blob = resource.getRawHandle().getBlob())
      bytes = blob->getData();
  }
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  if (!bytes || static_cast<int64_t>(bytes->size()) !=
                    attr.getNumElements() * elementBytes)
    return std::nullopt;
  return bytes;
}

ElementsAttr disc::makeConstant(ShapedType type, ArrayRef<char> bytes,
                                bool asBlob) {
  if (asBlob)
    return DenseResourceElementsAttr::get(
        type, "disc_constant",
        HeapAsmResourceBlob::allocateAndCopyWithAlign(
            bytes, alignof(std::max_align_t)));
  return DenseElementsAttr::getFromRawBuffer(type, bytes);
}

std::optional<std::vector<double>> disc::getFloatValues(ElementsAttr attr) {
  Type elementType = attr.getElementType();
  if (!elementType.isF32() && !elementType.isF64())
    return std::nullopt;
  int64_t count = attr.getNumElements();
  if (auto dense = dyn_cast<DenseElementsAttr>(attr); dense && dense.isSplat())
    return std::vector<double>(
        count, dense.getSplatValue<APFloat>().convertToDouble());
  std::optional<ArrayRef<char>> bytes = getRowMajorBytes(attr);
  if (!bytes)
    return std::nullopt;
  std::vector<double> values(count);
  for (int64_t i = 0; i < count; ++i) {
    if (elementType.isF32()) {
      float value;
      std::memcpy(&value, bytes->data() + i * sizeof(float), sizeof(float));
      values[i] = value;
    } else {
      std::memcpy(&values[i], bytes->data() + i * sizeof(double),
                  sizeof(double));
    }
  }
  return values;
}

ElementsAttr disc::makeFloatConstant(ShapedType type, ArrayRef<double> values,
                                     bool asBlob) {
  std::vector<char> bytes;
  if (type.getElementType().isF32()) {
    bytes.resize(values.size() * sizeof(float));
    for (size_t i = 0; i < values.size(); ++i) {
      float value = static_cast<float>(values[i]);
      std::memcpy(bytes.data() + i * sizeof(float), &value, sizeof(float));
    }
  } else {
    bytes.resize(values.size() * sizeof(double));
    std::memcpy(bytes.data(), values.data(), bytes.size());
  }
  return makeConstant(type, bytes, asBlob);
}
