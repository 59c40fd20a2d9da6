//===- LinalgWriteProductsTransposed.cpp - Products in their reader's layout =//
//
// A matrix product whose result only feeds a transpose (a copy that moves
// dims: attention's context [B, H, S, D] -> [B, S, H, D] before its heads
// are merged) writes the transposed layout itself, its output map taking
// the permutation, and the copy goes:
//
//   %p = linalg.generic {maps = [..., (b, h, q, d, k) -> (b, h, q, d)]}
//   %t = linalg.generic {maps = [(b, q, h, d) -> (b, h, q, d),
//                                (b, q, h, d) -> (b, q, h, d)]} ins(%p)
//        { linalg.yield %in }
// becomes
//   %t = linalg.generic {maps = [..., (b, h, q, d, k) -> (b, q, h, d)]}
//
// disc-linalg-matmul-to-ral then hands the library a strided view of the
// output. Unit dims the copy adds (JAX's batch 1: a reshape between them,
// or one folded into the copy) are added by a reshape after the product.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"
#include "disc/Dialect/RAL/GemmElementTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGWRITEPRODUCTSTRANSPOSEDPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// A product whose result a transpose copies, maybe through a reshape that
/// adds unit dims.
struct TransposedProduct {
  linalg::LinalgOp product;
  linalg::FillOp init;
  tensor::ExpandShapeOp expand;
  linalg::GenericOp transpose;
  // For each dim of the transpose's result, the product's output dim it
  // holds; none for a unit dim the reshape added.
  SmallVector<std::optional<unsigned>> productDims;
};

/// For each dim of `transpose`'s result, the dim of its input it copies, or
/// none for a static unit dim the input lacks (a reshape adding it folded
/// into the copy); nothing when `transpose` is not a copy that only moves
/// dims.
std::optional<SmallVector<std::optional<unsigned>>>
getTransposeSources(linalg::GenericOp transpose) {
  if (transpose.getNumDpsInputs() != 1 || transpose.getNumDpsInits() != 1 ||
      transpose.getNumReductionLoops() != 0 ||
      !transpose.hasPureTensorSemantics())
    return std::nullopt;
  Block *body = transpose.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (body->getOperations().size() != 1 ||
      yield.getOperand(0) != body->getArgument(0))
    return std::nullopt;
  SmallVector<AffineMap> maps = transpose.getIndexingMapsArray();
  if (!maps[0].isProjectedPermutation(/*allowZeroInResults=*/false) ||
      !maps[1].isIdentity())
    return std::nullopt;
  // Input dim i is indexed by loop maps[0](i), the result's dim of that
  // number.
  SmallVector<std::optional<unsigned>> sources(maps[1].getNumResults());
  for (unsigned inputDim = 0; inputDim < maps[0].getNumResults(); ++inputDim)
    sources[maps[0].getDimPosition(inputDim)] = inputDim;
  ArrayRef<int64_t> shape =
      cast<ShapedType>(transpose.getResultTypes()[0]).getShape();
  for (auto [dim, source] : llvm::enumerate(sources))
    if (!source && shape[dim] != 1)
      return std::nullopt;
  return sources;
}

/// For each dim of `expand`'s result, the dim of its source it spans; none
/// for a static unit dim beside the one that does. Nothing when a group
/// splits a dim into several of size other than 1.
std::optional<SmallVector<std::optional<unsigned>>>
getExpandedSources(tensor::ExpandShapeOp expand) {
  ArrayRef<int64_t> shape = expand.getResultType().getShape();
  SmallVector<std::optional<unsigned>> sources(shape.size());
  for (auto [sourceDim, group] :
       llvm::enumerate(expand.getReassociationIndices())) {
    auto spanning =
        llvm::find_if(group, [&](int64_t dim) { return shape[dim] != 1; });
    int64_t kept = spanning == group.end() ? group.back() : *spanning;
    for (int64_t dim : group)
      if (dim != kept && shape[dim] != 1)
        return std::nullopt;
    sources[kept] = sourceDim;
  }
  return sources;
}

/// The product and the reshape `transpose` copies, with the product's
/// output dim each of its result's dims holds.
std::optional<TransposedProduct> matchTransposedProduct(linalg::GenericOp op) {
  std::optional<SmallVector<std::optional<unsigned>>> copied =
      getTransposeSources(op);
  if (!copied)
    return std::nullopt;
  TransposedProduct found;
  found.transpose = op;
  Value source = op.getDpsInputOperand(0)->get();
  SmallVector<std::optional<unsigned>> sourceDims = llvm::map_to_vector(
      llvm::seq<unsigned>(0, cast<ShapedType>(source.getType()).getRank()),
      [](unsigned dim) -> std::optional<unsigned> { return dim; });
  found.expand = source.getDefiningOp<tensor::ExpandShapeOp>();
  if (found.expand) {
    std::optional<SmallVector<std::optional<unsigned>>> expanded =
        getExpandedSources(found.expand);
    if (!expanded || !found.expand->hasOneUse())
      return std::nullopt;
    sourceDims = *expanded;
    source = found.expand.getSrc();
  }
  found.product = source.getDefiningOp<linalg::LinalgOp>();
  if (!found.product || !source.hasOneUse() ||
      found.product->getNumResults() != 1 ||
      !linalg::isaContractionOpInterface(found.product))
    return std::nullopt;
  found.init =
      found.product.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  if (!found.init)
    return std::nullopt;
  found.productDims = llvm::map_to_vector(
      *copied, [&](std::optional<unsigned> dim) -> std::optional<unsigned> {
        return dim ? sourceDims[*dim] : std::nullopt;
      });
  return found;
}

