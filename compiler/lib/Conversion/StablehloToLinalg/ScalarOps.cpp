//===- ScalarOps.cpp - Scalar semantics of elementwise StableHLO ops ------===//
//
// One place defines what every elementwise StableHLO op computes on a single
// element. The elementwise patterns call it inside linalg.generic bodies and
// the reduction pattern calls it for the ops of a reduce body, so both follow
// the same (XLA-compatible) semantics.
//
//===----------------------------------------------------------------------===//

#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;

namespace {

Type elementTypeOf(Value value) {
  return getElementTypeOrSelf(value.getType());
}

bool isNarrowFloat(Type type) { return type.isF16() || type.isBF16(); }

Value intConstant(OpBuilder &b, Location loc, Type type, const APInt &value) {
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
}

Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
}

Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, FloatAttr::get(type, value));
}

// f16/bf16 arithmetic runs in f32 and rounds once at the end. For + - * / and
// sqrt the f32 result rounds to the correctly rounded narrow result; for the
// transcendental functions it is at least as accurate, and LLVM never has to
// legalize half-precision math.
Value computeInWideFloat(OpBuilder &b, Location loc, ValueRange args,
                         function_ref<Value(ValueRange)> compute) {
  Type type = args.front().getType();
  if (!isNarrowFloat(type))
    return compute(args);
  SmallVector<Value> wide;
  for (Value arg : args)
    wide.push_back(arith::ExtFOp::create(b, loc, b.getF32Type(), arg));
  Value result = compute(wide);
  if (result.getType() != b.getF32Type())
    return result;
  return arith::TruncFOp::create(b, loc, type, result);
}

template <typename MathOp>
Value unaryFloat(OpBuilder &b, Location loc, Value x) {
  return computeInWideFloat(b, loc, x, [&](ValueRange args) -> Value {
    return MathOp::create(b, loc, args[0]);
  });
}

template <typename ArithOp>
Value binaryFloat(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return computeInWideFloat(b, loc, {lhs, rhs}, [&](ValueRange args) -> Value {
    return ArithOp::create(b, loc, args[0], args[1]);
  });
}

// Integer division and remainder never trap: like XLA, x / 0 is -1 (all
// ones), x % 0 is x, INT_MIN / -1 is INT_MIN and INT_MIN % -1 is 0.
Value emitIntDivRem(OpBuilder &b, Location loc, Value lhs, Value rhs,
                    bool isUnsigned, bool isRemainder) {
  Type type = lhs.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value rhsIsZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  Value invalid = rhsIsZero;
  if (!isUnsigned) {
    Value lhsIsMin = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, lhs,
        intConstant(b, loc, type, APInt::getSignedMinValue(width)));
    Value rhsIsMinusOne = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, rhs, intConstant(b, loc, type, -1));
    Value overflow = arith::AndIOp::create(b, loc, lhsIsMin, rhsIsMinusOne);
    invalid = arith::OrIOp::create(b, loc, rhsIsZero, overflow);
  }
  // With a divisor of 1 the overflow case already yields INT_MIN and 0.
  Value safeRhs = arith::SelectOp::create(b, loc, invalid, one, rhs);
  Value result;
  if (isRemainder) {
    result = isUnsigned ? Value(arith::RemUIOp::create(b, loc, lhs, safeRhs))
                        : Value(arith::RemSIOp::create(b, loc, lhs, safeRhs));
    return arith::SelectOp::create(b, loc, rhsIsZero, lhs, result);
  }
  result = isUnsigned ? Value(arith::DivUIOp::create(b, loc, lhs, safeRhs))
                      : Value(arith::DivSIOp::create(b, loc, lhs, safeRhs));
  return arith::SelectOp::create(b, loc, rhsIsZero,
                                 intConstant(b, loc, type, -1), result);
}

// Exponentiation by squaring over every bit of the exponent. A negative
// (signed) exponent gives 1 for base 1, +-1 for base -1 and 0 otherwise, as
// in XLA.
Value emitIntPow(OpBuilder &b, Location loc, Value base, Value exponent,
                 bool isUnsigned) {
  Type type = base.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value one = intConstant(b, loc, type, 1);
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, width);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange{one, base, exponent},
      [&](OpBuilder &lb, Location l, Value, ValueRange iter) {
        Value acc = iter[0], power = iter[1], rest = iter[2];
        Value bit = arith::AndIOp::create(lb, l, rest, one);
        Value bitSet = arith::CmpIOp::create(lb, l, arith::CmpIPredicate::ne,
                                             bit, intConstant(lb, l, type, 0));
        Value product = arith::MulIOp::create(lb, l, acc, power);
        Value nextAcc = arith::SelectOp::create(lb, l, bitSet, product, acc);
        Value nextPower = arith::MulIOp::create(lb, l, power, power);
        Value nextRest = arith::ShRUIOp::create(lb, l, rest, one);
        scf::YieldOp::create(lb, l, ValueRange{nextAcc, nextPower, nextRest});
      });
  Value result = loop.getResult(0);
  if (isUnsigned)
    return result;
  Value zero = intConstant(b, loc, type, 0);
  Value minusOne = intConstant(b, loc, type, -1);
  Value negativeExponent =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exponent, zero);
  Value baseIsOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, base, one);
  Value baseIsMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, base, minusOne);
  Value oddExponent =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, exponent, one), zero);
  Value minusOnePower =
      arith::SelectOp::create(b, loc, oddExponent, minusOne, one);
  Value negativeResult = arith::SelectOp::create(
      b, loc, baseIsOne, one,
      arith::SelectOp::create(b, loc, baseIsMinusOne, minusOnePower, zero));
  return arith::SelectOp::create(b, loc, negativeExponent, negativeResult,
                                 result);
}

