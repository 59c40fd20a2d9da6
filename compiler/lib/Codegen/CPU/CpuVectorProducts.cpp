//===- CpuVectorProducts.cpp - Matrix-vector products' own loops ----------===//
//
// A dense layer at batch 1 reads each weight once for one multiply-add: it
// runs at the speed the weights stream from memory. Its loops read the
// weights along their contiguous dimension, a whole vector at a time, into
// enough independent accumulators that the FMAs keep up with the stream,
// and nothing else: no copy of the weights (a packed block, a transposed
// B), which would read and write them once more.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/CpuVectorProducts.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::disc;

namespace {

/// The rows of the matrix whose scaled sums every register tile of a block
/// takes in turn.
constexpr int64_t kMatrixRowBlock = 64;

/// Whether the product reads `input` widened into `accumulator`.
bool isReadAs(Type input, Type accumulator) {
  return input == accumulator ||
         (accumulator.isF32() && (input.isF16() || input.isBF16()));
}

bool isLastResult(AffineMap map, unsigned loop) {
  return map.getNumResults() > 0 &&
         map.getResults().back() == getAffineDimExpr(loop, map.getContext());
}

/// Builds the loops of one matrix-vector product in place of its op.
class VectorProductLoops {
public:
  VectorProductLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                     const VectorProduct &product, int64_t vectorBits,
                     int64_t registerVectors)
      : rewriter(rewriter), loc(op.getLoc()), op(op), product(product),
        registerVectors(registerVectors),
        accumulatorType(getElementTypeOrSelf(op.getDpsInitOperand(0)->get())),
        lanes(std::max<int64_t>(
            1, vectorBits / accumulatorType.getIntOrFloatBitWidth())),
        accumulatorVector(VectorType::get({lanes}, accumulatorType)),
        matrixMap(op.getMatchingIndexingMap(product.matrix)),
        vectorMap(op.getMatchingIndexingMap(product.vector)),
        outputMap(op.getMatchingIndexingMap(op.getDpsInitOperand(0))) {}

  void build() {
    rewriter.setInsertionPoint(op);
    zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
    SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
    OpFoldResult extent = ranges[product.outputLoop].size;
    reductionExtent = getValueOrCreateConstantIndexOp(
        rewriter, loc, ranges[product.reductionLoop].size);
    AffineExpr size = getAffineDimExpr(0, rewriter.getContext());
    reductionVectorsEnd = affine::makeComposedAffineApply(
        rewriter, loc, size.floorDiv(lanes) * lanes, {reductionExtent});

    // Blocks of 8 register tiles of dot products (64 rows of a matrix of
    // f32, read once each) or of 4 tiles of consecutive outputs (512 f32
    // columns of the matrix, a 2 KiB line of each of its rows), in
    // parallel.
    int64_t tileOutputs = getTileOutputs();
    int64_t blockOutputs = (product.dotProducts ? 8 : 4) * tileOutputs;
    Value init = op.getDpsInitOperand(0)->get();
    auto forall = scf::ForallOp::create(
        rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{extent},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(blockOutputs)},
        ValueRange{init}, /*mapping=*/std::nullopt);
    rewriter.setInsertionPoint(forall.getTerminator());
    blockStart = forall.getInductionVars().front();
    Value shared = forall.getRegionIterArgs().front();
    AffineExpr start = getAffineDimExpr(0, rewriter.getContext());
    AffineExpr end = getAffineSymbolExpr(0, rewriter.getContext());
    OpFoldResult blockSize = affine::makeComposedFoldedAffineMin(
        rewriter, loc,
        AffineMap::get(
            1, 1,
            {getAffineConstantExpr(blockOutputs, rewriter.getContext()),
             end - start},
            rewriter.getContext()),
        {blockStart, extent});
    SmallVector<OpFoldResult> offsets, sizes;
    for (AffineExpr result : outputMap.getResults()) {
      bool isOutputLoop =
          cast<AffineDimExpr>(result).getPosition() == product.outputLoop;
      offsets.push_back(isOutputLoop ? OpFoldResult(blockStart)
                                     : rewriter.getIndexAttr(0));
      sizes.push_back(isOutputLoop ? blockSize : rewriter.getIndexAttr(1));
    }
    SmallVector<OpFoldResult> strides(offsets.size(), rewriter.getIndexAttr(1));
    Value block = tensor::ExtractSliceOp::create(rewriter, loc, shared, offsets,
                                                 sizes, strides);

