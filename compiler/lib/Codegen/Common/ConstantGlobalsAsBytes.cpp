//===- ConstantGlobalsAsBytes.cpp - Constant globals as byte arrays -------===//
//
// LLVM's AsmPrinter writes a ConstantDataArray of i8 with one emitBytes
// call, but one of floats or wider integers an element at a time, each a
// call into the MC streamer. A model's weights are tens of millions of
// elements, so their globals are handed to LLVM as the byte arrays they are
// in memory. Loads and getelementptrs through opaque pointers name their
// own element types, so no access changes.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"

#include "disc/Dialect/HLO/ConstantData.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CONSTANTGLOBALSASBYTESPASS
#include "disc/Codegen/Common/Passes.h.inc"

namespace {

// A cache line: the vectorized loops that read the weights load whole
// vectors, and the widest of them is 64 bytes.
constexpr uint64_t kByteArrayAlignment = 64;

/// Whether `type` is a scalar or a (nested) LLVM array of scalars, the
/// types the memref lowering gives globals.
bool isArrayOfScalars(Type type) {
  while (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    type = array.getElementType();
  return type.isIntOrFloat();
}

struct ConstantGlobalsAsBytesPass
    : impl::ConstantGlobalsAsBytesPassBase<ConstantGlobalsAsBytesPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    auto byteType = IntegerType::get(context, 8);
    for (auto global : getOperation().getOps<LLVM::GlobalOp>()) {
      auto value = dyn_cast_or_null<ElementsAttr>(global.getValueOrNull());
      if (!global.getConstant() || !value ||
          value.getElementType() == byteType ||
          !isArrayOfScalars(global.getGlobalType()))
        continue;
      std::optional<ArrayRef<char>> bytes = getRowMajorBytes(value);
      if (!bytes || bytes->empty())
        continue;
      auto size = static_cast<int64_t>(bytes->size());
      ElementsAttr byteValue =
          makeConstant(RankedTensorType::get({size}, byteType), *bytes,
                       isa<DenseResourceElementsAttr>(value));
      global.setGlobalTypeAttr(
          TypeAttr::get(LLVM::LLVMArrayType::get(byteType, size)));
      global.setValueAttr(byteValue);
      global.setAlignment(
          std::max(global.getAlignment().value_or(0), kByteArrayAlignment));
    }
  }
};

} // namespace
} // namespace disc
} // namespace mlir
