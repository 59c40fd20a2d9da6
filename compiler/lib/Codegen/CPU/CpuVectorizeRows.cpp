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
// Reductions on buffers, in a loop by rows or alone, become vector code as
// well: a row's max or sum folds whole vectors into four vector
// accumulators, a masked vector at its end, and one vector.reduction; a
// reduction into columns keeps a block of vectors of columns in registers
// over all of its rows.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"
#include "disc/Codegen/CPU/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPUVECTORIZEROWSPASS
#include "disc/Codegen/CPU/Passes.h.inc"
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

// Independent accumulators of a row reduction: a vector add takes about
// four cycles and two can start each cycle, so one accumulator would wait on
// its own previous add; LLVM's loop vectorizer interleaves as many.
constexpr int64_t kReductionAccumulators = 4;
// At most this many vectors of columns are reduced at once, each in its own
// register over all of the reduction; the body's temporaries need the rest.
constexpr int64_t kMaxColumnAccumulators = 8;

/// Whether every op of `op`'s body but those `skipped` computes each lane on
/// its own and cannot fault on the lanes past a row's end: elementwise,
/// side-effect-free ops (no integer division) and constants.
bool hasLaneWiseBody(linalg::LinalgOp op, ArrayRef<Operation *> skipped) {
  for (Operation &bodyOp : op.getBlock()->without_terminator()) {
    if (llvm::is_contained(skipped, &bodyOp) || isa<arith::ConstantOp>(bodyOp))
      continue;
    if (!OpTrait::hasElementwiseMappableTraits(&bodyOp) || !isPure(&bodyOp) ||
        bodyOp.getNumRegions() != 0)
      return false;
    if (llvm::any_of(bodyOp.getResultTypes(),
                     [](Type type) { return !type.isIntOrFloat(); }))
      return false;
  }
  return true;
}

/// Whether `op` is a reduction on buffers that these vector forms take: not
/// a contraction or convolution (disc-cpu-tile-contractions' and the
/// libraries'), no index in its body, one output.
bool isVectorizableReduction(linalg::LinalgOp op) {
  return op.hasPureBufferSemantics() && op.getNumLoops() != 0 &&
         op.getNumReductionLoops() != 0 && !op.hasIndexSemantics() &&
         op.getNumDpsInits() == 1 && !linalg::isaContractionOpInterface(op) &&
         !linalg::isaConvolutionOpInterface(op) &&
         isInnermostLoopContiguous(op);
}

/// The lanes of a vector of `op`'s widest element, or nothing when its
/// innermost loop is static and shorter than that (layer norm's per-row
/// scalars) or an operand holds booleans, which memory holds a byte each but
/// a vector a bit each.
std::optional<int64_t> getReductionLanes(linalg::LinalgOp op,
                                         int64_t vectorBits) {
  std::optional<unsigned> bits = getWidestElementBits(op);
  if (!bits || vectorBits < *bits ||
      llvm::any_of(op->getOperands(), [](Value operand) {
        return getElementTypeOrSelf(operand.getType()).getIntOrFloatBitWidth() <
               8;
      }))
    return std::nullopt;
  int64_t lanes = vectorBits / *bits;
  int64_t innermostSize = op.getStaticLoopRanges().back();
  if (!ShapedType::isDynamic(innermostSize) && innermostSize < lanes)
    return std::nullopt;
  return lanes;
}

/// A reduction of the innermost loop of a linalg op on buffers into its one
/// output, with every other loop parallel, which the lanes of `lanes`-wide
/// vectors may compute in any order.
struct RowReduction {
  linalg::LinalgOp op;
  /// The body's op that folds each element into the accumulator.
  Operation *combiner;
  /// For a narrow float reduced in a wider one, the widening of the
  /// accumulator before `combiner` and the narrowing of its result; null
  /// otherwise.
  Operation *widen;
  Operation *narrow;
  /// The operand of `combiner` that is the accumulator (widened or not),
  /// and the one it folds in.
  Value accumulator;
  Value element;
  vector::CombiningKind kind;
  int64_t lanes;
};

