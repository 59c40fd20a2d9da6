//===- ExpandNarrowFloats.cpp - 8-, 6- and 4-bit floats as f32 and bits ---===//
//
// LLVM has no 8-, 6- or 4-bit float types: the LLVM lowering keeps an
// f8E4M3FN as the i8 of its bits (an f4E2M1FN as an i4, in a byte of
// memory), and nothing may compute on it. Arithmetic therefore moves
// to f32 (upstream's emulate-unsupported-floats), and the conversions that
// leaves,
//
//   %w = arith.extf %x : f8E4M3FN to f32
//   %n = arith.truncf %y : f32 to f8E4M3FN
//
// become integer arithmetic on the bits. Every format's layout and special
// values are read from LLVM's APFloat semantics of the type, so one pattern
// serves f8E5M2, f8E4M3FN, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ, f8E3M4,
// f8E4M3, f6E2M3FN, f6E3M2FN and f4E2M1FN alike, and agrees with the
// StableHLO interpreter, which converts with APFloat: the 6- and 4-bit
// formats have neither infinities nor NaN, so too large a value saturates
// to the largest one and an infinity or a NaN becomes a zero of its sign.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_EXPANDNARROWFLOATSPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// The layout of an 8-, 6- or 4-bit float with a sign bit, as APFloat
// defines it.
struct NarrowFormat {
  unsigned width;
  unsigned mantissaBits;
  unsigned exponentBits;
  int bias;
  bool hasInfinity;
  bool hasNaN;
  // The FNUZ formats: no negative zero, and its pattern is the one NaN.
  bool nanIsNegativeZero;
  uint32_t largestBits; // the largest finite value's magnitude bits
  uint32_t nanBits;     // when hasNaN

  uint32_t signBit() const { return 1u << (width - 1); }
  uint32_t magnitudeMask() const { return signBit() - 1; }
};

// The format of `type` when it is an 8-, 6- or 4-bit float with a sign
// (f8E8M0FNU has none and is left to upstream's expansion).
std::optional<NarrowFormat> getNarrowFormat(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType || (floatType.getWidth() != 8 && floatType.getWidth() != 6 &&
                     floatType.getWidth() != 4))
    return std::nullopt;
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  if (!llvm::APFloat::semanticsHasSignedRepr(semantics))
    return std::nullopt;
  NarrowFormat format;
  format.width = floatType.getWidth();
  format.mantissaBits = llvm::APFloat::semanticsPrecision(semantics) - 1;
  format.exponentBits = format.width - 1 - format.mantissaBits;
  format.bias = 1 - llvm::APFloat::semanticsMinExponent(semantics);
  format.hasInfinity = llvm::APFloat::semanticsHasInf(semantics);
  format.hasNaN = llvm::APFloat::semanticsHasNaN(semantics);
  format.nanBits = format.hasNaN
                       ? static_cast<uint32_t>(llvm::APFloat::getQNaN(semantics)
                                                   .bitcastToAPInt()
                                                   .getZExtValue())
                       : 0;
  format.nanIsNegativeZero = format.hasNaN && format.nanBits == 0x80;
  format.largestBits = static_cast<uint32_t>(
      llvm::APFloat::getLargest(semantics).bitcastToAPInt().getZExtValue());
  return format;
}

// `type`'s shape (none for a scalar) with element type `element`.
Type withElementType(Type type, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(element);
  return element;
}

// A constant of `type` (an integer or float scalar or vector) splatting
// `value`.
Value splat(OpBuilder &b, Location loc, Type type, TypedAttr value) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(shaped, value));
  return arith::ConstantOp::create(b, loc, value);
}

// Integer arithmetic on i32 (or vectors of it), spelled short.
struct Bits {
  OpBuilder &b;
  Location loc;
  Type type;

  Value c(uint32_t value) {
    return splat(b, loc, type,
                 b.getIntegerAttr(getElementTypeOrSelf(type), value));
  }
  Value band(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value shl(Value x, uint32_t n) {
    return arith::ShLIOp::create(b, loc, x, c(n));
  }
  Value shr(Value x, uint32_t n) {
    return arith::ShRUIOp::create(b, loc, x, c(n));
  }
  Value cmp(arith::CmpIPredicate predicate, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, predicate, x, y);
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
};

// extf from a narrow float: the bits of the f32 with the same value.
struct ExpandNarrowExtF : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type inType = op.getIn().getType();
    std::optional<NarrowFormat> format =
        getNarrowFormat(getElementTypeOrSelf(inType));
    if (!format)
      return failure();
    Location loc = op.getLoc();
    Type iN = withElementType(inType, rewriter.getIntegerType(format->width));
    Type i32 = withElementType(inType, rewriter.getI32Type());
    Type f32 = withElementType(inType, rewriter.getF32Type());
    Bits x{rewriter, loc, i32};
    using P = arith::CmpIPredicate;

