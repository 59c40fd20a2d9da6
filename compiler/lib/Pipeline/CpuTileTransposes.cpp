//===- CpuTileTransposes.cpp - Transposes in square register blocks -------===//
//
// A transpose on buffers,
//
//   linalg.generic {indexing_maps = [(i, j) -> (j, i), (i, j) -> (i, j)]}
//       ins(%w : memref<1024x4096xf32>) outs(%wt : memref<4096x1024xf32>)
//
// lowered as loops reads %w one element per cache line (a 16 KiB stride),
// 0.2-0.5 GB/s. Here it becomes blocks of 16x16, in parallel over the cores,
//
//   scf.parallel (%i, %j) = (0, 0) to (4096, 1024) step (16, 16) {
//     %rows = vector.transfer_read %w[%j, %i] : vector<16x16xf32>
//     %t = vector.transpose %rows, [1, 0]     (unpack/shuffle network)
//     vector.transfer_write %t, %wt[%i, %j]
//   }
//
// so that every read and every write is a whole vector of a row, and a
// block's lines are all used while they are in the cache.
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
#define GEN_PASS_DEF_DISCCPUTILETRANSPOSES
#include "disc/Pipeline/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// A wider block no longer fits the vector registers (16 of 16 lanes).
constexpr int64_t kMaxBlock = 16;

/// The loops of the input's and of the output's last dimensions when `op`
/// copies its one input to its one output through permutations that move
/// the innermost dimension; nullopt for any other op.
std::optional<std::pair<unsigned, unsigned>>
getTransposedLoops(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumLoops() < 2 ||
      op.getNumParallelLoops() != op.getNumLoops() || op.hasIndexSemantics() ||
      op->getParentOfType<scf::ParallelOp>())
    return std::nullopt;
  Block &body = op.getRegion().front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 1 || !yield ||
      yield.getValues().front() != body.getArgument(0))
    return std::nullopt;
  AffineMap inputMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!inputMap.isPermutation() || !outputMap.isPermutation())
    return std::nullopt;
  unsigned inputLoop = inputMap.getDimPosition(inputMap.getNumResults() - 1);
  unsigned outputLoop = outputMap.getDimPosition(outputMap.getNumResults() - 1);
  if (inputLoop == outputLoop)
    return std::nullopt;
  return std::make_pair(inputLoop, outputLoop);
}

/// The side of a block of `op`'s elements: one vector register of them, at
/// most kMaxBlock; nullopt when its element is not a plain scalar of 8 to
/// 64 bits.
std::optional<int64_t> getBlockSize(linalg::GenericOp op, int64_t vectorBits) {
  auto type = cast<MemRefType>(op.getDpsInitOperand(0)->get().getType());
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return std::nullopt;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits < 8 || bits > 64 || !llvm::isPowerOf2_32(bits) || vectorBits < bits)
    return std::nullopt;
  return std::min<int64_t>(kMaxBlock, vectorBits / bits);
}

/// Tiles `op` by `block` along its two transposed loops and by one along
/// the others, in an scf.parallel, and vectorizes the tile, masked so that
/// edge blocks and dynamic sizes stay within the buffers.
LogicalResult tileAndVectorize(RewriterBase &rewriter, linalg::GenericOp op,
                               std::pair<unsigned, unsigned> loops,
                               int64_t block) {
  SmallVector<int64_t> tileSizes(op.getNumLoops(), 1);
  tileSizes[loops.first] = block;
  tileSizes[loops.second] = block;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::TiledLinalgOp> tiled = linalg::tileLinalgOp(
      rewriter, op,
      linalg::LinalgTilingOptions().setTileSizes(tileSizes).setLoopType(
          linalg::LinalgTilingLoopType::ParallelLoops));
  if (failed(tiled))
    return failure();
  rewriter.eraseOp(op);
  SmallVector<bool> scalableDims(tileSizes.size(), false);
  rewriter.setInsertionPoint(tiled->op);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, tiled->op, tileSizes, scalableDims);
  if (failed(vectorized))
    return failure();
  rewriter.eraseOp(tiled->op);
  return success();
}

struct CpuTileTransposesPass
    : disc::impl::DiscCpuTileTransposesBase<CpuTileTransposesPass> {
  using Base::Base;

  void runOnOperation() override {
    struct Candidate {
      linalg::GenericOp op;
      std::pair<unsigned, unsigned> loops;
      int64_t block;
    };
    SmallVector<Candidate> candidates;
    getOperation().walk([&](linalg::GenericOp op) {
      std::optional<std::pair<unsigned, unsigned>> loops =
          getTransposedLoops(op);
      if (!loops)
        return;
      if (std::optional<int64_t> block = getBlockSize(op, vectorBits))
        candidates.push_back({op, *loops, *block});
    });
    if (candidates.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (Candidate &candidate : candidates)
      if (failed(tileAndVectorize(rewriter, candidate.op, candidate.loops,
                                  candidate.block))) {
        candidate.op.emitError("cannot tile this transpose in blocks of ")
            << candidate.block << "x" << candidate.block;
        return signalPassFailure();
      }

    // A block is read and written as rows of the buffers' minor dimension;
    // the permutation between them becomes a vector.transpose of the block
    // (its unit dimensions dropped), lowered to the unpack/shuffle network
    // of a 16x16 block or to one shuffle of the flattened block otherwise.
    RewritePatternSet patterns(&getContext());
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateDropUnitDimWithShapeCastPatterns(patterns);
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    vector::TransposeOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