/// The extf, combiner and truncf of a reduction of f16 or bf16 as the
/// StableHLO lowering writes it, one element at a time in f32,
/// `yield(truncf(combine(extf(accumulator), element)))`, when the combiner
/// may be reassociated; nothing otherwise.
std::optional<std::array<Operation *, 3>>
getWidenedCombiner(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  auto narrow = cast<linalg::YieldOp>(body->getTerminator())
                    .getValues()
                    .front()
                    .getDefiningOp<arith::TruncFOp>();
  BlockArgument accumulator =
      op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  if (!narrow || narrow->getBlock() != body || !accumulator.hasOneUse())
    return std::nullopt;
  auto widen = dyn_cast<arith::ExtFOp>(*accumulator.getUsers().begin());
  Operation *combiner = narrow.getIn().getDefiningOp();
  if (!widen || !combiner || combiner->getBlock() != body ||
      !widen->hasOneUse() || *widen->getUsers().begin() != combiner ||
      !disc::isReassociableCombiner(combiner) ||
      widen.getType() != narrow.getIn().getType())
    return std::nullopt;
  return std::array<Operation *, 3>{widen, combiner, narrow};
}

/// The row reduction `op` is, or nothing.
std::optional<RowReduction> getRowReduction(linalg::LinalgOp op,
                                            int64_t vectorBits) {
  if (!isVectorizableReduction(op) || op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return std::nullopt;
  Value accumulator = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  Operation *combiner = disc::getReassociableCombiner(op);
  Operation *widen = nullptr;
  Operation *narrow = nullptr;
  if (!combiner) {
    std::optional<std::array<Operation *, 3>> widened = getWidenedCombiner(op);
    if (!widened)
      return std::nullopt;
    widen = (*widened)[0];
    combiner = (*widened)[1];
    narrow = (*widened)[2];
    accumulator = widen->getResult(0);
  }
  if (!combiner->getResult(0).hasOneUse() ||
      !hasLaneWiseBody(op, {widen, combiner, narrow}))
    return std::nullopt;
  std::optional<vector::CombiningKind> kind =
      linalg::getCombinerOpKind(combiner);
  std::optional<int64_t> lanes = getReductionLanes(op, vectorBits);
  if (!kind || !lanes)
    return std::nullopt;
  Value element = combiner->getOperand(0) == accumulator
                      ? combiner->getOperand(1)
                      : combiner->getOperand(0);
  return RowReduction{op,          combiner, widen, narrow,
                      accumulator, element,  *kind, *lanes};
}

/// The lanes of the vectors in which `op`, a reduction into the columns of
/// its one output (its innermost loop, contiguous, parallel), may be
/// computed, or nothing. Each lane is one column reduced in the program's
/// order, so any combiner may be.
std::optional<int64_t> getColumnReductionLanes(linalg::LinalgOp op,
                                               int64_t vectorBits) {
  if (!isVectorizableReduction(op) || !disc::hasColumnsInnermost(op) ||
      !hasLaneWiseBody(op, /*skipped=*/{}))
    return std::nullopt;
  return getReductionLanes(op, vectorBits);
}

/// The indices of the element of `operand` that loop indices `loopIndices`
/// address.
SmallVector<Value> getOperandIndices(linalg::LinalgOp op, OpOperand &operand,
                                     ArrayRef<Value> loopIndices, Value zero) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  return llvm::map_to_vector(map.getResults(), [&](AffineExpr result) {
    if (auto dim = dyn_cast<AffineDimExpr>(result))
      return loopIndices[dim.getPosition()];
    return zero;
  });
}

/// An scf.parallel over those of `loops` whose size in `sizes` is not one,
/// the rewriter's insertion point then inside it; `loopIndices` gets its
/// induction variables. Loops of size one (a loop by rows' single row) keep
/// index zero and get no loop.
void emitParallelLoops(RewriterBase &rewriter, Location loc,
                       ArrayRef<Value> sizes, ArrayRef<unsigned> loops,
                       MutableArrayRef<Value> loopIndices) {
  SmallVector<unsigned> wideLoops =
      llvm::filter_to_vector(loops, [&](unsigned loop) {
        return !isConstantIntValue(sizes[loop], 1);
      });
  if (wideLoops.empty())
    return;
  SmallVector<Value> upperBounds = llvm::map_to_vector(
      wideLoops, [&](unsigned loop) { return sizes[loop]; });
  SmallVector<Value> lowerBounds(
      wideLoops.size(), arith::ConstantIndexOp::create(rewriter, loc, 0));
  SmallVector<Value> steps(wideLoops.size(),
                           arith::ConstantIndexOp::create(rewriter, loc, 1));
  auto parallel =
      scf::ParallelOp::create(rewriter, loc, lowerBounds, upperBounds, steps);
  rewriter.setInsertionPointToStart(parallel.getBody());
  for (auto [loop, index] :
       llvm::zip_equal(wideLoops, parallel.getInductionVars()))
    loopIndices[loop] = index;
}