enum class ShiftKind { Left, RightLogical, RightArithmetic };

// Shift amounts are unsigned; amounts of at least the bit width shift every
// bit out (0), or fill with the sign bit for an arithmetic right shift.
Value emitShift(OpBuilder &b, Location loc, Value lhs, Value rhs,
                ShiftKind kind) {
  Type type = lhs.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value widthValue = intConstant(b, loc, type, width);
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, rhs, widthValue);
  if (kind == ShiftKind::RightArithmetic) {
    Value amount = arith::SelectOp::create(
        b, loc, inRange, rhs, intConstant(b, loc, type, width - 1));
    return arith::ShRSIOp::create(b, loc, lhs, amount);
  }
  Value shifted = kind == ShiftKind::Left
                      ? Value(arith::ShLIOp::create(b, loc, lhs, rhs))
                      : Value(arith::ShRUIOp::create(b, loc, lhs, rhs));
  return arith::SelectOp::create(b, loc, inRange, shifted,
                                 intConstant(b, loc, type, 0));
}

Value emitSign(OpBuilder &b, Location loc, Value x, Type elementType) {
  Type type = x.getType();
  if (isa<FloatType>(type)) {
    // NaN and +-0 compare false both ways and are returned unchanged.
    return computeInWideFloat(b, loc, x, [&](ValueRange args) -> Value {
      Value v = args[0];
      Type t = v.getType();
      Value zero = floatConstant(b, loc, t, 0.0);
      Value positive =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, v, zero);
      Value negative =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, v, zero);
      Value negOrSame = arith::SelectOp::create(
          b, loc, negative, floatConstant(b, loc, t, -1.0), v);
      return arith::SelectOp::create(b, loc, positive,
                                     floatConstant(b, loc, t, 1.0), negOrSame);
    });
  }
  if (type.isInteger(1))
    return x;
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  if (disc::isUnsignedLike(elementType)) {
    Value nonZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
    return arith::SelectOp::create(b, loc, nonZero, one, zero);
  }
  Value positive =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
  Value negOrZero = arith::SelectOp::create(
      b, loc, negative, intConstant(b, loc, type, -1), zero);
  return arith::SelectOp::create(b, loc, positive, one, negOrZero);
}

// Maps a float to an integer whose signed order is the IEEE total order:
// -NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN.
Value totalOrderKey(OpBuilder &b, Location loc, Value x) {
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, intType, x);
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         bits, intConstant(b, loc, intType, 0));
  Value flipped = arith::XOrIOp::create(
      b, loc, bits,
      intConstant(b, loc, intType, APInt::getSignedMaxValue(width)));
  return arith::SelectOp::create(b, loc, negative, flipped, bits);
}

// Rounds `x` to the nearest value (ties to even) with `mantissaBits` explicit
// mantissa bits and `exponentBits` exponent bits, on the bits of `x` as XLA
// does: too large becomes infinity, too small (subnormals included) zero,
// each keeping the sign. NaN stays NaN, except that with no mantissa bits
// there is no NaN to keep and it becomes infinity.
Value emitReducePrecision(OpBuilder &b, Location loc, Value x,
                          unsigned exponentBits, unsigned mantissaBits) {
  auto floatType = cast<FloatType>(x.getType());
  unsigned width = floatType.getWidth();
  unsigned srcMantissaBits = floatType.getFPMantissaWidth() - 1;
  unsigned srcExponentBits = width - srcMantissaBits - 1;
  Type intType = b.getIntegerType(width);
  auto constant = [&](const APInt &value) {
    return intConstant(b, loc, intType, value);
  };
  Value bits = arith::BitcastOp::create(b, loc, intType, x);
  if (mantissaBits < srcMantissaBits) {
    unsigned droppedBits = srcMantissaBits - mantissaBits;
    APInt lastKeptBit = APInt::getOneBitSet(width, droppedBits);
    Value lastKept = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bits, constant(lastKeptBit)),
        constant(APInt(width, droppedBits)));
    // Half an ulp minus one, plus one more when the kept part is odd: ties
    // round to even.
    Value bias = arith::AddIOp::create(b, loc, lastKept,
                                       constant(lastKeptBit.lshr(1) - 1));
    Value rounded = arith::AddIOp::create(b, loc, bits, bias);
    bits = arith::AndIOp::create(b, loc, rounded, constant(~(lastKeptBit - 1)));
  }
  if (exponentBits < srcExponentBits) {
    APInt signMask = APInt::getSignMask(width);
    APInt exponentMask = APInt::getBitsSet(width, srcMantissaBits, width - 1);
    uint64_t srcBias = (uint64_t(1) << (srcExponentBits - 1)) - 1;
    uint64_t reducedBias = (uint64_t(1) << (exponentBits - 1)) - 1;
    Value exponent =
        arith::AndIOp::create(b, loc, bits, constant(exponentMask));
    Value overflows = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ugt, exponent,
        constant(APInt(width, srcBias + reducedBias) << srcMantissaBits));
    Value underflows = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule, exponent,
        constant(APInt(width, srcBias - reducedBias) << srcMantissaBits));
    Value signedZero = arith::AndIOp::create(b, loc, bits, constant(signMask));
    Value signedInfinity =
        arith::OrIOp::create(b, loc, signedZero, constant(exponentMask));
    bits = arith::SelectOp::create(
        b, loc, overflows, signedInfinity,
        arith::SelectOp::create(b, loc, underflows, signedZero, bits));
  }
  Value result = arith::BitcastOp::create(b, loc, floatType, bits);
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value nanResult =
      mantissaBits > 0
          ? x
          : arith::ConstantOp::create(
                b, loc,
                FloatAttr::get(floatType,
                               APFloat::getInf(floatType.getFloatSemantics())));
  return arith::SelectOp::create(b, loc, isNaN, nanResult, result);
}

