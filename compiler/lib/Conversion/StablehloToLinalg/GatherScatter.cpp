//===- GatherScatter.cpp - Gather, scatter and select_and_scatter ---------===//
//
// The ops that read or write elements at indices computed at run time.
// gather is one parallel linalg.generic; scatter and select_and_scatter
// combine elements through a body in order, so they become loop nests (a
// scatter whose window has a dimension the indices never move runs in
// parallel over blocks of it).
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace {

// gather: result element r reads operand[start + batching + offset], where
// `start` comes from the start indices at r's batch dims (clamped to
// [0, operand size - slice size] as the spec says), `batching` copies r's
// batch index into the operand's batching dims, and `offset` is r's index
// in its offset dims. One parallel linalg.generic over the result, which
// reads the start indices and the operand with tensor.extract.
struct GatherLowering : disc::StablehloLowering<stablehlo::GatherOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::GatherOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), indices = adaptor.getStartIndices();
    auto numbers = op.getDimensionNumbers();
    int64_t resultRank = resultType.getRank();
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    int64_t indicesRank = cast<RankedTensorType>(indices.getType()).getRank();
    int64_t indexVectorDim = numbers.getIndexVectorDim();
    ArrayRef<int64_t> offsetDims = numbers.getOffsetDims();
    ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
    bool isUnsigned = disc::isUnsignedLike(
        getElementTypeOrSelf(op.getStartIndices().getType()));

    // The result's batch dims follow the start indices' dims but the index
    // vector dim, in order; its offset dims the operand's dims that are
    // neither collapsed nor batching, in order.
    SmallVector<int64_t> batchDims, offsetOperandDims;
    for (int64_t dim = 0; dim < resultRank; ++dim)
      if (!llvm::is_contained(offsetDims, dim))
        batchDims.push_back(dim);
    for (int64_t dim = 0; dim < operandRank; ++dim)
      if (!llvm::is_contained(numbers.getCollapsedSliceDims(), dim) &&
          !llvm::is_contained(numbers.getOperandBatchingDims(), dim))
        offsetOperandDims.push_back(dim);
    SmallVector<int64_t> indicesBatchDims;
    for (int64_t dim = 0; dim < indicesRank; ++dim)
      if (dim != indexVectorDim)
        indicesBatchDims.push_back(dim);
    if (batchDims.size() != indicesBatchDims.size() ||
        offsetDims.size() != offsetOperandDims.size())
      return rewriter.notifyMatchFailure(op, "dimension numbers disagree");

    SmallVector<OpFoldResult> indicesSizes =
        disc::getMixedSizes(rewriter, loc, indices);
    SmallVector<OpFoldResult> resultSizes(resultRank);
    for (auto [resultDim, indicesDim] : llvm::zip(batchDims, indicesBatchDims))
      resultSizes[resultDim] = indicesSizes[indicesDim];
    for (auto [resultDim, operandDim] :
         llvm::zip(offsetDims, offsetOperandDims))
      resultSizes[resultDim] = rewriter.getIndexAttr(sliceSizes[operandDim]);
    for (int64_t dim = 0; dim < resultRank; ++dim)
      if (!resultType.isDynamicDim(dim))
        resultSizes[dim] = rewriter.getIndexAttr(resultType.getDimSize(dim));

    // The largest start of each indexed dim, computed once.
    SmallVector<OpFoldResult> operandSizes =
        disc::getMixedSizes(rewriter, loc, operand);
    SmallVector<Value> maxStarts;
    for (int64_t operandDim : numbers.getStartIndexMap()) {
      OpFoldResult slice = rewriter.getIndexAttr(sliceSizes[operandDim]);
      disc::emitMinimumSizeCheck(rewriter, loc, operandSizes[operandDim], slice,
                                 op->getName().getStringRef() +
                                     ": the slice is larger than dimension " +
                                     Twine(operandDim));
      maxStarts.push_back(arith::SubIOp::create(
          rewriter, loc,
          getValueOrCreateConstantIndexOp(rewriter, loc,
                                          operandSizes[operandDim]),
          getValueOrCreateConstantIndexOp(rewriter, loc, slice)));
    }

    Value init =
        disc::createEmptyTensor(rewriter, loc, resultType, resultSizes);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{}, ValueRange{init},
        {rewriter.getMultiDimIdentityMap(resultRank)},
        disc::getParallelIterators(resultRank),
        [&](OpBuilder &nb, Location l, ValueRange) {
          SmallVector<Value> resultIndex;
          for (int64_t dim = 0; dim < resultRank; ++dim)
            resultIndex.push_back(linalg::IndexOp::create(nb, l, dim));
          Value zero = arith::ConstantIndexOp::create(nb, l, 0);
          SmallVector<Value> operandIndex(operandRank, zero);
          auto add = [&](int64_t operandDim, Value value) {
            operandIndex[operandDim] =
                arith::AddIOp::create(nb, l, operandIndex[operandDim], value);
          };
          SmallVector<Value> indicesIndex(indicesRank, zero);
          for (auto [resultDim, indicesDim] :
               llvm::zip(batchDims, indicesBatchDims))
            indicesIndex[indicesDim] = resultIndex[resultDim];
          for (auto [k, operandDim] :
               llvm::enumerate(numbers.getStartIndexMap())) {
            if (indexVectorDim < indicesRank)
              indicesIndex[indexVectorDim] =
                  arith::ConstantIndexOp::create(nb, l, k);
            Value start = disc::castToIndex(
                nb, l, tensor::ExtractOp::create(nb, l, indices, indicesIndex),
                isUnsigned);
            // An unsigned start is never below 0, however large it is.
            Value clamped =
                isUnsigned
                    ? Value(arith::MinUIOp::create(nb, l, start, maxStarts[k]))
                    : Value(arith::MinSIOp::create(nb, l, start, maxStarts[k]));
            add(operandDim, arith::MaxSIOp::create(nb, l, clamped, zero));
          }
          for (auto [operandDim, indicesDim] :
               llvm::zip(numbers.getOperandBatchingDims(),
                         numbers.getStartIndicesBatchingDims())) {
            int64_t position = llvm::find(indicesBatchDims, indicesDim) -
                               indicesBatchDims.begin();
            add(operandDim, resultIndex[batchDims[position]]);
          }
          for (auto [resultDim, operandDim] :
               llvm::zip(offsetDims, offsetOperandDims))
            add(operandDim, resultIndex[resultDim]);
          Value element =
              tensor::ExtractOp::create(nb, l, operand, operandIndex);
          linalg::YieldOp::create(nb, l, element);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

// The results of an scf.if that, when `holds`, combines the element at
// `index` of each of `results` with the element at `updateIndex` of each
// of `updates` through a scatter body (its arguments: the results'
// elements, then the updates') and inserts what the body returns there;
// else yields `results` as they are. `emitted` fails when an op of `body`
// has no scalar form.
scf::ValueVector emitCombineInPlace(OpBuilder &b, Location loc, Value holds,
                                    Block &body, ValueRange results,
                                    ValueRange index, ValueRange updates,
                                    ValueRange updateIndex,
                                    LogicalResult &emitted) {
  auto ifHolds = scf::IfOp::create(
      b, loc, holds,
      [&](OpBuilder &tb, Location tl) {
        SmallVector<Value> arguments;
        for (Value result : results)
          arguments.push_back(tensor::ExtractOp::create(tb, tl, result, index));
        for (Value update : updates)
          arguments.push_back(
              tensor::ExtractOp::create(tb, tl, update, updateIndex));
        FailureOr<SmallVector<Value>> combined =
            disc::emitScalarBlock(tb, body, arguments);
        if (failed(combined)) {
          emitted = failure();
          scf::YieldOp::create(tb, tl, results);
          return;
        }
        SmallVector<Value> inserted;
        for (auto [value, result] : llvm::zip(*combined, results))
          inserted.push_back(
              tensor::InsertOp::create(tb, tl, value, result, index));
        scf::YieldOp::create(tb, tl, inserted);
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, results);
      });
  return scf::ValueVector(ifHolds.getResults().begin(),
                          ifHolds.getResults().end());
}