    Value blockEnd = getValueOrCreateConstantIndexOp(rewriter, loc, blockSize);
    Value tilesEnd = affine::makeComposedAffineApply(
        rewriter, loc, size.floorDiv(tileOutputs) * tileOutputs, {blockEnd});
    if (product.dotProducts) {
      block = buildTileLoops(rewriter, tilesEnd, blockEnd, block);
    } else {
      // The rows of the matrix in blocks, the block's register tiles one
      // after the other in each: the tiles read each row's piece of the
      // block one after the other (2 KiB of f32), which the prefetchers
      // follow, where a tile walking all of k would read a 512-byte piece
      // of each row, every one in a page of its own.
      Value rowBlock =
          arith::ConstantIndexOp::create(rewriter, loc, kMatrixRowBlock);
      auto rowBlocks = scf::ForOp::create(
          rewriter, loc, zeroIndex, reductionExtent, rowBlock,
          ValueRange{block},
          [&](OpBuilder &builder, Location, Value firstRow, ValueRange args) {
            AffineExpr first = getAffineDimExpr(0, builder.getContext());
            AffineExpr rows = getAffineSymbolExpr(0, builder.getContext());
            rowsBegin = firstRow;
            rowsEnd = affine::makeComposedAffineMin(
                builder, loc,
                AffineMap::get(1, 1, {first + kMatrixRowBlock, rows},
                               builder.getContext()),
                {firstRow, reductionExtent});
            scf::YieldOp::create(
                builder, loc,
                buildTileLoops(builder, tilesEnd, blockEnd, args[0]));
          });
      block = rowBlocks.getResult(0);
    }

    rewriter.setInsertionPointToEnd(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(rewriter, loc, block, shared, offsets,
                                          sizes, strides);
    rewriter.replaceOp(op, forall.getResults());
  }

private:
  /// The outputs of a full register tile.
  int64_t getTileOutputs() const {
    return product.dotProducts ? registerVectors : registerVectors * lanes;
  }

  /// Full register tiles up to `tilesEnd`, then what is left of the block
  /// up to `blockEnd` one output (dot products) or one vector of outputs
  /// (read and written not in bounds) at a time, updating `block`.
  Value buildTileLoops(OpBuilder &builder, Value tilesEnd, Value blockEnd,
                       Value block) {
    block = buildTileLoop(builder, zeroIndex, tilesEnd, getTileOutputs(),
                          registerVectors, /*inBounds=*/true, block);
    return buildTileLoop(builder, tilesEnd, blockEnd,
                         product.dotProducts ? 1 : lanes, 1,
                         /*inBounds=*/product.dotProducts, block);
  }

  /// A loop from `begin` to `end` by `step` whose iterations are register
  /// tiles of `tileVectors` vectors, updating `block`.
  Value buildTileLoop(OpBuilder &builder, Value begin, Value end, int64_t step,
                      int64_t tileVectors, bool inBounds, Value block) {
    Value stepValue = arith::ConstantIndexOp::create(builder, loc, step);
    auto loop = scf::ForOp::create(
        builder, loc, begin, end, stepValue, ValueRange{block},
        [&](OpBuilder &nested, Location, Value offset, ValueRange args) {
          Value updated =
              product.dotProducts
                  ? buildDotProducts(nested, offset, tileVectors, args[0])
                  : buildScaledRows(nested, offset, tileVectors, inBounds,
                                    args[0]);
          scf::YieldOp::create(nested, loc, updated);
        });
    return loop.getResult(0);
  }

  /// The indices of the element of `map`'s operand at `outputIndex` of the
  /// output loop and `reductionIndex` of the reduction loop; every other
  /// loop has a size of 1.
  SmallVector<Value> getIndices(AffineMap map, Value outputIndex,
                                Value reductionIndex) const {
    SmallVector<Value> indices;
    for (AffineExpr result : map.getResults()) {
      unsigned loop = cast<AffineDimExpr>(result).getPosition();
      indices.push_back(loop == product.outputLoop      ? outputIndex
                        : loop == product.reductionLoop ? reductionIndex
                                                        : zeroIndex);
    }
    return indices;
  }

