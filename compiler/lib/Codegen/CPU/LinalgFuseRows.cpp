//===- LinalgFuseRows.cpp - A row's reductions computed with the row ------===//
//
// Softmax, layer norm and the like reduce each row and read the row again
// against its reduction. As separate ops every step streams the whole
// tensor through memory, and an intermediate the size of the input (softmax's
// exponentials, layer norm's centred values) is written and read back. Tiled
// by rows, with the producers of each row computed inside the row loop, the
// row stays in the first-level cache between the steps and the
// intermediates shrink to a row.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGFUSEROWSPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// A row's intermediates live on the stack of the thread that computes the
// row (disc-parallel-loop-buffers-to-stack), so they are kept small.
constexpr int64_t kMaxRowTileBytes = 64 * 1024;

/// Products and convolutions go to a library whole; they are neither tiled
/// here nor recomputed by rows.
bool isLibraryOp(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && (linalg::isaContractionOpInterface(linalgOp) ||
                      linalg::isaConvolutionOpInterface(linalgOp));
}

/// How many leading loops of `op` iterate over rows: its leading parallel
/// loops, less the innermost loop when every loop is parallel (the row
/// itself).
unsigned getRowLoopCount(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned leading = 0;
  while (leading < iterators.size() &&
         iterators[leading] == utils::IteratorType::parallel)
    ++leading;
  return leading == iterators.size() ? leading - 1 : leading;
}

// How many producers back from a root a row reduction may be and still
// count, and a producer still be computed by rows: softmax and layer norm
// read theirs one to three ops back, and a bound keeps the searches from
// walking a whole model for every op.
constexpr int kMaxProducerDistance = 6;

/// Whether a reduction within rows (a reduction whose first loop runs over
/// rows) reaches `root`, in its block, through ops that may be computed by
/// rows.
bool readsRowReduction(linalg::LinalgOp root) {
  SmallVector<std::pair<Operation *, int>> worklist = {{root, 0}};
  DenseSet<Operation *> visited = {root};
  while (!worklist.empty()) {
    auto [op, distance] = worklist.pop_back_val();
    if (distance == kMaxProducerDistance)
      continue;
    for (Value operand : op->getOperands()) {
      auto producer = operand.getDefiningOp<linalg::LinalgOp>();
      if (!producer || isLibraryOp(producer) ||
          producer->getBlock() != root->getBlock() ||
          !visited.insert(producer).second)
        continue;
      if (producer.getNumReductionLoops() != 0 &&
          producer.getIteratorTypesArray().front() ==
              utils::IteratorType::parallel)
        return true;
      worklist.push_back({producer, distance + 1});
    }
  }
  return false;
}

/// Whether `op` is a root to tile by rows: a linalg op on tensors with at
/// least one row loop and a static row, fed by a reduction within rows.
bool isRowRoot(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() || isLibraryOp(op) ||
      !isa<TilingInterface>(op) || op->getParentOfType<scf::ForallOp>() ||
      linalgOp.getNumLoops() < 2)
    return false;
  unsigned rowLoops = getRowLoopCount(linalgOp);
  if (rowLoops == 0)
    return false;
  SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
  if (llvm::any_of(ArrayRef<int64_t>(ranges).drop_front(rowLoops),
                   ShapedType::isDynamic))
    return false;
  return readsRowReduction(linalgOp);
}

/// Whether `op` reads no tensor (a fill, a broadcast constant): recomputing
/// it for a row costs nothing, whoever else reads it.
bool readsNoTensor(Operation *op) {
  return llvm::none_of(
      cast<linalg::LinalgOp>(op).getDpsInputs(),
      [](Value input) { return isa<TensorType>(input.getType()); });
}

/// The producers of `root` that are computed by rows with it: linalg ops
/// (not products) in its block (a producer outside a loop body is not
/// recomputed every iteration) all of whose readers are `root` or such
/// producers themselves. A producer that something else also reads is kept
/// whole, as that reader needs it anyway: computing it again by rows would
/// double its cost, and along a residual connection it would pull every earlier
/// layer of a model into each row.
DenseSet<Operation *> getRowProducers(linalg::LinalgOp root) {
  DenseSet<Operation *> group;
  SmallVector<std::pair<Operation *, int>> worklist = {{root, 0}};
  while (!worklist.empty()) {
    auto [op, distance] = worklist.pop_back_val();
    if (distance == kMaxProducerDistance)
      continue;
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (isa_and_nonnull<linalg::LinalgOp>(producer) &&
          !isLibraryOp(producer) && producer->getBlock() == root->getBlock() &&
          group.insert(producer).second)
        worklist.push_back({producer, distance + 1});
    }
  }
  bool pruned = true;
  while (pruned) {
    pruned = false;
    for (Operation *op : llvm::to_vector(group)) {
      if (readsNoTensor(op))
        continue;
      bool readElsewhere = llvm::any_of(op->getUsers(), [&](Operation *user) {
        return user != root.getOperation() && !group.contains(user);
      });
      if (readElsewhere) {
        group.erase(op);
        pruned = true;
      }
    }
  }
  return group;
}

