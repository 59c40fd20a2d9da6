//===- CpuVectorizeRows.cpp - A row's elementwise steps in vector registers
//===//
//
// A row of softmax, after disc-linalg-fuse-rows and bufferization,
//
//   scf.parallel (%r) = ... {
//     linalg.generic {iterator_types = ["parallel", "parallel"]}
//         ins(%in_row, %max : memref<1x768xf32, ...>, memref<1xf32>)
//         outs(%exp_row : memref<1x768xf32>) { subf, exp }
//     ...
//   }
//
// becomes a loop over vectors of the row,
//
//   scf.for %j = %c0 to %c768 step %c16 {
//     %x = vector.transfer_read %in_row[%c0, %j] : vector<1x16xf32>
//     %m = vector.broadcast (vector.transfer_read %max) : vector<1x16xf32>
//     %e = math.exp (arith.subf %x, %m)
//     vector.transfer_write %e, %exp_row[%c0, %j]
//   }
//
// so that the vector width is the target's, chosen here, rather than what
// LLVM's loop vectorizer picks after the loops are made, and a row whose
// size is not a multiple of the vector ends in a masked vector instead of a
// scalar remainder loop.
//
//===----------------------------------------------------------------------===//

#include "disc/Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCCPUVECTORIZEROWS
#include "disc/Pipeline/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// Whether the innermost loop of `op` is the last dimension of every
/// operand that uses it, and no other dimension of theirs: each tile of it
/// is then one contiguous vector (or one broadcast element) of each operand.
/// Dimensions of size one indexed by 0 (a row's [n, 1] scalars) are fine.
bool isInnermostLoopContiguous(linalg::LinalgOp op) {
  unsigned innermost = op.getNumLoops() - 1;
  for (AffineMap map : op.getIndexingMapsArray()) {
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return false;
    for (auto [position, result] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (dim && dim.getPosition() == innermost &&
          position + 1 != map.getNumResults())
        return false;
    }
  }
  return true;
}

/// The bits of the widest element `op` reads or writes, or nullopt when an
/// operand is not a memref of scalars.
std::optional<unsigned> getWidestElementBits(linalg::LinalgOp op) {
  unsigned widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      return std::nullopt;
    widest = std::max(widest, type.getElementTypeBitWidth());
  }
  return widest;
}

/// The lanes of a vector register for `op`: elementwise on buffers inside a
/// loop by rows, its innermost loop static and contiguous, vectorizable;
/// nullopt for any other op.
std::optional<int64_t> getRowVectorLanes(linalg::LinalgOp op,
                                         int64_t vectorBits) {
  if (!isa<linalg::GenericOp>(op) || !op.hasPureBufferSemantics() ||
      op.getNumLoops() == 0 || op.getNumParallelLoops() != op.getNumLoops() ||
      op.hasIndexSemantics() || !op->getParentOfType<scf::ParallelOp>() ||
      !isInnermostLoopContiguous(op))
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return std::nullopt;
  std::optional<unsigned> bits = getWidestElementBits(op);
  if (!bits || *bits == 0 || vectorBits < *bits)
    return std::nullopt;
  // A step shorter than a vector (a row's scalar, layer norm's count) is
  // left whole.
  int64_t lanes = vectorBits / *bits;
  if (ranges.back() < lanes)
    return std::nullopt;
  return lanes;
}

/// Tiles `op`'s innermost loop by `lanes` (every other loop by one) and
/// vectorizes the tile, masked where the loop is not a multiple of `lanes`.
LogicalResult vectorizeByRegisters(RewriterBase &rewriter, linalg::LinalgOp op,
                                   int64_t lanes) {
  unsigned loops = op.getNumLoops();
  SmallVector<int64_t> tileSizes(loops, 1);
  tileSizes.back() = lanes;
  bool exact = op.getStaticLoopRanges().back() % lanes == 0;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::TiledLinalgOp> tiled = linalg::tileLinalgOp(
      rewriter, op,
      linalg::LinalgTilingOptions().setTileSizes(tileSizes).setLoopType(
          linalg::LinalgTilingLoopType::Loops));
  if (failed(tiled))
    return failure();
  rewriter.eraseOp(op);
  SmallVector<int64_t> vectorSizes;
  SmallVector<bool> scalableDims;
  if (!exact) {
    vectorSizes = tileSizes;
    scalableDims.assign(loops, false);
  }
  rewriter.setInsertionPoint(tiled->op);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, tiled->op, vectorSizes, scalableDims);
  if (failed(vectorized))
    return failure();
  rewriter.eraseOp(tiled->op);
  return success();
}

struct CpuVectorizeRowsPass
    : disc::impl::DiscCpuVectorizeRowsBase<CpuVectorizeRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, int64_t>> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      // The op's shapes are static: whether its body vectorizes does not
      // depend on the vector's size.
      std::optional<int64_t> lanes = getRowVectorLanes(op, vectorBits);
      if (lanes && succeeded(linalg::vectorizeOpPrecondition(op)))
        candidates.push_back({op, *lanes});
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, lanes] : candidates)
      if (failed(vectorizeByRegisters(rewriter, op, lanes))) {
        op.emitError("cannot vectorize this row step by vector registers");
        return signalPassFailure();
      }

    // The tiles are vectors of one row: their leading unit dimensions go,
    // so that what is lowered is one-dimensional transfers and arithmetic;
    // a masked tile's transfers take the mask as an operand, which the
    // lowering of transfers turns into masked loads and stores.
    RewritePatternSet patterns(&getContext());
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
