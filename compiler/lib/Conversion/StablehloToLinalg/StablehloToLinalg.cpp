//===- StablehloToLinalg.cpp - The disc-stablehlo-to-linalg pass ----------===//
//
// The pass first runs the conversion as an analysis: every HLO op it cannot
// legalize (an op kind no pattern matches, or an op its pattern declines,
// see checkLowerable) is reported once per op kind at its first occurrence,
// with a summary at the module, and the module is left as it was. What is
// supported is thus what the patterns lower, never a list beside them. Only
// then does the conversion run, so it never meets an op it cannot rewrite.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Passes.h"

#include "Rewriters.h"
#include "Utils.h"
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

// Ops whose regions are lowered in place, op by op, by the other patterns.
bool hasRegionsLoweredInPlace(Operation *op) {
  return isa<stablehlo::IfOp, stablehlo::CaseOp, stablehlo::WhileOp>(op);
}

// Reports every op kind that the conversion cannot legalize once, at its
// first occurrence, with the reason its pattern declined it (checkLowerable)
// or, when no pattern matches the kind, its name alone; then a summary at the
// module. Ops nested in an unsupported op are not counted. Without
// `fftCalls` (CUDA, whose runtime has no FFT yet) fft has no pattern, and the
// report says so.
LogicalResult reportUnsupportedOps(ModuleOp module, ConversionTarget &target,
                                   const FrozenRewritePatternSet &patterns,
                                   bool fftCalls) {
  DenseSet<Operation *> legalizable;
  ConversionConfig config;
  config.legalizableOps = &legalizable;
  // Values whose users stay unconverted would need materializations, which
  // the analysis has no use for.
  config.buildMaterializations = false;
  if (failed(applyAnalysisConversion(module, target, patterns, config)))
    return failure();
  std::map<std::string, int64_t> counts;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isHloDialect(op->getName().getDialectNamespace()))
      return WalkResult::advance();
    if (!legalizable.contains(op)) {
      std::string name = op->getName().getStringRef().str();
      if (counts[name]++ == 0) {
        std::optional<std::string> reason;
        if (isa<stablehlo::FftOp>(op) && !fftCalls)
          reason = name + " on --target=cuda (the CPU runtime computes it "
                          "with FFTW)";
        else if (op->getName().getDialectNamespace() == "stablehlo")
          reason = disc::checkLowerable(op);
        op->emitError() << reason.value_or(name)
                        << " is not supported by disc yet";
      }
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
  using StablehloToLinalgPassBase::StablehloToLinalgPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    disc::StablehloToLinalgTypeConverter converter;
    RewritePatternSet patterns(context);
    disc::populateElementwisePatterns(converter, patterns);
    disc::populateDataMovementPatterns(converter, patterns);
    disc::populateGatherScatterPatterns(converter, patterns,
                                        splitScatterWindows);
    disc::populateReductionPatterns(converter, patterns, sequentialScans);
    disc::populateContractionPatterns(converter, patterns);
    disc::populateControlFlowPatterns(converter, patterns);
    disc::populateConvolutionPatterns(converter, patterns);
    disc::populateCustomCallPatterns(converter, patterns);
    disc::populateSortPatterns(converter, patterns);
    disc::populateLinearAlgebraPatterns(converter, patterns);
    if (fftCalls)
      disc::populateFftPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    FrozenRewritePatternSet frozenPatterns(std::move(patterns));

    ConversionTarget target(*context);
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        cf::ControlFlowDialect, complex::ComplexDialect, disc_ral::RALDialect,
        linalg::LinalgDialect, math::MathDialect, memref::MemRefDialect,
        scf::SCFDialect, tensor::TensorDialect>();
    // mhlo and chlo ops are left by earlier phases only when they have no
    // StableHLO form; they are not lowered either.
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !isHloDialect(op->getName().getDialectNamespace());
    });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });

    // The analysis first, so that every unsupported op is reported and the
    // module is left as it was; the conversion itself then meets none.
    if (failed(
            reportUnsupportedOps(module, target, frozenPatterns, fftCalls)) ||
        failed(applyPartialConversion(module, target, frozenPatterns)))
      signalPassFailure();
  }
};

} // namespace
