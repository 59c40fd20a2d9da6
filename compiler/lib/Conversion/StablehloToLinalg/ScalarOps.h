//===- ScalarOps.h - Scalar semantics of StableHLO ops ----------*- C++ -*-===//
//
// What an elementwise StableHLO op computes on one element, shared by the
// elementwise patterns and by every pattern that lowers a body of scalar ops
// (reduce, scatter, sort, map) op by op, so that all follow the same
// (XLA-compatible) semantics. Private to the folder.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_LIB_CONVERSION_STABLEHLOTOLINALG_SCALAROPS_H
#define DISC_LIB_CONVERSION_STABLEHLOTOLINALG_SCALAROPS_H

#include "mlir/IR/Builders.h"

#include <optional>
#include <string>

namespace mlir {
namespace disc {

/// Converts `value` from `srcType` (the StableHLO element type, which may be
/// unsigned) to `dstType` with stablehlo.convert semantics. The value itself
/// is signless.
Value convertScalar(OpBuilder &b, Location loc, Value value, Type srcType,
                    Type dstType);

/// The bits of an element type: a complex number's are both parts'.
unsigned getElementBitWidth(Type type);

/// The bits of a scalar as a signless integer of its width. A complex
/// number's real part is the low half, as it comes first in memory.
Value toBits(OpBuilder &b, Location loc, Value value);

/// The scalar of `type` whose bits are `bits` (toBits' inverse).
Value fromBits(OpBuilder &b, Location loc, Value bits, Type type);

/// True for the StableHLO ops that act on each element independently (the
/// ones emitScalarOp lowers, constants aside).
bool isElementwiseStablehloOp(Operation *op);

/// Why a StableHLO op cannot be lowered to a scalar computation, or nullopt
/// when it can.
std::optional<std::string> checkScalarizable(Operation *op);

/// Emits the scalar computation of an elementwise StableHLO op on signless
/// scalar operands. `op` supplies the StableHLO element types (its operands
/// and results are not read as values). Returns null if `op` is not
/// elementwise.
Value emitScalarOp(OpBuilder &b, Location loc, Operation *op,
                   ValueRange scalarOperands);

/// Emits the ops of a body of scalar StableHLO ops ending in
/// stablehlo.return (a reduce's, a scatter's) on `arguments`, one per block
/// argument; returns what it returns, or failure when an op has no scalar
/// form.
FailureOr<SmallVector<Value>> emitScalarBlock(OpBuilder &b, Block &body,
                                              ValueRange arguments);

/// Why `body`, a region of `op` (a reduce's, a scatter's, a sort's, a
/// map's), cannot become scalar ops through emitScalarBlock, or nullopt.
std::optional<std::string> checkScalarBody(Operation *op, Region &body);

} // namespace disc
} // namespace mlir

#endif // DISC_LIB_CONVERSION_STABLEHLOTOLINALG_SCALAROPS_H