// The dimensions a scatter's dimension numbers name, and the result index an
// update element's index maps to.
struct ScatterGeometry {
  stablehlo::ScatterDimensionNumbersAttr numbers;
  int64_t inputRank, updateRank, indicesRank, indexVectorDim;
  bool isUnsigned;
  // The update dims that walk the scatter indices, the input dims the
  // update window dims map to (in order), the scatter indices' dims but the
  // index vector dim.
  SmallVector<int64_t> scatterDims, windowInputDims, indicesBatchDims;

  ScatterGeometry(stablehlo::ScatterOp op)
      : numbers(op.getScatterDimensionNumbers()),
        inputRank(
            cast<RankedTensorType>(op.getInputs().front().getType()).getRank()),
        updateRank(cast<RankedTensorType>(op.getUpdates().front().getType())
                       .getRank()),
        indicesRank(
            cast<RankedTensorType>(op.getScatterIndices().getType()).getRank()),
        indexVectorDim(numbers.getIndexVectorDim()),
        isUnsigned(disc::isUnsignedLike(
            getElementTypeOrSelf(op.getScatterIndices().getType()))) {
    for (int64_t dim = 0; dim < updateRank; ++dim)
      if (!llvm::is_contained(numbers.getUpdateWindowDims(), dim))
        scatterDims.push_back(dim);
    for (int64_t dim = 0; dim < inputRank; ++dim)
      if (!llvm::is_contained(numbers.getInsertedWindowDims(), dim) &&
          !llvm::is_contained(numbers.getInputBatchingDims(), dim))
        windowInputDims.push_back(dim);
    for (int64_t dim = 0; dim < indicesRank; ++dim)
      if (dim != indexVectorDim)
        indicesBatchDims.push_back(dim);
  }

