//===- Convolution.cpp - stablehlo.convolution to linalg.generic ----------===//
//
// A convolution with any dimension_numbers becomes:
//   1. window_reversal: the kernel reversed along the flagged spatial dims;
//   2. padding and lhs_dilation: the input padded with zeros (negative
//      padding cuts, lhs dilation is interior padding);
//   3. one linalg.generic over (output dims..., input feature per group,
//      kernel spatial dims...) reading
//        input[b', f', o_s * stride_s + k_s * rhs_dilation_s]
//        kernel[c, o_f, k_s]
//      where feature_group_count G picks the input feature group
//      f' = (o_f floordiv (Cout / G)) * Cin_g + c, and batch_group_count B
//      picks the input batch group b' = (o_f floordiv (Cout / B)) * (N / B) +
//      o_b.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace {

std::optional<std::string> checkConvolution(Operation *convolution) {
  auto op = cast<stablehlo::ConvolutionOp>(convolution);
  std::string name = op->getName().getStringRef().str();
  if (op.getFeatureGroupCount() > 1 && op.getBatchGroupCount() > 1)
    return name + " with both feature_group_count and batch_group_count > 1";
  auto numbers = op.getDimensionNumbers();
  auto kernelType = cast<RankedTensorType>(op.getRhs().getType());
  auto inputType = cast<RankedTensorType>(op.getLhs().getType());
  if ((op.getFeatureGroupCount() > 1 || op.getBatchGroupCount() > 1) &&
      (ShapedType::isDynamic(
           kernelType.getDimSize(numbers.getKernelOutputFeatureDimension())) ||
       ShapedType::isDynamic(
           kernelType.getDimSize(numbers.getKernelInputFeatureDimension()))))
    return name + " with groups and a dynamic kernel feature dimension";
  if (op.getBatchGroupCount() > 1 && ShapedType::isDynamic(inputType.getDimSize(
                                         numbers.getInputBatchDimension())))
    return name + " with batch_group_count > 1 and a dynamic batch";
  return std::nullopt;
}

