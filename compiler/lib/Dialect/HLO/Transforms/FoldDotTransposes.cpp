//===- FoldDotTransposes.cpp - Products that read transposes in place -----===//
//
// A transpose whose only user is a dot_general is folded into the product's
// dimension numbers, as XLA's transpose folding does. Attention's q * k^T,
// whose k is split into heads by a reshape and a transpose and transposed
// again,
//
//   %heads = stablehlo.transpose %k, dims = [0, 2, 1, 3]     // [B,H,S,D]
//   %kt = stablehlo.transpose %heads, dims = [0, 1, 3, 2]    // [B,H,D,S]
//   stablehlo.dot_general %q, %kt, batching_dims = [0, 1] x [0, 1],
//                                  contracting_dims = [3] x [2]
//
// becomes a product of %k as it is ([B,S,H,D]),
//
//   stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 2],
//                                 contracting_dims = [3] x [3]
//
// which the device phase hands to the library as a strided view of %k's
// buffer instead of a transposed copy of it. With batch 1, JAX drops the
// unit dim by a reshape after the transpose; that reshape moves before it.
//
// Only a product the library still takes is folded: one contracting and one
// free dim per operand, at most two batch dims, element types ral_gemm has
// on the CPU, and the folded operand's innermost dim a free or contracting
// one (the library reads rows with unit stride).
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"
#include "disc/Dialect/RAL/GemmElementTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::disc {
#define GEN_PASS_DEF_FOLDDOTTRANSPOSESPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

/// A transpose feeding a product, seen through a reshape that only drops
/// unit dims of its result.
struct FoldableTranspose {
  stablehlo::TransposeOp transpose;
  // The reshape between the transpose and the product; null when none.
  stablehlo::ReshapeOp reshape;
  // The transpose's result dims the reshape keeps, in order.
  SmallVector<int64_t> keptDims;
};

/// The transpose `operand` reads, alone or through a reshape dropping unit
/// dims, when each has no other user.
std::optional<FoldableTranspose> getFoldableTranspose(Value operand) {
  FoldableTranspose found;
  found.reshape = operand.getDefiningOp<stablehlo::ReshapeOp>();
  Value transposed = found.reshape ? found.reshape.getOperand() : operand;
  found.transpose = transposed.getDefiningOp<stablehlo::TransposeOp>();
  if (!found.transpose || !found.transpose->hasOneUse() ||
      (found.reshape && !found.reshape->hasOneUse()))
    return std::nullopt;
  auto transposedType = cast<RankedTensorType>(transposed.getType());
  if (!found.reshape) {
    found.keptDims =
        llvm::to_vector(llvm::seq<int64_t>(0, transposedType.getRank()));
    return found;
  }
  // The reshape must keep every dim of size other than 1, in order.
  auto reshapedType = cast<RankedTensorType>(operand.getType());
  if (!transposedType.hasStaticShape() || !reshapedType.hasStaticShape())
    return std::nullopt;
  ArrayRef<int64_t> reshaped = reshapedType.getShape();
  for (auto [dim, size] : llvm::enumerate(transposedType.getShape())) {
    if (found.keptDims.size() < reshaped.size() &&
        reshaped[found.keptDims.size()] == size)
      found.keptDims.push_back(dim);
    else if (size != 1)
      return std::nullopt;
  }
  if (found.keptDims.size() != reshaped.size())
    return std::nullopt;
  return found;
}

/// The transpose's input dims the product's operand keeps, in the operand's
/// order.
SmallVector<int64_t> getKeptInputDims(FoldableTranspose &found) {
  ArrayRef<int64_t> permutation = found.transpose.getPermutation();
  return llvm::map_to_vector(found.keptDims,
                             [&](int64_t dim) { return permutation[dim]; });
}

/// The permutation that gives the product's operand from what it is
/// folded to: the transpose's input, less the unit dims the reshape drops.
SmallVector<int64_t> getFoldedPermutation(FoldableTranspose &found) {
  SmallVector<int64_t> keptInputDims = getKeptInputDims(found);
  SmallVector<int64_t> sortedInputDims = keptInputDims;
  llvm::sort(sortedInputDims);
  return llvm::map_to_vector(keptInputDims, [&](int64_t dim) -> int64_t {
    return llvm::find(sortedInputDims, dim) - sortedInputDims.begin();
  });
}