/// Producers are computed by rows when they are among `rowProducers`, their
/// slice moves with the row loop, and it is small.
std::optional<scf::SCFTileAndFuseOptions::ControlFnResult>
fuseRowProducer(const DenseSet<Operation *> &rowProducers,
                tensor::ExtractSliceOp slice, OpResult producer) {
  Operation *op = producer.getOwner();
  if (!rowProducers.contains(op))
    return std::nullopt;
  RankedTensorType type = slice.getResultType();
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  int64_t bits = type.getNumElements() * type.getElementTypeBitWidth();
  if (bits > kMaxRowTileBytes * 8)
    return std::nullopt;
  bool movesWithRow =
      llvm::any_of(slice.getMixedOffsets(), [](OpFoldResult offset) {
        return !getConstantIntValue(offset);
      });
  if (!movesWithRow)
    return std::nullopt;
  return scf::SCFTileAndFuseOptions::ControlFnResult{};
}

LogicalResult tileByRows(RewriterBase &rewriter, linalg::LinalgOp root) {
  unsigned rowLoops = getRowLoopCount(root);
  SmallVector<OpFoldResult> tileSizes(root.getNumLoops(),
                                      rewriter.getIndexAttr(0));
  for (unsigned loop = 0; loop < rowLoops; ++loop)
    tileSizes[loop] = rewriter.getIndexAttr(1);
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setTileSizes(tileSizes);
  scf::SCFTileAndFuseOptions options;
  DenseSet<Operation *> rowProducers = getRowProducers(root);
  options.setTilingOptions(tiling).setFusionControlFn(
      [&rowProducers](tensor::ExtractSliceOp slice, OpResult producer,
                      bool /*isDestinationOperand*/) {
        return fuseRowProducer(rowProducers, slice, producer);
      });

  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
  if (failed(tiled))
    return failure();
  for (OpResult result : root->getResults())
    rewriter.replaceAllUsesWith(result, tiled->replacements.lookup(result));
  rewriter.eraseOp(root);
  // Fusion leaves behind the slices it read the whole producers through.
  SmallVector<Operation *> unusedSlices;
  tiled->loops.front()->walk([&](tensor::ExtractSliceOp slice) {
    if (slice->use_empty())
      unusedSlices.push_back(slice);
  });
  for (Operation *slice : unusedSlices)
    rewriter.eraseOp(slice);
  // Producers now computed by rows and read nowhere else; producers of
  // producers come first in the block, so erase from the last.
  SmallVector<Operation *> fused(tiled->fusedProducers.begin(),
                                 tiled->fusedProducers.end());
  llvm::sort(fused,
             [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
  for (Operation *producer : fused)
    if (isOpTriviallyDead(producer))
      rewriter.eraseOp(producer);
  return success();
}

/// Keeps the set of ops erased so far, which the candidate roots are
/// checked against.
struct ErasedOps : RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  DenseSet<Operation *> erased;
};

struct LinalgFuseRowsPass
    : disc::impl::LinalgFuseRowsPassBase<LinalgFuseRowsPass> {
  void runOnOperation() override {
    // From the last op back: a root's producers are tiled with it before
    // they could be taken for roots of their own.
    SmallVector<Operation *> candidates;
    getOperation().walk<WalkOrder::PostOrder, ReverseIterator>(
        [&](linalg::LinalgOp op) { candidates.push_back(op); });
    ErasedOps erasedOps;
    IRRewriter rewriter(&getContext(), &erasedOps);
    for (Operation *candidate : candidates)
      if (!erasedOps.erased.contains(candidate) && isRowRoot(candidate))
        (void)tileByRows(rewriter, cast<linalg::LinalgOp>(candidate));
  }
};

} // namespace
