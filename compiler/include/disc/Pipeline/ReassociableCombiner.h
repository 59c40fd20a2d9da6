//===- ReassociableCombiner.h - Reductions that may be reordered -*- C++
//-*-===//
//
// A reduction whose combiner may be reassociated can be computed in any
// grouping of its elements: in blocks of rows for the cores
// (disc-cpu-parallel-reductions) or in the lanes of vector registers
// (disc-cpu-vectorize-rows). Both ask the same question here, so that they
// agree on which floats keep their exact order.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_PIPELINE_REASSOCIABLECOMBINER_H
#define DISC_PIPELINE_REASSOCIABLECOMBINER_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

namespace mlir {
namespace disc {

/// The op that combines each element into the accumulator of the single
/// output of `op`, when it may be reassociated (an integer op, a float
/// min/max, or a float add or multiply marked reassoc) and so commutes too,
/// and nothing else in the body reads the accumulator; null otherwise.
Operation *getReassociableCombiner(linalg::LinalgOp op);

} // namespace disc
} // namespace mlir

#endif // DISC_PIPELINE_REASSOCIABLECOMBINER_H