struct ConvolutionLowering : disc::StablehloLowering<stablehlo::ConvolutionOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ConvolutionOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto numbers = op.getDimensionNumbers();
    ArrayRef<int64_t> inputSpatial = numbers.getInputSpatialDimensions();
    ArrayRef<int64_t> kernelSpatial = numbers.getKernelSpatialDimensions();
    ArrayRef<int64_t> outputSpatial = numbers.getOutputSpatialDimensions();
    int64_t numSpatial = inputSpatial.size();
    int64_t featureGroups = op.getFeatureGroupCount();
    int64_t batchGroups = op.getBatchGroupCount();

    Value input = adaptor.getLhs();
    Value kernel = adaptor.getRhs();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto kernelType = cast<RankedTensorType>(kernel.getType());
    int64_t rank = inputType.getRank();

    SmallVector<int64_t> strides =
        disc::getDimValuesOr(op.getWindowStrides(), numSpatial, 1);
    SmallVector<int64_t> rhsDilation =
        disc::getDimValuesOr(op.getRhsDilation(), numSpatial, 1);

    SmallVector<int64_t> reversedDims;
    if (std::optional<ArrayRef<bool>> reversal = op.getWindowReversal())
      for (auto [i, reversed] : llvm::enumerate(*reversal))
        if (reversed)
          reversedDims.push_back(kernelSpatial[i]);
    kernel = disc::emitReverse(rewriter, loc, kernel, reversedDims);

    input = disc::emitPaddedConvolutionInput(rewriter, loc, op, input);

    int64_t outFeatureSize =
        kernelType.getDimSize(numbers.getKernelOutputFeatureDimension());
    int64_t groups = std::max(featureGroups, batchGroups);
    if (groups > 1 && ShapedType::isDynamic(outFeatureSize))
      return rewriter.notifyMatchFailure(op, "grouped with a dynamic kernel");
    int64_t batchSize = inputType.getDimSize(numbers.getInputBatchDimension());
    if (batchGroups > 1 && ShapedType::isDynamic(batchSize))
      return rewriter.notifyMatchFailure(op, "batch groups with dynamic batch");
    int64_t inFeaturePerGroup =
        kernelType.getDimSize(numbers.getKernelInputFeatureDimension());
    OpFoldResult inputFeatures = disc::getMixedSizes(
        rewriter, loc, adaptor.getLhs())[numbers.getInputFeatureDimension()];
    OpFoldResult kernelFeatures = disc::getMixedSizes(
        rewriter, loc, kernel)[numbers.getKernelInputFeatureDimension()];
    if (featureGroups > 1 && !ShapedType::isDynamic(inFeaturePerGroup))
      kernelFeatures = rewriter.getIndexAttr(inFeaturePerGroup * featureGroups);
    disc::emitSizeCheck(rewriter, loc, inputFeatures, kernelFeatures,
                        "stablehlo.convolution: the input feature size does "
                        "not match the kernel");
    if (featureGroups > 1 && ShapedType::isDynamic(inFeaturePerGroup))
      return rewriter.notifyMatchFailure(op, "feature groups, dynamic kernel");

    // Loops: output dimensions (in output order), the kernel input feature,
    // then the kernel spatial dimensions.
    int64_t outFeatureLoop = numbers.getOutputFeatureDimension();
    int64_t outBatchLoop = numbers.getOutputBatchDimension();
    int64_t inFeatureLoop = rank;
    int64_t windowLoop = rank + 1;
    int64_t numLoops = rank + 1 + numSpatial;
    auto loop = [&](int64_t i) { return rewriter.getAffineDimExpr(i); };

    SmallVector<AffineExpr> inputExprs(rank), kernelExprs(rank), outputExprs;
    AffineExpr batchExpr = loop(outBatchLoop);
    if (batchGroups > 1)
      batchExpr = loop(outFeatureLoop).floorDiv(outFeatureSize / batchGroups) *
                      (batchSize / batchGroups) +
                  batchExpr;
    inputExprs[numbers.getInputBatchDimension()] = batchExpr;
    AffineExpr featureExpr = loop(inFeatureLoop);
    if (featureGroups > 1)
      featureExpr =
          loop(outFeatureLoop).floorDiv(outFeatureSize / featureGroups) *
              inFeaturePerGroup +
          featureExpr;
    inputExprs[numbers.getInputFeatureDimension()] = featureExpr;
    for (int64_t i = 0; i < numSpatial; ++i)
      inputExprs[inputSpatial[i]] = loop(outputSpatial[i]) * strides[i] +
                                    loop(windowLoop + i) * rhsDilation[i];
    kernelExprs[numbers.getKernelInputFeatureDimension()] = loop(inFeatureLoop);
    kernelExprs[numbers.getKernelOutputFeatureDimension()] =
        loop(outFeatureLoop);
    for (int64_t i = 0; i < numSpatial; ++i)
      kernelExprs[kernelSpatial[i]] = loop(windowLoop + i);
    for (int64_t i = 0; i < rank; ++i)
      outputExprs.push_back(loop(i));

    SmallVector<OpFoldResult> outputSizes = outputSizesOf(
        rewriter, loc, op, resultType, input, kernel, strides, rhsDilation);
    Value init =
        disc::createZeroFilledTensor(rewriter, loc, resultType, outputSizes);

    SmallVector<AffineMap> maps = {
        AffineMap::get(numLoops, 0, inputExprs, context),
        AffineMap::get(numLoops, 0, kernelExprs, context),
        AffineMap::get(numLoops, 0, outputExprs, context)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(1 + numSpatial, utils::IteratorType::reduction);
    Type lhsType = getElementTypeOrSelf(op.getLhs().getType());
    Type rhsType = getElementTypeOrSelf(op.getRhs().getType());
    Type outType = getElementTypeOrSelf(op.getType());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{input, kernel},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = disc::convertScalar(b, l, args[0], lhsType, outType);
          Value y = disc::convertScalar(b, l, args[1], rhsType, outType);
          Value sum;
          if (isa<FloatType>(x.getType()))
            sum = arith::AddFOp::create(b, l, args[2],
                                        arith::MulFOp::create(b, l, x, y));
          else if (isa<ComplexType>(x.getType()))
            sum = complex::AddOp::create(b, l, args[2],
                                         complex::MulOp::create(b, l, x, y));
          else if (x.getType().isInteger(1))
            sum = arith::OrIOp::create(b, l, args[2],
                                       arith::AndIOp::create(b, l, x, y));
          else
            sum = arith::AddIOp::create(b, l, args[2],
                                        arith::MulIOp::create(b, l, x, y));
          linalg::YieldOp::create(b, l, sum);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }

