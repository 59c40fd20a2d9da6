//===- Contraction.cpp - stablehlo.dot / dot_general to linalg ------------===//
//
// Layouts that match a named linalg op (matmul, batch_matmul, matvec, vecmat,
// dot) use it, so later phases can recognize and library-call them. Every
// other layout (batch or contracting dimensions anywhere, unsigned inputs
// whose extension must be zero-extension) becomes a linalg.generic
// contraction. Inputs are converted to the result type before multiplying,
// which gives mixed precision (bf16 x bf16 -> f32) per the result type.
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

bool isSeq(ArrayRef<int64_t> dims, int64_t start) {
  for (auto [i, dim] : llvm::enumerate(dims))
    if (dim != start + static_cast<int64_t>(i))
      return false;
  return true;
}

// Named linalg contractions extend narrower inputs with sign extension, so
// they are only used when that is the right extension.
bool namedOpsHandleTypes(Type lhs, Type rhs, Type result) {
  auto fits = [&](Type type) {
    if (isa<FloatType>(type))
      return isa<FloatType>(result);
    return isa<IntegerType>(type) && isa<IntegerType>(result) &&
           !disc::isUnsignedLike(type) && !result.isInteger(1);
  };
  return fits(lhs) && fits(rhs);
}

/// Replaces `op`, a dot or dot_general, by the contraction of its converted
/// operands `lhs` and `rhs` over `dims`.
void replaceByContraction(Operation *op, Value lhs, Value rhs,
                          RankedTensorType resultType,
                          const disc::ContractionDims &dims,
                          ConversionPatternRewriter &rewriter) {
  rewriter.replaceOp(op, disc::emitContraction(
                             rewriter, op->getLoc(), lhs, rhs,
                             getElementTypeOrSelf(op->getOperand(0).getType()),
                             getElementTypeOrSelf(op->getOperand(1).getType()),
                             getElementTypeOrSelf(op->getResult(0).getType()),
                             resultType, dims, op->getName().getStringRef()));
}

struct DotGeneralLowering : disc::StablehloLowering<stablehlo::DotGeneralOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DotGeneralOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    auto numbers = op.getDotDimensionNumbers();
    disc::ContractionDims dims;
    dims.lhsBatch = llvm::to_vector(numbers.getLhsBatchingDimensions());
    dims.rhsBatch = llvm::to_vector(numbers.getRhsBatchingDimensions());
    dims.lhsContracting =
        llvm::to_vector(numbers.getLhsContractingDimensions());
    dims.rhsContracting =
        llvm::to_vector(numbers.getRhsContractingDimensions());
    replaceByContraction(op, adaptor.getLhs(), adaptor.getRhs(), resultType,
                         dims, rewriter);
    return success();
  }
};

struct DotLowering : disc::StablehloLowering<stablehlo::DotOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::DotOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        disc::convertedTensorType(getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    // dot contracts the last dimension of lhs with the first of rhs.
    disc::ContractionDims dims;
    dims.lhsContracting = {
        cast<RankedTensorType>(op.getLhs().getType()).getRank() - 1};
    dims.rhsContracting = {0};
    replaceByContraction(op, adaptor.getLhs(), adaptor.getRhs(), resultType,
                         dims, rewriter);
    return success();
  }
};

} // namespace