    Value pattern = arith::BitcastOp::create(rewriter, loc, iN, op.getIn());
    Value bits = arith::ExtUIOp::create(rewriter, loc, i32, pattern);
    uint32_t mantissaMask = (1u << format->mantissaBits) - 1;
    uint32_t exponentMask = (1u << format->exponentBits) - 1;
    Value sign =
        x.shl(x.band(bits, x.c(format->signBit())), 32 - format->width);
    Value exponent =
        x.band(x.shr(bits, format->mantissaBits), x.c(exponentMask));
    Value mantissa = x.band(bits, x.c(mantissaMask));
    // A normal number: rebias the exponent, widen the mantissa.
    Value normal =
        x.bor(sign, x.bor(x.shl(x.add(exponent, x.c(127 - format->bias)), 23),
                          x.shl(mantissa, 23 - format->mantissaBits)));
    // A subnormal (or zero): mantissa * 2^(1 - bias - mantissaBits), exact
    // in f32.
    Value scaled = arith::MulFOp::create(
        rewriter, loc, arith::UIToFPOp::create(rewriter, loc, f32, mantissa),
        splat(rewriter, loc, f32,
              rewriter.getF32FloatAttr(std::ldexp(
                  1.0f, 1 - format->bias - int(format->mantissaBits)))));
    Value subnormal =
        x.bor(sign, arith::BitcastOp::create(rewriter, loc, i32, scaled));
    Value isSubnormal = x.cmp(P::eq, exponent, x.c(0));
    Value result = x.select(isSubnormal, subnormal, normal);
    Value isNaN;
    if (format->hasInfinity) {
      Value allOnes = x.cmp(P::eq, exponent, x.c(exponentMask));
      Value isInfinity = arith::AndIOp::create(rewriter, loc, allOnes,
                                               x.cmp(P::eq, mantissa, x.c(0)));
      result = x.select(isInfinity, x.bor(sign, x.c(0x7f800000)), result);
      isNaN = arith::AndIOp::create(rewriter, loc, allOnes,
                                    x.cmp(P::ne, mantissa, x.c(0)));
    } else if (format->nanIsNegativeZero) {
      isNaN = x.cmp(P::eq, bits, x.c(0x80));
    } else if (format->hasNaN) {
      uint32_t magnitudeMask = format->magnitudeMask();
      isNaN =
          x.cmp(P::eq, x.band(bits, x.c(magnitudeMask)), x.c(magnitudeMask));
    }
    if (isNaN)
      result = x.select(isNaN, x.c(0x7fc00000), result);
    Value wide = arith::BitcastOp::create(rewriter, loc, f32, result);
    Type outElement = getElementTypeOrSelf(op.getType());
    if (outElement.isF32())
      rewriter.replaceOp(op, wide);
    else if (cast<FloatType>(outElement).getWidth() > 32)
      rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, op.getType(), wide);
    else // f16 and bf16 hold every 8-, 6- and 4-bit float exactly.
      rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), wide);
    return success();
  }
};