  /// A vector of `operand` along its last dimension from `indices`, in the
  /// accumulator's type; not in bounds, zeros past the dimension's end.
  Value readVector(OpBuilder &builder, Value source, ValueRange indices,
                   bool inBounds) const {
    Type elementType = getElementTypeOrSelf(source);
    Value padding = arith::ConstantOp::create(
        builder, loc, cast<TypedAttr>(builder.getZeroAttr(elementType)));
    Value vector = vector::TransferReadOp::create(
        builder, loc, VectorType::get({lanes}, elementType), source, indices,
        padding, ArrayRef<bool>{inBounds});
    if (elementType == accumulatorType)
      return vector;
    return arith::ExtFOp::create(builder, loc, accumulatorVector, vector);
  }

  Value getMatrix() const { return product.matrix->get(); }
  Value getVector() const { return product.vector->get(); }

  /// `rows` outputs at `offset` in `block`, each the dot product of a line
  /// of the matrix and the vector: one accumulator vector per output through
  /// the reduction (its last vector read not in bounds), reduced at the end
  /// and added to the output's value.
  Value buildDotProducts(OpBuilder &builder, Value offset, int64_t rows,
                         Value block) const {
    Value zero = arith::ConstantOp::create(
        builder, loc, cast<TypedAttr>(builder.getZeroAttr(accumulatorVector)));
    SmallVector<Value> outputs, lines;
    for (int64_t row = 0; row < rows; ++row) {
      Value local = arith::AddIOp::create(
          builder, loc, offset,
          arith::ConstantIndexOp::create(builder, loc, row));
      outputs.push_back(local);
      lines.push_back(arith::AddIOp::create(builder, loc, blockStart, local));
    }
    auto buildSteps = [&](Value begin, Value end, bool inBounds,
                          ValueRange accumulators) {
      Value step = arith::ConstantIndexOp::create(builder, loc, lanes);
      return scf::ForOp::create(
                 builder, loc, begin, end, step, accumulators,
                 [&](OpBuilder &nested, Location, Value k, ValueRange sums) {
                   Value vector =
                       readVector(nested, getVector(),
                                  getIndices(vectorMap, Value(), k), inBounds);
                   SmallVector<Value> updated;
                   for (auto [global, sum] : llvm::zip(lines, sums)) {
                     Value line =
                         readVector(nested, getMatrix(),
                                    getIndices(matrixMap, global, k), inBounds);
                     updated.push_back(
                         vector::FMAOp::create(nested, loc, line, vector, sum));
                   }
                   scf::YieldOp::create(nested, loc, updated);
                 })
          .getResults();
    };
    SmallVector<Value> accumulators(rows, zero);
    ValueRange sums = buildSteps(zeroIndex, reductionVectorsEnd,
                                 /*inBounds=*/true, accumulators);
    sums = buildSteps(reductionVectorsEnd, reductionExtent,
                      /*inBounds=*/false, sums);
    for (auto [local, sum] : llvm::zip(outputs, sums)) {
      Value total = vector::ReductionOp::create(
          builder, loc, vector::CombiningKind::ADD, sum);
      SmallVector<Value> indices = getIndices(outputMap, local, Value());
      Value initial = tensor::ExtractOp::create(builder, loc, block, indices);
      Value result = arith::AddFOp::create(builder, loc, initial, total);
      block = tensor::InsertOp::create(builder, loc, result, block, indices);
    }
    return block;
  }

  /// `vectors` vectors of outputs from `offset` in `block`: each the sum of
  /// the matrix's rows scaled by the vector's elements, carried through the
  /// reduction loop; not in bounds, the lanes past the output's end are
  /// zeros and never written.
  Value buildScaledRows(OpBuilder &builder, Value offset, int64_t vectors,
                        bool inBounds, Value block) const {
    SmallVector<Value> outputs, columns, accumulators;
    for (int64_t index = 0; index < vectors; ++index) {
      Value local = arith::AddIOp::create(
          builder, loc, offset,
          arith::ConstantIndexOp::create(builder, loc, index * lanes));
      outputs.push_back(local);
      columns.push_back(arith::AddIOp::create(builder, loc, blockStart, local));
      accumulators.push_back(readVector(
          builder, block, getIndices(outputMap, local, Value()), inBounds));
    }
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    auto loop = scf::ForOp::create(
        builder, loc, rowsBegin, rowsEnd, one, accumulators,
        [&](OpBuilder &nested, Location, Value k, ValueRange sums) {
          Value scale = tensor::ExtractOp::create(
              nested, loc, getVector(), getIndices(vectorMap, Value(), k));
          if (scale.getType() != accumulatorType)
            scale = arith::ExtFOp::create(nested, loc, accumulatorType, scale);
          Value scales = vector::BroadcastOp::create(nested, loc,
                                                     accumulatorVector, scale);
          SmallVector<Value> updated;
          for (auto [global, sum] : llvm::zip(columns, sums)) {
            Value row = readVector(nested, getMatrix(),
                                   getIndices(matrixMap, global, k), inBounds);
            updated.push_back(
                vector::FMAOp::create(nested, loc, scales, row, sum));
          }
          scf::YieldOp::create(nested, loc, updated);
        });
    for (auto [local, sum] : llvm::zip(outputs, loop.getResults()))
      block =
          vector::TransferWriteOp::create(builder, loc, sum, block,
                                          getIndices(outputMap, local, Value()),
                                          ArrayRef<bool>{inBounds})
              .getResult();
    return block;
  }

