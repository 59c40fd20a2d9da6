//===- Fft.cpp - stablehlo.fft to a call of the runtime's FFT ------------===//
//
// A Fourier transform is the runtime's work (FFTW on the CPU, docs/ABI.md):
// stablehlo.fft becomes disc_ral.custom_call of `ral_fft`, `ral_ifft`,
// `ral_rfft` or `ral_irfft`, which bufferization turns into a
// destination-passing call like a user kernel's. The leading dimensions the
// transform does not touch are collapsed into one batch dimension (of size 1
// when there are none), so that the buffers' ranks (2 to 4) say how many
// dimensions are transformed and their sizes are the batch and fft_length.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Patterns.h"

#include "disc/Dialect/HLO/StablehloOps.h"
#include "disc/Dialect/RAL/RALOps.h"

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

/// `type` with its leading (untransformed) dimensions folded into one.
RankedTensorType getBatchedType(RankedTensorType type, int64_t transformRank) {
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> transformed = shape.take_back(transformRank);
  int64_t batch = 1;
  for (int64_t size : shape.drop_back(transformRank))
    batch *= size;
  SmallVector<int64_t> batchedShape{batch};
  llvm::append_range(batchedShape, transformed);
  return RankedTensorType::get(batchedShape, type.getElementType());
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
    RankedTensorType batchedResultType =
        getBatchedType(resultType, transformRank);
    // Already [batch, lengths...] with one batch dimension, or folded into
    // it, or given one of size 1.
    if (rank > transformRank + 1)
      operand = tensor::CollapseShapeOp::create(
          rewriter, loc, getBatchedType(operandType, transformRank), operand,
          grouping);
    else if (rank == transformRank)
      operand = tensor::ExpandShapeOp::create(
          rewriter, loc, getBatchedType(operandType, transformRank), operand,
          grouping);
    Value result =
        disc_ral::CustomCallOp::create(
            rewriter, loc, TypeRange{batchedResultType},
            getRuntimeApi(op.getFftType()), ValueRange{operand}, ValueRange())
            .getResult(0);
    if (rank > transformRank + 1)
      result = tensor::ExpandShapeOp::create(rewriter, loc, resultType, result,
                                             grouping);
    else if (rank == transformRank)
      result = tensor::CollapseShapeOp::create(rewriter, loc, resultType,
                                               result, grouping);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

std::optional<std::string> mlir::disc::checkFft(Operation *fft) {
  auto op = cast<stablehlo::FftOp>(fft);
  std::string name = op->getName().getStringRef().str();
  auto operandType = cast<RankedTensorType>(op.getOperand().getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  if (!operandType.hasStaticShape() || !resultType.hasStaticShape())
    return name + " with a dynamic shape";
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
  if (transformed != lengths)
    return name + " whose fft_length differs from its operand's innermost " +
           "dimensions";
  return std::nullopt;
}

void mlir::disc::populateFftPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns) {
  patterns.add<FftLowering>(converter, patterns.getContext());
}
