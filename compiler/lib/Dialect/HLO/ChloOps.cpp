//===- ChloOps.cpp - The chlo dialect -------------------------------------===//

#include "disc/Dialect/HLO/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "disc/Dialect/HLO/ChloDialect.cpp.inc"
#include "disc/Dialect/HLO/ChloEnums.cpp.inc"

namespace mlir::chlo {

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/HLO/ChloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "disc/Dialect/HLO/ChloAttrs.cpp.inc"
      >();
  // JAX outlines helpers that use chlo ops (arccosh, ...) into private
  // functions, which the input phase inlines.
  addInterfaces<hlo::HloInlinerInterface>();
  // Unknown ops parse in generic form so the lowering can name them.
  allowUnknownOperations();
}

SmallVector<int64_t>
getOperandToResultDims(int64_t operandRank, int64_t resultRank,
                       std::optional<ArrayRef<int64_t>> broadcastDimensions) {
  if (broadcastDimensions && operandRank < resultRank)
    return SmallVector<int64_t>(*broadcastDimensions);
  return llvm::to_vector(llvm::seq(resultRank - operandRank, resultRank));
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  hlo::DimsField fields[] = {
      {"lhs_batching_dimensions"},    {"rhs_batching_dimensions"},
      {"lhs_contracting_dimensions"}, {"rhs_contracting_dimensions"},
      {"lhs_ragged_dimensions"},      {"rhs_group_dimensions"}};
  if (hlo::parseDimsStruct(parser, fields))
    return {};
  return get(parser.getContext(), fields[0].values, fields[1].values,
             fields[2].values, fields[3].values, fields[4].values,
             fields[5].values);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  auto field = [](StringRef name, ArrayRef<int64_t> values) {
    return hlo::DimsField{name, false, SmallVector<int64_t>(values)};
  };
  hlo::DimsField fields[] = {
      field("lhs_batching_dimensions", getLhsBatchingDimensions()),
      field("rhs_batching_dimensions", getRhsBatchingDimensions()),
      field("lhs_contracting_dimensions", getLhsContractingDimensions()),
      field("rhs_contracting_dimensions", getRhsContractingDimensions()),
      field("lhs_ragged_dimensions", getLhsRaggedDimensions()),
      field("rhs_group_dimensions", getRhsGroupDimensions())};
  hlo::printDimsStruct(printer, fields);
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

// The operands, each mapped onto the result's dimensions, must agree on
// every static extent that is not 1, and the result with them.
static LogicalResult
verifyBroadcast(Operation *op, ValueRange operands,
                std::optional<ArrayRef<int64_t>> broadcastDimensions) {
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t resultRank = resultType.getRank();
  int64_t maxRank = 0;
  for (Value operand : operands)
    maxRank =
        std::max(maxRank, cast<RankedTensorType>(operand.getType()).getRank());
  if (resultRank != maxRank)
    return op->emitOpError("result rank ")
           << resultRank << " must be the largest operand rank " << maxRank;
  SmallVector<int64_t> extents(resultRank, 1);
  for (auto [index, operand] : llvm::enumerate(operands)) {
    auto type = cast<RankedTensorType>(operand.getType());
    SmallVector<int64_t> dims =
        getOperandToResultDims(type.getRank(), resultRank, broadcastDimensions);
    if (static_cast<int64_t>(dims.size()) != type.getRank())
      return op->emitOpError("broadcast_dimensions has ")
             << dims.size() << " entries for operand #" << index << " of rank "
             << type.getRank();
    for (auto [operandDim, resultDim] : llvm::enumerate(dims)) {
      if (resultDim < 0 || resultDim >= resultRank)
        return op->emitOpError("broadcast dimension ")
               << resultDim << " is out of range for result rank "
               << resultRank;
      int64_t size = type.getDimSize(operandDim);
      int64_t &extent = extents[resultDim];
      if (size == 1)
        continue;
      if (extent != 1 && !ShapedType::isDynamic(size) &&
          !ShapedType::isDynamic(extent) && extent != size)
        return op->emitOpError("operand #")
               << index << " dimension " << operandDim << " of size " << size
               << " cannot broadcast with size " << extent;
      if (extent == 1 || ShapedType::isDynamic(extent))
        extent = size;
    }
  }
  for (auto [dim, extent] : llvm::enumerate(extents)) {
    int64_t size = resultType.getDimSize(dim);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(extent) &&
        size != extent)
      return op->emitOpError("result dimension ")
             << dim << " has size " << size << " but the operands broadcast to "
             << extent;
  }
  return success();
}

#define DISC_CHLO_BROADCAST_VERIFIER(OP)                                       \
  LogicalResult OP::verify() {                                                 \
    return verifyBroadcast(*this, getOperands(), getBroadcastDimensions());    \
  }
DISC_CHLO_BROADCAST_VERIFIER(BroadcastAddOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastSubOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastMulOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastDivOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastRemOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastMaxOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastMinOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastPowOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastAtan2Op)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastAndOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastOrOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastXorOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastShiftLeftOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastShiftRightArithmeticOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastShiftRightLogicalOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastNextAfterOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastPolygammaOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastZetaOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastComplexOp)
DISC_CHLO_BROADCAST_VERIFIER(BroadcastCompareOp)
#undef DISC_CHLO_BROADCAST_VERIFIER

LogicalResult BroadcastSelectOp::verify() {
  if (getElementTypeOrSelf(getOnTrue().getType()) !=
          getElementTypeOrSelf(getOnFalse().getType()) ||
      getElementTypeOrSelf(getOnTrue().getType()) !=
          getElementTypeOrSelf(getType()))
    return emitOpError("on_true, on_false and the result must have one "
                       "element type");
  return verifyBroadcast(*this, getOperands(), std::nullopt);
}

LogicalResult
ConstantOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                             ValueRange, DictionaryAttr attributes,
                             OpaqueProperties properties, RegionRange,
                             SmallVectorImpl<Type> &inferredReturnTypes) {
  ConstantOpAdaptor adaptor(ValueRange(), attributes, properties);
  if (!adaptor.getValueAttr())
    return emitOptionalError(location, "chlo.constant needs a value");
  inferredReturnTypes.push_back(adaptor.getValue().getType());
  return success();
}

LogicalResult ConstantLikeOp::verify() {
  if (getValue().getType() != getElementTypeOrSelf(getType()))
    return emitOpError("value of type ")
           << getValue().getType() << " does not match the result type "
           << getType();
  return success();
}

LogicalResult TopKOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  if (operandType.getRank() < 1)
    return emitOpError("operand must have rank >= 1");
  int64_t last = operandType.getDimSize(operandType.getRank() - 1);
  if (!ShapedType::isDynamic(last) && getK() > static_cast<uint64_t>(last))
    return emitOpError("k = ") << getK() << " is larger than the last "
                               << "dimension's size " << last;
  for (Type type : {getValues().getType(), getIndices().getType()}) {
    auto resultType = cast<RankedTensorType>(type);
    SmallVector<int64_t> expected(operandType.getShape());
    expected.back() = getK();
    if (failed(verifyCompatibleShape(resultType.getShape(), expected)))
      return emitOpError("results must have the operand's shape with the "
                         "last dimension k = ")
             << getK() << ", got " << type;
  }
  if (getElementTypeOrSelf(getValues().getType()) !=
      operandType.getElementType())
    return emitOpError("values must have the operand's element type");
  return success();
}

} // namespace mlir::chlo

#define GET_ATTRDEF_CLASSES
#include "disc/Dialect/HLO/ChloAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/HLO/ChloOps.cpp.inc"