Value emitCompare(OpBuilder &b, Location loc, stablehlo::CompareOp op,
                  Value lhs, Value rhs) {
  Type elementType = elementTypeOf(op.getLhs());
  stablehlo::ComparisonDirection direction = op.getComparisonDirection();
  std::optional<stablehlo::ComparisonType> compareType = op.getCompareType();
  bool isFloat = isa<FloatType>(elementType);
  bool totalOrder =
      isFloat && compareType == stablehlo::ComparisonType::TOTALORDER;
  using Dir = stablehlo::ComparisonDirection;
  if (isFloat && !totalOrder) {
    // FLOAT comparisons are ordered, except NE which is true for NaN (XLA).
    arith::CmpFPredicate predicate;
    switch (direction) {
    case Dir::EQ:
      predicate = arith::CmpFPredicate::OEQ;
      break;
    case Dir::NE:
      predicate = arith::CmpFPredicate::UNE;
      break;
    case Dir::GE:
      predicate = arith::CmpFPredicate::OGE;
      break;
    case Dir::GT:
      predicate = arith::CmpFPredicate::OGT;
      break;
    case Dir::LE:
      predicate = arith::CmpFPredicate::OLE;
      break;
    case Dir::LT:
      predicate = arith::CmpFPredicate::OLT;
      break;
    }
    return computeInWideFloat(b, loc, {lhs, rhs}, [&](ValueRange args) {
      return arith::CmpFOp::create(b, loc, predicate, args[0], args[1]);
    });
  }
  bool isUnsigned;
  if (totalOrder) {
    lhs = totalOrderKey(b, loc, lhs);
    rhs = totalOrderKey(b, loc, rhs);
    isUnsigned = false;
  } else if (compareType == stablehlo::ComparisonType::SIGNED) {
    isUnsigned = elementType.isInteger(1);
  } else if (compareType == stablehlo::ComparisonType::UNSIGNED) {
    isUnsigned = true;
  } else {
    isUnsigned = disc::isUnsignedLike(elementType);
  }
  arith::CmpIPredicate predicate;
  switch (direction) {
  case Dir::EQ:
    predicate = arith::CmpIPredicate::eq;
    break;
  case Dir::NE:
    predicate = arith::CmpIPredicate::ne;
    break;
  case Dir::GE:
    predicate =
        isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  case Dir::GT:
    predicate =
        isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case Dir::LE:
    predicate =
        isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case Dir::LT:
    predicate =
        isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  }
  return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
}

// Float to integer conversion truncates toward zero and saturates: NaN
// becomes 0, values beyond the range become its nearest end (XLA, JAX).
Value floatToInt(OpBuilder &b, Location loc, Value x, IntegerType intType,
                 bool isUnsigned) {
  if (isNarrowFloat(x.getType()))
    x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
  auto floatType = cast<FloatType>(x.getType());
  unsigned width = intType.getWidth();
  Value converted = isUnsigned
                        ? Value(arith::FPToUIOp::create(b, loc, intType, x))
                        : Value(arith::FPToSIOp::create(b, loc, intType, x));
  // 2^width (unsigned) or 2^(width-1) (signed) is the first value out of
  // range; it is a power of two, so exact unless it overflows to +Inf.
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  llvm::APFloat upperBound = llvm::scalbn(llvm::APFloat::getOne(semantics),
                                          isUnsigned ? width : width - 1,
                                          llvm::APFloat::rmNearestTiesToEven);
  Value upper =
      arith::ConstantOp::create(b, loc, FloatAttr::get(floatType, upperBound));
  Value lower = isUnsigned ? floatConstant(b, loc, floatType, 0.0)
                           : Value(arith::NegFOp::create(b, loc, upper));
  Value tooLarge =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, upper);
  Value tooSmall =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, lower);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  APInt maxValue =
      isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
  APInt minValue =
      isUnsigned ? APInt::getMinValue(width) : APInt::getSignedMinValue(width);
  Value result = arith::SelectOp::create(
      b, loc, tooLarge, intConstant(b, loc, intType, maxValue), converted);
  result = arith::SelectOp::create(
      b, loc, tooSmall, intConstant(b, loc, intType, minValue), result);
  return arith::SelectOp::create(b, loc, isNan, intConstant(b, loc, intType, 0),
                                 result);
}

Value emitLogistic(OpBuilder &b, Location loc, Value x) {
  return computeInWideFloat(b, loc, x, [&](ValueRange args) -> Value {
    Type t = args[0].getType();
    Value one = floatConstant(b, loc, t, 1.0);
    Value negated = arith::NegFOp::create(b, loc, args[0]);
    Value denominator = arith::AddFOp::create(
        b, loc, one, math::ExpOp::create(b, loc, negated));
    return arith::DivFOp::create(b, loc, one, denominator);
  });
}

Value emitIsFinite(OpBuilder &b, Location loc, Value x) {
  return computeInWideFloat(b, loc, x, [&](ValueRange args) -> Value {
    Type t = args[0].getType();
    Value magnitude = math::AbsFOp::create(b, loc, args[0]);
    Value infinity = arith::ConstantOp::create(
        b, loc,
        FloatAttr::get(
            t, llvm::APFloat::getInf(cast<FloatType>(t).getFloatSemantics())));
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, magnitude,
                                 infinity);
  });
}

