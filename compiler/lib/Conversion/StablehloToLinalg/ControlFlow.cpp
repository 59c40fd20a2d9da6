//===- ControlFlow.cpp - stablehlo.if/case/while to scf on tensors --------===//
//
//
// optimization_barrier forwards its operands.
//
// The regions move into scf.if / scf.index_switch / scf.while unchanged; the
// StableHLO ops inside them are lowered by the other patterns afterwards, and
// each region's stablehlo.return becomes the scf terminator its new parent
// needs. A while condition returns a 0-d predicate, which becomes the
// scf.condition forwarding the loop-carried values.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace {

struct IfLowering : disc::StablehloLowering<stablehlo::IfOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::IfOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Value pred = disc::extractScalar(rewriter, op.getLoc(), adaptor.getPred());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), resultTypes, pred,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getTrueBranch(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

// case(index) runs branch `index`, or the last branch when index is out of
// range: cases 0..n-2 of an index_switch with the last branch as default.
struct CaseLowering : disc::StablehloLowering<stablehlo::CaseOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::CaseOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Location loc = op.getLoc();
    Value index = disc::castToIndex(
        rewriter, loc, disc::extractScalar(rewriter, loc, adaptor.getIndex()),
        /*isUnsigned=*/false);
    MutableArrayRef<Region> branches = op.getBranches();
    int64_t numCases = branches.size() - 1;
    SmallVector<int64_t> cases =
        llvm::to_vector(llvm::seq<int64_t>(0, numCases));
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, resultTypes,
                                               index, cases, numCases);
    for (int64_t i = 0; i < numCases; ++i)
      rewriter.inlineRegionBefore(branches[i], switchOp.getCaseRegions()[i],
                                  switchOp.getCaseRegions()[i].end());
    rewriter.inlineRegionBefore(branches.back(), switchOp.getDefaultRegion(),
                                switchOp.getDefaultRegion().end());
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

struct WhileLowering : disc::StablehloLowering<stablehlo::WhileOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::WhileOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto whileOp = scf::WhileOp::create(rewriter, op.getLoc(), resultTypes,
                                        adaptor.getOperands());
    rewriter.inlineRegionBefore(op.getCond(), whileOp.getBefore(),
                                whileOp.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), whileOp.getAfter(),
                                whileOp.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&whileOp.getBefore(),
                                           *getTypeConverter())) ||
        failed(rewriter.convertRegionTypes(&whileOp.getAfter(),
                                           *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "region types do not convert");
    rewriter.replaceOp(op, whileOp.getResults());
    return success();
  }
};

struct ReturnLowering : disc::StablehloLowering<stablehlo::ReturnOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReturnOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent);
        whileOp && op->getParentRegion() == &whileOp.getBefore()) {
      Value condition = disc::extractScalar(rewriter, op.getLoc(),
                                            adaptor.getOperands().front());
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(
          op, condition, op->getBlock()->getArguments());
      return success();
    }
    if (!isa<scf::IfOp, scf::IndexSwitchOp, scf::WhileOp>(parent))
      return rewriter.notifyMatchFailure(op, "not in a lowered region op");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

// The barrier only matters to XLA's scheduler; its values pass through.
struct OptimizationBarrierLowering
    : disc::StablehloLowering<stablehlo::OptimizationBarrierOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::OptimizationBarrierOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getControlFlowPreconditions(Operation *op) {
  if (!isa<stablehlo::IfOp, stablehlo::CaseOp, stablehlo::WhileOp,
           stablehlo::ReturnOp, stablehlo::OptimizationBarrierOp>(op))
    return std::nullopt;
  return Preconditions().withComplexElements();
}

void mlir::disc::populateControlFlowPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<CaseLowering, IfLowering, OptimizationBarrierLowering,
               ReturnLowering, WhileLowering>(converter, patterns.getContext());
}
