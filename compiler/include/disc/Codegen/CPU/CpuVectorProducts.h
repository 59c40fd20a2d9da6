//===- CpuVectorProducts.h - Matrix-vector products' own loops --*- C++ -*-===//
//
// Products of a matrix and a vector (a batch-1 dense layer, linalg.matvec
// and linalg.vecmat) read each element of the matrix once: they are bound by
// memory, and the matrix product's tiles (packed blocks of B, register tiles
// of several rows, a transposed copy of a B whose k is contiguous) would
// only add passes over it. disc-cpu-tile-contractions gives them loops of
// their own, streaming the matrix along its contiguous dimension.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CODEGEN_CPU_CPUVECTORPRODUCTS_H
#define DISC_CODEGEN_CPU_CPUVECTORPRODUCTS_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir {
namespace disc {

/// A contraction of which one loop besides k is wider than 1: each output
/// element is the dot product of a line of `matrix` with `vector`.
struct VectorProduct {
  /// The parallel loop wider than 1, which the output and `matrix` walk.
  unsigned outputLoop;
  /// The reduction loop wider than 1.
  unsigned reductionLoop;
  OpOperand *matrix;
  OpOperand *vector;
  /// Whether the matrix's contiguous dimension is the reduction
  /// (linalg.matvec, a dense layer's x * W^T): each output element is then
  /// a dot product of two contiguous lines. Otherwise it is the output's
  /// (linalg.vecmat, x * W), and the output is a sum of the matrix's rows
  /// scaled by the vector's elements.
  bool dotProducts;
};

/// The matrix-vector product `op` is, or nothing: an f32 or f64 contraction
/// on tensors (f16 or bf16 inputs into f32) whose loops but one parallel and
/// one reduction loop have a static size of 1, the reduction loop contiguous
/// in the vector, and the output's loop contiguous in the output where it is
/// the matrix's contiguous one.
std::optional<VectorProduct> getVectorProduct(linalg::LinalgOp op);

/// Where `op` reads its matrix through a transpose (linalg.transpose or the
/// linalg.generic a stablehlo.transpose becomes: JAX prints x * W^T as a
/// transpose of W and a product) and would be a matrix-vector
/// product reading the transpose's input in its place, replaces `op` (and
/// sets it) by that product, a linalg.generic, which then reads W once, in
/// place, rather than a transposed copy: returns the product, or nothing
/// (and leaves `op` as it is).
std::optional<VectorProduct> readTransposedMatrixInPlace(RewriterBase &rewriter,
                                                         linalg::LinalgOp &op);

/// Where `op`, a contraction on tensors, reads an input through a transpose
/// that swaps its last two dimensions and nothing else (x * W^T as JAX
/// prints it, at any batch), replaces `op` (and sets it) by a
/// linalg.generic that reads the transpose's input in its place: the
/// runtime's libraries read such a matrix with their transpose flag rather
/// than from a transposed copy. Returns whether it did.
bool readTransposedMatricesByFlag(RewriterBase &rewriter, linalg::LinalgOp &op);

/// Replaces `op` by an scf.forall over blocks of its output, each computing
/// its elements in register tiles of `registerVectors` vectors of
/// `vectorBits` bits: of `registerVectors` output elements whose dot
/// products run in as many accumulator vectors, reduced at the end; or of
/// `registerVectors` vectors of consecutive output elements carried through
/// each block of 64 steps of the reduction loop, which the block's tiles
/// take in turn. The reduction's last vector, or the output's last vectors,
/// are read and written not in bounds (zeros past the edge).
void tileVectorProduct(RewriterBase &rewriter, linalg::LinalgOp op,
                       const VectorProduct &product, int64_t vectorBits,
                       int64_t registerVectors);

/// Where `op` would be a matrix-vector product if one of its dynamic
/// parallel loops had a size of 1 (a dense layer of a dynamic batch, run at
/// batch 1), puts it under an scf.if on that size: then the product of its
/// operands' slices of one row, in its own loops; else `op` as it is.
/// With `onlyDotProducts`, only where that product's lines are dot products
/// (VectorProduct::dotProducts). Returns whether it did.
bool tileVectorProductOfOneRow(RewriterBase &rewriter, linalg::LinalgOp op,
                               int64_t vectorBits, int64_t registerVectors,
                               bool onlyDotProducts = false);

} // namespace disc
} // namespace mlir

#endif // DISC_CODEGEN_CPU_CPUVECTORPRODUCTS_H