  RewriterBase &rewriter;
  Location loc;
  linalg::LinalgOp op;
  const VectorProduct &product;
  int64_t registerVectors;
  Type accumulatorType;
  int64_t lanes;
  VectorType accumulatorVector;
  AffineMap matrixMap;
  AffineMap vectorMap;
  AffineMap outputMap;
  Value zeroIndex;
  Value blockStart;
  Value reductionExtent;
  Value reductionVectorsEnd;
  /// The rows of the matrix the scaled rows' tiles now sum.
  Value rowsBegin;
  Value rowsEnd;
};

} // namespace

std::optional<VectorProduct> disc::getVectorProduct(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumDpsInputs() != 2 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  OpOperand *output = op.getDpsInitOperand(0);
  Type accumulatorType = getElementTypeOrSelf(output->get());
  if (!accumulatorType.isF32() && !accumulatorType.isF64())
    return std::nullopt;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!isReadAs(getElementTypeOrSelf(input->get()), accumulatorType))
      return std::nullopt;

  std::optional<unsigned> outputLoop, reductionLoop;
  for (auto [loop, size, iterator] :
       llvm::enumerate(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (size == 1)
      continue;
    std::optional<unsigned> &wide =
        iterator == utils::IteratorType::parallel ? outputLoop : reductionLoop;
    if (wide)
      return std::nullopt;
    wide = loop;
  }
  if (!outputLoop || !reductionLoop)
    return std::nullopt;

  OpOperand *matrix = nullptr;
  OpOperand *vector = nullptr;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    bool walksOutput = llvm::any_of(map.getResults(), [&](AffineExpr result) {
      return result.isFunctionOfDim(*outputLoop);
    });
    (walksOutput ? matrix : vector) = input;
  }
  if (!matrix || !vector)
    return std::nullopt;
  AffineMap matrixMap = op.getMatchingIndexingMap(matrix);
  AffineMap vectorMap = op.getMatchingIndexingMap(vector);
  AffineMap outputMap = op.getMatchingIndexingMap(output);
  bool dotProducts = isLastResult(matrixMap, *reductionLoop);
  bool supported = dotProducts ? isLastResult(vectorMap, *reductionLoop)
                               : isLastResult(matrixMap, *outputLoop) &&
                                     isLastResult(outputMap, *outputLoop);
  if (!supported)
    return std::nullopt;
  return VectorProduct{*outputLoop, *reductionLoop, matrix, vector,
                       dotProducts};
}

/// The op `value` is a transpose of (linalg.transpose, or the
/// linalg.generic that stablehlo.transpose becomes), or null.
static linalg::LinalgOp getTranspose(Value value) {
  auto producer = value.getDefiningOp<linalg::LinalgOp>();
  if (!producer || !producer.hasPureTensorSemantics() ||
      producer.getNumDpsInputs() != 1 || producer.getNumDpsInits() != 1 ||
      producer.getNumParallelLoops() != producer.getNumLoops() ||
      !llvm::all_of(producer.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isPermutation(); }))
    return nullptr;
  Block &body = producer->getRegion(0).front();
  auto yield = dyn_cast<linalg::YieldOp>(body.front());
  if (!yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != body.getArgument(0))
    return nullptr;
  return producer;
}