/// Maps the constants of `op`'s body and the values it uses from above to
/// broadcasts of them to `lanes`, made at the builder's insertion point.
void mapLaneInvariants(OpBuilder &builder, Location loc, linalg::LinalgOp op,
                       int64_t lanes, IRMapping &mapping) {
  Block *body = op.getBlock();
  auto broadcast = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(
        builder, loc, VectorType::get({lanes}, scalar.getType()), scalar);
  };
  for (Operation &bodyOp : *body) {
    if (auto constant = dyn_cast<arith::ConstantOp>(bodyOp)) {
      mapping.map(constant.getResult(),
                  broadcast(builder.clone(bodyOp)->getResult(0)));
      continue;
    }
    for (Value operand : bodyOp.getOperands())
      if (operand.getParentBlock() != body && !mapping.contains(operand))
        mapping.map(operand, broadcast(operand));
  }
}

/// Maps the body's arguments of `op`'s inputs that the body reads and that
/// vary along its innermost loop (`alongInnermost`) or not to `lanes` of
/// them at `loopIndices`: a vector load, masked with `mask` when there is
/// one, or a broadcast element.
void mapInputs(OpBuilder &builder, Location loc, linalg::LinalgOp op,
               ArrayRef<Value> loopIndices, int64_t lanes, bool alongInnermost,
               Value mask, IRMapping &mapping) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  for (OpOperand *input : op.getDpsInputOperands()) {
    BlockArgument argument = op.getMatchingBlockArgument(input);
    AffineMap map = op.getMatchingIndexingMap(input);
    if (argument.use_empty() ||
        map.isFunctionOfDim(op.getNumLoops() - 1) != alongInnermost)
      continue;
    Value memref = input->get();
    auto type =
        VectorType::get({lanes}, getElementTypeOrSelf(memref.getType()));
    SmallVector<Value> indices =
        getOperandIndices(op, *input, loopIndices, zero);
    Value lanesOfInput;
    if (!alongInnermost) {
      lanesOfInput = vector::BroadcastOp::create(
          builder, loc, type,
          memref::LoadOp::create(builder, loc, memref, indices));
    } else if (mask) {
      Value padding = arith::ConstantOp::create(builder, loc, type,
                                                builder.getZeroAttr(type));
      lanesOfInput = vector::MaskedLoadOp::create(builder, loc, type, memref,
                                                  indices, mask, padding);
    } else {
      lanesOfInput =
          vector::LoadOp::create(builder, loc, type, memref, indices);
    }
    mapping.map(argument, lanesOfInput);
  }
}

/// Clones the ops of `op`'s body but those `skipped` and its constants
/// (mapLaneInvariants') with `lanes`-wide vector results, their operands
/// taken from `mapping`.
void cloneLaneWise(OpBuilder &builder, linalg::LinalgOp op,
                   ArrayRef<Operation *> skipped, int64_t lanes,
                   IRMapping &mapping) {
  for (Operation &bodyOp : op.getBlock()->without_terminator()) {
    if (llvm::is_contained(skipped, &bodyOp) || isa<arith::ConstantOp>(bodyOp))
      continue;
    Operation *clone = builder.clone(bodyOp, mapping);
    for (Value result : clone->getResults())
      result.setType(VectorType::get({lanes}, result.getType()));
  }
}

/// A copy of the one-result `op` on `operands`, of which the first gives the
/// result its shape: a scalar, or a vector of `op`'s result type.
Value emitLike(OpBuilder &builder, Operation *op, ValueRange operands) {
  Operation *clone = builder.clone(*op);
  clone->setOperands(operands);
  if (auto vector = dyn_cast<VectorType>(operands.front().getType()))
    clone->getResult(0).setType(
        VectorType::get(vector.getShape(), op->getResult(0).getType()));
  return clone->getResult(0);
}