Value mlir::disc::emitContraction(OpBuilder &b, Location loc, Value lhs,
                                  Value rhs, Type lhsElementType,
                                  Type rhsElementType, Type resultElementType,
                                  RankedTensorType resultType,
                                  const ContractionDims &dims,
                                  StringRef opName) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t lhsRank = lhsType.getRank(), rhsRank = rhsType.getRank();
  SmallVector<int64_t> lhsFree, rhsFree;
  for (int64_t dim = 0; dim < lhsRank; ++dim)
    if (!llvm::is_contained(dims.lhsBatch, dim) &&
        !llvm::is_contained(dims.lhsContracting, dim))
      lhsFree.push_back(dim);
  for (int64_t dim = 0; dim < rhsRank; ++dim)
    if (!llvm::is_contained(dims.rhsBatch, dim) &&
        !llvm::is_contained(dims.rhsContracting, dim))
      rhsFree.push_back(dim);

  // Result dimensions: batch, lhs free, rhs free (the dot_general order).
  SmallVector<OpFoldResult> lhsSizes = getMixedSizes(b, loc, lhs);
  SmallVector<OpFoldResult> rhsSizes = getMixedSizes(b, loc, rhs);
  SmallVector<OpFoldResult> resultSizes;
  for (int64_t dim : dims.lhsBatch)
    resultSizes.push_back(lhsSizes[dim]);
  for (int64_t dim : lhsFree)
    resultSizes.push_back(lhsSizes[dim]);
  for (int64_t dim : rhsFree)
    resultSizes.push_back(rhsSizes[dim]);
  Value init = disc::createZeroFilledTensor(b, loc, resultType, resultSizes);
  for (auto [lhsDims, rhsDims] :
       {std::make_pair(ArrayRef(dims.lhsBatch), ArrayRef(dims.rhsBatch)),
        std::make_pair(ArrayRef(dims.lhsContracting),
                       ArrayRef(dims.rhsContracting))})
    for (auto [lhsDim, rhsDim] : llvm::zip_equal(lhsDims, rhsDims))
      emitSizeCheck(b, loc, lhsSizes[lhsDim], rhsSizes[rhsDim],
                    opName + ": lhs dimension " + Twine(lhsDim) +
                        " and rhs dimension " + Twine(rhsDim) +
                        " differ in size");

  int64_t numBatch = dims.lhsBatch.size();
  bool noBatch = numBatch == 0;
  if (namedOpsHandleTypes(lhsElementType, rhsElementType, resultElementType) &&
      dims.lhsContracting.size() == 1 && isSeq(dims.lhsBatch, 0) &&
      isSeq(dims.rhsBatch, 0)) {
    int64_t lhsC = dims.lhsContracting[0], rhsC = dims.rhsContracting[0];
    // Owning storage: TypeRange and ValueRange only point at their elements.
    SmallVector<Type, 1> resultTypes = {resultType};
    SmallVector<Value, 2> ins = {lhs, rhs};
    if (noBatch && lhsRank == 2 && rhsRank == 2 && lhsC == 1 && rhsC == 0)
      return linalg::MatmulOp::create(b, loc, resultTypes, ins, init)
          .getResult(0);
    if (numBatch == 1 && lhsRank == 3 && rhsRank == 3 && lhsC == 2 && rhsC == 1)
      return linalg::BatchMatmulOp::create(b, loc, resultTypes, ins, init)
          .getResult(0);
    if (noBatch && lhsRank == 2 && rhsRank == 1 && lhsC == 1 && rhsC == 0)
      return linalg::MatvecOp::create(b, loc, resultTypes, ins, init)
          .getResult(0);
    if (noBatch && lhsRank == 1 && rhsRank == 2 && lhsC == 0 && rhsC == 0)
      return linalg::VecmatOp::create(b, loc, resultTypes, ins, init)
          .getResult(0);
    if (noBatch && lhsRank == 1 && rhsRank == 1)
      return linalg::DotOp::create(b, loc, resultTypes, ins, init).getResult(0);
  }

  // Loops: batch, lhs free, rhs free, then contracting dimensions.
  int64_t numLoops =
      numBatch + lhsFree.size() + rhsFree.size() + dims.lhsContracting.size();
  int64_t contractingStart = numBatch + lhsFree.size() + rhsFree.size();
  SmallVector<AffineExpr> lhsExprs(lhsRank), rhsExprs(rhsRank), resultExprs;
  for (auto [i, dim] : llvm::enumerate(dims.lhsBatch))
    lhsExprs[dim] = b.getAffineDimExpr(i);
  for (auto [i, dim] : llvm::enumerate(dims.rhsBatch))
    rhsExprs[dim] = b.getAffineDimExpr(i);
  for (auto [i, dim] : llvm::enumerate(lhsFree))
    lhsExprs[dim] = b.getAffineDimExpr(numBatch + i);
  for (auto [i, dim] : llvm::enumerate(rhsFree))
    rhsExprs[dim] = b.getAffineDimExpr(numBatch + lhsFree.size() + i);
  for (auto [i, dim] : llvm::enumerate(dims.lhsContracting))
    lhsExprs[dim] = b.getAffineDimExpr(contractingStart + i);
  for (auto [i, dim] : llvm::enumerate(dims.rhsContracting))
    rhsExprs[dim] = b.getAffineDimExpr(contractingStart + i);
  for (int64_t i = 0; i < contractingStart; ++i)
    resultExprs.push_back(b.getAffineDimExpr(i));
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps = {
      AffineMap::get(numLoops, 0, lhsExprs, context),
      AffineMap::get(numLoops, 0, rhsExprs, context),
      AffineMap::get(numLoops, 0, resultExprs, context)};
  SmallVector<utils::IteratorType> iterators(contractingStart,
                                             utils::IteratorType::parallel);
  iterators.append(dims.lhsContracting.size(), utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{lhs, rhs}, ValueRange{init},
      maps, iterators, [&](OpBuilder &nb, Location l, ValueRange args) {
        Value x =
            convertScalar(nb, l, args[0], lhsElementType, resultElementType);
        Value y =
            convertScalar(nb, l, args[1], rhsElementType, resultElementType);
        Value sum;
        if (isa<FloatType>(x.getType())) {
          sum = arith::AddFOp::create(nb, l, args[2],
                                      arith::MulFOp::create(nb, l, x, y));
        } else if (isa<ComplexType>(x.getType())) {
          sum = complex::AddOp::create(nb, l, args[2],
                                       complex::MulOp::create(nb, l, x, y));
        } else if (x.getType().isInteger(1)) {
          sum = arith::OrIOp::create(nb, l, args[2],
                                     arith::AndIOp::create(nb, l, x, y));
        } else {
          sum = arith::AddIOp::create(nb, l, args[2],
                                      arith::MulIOp::create(nb, l, x, y));
        }
        linalg::YieldOp::create(nb, l, sum);
      });
  return generic.getResult(0);
}

std::optional<disc::Preconditions>
mlir::disc::getContractionPreconditions(Operation *op) {
  if (!isa<stablehlo::DotOp, stablehlo::DotGeneralOp>(op))
    return std::nullopt;
  return Preconditions().withComplexElements();
}

void mlir::disc::populateContractionPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<DotGeneralLowering, DotLowering>(converter,
                                                patterns.getContext());
}
