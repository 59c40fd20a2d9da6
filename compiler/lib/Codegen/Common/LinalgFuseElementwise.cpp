//===- LinalgFuseElementwise.cpp - Elementwise fusion around products -----===//
//
// The patterns of upstream's linalg-fuse-elementwise-ops, with one control
// function for all of them: besides upstream's rule (the producer has one
// use, or only broadcasts), neither end of a fusion or a reshape fold may be
// a contraction.
// The sizes of dynamic shapes are resolved from the producers' operands.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGFUSEELEMENTWISEPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

bool isContraction(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaContractionOpInterface(linalgOp);
}

/// `op` as a generic that yields its one input as it reads it into its one
/// output; null for any other op.
linalg::GenericOp getCopyOfOneInput(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 ||
      !generic.getBody()->without_terminator().empty() ||
      generic.getBody()->getArgument(0) !=
          generic.getBody()->getTerminator()->getOperand(0))
    return {};
  return generic;
}

/// Whether `op` only broadcasts its one input: it yields the input as it
/// reads it, through a map of fewer dims than it loops over. Fused into each
/// of its consumers, the input is read in place rather than once more from
/// a buffer of the broadcast size: CSE makes one broadcast of a constant
/// (MobileNet's hardswish adds 3 and divides by 6) that every layer of that
/// shape reads.
bool isBroadcast(Operation *op) {
  linalg::GenericOp generic = getCopyOfOneInput(op);
  if (!generic)
    return false;
  AffineMap input =
      generic.getMatchingIndexingMap(generic.getDpsInputOperand(0));
  return input.isProjectedPermutation() &&
         input.getNumResults() < input.getNumDims() &&
         generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
             .isIdentity();
}

/// The permutation P of a generic that only transposes its one input,
/// result[j] = input[P(j)]; a null map for any other op.
AffineMap getTransposition(Operation *op) {
  linalg::GenericOp generic = getCopyOfOneInput(op);
  if (!generic || !generic.hasPureTensorSemantics())
    return {};
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (!maps[0].isPermutation() || !maps[1].isPermutation())
    return {};
  AffineMap permutation = maps[0].compose(inversePermutation(maps[1]));
  return permutation.isIdentity() ? AffineMap() : permutation;
}

/// Whether the producer of `fusedOperand` may be fused into, or the reshape
/// it is folded through, its owner.
bool leavesProductsWhole(OpOperand *fusedOperand) {
  Operation *producer = fusedOperand->get().getDefiningOp();
  return producer && (producer->hasOneUse() || isBroadcast(producer)) &&
         !isContraction(producer) && !isContraction(fusedOperand->getOwner());
}

/// A generic without inputs that yields one constant (how StableHLO's
/// constant scalars of a converted type lower) becomes that splat constant,
/// which the fusion patterns then take into each consumer's body.
struct ConstantGenericToSplat : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInputs() != 0 || op.getNumResults() != 1 ||
        !op.getBody()->without_terminator().empty())
      return failure();
    auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    Attribute value;
    if (!type || !type.hasStaticShape() ||
        !matchPattern(op.getBody()->getTerminator()->getOperand(0),
                      m_Constant(&value)))
      return failure();
    auto splat = DenseElementsAttr::get(type, value);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, splat);
    return success();
  }
};

/// A constant input read at index 0 along dims of size 1 (a bias of shape
/// C x 1 x 1 added to N x C x H x W) becomes a constant without those dims. Its
/// map is then a projected permutation, which the reshape folds need:
/// MobileNet-style blocks add such biases right after a transpose that a
/// collapse_shape keeps from fusing with the one before it.
struct ConstantInputWithoutUnitDims : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    SmallVector<Value> inputs = op.getDpsInputs();
    bool changed = false;
    for (auto [index, input] : llvm::enumerate(inputs)) {
      auto type = dyn_cast<RankedTensorType>(input.getType());
      ElementsAttr value;
      if (!type || !matchPattern(input, m_Constant(&value)))
        continue;
      AffineMap map = maps[index];
      llvm::SmallBitVector unitDims(map.getNumResults());
      SmallVector<int64_t> keptShape;
      for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
        auto constant = dyn_cast<AffineConstantExpr>(expr);
        unitDims[dim] =
            constant && constant.getValue() == 0 && type.getDimSize(dim) == 1;
        if (!unitDims[dim])
          keptShape.push_back(type.getDimSize(dim));
      }
      if (unitDims.none())
        continue;
      // A new constant rather than a collapse_shape of the old one, which
      // the reshape folds would expand the generic around again.
      auto keptType = type.clone(keptShape);
      ElementsAttr kept;
      if (auto dense = dyn_cast<DenseElementsAttr>(value))
        kept = dense.reshape(keptType);
      else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
        kept =
            DenseResourceElementsAttr::get(keptType, resource.getRawHandle());
      else
        continue;
      inputs[index] =
          arith::ConstantOp::create(rewriter, op.getLoc(), keptType, kept);
      maps[index] = map.dropResults(unitDims);
      changed = true;
    }
    if (!changed)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getInputsMutable().assign(inputs);
      op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    });
    return success();
  }
};

