//===- ConvolutionToLinalgConv.cpp - 2-D convolutions as linalg.conv ------===//
//
// A 2-D f32 convolution becomes linalg.conv_2d_nhwc_hwcf on its zero-padded
// input, the operands brought to NHWC and HWIO and the result back to the
// output layout by transposes where they are laid out otherwise; one of
// several feature groups becomes linalg.conv_2d_nhwgc_gfhwc, its operands
// and result reshaped from and to those layouts.
// disc-linalg-conv-to-ral makes it a ral_conv call, which oneDNN computes
// reading the windows in place, as disc-cpu-tile-contractions' own tiles do
// without a library: im2col would copy each input element once per kernel
// tap first.
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
#define GEN_PASS_DEF_CONVOLUTIONTOLINALGCONVPASS
#include "disc/Conversion/StablehloToLinalg/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `op` is a convolution oneDNN takes as linalg.conv_2d_nhwc_hwcf
/// (or, when `grouped`, linalg.conv_2d_nhwgc_gfhwc) expresses it, and one
/// worth taking there: a window that reads its NHWC input as it lies is a
/// plain matrix product (disc-convolution-to-gemm).
bool isLibraryConvolution(stablehlo::ConvolutionOp op, bool grouped) {
  if (op.getBatchGroupCount() != 1 ||
      (op.getFeatureGroupCount() != 1 && !grouped))
    return false;
  auto inputType = dyn_cast<RankedTensorType>(op.getLhs().getType());
  auto kernelType = dyn_cast<RankedTensorType>(op.getRhs().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!inputType || !kernelType || !resultType || resultType.getRank() != 4 ||
      !inputType.getElementType().isF32() ||
      !kernelType.getElementType().isF32() ||
      !resultType.getElementType().isF32())
    return false;
  auto numbers = op.getDimensionNumbers();
  for (int64_t dim = 0; dim < 4; ++dim)
    if ((dim != numbers.getInputBatchDimension() &&
         inputType.isDynamicDim(dim)) ||
        (dim != numbers.getOutputBatchDimension() &&
         resultType.isDynamicDim(dim)))
      return false;
  if (!kernelType.hasStaticShape())
    return false;
  SmallVector<int64_t> lhsDilation =
      disc::getDimValuesOr(op.getLhsDilation(), 2, 1);
  std::optional<ArrayRef<bool>> reversal = op.getWindowReversal();
  for (int64_t i = 0; i < 2; ++i)
    if (lhsDilation[i] != 1 ||
        (reversal && !reversal->empty() && (*reversal)[i]))
      return false;
  bool padded = false;
  if (std::optional<DenseIntElementsAttr> padding = op.getPadding())
    for (const APInt &value : padding->getValues<APInt>()) {
      if (value.isNegative())
        return false;
      padded |= !value.isZero();
    }
  SmallVector<int64_t> strides =
      disc::getDimValuesOr(op.getWindowStrides(), 2, 1);
  bool readsInPlace =
      op.getFeatureGroupCount() == 1 && !padded && strides[0] == 1 &&
      strides[1] == 1 &&
      kernelType.getDimSize(numbers.getKernelSpatialDimensions()[0]) == 1 &&
      kernelType.getDimSize(numbers.getKernelSpatialDimensions()[1]) == 1 &&
      numbers.getInputFeatureDimension() == 3 &&
      numbers.getOutputFeatureDimension() == 3;
  return !readsInPlace;
}

/// `value` transposed so that dims `order` come in that order; itself when
/// they already do.
Value transposeInto(OpBuilder &b, Location loc, Value value,
                    ArrayRef<int64_t> order) {
  if (llvm::equal(order, llvm::seq<int64_t>(0, order.size())))
    return value;
  return disc::emitTranspose(b, loc, value, order);
}

/// The rank-4 `value` with its first dim (`first`) or its last split in
/// two, the outer of `outer` elements.
Value splitDim(OpBuilder &b, Location loc, Value value, int64_t outer,
               bool first) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  int64_t dim = first ? 0 : 3;
  shape[dim] /= outer;
  shape.insert(shape.begin() + dim, outer);
  SmallVector<ReassociationIndices> reassociation =
      first ? SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}, {4}}
            : SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4}};
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      reassociation);
}

/// The NHWC result of the convolution of the padded NHWC `input` with the
/// OHWI `kernel` in `groups` feature groups: linalg.conv_2d_nhwgc_gfhwc of
/// the two, the features of each split into groups, into a zero-filled
/// N x H x W x G x O/G output that is then collapsed back.
Value emitGroupedConvolution(OpBuilder &b, Location loc, Value input,
                             Value kernel, int64_t groups,
                             ArrayRef<int64_t> nhwcShape,
                             ArrayRef<OpFoldResult> nhwcSizes, Value zero,
                             DenseIntElementsAttr strides,
                             DenseIntElementsAttr dilations) {
  Value groupedInput = splitDim(b, loc, input, groups, /*first=*/false);
  Value groupedKernel = splitDim(b, loc, kernel, groups, /*first=*/true);
  SmallVector<int64_t> shape(nhwcShape);
  shape.back() /= groups;
  shape.insert(shape.begin() + 3, groups);
  SmallVector<OpFoldResult> sizes(nhwcSizes);
  sizes.back() = b.getIndexAttr(shape.back());
  sizes.insert(sizes.begin() + 3, b.getIndexAttr(groups));
  auto groupedType = RankedTensorType::get(shape, b.getF32Type());
  Value init = disc::createFilledTensor(b, loc, groupedType, sizes, zero);
  Value grouped = linalg::Conv2DNhwgcGfhwcOp::create(
                      b, loc, TypeRange{groupedType},
                      ValueRange{groupedInput, groupedKernel}, ValueRange{init},
                      strides, dilations)
                      .getResult(0);
  return tensor::CollapseShapeOp::create(
      b, loc, grouped, ArrayRef<ReassociationIndices>{{0}, {1}, {2}, {3, 4}});
}

