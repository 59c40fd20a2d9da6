//===- KernelBuilder.h - A linalg op's body inside a GPU kernel -*- C++ -*-===//
//
// The pieces the linalg-to-GPU passes share: the vector width a kernel
// computes at once, the loop sizes of an op, delinearized thread indices and
// the emission of an op's body at given loop indices.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CONVERSION_LINALGTOGPU_KERNELBUILDER_H
#define DISC_CONVERSION_LINALGTOGPU_KERNELBUILDER_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace disc {

/// The number of consecutive elements along the innermost loop each thread
/// computes: a whole vector of `vectorBytes` when every operand the innermost
/// loop walks reads it as its last, unit-stride dimension, its size is a
/// static multiple of the width and the body is elementwise; else 1. Outputs
/// that the innermost loop does not walk (it is a reduction) are accessed
/// once per kernel thread, so they need no vector access.
int64_t chooseVectorWidth(linalg::GenericOp op, int64_t vectorBytes);

/// `op` as a linalg.generic: a named op is generalized in place.
FailureOr<linalg::GenericOp> asGenericOp(linalg::LinalgOp op);

/// The sizes of `op`'s loops, as index values.
SmallVector<Value> createLoopSizes(linalg::LinalgOp op, OpBuilder &builder);

/// The product of `sizes` (1 when there are none).
Value createProduct(OpBuilder &builder, Location loc, ValueRange sizes);

/// The indices of element `linear` of a row-major space of `sizes`.
SmallVector<Value> delinearize(OpBuilder &builder, Location loc, Value linear,
                               ValueRange sizes);

/// Creates `scf.if count > 0` and moves `builder` into it: CUDA rejects an
/// empty grid, so an empty iteration space launches nothing.
void createIfNonZero(OpBuilder &builder, Location loc, Value count);

/// Launches a thread per item of `count` (none when there are none): a
/// `gpu.launch` of ceil(count / blockSize) blocks of `blockSize` threads,
/// with `builder` moved to where thread `t` (the returned value) computes
/// item t when t < count.
Value createThreadPerItemLaunch(OpBuilder &builder, Location loc, Value count,
                                int64_t blockSize);

/// Emits the body of a linalg.generic on buffers at given loop indices, on
/// scalars or, when `width` > 1, on vectors of `width` elements along the
/// innermost loop.
class KernelBuilder {
public:
  KernelBuilder(linalg::GenericOp op, OpBuilder &builder, int64_t width)
      : op(op), builder(builder), loc(op.getLoc()), width(width) {}

  /// Loads, computes and stores every result at `indices`.
  void emit(ArrayRef<Value> indices);

  /// Loads the inputs the body reads at `indices`.
  void loadInputs(ArrayRef<Value> indices);

  /// Gives the outputs' block arguments the scalar values `values` (a
  /// reduction's running values).
  void setOutputs(ValueRange values);

  /// Emits the body's ops at `indices` in order, except those in `skipped`.
  void emitBody(ArrayRef<Value> indices, ArrayRef<Operation *> skipped = {});

  /// The computed value of `bodyValue`: a vector when `width` > 1, where a
  /// scalar (a broadcast operand, a constant, a value from outside the op)
  /// is splat.
  Value lookup(Value bodyValue);

  /// The computed values the body yields, one per output.
  SmallVector<Value> lookupYielded();

  /// The indices of `operand`'s buffer at the loop indices `indices`.
  SmallVector<Value> operandIndices(OpOperand &operand,
                                    ArrayRef<Value> indices);

private:
  bool isVectorAccess(OpOperand &operand);
  llvm::MaybeAlign vectorAlignment(Value memref);
  void load(OpOperand &operand, ArrayRef<Value> indices, BlockArgument arg);
  void store(OpOperand &init, ArrayRef<Value> indices, Value yielded);
  Value getVector(Value value);

  linalg::GenericOp op;
  OpBuilder &builder;
  Location loc;
  int64_t width;
  IRMapping scalars;
  IRMapping vectors;
};

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_LINALGTOGPU_KERNELBUILDER_H
