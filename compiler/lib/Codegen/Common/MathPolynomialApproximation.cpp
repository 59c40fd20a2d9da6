//===- MathPolynomialApproximation.cpp - Math ops as arithmetic -----------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_MATHPOLYNOMIALAPPROXIMATIONPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// A constant of `type` (a float or a vector of floats) splatting `value`.
Value floatSplat(OpBuilder &b, Location loc, Type type, double value) {
  auto attr = FloatAttr::get(getElementTypeOrSelf(type), value);
  if (auto vectorType = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(vectorType, attr));
  return arith::ConstantOp::create(b, loc, attr);
}

// The approximation of atan2 gives NaN for atan2(+-0, +-0) and +pi for
// atan2(-0, x < 0); for y = +-0 C and the StableHLO spec give +-0 when x is
// positive (or +0) and +-pi when it is negative (or -0), the sign of y's.
void fixAtan2OfZeroY(math::Atan2Op op) {
  OpBuilder b(op->getContext());
  b.setInsertionPointAfter(op);
  Location loc = op.getLoc();
  Type type = op.getType();
  Value y = op.getLhs(), x = op.getRhs();
  Value zero = floatSplat(b, loc, type, 0.0);
  Value yIsZero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, y, zero);
  Value xIsNumber =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD, x, x);
  Value onXAxis = arith::AndIOp::create(b, loc, yIsZero, xIsNumber);
  Value signOfX =
      math::CopySignOp::create(b, loc, floatSplat(b, loc, type, 1.0), x);
  Value xIsNegative =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, signOfX, zero);
  Value magnitude = arith::SelectOp::create(
      b, loc, xIsNegative, floatSplat(b, loc, type, M_PI), zero);
  Value onXAxisValue = math::CopySignOp::create(b, loc, magnitude, y);
  Value result = arith::SelectOp::create(b, loc, onXAxis, onXAxisValue, op);
  op.getResult().replaceAllUsesExcept(result, result.getDefiningOp());
}

// pow(x, n) for a constant whole n from -1 to kMaxProductExponent, as
// products of x (1 / x for n = -1). GPT-2's GELU cubes its input, and libm's
// powf is a call per element that does not vectorize. The products keep
// pow's results on NaN, infinities and signed zeros, and may differ from
// powf in the last bit. A lower n is left to powf: 1 / x^2 would be 0 where
// x^2 overflows and x^-2 is still a subnormal number.
constexpr int64_t kMaxProductExponent = 4;

struct PowfOfSmallWholeExponent : OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    APFloat exponent(0.0);
    llvm::APSInt whole(64, /*isUnsigned=*/false);
    bool isWhole = false;
    if (!matchPattern(op.getRhs(), m_ConstantFloat(&exponent)) ||
        exponent.convertToInteger(whole, APFloat::rmTowardZero, &isWhole) !=
            APFloat::opOK ||
        !isWhole)
      return failure();
    int64_t power = whole.getExtValue();
    if (power < -1 || power > kMaxProductExponent)
      return failure();
    Location loc = op.getLoc();
    Value x = op.getLhs();
    Value one = floatSplat(rewriter, loc, op.getType(), 1.0);
    auto mul = [&](Value lhs, Value rhs) -> Value {
      return arith::MulFOp::create(rewriter, loc, lhs, rhs);
    };
    Value product = one;
    switch (power < 0 ? -power : power) {
    case 0:
      break;
    case 1:
      product = x;
      break;
    case 2:
      product = mul(x, x);
      break;
    case 3:
      product = mul(mul(x, x), x);
      break;
    default: {
      Value square = mul(x, x);
      product = mul(square, square);
    }
    }
    if (power < 0)
      product = arith::DivFOp::create(rewriter, loc, one, product);
    rewriter.replaceOp(op, product);
    return success();
  }
};

struct MathPolynomialApproximationPass
    : disc::impl::MathPolynomialApproximationPassBase<
          MathPolynomialApproximationPass> {
  void runOnOperation() override {
    // f64 keeps libm's atan2, which has the zeros right.
    getOperation()->walk([](math::Atan2Op op) {
      if (!getElementTypeOrSelf(op.getType()).isF64())
        fixAtan2OfZeroY(op);
    });
    RewritePatternSet patterns(&getContext());
    patterns.add<PowfOfSmallWholeExponent>(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
