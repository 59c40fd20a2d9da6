//===- MathPolynomialApproximation.cpp - Math ops as arithmetic -----------===//

#include "disc/Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCMATHPOLYNOMIALAPPROXIMATION
#include "disc/Pipeline/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {
struct MathPolynomialApproximationPass
    : disc::impl::DiscMathPolynomialApproximationBase<
          MathPolynomialApproximationPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