  bool isConsistent() const {
    return scatterDims.size() == indicesBatchDims.size() &&
           numbers.getUpdateWindowDims().size() == windowInputDims.size();
  }

  // The result index of the update element at `updateIndex`: the start the
  // scatter indices give at its scatter dims, plus its batch index in the
  // input's batching dims, plus its index in its window dims.
  SmallVector<Value> emitResultIndex(OpBuilder &b, Location l, Value indices,
                                     ValueRange updateIndex) const {
    Value zero = arith::ConstantIndexOp::create(b, l, 0);
    SmallVector<Value> resultIndex(inputRank, zero);
    auto add = [&](int64_t inputDim, Value value) {
      resultIndex[inputDim] =
          arith::AddIOp::create(b, l, resultIndex[inputDim], value);
    };
    SmallVector<Value> indicesIndex(indicesRank, zero);
    for (auto [updateDim, indicesDim] :
         llvm::zip(scatterDims, indicesBatchDims))
      indicesIndex[indicesDim] = updateIndex[updateDim];
    for (auto [k, inputDim] :
         llvm::enumerate(numbers.getScatterDimsToOperandDims())) {
      if (indexVectorDim < indicesRank)
        indicesIndex[indexVectorDim] = arith::ConstantIndexOp::create(b, l, k);
      Value start = tensor::ExtractOp::create(b, l, indices, indicesIndex);
      add(inputDim, disc::castToIndex(b, l, start, isUnsigned));
    }
    for (auto [inputDim, indicesDim] :
         llvm::zip(numbers.getInputBatchingDims(),
                   numbers.getScatterIndicesBatchingDims())) {
      int64_t position =
          llvm::find(indicesBatchDims, indicesDim) - indicesBatchDims.begin();
      add(inputDim, updateIndex[scatterDims[position]]);
    }
    for (auto [updateDim, inputDim] :
         llvm::zip(numbers.getUpdateWindowDims(), windowInputDims))
      add(inputDim, updateIndex[updateDim]);
    return resultIndex;
  }

  // Whether `resultIndex` lies inside `inputSizes` in every dim but
  // `skippedDim` (none when negative). A negative index is a large unsigned
  // one: one comparison per dim.
  static Value emitInBounds(OpBuilder &b, Location l, ValueRange resultIndex,
                            ValueRange inputSizes, int64_t skippedDim = -1) {
    Value inBounds = arith::ConstantIntOp::create(b, l, 1, 1);
    for (auto [dim, index] : llvm::enumerate(resultIndex))
      if (static_cast<int64_t>(dim) != skippedDim)
        inBounds = arith::AndIOp::create(
            b, l, inBounds,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, index,
                                  inputSizes[dim]));
    return inBounds;
  }
};

// An update window dim that the scatter indices never move, and the input
// dim it maps to: the result index there is the update's own index, so
// update elements at different positions of it never write the same result
// element.
struct UnindexedWindowDim {
  int64_t updateDim, inputDim;
};