// truncf to a narrow float: round to nearest, ties to even.
struct ExpandNarrowTruncF : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type outType = op.getType();
    std::optional<NarrowFormat> format =
        getNarrowFormat(getElementTypeOrSelf(outType));
    if (!format)
      return failure();
    Location loc = op.getLoc();
    Type iN = withElementType(outType, rewriter.getIntegerType(format->width));
    Type i32 = withElementType(outType, rewriter.getI32Type());
    Type f32 = withElementType(outType, rewriter.getF32Type());
    Bits x{rewriter, loc, i32};
    using P = arith::CmpIPredicate;

    Value in = op.getIn();
    auto inElement = cast<FloatType>(getElementTypeOrSelf(in.getType()));
    if (inElement.getWidth() > 32)
      in = arith::TruncFOp::create(rewriter, loc, f32, in);
    else if (!inElement.isF32())
      in = arith::ExtFOp::create(rewriter, loc, f32, in);
    Value bits = arith::BitcastOp::create(rewriter, loc, i32, in);
    Value sign = x.shr(x.band(bits, x.c(0x80000000u)), 32 - format->width);
    Value magnitude = x.band(bits, x.c(0x7fffffff));
    unsigned shift = 23 - format->mantissaBits;
    uint32_t maxExponentField = (1u << format->exponentBits) - 1;
    // Anything at or above twice the largest exponent overflows; clamping
    // there keeps the rebiased exponent below (also for inf) in range.
    uint32_t overflowClamp = (127 + maxExponentField + 1 - format->bias) << 23;
    Value clamped =
        arith::MinUIOp::create(rewriter, loc, magnitude, x.c(overflowClamp));
    // A normal result: rebias, then round the dropped mantissa bits to
    // nearest even; a carry out of the mantissa bumps the exponent, as it
    // should.
    Value odd = x.band(x.shr(clamped, shift), x.c(1));
    Value rounded = x.add(
        x.add(clamped, x.c(uint32_t(int32_t(format->bias - 127) * (1 << 23)) +
                           (1u << (shift - 1)) - 1)),
        odd);
    Value normal = x.shr(rounded, shift);
    // Below the smallest normal: adding 2^(24 - bias - mantissaBits), whose
    // ulp is the format's subnormal step, lets the f32 adder round.
    uint32_t magicBits =
        uint32_t(127 - format->bias + 23 - int(format->mantissaBits) + 1) << 23;
    Value magic = arith::BitcastOp::create(rewriter, loc, f32, x.c(magicBits));
    Value absolute = arith::BitcastOp::create(rewriter, loc, f32, clamped);
    Value sum = arith::AddFOp::create(rewriter, loc, absolute, magic);
    Value subnormal = x.sub(arith::BitcastOp::create(rewriter, loc, i32, sum),
                            x.c(magicBits));
    uint32_t smallestNormal = uint32_t(127 + 1 - format->bias) << 23;
    Value result = x.select(x.cmp(P::ult, clamped, x.c(smallestNormal)),
                            subnormal, normal);
    Value isOverflow = x.cmp(P::ugt, result, x.c(format->largestBits));
    if (!format->hasNaN) {
      // Neither infinities nor NaN: too large a value saturates, and an
      // infinity or a NaN is a zero of its sign (APFloat's conversion).
      result = x.select(isOverflow, x.c(format->largestBits), result);
      Value isNonFinite = x.cmp(P::uge, magnitude, x.c(0x7f800000));
      result = x.bor(x.select(isNonFinite, x.c(0), result), sign);
    } else if (format->hasInfinity) {
      Value isNaN = x.cmp(P::ugt, magnitude, x.c(0x7f800000));
      result = x.select(isOverflow,
                        x.c(maxExponentField << format->mantissaBits), result);
      result =
          x.bor(x.select(isNaN, x.c(format->nanBits & 0x7f), result), sign);
    } else {
      // Without infinities, too large a value is NaN.
      Value isNaN = arith::OrIOp::create(
          rewriter, loc, x.cmp(P::ugt, magnitude, x.c(0x7f800000)), isOverflow);
      if (format->nanIsNegativeZero) {
        // No negative zero, and the one NaN is its pattern.
        Value isZero = x.cmp(P::eq, result, x.c(0));
        result = x.select(isZero, result, x.bor(result, sign));
        result = x.select(isNaN, x.c(0x80), result);
      } else {
        result = x.bor(x.select(isNaN, x.c(0x7f), result), sign);
      }
    }
    Value pattern = arith::TruncIOp::create(rewriter, loc, iN, result);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, outType, pattern);
    return success();
  }
};

struct ExpandNarrowFloatsPass
    : public disc::impl::ExpandNarrowFloatsPassBase<ExpandNarrowFloatsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<Type> narrowTypes = {
        Float8E5M2Type::get(context),        Float8E4M3FNType::get(context),
        Float8E4M3FNUZType::get(context),    Float8E5M2FNUZType::get(context),
        Float8E4M3B11FNUZType::get(context), Float8E3M4Type::get(context),
        Float8E4M3Type::get(context),        Float8E8M0FNUType::get(context),
        Float6E2M3FNType::get(context),      Float6E3M2FNType::get(context),
        Float4E2M1FNType::get(context)};
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(
        converter, narrowTypes, Float32Type::get(context));
    RewritePatternSet emulation(context);
    arith::populateEmulateUnsupportedFloatsPatterns(emulation, converter);
    ConversionTarget target(*context);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(emulation))))
      return signalPassFailure();

    RewritePatternSet expansion(context);
    expansion.add<ExpandNarrowExtF, ExpandNarrowTruncF>(context);
    arith::populateExpandF8E8M0Patterns(expansion);
    if (failed(applyPatternsGreedily(getOperation(), std::move(expansion))))
      return signalPassFailure();
  }
};

} // namespace
