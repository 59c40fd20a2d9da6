//===- Reduction.h - Reductions the cuda target compiles --------*- C++ -*-===//
//
// Which linalg reductions become GPU kernels: any whose outputs have one
// element per point of the parallel loops (a thread computes each), and among
// them the row reductions, which a block per row computes together.
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

/// Whether every output of `op` has one element per point of its parallel
/// loops (its indexing map is a permutation of exactly those loops), so that
/// threads computing different points never write the same element. On
/// failure, `whyNot` (when given) says which output does not, as a phrase
/// following the op's name ("writes output 0 at ...").
LogicalResult matchParallelOutputs(linalg::GenericOp op,
                                   std::string *whyNot = nullptr);

/// Matches a row reduction: a linalg.generic on buffers whose only reduction
/// loop is its innermost, with one output that has one element per row,
/// whose body yields `combiner(element, output)` (or
/// `truncf(combiner(element, extf(output)))`) on integers or floats of at
/// most 64 bits, where the element does not depend on the output and the
/// combiner is an associative, commutative arith op with a neutral element
/// (addf, addi, mulf, muli, maximumf, minimumf, maxnumf, minnumf, maxsi,
/// minsi, maxui, minui, andi, ori, xori).
FailureOr<ReductionCombiner> matchRowReduction(linalg::GenericOp op);

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_LINALGTOGPU_REDUCTION_H