// The innermost such dim, or nullopt when every window dim is indexed.
std::optional<UnindexedWindowDim>
findUnindexedWindowDim(const ScatterGeometry &geometry) {
  std::optional<UnindexedWindowDim> found;
  for (auto [updateDim, inputDim] : llvm::zip(
           geometry.numbers.getUpdateWindowDims(), geometry.windowInputDims))
    if (!llvm::is_contained(geometry.numbers.getScatterDimsToOperandDims(),
                            inputDim))
      found = UnindexedWindowDim{updateDim, inputDim};
  return found;
}

// Where a row lies in a tensor, as tensor.extract_slice takes it.
struct RowSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
};

int64_t getStorageBits(Type elementType) {
  if (auto complexType = dyn_cast<ComplexType>(elementType))
    return 2 * complexType.getElementType().getIntOrFloatBitWidth();
  return elementType.getIntOrFloatBitWidth();
}

// scatter: each element of the updates is combined, by the update
// computation, into the result element its index names
// (ScatterGeometry::emitResultIndex). An element whose result index falls
// outside the inputs is skipped, as the spec says. The elements that write
// one result element are combined in the order of their update indices
// (row-major), whatever the body, so that a non-commutative body or
// overlapping windows give the spec's interpreter's result.
//
// Sequential form: the elements are visited in order by a nest of scf.for
// loops that carry the results, each element read, combined and inserted
// in place.
//
// Split form (`splitWindows`, the CPU), when a window dim is not indexed
// (an embedding gradient's row): an scf.forall over blocks of that dim, of
// whole cache lines, each block walking every update in order but only its
// own part of the window, so no two blocks write one result element and each
// element's updates keep their order. Inside, a loop nest over the other update
// dims carries the block of the results; when the split dim is the innermost of
// both the updates and the inputs, a block's row is combined by one
// elementwise linalg.generic over contiguous slices, which the CPU
// pipeline vectorizes, after one bounds check per row.
struct ScatterLowering : disc::StablehloLowering<stablehlo::ScatterOp> {
  ScatterLowering(const TypeConverter &converter, MLIRContext *context,
                  bool splitWindows)
      : StablehloLowering(converter, context), splitWindows(splitWindows) {}

  LogicalResult lower(stablehlo::ScatterOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    ScatterGeometry geometry(op);
    if (!geometry.isConsistent())
      return rewriter.notifyMatchFailure(op, "dimension numbers disagree");
    std::optional<UnindexedWindowDim> split =
        splitWindows ? findUnindexedWindowDim(geometry) : std::nullopt;
    FailureOr<SmallVector<Value>> results =
        split ? lowerSplit(op, adaptor, rewriter, geometry, *split)
              : lowerSequential(op, adaptor, rewriter, geometry);
    if (failed(results))
      return rewriter.notifyMatchFailure(op, "a body op has no scalar form");
    rewriter.replaceOp(op, *results);
    return success();
  }

private:
  FailureOr<SmallVector<Value>>
  lowerSequential(stablehlo::ScatterOp op, OpAdaptor adaptor, OpBuilder &b,
                  const ScatterGeometry &geometry) const {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs(), updates = adaptor.getUpdates();
    Value indices = adaptor.getScatterIndices();
    SmallVector<Value> inputSizes = getValueOrCreateConstantIndexOp(
        b, loc, disc::getMixedSizes(b, loc, inputs.front()));
    SmallVector<Value> updateSizes = getValueOrCreateConstantIndexOp(
        b, loc, disc::getMixedSizes(b, loc, updates.front()));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Block &body = op.getUpdateComputation().front();
    LogicalResult emitted = success();
    scf::LoopNest nest = scf::buildLoopNest(
        b, loc, SmallVector<Value>(geometry.updateRank, zero), updateSizes,
        SmallVector<Value>(geometry.updateRank, one), inputs,
        [&](OpBuilder &nb, Location l, ValueRange updateIndex,
            ValueRange results) -> scf::ValueVector {
          SmallVector<Value> resultIndex =
              geometry.emitResultIndex(nb, l, indices, updateIndex);
          Value inBounds =
              ScatterGeometry::emitInBounds(nb, l, resultIndex, inputSizes);
          return emitCombineInPlace(nb, l, inBounds, body, results, resultIndex,
                                    updates, updateIndex, emitted);
        });
    if (failed(emitted))
      return failure();
    return SmallVector<Value>(nest.results);
  }

