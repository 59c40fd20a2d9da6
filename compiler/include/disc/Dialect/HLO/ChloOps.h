//===- ChloOps.h - The chlo dialect -----------------------------*- C++ -*-===//
//
// The ops and attributes generated from ChloOps.td, and how a broadcasting
// chlo op maps its operands' dimensions onto its result's.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_CHLOOPS_H
#define DISC_DIALECT_HLO_CHLOOPS_H

#include "disc/Dialect/HLO/HloCommon.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"

#include <optional>

#include "disc/Dialect/HLO/ChloDialect.h.inc"
#include "disc/Dialect/HLO/ChloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "disc/Dialect/HLO/ChloAttrs.h.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/HLO/ChloOps.h.inc"

namespace mlir::chlo {

/// The result dimension each dimension of an operand of rank `operandRank`
/// maps to when a broadcasting op's result has rank `resultRank`:
/// `broadcastDimensions` for a lower-ranked operand when the op has them,
/// else the trailing dimensions (numpy's rule).
SmallVector<int64_t>
getOperandToResultDims(int64_t operandRank, int64_t resultRank,
                       std::optional<ArrayRef<int64_t>> broadcastDimensions);

} // namespace mlir::chlo

#endif // DISC_DIALECT_HLO_CHLOOPS_H