template <typename FloatOp, typename SignedOp, typename UnsignedOp,
          typename BoolOp>
Value emitMinMax(OpBuilder &b, Location loc, Value lhs, Value rhs,
                 Type elementType) {
  if (isa<FloatType>(elementType))
    return binaryFloat<FloatOp>(b, loc, lhs, rhs);
  if (elementType.isInteger(1))
    return BoolOp::create(b, loc, lhs, rhs);
  if (disc::isUnsignedLike(elementType))
    return UnsignedOp::create(b, loc, lhs, rhs);
  return SignedOp::create(b, loc, lhs, rhs);
}

Value emitMax(OpBuilder &b, Location loc, Value lhs, Value rhs,
              Type elementType) {
  // Float max/min propagate NaN, as XLA does.
  return emitMinMax<arith::MaximumFOp, arith::MaxSIOp, arith::MaxUIOp,
                    arith::OrIOp>(b, loc, lhs, rhs, elementType);
}

Value emitMin(OpBuilder &b, Location loc, Value lhs, Value rhs,
              Type elementType) {
  return emitMinMax<arith::MinimumFOp, arith::MinSIOp, arith::MinUIOp,
                    arith::AndIOp>(b, loc, lhs, rhs, elementType);
}

Value emitScalarConstant(OpBuilder &b, Location loc, stablehlo::ConstantOp op) {
  auto elements = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!elements || !elements.isSplat())
    return nullptr;
  Type type = disc::getSignlessType(elements.getElementType());
  Attribute value = elements.getSplatValue<Attribute>();
  if (auto intValue = dyn_cast<IntegerAttr>(value))
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(type, intValue.getValue()));
  if (auto floatValue = dyn_cast<FloatAttr>(value))
    return arith::ConstantOp::create(b, loc, floatValue);
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    auto parts = elements.getSplatValue<std::complex<APFloat>>();
    Type partType = complexType.getElementType();
    return complex::ConstantOp::create(
        b, loc, complexType,
        b.getArrayAttr({FloatAttr::get(partType, parts.real()),
                        FloatAttr::get(partType, parts.imag())}));
  }
  return nullptr;
}

// maximum and minimum of complex numbers order them lexicographically: by
// the real parts, then by the imaginary parts (the StableHLO spec).
Value emitComplexMinMax(OpBuilder &b, Location loc, Value lhs, Value rhs,
                        bool isMax) {
  Value lhsRe = complex::ReOp::create(b, loc, lhs);
  Value rhsRe = complex::ReOp::create(b, loc, rhs);
  Value lhsIm = complex::ImOp::create(b, loc, lhs);
  Value rhsIm = complex::ImOp::create(b, loc, rhs);
  arith::CmpFPredicate before =
      isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT;
  Value realBefore = arith::CmpFOp::create(b, loc, before, lhsRe, rhsRe);
  Value realEqual =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lhsRe, rhsRe);
  Value imagBefore = arith::CmpFOp::create(b, loc, before, lhsIm, rhsIm);
  Value pickLhs = arith::OrIOp::create(
      b, loc, realBefore, arith::AndIOp::create(b, loc, realEqual, imagBefore));
  return arith::SelectOp::create(b, loc, pickLhs, lhs, rhs);
}

Value complexConstant(OpBuilder &b, Location loc, ComplexType type, double real,
                      double imag) {
  Type partType = type.getElementType();
  return complex::ConstantOp::create(
      b, loc, type,
      b.getArrayAttr(
          {FloatAttr::get(partType, real), FloatAttr::get(partType, imag)}));
}

// atan2(y, x) = -i * log((x + i*y) / sqrt(x^2 + y^2)), the StableHLO spec's
// definition, with the complex square root of x^2 + y^2.
Value emitComplexAtan2(OpBuilder &b, Location loc, Value y, Value x) {
  auto type = cast<ComplexType>(y.getType());
  Value i = complexConstant(b, loc, type, 0.0, 1.0);
  Value minusI = complexConstant(b, loc, type, 0.0, -1.0);
  Value numerator =
      complex::AddOp::create(b, loc, x, complex::MulOp::create(b, loc, i, y));
  Value xSquared = complex::MulOp::create(b, loc, x, x);
  Value ySquared = complex::MulOp::create(b, loc, y, y);
  Value sumOfSquares = complex::AddOp::create(b, loc, xSquared, ySquared);
  Value quotient = complex::DivOp::create(
      b, loc, numerator, complex::SqrtOp::create(b, loc, sumOfSquares));
  return complex::MulOp::create(b, loc, minusI,
                                complex::LogOp::create(b, loc, quotient));
}

// The principal cube root: |z|^(1/3) * e^(i * arg(z) / 3), as the StableHLO
// interpreter computes it (so the cube root of -8 is 1 + 1.732i, not -2).
// cbrt(|z|) rather than (re^2 + im^2)^(1/6) keeps large moduli finite.
Value emitComplexCbrt(OpBuilder &b, Location loc, Value z) {
  auto type = cast<ComplexType>(z.getType());
  Type partType = type.getElementType();
  Value real = complex::ReOp::create(b, loc, z);
  Value imag = complex::ImOp::create(b, loc, z);
  Value modulus =
      math::CbrtOp::create(b, loc, complex::AbsOp::create(b, loc, z));
  Value angle =
      arith::DivFOp::create(b, loc, math::Atan2Op::create(b, loc, imag, real),
                            floatConstant(b, loc, partType, 3.0));
  Value cosine = math::CosOp::create(b, loc, angle);
  Value sine = math::SinOp::create(b, loc, angle);
  Value resultReal = arith::MulFOp::create(b, loc, modulus, cosine);
  Value resultImag = arith::MulFOp::create(b, loc, modulus, sine);
  return complex::CreateOp::create(b, loc, type, resultReal, resultImag);
}

