//===- ConvolutionToGemm.cpp - Convolutions as im2col and a matmul --------===//
//
// A convolution out[m..., o] = sum_k padded[window(m, k)] * kernel[k..., o]
// becomes
//
//   patches[m..., k...] = padded[window(m, k)]   (one parallel linalg.generic)
//   product[M, O] = patches[M, K] x kernel[K, O] (linalg.fill 0, linalg.matmul)
//   out = product expanded to [m..., O], transposed into the output layout
//
// where m... are the output dimensions but the feature, in output order, and
// k... the kernel dimensions but the output feature, in kernel order, without
// the spatial ones of size 1. Taking both orders from the layouts makes the
// kernel a reshape (read transposed when its output feature comes first) and,
// for a feature-last output, the result a reshape too; only a kernel whose
// output feature sits in the middle is copied into [K, O].
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Passes.h"

#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CONVOLUTIONTOGEMMPASS
#include "disc/Conversion/StablehloToLinalg/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// Whether every dimension of `type` but `dynamicAllowed` is static.
bool isStaticBut(RankedTensorType type, int64_t dynamicAllowed) {
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (dim != dynamicAllowed && type.isDynamicDim(dim))
      return false;
  return true;
}

/// A convolution the matrix product computes: one group of each kind,
/// operands of one element type and a result the cuBLAS gemm takes (f32 or
/// f16 of the same type, or f16 or bf16 into f32, as
/// disc-widen-narrow-accumulations leaves those), and static shapes but for
/// the batch.
bool isGemmConvolution(stablehlo::ConvolutionOp op) {
  if (op.getFeatureGroupCount() != 1 || op.getBatchGroupCount() != 1)
    return false;
  auto inputType = dyn_cast<RankedTensorType>(op.getLhs().getType());
  auto kernelType = dyn_cast<RankedTensorType>(op.getRhs().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!inputType || !kernelType || !resultType)
    return false;
  Type elementType = resultType.getElementType();
  Type operandType = inputType.getElementType();
  bool sameType = operandType == elementType &&
                  (elementType.isF32() || elementType.isF16());
  bool widened =
      (operandType.isF16() || operandType.isBF16()) && elementType.isF32();
  if (!(sameType || widened) || kernelType.getElementType() != operandType)
    return false;
  auto numbers = op.getDimensionNumbers();
  return kernelType.hasStaticShape() &&
         isStaticBut(inputType, numbers.getInputBatchDimension()) &&
         isStaticBut(resultType, numbers.getOutputBatchDimension());
}

/// The dimensions 0..rank-1 but `excluded`, in order.
SmallVector<int64_t> allDimsBut(int64_t rank, int64_t excluded) {
  SmallVector<int64_t> dims;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (dim != excluded)
      dims.push_back(dim);
  return dims;
}

/// Reassociation grouping dimensions [0, split) and [split, rank).
SmallVector<ReassociationIndices> splitAt(int64_t split, int64_t rank) {
  SmallVector<ReassociationIndices> groups(2);
  for (int64_t dim = 0; dim < rank; ++dim)
    groups[dim < split ? 0 : 1].push_back(dim);
  return groups;
}

int64_t positionOf(ArrayRef<int64_t> dims, int64_t dim) {
  return llvm::find(dims, dim) - dims.begin();
}

