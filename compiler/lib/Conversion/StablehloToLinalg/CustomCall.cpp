//===- CustomCall.cpp - stablehlo.custom_call to a user kernel call -------===//
//
// A custom call names a kernel a user registered with TAO_RAL_API in a plugin
// library; it becomes disc_ral.custom_call, which bufferization turns into a
// destination-passing call, or, when a result has a dynamic dimension, a
// call that returns the results the kernel allocated (docs/ABI.md, "User
// kernels").
//
// What jax.export checks of its inputs' symbolic dimensions
// (@shape_assertion: a condition, the dimension values its error message
// names as {0}, {1}, ...) becomes disc_ral.shape_assertion, which fails the
// run with that message, the values filled in.
//
// The sharding annotations JAX and XLA's SPMD partitioner print (@Sharding,
// @SPMDFullToShardShape, @SPMDShardToFullShape) say how a value is split
// over devices; on the one device disc runs on, each is its operand.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "Utils.h"

#include "disc/Dialect/HLO/StablehloOps.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;

namespace {

bool isShardingAnnotation(stablehlo::CustomCallOp op) {
  StringRef target = op.getCallTargetName();
  return target == "Sharding" || target == "SPMDFullToShardShape" ||
         target == "SPMDShardToFullShape";
}

bool isShapeAssertion(stablehlo::CustomCallOp op) {
  return op.getCallTargetName() == "shape_assertion";
}

/// Lowers @shape_assertion(holds, values...) to disc_ral.shape_assertion on
/// scalars: the condition, and each value widened to i64 as its type says.
void lowerShapeAssertion(stablehlo::CustomCallOp op, ValueRange operands,
                         ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  Value holds = disc::extractScalar(rewriter, loc, operands.front());
  SmallVector<Value> values;
  for (auto [operand, original] : llvm::zip(llvm::drop_begin(operands),
                                            llvm::drop_begin(op.getInputs()))) {
    Value value = disc::extractScalar(rewriter, loc, operand);
    Type i64 = rewriter.getI64Type();
    if (value.getType() != i64)
      value = disc::isUnsignedLike(getElementTypeOrSelf(original.getType()))
                  ? Value(arith::ExtUIOp::create(rewriter, loc, i64, value))
                  : Value(arith::ExtSIOp::create(rewriter, loc, i64, value));
    values.push_back(value);
  }
  disc_ral::ShapeAssertionOp::create(
      rewriter, loc, holds, values,
      op->getAttrOfType<StringAttr>("error_message").getValue());
  rewriter.eraseOp(op);
}

struct CustomCallLowering : disc::StablehloLowering<stablehlo::CustomCallOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::CustomCallOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (isShardingAnnotation(op)) {
      rewriter.replaceOp(op, adaptor.getInputs());
      return success();
    }
    if (isShapeAssertion(op)) {
      lowerShapeAssertion(op, adaptor.getInputs(), rewriter);
      return success();
    }
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto call = disc_ral::CustomCallOp::create(
        rewriter, op.getLoc(), resultTypes, op.getCallTargetName(),
        adaptor.getInputs(), ValueRange());
    rewriter.replaceOp(op, call.getResults());
    return success();
  }
};

std::optional<std::string> checkCustomCall(Operation *customCall) {
  auto op = cast<stablehlo::CustomCallOp>(customCall);
  std::string name =
      (op->getName().getStringRef() + " @" + op.getCallTargetName()).str();
  if (isShapeAssertion(op)) {
    if (!op->getAttrOfType<StringAttr>("error_message"))
      return name + " without an error_message";
    if (op->getNumResults() != 0 || op->getNumOperands() == 0)
      return name + " with results or without a condition";
    for (auto [index, type] : llvm::enumerate(op->getOperandTypes())) {
      auto scalar = dyn_cast<RankedTensorType>(type);
      bool fits =
          scalar && scalar.getRank() == 0 &&
          (index == 0
               ? scalar.getElementType().isInteger(1)
               : isa<IntegerType>(scalar.getElementType()) &&
                     scalar.getElementType().getIntOrFloatBitWidth() <= 64);
      if (!fits)
        return name + " whose operand " + std::to_string(index) + " is " +
               llvm::to_string(type) +
               " (expected a tensor<i1> condition, then integer scalars)";
    }
    return std::nullopt;
  }
  if (isShardingAnnotation(op)) {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
        op->getOperand(0).getType() != op->getResult(0).getType())
      return name + " that changes its operand's type (a shard of a value " +
             "split over several devices; disc runs on one)";
    return std::nullopt;
  }
  // Versions 2 and up name XLA's calling conventions, which disc kernels do
  // not follow.
  if (op.getApiVersion() && *op.getApiVersion() != 1)
    return name + " with api_version " + std::to_string(*op.getApiVersion()) +
           " (disc calls kernels registered with TAO_RAL_API, version 1)";
  if (op.getHasSideEffect().value_or(false))
    return name + " with has_side_effect";
  if (op.getCalledComputations() && !op.getCalledComputations()->empty())
    return name + " with called_computations";
  if (op.getOutputOperandAliases() && !op.getOutputOperandAliases()->empty())
    return name + " with output_operand_aliases";
  if (op.getOperandLayouts() || op.getResultLayouts())
    return name + " with operand or result layouts";
  if (op.getCallTargetName().empty() || op.getCallTargetName().contains("___"))
    return name + " (a kernel name must be non-empty and free of '___')";
  if (op.getResults().empty())
    return name + " without results";
  for (Type type : op.getOperandTypes()) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return name + " with a non-tensor operand";
    if (!disc::isSupportedElementType(tensorType.getElementType()))
      return name + " on element type " +
             llvm::to_string(tensorType.getElementType());
  }
  for (Type type : op.getResultTypes()) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return name + " with a tuple or non-tensor result";
    if (!disc::isSupportedElementType(tensorType.getElementType()))
      return name + " on element type " +
             llvm::to_string(tensorType.getElementType());
  }
  return std::nullopt;
}

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getCustomCallPreconditions(Operation *op) {
  if (!isa<stablehlo::CustomCallOp>(op))
    return std::nullopt;
  return Preconditions().withOwnElementTypes().withCheck(checkCustomCall);
}

void mlir::disc::populateCustomCallPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<CustomCallLowering>(converter, patterns.getContext());
}
