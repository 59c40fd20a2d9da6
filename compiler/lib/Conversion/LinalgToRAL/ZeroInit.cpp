//===- ZeroInit.cpp - Outputs a library call may overwrite ----------------===//

#include "disc/Conversion/LinalgToRAL/ZeroInit.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// Whether `fill` sets all of `buffer` to zero.
static bool isZeroFillOf(linalg::FillOp fill, Value buffer) {
  return fill && fill.hasPureBufferSemantics() &&
         fill.getDpsInitOperand(0)->get() == buffer &&
         matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
}

/// Whether `user` runs only once `at` has run: it follows, in the block that
/// defines `buffer`, the op that holds `at` (a release of a buffer that a
/// loop's body uses, placed after the loop).
static bool runsAfter(Operation *user, Operation *at, Value buffer) {
  Block *definingBlock = buffer.getDefiningOp()->getBlock();
  Operation *userAncestor = definingBlock->findAncestorOpInBlock(*user);
  Operation *atAncestor = definingBlock->findAncestorOpInBlock(*at);
  return userAncestor && atAncestor &&
         atAncestor->isBeforeInBlock(userAncestor);
}

/// Whether `buffer` holds zeros where `at` runs: a fresh allocation that a
/// zero fill in `at`'s block initializes, and that nothing before `at`
/// uses but that fill and copies out of it. This is how bufferization leaves
/// the one zero tensor that several products start from (CSE merged their
/// fills): each product's output is a copy of the zeros, and the last one
/// may be the zeros themselves. In a loop's body, the buffer is allocated
/// before the loop and released after it.
static bool holdsZerosAt(Value buffer, Operation *at) {
  if (!isa_and_nonnull<memref::AllocOp, disc_ral::MemRefFromPtrOp>(
          buffer.getDefiningOp()))
    return false;
  Block *block = at->getBlock();
  Operation *zeroFill = nullptr;
  SmallVector<Operation *> reads;
  for (Operation *user : buffer.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor) {
      if (runsAfter(user, at, buffer))
        continue;
      return false;
    }
    if (ancestor == at || at->isBeforeInBlock(ancestor))
      continue;
    if (isZeroFillOf(dyn_cast<linalg::FillOp>(user), buffer) && !zeroFill) {
      zeroFill = ancestor;
      continue;
    }
    auto copy = dyn_cast<memref::CopyOp>(user);
    if (!copy || copy.getSource() != buffer || copy.getTarget() == buffer)
      return false;
    reads.push_back(ancestor);
  }
  return zeroFill && llvm::all_of(reads, [&](Operation *read) {
           return zeroFill->isBeforeInBlock(read);
         });
}

Operation *mlir::disc::findZeroInit(linalg::LinalgOp op, Value out) {
  for (Operation *previous = op->getPrevNode(); previous;
       previous = previous->getPrevNode()) {
    if (isMemoryEffectFree(previous))
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(previous); isZeroFillOf(fill, out))
      return fill;
    if (auto copy = dyn_cast<memref::CopyOp>(previous);
        copy && copy.getTarget() == out && holdsZerosAt(copy.getSource(), copy))
      return copy;
    break;
  }
  return holdsZerosAt(out, op) ? op.getOperation() : nullptr;
}
