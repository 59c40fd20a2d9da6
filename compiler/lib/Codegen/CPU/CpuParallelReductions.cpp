//===- CpuParallelReductions.cpp - Reductions over leading dims on all cores
//===//
//
// The sum over the rows of x: tensor<8192x768xf32>,
//
//   linalg.generic {iterator_types = ["reduction", "parallel"]}
//       ins(%x) outs(%zeros : tensor<768xf32>) { addf }
//
// lowers to `for i { parallel j { acc[j] += x[i, j] } }`: the parallel loop
// is too fine to hand to the runtime, so one core does all of it. With many
// columns it is tiled by column chunks,
//
//   scf.forall (%c) in (8) shared_outs(%out = %zeros) {
//     linalg.generic ins(x[0:8192, 96*c : 96]) outs(out[96*c : 96])
//   }
//
// each chunk a contiguous, vectorizable inner loop in the reduction's own
// order. With few columns (batch norm's 64 channels) chunks would be too
// narrow, and the leading reduction loop is split instead: each of a few
// blocks of rows reduces into a row of partial results, which are then
// reduced in turn; that reassociates the reduction, so it is done only for
// combiners that may be (integers, min/max, floats marked reassoc). Such a
// combiner with many rows per block (a column sum of x above, marked
// reassoc as StableHLO's are) takes blocks of rows even when it has the
// columns for chunks: a block reads its rows in memory order, where each
// chunk walks all rows a row's stride apart, which the hardware prefetches
// poorly (col_sum_8192x768 1.05 ms against 1.33 ms in chunks).
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"
#include "disc/Codegen/CPU/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPUPARALLELREDUCTIONSPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// About this many chunks or blocks, so that the cores of a large machine
// each get some and the runtime can balance them; fewer when there is less
// to split.
constexpr int64_t kTargetChunks = 8;
// A chunk is at least this many vectors: narrower, each row of a chunk is too
// short a loop, and the chunks, each reading a few cache lines of every row,
// take longer together than one core reading whole rows.
constexpr int64_t kMinChunkVectors = 4;
// Rows are split ahead of column chunks when a block reduces at least this
// many rows (of the product of the reduction loops) into its row of partial
// results, which then costs a small part of what the block reads.
constexpr int64_t kMinBlockRows = 64;

/// Whether `op` is a linalg op on tensors, outside any loop, that reduces
/// over its leading loop into integers or floats. Inside a loop (a blocked
/// solver's row step) the loop's own iterations are the work to spread,
/// and a parallel-for per iteration would cost more than it saves.
bool isLeadingReduction(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0 ||
      linalg::isaContractionOpInterface(op) ||
      linalg::isaConvolutionOpInterface(op) || !isa<TilingInterface>(*op) ||
      op->getParentOfType<LoopLikeOpInterface>() ||
      op.getIteratorTypesArray().front() != utils::IteratorType::reduction)
    return false;
  return llvm::all_of(op.getDpsInits(), [](Value init) {
    return getElementTypeOrSelf(init.getType()).isIntOrFloat();
  });
}

/// The size of the column chunks to tile `op`, whose columns are innermost,
/// into, or nothing when it has too few columns for two chunks.
std::optional<int64_t> getColumnChunk(linalg::LinalgOp op, int64_t vectorBits) {
  unsigned widestBits = 8;
  for (Value init : op.getDpsInits())
    widestBits =
        std::max(widestBits,
                 getElementTypeOrSelf(init.getType()).getIntOrFloatBitWidth());
  int64_t lanes = std::max<int64_t>(1, vectorBits / widestBits);
  int64_t minChunk = kMinChunkVectors * lanes;
  int64_t columns = op.getStaticLoopRanges().back();
  if (ShapedType::isDynamic(columns))
    return minChunk;
  int64_t chunk = std::max<int64_t>(
      minChunk, llvm::alignTo(llvm::divideCeil(columns, kTargetChunks), lanes));
  if (chunk >= columns)
    return std::nullopt;
  return chunk;
}

/// Whether a reduction of `op` split into `blocks` blocks of its leading loop
/// reduces at least kMinBlockRows rows per block.
bool hasRowsForBlocks(linalg::LinalgOp op, int64_t blocks) {
  int64_t rows = 1;
  for (auto [size, type] :
       llvm::zip_equal(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (type != utils::IteratorType::reduction)
      continue;
    if (ShapedType::isDynamic(size))
      return false;
    rows *= size;
  }
  return rows / blocks >= kMinBlockRows;
}

/// The number of equal blocks to split the leading reduction loop of `op`
/// into: the largest divisor of its trip count up to kTargetChunks, or
/// nothing when there is none above one.
std::optional<int64_t> getRowBlockCount(linalg::LinalgOp op) {
  int64_t rows = op.getStaticLoopRanges().front();
  if (ShapedType::isDynamic(rows))
    return std::nullopt;
  for (int64_t blocks = std::min(rows, kTargetChunks); blocks > 1; --blocks)
    if (rows % blocks == 0)
      return blocks;
  return std::nullopt;
}

LogicalResult tileColumns(RewriterBase &rewriter, linalg::LinalgOp op,
                          int64_t chunk) {
  SmallVector<OpFoldResult> tileSizes(op.getNumLoops(),
                                      rewriter.getIndexAttr(0));
  tileSizes.back() = rewriter.getIndexAttr(chunk);
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setTileSizes(tileSizes);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), tiling);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return success();
}