// The ops the StableHLO spec defines on complex numbers, each computed by
// the complex dialect op of the same meaning (ComplexToStandard lowers them
// with care for overflow and the branch cuts), or from such ops; nothing for
// any other op.
// convert, select, real, imag and complex are handled with the other types.
Value emitComplexOp(OpBuilder &b, Location loc, Operation *op,
                    ValueRange args) {
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](stablehlo::AddOp) {
        return complex::AddOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::SubtractOp) {
        return complex::SubOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::MulOp) {
        return complex::MulOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::DivOp) {
        return complex::DivOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::PowOp) {
        return complex::PowOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::NegOp) {
        return complex::NegOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::AbsOp) {
        return complex::AbsOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::SignOp) {
        return complex::SignOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::ExpOp) {
        return complex::ExpOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::Expm1Op) {
        return complex::Expm1Op::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::LogOp) {
        return complex::LogOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::Log1pOp) {
        return complex::Log1pOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::SqrtOp) {
        return complex::SqrtOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::RsqrtOp) {
        return complex::RsqrtOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::SineOp) {
        return complex::SinOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::CosineOp) {
        return complex::CosOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::TanOp) {
        return complex::TanOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::TanhOp) {
        return complex::TanhOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::Atan2Op) {
        return emitComplexAtan2(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::CbrtOp) { return emitComplexCbrt(b, loc, args[0]); })
      .Case([&](stablehlo::LogisticOp) -> Value {
        Value complexOne = complexConstant(
            b, loc, cast<ComplexType>(args[0].getType()), 1.0, 0.0);
        Value negated = complex::NegOp::create(b, loc, args[0]);
        Value denominator = complex::AddOp::create(
            b, loc, complexOne, complex::ExpOp::create(b, loc, negated));
        return complex::DivOp::create(b, loc, complexOne, denominator);
      })
      .Case([&](stablehlo::MaxOp) {
        return emitComplexMinMax(b, loc, args[0], args[1], /*isMax=*/true);
      })
      .Case([&](stablehlo::MinOp) {
        return emitComplexMinMax(b, loc, args[0], args[1], /*isMax=*/false);
      })
      .Case([&](stablehlo::CompareOp compare) -> Value {
        if (compare.getComparisonDirection() ==
            stablehlo::ComparisonDirection::EQ)
          return complex::EqualOp::create(b, loc, args[0], args[1]);
        return complex::NotEqualOp::create(b, loc, args[0], args[1]);
      })
      .Default([](Operation *) { return Value(); });
}

// Whether emitComplexOp (or the type-agnostic ops) compute `op` on complex
// operands. A complex comparison is only EQ or NE (the verifier's rule); a
// conversion to i1 tests the real part, as to any real type.
bool isDefinedOnComplex(Operation *op) {
  return isa<stablehlo::AddOp, stablehlo::SubtractOp, stablehlo::MulOp,
             stablehlo::DivOp, stablehlo::PowOp, stablehlo::MaxOp,
             stablehlo::MinOp, stablehlo::LogisticOp, stablehlo::NegOp,
             stablehlo::AbsOp, stablehlo::SignOp, stablehlo::ExpOp,
             stablehlo::Expm1Op, stablehlo::LogOp, stablehlo::Log1pOp,
             stablehlo::SqrtOp, stablehlo::RsqrtOp, stablehlo::CbrtOp,
             stablehlo::Atan2Op, stablehlo::SineOp, stablehlo::CosineOp,
             stablehlo::TanOp, stablehlo::TanhOp, stablehlo::CompareOp,
             stablehlo::SelectOp, stablehlo::ConvertOp,
             stablehlo::BitcastConvertOp, stablehlo::RealOp, stablehlo::ImagOp,
             stablehlo::ComplexOp>(op);
}

bool isElementwise(Operation *op) {
  return isa<
      stablehlo::AddOp, stablehlo::SubtractOp, stablehlo::MulOp,
      stablehlo::DivOp, stablehlo::RemOp, stablehlo::MaxOp, stablehlo::MinOp,
      stablehlo::PowOp, stablehlo::Atan2Op, stablehlo::AndOp, stablehlo::OrOp,
      stablehlo::XorOp, stablehlo::ShiftLeftOp,
      stablehlo::ShiftRightArithmeticOp, stablehlo::ShiftRightLogicalOp,
      stablehlo::NegOp, stablehlo::AbsOp, stablehlo::SignOp, stablehlo::ExpOp,
      stablehlo::Expm1Op, stablehlo::LogOp, stablehlo::Log1pOp,
      stablehlo::SqrtOp, stablehlo::RsqrtOp, stablehlo::CbrtOp,
      stablehlo::TanhOp, stablehlo::LogisticOp, stablehlo::SineOp,
      stablehlo::CosineOp, stablehlo::TanOp, stablehlo::FloorOp,
      stablehlo::CeilOp, stablehlo::RoundNearestEvenOp, stablehlo::RoundOp,
      stablehlo::IsFiniteOp, stablehlo::NotOp, stablehlo::PopulationCountOp,
      stablehlo::ClzOp, stablehlo::ConvertOp, stablehlo::BitcastConvertOp,
      stablehlo::CompareOp, stablehlo::SelectOp, stablehlo::ClampOp,
      stablehlo::ReducePrecisionOp, stablehlo::RealOp, stablehlo::ImagOp,
      stablehlo::ComplexOp>(op);
}

