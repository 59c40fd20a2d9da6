//===- ParallelLoopBuffersToStack.cpp - Per-iteration scratch on the stack ===//
//
// Tiling by rows (disc-linalg-fuse-rows) leaves a row's intermediates as
// buffers allocated in each iteration of a parallel loop. From the runtime's
// allocator they would cost a call per row and keep the loop off the
// runtime's parallel-for; on the stack they cost nothing.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_PARALLELLOOPBUFFERSTOSTACKPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// Worker threads have stacks of a few MiB; a row of a few thousand values
// is far below this.
constexpr int64_t kMaxStackBufferBytes = 64 * 1024;

Operation *getEnclosingParallelLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<scf::ForallOp, scf::ParallelOp>(parent))
      return parent;
  return nullptr;
}

/// Whether every use of `alloc`, through views of it, is inside `loop` and
/// none passes the buffer on; collects the deallocations to drop.
bool staysInside(memref::AllocOp alloc, Operation *loop,
                 SmallVectorImpl<Operation *> &deallocs) {
  SmallVector<Value> worklist = {alloc.getResult()};
  while (!worklist.empty()) {
    Value buffer = worklist.pop_back_val();
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      if (!loop->isProperAncestor(user))
        return false;
      if (isa<memref::DeallocOp>(user)) {
        deallocs.push_back(user);
        continue;
      }
      if (isa<RegionBranchTerminatorOpInterface, CallOpInterface,
              func::ReturnOp>(user))
        return false;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == buffer)
          for (Value result : user->getResults())
            worklist.push_back(result);
        continue;
      }
      if (isa<memref::StoreOp>(user) &&
          cast<memref::StoreOp>(user).getValueToStore() == buffer)
        return false;
    }
  }
  return true;
}

struct ParallelLoopBuffersToStackPass
    : disc::impl::ParallelLoopBuffersToStackPassBase<
          ParallelLoopBuffersToStackPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk([&](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      if (type.hasStaticShape() && type.getElementType().isIntOrFloat() &&
          !type.getMemorySpace() &&
          type.getNumElements() * type.getElementTypeBitWidth() <=
              kMaxStackBufferBytes * 8)
        allocs.push_back(alloc);
    });
    IRRewriter rewriter(&getContext());
    for (memref::AllocOp alloc : allocs) {
      Operation *loop = getEnclosingParallelLoop(alloc);
      SmallVector<Operation *> deallocs;
      if (!loop || !staysInside(alloc, loop, deallocs))
        continue;
      for (Operation *dealloc : deallocs)
        rewriter.eraseOp(dealloc);
      rewriter.setInsertionPoint(alloc);
      rewriter.replaceOpWithNewOp<memref::AllocaOp>(
          alloc, alloc.getType(), ValueRange(), alloc.getAlignmentAttr());
    }
  }
};

} // namespace