/// Each block of rows reduces into its own row of a [blocks, output...]
/// tensor of partial results, filled with the combiner's neutral element;
/// the rows are then combined into the output. The partial rows are
/// contiguous, so no two blocks write the same cache line but at a row's
/// ends.
LogicalResult splitRows(RewriterBase &rewriter, linalg::LinalgOp op,
                        Operation *combiner, int64_t blocks) {
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
  if (!neutral)
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value init = op.getDpsInits().front();
  auto initType = cast<RankedTensorType>(init.getType());
  SmallVector<OpFoldResult> initSizes =
      tensor::getMixedSizes(rewriter, loc, init);
  SmallVector<OpFoldResult> partialSizes = {rewriter.getIndexAttr(blocks)};
  llvm::append_range(partialSizes, initSizes);
  Value partials =
      linalg::FillOp::create(
          rewriter, loc,
          arith::ConstantOp::create(rewriter, loc, *neutral).getResult(),
          tensor::EmptyOp::create(rewriter, loc, partialSizes,
                                  initType.getElementType())
              .getResult())
          .getResult(0);

  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(blocks)},
      ValueRange{partials}, /*mapping=*/std::nullopt);
  rewriter.setInsertionPoint(forall.getTerminator());
  Value block = forall.getInductionVars().front();
  Value blockPartials = forall.getRegionIterArgs().front();
  int64_t blockRows = op.getStaticLoopRanges().front() / blocks;
  SmallVector<OpFoldResult> offsets(op.getNumLoops(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes =
      llvm::map_to_vector(op.createLoopRanges(rewriter, loc),
                          [](Range range) { return range.size; });
  offsets.front() = rewriter.createOrFold<arith::MulIOp>(
      loc, block, arith::ConstantIndexOp::create(rewriter, loc, blockRows));
  sizes.front() = rewriter.getIndexAttr(blockRows);
  FailureOr<TilingResult> tiled =
      cast<TilingInterface>(op.getOperation())
          .getTiledImplementation(rewriter, offsets, sizes);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return failure();
  auto blockOp = cast<linalg::LinalgOp>(tiled->tiledOps.front());

  SmallVector<OpFoldResult> rowOffsets(partialSizes.size(),
                                       rewriter.getIndexAttr(0));
  rowOffsets.front() = block;
  SmallVector<OpFoldResult> rowSizes = {rewriter.getIndexAttr(1)};
  llvm::append_range(rowSizes, initSizes);
  SmallVector<OpFoldResult> rowStrides(partialSizes.size(),
                                       rewriter.getIndexAttr(1));
  rewriter.setInsertionPoint(blockOp);
  Value row = tensor::ExtractSliceOp::create(
      rewriter, loc, cast<RankedTensorType>(blockOp->getResult(0).getType()),
      blockPartials, rowOffsets, rowSizes, rowStrides);
  Operation *outputSlice = blockOp.getDpsInits().front().getDefiningOp();
  blockOp.getDpsInitsMutable()[0].set(row);
  if (outputSlice && outputSlice->use_empty())
    rewriter.eraseOp(outputSlice);
  rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(rewriter, loc, blockOp->getResult(0),
                                        blockPartials, rowOffsets, rowSizes,
                                        rowStrides);

  rewriter.setInsertionPointAfter(forall);
  auto merge = linalg::ReduceOp::create(
      rewriter, loc, ValueRange{forall.getResult(0)}, ValueRange{init},
      /*dimensions=*/ArrayRef<int64_t>{0},
      [&](OpBuilder &builder, Location bodyLoc, ValueRange arguments) {
        Operation *combine = builder.clone(*combiner);
        combine->setOperands(arguments);
        linalg::YieldOp::create(builder, bodyLoc, combine->getResults());
      });
  rewriter.replaceOp(op, merge->getResults());
  return success();
}

struct CpuParallelReductionsPass
    : disc::impl::CpuParallelReductionsPassBase<CpuParallelReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isLeadingReduction(op))
        reductions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : reductions) {
      Operation *combiner = disc::getReassociableCombiner(op);
      std::optional<int64_t> blocks = getRowBlockCount(op);
      if (combiner && blocks && hasRowsForBlocks(op, *blocks)) {
        (void)splitRows(rewriter, op, combiner, *blocks);
        continue;
      }
      if (disc::hasColumnsInnermost(op)) {
        if (std::optional<int64_t> chunk = getColumnChunk(op, vectorBits)) {
          (void)tileColumns(rewriter, op, *chunk);
          continue;
        }
      }
      if (combiner && blocks)
        (void)splitRows(rewriter, op, combiner, *blocks);
    }
  }
};

} // namespace
