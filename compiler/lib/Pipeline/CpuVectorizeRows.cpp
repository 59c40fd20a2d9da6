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
#include "disc/Pipeline/ReassociableCombiner.h"

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

// Independent accumulators of a row reduction: a vector add takes about
// four cycles and two can start each cycle, so one accumulator would wait on
// its own previous add; LLVM's loop vectorizer interleaves as many.
constexpr int64_t kReductionAccumulators = 4;

/// A reduction of the innermost loop of a linalg op on buffers into its one
/// output, with every other loop parallel, which the lanes of `lanes`-wide
/// vectors may compute in any order.
struct RowReduction {
  linalg::LinalgOp op;
  /// The body's op that folds each element into the accumulator.
  Operation *combiner;
  /// The body's argument of the output's element, which only `combiner`
  /// reads, and the value it folds in.
  BlockArgument accumulator;
  Value element;
  vector::CombiningKind kind;
  int64_t lanes;
};

/// Whether every op of `op`'s body but its combiner computes each lane on
/// its own and cannot fault on the lanes past a row's end: elementwise,
/// side-effect-free ops (no integer division) and constants.
bool hasLaneWiseBody(linalg::LinalgOp op, Operation *combiner) {
  for (Operation &bodyOp : op.getBlock()->without_terminator()) {
    if (&bodyOp == combiner || isa<arith::ConstantOp>(bodyOp))
      continue;
    if (!OpTrait::hasElementwiseMappableTraits(&bodyOp) || !isPure(&bodyOp) ||
        bodyOp.getNumRegions() != 0)
      return false;
    if (llvm::any_of(bodyOp.getResultTypes(),
                     [](Type type) { return !type.isIntOrFloat(); }))
      return false;
  }
  return combiner->getResult(0).hasOneUse();
}

/// The row reduction `op` is, or nothing. A static row shorter than a
/// vector (layer norm's per-row scalars) is left to the scalar loop, and so
/// are booleans, which memory holds a byte each but a vector a bit each.
std::optional<RowReduction> getRowReduction(linalg::LinalgOp op,
                                            int64_t vectorBits) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getNumReductionLoops() != 1 || op.hasIndexSemantics() ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
      !isInnermostLoopContiguous(op))
    return std::nullopt;
  Operation *combiner = disc::getReassociableCombiner(op);
  if (!combiner || !hasLaneWiseBody(op, combiner))
    return std::nullopt;
  std::optional<vector::CombiningKind> kind =
      linalg::getCombinerOpKind(combiner);
  std::optional<unsigned> bits = getWidestElementBits(op);
  if (!kind || !bits || *bits < 8 || vectorBits < *bits)
    return std::nullopt;
  int64_t lanes = vectorBits / *bits;
  int64_t rowSize = op.getStaticLoopRanges().back();
  if (!ShapedType::isDynamic(rowSize) && rowSize < lanes)
    return std::nullopt;
  BlockArgument accumulator =
      op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  Value element = combiner->getOperand(0) == accumulator
                      ? combiner->getOperand(1)
                      : combiner->getOperand(0);
  return RowReduction{op, combiner, accumulator, element, *kind, lanes};
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

/// The body of `reduction` without its combiner on `lanes` elements of a
/// row: each op cloned with vector results, its inputs taken from
/// `mapping` (the row's vectors, and broadcasts of everything that does not
/// vary along the row). Returns the vector the combiner folds in.
Value emitElementVector(OpBuilder &builder, const RowReduction &reduction,
                        IRMapping mapping) {
  for (Operation &bodyOp : *reduction.accumulator.getOwner()) {
    if (&bodyOp == reduction.combiner || isa<arith::ConstantOp>(bodyOp) ||
        bodyOp.hasTrait<OpTrait::IsTerminator>())
      continue;
    Operation *clone = builder.clone(bodyOp, mapping);
    for (Value result : clone->getResults())
      result.setType(VectorType::get({reduction.lanes}, result.getType()));
  }
  return mapping.lookup(reduction.element);
}

/// `accumulator` combined with `element` as the body's combiner does, on
/// vectors.
Value emitCombine(OpBuilder &builder, const RowReduction &reduction,
                  Value accumulator, Value element) {
  Operation *combine = builder.clone(*reduction.combiner);
  for (OpOperand &operand : combine->getOpOperands())
    operand.set(operand.get() == reduction.accumulator ? accumulator : element);
  combine->getResult(0).setType(accumulator.getType());
  return combine->getResult(0);
}