private:
  // Output sizes: static ones from the result type; dynamic ones from the
  // (padded) input and the kernel:
  //   batch = N / batch_group_count, feature = Cout,
  //   spatial = (padded - (K - 1) * rhs_dilation - 1) floordiv stride + 1.
  static SmallVector<OpFoldResult>
  outputSizesOf(OpBuilder &b, Location loc, stablehlo::ConvolutionOp op,
                RankedTensorType resultType, Value paddedInput, Value kernel,
                std::optional<ArrayRef<int64_t>> strides,
                std::optional<ArrayRef<int64_t>> rhsDilation) {
    auto numbers = op.getDimensionNumbers();
    SmallVector<OpFoldResult> sizes;
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
      int64_t size = resultType.getDimSize(dim);
      if (!ShapedType::isDynamic(size)) {
        sizes.push_back(b.getIndexAttr(size));
        continue;
      }
      Value value;
      if (dim == numbers.getOutputBatchDimension()) {
        value = tensor::DimOp::create(b, loc, paddedInput,
                                      numbers.getInputBatchDimension());
        if (op.getBatchGroupCount() > 1)
          value = arith::DivUIOp::create(b, loc, value,
                                         index(op.getBatchGroupCount()));
      } else if (dim == numbers.getOutputFeatureDimension()) {
        value = tensor::DimOp::create(
            b, loc, kernel, numbers.getKernelOutputFeatureDimension());
      } else {
        int64_t i = llvm::find(numbers.getOutputSpatialDimensions(), dim) -
                    numbers.getOutputSpatialDimensions().begin();
        int64_t stride = strides && !strides->empty() ? (*strides)[i] : 1;
        int64_t dilation =
            rhsDilation && !rhsDilation->empty() ? (*rhsDilation)[i] : 1;
        Value padded = tensor::DimOp::create(
            b, loc, paddedInput, numbers.getInputSpatialDimensions()[i]);
        Value window = tensor::DimOp::create(
            b, loc, kernel, numbers.getKernelSpatialDimensions()[i]);
        Value span = arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(
                b, loc, arith::SubIOp::create(b, loc, window, index(1)),
                index(dilation)),
            index(1));
        Value room = arith::SubIOp::create(b, loc, padded, span);
        value = arith::AddIOp::create(
            b, loc, arith::FloorDivSIOp::create(b, loc, room, index(stride)),
            index(1));
      }
      sizes.push_back(value);
    }
    return sizes;
  }
};

} // namespace

Value mlir::disc::emitPaddedConvolutionInput(OpBuilder &b, Location loc,
                                             stablehlo::ConvolutionOp op,
                                             Value input) {
  auto numbers = op.getDimensionNumbers();
  ArrayRef<int64_t> inputSpatial = numbers.getInputSpatialDimensions();
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  int64_t numSpatial = inputSpatial.size();
  SmallVector<int64_t> spatialLow, spatialHigh;
  getPaddingEdges(op.getPadding(), numSpatial, spatialLow, spatialHigh);
  SmallVector<int64_t> lhsDilation =
      getDimValuesOr(op.getLhsDilation(), numSpatial, 1);
  SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
  for (auto [i, dim] : llvm::enumerate(inputSpatial)) {
    low[dim] = spatialLow[i];
    high[dim] = spatialHigh[i];
    interior[dim] = lhsDilation[i] - 1;
  }
  Value zero = createZero(b, loc, getElementTypeOrSelf(input.getType()));
  return emitPad(b, loc, input, zero, low, high, interior);
}

std::optional<disc::Preconditions>
mlir::disc::getConvolutionPreconditions(Operation *op) {
  if (!isa<stablehlo::ConvolutionOp>(op))
    return std::nullopt;
  return Preconditions().withComplexElements().withCheck(checkConvolution);
}

void mlir::disc::populateConvolutionPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<ConvolutionLowering>(converter, patterns.getContext());
}