/// `value`, a vector of the accumulator's type, in the combiner's.
Value emitWiden(OpBuilder &builder, const RowReduction &reduction,
                Value value) {
  return reduction.widen ? emitLike(builder, reduction.widen, value) : value;
}

/// `value`, a vector of the combiner's type, in the accumulator's.
Value emitNarrow(OpBuilder &builder, const RowReduction &reduction,
                 Value value) {
  return reduction.narrow ? emitLike(builder, reduction.narrow, value) : value;
}

/// `accumulator` combined with `element` (a vector of the combiner's type)
/// as the body does, on vectors.
Value emitCombine(OpBuilder &builder, const RowReduction &reduction,
                  Value accumulator, Value element) {
  Value wide = emitWiden(builder, reduction, accumulator);
  SmallVector<Value> operands = llvm::map_to_vector(
      reduction.combiner->getOperands(), [&](Value operand) {
        return operand == reduction.accumulator ? wide : element;
      });
  return emitNarrow(builder, reduction,
                    emitLike(builder, reduction.combiner, operands));
}

/// The sizes of `op`'s loops as index values.
SmallVector<Value> getLoopSizes(RewriterBase &rewriter, Location loc,
                                linalg::LinalgOp op) {
  return llvm::map_to_vector(
      op.createLoopRanges(rewriter, loc), [&](Range range) {
        return getValueOrCreateConstantIndexOp(rewriter, loc, range.size);
      });
}

/// The end of the whole steps of `step` in [0, size): folded when `size` is
/// static, so that disc-cpu-parallel-for sees the loops' trip counts.
Value getWholeStepsEnd(RewriterBase &rewriter, Location loc, Value size,
                       int64_t step) {
  return rewriter.createOrFold<arith::SubIOp>(
      loc, size,
      rewriter.createOrFold<arith::RemUIOp>(
          loc, size, arith::ConstantIndexOp::create(rewriter, loc, step)));
}