/// Whether the library still takes the product written through
/// `outputMap`: element types of ral_gemm, one free and one contracting dim
/// per operand, at most two batch dims, and rhs's free dim innermost in the
/// output (the library writes rows with unit stride).
bool isLibraryProduct(linalg::LinalgOp product, AffineMap outputMap) {
  Type operandType = getElementTypeOrSelf(product.getDpsInputOperand(0)->get());
  Type resultType = getElementTypeOrSelf(product->getResult(0));
  if (getElementTypeOrSelf(product.getDpsInputOperand(1)->get()) !=
          operandType ||
      !disc::isGemmElementTypes("cpu", operandType, resultType) ||
      product.getNumReductionLoops() != 1)
    return false;
  SmallVector<AffineMap> maps = product.getIndexingMapsArray();
  auto indexes = [&](AffineMap map, unsigned loop) {
    return map.getResultPosition(getAffineDimExpr(loop, map.getContext()))
        .has_value();
  };
  size_t batchDims = llvm::count_if(outputMap.getResults(), [&](AffineExpr e) {
    unsigned loop = cast<AffineDimExpr>(e).getPosition();
    return indexes(maps[0], loop) && indexes(maps[1], loop);
  });
  unsigned innermost =
      cast<AffineDimExpr>(outputMap.getResults().back()).getPosition();
  return batchDims <= disc::kGemmMaxBatchDims &&
         maps[0].getNumResults() == batchDims + 2 &&
         maps[1].getNumResults() == batchDims + 2 &&
         outputMap.getNumResults() == batchDims + 2 &&
         indexes(maps[1], innermost) && !indexes(maps[0], innermost);
}

/// Writes the product in the transpose's layout and drops the copy; fails
/// when the library would not take the product so written.
LogicalResult writeTransposed(RewriterBase &rewriter,
                              TransposedProduct &found) {
  linalg::LinalgOp product = found.product;
  AffineMap outputMap = product.getIndexingMapsArray().back();
  SmallVector<AffineExpr> results;
  SmallVector<unsigned> outputDims;
  for (std::optional<unsigned> dim : found.productDims)
    if (dim) {
      results.push_back(outputMap.getResult(*dim));
      outputDims.push_back(*dim);
    }
  AffineMap transposedMap =
      AffineMap::get(outputMap.getNumDims(), 0, results, rewriter.getContext());
  if (!isLibraryProduct(product, transposedMap))
    return failure();

  Location loc = product.getLoc();
  rewriter.setInsertionPoint(found.transpose);
  Value output = product.getDpsInitOperand(0)->get();
  SmallVector<OpFoldResult> outputSizes =
      tensor::getMixedSizes(rewriter, loc, output);
  SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
      outputDims, [&](unsigned dim) { return outputSizes[dim]; });
  Value empty = tensor::EmptyOp::create(rewriter, loc, sizes,
                                        getElementTypeOrSelf(output));
  Value init =
      linalg::FillOp::create(rewriter, loc,
                             found.init.getDpsInputOperand(0)->get(), empty)
          .getResult(0);
  SmallVector<AffineMap> maps = product.getIndexingMapsArray();
  maps.back() = transposedMap;
  SmallVector<Value> inputs =
      llvm::map_to_vector(product.getDpsInputOperands(),
                          [](OpOperand *input) { return input->get(); });
  auto transposed =
      linalg::GenericOp::create(rewriter, loc, init.getType(), inputs, init,
                                maps, product.getIteratorTypesArray());
  rewriter.cloneRegionBefore(product->getRegion(0), transposed.getRegion(),
                             transposed.getRegion().end());
  Value result = transposed.getResult(0);
  if (outputDims.size() < found.productDims.size()) {
    // Each unit dim joins the group of the next dim the product writes (the
    // last such dim for trailing ones).
    SmallVector<ReassociationIndices> groups(outputDims.size());
    unsigned group = 0;
    for (auto [dim, productDim] : llvm::enumerate(found.productDims)) {
      groups[group].push_back(dim);
      if (productDim && group + 1 < groups.size())
        ++group;
    }
    result = tensor::ExpandShapeOp::create(
        rewriter, loc, found.transpose.getResultTypes()[0], result, groups);
  }
  // The outputs they were to write go unless something else writes there.
  // The product's and the copy's are one tensor.empty when CSE merged them
  // (a transpose of two equal dims), which must be erased once.
  llvm::SmallSetVector<Operation *, 2> empties;
  for (Value output : {found.init.getDpsInitOperand(0)->get(),
                       found.transpose.getDpsInitOperand(0)->get()})
    if (auto emptyOp = output.getDefiningOp<tensor::EmptyOp>())
      empties.insert(emptyOp);
  rewriter.replaceOp(found.transpose, result);
  if (found.expand)
    rewriter.eraseOp(found.expand);
  rewriter.eraseOp(product);
  if (found.init->use_empty())
    rewriter.eraseOp(found.init);
  for (Operation *emptyOp : empties)
    if (emptyOp->use_empty())
      rewriter.eraseOp(emptyOp);
  return success();
}

struct LinalgWriteProductsTransposedPass
    : disc::impl::LinalgWriteProductsTransposedPassBase<
          LinalgWriteProductsTransposedPass> {
  void runOnOperation() override {
    SmallVector<TransposedProduct> candidates;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<TransposedProduct> found = matchTransposedProduct(op))
        candidates.push_back(*found);
    });
    IRRewriter rewriter(&getContext());
    for (TransposedProduct &found : candidates)
      (void)writeTransposed(rewriter, found);
  }
};

} // namespace
