//===- Fft.cpp - stablehlo.fft to a call of the runtime's FFT ------------===//
//
// A Fourier transform is the runtime's work (FFTW on the CPU, docs/ABI.md):
// stablehlo.fft becomes disc_ral.custom_call of `ral_fft`, `ral_ifft`,
// `ral_rfft` or `ral_irfft`, which bufferization turns into a
// destination-passing call like a user kernel's. The leading dimensions the
// transform does not touch are collapsed into one batch dimension (of size 1
// when there are none), so that the buffers' ranks (2 to 4) say how many
// dimensions are transformed and their sizes are the batch and fft_length.
// The batch may be dynamic: the call then gets its size for the result,
// which the runtime, planning per shape, transforms at any size. The
// transformed dimensions are fft_length by the spec, so a `?` among them is
// cast to it; the runtime rejects an input that disagrees.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "Utils.h"

#include "disc/Dialect/HLO/StablehloOps.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/ScopedPrinter.h"

#include <algorithm>

using namespace mlir;

namespace {

StringRef getRuntimeApi(stablehlo::FftType fftType) {
  switch (fftType) {
  case stablehlo::FftType::FFT:
    return "ral_fft";
  case stablehlo::FftType::IFFT:
    return "ral_ifft";
  case stablehlo::FftType::RFFT:
    return "ral_rfft";
  case stablehlo::FftType::IRFFT:
    return "ral_irfft";
  }
  llvm_unreachable("every fft type has a runtime API");
}

/// How a tensor of `rank` whose innermost `transformRank` dimensions are
/// transformed maps to the batched form, one batch dimension first: the
/// leading dimensions (or, without any, the new unit dimension and the first
/// transformed one) form the first group, each transformed dimension a group
/// of its own.
SmallVector<ReassociationIndices> getBatchGrouping(int64_t rank,
                                                   int64_t transformRank) {
  int64_t batchRank = std::max<int64_t>(rank - transformRank, 1);
  SmallVector<ReassociationIndices> groups(1);
  for (int64_t dim = 0; dim < batchRank; ++dim)
    groups.front().push_back(dim);
  if (rank == transformRank)
    groups.front().push_back(1);
  for (int64_t dim = groups.front().back() + 1;
       dim < std::max(rank, transformRank + 1); ++dim)
    groups.push_back({dim});
  return groups;
}

/// `type` with its leading (untransformed) dimensions folded into one
/// (dynamic when one of them is) and its transformed dimensions `lengths`:
/// the spec fixes them by fft_length, so a `?` among them is refined.
RankedTensorType getBatchedType(RankedTensorType type,
                                ArrayRef<int64_t> lengths) {
  ArrayRef<int64_t> leading = type.getShape().drop_back(lengths.size());
  int64_t batch = 1;
  for (int64_t size : leading)
    batch = ShapedType::isDynamic(size) || ShapedType::isDynamic(batch)
                ? ShapedType::kDynamic
                : batch * size;
  SmallVector<int64_t> batchedShape{batch};
  llvm::append_range(batchedShape, lengths);
  return RankedTensorType::get(batchedShape, type.getElementType());
}

/// The transformed dimensions of the operand (`ofOperand`) or result of an
/// fft: fft_length on the real side, its last one n/2+1 on the complex side
/// of a real transform.
SmallVector<int64_t> getTransformedShape(stablehlo::FftOp op, bool ofOperand) {
  SmallVector<int64_t> lengths(op.getFftLength());
  stablehlo::FftType fftType = op.getFftType();
  bool complexSide = ofOperand ? fftType == stablehlo::FftType::IRFFT
                               : fftType == stablehlo::FftType::RFFT;
  if (complexSide && !lengths.empty())
    lengths.back() = lengths.back() == 0 ? 0 : lengths.back() / 2 + 1;
  return lengths;
}

Value castIfNeeded(OpBuilder &builder, Location loc, Type type, Value value) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

struct FftLowering : disc::StablehloLowering<stablehlo::FftOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::FftOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t transformRank = op.getFftLength().size();
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = operandType.getRank();
    SmallVector<ReassociationIndices> grouping =
        getBatchGrouping(rank, transformRank);
    SmallVector<int64_t> operandLengths = getTransformedShape(op, true);
    SmallVector<int64_t> resultLengths = getTransformedShape(op, false);
    RankedTensorType batchedOperandType =
        getBatchedType(operandType, operandLengths);
    RankedTensorType batchedResultType =
        getBatchedType(resultType, resultLengths);
    // The leading sizes of the result are the operand's; its transformed
    // ones are fixed.
    SmallVector<OpFoldResult> resultShape =
        tensor::getMixedSizes(rewriter, loc, operand);
    resultShape.truncate(rank - transformRank);
    for (int64_t length : resultLengths)
      resultShape.push_back(rewriter.getIndexAttr(length));
    auto refinedResultType = RankedTensorType::get(
        SmallVector<int64_t>(decomposeMixedValues(resultShape).first),
        resultType.getElementType());
    // Already [batch, lengths...] with one batch dimension, or folded into
    // it, or given one of size 1.
    if (rank > transformRank + 1)
      operand = tensor::CollapseShapeOp::create(
          rewriter, loc,
          getBatchedType(operandType,
                         operandType.getShape().take_back(transformRank)),
          operand, grouping);
    else if (rank == transformRank)
      operand = tensor::ExpandShapeOp::create(
          rewriter, loc, getBatchedType(operandType, operandType.getShape()),
          operand, grouping);
    operand = castIfNeeded(rewriter, loc, batchedOperandType, operand);
    SmallVector<Value> resultSizes;
    if (batchedResultType.isDynamicDim(0))
      resultSizes.push_back(tensor::DimOp::create(rewriter, loc, operand, 0));
    Value result = disc_ral::CustomCallOp::create(
                       rewriter, loc, TypeRange{batchedResultType},
                       getRuntimeApi(op.getFftType()), ValueRange{operand},
                       ValueRange(), resultSizes)
                       .getResult(0);
    // An expand_shape that splits the batch into several dynamic sizes
    // crashes the lowering of its strided metadata (MLIR 22): a reshape to
    // the sizes does it.
    if (refinedResultType.getNumDynamicDims() > 1) {
      SmallVector<Value> sizes =
          getValueOrCreateConstantIndexOp(rewriter, loc, resultShape);
      Value shape = tensor::FromElementsOp::create(rewriter, loc, sizes);
      result = tensor::ReshapeOp::create(rewriter, loc, refinedResultType,
                                         result, shape);
    } else if (rank > transformRank + 1)
      result = tensor::ExpandShapeOp::create(rewriter, loc, refinedResultType,
                                             result, grouping, resultShape);
    else if (rank == transformRank)
      result = tensor::CollapseShapeOp::create(rewriter, loc, refinedResultType,
                                               result, grouping);
    rewriter.replaceOp(op, castIfNeeded(rewriter, loc, resultType, result));
    return success();
  }
};