/// Replaces `reduction` by vector code: a parallel loop over its outer
/// loops, in which a row is folded into kReductionAccumulators vector
/// accumulators of whole vectors, then into the first of them by the whole
/// vectors left and one masked vector up to the row's end (the lanes past
/// it hold the combiner's neutral element), then the accumulators into one
/// and that vector into the output's element by one horizontal
/// vector.reduction.
LogicalResult vectorizeRowReduction(RewriterBase &rewriter,
                                    const RowReduction &reduction) {
  linalg::LinalgOp op = reduction.op;
  int64_t lanes = reduction.lanes;
  std::optional<TypedAttr> neutral =
      arith::getNeutralElement(reduction.combiner);
  if (!neutral)
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> sizes = getLoopSizes(rewriter, loc, op);
  Value rowSize = sizes.back();
  int64_t unrolledStep = lanes * kReductionAccumulators;
  Value unrolledEnd = getWholeStepsEnd(rewriter, loc, rowSize, unrolledStep);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> loopIndices(op.getNumLoops(), zero);
  emitParallelLoops(rewriter, loc, sizes,
                    llvm::to_vector(llvm::seq<unsigned>(op.getNumLoops() - 1)),
                    loopIndices);

  // What does not vary along the row is read (or made) once per row and
  // broadcast.
  IRMapping invariants;
  mapLaneInvariants(rewriter, loc, op, lanes, invariants);
  mapInputs(rewriter, loc, op, loopIndices, lanes, /*alongInnermost=*/false,
            /*mask=*/Value(), invariants);
  auto combinerType =
      VectorType::get({lanes}, reduction.combiner->getResult(0).getType());
  Value neutralVector = arith::ConstantOp::create(
      rewriter, loc, DenseElementsAttr::get(combinerType, *neutral));
  // The element vector of the row's lanes starting at `column`, read with
  // `mask` when there is one.
  auto emitElements = [&](OpBuilder &builder, Value column, Value mask) {
    IRMapping mapping = invariants;
    SmallVector<Value> indices(loopIndices);
    indices.back() = column;
    mapInputs(builder, loc, op, indices, lanes, /*alongInnermost=*/true, mask,
              mapping);
    cloneLaneWise(builder, op,
                  {reduction.widen, reduction.combiner, reduction.narrow},
                  lanes, mapping);
    return mapping.lookup(reduction.element);
  };

  SmallVector<Value> initialAccumulators(
      kReductionAccumulators, emitNarrow(rewriter, reduction, neutralVector));
  auto unrolled = scf::ForOp::create(
      rewriter, loc, zero, unrolledEnd,
      arith::ConstantIndexOp::create(rewriter, loc, unrolledStep),
      initialAccumulators,
      [&](OpBuilder &builder, Location, Value column, ValueRange accumulators) {
        SmallVector<Value> next;
        for (auto [position, accumulator] : llvm::enumerate(accumulators)) {
          Value offset = arith::AddIOp::create(
              builder, loc, column,
              arith::ConstantIndexOp::create(builder, loc, position * lanes));
          next.push_back(emitCombine(builder, reduction, accumulator,
                                     emitElements(builder, offset, Value())));
        }
        scf::YieldOp::create(builder, loc, next);
      });

  // Whole vectors past the unrolled ones, then at most one masked vector.
  Value wholeEnd = getWholeStepsEnd(rewriter, loc, rowSize, lanes);
  Value step = arith::ConstantIndexOp::create(rewriter, loc, lanes);
  auto whole = scf::ForOp::create(
      rewriter, loc, unrolledEnd, wholeEnd, step,
      ValueRange{unrolled.getResult(0)},
      [&](OpBuilder &builder, Location, Value column, ValueRange accumulators) {
        scf::YieldOp::create(
            builder, loc,
            emitCombine(builder, reduction, accumulators.front(),
                        emitElements(builder, column, Value())));
      });
  auto maskType = VectorType::get({lanes}, rewriter.getI1Type());
  auto tail = scf::ForOp::create(
      rewriter, loc, wholeEnd, rowSize, step, ValueRange{whole.getResult(0)},
      [&](OpBuilder &builder, Location, Value column, ValueRange accumulators) {
        Value remaining = arith::SubIOp::create(builder, loc, rowSize, column);
        Value mask =
            vector::CreateMaskOp::create(builder, loc, maskType, remaining);
        Value elements = arith::SelectOp::create(
            builder, loc, mask, emitElements(builder, column, mask),
            neutralVector);
        scf::YieldOp::create(
            builder, loc,
            emitCombine(builder, reduction, accumulators.front(), elements));
      });

  SmallVector<Value> partials(unrolled.getResults());
  partials.front() = tail.getResult(0);
  while (partials.size() > 1) {
    SmallVector<Value> halves;
    for (size_t i = 0; i + 1 < partials.size(); i += 2)
      halves.push_back(
          emitCombine(rewriter, reduction, partials[i],
                      emitWiden(rewriter, reduction, partials[i + 1])));
    if (partials.size() % 2)
      halves.push_back(partials.back());
    partials = std::move(halves);
  }

  OpOperand *output = op.getDpsInitOperand(0);
  SmallVector<Value> outputIndices =
      getOperandIndices(op, *output, loopIndices, zero);
  Value initial =
      memref::LoadOp::create(rewriter, loc, output->get(), outputIndices);
  arith::FastMathFlags fastMath = arith::FastMathFlags::none;
  if (auto flags = dyn_cast<arith::ArithFastMathInterface>(reduction.combiner))
    fastMath = flags.getFastMathFlagsAttr().getValue();
  // A narrow float's last steps are taken in the combiner's type too.
  Value result = vector::ReductionOp::create(
      rewriter, loc, reduction.kind,
      emitWiden(rewriter, reduction, partials.front()),
      emitWiden(rewriter, reduction, initial), fastMath);
  memref::StoreOp::create(rewriter, loc,
                          emitNarrow(rewriter, reduction, result),
                          output->get(), outputIndices);
  rewriter.eraseOp(op);
  return success();
}

