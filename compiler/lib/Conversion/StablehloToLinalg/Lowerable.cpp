//===- Lowerable.cpp - What the StableHLO patterns decline -------------===//
//
// The preconditions every StableHLO pattern checks before it rewrites (see
// StablehloLowering in Rewriters.h): element types, scalar bodies, attribute
// combinations. An op kind without a pattern needs no entry here: the
// conversion finds it not legalizable.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

using namespace mlir;

namespace {

std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

// Why the body of a reduce, reduce_window, scatter, sort or map cannot
// become scalar ops, or nullopt.
std::optional<std::string> checkReducer(Operation *op, Region &body) {
  std::string name = op->getName().getStringRef().str();
  if (!body.hasOneBlock())
    return name + " with a multi-block body";
  for (Operation &bodyOp : body.front()) {
    if (isa<stablehlo::ReturnOp>(bodyOp))
      continue;
    if (bodyOp.getNumResults() != 1 ||
        bodyOp.getName().getDialectNamespace() != "stablehlo")
      return name + " whose body holds " +
             bodyOp.getName().getStringRef().str();
    for (Type type :
         llvm::concat<Type>(bodyOp.getOperandTypes(), bodyOp.getResultTypes()))
      if (auto tensorType = dyn_cast<RankedTensorType>(type);
          !tensorType || tensorType.getRank() != 0)
        return name + " whose body holds a non-scalar " +
               bodyOp.getName().getStringRef().str();
    if (std::optional<std::string> reason = disc::checkScalarizable(&bodyOp))
      return name + " whose body holds " + *reason;
    for (Value operand : bodyOp.getOperands()) {
      Operation *definition = operand.getDefiningOp();
      if (operand.getParentRegion() != &body &&
          !isa_and_nonnull<stablehlo::ConstantOp>(definition))
        return name + " whose body reads a value defined outside it";
      if (definition && operand.getParentRegion() != &body)
        if (std::optional<std::string> reason =
                disc::checkScalarizable(definition))
          return name + " whose body reads " + *reason;
    }
  }
  return std::nullopt;
}

std::optional<std::string> checkConvolution(stablehlo::ConvolutionOp op) {
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

// Ops whose lowering handles complex elements: those that only move or
// select elements, and those whose bodies the scalar emitter computes.
bool lowersComplexElements(Operation *op) {
  return disc::isElementwiseStablehloOp(op) ||
         isa<stablehlo::IfOp, stablehlo::CaseOp, stablehlo::WhileOp,
             stablehlo::ReturnOp, stablehlo::ConstantOp, stablehlo::IotaOp,
             stablehlo::BroadcastInDimOp, stablehlo::BroadcastOp,
             stablehlo::DynamicBroadcastInDimOp, stablehlo::ReshapeOp,
             stablehlo::DynamicReshapeOp, stablehlo::TransposeOp,
             stablehlo::SliceOp, stablehlo::DynamicSliceOp,
             stablehlo::RealDynamicSliceOp, stablehlo::DynamicUpdateSliceOp,
             stablehlo::ConcatenateOp, stablehlo::PadOp, stablehlo::ReverseOp,
             stablehlo::GatherOp, stablehlo::ScatterOp,
             stablehlo::GetDimensionSizeOp, stablehlo::OptimizationBarrierOp,
             stablehlo::ReduceOp, stablehlo::ReduceWindowOp, stablehlo::SortOp,
             stablehlo::MapOp, stablehlo::DotOp, stablehlo::DotGeneralOp,
             stablehlo::ConvolutionOp, stablehlo::TriangularSolveOp,
             stablehlo::CholeskyOp>(op);
}

} // namespace

std::optional<std::string> mlir::disc::checkLowerable(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  if (isa<stablehlo::CustomCallOp>(op))
    return checkCustomCall(op);
  if (isa<stablehlo::FftOp>(op))
    return checkFft(op);
  // Shapes and start indices may also be given as index tensors.
  bool takesIndexTensors =
      isa<stablehlo::DynamicIotaOp, stablehlo::DynamicBroadcastInDimOp,
          stablehlo::DynamicReshapeOp, stablehlo::DynamicSliceOp,
          stablehlo::RealDynamicSliceOp, stablehlo::DynamicUpdateSliceOp>(op);
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return name + " on " + typeToString(type);
    if (takesIndexTensors && tensorType.getElementType().isIndex())
      continue;
    if (!isSupportedElementType(tensorType.getElementType()) ||
        (isa<ComplexType>(tensorType.getElementType()) &&
         !lowersComplexElements(op)))
      return name + " on element type " +
             typeToString(tensorType.getElementType());
  }
  if (isElementwiseStablehloOp(op))
    return checkScalarizable(op);
  if (auto reduce = dyn_cast<stablehlo::ReduceOp>(op))
    return checkReducer(op, reduce.getBody());
  if (auto reduceWindow = dyn_cast<stablehlo::ReduceWindowOp>(op))
    return checkReducer(op, reduceWindow.getBody());
  if (auto scatter = dyn_cast<stablehlo::ScatterOp>(op))
    return checkReducer(op, scatter.getUpdateComputation());
  if (auto selectAndScatter = dyn_cast<stablehlo::SelectAndScatterOp>(op)) {
    if (std::optional<std::string> reason =
            checkReducer(op, selectAndScatter.getSelect()))
      return reason;
    return checkReducer(op, selectAndScatter.getScatter());
  }
  if (auto sort = dyn_cast<stablehlo::SortOp>(op))
    return checkReducer(op, sort.getComparator());
  if (auto map = dyn_cast<stablehlo::MapOp>(op))
    return checkReducer(op, map.getComputation());
  if (auto convolution = dyn_cast<stablehlo::ConvolutionOp>(op))
    return checkConvolution(convolution);
  if (isa<stablehlo::TriangularSolveOp, stablehlo::CholeskyOp>(op)) {
    // complex<f32> and complex<f64> passed above.
    Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
    if (!isa<ComplexType>(elementType) && !elementType.isF32() &&
        !elementType.isF64())
      return name + " on element type " + typeToString(elementType);
  }
  if (auto reshape = dyn_cast<stablehlo::ReshapeOp>(op))
    if (!cast<RankedTensorType>(reshape.getType()).hasStaticShape())
      return name + " to a dynamic shape";
  if (auto iota = dyn_cast<stablehlo::IotaOp>(op))
    if (!cast<RankedTensorType>(iota.getType()).hasStaticShape())
      return name + " to a dynamic shape";
  if (auto broadcast = dyn_cast<stablehlo::BroadcastInDimOp>(op)) {
    auto resultType = cast<RankedTensorType>(broadcast.getType());
    ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
      if (resultType.isDynamicDim(dim) && !llvm::is_contained(dims, dim))
        return name + " to a dynamic dimension no operand dimension maps to";
  }
  return std::nullopt;
}
