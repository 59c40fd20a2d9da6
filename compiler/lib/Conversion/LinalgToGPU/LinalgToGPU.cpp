//===- LinalgToGPU.cpp - Elementwise linalg ops as GPU kernels ------------===//
//
// A parallel linalg op becomes
//
//   gpu.launch blocks(ceil(groups / blockSize)) threads(blockSize) {
//     t = blockIdx.x * blockDim.x + threadIdx.x
//     if t < groups:
//       indices = delinearize(t) with the innermost index scaled by width
//       <load each operand at its indexing map, as a vector or a scalar>
//       <the op's body on vectors of `width` elements>
//       <store each result>
//   }
//
// where groups is the number of elements divided by the vector width.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/LinalgToGPU/KernelBuilder.h"
#include "disc/Conversion/LinalgToGPU/Passes.h"
#include "disc/Conversion/LinalgToGPU/Reduction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGTOGPULAUNCHPASS
#include "disc/Conversion/LinalgToGPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

void convertToLaunch(linalg::GenericOp op, int64_t blockSize,
                     int64_t vectorBytes) {
  int64_t width = disc::chooseVectorWidth(op, vectorBytes);
  OpBuilder builder(op);
  Location loc = op.getLoc();

  // The innermost loop advances by whole vectors.
  SmallVector<Value> groupSizes = disc::createLoopSizes(op, builder);
  if (width > 1)
    groupSizes.back() = builder.createOrFold<arith::DivUIOp>(
        loc, groupSizes.back(),
        arith::ConstantIndexOp::create(builder, loc, width));
  Value groups = disc::createProduct(builder, loc, groupSizes);

  Value group =
      disc::createThreadPerItemLaunch(builder, loc, groups, blockSize);
  SmallVector<Value> indices =
      disc::delinearize(builder, loc, group, groupSizes);
  if (width > 1)
    indices.back() = arith::MulIOp::create(
        builder, loc, indices.back(),
        arith::ConstantIndexOp::create(builder, loc, width));
  disc::KernelBuilder(op, builder, width).emit(indices);
  op.erase();
}

/// Buffers the host reads or writes are placed in host memory before
/// (disc-gpu-place-host-buffers); every other op on buffers must be a kernel.
LogicalResult checkNoHostAccess(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (op->getParentOfType<gpu::LaunchOp>())
      return WalkResult::skip();
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      std::string whyNot;
      if (succeeded(disc::matchParallelOutputs(generic, &whyNot)))
        op->emitOpError("has reduction loops, which "
                        "disc-linalg-reduction-to-gpu-launch compiles");
      else
        op->emitOpError() << whyNot
                          << ", which the cuda target does not support yet";
      return WalkResult::interrupt();
    }
    if (isa<linalg::LinalgOp>(op)) {
      op->emitOpError("has reduction loops and cannot be generalized, which "
                      "the cuda target does not support yet");
      return WalkResult::interrupt();
    }
    if (isa<memref::CopyOp>(op)) {
      op->emitOpError("copies a device buffer on the host, which the "
                      "cuda target does not support yet");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct LinalgToGPULaunchPass
    : disc::impl::LinalgToGPULaunchPassBase<LinalgToGPULaunchPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize <= 0 || vectorBytes <= 0) {
      getOperation().emitError("block-size and vector-bytes must be positive");
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() &&
          op.getNumLoops() == op.getNumParallelLoops())
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops) {
      FailureOr<linalg::GenericOp> generic = disc::asGenericOp(op);
      if (failed(generic)) {
        op.emitOpError("cannot be generalized into a kernel");
        return signalPassFailure();
      }
      convertToLaunch(*generic, blockSize, vectorBytes);
    }
    if (failed(checkNoHostAccess(getOperation())))
      signalPassFailure();
  }
};

} // namespace
