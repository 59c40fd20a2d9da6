//===- LapackCustomCalls.cpp - JAX's LAPACK custom calls to stablehlo -----===//
//
// JAX's CPU lowering calls LAPACK through custom calls whose meaning is fixed
// by the routine's name and a few option characters, so each one that has a
// stablehlo op of the same meaning becomes that op, and the lowering of the
// op does the rest.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::disc {
#define GEN_PASS_DEF_LAPACKCUSTOMCALLSPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

/// The routine a LAPACK (or BLAS) custom call target names, without its
/// precision letter: "trsm" for lapack_strsm_ffi, blas_dtrsm or
/// lapack_ztrsm.
std::optional<StringRef> getLapackRoutine(StringRef target) {
  if (!target.consume_front("lapack_") && !target.consume_front("blas_"))
    return std::nullopt;
  target.consume_back("_ffi");
  if (target.size() < 2 || !StringRef("sdcz").contains(target.front()))
    return std::nullopt;
  return target.drop_front();
}

/// The option characters of a call: JAX prints them as an
/// mhlo.backend_config dictionary of ui8 when backend_config is a string.
DictionaryAttr getOptions(stablehlo::CustomCallOp op) {
  if (auto options = op->getAttrOfType<DictionaryAttr>("mhlo.backend_config"))
    return options;
  return op->getAttrOfType<DictionaryAttr>("backend_config");
}

FailureOr<char> getOption(stablehlo::CustomCallOp op, StringRef name,
                          StringRef allowed) {
  DictionaryAttr options = getOptions(op);
  auto value = options ? options.getAs<IntegerAttr>(name) : IntegerAttr();
  if (!value || !allowed.contains(char(value.getValue().getZExtValue())))
    return op.emitError() << "stablehlo.custom_call @" << op.getCallTargetName()
                          << " needs a `" << name
                          << "` option, one of the characters '" << allowed
                          << "' as an integer, in its backend_config";
  return char(value.getValue().getZExtValue());
}

bool isMatrixBatch(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  return tensorType && tensorType.getRank() >= 2;
}

LogicalResult checkArity(stablehlo::CustomCallOp op, unsigned operands,
                         unsigned results) {
  if (op->getNumOperands() == operands && op->getNumResults() == results &&
      llvm::all_of(op->getOperandTypes(), isMatrixBatch))
    return success();
  return op.emitError() << "stablehlo.custom_call @" << op.getCallTargetName()
                        << " takes " << operands << " matrix operand(s) and "
                        << "returns " << results << " result(s), got "
                        << op->getNumOperands() << " and "
                        << op->getNumResults();
}

/// x = op(a)^-1 b (side L) or b op(a)^-1 (side R); the result aliasing b is
/// XLA's buffer reuse, not part of the meaning.
LogicalResult rewriteTrsm(stablehlo::CustomCallOp op) {
  if (failed(checkArity(op, 2, 1)))
    return failure();
  FailureOr<char> side, uplo, transpose, diag;
  if (failed(side = getOption(op, "side", "LR")) ||
      failed(uplo = getOption(op, "uplo", "LU")) ||
      failed(transpose = getOption(op, "trans_x", "NTC")) ||
      failed(diag = getOption(op, "diag", "NU")))
    return failure();
  stablehlo::Transpose transposeA =
      *transpose == 'N'   ? stablehlo::Transpose::NO_TRANSPOSE
      : *transpose == 'T' ? stablehlo::Transpose::TRANSPOSE
                          : stablehlo::Transpose::ADJOINT;
  OpBuilder b(op);
  Value solution = stablehlo::TriangularSolveOp::create(
      b, op.getLoc(), op->getResult(0).getType(), op->getOperand(0),
      op->getOperand(1), *side == 'L', *uplo == 'L', *diag == 'U', transposeA);
  op->getResult(0).replaceAllUsesWith(solution);
  op.erase();
  return success();
}

/// The factor and LAPACK's info. The cholesky lowering makes the whole
/// factor NaN when a pivot is not positive, so its last pivot tells whether
/// the factorization failed; info is then 1 rather than the order of the
/// failing minor, which no longer shows in the factor.
LogicalResult rewritePotrf(stablehlo::CustomCallOp op) {
  if (failed(checkArity(op, 1, 2)))
    return failure();
  auto infoType = dyn_cast<RankedTensorType>(op->getResult(1).getType());
  auto factorType = cast<RankedTensorType>(op->getOperand(0).getType());
  if (!infoType || !factorType.hasStaticShape() ||
      infoType.getShape() != factorType.getShape().drop_back(2) ||
      !isa<IntegerType>(infoType.getElementType()))
    return op.emitError() << "stablehlo.custom_call @" << op.getCallTargetName()
                          << " needs a static matrix batch and an integer "
                             "info of the batch's shape, got "
                          << factorType << " and "
                          << op->getResult(1).getType();
  FailureOr<char> uplo = getOption(op, "uplo", "LU");
  if (failed(uplo))
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), op);
  Value factor = stablehlo::CholeskyOp::create(b, op->getResult(0).getType(),
                                               op->getOperand(0), *uplo == 'L');
  Value info;
  int64_t rank = factorType.getRank();
  int64_t size = factorType.getDimSize(rank - 1);
  if (size == 0) {
    info = stablehlo::ConstantOp::create(
        b, cast<ElementsAttr>(b.getZeroAttr(infoType)));
  } else {
    SmallVector<int64_t> start(rank, 0), limit(factorType.getShape()),
        strides(rank, 1), pivotShape(factorType.getShape());
    start[rank - 2] = start[rank - 1] = size - 1;
    pivotShape[rank - 2] = pivotShape[rank - 1] = 1;
    Value lastPivot = stablehlo::SliceOp::create(
        b, RankedTensorType::get(pivotShape, factorType.getElementType()),
        factor, b.getDenseI64ArrayAttr(start), b.getDenseI64ArrayAttr(limit),
        b.getDenseI64ArrayAttr(strides));
    lastPivot = stablehlo::ReshapeOp::create(
        b, infoType.clone(factorType.getElementType()), lastPivot);
    Value failedPivot = stablehlo::CompareOp::create(
        b, infoType.clone(b.getI1Type()), lastPivot, lastPivot,
        stablehlo::ComparisonDirection::NE, nullptr);
    info = stablehlo::ConvertOp::create(b, infoType, failedPivot);
  }
  op->getResult(0).replaceAllUsesWith(factor);
  op->getResult(1).replaceAllUsesWith(info);
  op.erase();
  return success();
}

LogicalResult rewriteLapackCall(stablehlo::CustomCallOp op) {
  std::optional<StringRef> routine = getLapackRoutine(op.getCallTargetName());
  if (!routine)
    return success();
  if (*routine == "trsm")
    return rewriteTrsm(op);
  if (*routine == "potrf")
    return rewritePotrf(op);
  return op.emitError() << "stablehlo.custom_call @" << op.getCallTargetName()
                        << ": the LAPACK routine " << *routine
                        << " is not supported by disc yet (trsm and potrf "
                           "are)";
}

struct LapackCustomCallsPass
    : public disc::impl::LapackCustomCallsPassBase<LapackCustomCallsPass> {
  void runOnOperation() override {
    SmallVector<stablehlo::CustomCallOp> calls;
    getOperation().walk(
        [&](stablehlo::CustomCallOp op) { calls.push_back(op); });
    bool failedAny = false;
    for (stablehlo::CustomCallOp op : calls)
      failedAny |= failed(rewriteLapackCall(op));
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
