//===- ExpandCeilFloorDivisions.cpp - Ceiling and floor divisions as LLVM's
//===//
//
// Only the division patterns of upstream arith-expand: its min/max
// expansions would hide the reductions' maximum and minimum from LLVM's
// vectorizer.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_EXPANDCEILFLOORDIVISIONSPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

struct ExpandCeilFloorDivisionsPass
    : disc::impl::ExpandCeilFloorDivisionsPassBase<
          ExpandCeilFloorDivisionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