  FailureOr<SmallVector<Value>> lowerSplit(stablehlo::ScatterOp op,
                                           OpAdaptor adaptor, OpBuilder &b,
                                           const ScatterGeometry &geometry,
                                           UnindexedWindowDim split) const {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs(), updates = adaptor.getUpdates();
    Value indices = adaptor.getScatterIndices();
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    SmallVector<OpFoldResult> inputMixedSizes =
        disc::getMixedSizes(b, loc, inputs.front());
    SmallVector<Value> inputSizes =
        getValueOrCreateConstantIndexOp(b, loc, inputMixedSizes);
    SmallVector<Value> updateSizes = getValueOrCreateConstantIndexOp(
        b, loc, disc::getMixedSizes(b, loc, updates.front()));
    // The spec requires the window to fit the input (C4); with dynamic
    // sizes that is a run's error rather than elements skipped.
    disc::emitMinimumSizeCheck(b, loc, inputSizes[split.inputDim],
                               updateSizes[split.updateDim],
                               op->getName().getStringRef() +
                                   ": the update window is larger than "
                                   "dimension " +
                                   Twine(split.inputDim));

    // Blocks of whole cache lines, so that two threads seldom write one
    // line, of at least kMinBlockBits, so that a block's part of a row is
    // lines the prefetchers follow, and at most kMaxBlocks of them: each
    // block walks all of the indices and reads a row of the results for
    // each update.
    constexpr int64_t kLineBits = 512, kMinBlockBits = 2048, kMaxBlocks = 8;
    int64_t widestBits = 1;
    for (Value input : inputs)
      widestBits = std::max(
          widestBits, getStorageBits(getElementTypeOrSelf(input.getType())));
    int64_t lineElements = std::max<int64_t>(1, kLineBits / widestBits);
    int64_t minBlockElements = std::max<int64_t>(1, kMinBlockBits / widestBits);
    auto updateType = cast<RankedTensorType>(updates.front().getType());
    int64_t staticLength = updateType.getDimSize(split.updateDim);
    int64_t blockLength =
        ShapedType::isDynamic(staticLength)
            ? minBlockElements
            : std::min(
                  staticLength,
                  std::max<int64_t>(
                      minBlockElements,
                      llvm::alignTo(llvm::divideCeil(staticLength, kMaxBlocks),
                                    lineElements)));
    bool wholeBlocks =
        !ShapedType::isDynamic(staticLength) && staticLength % blockLength == 0;
    Value length = updateSizes[split.updateDim];
    Value blockLengthValue =
        arith::ConstantIndexOp::create(b, loc, blockLength);
    // A plain division where dynamic, which every target lowers
    // (arith.ceildivui needs arith-expand).
    OpFoldResult blockCount =
        ShapedType::isDynamic(staticLength)
            ? OpFoldResult(
                  arith::DivUIOp::create(
                      b, loc,
                      arith::AddIOp::create(b, loc, length,
                                            arith::ConstantIndexOp::create(
                                                b, loc, blockLength - 1)),
                      blockLengthValue)
                      .getResult())
            : OpFoldResult(
                  b.getIndexAttr(llvm::divideCeil(staticLength, blockLength)));

    bool contiguous = split.updateDim == geometry.updateRank - 1 &&
                      split.inputDim == geometry.inputRank - 1;
    Block &body = op.getUpdateComputation().front();
    LogicalResult emitted = success();
    auto forall =
        scf::ForallOp::create(b, loc, {blockCount}, inputs, std::nullopt);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(forall.getTerminator());
    Value start = arith::MulIOp::create(b, loc, forall.getInductionVars()[0],
                                        blockLengthValue);
    OpFoldResult blockSize =
        wholeBlocks
            ? OpFoldResult(b.getIndexAttr(blockLength))
            : OpFoldResult(arith::MinUIOp::create(
                               b, loc, blockLengthValue,
                               arith::SubIOp::create(b, loc, length, start))
                               .getResult());
    // The block: every input dim whole but the split one.
    SmallVector<OpFoldResult> blockOffsets(geometry.inputRank,
                                           b.getIndexAttr(0));
    blockOffsets[split.inputDim] = start;
    SmallVector<OpFoldResult> blockSizes = inputMixedSizes;
    blockSizes[split.inputDim] = blockSize;
    SmallVector<OpFoldResult> unitStrides(geometry.inputRank,
                                          b.getIndexAttr(1));
    SmallVector<int64_t> blockShape(inputType.getShape());
    blockShape[split.inputDim] =
        wholeBlocks ? blockLength : ShapedType::kDynamic;
    SmallVector<Value> blocks;
    for (Value output : forall.getRegionIterArgs())
      blocks.push_back(tensor::ExtractSliceOp::create(
          b, loc,
          RankedTensorType::get(blockShape, getElementTypeOrSelf(output)),
          output, blockOffsets, blockSizes, unitStrides));

    // The loops walk every update dim but the split one, in order.
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Value> outerSizes(updateSizes);
    outerSizes.erase(outerSizes.begin() + split.updateDim);
    int64_t outerRank = geometry.updateRank - 1;
    scf::LoopNest nest = scf::buildLoopNest(
        b, loc, SmallVector<Value>(outerRank, zero), outerSizes,
        SmallVector<Value>(outerRank, one), blocks,
        [&](OpBuilder &nb, Location l, ValueRange outerIndex,
            ValueRange accumulators) -> scf::ValueVector {
          // In block coordinates: the split dim counts from the block's
          // start, in the updates as in the results.
          SmallVector<Value> updateIndex(outerIndex);
          updateIndex.insert(updateIndex.begin() + split.updateDim, zero);
          SmallVector<Value> resultIndex =
              geometry.emitResultIndex(nb, l, indices, updateIndex);
          Value inBounds = ScatterGeometry::emitInBounds(
              nb, l, resultIndex, inputSizes, split.inputDim);
          if (contiguous)
            return emitRowCombine(nb, l, inBounds, body, accumulators,
                                  resultIndex, updates, updateIndex, start,
                                  blockSize, split, emitted);
          auto loop = scf::ForOp::create(
              nb, l, zero, getValueOrCreateConstantIndexOp(nb, l, blockSize),
              one, accumulators,
              [&](OpBuilder &fb, Location fl, Value offset,
                  ValueRange elementAccumulators) {
                resultIndex[split.inputDim] = offset;
                updateIndex[split.updateDim] =
                    arith::AddIOp::create(fb, fl, start, offset);
                scf::YieldOp::create(fb, fl,
                                     emitCombineInPlace(fb, fl, inBounds, body,
                                                        elementAccumulators,
                                                        resultIndex, updates,
                                                        updateIndex, emitted));
              });
          return scf::ValueVector(loop.getResults().begin(),
                                  loop.getResults().end());
        });
    if (failed(emitted))
      return failure();

    b.setInsertionPointToEnd(forall.getTerminator().getBody());
    for (auto [block, output] :
         llvm::zip(nest.results, forall.getRegionIterArgs()))
      tensor::ParallelInsertSliceOp::create(b, loc, block, output, blockOffsets,
                                            blockSizes, unitStrides);
    return SmallVector<Value>(forall.getResults());
  }

