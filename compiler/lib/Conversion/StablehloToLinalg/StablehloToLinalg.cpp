//===- StablehloToLinalg.cpp - The disc-stablehlo-to-linalg pass ----------===//
//
// The pass first checks every HLO op of the module against what the patterns
// lower. Anything else (an op kind with no lowering, or an attribute the
// lowering does not handle) is reported once per op kind at its first
// occurrence, with a summary at the module, and the module is left as it
// was. Only then does the dialect conversion run, so it never meets an op it
// cannot rewrite.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Passes.h"

#include "disc/Conversion/StablehloToLinalg/Patterns.h"
#include "disc/Dialect/HLO/StablehloOps.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_STABLEHLOTOLINALGPASS
#include "disc/Conversion/StablehloToLinalg/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

bool isHloDialect(StringRef dialect) {
  return dialect == "stablehlo" || dialect == "mhlo" || dialect == "chlo";
}

std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

// Ops lowered by the data movement, reduction, contraction, convolution,
// sort and map patterns (the elementwise ones are known to the scalar
// emitter).
bool hasStructuralLowering(Operation *op) {
  return isa<
      stablehlo::ConstantOp, stablehlo::IotaOp, stablehlo::DynamicIotaOp,
      stablehlo::BroadcastInDimOp, stablehlo::BroadcastOp,
      stablehlo::DynamicBroadcastInDimOp, stablehlo::ReshapeOp,
      stablehlo::DynamicReshapeOp, stablehlo::TransposeOp, stablehlo::SliceOp,
      stablehlo::DynamicSliceOp, stablehlo::RealDynamicSliceOp,
      stablehlo::DynamicUpdateSliceOp, stablehlo::ConcatenateOp,
      stablehlo::PadOp, stablehlo::ReverseOp, stablehlo::GetDimensionSizeOp,
      stablehlo::ReduceOp, stablehlo::ReduceWindowOp, stablehlo::GatherOp,
      stablehlo::ScatterOp, stablehlo::SelectAndScatterOp, stablehlo::DotOp,
      stablehlo::DotGeneralOp, stablehlo::ConvolutionOp,
      stablehlo::OptimizationBarrierOp, stablehlo::SortOp, stablehlo::MapOp,
      stablehlo::TriangularSolveOp, stablehlo::CholeskyOp>(op);
}

// Ops whose regions are lowered in place, op by op, by the other patterns.
bool hasRegionsLoweredInPlace(Operation *op) {
  return isa<stablehlo::IfOp, stablehlo::CaseOp, stablehlo::WhileOp>(op);
}

// Ops whose lowering handles complex elements: those that only move or
// select elements, and those whose bodies the scalar emitter computes.
bool lowersComplexElements(Operation *op) {
  return disc::isElementwiseStablehloOp(op) || hasRegionsLoweredInPlace(op) ||
         isa<stablehlo::ConstantOp, stablehlo::IotaOp,
             stablehlo::BroadcastInDimOp, stablehlo::BroadcastOp,
             stablehlo::DynamicBroadcastInDimOp, stablehlo::ReshapeOp,
             stablehlo::DynamicReshapeOp, stablehlo::TransposeOp,
             stablehlo::SliceOp, stablehlo::DynamicSliceOp,
             stablehlo::RealDynamicSliceOp, stablehlo::DynamicUpdateSliceOp,
             stablehlo::ConcatenateOp, stablehlo::PadOp, stablehlo::ReverseOp,
             stablehlo::GatherOp, stablehlo::ScatterOp,
             stablehlo::GetDimensionSizeOp, stablehlo::OptimizationBarrierOp,
             stablehlo::ReduceOp, stablehlo::MapOp, stablehlo::DotOp,
             stablehlo::DotGeneralOp>(op);
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

// Why `op` (an op of an HLO dialect) cannot be lowered, or nullopt.
std::optional<std::string> checkSupported(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  if (isa<stablehlo::CustomCallOp>(op))
    return disc::checkCustomCall(op);
  if (isa<stablehlo::ReturnOp>(op) &&
      hasRegionsLoweredInPlace(op->getParentOp()))
    return std::nullopt;
  if (op->getName().getDialectNamespace() != "stablehlo" ||
      (!disc::isElementwiseStablehloOp(op) && !hasStructuralLowering(op) &&
       !hasRegionsLoweredInPlace(op)))
    return name;
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
    if (!disc::isSupportedElementType(tensorType.getElementType()) ||
        (isa<ComplexType>(tensorType.getElementType()) &&
         !lowersComplexElements(op)))
      return name + " on element type " +
             typeToString(tensorType.getElementType());
  }
  if (disc::isElementwiseStablehloOp(op))
    return disc::checkScalarizable(op);
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
  if (isa<stablehlo::TriangularSolveOp, stablehlo::CholeskyOp>(op) &&
      !getElementTypeOrSelf(op->getResult(0).getType()).isF32() &&
      !getElementTypeOrSelf(op->getResult(0).getType()).isF64())
    return name + " on element type " +
           typeToString(getElementTypeOrSelf(op->getResult(0).getType()));
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

// Reports every unsupported op kind once, at its first occurrence, then a
// summary at the module. Ops nested in an unsupported op are not counted.
LogicalResult reportUnsupportedOps(ModuleOp module) {
  std::map<std::string, int64_t> counts;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isHloDialect(op->getName().getDialectNamespace()))
      return WalkResult::advance();
    std::optional<std::string> reason = checkSupported(op);
    if (reason) {
      std::string name = op->getName().getStringRef().str();
      if (counts[name]++ == 0)
        op->emitError() << *reason << " is not supported by disc yet";
      return WalkResult::skip();
    }
    return hasRegionsLoweredInPlace(op) ? WalkResult::advance()
                                        : WalkResult::skip();
  });
  if (counts.empty())
    return success();
  std::string summary;
  llvm::raw_string_ostream os(summary);
  llvm::interleaveComma(counts, os, [&](const auto &entry) {
    os << entry.first << " (" << entry.second << ")";
  });
  module.emitError() << "unsupported ops: " << summary;
  return failure();
}

struct StablehloToLinalgPass
    : disc::impl::StablehloToLinalgPassBase<StablehloToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(reportUnsupportedOps(module)))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    disc::StablehloToLinalgTypeConverter converter;
    RewritePatternSet patterns(context);
    disc::populateElementwisePatterns(converter, patterns);
    disc::populateDataMovementPatterns(converter, patterns);
    disc::populateReductionPatterns(converter, patterns);
    disc::populateContractionPatterns(converter, patterns);
    disc::populateControlFlowPatterns(converter, patterns);
    disc::populateConvolutionPatterns(converter, patterns);
    disc::populateCustomCallPatterns(converter, patterns);
    disc::populateSortPatterns(converter, patterns);
    disc::populateLinearAlgebraPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*context);
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        cf::ControlFlowDialect, complex::ComplexDialect, disc_ral::RALDialect,
        linalg::LinalgDialect, math::MathDialect, memref::MemRefDialect,
        scf::SCFDialect, tensor::TensorDialect>();
    target.addIllegalDialect<stablehlo::StablehloDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