/// An elementwise generic whose result one consumer transposes and other
/// generics read writes the transposed layout instead: the transpose goes,
/// and the others read the new result through the inverse permutation.
/// ResNet's residual sums are such results: the next block's convolution
/// reads each as NHWC, the next sum as the program's NCHW. Kept NCHW, each
/// was written, then copied to NHWC; now the residual stream stays NHWC
/// from block to block.
struct ResultInItsTransposedLayout : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumParallelLoops() != op.getNumLoops() ||
        op.getBody()->without_terminator().empty())
      return failure();
    OpOperand *init = op.getDpsInitOperand(0);
    if (!op.getMatchingIndexingMap(init).isIdentity() ||
        op.payloadUsesValueFromOperand(init))
      return failure();
    Value result = op.getResult(0);
    linalg::GenericOp transpose;
    AffineMap permutation;
    SmallVector<OpOperand *> reads;
    for (OpOperand &use : result.getUses()) {
      if (AffineMap transposition = getTransposition(use.getOwner())) {
        if (transpose)
          return failure();
        transpose = cast<linalg::GenericOp>(use.getOwner());
        permutation = transposition;
        continue;
      }
      auto reader = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (!reader || !reader.hasPureTensorSemantics() ||
          !reader.isDpsInput(&use))
        return failure();
      reads.push_back(&use);
    }
    // A result that only the transpose reads fuses into it.
    if (!transpose || reads.empty())
      return failure();
    // Dim j of the new result is dim inverse(j) of the old one.
    AffineMap inverse = inversePermutation(permutation);
    auto type = cast<RankedTensorType>(result.getType());
    SmallVector<int64_t> transposedShape;
    for (AffineExpr dim : inverse.getResults())
      transposedShape.push_back(
          type.getDimSize(cast<AffineDimExpr>(dim).getPosition()));
    auto transposedType = type.clone(transposedShape);
    if (transposedType != transpose.getResult(0).getType())
      return failure();

    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, init->get());
    SmallVector<OpFoldResult> transposedSizes;
    for (AffineExpr dim : inverse.getResults())
      transposedSizes.push_back(sizes[cast<AffineDimExpr>(dim).getPosition()]);
    Value empty = tensor::EmptyOp::create(rewriter, loc, transposedSizes,
                                          type.getElementType());
    // Looping in the new layout keeps the written result's map the identity.
    SmallVector<AffineMap> maps;
    for (OpOperand *input : op.getDpsInputOperands())
      maps.push_back(op.getMatchingIndexingMap(input).compose(permutation));
    maps.push_back(rewriter.getMultiDimIdentityMap(type.getRank()));
    auto transposed = linalg::GenericOp::create(
        rewriter, loc, TypeRange{transposedType}, op.getDpsInputs(),
        ValueRange{empty}, maps, op.getIteratorTypesArray());
    rewriter.inlineRegionBefore(op.getRegion(), transposed.getRegion(),
                                transposed.getRegion().begin());
    rewriter.replaceOp(transpose, transposed.getResult(0));
    for (OpOperand *read : reads) {
      auto reader = cast<linalg::GenericOp>(read->getOwner());
      SmallVector<AffineMap> readerMaps = reader.getIndexingMapsArray();
      AffineMap &map = readerMaps[read->getOperandNumber()];
      map = inverse.compose(map);
      rewriter.modifyOpInPlace(reader, [&] {
        read->set(transposed.getResult(0));
        reader.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(readerMaps));
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Drops the innermost loop of each all-parallel generic where it runs
/// once. Fusion through a depthwise convolution's N x H x W x C x 1 result
/// leaves generics whose innermost loop is that 1: nothing in them would
/// vectorize, where the loop over C is contiguous in every operand.
void dropUnitInnermostLoops(func::FuncOp function) {
  SmallVector<linalg::GenericOp> generics;
  function.walk([&](linalg::GenericOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (op.hasPureTensorSemantics() && ranges.size() > 1 &&
        ranges.back() == 1 && op.getNumParallelLoops() == op.getNumLoops())
      generics.push_back(op);
  });
  IRRewriter rewriter(function.getContext());
  linalg::ControlDropUnitDims options;
  options.controlFn = [](Operation *op) {
    return SmallVector<unsigned>{cast<linalg::GenericOp>(op).getNumLoops() - 1};
  };
  for (linalg::GenericOp op : generics) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::DropUnitDimsResult> dropped =
        linalg::dropUnitDims(rewriter, op, options);
    if (succeeded(dropped))
      rewriter.replaceOp(op, dropped->replacements);
  }
}

struct LinalgFuseElementwisePass
    : disc::impl::LinalgFuseElementwisePassBase<LinalgFuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, leavesProductsWhole);
    patterns.add<ConstantGenericToSplat, ConstantInputWithoutUnitDims,
                 ResultInItsTransposedLayout>(context);
    // A dynamic shape's sizes are read with tensor.dim of the producers:
    // answered from their operands, those uses no longer keep a producer
    // that has one consumer from fusing into it.
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                      leavesProductsWhole);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, leavesProductsWhole);
    // Top-down, as upstream's pass, for compile time.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
    getOperation()->walk(dropUnitInnermostLoops);
  }
};

} // namespace