/// Replaces `reduction` by vector code: a parallel loop over its outer
/// loops (none when they are all of size one, as in a loop by rows), in
/// which a row is folded into kReductionAccumulators vector accumulators
/// of whole vectors, then into the first of them by masked vectors up to
/// the row's end (the lanes past it hold the combiner's neutral element),
/// then the accumulators into one and that vector into the output's element
/// by one horizontal vector.reduction.
LogicalResult vectorizeRowReduction(RewriterBase &rewriter,
                                    const RowReduction &reduction) {
  linalg::LinalgOp op = reduction.op;
  std::optional<TypedAttr> neutral =
      arith::getNeutralElement(reduction.combiner);
  if (!neutral)
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  unsigned rowLoop = op.getNumLoops() - 1;
  SmallVector<Value> loopIndices(op.getNumLoops(), zero);
  SmallVector<unsigned> outerLoops;
  SmallVector<Value> outerSizes;
  for (unsigned loop = 0; loop < rowLoop; ++loop) {
    if (isConstantIntValue(ranges[loop].size, 1))
      continue;
    outerLoops.push_back(loop);
    outerSizes.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, ranges[loop].size));
  }
  Value rowSize =
      getValueOrCreateConstantIndexOp(rewriter, loc, ranges[rowLoop].size);
  int64_t unrolledStep = reduction.lanes * kReductionAccumulators;
  // Folded when the row is static, so that disc-cpu-parallel-for sees the
  // loops' trip counts.
  Value unrolledEnd = rewriter.createOrFold<arith::SubIOp>(
      loc, rowSize,
      rewriter.createOrFold<arith::RemUIOp>(
          loc, rowSize,
          arith::ConstantIndexOp::create(rewriter, loc, unrolledStep)));
  if (!outerLoops.empty()) {
    SmallVector<Value> lowerBounds(outerLoops.size(), zero);
    SmallVector<Value> steps(outerLoops.size(), one);
    auto parallel =
        scf::ParallelOp::create(rewriter, loc, lowerBounds, outerSizes, steps);
    rewriter.setInsertionPointToStart(parallel.getBody());
    for (auto [loop, index] :
         llvm::zip_equal(outerLoops, parallel.getInductionVars()))
      loopIndices[loop] = index;
  }

  // What does not vary along the row is read (or made) once per row and
  // broadcast.
  Block *body = op.getBlock();
  IRMapping invariants;
  auto broadcast = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(
        rewriter, loc, VectorType::get({reduction.lanes}, scalar.getType()),
        scalar);
  };
  SmallVector<OpOperand *> rowInputs;
  for (OpOperand *input : op.getDpsInputOperands()) {
    BlockArgument argument = op.getMatchingBlockArgument(input);
    if (argument.use_empty())
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map.isFunctionOfDim(rowLoop)) {
      rowInputs.push_back(input);
      continue;
    }
    Value scalar = memref::LoadOp::create(
        rewriter, loc, input->get(),
        getOperandIndices(op, *input, loopIndices, zero));
    invariants.map(argument, broadcast(scalar));
  }
  for (Operation &bodyOp : body->without_terminator()) {
    if (auto constant = dyn_cast<arith::ConstantOp>(bodyOp)) {
      invariants.map(constant.getResult(),
                     broadcast(rewriter.clone(bodyOp)->getResult(0)));
      continue;
    }
    for (Value operand : bodyOp.getOperands())
      if (operand.getParentBlock() != body && !invariants.contains(operand))
        invariants.map(operand, broadcast(operand));
  }

  Type accumulatorElement = reduction.combiner->getResult(0).getType();
  auto accumulatorType = VectorType::get({reduction.lanes}, accumulatorElement);
  Value neutralVector = arith::ConstantOp::create(
      rewriter, loc, DenseElementsAttr::get(accumulatorType, *neutral));
  // The element vectors of the row's lanes starting at `column`, read with
  // `mask` when there is one.
  auto emitElements = [&](OpBuilder &builder, Value column, Value mask) {
    IRMapping mapping = invariants;
    SmallVector<Value> indices(loopIndices);
    indices.back() = column;
    for (OpOperand *input : rowInputs) {
      Value memref = input->get();
      Type element = getElementTypeOrSelf(memref.getType());
      auto type = VectorType::get({reduction.lanes}, element);
      SmallVector<Value> inputIndices =
          getOperandIndices(op, *input, indices, zero);
      Value row;
      if (mask) {
        Value padding = arith::ConstantOp::create(builder, loc, type,
                                                  builder.getZeroAttr(type));
        row = vector::MaskedLoadOp::create(builder, loc, type, memref,
                                           inputIndices, mask, padding);
      } else {
        row = vector::LoadOp::create(builder, loc, type, memref, inputIndices);
      }
      mapping.map(op.getMatchingBlockArgument(input), row);
    }
    return emitElementVector(builder, reduction, mapping);
  };

  SmallVector<Value> initialAccumulators(kReductionAccumulators, neutralVector);
  auto unrolled = scf::ForOp::create(
      rewriter, loc, zero, unrolledEnd,
      arith::ConstantIndexOp::create(rewriter, loc, unrolledStep),
      initialAccumulators,
      [&](OpBuilder &builder, Location, Value column, ValueRange accumulators) {
        SmallVector<Value> next;
        for (auto [position, accumulator] : llvm::enumerate(accumulators)) {
          Value offset = arith::AddIOp::create(
              builder, loc, column,
              arith::ConstantIndexOp::create(builder, loc,
                                             position * reduction.lanes));
          next.push_back(emitCombine(builder, reduction, accumulator,
                                     emitElements(builder, offset, Value())));
        }
        scf::YieldOp::create(builder, loc, next);
      });

  auto maskType = VectorType::get({reduction.lanes}, rewriter.getI1Type());
  auto tail = scf::ForOp::create(
      rewriter, loc, unrolledEnd, rowSize,
      arith::ConstantIndexOp::create(rewriter, loc, reduction.lanes),
      ValueRange{unrolled.getResult(0)},
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
          emitCombine(rewriter, reduction, partials[i], partials[i + 1]));
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
  Value result = vector::ReductionOp::create(
      rewriter, loc, reduction.kind, partials.front(), initial, fastMath);
  memref::StoreOp::create(rewriter, loc, result, output->get(), outputIndices);
  rewriter.eraseOp(op);
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
    SmallVector<RowReduction> reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (std::optional<RowReduction> reduction =
              getRowReduction(op, vectorBits))
        reductions.push_back(*reduction);
    });
    IRRewriter rewriter(&getContext());
    for (const RowReduction &reduction : reductions)
      if (failed(vectorizeRowReduction(rewriter, reduction))) {
        reduction.combiner->emitError(
            "cannot vectorize this row reduction by vector registers");
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
