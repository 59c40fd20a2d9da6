//===- CpuTileColumnReductions.cpp - A reduction's columns on every core --===//
//
// The sum over the rows of x: tensor<8192x768xf32>,
//
//   linalg.generic {iterator_types = ["reduction", "parallel"]}
//       ins(%x) outs(%zeros : tensor<768xf32>) { addf }
//
// lowers to `for i { parallel j { acc[j] += x[i, j] } }`: the parallel loop
// is too fine to hand to the runtime, so one core does all of it. Tiled by
// column chunks,
//
//   scf.forall (%c) in (8) shared_outs(%out = %zeros) {
//     linalg.generic ins(x[0:8192, 96*c : 96]) outs(out[96*c : 96])
//   }
//
// the chunks run on every core, each still a contiguous, vectorizable inner
// loop over its columns and in the reduction's own order.
//
//===----------------------------------------------------------------------===//

#include "disc/Pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCCPUTILECOLUMNREDUCTIONS
#include "disc/Pipeline/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// About this many chunks, so that the cores of a large machine each get some
// and the runtime can balance them; fewer when the columns are few.
constexpr int64_t kTargetChunks = 8;
// A dynamic column count is split in chunks of this many vectors.
constexpr int64_t kDynamicChunkVectors = 4;

/// The size of the column chunks to tile `op` into, or nothing when `op` is
/// not a reduction over leading loops with its output's columns innermost,
/// or has too few columns to split.
std::optional<int64_t> getColumnChunk(linalg::LinalgOp op, int64_t vectorBits) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0 ||
      linalg::isaContractionOpInterface(op) ||
      linalg::isaConvolutionOpInterface(op) || !isa<TilingInterface>(*op) ||
      op->getParentOfType<scf::ForallOp>())
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators.front() != utils::IteratorType::reduction ||
      iterators.back() != utils::IteratorType::parallel)
    return std::nullopt;
  unsigned innermost = op.getNumLoops() - 1;
  unsigned widestBits = 0;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (map.getNumResults() == 0 ||
        map.getResults().back() != getAffineDimExpr(innermost, op.getContext()))
      return std::nullopt;
    Type element = getElementTypeOrSelf(init.get().getType());
    if (!element.isIntOrFloat())
      return std::nullopt;
    widestBits = std::max(widestBits, element.getIntOrFloatBitWidth());
  }
  int64_t lanes = std::max<int64_t>(1, vectorBits / std::max(widestBits, 8u));
  int64_t columns = op.getStaticLoopRanges()[innermost];
  if (ShapedType::isDynamic(columns))
    return kDynamicChunkVectors * lanes;
  if (columns < 2 * lanes)
    return std::nullopt;
  int64_t chunk =
      llvm::alignTo(llvm::divideCeil(columns, kTargetChunks), lanes);
  if (chunk >= columns)
    return std::nullopt;
  return chunk;
}

struct CpuTileColumnReductionsPass
    : disc::impl::DiscCpuTileColumnReductionsBase<CpuTileColumnReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, int64_t>> reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (std::optional<int64_t> chunk = getColumnChunk(op, vectorBits))
        reductions.push_back({op, *chunk});
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, chunk] : reductions) {
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
        continue;
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