Value emitLinalgConvolution(OpBuilder &b, stablehlo::ConvolutionOp op) {
  Location loc = op.getLoc();
  auto numbers = op.getDimensionNumbers();
  ArrayRef<int64_t> inputSpatial = numbers.getInputSpatialDimensions();
  ArrayRef<int64_t> kernelSpatial = numbers.getKernelSpatialDimensions();
  ArrayRef<int64_t> outputSpatial = numbers.getOutputSpatialDimensions();
  // Padded after the transpose, so that disc-linalg-conv-to-ral finds the
  // padding right before the convolution and takes it into the call.
  Value input =
      transposeInto(b, loc, op.getLhs(),
                    {numbers.getInputBatchDimension(), inputSpatial[0],
                     inputSpatial[1], numbers.getInputFeatureDimension()});
  SmallVector<int64_t> spatialLow, spatialHigh;
  disc::getPaddingEdges(op.getPadding(), 2, spatialLow, spatialHigh);
  SmallVector<int64_t> low = {0, spatialLow[0], spatialLow[1], 0};
  SmallVector<int64_t> high = {0, spatialHigh[0], spatialHigh[1], 0};
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(b.getF32Type()));
  input = disc::emitPad(b, loc, input, zero, low, high, {0, 0, 0, 0});
  int64_t groups = op.getFeatureGroupCount();
  Value kernel =
      groups == 1 ? transposeInto(b, loc, op.getRhs(),
                                  {kernelSpatial[0], kernelSpatial[1],
                                   numbers.getKernelInputFeatureDimension(),
                                   numbers.getKernelOutputFeatureDimension()})
                  : transposeInto(b, loc, op.getRhs(),
                                  {numbers.getKernelOutputFeatureDimension(),
                                   kernelSpatial[0], kernelSpatial[1],
                                   numbers.getKernelInputFeatureDimension()});

  auto resultType = cast<RankedTensorType>(op.getType());
  SmallVector<int64_t> nhwcOrder = {numbers.getOutputBatchDimension(),
                                    outputSpatial[0], outputSpatial[1],
                                    numbers.getOutputFeatureDimension()};
  SmallVector<int64_t> nhwcShape;
  SmallVector<OpFoldResult> nhwcSizes;
  for (int64_t dim : nhwcOrder) {
    nhwcShape.push_back(resultType.getDimSize(dim));
    nhwcSizes.push_back(
        resultType.isDynamicDim(dim)
            ? OpFoldResult(tensor::DimOp::create(b, loc, input, 0))
            : b.getIndexAttr(resultType.getDimSize(dim)));
  }
  auto strides =
      b.getI64TensorAttr(disc::getDimValuesOr(op.getWindowStrides(), 2, 1));
  auto dilations =
      b.getI64TensorAttr(disc::getDimValuesOr(op.getRhsDilation(), 2, 1));
  Value nhwc;
  if (groups == 1) {
    auto nhwcType =
        RankedTensorType::get(nhwcShape, resultType.getElementType());
    Value init = disc::createFilledTensor(b, loc, nhwcType, nhwcSizes, zero);
    nhwc = linalg::Conv2DNhwcHwcfOp::create(
               b, loc, TypeRange{nhwcType}, ValueRange{input, kernel},
               ValueRange{init}, strides, dilations)
               .getResult(0);
  } else {
    nhwc = emitGroupedConvolution(b, loc, input, kernel, groups, nhwcShape,
                                  nhwcSizes, zero, strides, dilations);
  }

  // NHWC dims back into the output layout.
  SmallVector<int64_t> outputOrder(4);
  for (auto [position, dim] : llvm::enumerate(nhwcOrder))
    outputOrder[dim] = position;
  return transposeInto(b, loc, nhwc, outputOrder);
}

struct ConvolutionToLinalgConvPass
    : disc::impl::ConvolutionToLinalgConvPassBase<ConvolutionToLinalgConvPass> {
  using ConvolutionToLinalgConvPassBase::ConvolutionToLinalgConvPassBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](stablehlo::ConvolutionOp op) {
      if (!isLibraryConvolution(op, grouped))
        return;
      rewriter.setInsertionPoint(op);
      rewriter.replaceOp(op, emitLinalgConvolution(rewriter, op));
    });
  }
};

} // namespace