/// Whether `transpose` swaps the last two dimensions of its input and
/// keeps every other in place, as a library's transpose flag reads a
/// matrix (x * W^T, a batch of them).
static bool swapsLastTwoDims(linalg::LinalgOp transpose) {
  AffineMap inputMap =
      transpose.getMatchingIndexingMap(transpose.getDpsInputOperand(0));
  AffineMap outputMap =
      transpose.getMatchingIndexingMap(transpose.getDpsInitOperand(0));
  AffineMap permutation = inputMap.compose(inversePermutation(outputMap));
  unsigned rank = permutation.getNumResults();
  if (rank < 2)
    return false;
  SmallVector<unsigned> swapped = llvm::to_vector(llvm::seq<unsigned>(0, rank));
  std::swap(swapped[rank - 2], swapped[rank - 1]);
  return permutation ==
         AffineMap::getPermutationMap(swapped, transpose.getContext());
}

/// A linalg.generic clone of `op`, a contraction on tensors, that reads the
/// inputs of the transposes `foldable` accepts among those it reads, in
/// their place: the product reads the transpose's output at map(loops),
/// which is its input at inputMap(outputMap^-1(map(loops))). Null (and
/// nothing built) when it reads no such transpose or cannot be generalized.
static linalg::GenericOp
cloneReadingTransposesInPlace(RewriterBase &rewriter, linalg::LinalgOp op,
                              function_ref<bool(linalg::LinalgOp)> foldable) {
  auto isFoldable = [&](OpOperand *input) {
    linalg::LinalgOp transpose = getTranspose(input->get());
    return transpose && foldable(transpose);
  };
  if (!op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op) ||
      llvm::none_of(op.getDpsInputOperands(), isFoldable))
    return nullptr;
  rewriter.setInsertionPoint(op);
  auto candidate = cast<linalg::LinalgOp>(rewriter.clone(*op));
  if (!isa<linalg::GenericOp>(*candidate)) {
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, candidate);
    if (failed(generic)) {
      rewriter.eraseOp(candidate);
      return nullptr;
    }
    candidate = cast<linalg::LinalgOp>(generic->getOperation());
  }
  auto generic = cast<linalg::GenericOp>(*candidate);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  for (OpOperand *input : generic.getDpsInputOperands()) {
    if (!isFoldable(input))
      continue;
    linalg::LinalgOp transpose = getTranspose(input->get());
    AffineMap inputMap =
        transpose.getMatchingIndexingMap(transpose.getDpsInputOperand(0));
    AffineMap outputMap =
        transpose.getMatchingIndexingMap(transpose.getDpsInitOperand(0));
    AffineMap &map = maps[input->getOperandNumber()];
    map = inputMap.compose(inversePermutation(outputMap)).compose(map);
    rewriter.modifyOpInPlace(
        generic, [&] { input->set(transpose.getDpsInputOperand(0)->get()); });
  }
  rewriter.modifyOpInPlace(generic, [&] {
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  return generic;
}

std::optional<VectorProduct>
disc::readTransposedMatrixInPlace(RewriterBase &rewriter,
                                  linalg::LinalgOp &op) {
  linalg::GenericOp candidate = cloneReadingTransposesInPlace(
      rewriter, op, [](linalg::LinalgOp) { return true; });
  if (!candidate)
    return std::nullopt;
  std::optional<VectorProduct> product = getVectorProduct(candidate);
  if (!product) {
    rewriter.eraseOp(candidate);
    return std::nullopt;
  }
  rewriter.replaceOp(op, candidate->getResults());
  op = candidate;
  return product;
}

bool disc::readTransposedMatricesByFlag(RewriterBase &rewriter,
                                        linalg::LinalgOp &op) {
  if (!op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op))
    return false;
  // A 2-D operand may be read transposed in every product the library
  // takes, one of higher rank only in a batched product (all operands of
  // one rank): the rows of a [B, S, K] x [K, N] layer are collapsed from
  // an lhs read as it lies.
  auto getRank = [](Value value) {
    return cast<ShapedType>(value.getType()).getRank();
  };
  int64_t outputRank = getRank(op.getDpsInitOperand(0)->get());
  bool batched = llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    return getRank(input->get()) == outputRank;
  });
  linalg::GenericOp candidate = cloneReadingTransposesInPlace(
      rewriter, op, [&](linalg::LinalgOp transpose) {
        int64_t rank = getRank(transpose->getResult(0));
        return swapsLastTwoDims(transpose) && (rank == 2 || batched);
      });
  if (!candidate)
    return false;
  SmallVector<Operation *> transposes;
  for (OpOperand *input : op.getDpsInputOperands())
    if (linalg::LinalgOp transpose = getTranspose(input->get()))
      transposes.push_back(transpose);
  rewriter.replaceOp(op, candidate->getResults());
  op = candidate;
  // Nothing erases the unused copy before bufferization makes it a write
  // to memory, which is then made all the same.
  for (Operation *transpose : transposes)
    if (transpose->use_empty())
      rewriter.eraseOp(transpose);
  return true;
}