/// For each step of `op`'s reduction loops `reductionLoops`, in their
/// order, its columns a vector at a time, whole vectors then one masked:
/// each loaded from the output, folded with the step and stored back.
void emitRowMajorColumns(RewriterBase &rewriter, Location loc,
                         linalg::LinalgOp op, int64_t lanes,
                         ArrayRef<Value> sizes,
                         ArrayRef<unsigned> reductionLoops,
                         MutableArrayRef<Value> loopIndices,
                         const IRMapping &invariants) {
  OpOperand *output = op.getDpsInitOperand(0);
  BlockArgument accumulator = op.getMatchingBlockArgument(output);
  Value yielded = op.getBlock()->getTerminator()->getOperand(0);
  auto accumulatorType =
      VectorType::get({lanes}, getElementTypeOrSelf(output->get().getType()));
  auto maskType = VectorType::get({lanes}, rewriter.getI1Type());
  Value columns = sizes.back();
  Value wholeEnd = getWholeStepsEnd(rewriter, loc, columns, lanes);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value step = arith::ConstantIndexOp::create(rewriter, loc, lanes);
  Value padding = arith::ConstantOp::create(
      rewriter, loc, accumulatorType, rewriter.getZeroAttr(accumulatorType));

  auto emitVector = [&](OpBuilder &builder, Value start, Value mask) {
    SmallVector<Value> indices(loopIndices);
    indices.back() = start;
    SmallVector<Value> outputIndices =
        getOperandIndices(op, *output, indices, zero);
    IRMapping mapping = invariants;
    mapInputs(builder, loc, op, indices, lanes, /*alongInnermost=*/true, mask,
              mapping);
    mapInputs(builder, loc, op, indices, lanes, /*alongInnermost=*/false,
              /*mask=*/Value(), mapping);
    Value initial = mask ? vector::MaskedLoadOp::create(
                               builder, loc, accumulatorType, output->get(),
                               outputIndices, mask, padding)
                               .getResult()
                         : vector::LoadOp::create(builder, loc, accumulatorType,
                                                  output->get(), outputIndices)
                               .getResult();
    mapping.map(accumulator, initial);
    cloneLaneWise(builder, op, /*skipped=*/{}, lanes, mapping);
    Value result = mapping.lookupOrDefault(yielded);
    if (mask)
      vector::MaskedStoreOp::create(builder, loc, output->get(), outputIndices,
                                    mask, result);
    else
      vector::StoreOp::create(builder, loc, result, output->get(),
                              outputIndices);
  };
  std::function<void(OpBuilder &, unsigned)> emitSteps = [&](OpBuilder &builder,
                                                             unsigned level) {
    if (level == reductionLoops.size()) {
      scf::ForOp::create(
          builder, loc, zero, wholeEnd, step, ValueRange{},
          [&](OpBuilder &inner, Location, Value start, ValueRange) {
            emitVector(inner, start, Value());
            scf::YieldOp::create(inner, loc);
          });
      scf::ForOp::create(
          builder, loc, wholeEnd, columns, step, ValueRange{},
          [&](OpBuilder &inner, Location, Value start, ValueRange) {
            Value left = arith::SubIOp::create(inner, loc, columns, start);
            emitVector(inner, start,
                       vector::CreateMaskOp::create(inner, loc, maskType,
                                                    ValueRange{left}));
            scf::YieldOp::create(inner, loc);
          });
      return;
    }
    unsigned loop = reductionLoops[level];
    scf::ForOp::create(
        builder, loc, zero, sizes[loop], one, ValueRange{},
        [&](OpBuilder &inner, Location, Value index, ValueRange) {
          loopIndices[loop] = index;
          emitSteps(inner, level + 1);
          scf::YieldOp::create(inner, loc);
        });
  };
  emitSteps(rewriter, 0);
}

