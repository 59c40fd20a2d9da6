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
// block's lines are all used while they are in the cache. An elementwise op
// that transposes (a bias and SiLU written NCHW from an NHWC convolution)
// computes each block on the vectors read, then transposes the result.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPUTILETRANSPOSESPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// A wider block no longer fits the vector registers (16 of 16 lanes).
constexpr int64_t kMaxBlock = 16;

/// The loop of the last dimension of more than one element of an operand
/// indexed through `map`, a permutation; nullopt when it has none.
std::optional<unsigned> getInnermostLoop(AffineMap map, Value operand) {
  ArrayRef<int64_t> shape = cast<MemRefType>(operand.getType()).getShape();
  for (int dim = map.getNumResults() - 1; dim >= 0; --dim)
    if (shape[dim] != 1)
      return map.getDimPosition(dim);
  return std::nullopt;
}

/// Whether `op`'s body computes its output element from its input elements
/// alone, with ops that vectorize (arith and math).
bool hasElementwiseBody(linalg::GenericOp op) {
  return llvm::all_of(op.getBody()->without_terminator(),
                      [](Operation &nested) {
                        return isa<arith::ArithDialect, math::MathDialect>(
                                   nested.getDialect()) &&
                               nested.getNumRegions() == 0;
                      });
}

/// Whether `op` only copies its one input.
bool onlyCopies(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  return op.getNumDpsInputs() == 1 && body.getOperations().size() == 1 &&
         body.getTerminator()->getOperand(0) == body.getArgument(0);
}

/// The loops of the last dimensions of a transposed input and of the output
/// when `op` computes its one output elementwise from inputs read through
/// permutations (or broadcast), one of which moves the innermost dimension
/// (of more than one element: a grouped convolution's N x H x W x G x 1
/// result is transposed along G); nullopt for any other op.
std::optional<std::pair<unsigned, unsigned>>
getTransposedLoops(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() < 1 ||
      op.getNumDpsInits() != 1 || op.getNumLoops() < 2 ||
      op.getNumParallelLoops() != op.getNumLoops() || op.hasIndexSemantics() ||
      op->getParentOfType<scf::ParallelOp>() || !hasElementwiseBody(op))
    return std::nullopt;
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap outputMap = op.getMatchingIndexingMap(init);
  if (!outputMap.isPermutation() || op.payloadUsesValueFromOperand(init))
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.isStrided() ||
        !op.getMatchingIndexingMap(&operand).isProjectedPermutation())
      return std::nullopt;
  }
  std::optional<unsigned> outputLoop = getInnermostLoop(outputMap, init->get());
  if (!outputLoop)
    return std::nullopt;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap inputMap = op.getMatchingIndexingMap(input);
    if (!inputMap.isPermutation())
      continue;
    std::optional<unsigned> inputLoop =
        getInnermostLoop(inputMap, input->get());
    if (inputLoop && *inputLoop != *outputLoop)
      return std::make_pair(*inputLoop, *outputLoop);
  }
  return std::nullopt;
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

/// A view of `buffer`, indexed through `map` by the loops, of one element
/// along every loop but the two block loops `blockLoops` and of their block
/// (or what is left of it at the edge) along those, rank-reduced to the two.
Value createBlockView(OpBuilder &builder, Location loc, Value buffer,
                      AffineMap map, ValueRange ivs,
                      ArrayRef<OpFoldResult> blockSizes,
                      ArrayRef<unsigned> blockLoops) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<OpFoldResult> offsets, sizes;
  SmallVector<OpFoldResult> strides(type.getRank(), builder.getIndexAttr(1));
  SmallVector<int64_t> blockShape;
  for (unsigned dim = 0; dim < type.getRank(); ++dim) {
    unsigned loop = map.getDimPosition(dim);
    offsets.push_back(ivs[loop]);
    const auto *block = llvm::find(blockLoops, loop);
    if (block == blockLoops.end()) {
      sizes.push_back(builder.getIndexAttr(1));
      continue;
    }
    OpFoldResult size = blockSizes[block - blockLoops.begin()];
    sizes.push_back(size);
    std::optional<int64_t> staticSize = getConstantIntValue(size);
    blockShape.push_back(staticSize ? *staticSize : ShapedType::kDynamic);
  }
  MemRefType blockType = memref::SubViewOp::inferRankReducedResultType(
      blockShape, type, offsets, sizes, strides);
  return memref::SubViewOp::create(builder, loc, blockType, buffer, offsets,
                                   sizes, strides);
}

/// The map from the two block loops to the block of an operand indexed
/// through `map`.
AffineMap getBlockMap(MLIRContext *context, AffineMap map,
                      ArrayRef<unsigned> blockLoops) {
  SmallVector<AffineExpr> results;
  for (unsigned dim = 0; dim < map.getNumResults(); ++dim) {
    const auto *block = llvm::find(blockLoops, map.getDimPosition(dim));
    if (block != blockLoops.end())
      results.push_back(getAffineDimExpr(block - blockLoops.begin(), context));
  }
  return AffineMap::get(2, 0, results, context);
}