  // When `inBounds`, combines the row of `updates` at `updateIndex` (its
  // split dim from `start` on, `length` long) into the row of each of
  // `blocks` at `resultIndex` by one elementwise linalg.generic; yields the
  // blocks.
  static scf::ValueVector
  emitRowCombine(OpBuilder &b, Location loc, Value inBounds, Block &body,
                 ValueRange blocks, ArrayRef<Value> resultIndex,
                 ValueRange updates, ArrayRef<Value> updateIndex, Value start,
                 OpFoldResult length, UnindexedWindowDim split,
                 LogicalResult &emitted) {
    auto ifInBounds = scf::IfOp::create(
        b, loc, inBounds,
        [&](OpBuilder &tb, Location tl) {
          // The `length` elements of `index`'s row along `dim` from
          // `offset` on.
          auto rowSlice = [&](ArrayRef<Value> index, int64_t dim,
                              OpFoldResult offset) {
            size_t rank = index.size();
            RowSlice slice{
                SmallVector<OpFoldResult>(index.begin(), index.end()),
                SmallVector<OpFoldResult>(rank, tb.getIndexAttr(1)),
                SmallVector<OpFoldResult>(rank, tb.getIndexAttr(1))};
            slice.offsets[dim] = offset;
            slice.sizes[dim] = length;
            return slice;
          };
          auto extractRow = [&](Value source, const RowSlice &slice) {
            auto rowType = RankedTensorType::get(
                {getConstantIntValue(length).value_or(ShapedType::kDynamic)},
                getElementTypeOrSelf(source));
            return tensor::ExtractSliceOp::create(tb, tl, rowType, source,
                                                  slice.offsets, slice.sizes,
                                                  slice.strides)
                .getResult();
          };
          RowSlice updateRow = rowSlice(updateIndex, split.updateDim, start);
          RowSlice resultRow =
              rowSlice(resultIndex, split.inputDim, tb.getIndexAttr(0));
          SmallVector<Value> updateRows, resultRows;
          for (Value update : updates)
            updateRows.push_back(extractRow(update, updateRow));
          for (Value block : blocks)
            resultRows.push_back(extractRow(block, resultRow));
          AffineMap identity = tb.getMultiDimIdentityMap(1);
          auto generic = linalg::GenericOp::create(
              tb, tl, ValueRange(resultRows).getTypes(), updateRows, resultRows,
              SmallVector<AffineMap>(updateRows.size() + resultRows.size(),
                                     identity),
              disc::getParallelIterators(1),
              [&](OpBuilder &gb, Location gl, ValueRange args) {
                // The body takes the results' elements first.
                SmallVector<Value> arguments(args.drop_front(updates.size()));
                llvm::append_range(arguments, args.take_front(updates.size()));
                FailureOr<SmallVector<Value>> combined =
                    disc::emitScalarBlock(gb, body, arguments);
                if (failed(combined))
                  emitted = failure();
                linalg::YieldOp::create(gb, gl,
                                        succeeded(combined)
                                            ? ValueRange(*combined)
                                            : args.drop_front(updates.size()));
              });
          SmallVector<Value> inserted;
          for (auto [row, block] : llvm::zip(generic.getResults(), blocks))
            inserted.push_back(tensor::InsertSliceOp::create(
                tb, tl, row, block, resultRow.offsets, resultRow.sizes,
                resultRow.strides));
          scf::YieldOp::create(tb, tl, inserted);
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, blocks);
        });
    return scf::ValueVector(ifInBounds.getResults().begin(),
                            ifInBounds.getResults().end());
  }

  bool splitWindows;
};