bool isFloatOnly(Operation *op) {
  return isa<stablehlo::Atan2Op, stablehlo::ExpOp, stablehlo::Expm1Op,
             stablehlo::LogOp, stablehlo::Log1pOp, stablehlo::SqrtOp,
             stablehlo::RsqrtOp, stablehlo::CbrtOp, stablehlo::TanhOp,
             stablehlo::LogisticOp, stablehlo::SineOp, stablehlo::CosineOp,
             stablehlo::TanOp, stablehlo::FloorOp, stablehlo::CeilOp,
             stablehlo::RoundNearestEvenOp, stablehlo::RoundOp,
             stablehlo::IsFiniteOp, stablehlo::ReducePrecisionOp,
             stablehlo::RealOp, stablehlo::ImagOp, stablehlo::ComplexOp>(op);
}

bool isIntegerOnly(Operation *op) {
  return isa<stablehlo::AndOp, stablehlo::OrOp, stablehlo::XorOp,
             stablehlo::NotOp, stablehlo::ShiftLeftOp,
             stablehlo::ShiftRightArithmeticOp, stablehlo::ShiftRightLogicalOp,
             stablehlo::PopulationCountOp, stablehlo::ClzOp>(op);
}

} // namespace

namespace mlir {
namespace disc {

bool isElementwiseStablehloOp(Operation *op) { return isElementwise(op); }

unsigned getElementBitWidth(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * complexType.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

Value toBits(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IntegerType>(type))
    return value;
  auto complexType = dyn_cast<ComplexType>(type);
  if (!complexType)
    return arith::BitcastOp::create(
        b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), value);
  unsigned partWidth = complexType.getElementType().getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(2 * partWidth);
  Value real = arith::ExtUIOp::create(
      b, loc, bitsType, toBits(b, loc, complex::ReOp::create(b, loc, value)));
  Value imag = arith::ExtUIOp::create(
      b, loc, bitsType, toBits(b, loc, complex::ImOp::create(b, loc, value)));
  Value highImag = arith::ShLIOp::create(
      b, loc, imag, intConstant(b, loc, bitsType, partWidth));
  return arith::OrIOp::create(b, loc, highImag, real);
}

Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  auto complexType = dyn_cast<ComplexType>(type);
  if (!complexType)
    return arith::BitcastOp::create(b, loc, type, bits);
  Type partType = complexType.getElementType();
  unsigned partWidth = partType.getIntOrFloatBitWidth();
  Type partBits = b.getIntegerType(partWidth);
  Value real = fromBits(b, loc, arith::TruncIOp::create(b, loc, partBits, bits),
                        partType);
  Value high = arith::ShRUIOp::create(
      b, loc, bits, intConstant(b, loc, bits.getType(), partWidth));
  Value imag = fromBits(b, loc, arith::TruncIOp::create(b, loc, partBits, high),
                        partType);
  return complex::CreateOp::create(b, loc, complexType, real, imag);
}

Value convertScalar(OpBuilder &b, Location loc, Value value, Type srcType,
                    Type dstType) {
  if (srcType == dstType)
    return value;
  // complex <-> complex converts both parts; to a complex type the imaginary
  // part is zero, from one it is dropped (the StableHLO spec).
  auto srcComplex = dyn_cast<ComplexType>(srcType);
  auto dstComplex = dyn_cast<ComplexType>(dstType);
  if (srcComplex && dstComplex) {
    Type srcPart = srcComplex.getElementType();
    Type dstPart = dstComplex.getElementType();
    Value real = convertScalar(b, loc, complex::ReOp::create(b, loc, value),
                               srcPart, dstPart);
    Value imag = convertScalar(b, loc, complex::ImOp::create(b, loc, value),
                               srcPart, dstPart);
    return complex::CreateOp::create(b, loc, dstComplex, real, imag);
  }
  if (srcComplex)
    return convertScalar(b, loc, complex::ReOp::create(b, loc, value),
                         srcComplex.getElementType(), dstType);
  if (dstComplex) {
    Type dstPart = dstComplex.getElementType();
    Value real = convertScalar(b, loc, value, srcType, dstPart);
    if (!real)
      return nullptr;
    return complex::CreateOp::create(b, loc, dstComplex, real,
                                     floatConstant(b, loc, dstPart, 0.0));
  }
  Type src = getSignlessType(srcType);
  Type dst = getSignlessType(dstType);
  auto srcInt = dyn_cast<IntegerType>(src);
  auto dstInt = dyn_cast<IntegerType>(dst);
  auto srcFloat = dyn_cast<FloatType>(src);
  auto dstFloat = dyn_cast<FloatType>(dst);
  if (dstInt && dstInt.getWidth() == 1) {
    // Anything converts to a predicate as `!= 0` (NaN is true).
    if (srcFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   floatConstant(b, loc, src, 0.0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                 intConstant(b, loc, src, 0));
  }
  if (srcInt && dstInt) {
    if (srcInt.getWidth() == dstInt.getWidth())
      return value;
    if (srcInt.getWidth() > dstInt.getWidth())
      return arith::TruncIOp::create(b, loc, dst, value);
    if (isUnsignedLike(srcType))
      return arith::ExtUIOp::create(b, loc, dst, value);
    return arith::ExtSIOp::create(b, loc, dst, value);
  }
  if (srcInt && dstFloat) {
    if (isUnsignedLike(srcType))
      return arith::UIToFPOp::create(b, loc, dst, value);
    return arith::SIToFPOp::create(b, loc, dst, value);
  }
  if (srcFloat && dstFloat) {
    unsigned srcWidth = srcFloat.getWidth(), dstWidth = dstFloat.getWidth();
    if (srcWidth == dstWidth) {
      // f16 <-> bf16 goes through f32, which holds both exactly.
      Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
      return arith::TruncFOp::create(b, loc, dst, wide);
    }
    if (srcWidth < dstWidth)
      return arith::ExtFOp::create(b, loc, dst, value);
    return arith::TruncFOp::create(b, loc, dst, value);
  }
  if (srcFloat && dstInt)
    return floatToInt(b, loc, value, dstInt, isUnsignedLike(dstType));
  return nullptr;
}

std::optional<std::string> checkScalarizable(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  if (auto constant = dyn_cast<stablehlo::ConstantOp>(op)) {
    auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (elements && elements.isSplat() &&
        isSupportedElementType(elements.getElementType()))
      return std::nullopt;
    return name + " with a non-scalar value";
  }
  if (!isElementwise(op))
    return name;
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    Type elementType = getElementTypeOrSelf(type);
    if (!isSupportedElementType(elementType))
      return name + " on element type " + llvm::to_string(elementType);
  }
  Type operandType = getElementTypeOrSelf(
      op->getOperand(isa<stablehlo::SelectOp>(op) ? 1 : 0).getType());
  bool touchesComplex = llvm::any_of(
      llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()),
      [](Type type) { return isa<ComplexType>(getElementTypeOrSelf(type)); });
  if (touchesComplex)
    return isDefinedOnComplex(op)
               ? std::nullopt
               : std::optional<std::string>(name + " on complex numbers");
  if (isFloatOnly(op) && !isa<FloatType>(operandType))
    return name + " on integers";
  if (isIntegerOnly(op) && !isa<IntegerType>(operandType))
    return name + " on floats";
  if (isa<stablehlo::PowOp>(op) && operandType.isInteger(1))
    return name + " on i1";
  return std::nullopt;
}