/// The transpose's input, reshaped to drop the unit dims the reshape after
/// the transpose drops.
Value getFoldedOperand(PatternRewriter &rewriter, FoldableTranspose &found) {
  Value input = found.transpose.getOperand();
  if (!found.reshape)
    return input;
  auto inputType = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> keptInputDims = getKeptInputDims(found);
  llvm::sort(keptInputDims);
  SmallVector<int64_t> shape = llvm::map_to_vector(
      keptInputDims, [&](int64_t dim) { return inputType.getDimSize(dim); });
  return stablehlo::ReshapeOp::create(
      rewriter, found.reshape.getLoc(),
      RankedTensorType::get(shape, inputType.getElementType()), input);
}

/// Whether the product with `operand`'s dims `batch` and `contracting` is
/// one the library takes when that operand is read in place: one free and
/// one contracting dim, the innermost dim not a batch dim.
bool isLibraryOperandLayout(int64_t rank, ArrayRef<int64_t> batch,
                            ArrayRef<int64_t> contracting) {
  return contracting.size() == 1 && batch.size() <= disc::kGemmMaxBatchDims &&
         rank == static_cast<int64_t>(batch.size()) + 2 &&
         !llvm::is_contained(batch, rank - 1);
}

struct FoldOperandTranspose : OpRewritePattern<stablehlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    if (lhsType.getElementType() != rhsType.getElementType() ||
        !disc::isGemmElementTypes("cpu", lhsType.getElementType(),
                                  op.getType().getElementType()))
      return rewriter.notifyMatchFailure(op, "not a library product");
    stablehlo::DotDimensionNumbersAttr numbers = op.getDotDimensionNumbers();
    SmallVector<int64_t> batch[2] = {
        llvm::to_vector(numbers.getLhsBatchingDimensions()),
        llvm::to_vector(numbers.getRhsBatchingDimensions())};
    SmallVector<int64_t> contracting[2] = {
        llvm::to_vector(numbers.getLhsContractingDimensions()),
        llvm::to_vector(numbers.getRhsContractingDimensions())};
    if (!isLibraryOperandLayout(lhsType.getRank(), batch[0], contracting[0]) ||
        !isLibraryOperandLayout(rhsType.getRank(), batch[1], contracting[1]))
      return rewriter.notifyMatchFailure(op, "not a library layout");
    for (unsigned input : {0u, 1u}) {
      std::optional<FoldableTranspose> found =
          getFoldableTranspose(op->getOperand(input));
      if (!found)
        continue;
      // The operand's dim d is dim remaining[d] of what it is folded to.
      SmallVector<int64_t> remaining = getFoldedPermutation(*found);
      auto innermost = static_cast<int64_t>(
          llvm::find(remaining, static_cast<int64_t>(remaining.size()) - 1) -
          remaining.begin());
      if (llvm::is_contained(batch[input], innermost))
        continue;
      for (int64_t &dim : batch[input])
        dim = remaining[dim];
      for (int64_t &dim : contracting[input])
        dim = remaining[dim];
      Value folded = getFoldedOperand(rewriter, *found);
      rewriter.modifyOpInPlace(op, [&] {
        op->setOperand(input, folded);
        op.setDotDimensionNumbersAttr(stablehlo::DotDimensionNumbersAttr::get(
            op.getContext(), batch[0], batch[1], contracting[0],
            contracting[1]));
      });
      // Erased here, so that a transpose feeding this one has one user when
      // the product is visited again.
      if (found->reshape)
        rewriter.eraseOp(found->reshape);
      rewriter.eraseOp(found->transpose);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no operand transpose to fold");
  }
};

struct FoldDotTransposesPass
    : mlir::disc::impl::FoldDotTransposesPassBase<FoldDotTransposesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldOperandTranspose>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
