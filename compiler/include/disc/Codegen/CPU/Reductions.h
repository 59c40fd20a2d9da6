//===- Reductions.h - What a reduction lets the CPU passes do ---*- C++ -*-===//
//
// disc-cpu-parallel-reductions splits reductions for the cores and
// disc-cpu-vectorize-rows computes them in vector registers; both ask the
// same questions here, so that they agree on which reductions keep their
// exact order and which reduce into columns.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CODEGEN_CPU_REDUCTIONS_H
#define DISC_CODEGEN_CPU_REDUCTIONS_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

namespace mlir {
namespace disc {

/// Whether `op` combines two values in a way that may be reassociated (an
/// integer op, a float min/max, or a float add or multiply marked reassoc)
/// and so commutes too.
bool isReassociableCombiner(Operation *op);

/// The op that combines each element into the accumulator of the single
/// output of `op`, when it may be reassociated (isReassociableCombiner) and
/// nothing else in the body reads the accumulator; null otherwise.
Operation *getReassociableCombiner(linalg::LinalgOp op);

/// Whether the innermost loop of `op` is parallel and runs along the last
/// dimension of each of its outputs: the outputs' columns.
bool hasColumnsInnermost(linalg::LinalgOp op);

} // namespace disc
} // namespace mlir

#endif // DISC_CODEGEN_CPU_REDUCTIONS_H