std::optional<std::string> checkFft(Operation *fft) {
  auto op = cast<stablehlo::FftOp>(fft);
  std::string name = op->getName().getStringRef().str();
  auto operandType = cast<RankedTensorType>(op.getOperand().getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  Type realElement = getElementTypeOrSelf(
      op.getFftType() == stablehlo::FftType::IRFFT ? resultType : operandType);
  if (auto complexType = dyn_cast<ComplexType>(realElement))
    realElement = complexType.getElementType();
  if (!realElement.isF32() && !realElement.isF64())
    return name + " on element type " +
           llvm::to_string(getElementTypeOrSelf(operandType)) +
           " (FFTW computes f32 and f64, complex<f32> and complex<f64>)";
  ArrayRef<int64_t> lengths = op.getFftLength();
  ArrayRef<int64_t> transformed =
      (op.getFftType() == stablehlo::FftType::IRFFT ? resultType : operandType)
          .getShape()
          .take_back(lengths.size());
  for (auto [size, length] : llvm::zip(transformed, lengths))
    if (!ShapedType::isDynamic(size) && size != length)
      return name + " whose fft_length differs from its operand's " +
             "innermost dimensions";
  return std::nullopt;
}

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getFftPreconditions(Operation *op) {
  if (!isa<stablehlo::FftOp>(op))
    return std::nullopt;
  return Preconditions().withOwnElementTypes().withCheck(checkFft);
}

void mlir::disc::populateFftPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns) {
  patterns.add<FftLowering>(converter, patterns.getContext());
}
