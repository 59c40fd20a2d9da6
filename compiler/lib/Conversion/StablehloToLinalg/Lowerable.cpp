//===- Lowerable.cpp - Whether the StableHLO patterns take an op ---------===//
//
// checkLowerable asks the family whose patterns match an op's kind for its
// preconditions (Rewriters.h), defined beside the patterns, and judges the
// op's element types by them before the family's own check. The element
// types are judged here, once for every family, so that every pattern
// declines an unsupported type with the same words.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "Utils.h"

#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;

namespace {

using GetPreconditions = std::optional<disc::Preconditions> (*)(Operation *);

// A kind is matched by the patterns of one family at most.
constexpr GetPreconditions kFamilies[] = {
    disc::getElementwisePreconditions,   disc::getDataMovementPreconditions,
    disc::getGatherScatterPreconditions, disc::getReductionPreconditions,
    disc::getContractionPreconditions,   disc::getControlFlowPreconditions,
    disc::getConvolutionPreconditions,   disc::getCustomCallPreconditions,
    disc::getSortPreconditions,          disc::getLinearAlgebraPreconditions,
    disc::getFftPreconditions,
};

std::optional<std::string>
checkElementTypes(Operation *op, const disc::Preconditions &preconditions) {
  std::string name = op->getName().getStringRef().str();
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return name + " on " + llvm::to_string(type);
    Type elementType = tensorType.getElementType();
    if (preconditions.indexTensors && elementType.isIndex())
      continue;
    if (!disc::isSupportedElementType(elementType) ||
        (isa<ComplexType>(elementType) && !preconditions.complexElements))
      return name + " on element type " + llvm::to_string(elementType);
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> mlir::disc::checkLowerable(Operation *op) {
  // A kind no family lowers keeps the defaults, so that the report names
  // its type where the type is what disc lacks.
  Preconditions preconditions;
  for (GetPreconditions getPreconditions : kFamilies) {
    if (std::optional<Preconditions> found = getPreconditions(op)) {
      preconditions = *found;
      break;
    }
  }
  if (!preconditions.ownElementTypes)
    if (std::optional<std::string> reason =
            checkElementTypes(op, preconditions))
      return reason;
  if (!preconditions.check)
    return std::nullopt;
  return preconditions.check(op);
}