Value emitScalarOp(OpBuilder &b, Location loc, Operation *op, ValueRange args) {
  Type resultElementType = getElementTypeOrSelf(op->getResult(0).getType());
  Type resultType = getSignlessType(resultElementType);
  Type elementType =
      op->getNumOperands() == 0
          ? resultElementType
          : elementTypeOf(op->getOperand(isa<stablehlo::SelectOp>(op) ? 1 : 0));
  bool isFloat = isa<FloatType>(elementType);
  bool isBool = elementType.isInteger(1);
  bool isUnsigned = isUnsignedLike(elementType);
  if (isa<ComplexType>(elementType))
    if (Value result = emitComplexOp(b, loc, op, args))
      return result;

  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](stablehlo::ConstantOp constant) {
        return emitScalarConstant(b, loc, constant);
      })
      .Case([&](stablehlo::AddOp) -> Value {
        if (isFloat)
          return binaryFloat<arith::AddFOp>(b, loc, args[0], args[1]);
        if (isBool)
          return arith::OrIOp::create(b, loc, args[0], args[1]);
        return arith::AddIOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::SubtractOp) -> Value {
        if (isFloat)
          return binaryFloat<arith::SubFOp>(b, loc, args[0], args[1]);
        if (isBool)
          return arith::XOrIOp::create(b, loc, args[0], args[1]);
        return arith::SubIOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::MulOp) -> Value {
        if (isFloat)
          return binaryFloat<arith::MulFOp>(b, loc, args[0], args[1]);
        if (isBool)
          return arith::AndIOp::create(b, loc, args[0], args[1]);
        return arith::MulIOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::DivOp) -> Value {
        if (isFloat)
          return binaryFloat<arith::DivFOp>(b, loc, args[0], args[1]);
        return emitIntDivRem(b, loc, args[0], args[1], isUnsigned,
                             /*isRemainder=*/false);
      })
      .Case([&](stablehlo::RemOp) -> Value {
        // arith.remf is C fmod: the result has the sign of the dividend.
        if (isFloat)
          return binaryFloat<arith::RemFOp>(b, loc, args[0], args[1]);
        return emitIntDivRem(b, loc, args[0], args[1], isUnsigned,
                             /*isRemainder=*/true);
      })
      .Case([&](stablehlo::MaxOp) {
        return emitMax(b, loc, args[0], args[1], elementType);
      })
      .Case([&](stablehlo::MinOp) {
        return emitMin(b, loc, args[0], args[1], elementType);
      })
      .Case([&](stablehlo::PowOp) -> Value {
        if (isFloat)
          return binaryFloat<math::PowFOp>(b, loc, args[0], args[1]);
        return emitIntPow(b, loc, args[0], args[1], isUnsigned);
      })
      .Case([&](stablehlo::Atan2Op) {
        return binaryFloat<math::Atan2Op>(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::AndOp) -> Value {
        return arith::AndIOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::OrOp) -> Value {
        return arith::OrIOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::XorOp) -> Value {
        return arith::XOrIOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](stablehlo::ShiftLeftOp) {
        return emitShift(b, loc, args[0], args[1], ShiftKind::Left);
      })
      .Case([&](stablehlo::ShiftRightLogicalOp) {
        return emitShift(b, loc, args[0], args[1], ShiftKind::RightLogical);
      })
      .Case([&](stablehlo::ShiftRightArithmeticOp) {
        return emitShift(b, loc, args[0], args[1], ShiftKind::RightArithmetic);
      })
      .Case([&](stablehlo::NegOp) -> Value {
        if (isFloat)
          return arith::NegFOp::create(b, loc, args[0]);
        return arith::SubIOp::create(
            b, loc, intConstant(b, loc, args[0].getType(), 0), args[0]);
      })
      .Case([&](stablehlo::AbsOp) -> Value {
        if (isFloat)
          return math::AbsFOp::create(b, loc, args[0]);
        if (isUnsigned)
          return args[0];
        return math::AbsIOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::SignOp) {
        return emitSign(b, loc, args[0], elementType);
      })
      .Case([&](stablehlo::ExpOp) {
        return unaryFloat<math::ExpOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::Expm1Op) {
        return unaryFloat<math::ExpM1Op>(b, loc, args[0]);
      })
      .Case([&](stablehlo::LogOp) {
        return unaryFloat<math::LogOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::Log1pOp) {
        return unaryFloat<math::Log1pOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::SqrtOp) {
        return unaryFloat<math::SqrtOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::RsqrtOp) {
        return unaryFloat<math::RsqrtOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::CbrtOp) {
        return unaryFloat<math::CbrtOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::TanhOp) {
        return unaryFloat<math::TanhOp>(b, loc, args[0]);
      })
      .Case(
          [&](stablehlo::LogisticOp) { return emitLogistic(b, loc, args[0]); })
      .Case([&](stablehlo::SineOp) {
        return unaryFloat<math::SinOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::CosineOp) {
        return unaryFloat<math::CosOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::TanOp) {
        return unaryFloat<math::TanOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::FloorOp) {
        return unaryFloat<math::FloorOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::CeilOp) {
        return unaryFloat<math::CeilOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::RoundNearestEvenOp) {
        return unaryFloat<math::RoundEvenOp>(b, loc, args[0]);
      })
      .Case([&](stablehlo::RoundOp) {
        // round_nearest_afz: halfway cases away from zero, as C round().
        return unaryFloat<math::RoundOp>(b, loc, args[0]);
      })
      .Case(
          [&](stablehlo::IsFiniteOp) { return emitIsFinite(b, loc, args[0]); })
      .Case([&](stablehlo::NotOp) -> Value {
        return arith::XOrIOp::create(
            b, loc, args[0], intConstant(b, loc, args[0].getType(), -1));
      })
      .Case([&](stablehlo::PopulationCountOp) -> Value {
        return math::CtPopOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::ClzOp) -> Value {
        return math::CountLeadingZerosOp::create(b, loc, args[0]);
      })
      .Case([&](stablehlo::ConvertOp) {
        return convertScalar(b, loc, args[0], elementType, resultElementType);
      })
      .Case([&](stablehlo::BitcastConvertOp) -> Value {
        if (args[0].getType() == resultType)
          return args[0];
        return fromBits(b, loc, toBits(b, loc, args[0]), resultType);
      })
      .Case([&](stablehlo::ReducePrecisionOp reduce) {
        return emitReducePrecision(b, loc, args[0], reduce.getExponentBits(),
                                   reduce.getMantissaBits());
      })
      .Case([&](stablehlo::CompareOp compare) {
        return emitCompare(b, loc, compare, args[0], args[1]);
      })
      .Case([&](stablehlo::SelectOp) -> Value {
        return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
      })
      .Case([&](stablehlo::RealOp) -> Value {
        if (isa<ComplexType>(elementType))
          return complex::ReOp::create(b, loc, args[0]);
        return args[0];
      })
      .Case([&](stablehlo::ImagOp) -> Value {
        if (isa<ComplexType>(elementType))
          return complex::ImOp::create(b, loc, args[0]);
        return floatConstant(b, loc, elementType, 0.0);
      })
      .Case([&](stablehlo::ComplexOp) -> Value {
        return complex::CreateOp::create(b, loc, resultType, args[0], args[1]);
      })
      .Case([&](stablehlo::ClampOp) -> Value {
        // clamp(min, x, max) = min(max(x, min), max).
        Value atLeastMin = emitMax(b, loc, args[1], args[0], elementType);
        return emitMin(b, loc, atLeastMin, args[2], elementType);
      })
      .Default([](Operation *) { return Value(); });
}

} // namespace disc
} // namespace mlir

