//===- ZeroInit.h - Outputs a library call may overwrite --------*- C++ -*-===//
//
// A linalg op on buffers accumulates into its output; a library call that
// overwrites the output computes it only where the output starts as zeros.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CONVERSION_LINALGTORAL_ZEROINIT_H
#define DISC_CONVERSION_LINALGTORAL_ZEROINIT_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

namespace mlir {
namespace disc {

/// How `out` comes to hold zeros right before the product `op`, which then
/// need not be written: a zero fill of `out`, or a copy into `out` of a
/// buffer holding zeros, earlier in the block with nothing in between that
/// touches memory. That op is returned; or `out` itself holds zeros that
/// other products copy, and `op` is returned as nothing is to be erased.
/// Null when `out` may hold anything else.
Operation *findZeroInit(linalg::LinalgOp op, Value out);

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_LINALGTORAL_ZEROINIT_H
