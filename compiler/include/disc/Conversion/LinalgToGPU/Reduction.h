//===- Reduction.h - Reductions the cuda target compiles --------*- C++ -*-===//
//
// What makes a linalg op a reduction that becomes one GPU block per row, and
// what keeps one from being one, for the diagnostics of the ops left over.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CONVERSION_LINALGTOGPU_REDUCTION_H
#define DISC_CONVERSION_LINALGTOGPU_REDUCTION_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace mlir {
namespace disc {

/// The op of a reduction's body that folds one element into the output.
struct ReductionCombiner {
  Operation *op;
  /// The same operation across the threads of a block.
  gpu::AllReduceOperation kind;
  /// Which operand of `op` is the output's value; the other is the element.
  unsigned outputOperand;
  /// When the body computes in a wider type than the output's (f16 math in
  /// f32): the arith.extf of the output that `op` reads and the arith.truncf
  /// of its result that the body yields; both null otherwise.
  Operation *outputExtension;
  Operation *resultTruncation;
};

/// Matches a row reduction: a linalg.generic on buffers whose only reduction
/// loop is its innermost, with one output that has one element per row (its
/// indexing map is a permutation of the parallel loops), whose body yields
/// `combiner(element, output)` (or `truncf(combiner(element, extf(output)))`)
/// on integers or floats of at most 64 bits, where the element does not
/// depend on the output and the combiner is an associative, commutative arith
/// op with a neutral element (addf, addi, mulf, muli, maximumf, minimumf,
/// maxnumf, minnumf, maxsi, minsi, maxui, minui, andi, ori, xori). On failure,
/// `whyNot` (when given) says what does not match, as a phrase following the
/// op's name ("reduces over dimension 0").
FailureOr<ReductionCombiner> matchRowReduction(linalg::GenericOp op,
                                               std::string *whyNot = nullptr);

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_LINALGTOGPU_REDUCTION_H