FailureOr<SmallVector<Value>>
mlir::disc::emitScalarBlock(OpBuilder &b, Block &body, ValueRange arguments) {
  IRMapping mapping;
  mapping.map(body.getArguments(), arguments);
  for (Operation &bodyOp : body) {
    SmallVector<Value> operands;
    for (Value operand : bodyOp.getOperands()) {
      // Canonicalization hoists a body's constants out of it.
      if (!mapping.contains(operand)) {
        auto constant = operand.getDefiningOp<stablehlo::ConstantOp>();
        Value scalar =
            constant ? emitScalarOp(b, bodyOp.getLoc(), constant, {}) : Value();
        if (!scalar)
          return failure();
        mapping.map(operand, scalar);
      }
      operands.push_back(mapping.lookup(operand));
    }
    if (isa<stablehlo::ReturnOp>(bodyOp))
      return operands;
    Value result = emitScalarOp(b, bodyOp.getLoc(), &bodyOp, operands);
    if (!result)
      return failure();
    mapping.map(bodyOp.getResult(0), result);
  }
  return failure();
}

std::optional<std::string> mlir::disc::checkScalarBody(Operation *op,
                                                       Region &body) {
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
    if (std::optional<std::string> reason = checkScalarizable(&bodyOp))
      return name + " whose body holds " + *reason;
    for (Value operand : bodyOp.getOperands()) {
      Operation *definition = operand.getDefiningOp();
      if (operand.getParentRegion() != &body &&
          !isa_and_nonnull<stablehlo::ConstantOp>(definition))
        return name + " whose body reads a value defined outside it";
      if (definition && operand.getParentRegion() != &body)
        if (std::optional<std::string> reason = checkScalarizable(definition))
          return name + " whose body reads " + *reason;
    }
  }
  return std::nullopt;
}
