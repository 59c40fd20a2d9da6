//===- LinalgFoldConstantPermutations.cpp - Constants in their used layout ===//
//
// A linalg op that only moves the elements of a constant (a transpose: one
// input, parallel loops, permutation maps, a body that yields its input)
// becomes the constant laid out as the op writes it. A PyTorch convolution's
// OIHW filter is then HWIO in the .so, where it was transposed on every run.
//
// Upstream's constant folding (in disc-linalg-fuse-elementwise) reads
// dense<...> constants only, an element at a time as an APFloat; this pass
// also reads dense_resource blobs, which torch-mlir writes weights as, and
// moves raw bytes, which keeps a model's tens of megabytes of weights to a
// fraction of a second of compile time.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"
#include "disc/Dialect/HLO/ConstantData.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cstring>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGFOLDCONSTANTPERMUTATIONSPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// Copies elements of `bytes` wide from `source` to `target` for every point
/// of `loopSizes`, at the byte offsets that `sourceStrides` and
/// `targetStrides` (in elements, per loop) give.
template <int64_t bytes>
void copyPermuted(const char *source, char *target, ArrayRef<int64_t> loopSizes,
                  ArrayRef<int64_t> sourceStrides,
                  ArrayRef<int64_t> targetStrides, int64_t elementBytes) {
  int64_t width = bytes ? bytes : elementBytes;
  int64_t rank = loopSizes.size();
  SmallVector<int64_t> index(rank, 0);
  int64_t sourceOffset = 0, targetOffset = 0;
  int64_t innerSize = loopSizes.back();
  int64_t innerSource = sourceStrides.back() * width;
  int64_t innerTarget = targetStrides.back() * width;
  while (true) {
    const char *from = source + sourceOffset * width;
    char *to = target + targetOffset * width;
    for (int64_t i = 0; i < innerSize; ++i)
      std::memcpy(to + i * innerTarget, from + i * innerSource, width);
    // The next row: the odometer over all loops but the innermost.
    int64_t dim = rank - 2;
    for (; dim >= 0; --dim) {
      sourceOffset += sourceStrides[dim];
      targetOffset += targetStrides[dim];
      if (++index[dim] < loopSizes[dim])
        break;
      sourceOffset -= sourceStrides[dim] * loopSizes[dim];
      targetOffset -= targetStrides[dim] * loopSizes[dim];
      index[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}

/// Row-major strides of `shape`, in elements, per loop of the permutation
/// `map` (loop `map.getDimPosition(i)` walks dim i).
SmallVector<int64_t> stridesPerLoop(ArrayRef<int64_t> shape, AffineMap map) {
  SmallVector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
    strides[map.getDimPosition(dim)] = stride;
    stride *= shape[dim];
  }
  return strides;
}

struct FoldConstantPermutation : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
        op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
        op.getNumLoops() == 0 || op.getNumParallelLoops() != op.getNumLoops())
      return rewriter.notifyMatchFailure(op, "not a one-to-one copy");
    OpOperand *input = op.getDpsInputOperand(0);
    OpOperand *init = op.getDpsInitOperand(0);
    Block *body = op.getBlock();
    auto yield = dyn_cast<linalg::YieldOp>(body->getTerminator());
    if (!yield || yield.getNumOperands() != 1 ||
        yield.getOperand(0) != body->getArgument(0) ||
        body->getOperations().size() != 1)
      return rewriter.notifyMatchFailure(op, "the body computes");
    AffineMap inputMap = op.getMatchingIndexingMap(input);
    AffineMap initMap = op.getMatchingIndexingMap(init);
    if (!inputMap.isPermutation() || !initMap.isPermutation())
      return rewriter.notifyMatchFailure(op, "not a permutation");
    ElementsAttr constant;
    if (!matchPattern(input->get(), m_Constant(&constant)))
      return rewriter.notifyMatchFailure(op, "the input is no constant");
    auto sourceType = cast<RankedTensorType>(input->get().getType());
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Type elementType = sourceType.getElementType();
    if (!sourceType.hasStaticShape() || !resultType.hasStaticShape() ||
        elementType != resultType.getElementType() ||
        !elementType.isIntOrFloat() ||
        elementType.getIntOrFloatBitWidth() % 8 != 0)
      return rewriter.notifyMatchFailure(op, "not a static byte-wide type");

    Attribute folded;
    if (auto dense = dyn_cast<DenseElementsAttr>(constant);
        dense && dense.isSplat()) {
      folded = dense.resizeSplat(resultType);
    } else {
      int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
      std::optional<ArrayRef<char>> bytes = disc::getRowMajorBytes(constant);
      if (!bytes)
        return rewriter.notifyMatchFailure(op, "unreadable constant");
      SmallVector<int64_t> loopSizes = op.getStaticLoopRanges();
      SmallVector<int64_t> sourceStrides =
          stridesPerLoop(sourceType.getShape(), inputMap);
      SmallVector<int64_t> targetStrides =
          stridesPerLoop(resultType.getShape(), initMap);
      std::vector<char> permuted(bytes->size());
      auto copy = elementBytes == 4   ? copyPermuted<4>
                  : elementBytes == 2 ? copyPermuted<2>
                  : elementBytes == 1 ? copyPermuted<1>
                  : elementBytes == 8 ? copyPermuted<8>
                                      : copyPermuted<0>;
      copy(bytes->data(), permuted.data(), loopSizes, sourceStrides,
           targetStrides, elementBytes);
      folded = disc::makeConstant(resultType, permuted,
                                  isa<DenseResourceElementsAttr>(constant));
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, resultType,
                                                   cast<TypedAttr>(folded));
    return success();
  }
};

struct LinalgFoldConstantPermutationsPass
    : disc::impl::LinalgFoldConstantPermutationsPassBase<
          LinalgFoldConstantPermutationsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldConstantPermutation>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