/// Replaces `op` by an scf.parallel over its blocks, `block` elements along
/// its two transposed loops and one along the others, each a 2-D op on
/// rank-reduced views, vectorized: masked where a block at the edge (or of
/// a dynamic size) is smaller. A block that computes runs in the transposed
/// input's order, so that only its result is transposed, and an operand
/// indexed by the input's rows (a channel's bias) is one vector broadcast.
LogicalResult tileAndVectorize(RewriterBase &rewriter, linalg::GenericOp op,
                               std::pair<unsigned, unsigned> loops,
                               int64_t block, bool copies) {
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  SmallVector<unsigned> blockLoops =
      copies ? SmallVector<unsigned>{std::min(loops.first, loops.second),
                                     std::max(loops.first, loops.second)}
             : SmallVector<unsigned>{loops.second, loops.first};
  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(rewriter, loc);
  // The blocks along the input's rows are the innermost loop: consecutive
  // blocks read the next lines of the same rows.
  SmallVector<unsigned> order;
  for (unsigned loop = 0; loop < ranges.size(); ++loop)
    if (loop != loops.first)
      order.push_back(loop);
  order.push_back(loops.first);
  SmallVector<Value> lowerBounds, upperBounds, steps;
  for (unsigned loop : order) {
    const Range &range = ranges[loop];
    lowerBounds.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    upperBounds.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
    bool isBlockLoop = llvm::is_contained(blockLoops, loop);
    steps.push_back(
        arith::ConstantIndexOp::create(rewriter, loc, isBlockLoop ? block : 1));
  }
  // The body is built once the loop exists: folding the block sizes looks
  // at the induction variables' owner.
  auto parallel =
      scf::ParallelOp::create(rewriter, loc, lowerBounds, upperBounds, steps);
  SmallVector<Value> ivs(ranges.size());
  for (auto [position, loop] : llvm::enumerate(order))
    ivs[loop] = parallel.getInductionVars()[position];
  rewriter.setInsertionPoint(parallel.getBody()->getTerminator());
  // The whole block, but min(block, size - iv) where the size is not a
  // multiple of it.
  AffineExpr iv, size;
  bindSymbols(context, iv, size);
  AffineMap remaining = AffineMap::get(
      0, 2, {getAffineConstantExpr(block, context), size - iv}, context);
  SmallVector<OpFoldResult> blockSizes;
  for (unsigned loop : blockLoops) {
    std::optional<int64_t> staticSize = getConstantIntValue(ranges[loop].size);
    if (staticSize && *staticSize % block == 0)
      blockSizes.push_back(rewriter.getIndexAttr(block));
    else
      blockSizes.push_back(affine::makeComposedFoldedAffineMin(
          rewriter, loc, remaining, {ivs[loop], ranges[loop].size}));
  }
  SmallVector<Value> blocks;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    blocks.push_back(createBlockView(rewriter, loc, operand.get(), map, ivs,
                                     blockSizes, blockLoops));
    maps.push_back(getBlockMap(context, map, blockLoops));
  }
  SmallVector<utils::IteratorType> iterators(2, utils::IteratorType::parallel);
  auto blockOp = linalg::GenericOp::create(
      rewriter, loc, TypeRange(), ArrayRef(blocks).drop_back(),
      ValueRange{blocks.back()}, maps, iterators);
  rewriter.inlineRegionBefore(op.getRegion(), blockOp.getRegion(),
                              blockOp.getRegion().end());
  rewriter.eraseOp(op);
  SmallVector<int64_t> vectorSizes(2, block);
  SmallVector<bool> scalableDims(2, false);
  rewriter.setInsertionPoint(blockOp);
  if (failed(linalg::vectorize(rewriter, blockOp, vectorSizes, scalableDims)))
    return failure();
  rewriter.eraseOp(blockOp);
  return success();
}

struct CpuTileTransposesPass
    : disc::impl::CpuTileTransposesPassBase<CpuTileTransposesPass> {
  using Base::Base;

  void runOnOperation() override {
    struct Candidate {
      linalg::GenericOp op;
      std::pair<unsigned, unsigned> loops;
      int64_t block;
      bool copies;
    };
    SmallVector<Candidate> candidates;
    getOperation().walk([&](linalg::GenericOp op) {
      std::optional<std::pair<unsigned, unsigned>> loops =
          getTransposedLoops(op);
      if (!loops)
        return;
      if (std::optional<int64_t> block = getBlockSize(op, vectorBits))
        candidates.push_back({op, *loops, *block, onlyCopies(op)});
    });
    if (candidates.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (Candidate &candidate : candidates) {
      // The op is gone once tiled.
      Location loc = candidate.op.getLoc();
      // A block whose body does not vectorize is left as loops over the
      // block, which still keep its lines in the cache.
      if (failed(tileAndVectorize(rewriter, candidate.op, candidate.loops,
                                  candidate.block, candidate.copies)) &&
          candidate.copies) {
        emitError(loc, "cannot tile this transpose in blocks of ")
            << candidate.block << "x" << candidate.block;
        return signalPassFailure();
      }
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