/// Replaces `op`, a reduction into the columns of its output, by vector
/// code: a parallel loop over its other parallel loops, in which each block
/// of up to kMaxColumnAccumulators vectors of columns is loaded once into
/// registers, folded with every step of the reduction loops (in their
/// order) and stored once; the columns past the last whole block are one
/// more block of masked vectors, so that every column is reduced in one
/// pass over the reduction loops.
LogicalResult vectorizeColumnReduction(RewriterBase &rewriter,
                                       linalg::LinalgOp op, int64_t lanes) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> sizes = getLoopSizes(rewriter, loc, op);
  unsigned columnLoop = op.getNumLoops() - 1;
  SmallVector<unsigned> outerLoops, reductionLoops;
  for (auto [loop, type] : llvm::enumerate(op.getIteratorTypesArray()))
    if (loop != columnLoop)
      (linalg::isReductionIterator(type) ? reductionLoops : outerLoops)
          .push_back(loop);
  OpOperand *output = op.getDpsInitOperand(0);
  // A dynamic number of columns with a bound (the last of
  // disc-cpu-parallel-reductions' chunks, min(chunk, columns - start)) is
  // blocked for the bound, so that the whole chunks take no masked vectors.
  int64_t staticColumns = op.getStaticLoopRanges().back();
  int64_t columnBound = staticColumns;
  if (ShapedType::isDynamic(staticColumns)) {
    auto outputType = cast<MemRefType>(output->get().getType());
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, {output->get(), outputType.getRank() - 1},
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (succeeded(bound))
      columnBound = *bound;
  }
  // More columns than registers (a block of rows of a column sum, 768
  // wide): their accumulators stay in memory, a row of them in the cache,
  // and the input is read in memory order, a row at a time.
  bool rowMajor = !ShapedType::isDynamic(columnBound) &&
                  columnBound > kMaxColumnAccumulators * lanes;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> loopIndices(op.getNumLoops(), zero);
  emitParallelLoops(rewriter, loc, sizes, outerLoops, loopIndices);
  IRMapping invariants;
  mapLaneInvariants(rewriter, loc, op, lanes, invariants);
  if (rowMajor) {
    emitRowMajorColumns(rewriter, loc, op, lanes, sizes, reductionLoops,
                        loopIndices, invariants);
    rewriter.eraseOp(op);
    return success();
  }

  int64_t blockVectors =
      ShapedType::isDynamic(columnBound)
          ? kMaxColumnAccumulators
          : std::clamp<int64_t>(columnBound / lanes, 1, kMaxColumnAccumulators);
  int64_t blockWidth = blockVectors * lanes;
  // The masked block needs no more vectors than the columns it may hold.
  int64_t maskedColumns = ShapedType::isDynamic(staticColumns)
                              ? blockWidth
                              : staticColumns % blockWidth;
  int64_t maskedVectors =
      std::max<int64_t>(1, llvm::divideCeil(maskedColumns, lanes));
  Value columns = sizes.back();
  Value blocksEnd = getWholeStepsEnd(rewriter, loc, columns, blockWidth);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);

  BlockArgument accumulator = op.getMatchingBlockArgument(output);
  Value yielded = op.getBlock()->getTerminator()->getOperand(0);
  auto getOutputIndices = [&](Value column) {
    SmallVector<Value> indices(loopIndices);
    indices.back() = column;
    return getOperandIndices(op, *output, indices, zero);
  };
  // The accumulators of the vectors of columns starting at `columnStarts`
  // (read with `masks`, null where whole) after every step of the reduction
  // loops from `level` on.
  std::function<SmallVector<Value>(OpBuilder &, unsigned, ArrayRef<Value>,
                                   ArrayRef<Value>, ValueRange)>
      emitReductionLoops = [&](OpBuilder &builder, unsigned level,
                               ArrayRef<Value> columnStarts,
                               ArrayRef<Value> masks,
                               ValueRange accumulators) -> SmallVector<Value> {
    if (level == reductionLoops.size()) {
      SmallVector<Value> next;
      for (auto [start, mask, vector] :
           llvm::zip_equal(columnStarts, masks, accumulators)) {
        SmallVector<Value> indices(loopIndices);
        indices.back() = start;
        IRMapping mapping = invariants;
        mapInputs(builder, loc, op, indices, lanes, /*alongInnermost=*/true,
                  mask, mapping);
        mapInputs(builder, loc, op, indices, lanes, /*alongInnermost=*/false,
                  /*mask=*/Value(), mapping);
        mapping.map(accumulator, vector);
        cloneLaneWise(builder, op, /*skipped=*/{}, lanes, mapping);
        next.push_back(mapping.lookupOrDefault(yielded));
      }
      return next;
    }
    unsigned loop = reductionLoops[level];
    auto reductionLoop = scf::ForOp::create(
        builder, loc, zero, sizes[loop], one, accumulators,
        [&](OpBuilder &inner, Location, Value index, ValueRange iterArgs) {
          loopIndices[loop] = index;
          scf::YieldOp::create(inner, loc,
                               emitReductionLoops(inner, level + 1,
                                                  columnStarts, masks,
                                                  iterArgs));
        });
    return SmallVector<Value>(reductionLoop.getResults());
  };

  auto accumulatorType =
      VectorType::get({lanes}, getElementTypeOrSelf(output->get().getType()));
  auto maskType = VectorType::get({lanes}, rewriter.getI1Type());
  // One block of `vectors` vectors of columns from `blockStart`, each
  // masked to the columns left when `masked`.
  auto emitBlock = [&](OpBuilder &builder, Value blockStart, int64_t vectors,
                       bool masked) {
    SmallVector<Value> starts, masks, initial;
    Value padding = arith::ConstantOp::create(
        builder, loc, accumulatorType, builder.getZeroAttr(accumulatorType));
    for (int64_t position = 0; position < vectors; ++position) {
      Value start = arith::AddIOp::create(
          builder, loc, blockStart,
          arith::ConstantIndexOp::create(builder, loc, position * lanes));
      Value mask;
      if (masked)
        mask = vector::CreateMaskOp::create(
            builder, loc, maskType,
            ValueRange{arith::SubIOp::create(builder, loc, columns, start)});
      SmallVector<Value> indices = getOutputIndices(start);
      initial.push_back(
          mask ? vector::MaskedLoadOp::create(builder, loc, accumulatorType,
                                              output->get(), indices, mask,
                                              padding)
                     .getResult()
               : vector::LoadOp::create(builder, loc, accumulatorType,
                                        output->get(), indices)
                     .getResult());
      starts.push_back(start);
      masks.push_back(mask);
    }
    SmallVector<Value> reduced =
        emitReductionLoops(builder, 0, starts, masks, initial);
    for (auto [start, mask, vector] : llvm::zip_equal(starts, masks, reduced)) {
      SmallVector<Value> indices = getOutputIndices(start);
      if (mask)
        vector::MaskedStoreOp::create(builder, loc, output->get(), indices,
                                      mask, vector);
      else
        vector::StoreOp::create(builder, loc, vector, output->get(), indices);
    }
  };

  Value blockStep = arith::ConstantIndexOp::create(rewriter, loc, blockWidth);
  scf::ForOp::create(
      rewriter, loc, zero, blocksEnd, blockStep, ValueRange{},
      [&](OpBuilder &builder, Location, Value blockStart, ValueRange) {
        emitBlock(builder, blockStart, blockVectors, /*masked=*/false);
        scf::YieldOp::create(builder, loc);
      });
  // At most one iteration: the columns past the last whole block.
  scf::ForOp::create(
      rewriter, loc, blocksEnd, columns, blockStep, ValueRange{},
      [&](OpBuilder &builder, Location, Value blockStart, ValueRange) {
        emitBlock(builder, blockStart, maskedVectors, /*masked=*/true);
        scf::YieldOp::create(builder, loc);
      });
  rewriter.eraseOp(op);
  return success();
}

struct CpuVectorizeRowsPass
    : disc::impl::CpuVectorizeRowsPassBase<CpuVectorizeRowsPass> {
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
    SmallVector<RowReduction> rowReductions;
    SmallVector<std::pair<linalg::LinalgOp, int64_t>> columnReductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (std::optional<RowReduction> reduction =
              getRowReduction(op, vectorBits))
        rowReductions.push_back(*reduction);
      else if (std::optional<int64_t> lanes =
                   getColumnReductionLanes(op, vectorBits))
        columnReductions.push_back({op, *lanes});
    });
    IRRewriter rewriter(&getContext());
    for (const RowReduction &reduction : rowReductions)
      if (failed(vectorizeRowReduction(rewriter, reduction))) {
        reduction.combiner->emitError(
            "cannot vectorize this row reduction by vector registers");
        return signalPassFailure();
      }
    for (auto [op, lanes] : columnReductions)
      if (failed(vectorizeColumnReduction(rewriter, op, lanes))) {
        op.emitError(
            "cannot vectorize this column reduction by vector registers");
        return signalPassFailure();
      }
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