bool disc::tileVectorProductOfOneRow(RewriterBase &rewriter,
                                     linalg::LinalgOp op, int64_t vectorBits,
                                     int64_t registerVectors,
                                     bool onlyDotProducts) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return false;
  Location loc = op.getLoc();
  for (auto [loop, size, iterator] :
       llvm::enumerate(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (!ShapedType::isDynamic(size) ||
        iterator != utils::IteratorType::parallel)
      continue;
    // A fill of the output that only `op` reads is made in each branch:
    // disc-linalg-matmul-to-ral then finds the zeros the library's call
    // overwrites right before it. (The size below reads the fill's shape,
    // which canonicalization then reads from its tensor.empty.)
    Value init = op.getDpsInitOperand(0)->get();
    auto fill = init.getDefiningOp<linalg::FillOp>();
    if (fill && !fill->hasOneUse())
      fill = nullptr;
    auto getBranchInit = [&]() -> Value {
      return fill ? rewriter.clone(*fill)->getResult(0) : init;
    };
    rewriter.setInsertionPoint(op);
    Value rows = getValueOrCreateConstantIndexOp(
        rewriter, loc, op.createLoopRanges(rewriter, loc)[loop].size);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value isOneRow = arith::CmpIOp::create(rewriter, loc,
                                           arith::CmpIPredicate::eq, rows, one);
    auto dispatch = scf::IfOp::create(rewriter, loc, op->getResultTypes(),
                                      isOneRow, /*addThenBlock=*/true,
                                      /*addElseBlock=*/true);

    // Then: the product of the operands' slices of one row.
    rewriter.setInsertionPointToStart(dispatch.thenBlock());
    Value thenInit = getBranchInit();
    SmallVector<Value> slices;
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = op.isDpsInit(&operand) ? thenInit : operand.get();
      AffineMap map = op.getMatchingIndexingMap(&operand);
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, loc, value);
      for (auto [dim, result] : llvm::enumerate(map.getResults()))
        if (result.isFunctionOfDim(loop))
          sizes[dim] = rewriter.getIndexAttr(1);
      SmallVector<OpFoldResult> zeros(sizes.size(), rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> ones(sizes.size(), rewriter.getIndexAttr(1));
      slices.push_back(tensor::ExtractSliceOp::create(rewriter, loc, value,
                                                      zeros, sizes, ones));
    }
    Value initSlice = slices.back();
    auto oneRow = cast<linalg::LinalgOp>(
        clone(rewriter, op, initSlice.getType(), slices));
    std::optional<VectorProduct> product = getVectorProduct(oneRow);
    if (!product || (onlyDotProducts && !product->dotProducts)) {
      rewriter.eraseOp(dispatch);
      continue;
    }
    auto sliceOp = initSlice.getDefiningOp<tensor::ExtractSliceOp>();
    Value whole = tensor::InsertSliceOp::create(
        rewriter, loc, oneRow->getResult(0), thenInit,
        sliceOp.getMixedOffsets(), sliceOp.getMixedSizes(),
        sliceOp.getMixedStrides());
    scf::YieldOp::create(rewriter, loc, whole);

    // Else: `op` itself, for the matrix product's tiles.
    rewriter.replaceAllUsesWith(op->getResults(), dispatch.getResults());
    rewriter.moveOpBefore(op, dispatch.elseBlock(),
                          dispatch.elseBlock()->end());
    rewriter.setInsertionPoint(op);
    Value elseInit = getBranchInit();
    rewriter.modifyOpInPlace(op,
                             [&] { op.getDpsInitOperand(0)->set(elseInit); });
    rewriter.setInsertionPointToEnd(dispatch.elseBlock());
    scf::YieldOp::create(rewriter, loc, op->getResults());

    tileVectorProduct(rewriter, oneRow, *product, vectorBits, registerVectors);
    return true;
  }
  return false;
}

void disc::tileVectorProduct(RewriterBase &rewriter, linalg::LinalgOp op,
                             const VectorProduct &product, int64_t vectorBits,
                             int64_t registerVectors) {
  VectorProductLoops(rewriter, op, product, vectorBits, registerVectors)
      .build();
}