Value emitConvolutionAsGemm(OpBuilder &b, stablehlo::ConvolutionOp op) {
  Location loc = op.getLoc();
  auto numbers = op.getDimensionNumbers();
  auto kernelType = cast<RankedTensorType>(op.getRhs().getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  Type elementType = resultType.getElementType();
  int64_t rank = resultType.getRank();
  ArrayRef<int64_t> inputSpatial = numbers.getInputSpatialDimensions();
  ArrayRef<int64_t> kernelSpatial = numbers.getKernelSpatialDimensions();
  ArrayRef<int64_t> outputSpatial = numbers.getOutputSpatialDimensions();
  int64_t kernelOutFeature = numbers.getKernelOutputFeatureDimension();
  int64_t outFeature = numbers.getOutputFeatureDimension();

  // Patch rows: the output dimensions but the feature. Patch columns: the
  // kernel dimensions but the output feature; a spatial one of size 1 adds
  // nothing to the window.
  SmallVector<int64_t> rowDims = allDimsBut(rank, outFeature);
  SmallVector<int64_t> columnDims;
  for (int64_t dim : allDimsBut(rank, kernelOutFeature))
    if (!llvm::is_contained(kernelSpatial, dim) ||
        kernelType.getDimSize(dim) != 1)
      columnDims.push_back(dim);
  int64_t numRows = rowDims.size();
  int64_t numLoops = numRows + columnDims.size();
  auto rowLoop = [&](int64_t outputDim) {
    return b.getAffineDimExpr(positionOf(rowDims, outputDim));
  };
  auto columnLoop = [&](int64_t kernelDim) {
    return b.getAffineDimExpr(numRows + positionOf(columnDims, kernelDim));
  };

  int64_t numSpatial = inputSpatial.size();
  SmallVector<int64_t> strides =
      disc::getDimValuesOr(op.getWindowStrides(), numSpatial, 1);
  SmallVector<int64_t> rhsDilation =
      disc::getDimValuesOr(op.getRhsDilation(), numSpatial, 1);
  std::optional<ArrayRef<bool>> reversal = op.getWindowReversal();
  SmallVector<AffineExpr> inputExprs(rank);
  inputExprs[numbers.getInputBatchDimension()] =
      rowLoop(numbers.getOutputBatchDimension());
  inputExprs[numbers.getInputFeatureDimension()] =
      columnLoop(numbers.getKernelInputFeatureDimension());
  for (auto [i, inputDim] : llvm::enumerate(inputSpatial)) {
    AffineExpr position = rowLoop(outputSpatial[i]) * strides[i];
    int64_t window = kernelType.getDimSize(kernelSpatial[i]);
    if (window != 1) {
      AffineExpr offset = columnLoop(kernelSpatial[i]);
      if (reversal && !reversal->empty() && (*reversal)[i])
        offset = b.getAffineConstantExpr(window - 1) - offset;
      position = position + offset * rhsDilation[i];
    }
    inputExprs[inputDim] = position;
  }
  AffineMap inputMap = AffineMap::get(numLoops, 0, inputExprs, b.getContext());

  SmallVector<int64_t> patchShape;
  SmallVector<OpFoldResult> patchSizes;
  for (int64_t dim : rowDims) {
    patchShape.push_back(resultType.getDimSize(dim));
    patchSizes.push_back(
        resultType.isDynamicDim(dim)
            ? OpFoldResult(tensor::DimOp::create(
                  b, loc, op.getLhs(), numbers.getInputBatchDimension()))
            : b.getIndexAttr(resultType.getDimSize(dim)));
  }
  for (int64_t dim : columnDims) {
    patchShape.push_back(kernelType.getDimSize(dim));
    patchSizes.push_back(b.getIndexAttr(kernelType.getDimSize(dim)));
  }

  // A window that reads the padded input as it lies needs no gather.
  Value patches = disc::emitPaddedConvolutionInput(b, loc, op, op.getLhs());
  if (!inputMap.isIdentity()) {
    auto patchType = RankedTensorType::get(
        patchShape, getElementTypeOrSelf(op.getLhs().getType()));
    Value init = disc::createEmptyTensor(b, loc, patchType, patchSizes);
    patches =
        linalg::GenericOp::create(
            b, loc, TypeRange{patchType}, ValueRange{patches}, ValueRange{init},
            {inputMap, b.getMultiDimIdentityMap(numLoops)},
            SmallVector<utils::IteratorType>(numLoops,
                                             utils::IteratorType::parallel),
            [](OpBuilder &nb, Location l, ValueRange args) {
              linalg::YieldOp::create(nb, l, args[0]);
            })
            .getResult(0);
  }
  Value lhs = tensor::CollapseShapeOp::create(b, loc, patches,
                                              splitAt(numRows, numLoops));

  // The kernel as [K, O], or as [O, K] read transposed by the product.
  Value kernel = op.getRhs();
  bool transposeKernel = kernelOutFeature == 0;
  if (!transposeKernel && kernelOutFeature != rank - 1) {
    SmallVector<int64_t> permutation = allDimsBut(rank, kernelOutFeature);
    permutation.push_back(kernelOutFeature);
    kernel = disc::emitTranspose(b, loc, kernel, permutation);
  }
  Value rhs = tensor::CollapseShapeOp::create(
      b, loc, kernel, splitAt(transposeKernel ? 1 : rank - 1, rank));

  int64_t outFeatures = kernelType.getDimSize(kernelOutFeature);
  auto productType = RankedTensorType::get(
      {cast<RankedTensorType>(lhs.getType()).getDimSize(0), outFeatures},
      elementType);
  SmallVector<OpFoldResult> productSizes = {
      tensor::getMixedSize(b, loc, lhs, 0), b.getIndexAttr(outFeatures)};
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elementType));
  Value init =
      disc::createFilledTensor(b, loc, productType, productSizes, zero);
  auto matmul = linalg::MatmulOp::create(b, loc, TypeRange{productType},
                                         ValueRange{lhs, rhs}, init);
  if (transposeKernel) {
    AffineExpr m, n, k;
    bindDims(b.getContext(), m, n, k);
    auto map = [&](ArrayRef<AffineExpr> exprs) {
      return AffineMap::get(3, 0, exprs, b.getContext());
    };
    matmul.setIndexingMapsAttr(
        b.getAffineMapArrayAttr({map({m, k}), map({n, k}), map({m, n})}));
  }

  // Rows back to the output dimensions, the feature last, then into the
  // output layout.
  SmallVector<int64_t> expandedShape(patchShape.begin(),
                                     patchShape.begin() + numRows);
  SmallVector<OpFoldResult> expandedSizes(patchSizes.begin(),
                                          patchSizes.begin() + numRows);
  expandedShape.push_back(outFeatures);
  expandedSizes.push_back(b.getIndexAttr(outFeatures));
  Value result = tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(expandedShape, elementType),
      matmul.getResult(0), splitAt(numRows, numRows + 1), expandedSizes);
  if (outFeature != rank - 1) {
    SmallVector<int64_t> permutation;
    for (int64_t dim = 0; dim < rank; ++dim)
      permutation.push_back(dim == outFeature ? numRows
                                              : positionOf(rowDims, dim));
    result = disc::emitTranspose(b, loc, result, permutation);
  }
  return result;
}

struct ConvolutionToGemmPass
    : disc::impl::ConvolutionToGemmPassBase<ConvolutionToGemmPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](stablehlo::ConvolutionOp op) {
      if (!isGemmConvolution(op))
        return;
      rewriter.setInsertionPoint(op);
      rewriter.replaceOp(op, emitConvolutionAsGemm(rewriter, op));
    });
  }
};

} // namespace