std::optional<std::string> checkSelectAndScatter(Operation *op) {
  auto selectAndScatter = cast<stablehlo::SelectAndScatterOp>(op);
  if (std::optional<std::string> reason =
          disc::checkScalarBody(op, selectAndScatter.getSelect()))
    return reason;
  return disc::checkScalarBody(op, selectAndScatter.getScatter());
}

// select_and_scatter (the gradient of a max pool): for each source element,
// the select body picks one element of its window of the operand (the
// first, then each later one the body does not prefer the kept one to;
// positions in the padding are never picked), and the scatter body combines
// the source element into the result (filled with the init value) there.
// A loop nest over the source carries the result; a loop nest over the
// window carries whether an element was picked, its index and its value.
struct SelectAndScatterLowering
    : disc::StablehloLowering<stablehlo::SelectAndScatterOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::SelectAndScatterOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), source = adaptor.getSource();
    int64_t rank = resultType.getRank();
    SmallVector<int64_t> window =
        disc::getDimValuesOr(op.getWindowDimensions(), rank, 1);
    SmallVector<int64_t> strides =
        disc::getDimValuesOr(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> padLow, padHigh;
    disc::getPaddingEdges(op.getPadding(), rank, padLow, padHigh);

    SmallVector<OpFoldResult> sizes =
        disc::getMixedSizes(rewriter, loc, operand);
    SmallVector<Value> operandSizes =
        getValueOrCreateConstantIndexOp(rewriter, loc, sizes);
    SmallVector<Value> sourceSizes = getValueOrCreateConstantIndexOp(
        rewriter, loc, disc::getMixedSizes(rewriter, loc, source));
    SmallVector<Value> windowSizes = getValueOrCreateConstantIndexOp(
        rewriter, loc, getAsIndexOpFoldResult(rewriter.getContext(), window));
    Value init = disc::extractScalar(rewriter, loc, adaptor.getInitValue());
    Value filled =
        disc::createFilledTensor(rewriter, loc, resultType, sizes, init);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value no = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    Block &select = op.getSelect().front();
    Block &scatter = op.getScatter().front();
    LogicalResult emitted = success();

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, SmallVector<Value>(rank, zero), sourceSizes,
        SmallVector<Value>(rank, one), ValueRange{filled},
        [&](OpBuilder &b, Location l, ValueRange sourceIndex,
            ValueRange results) -> scf::ValueVector {
          // Picked: (whether, index..., value).
          SmallVector<Value> none = {no};
          none.append(rank, zero);
          none.push_back(init);
          scf::LoopNest search = scf::buildLoopNest(
              b, l, SmallVector<Value>(rank, zero), windowSizes,
              SmallVector<Value>(rank, one), none,
              [&](OpBuilder &wb, Location wl, ValueRange offset,
                  ValueRange picked) -> scf::ValueVector {
                SmallVector<Value> position;
                Value inside = arith::ConstantIntOp::create(wb, wl, 1, 1);
                for (int64_t dim = 0; dim < rank; ++dim) {
                  Value start = arith::MulIOp::create(
                      wb, wl, sourceIndex[dim],
                      arith::ConstantIndexOp::create(wb, wl, strides[dim]));
                  Value at = arith::SubIOp::create(
                      wb, wl, arith::AddIOp::create(wb, wl, start, offset[dim]),
                      arith::ConstantIndexOp::create(wb, wl, padLow[dim]));
                  // A position in the padding (negative or past the end) is
                  // a large unsigned one.
                  inside = arith::AndIOp::create(
                      wb, wl, inside,
                      arith::CmpIOp::create(wb, wl, arith::CmpIPredicate::ult,
                                            at, operandSizes[dim]));
                  position.push_back(at);
                }
                auto ifInside = scf::IfOp::create(
                    wb, wl, inside,
                    [&](OpBuilder &tb, Location tl) {
                      Value candidate =
                          tensor::ExtractOp::create(tb, tl, operand, position);
                      FailureOr<SmallVector<Value>> keeps =
                          disc::emitScalarBlock(tb, select,
                                                {picked.back(), candidate});
                      if (failed(keeps)) {
                        emitted = failure();
                        scf::YieldOp::create(tb, tl, picked);
                        return;
                      }
                      // Take the candidate when nothing is picked yet or
                      // the body does not keep the picked element.
                      Value yes = arith::ConstantIntOp::create(tb, tl, 1, 1);
                      Value drop =
                          arith::XOrIOp::create(tb, tl, keeps->front(), yes);
                      Value take = arith::OrIOp::create(
                          tb, tl,
                          arith::XOrIOp::create(tb, tl, picked.front(), yes),
                          drop);
                      SmallVector<Value> next = {
                          arith::OrIOp::create(tb, tl, picked.front(), take)};
                      for (int64_t dim = 0; dim < rank; ++dim)
                        next.push_back(arith::SelectOp::create(
                            tb, tl, take, position[dim], picked[1 + dim]));
                      next.push_back(arith::SelectOp::create(
                          tb, tl, take, candidate, picked.back()));
                      scf::YieldOp::create(tb, tl, next);
                    },
                    [&](OpBuilder &eb, Location el) {
                      scf::YieldOp::create(eb, el, picked);
                    });
                return scf::ValueVector(ifInside.getResults().begin(),
                                        ifInside.getResults().end());
              });
          ValueRange picked = search.results;
          SmallVector<Value> target(picked.begin() + 1,
                                    picked.begin() + 1 + rank);
          return emitCombineInPlace(b, l, picked.front(), scatter, results,
                                    target, ValueRange{source}, sourceIndex,
                                    emitted);
        });
    if (failed(emitted))
      return rewriter.notifyMatchFailure(op, "a body op has no scalar form");
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getGatherScatterPreconditions(Operation *op) {
  if (isa<stablehlo::GatherOp>(op))
    return Preconditions().withComplexElements();
  if (isa<stablehlo::ScatterOp>(op))
    return Preconditions().withComplexElements().withCheck(
        [](Operation *scatter) {
          return checkScalarBody(
              scatter,
              cast<stablehlo::ScatterOp>(scatter).getUpdateComputation());
        });
  if (isa<stablehlo::SelectAndScatterOp>(op))
    return Preconditions().withCheck(checkSelectAndScatter);
  return std::nullopt;
}

void mlir::disc::populateGatherScatterPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns,
                                               bool splitScatterWindows) {
  patterns.add<GatherLowering, SelectAndScatterLowering>(converter,
                                                         patterns.getContext());
  patterns.add<ScatterLowering>(converter, patterns.getContext(),
                                splitScatterWindows);
}
