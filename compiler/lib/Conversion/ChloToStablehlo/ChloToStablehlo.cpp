//===- ChloToStablehlo.cpp - Decompose chlo ops into stablehlo ------------===//
//
// The special functions are written from their mathematics: each is a
// polynomial fitted (least squares on Chebyshev nodes, in relative error,
// against 50-digit values) on an interval where the function is smooth, put
// together with the function's identities (reflection, recurrence,
// asymptotic expansion). f32 uses coefficients fitted for f32 and computes
// in f32; f16 and bf16 compute in f32 and round once; f64 has its own,
// longer polynomials.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/ChloToStablehlo/Passes.h"

#include "disc/Dialect/HLO/DynamicShapes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

namespace mlir::disc {
#define GEN_PASS_DEF_CHLOTOSTABLEHLOPASS
#include "disc/Conversion/ChloToStablehlo/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

// Coefficients c[i] of sum c[i] * t^i, fitted by scripts that are not part
// of the build; the name says the function and interval, the suffix the
// precision it was fitted for (relative error of the polynomial itself
// below 3e-9 for F32, 2e-17 for F64).
//   kErfSmall:       erf(x) / x as a polynomial in x*x, |x| < 1.
//   kErfcxAToB:      exp(x*x) * erfc(x) in t = x - (A+B)/2, A <= x < B.
//   kErfcxTail:      x * exp(x*x) * erfc(x) in u = 1/(x*x), x >= 4 (f64).
//   kSinPi:          sin(pi x) / x as a polynomial in x*x, |x| <= 1/2.
//   kLgammaNear1:    lgamma(1+t) / t, |t| <= 1/2.
//   kLgammaNear2:    lgamma(2+t) / t, |t| <= 1/2.
//   kLgamma25To3:    lgamma(2+t) in t - 3/4, 1/2 <= t < 1.
//   kLgammaStirling: x * (lgamma(x) - ((x - 1/2) * (log(x) - 1) +
//                    log(2*pi)/2 - 1/2)) in u = 1/(x*x), x >= 8.
constexpr double kErfSmallF32[] = {
    1.128379166e+00, -3.761262557e-01, 1.128358225e-01, -2.685369110e-02,
    5.188098889e-03, -8.008189323e-04, 7.847259127e-05};
constexpr double kErfcx05To1F32[] = {
    5.069376500e-01, -3.679726926e-01, 2.309582812e-01, -1.298359789e-01,
    6.677852159e-02, -3.189714756e-02, 1.459687160e-02, -6.128608092e-03};
constexpr double kErfcx1To2F32[] = {
    3.215854164e-01,  -1.636229075e-01, 7.615104965e-02,
    -3.293145557e-02, 1.337725224e-02,  -5.138005487e-03,
    1.885317798e-03,  -7.041175851e-04, 2.331924406e-04};
constexpr double kErfcx2To4F32[] = {
    1.790011512e-01, -5.437226079e-02, 1.588437063e-02, -4.479415160e-03,
    1.223041145e-03, -3.242147708e-04, 8.355825480e-05, -2.078642934e-05,
    5.119114783e-06, -1.432109875e-06, 3.265901385e-07};
constexpr double kLgammaNear1F32[] = {
    -5.772156659e-01, 8.224670206e-01, -4.006852341e-01, 2.705819690e-01,
    -2.074117598e-01, 1.695327800e-01, -1.434191645e-01, 1.255873359e-01,
    -1.183976860e-01, 1.022818416e-01, -5.179341721e-02, 6.075992143e-02,
    -1.760237507e-01, 1.471280520e-01};
constexpr double kLgammaNear2F32[] = {
    4.227843346e-01,  3.224670182e-01,  -6.735223237e-02,
    2.058162187e-02,  -7.387154368e-03, 2.878897344e-03,
    -1.179594303e-03, 5.701855750e-04,  -2.663376208e-04};
constexpr double kLgamma25To3F32[] = {
    4.752146669e-01, 8.189010214e-01,  2.187856485e-01, -3.145197499e-02,
    6.691402712e-03, -1.702977224e-03, 4.808687164e-04};
constexpr double kLgammaStirlingF32[] = {8.333333333e-02, -2.777777031e-03,
                                         7.934099034e-04, -5.701714552e-04};
constexpr double kErfSmallF64[] = {
    1.128379167095512559e+00, -3.761263890318351510e-01,
    1.128379167094405028e-01, -2.686617064309083230e-02,
    5.223977605955976676e-03, -8.548325921832884396e-04,
    1.205529336178994145e-04, -1.492470832457150725e-05,
    1.644708427423935622e-06, -1.620596419410138779e-07,
    1.370951920738405499e-08, -7.776829137362810286e-10};
constexpr double kErfcx05To1F64[] = {
    5.069376502931448591e-01, -3.679726916557953253e-01,
    2.309581315512950206e-01, -1.298360619948870365e-01,
    6.679054252840584127e-02, -3.189726203905368651e-02,
    1.428919858536033607e-02, -6.051532320884720796e-03,
    2.437641049806326538e-03, -9.385119109929357644e-04,
    3.466640794924965153e-04, -1.233439888035080549e-04,
    4.337762896739397037e-05, -1.432087933833847922e-05};
constexpr double kErfcx1To2F64[] = {
    3.215854164543174853e-01, -1.636229177325601025e-01,
    7.615103985548044019e-02, -3.293090529955831902e-02,
    1.337734095280928952e-02, -5.145957548139715523e-03,
    1.886134885307615876e-03, -6.619300643358419110e-04,
    2.233098138981612281e-04, -7.265892963177383098e-05,
    2.286542611166324969e-05, -6.975065009823818265e-06,
    2.061719602472166923e-06, -5.952904059693456353e-07,
    1.803470199446494541e-07, -4.869699126450746805e-08};
constexpr double kErfcx2To4F64[] = {
    1.790011511813899558e-01, -5.437226000717289287e-02,
    1.588437115987130152e-02, -4.479431018371204595e-03,
    1.223039052377629344e-03, -3.241255445211582297e-04,
    8.355413962224725582e-05, -2.098946426491893368e-05,
    5.146436581784221223e-06, -1.233368575505027676e-06,
    2.892666742713803573e-07, -6.646469811007483947e-08,
    1.497754738840448771e-08, -3.316192368364981062e-09,
    7.202245608292456343e-10, -1.507967618475945479e-10,
    3.188101521064252056e-11, -8.129254629485862424e-12,
    1.613419135854318630e-12};
constexpr double kErfcxTailF64[] = {
    5.641895835477562793e-01, -2.820947917738228505e-01,
    4.231421876018687245e-01, -1.057855444273695378e+00,
    3.702488625529702926e+00, -1.666048417226639344e+01,
    9.157169535955806339e+01, -5.916850439006990428e+02,
    4.295138522696466680e+03, -3.245853833224076152e+04,
    2.276090009770489705e+05, -1.284808847412076779e+06,
    4.889229863110382110e+06, -9.060369771334340796e+06};
constexpr double kLgammaNear1F64[] = {
    -5.772156649015328655e-01, 8.224670334241133141e-01,
    -4.006856343865393688e-01, 2.705808084277234737e-01,
    -2.073855510265799340e-01, 1.695571770052588800e-01,
    -1.440498969858979295e-01, 1.255096690737481924e-01,
    -1.113342541920516321e-01, 1.000994711423722483e-01,
    -9.095439146449647849e-02, 8.335361629441660758e-02,
    -7.692478822270996941e-02, 7.143459615620598169e-02,
    -6.677627874110204920e-02, 6.250784024697644825e-02,
    -5.778923962970610589e-02, 5.527377059956371103e-02,
    -5.956394027408461189e-02, 5.301324833157953359e-02,
    -1.557185417905237144e-02, 2.736722238044152211e-02,
    -1.424354275296429995e-01, 1.080709058855204713e-01,
    1.493248770621516119e-01,  -1.057193468251047125e-01,
    -2.225254064487815209e-01, 1.921651609482573908e-01};
constexpr double kLgammaNear2F64[] = {
    4.227843350984671345e-01,  3.224670334241133141e-01,
    -6.735230105319565952e-02, 2.058080842776919758e-02,
    -7.385551028934225423e-03, 2.890510331659820048e-03,
    -1.192753901040617291e-03, 5.096694996972382609e-04,
    -2.231549767967662596e-04, 9.945788292753753967e-05,
    -4.492373325816004519e-05, 2.050400815528209220e-05,
    -9.456261561004689384e-06, 4.391518086342829780e-06,
    -1.974377116455833847e-06, 9.044859521031590324e-07,
    -5.810612806693221270e-07, 2.933859314132822695e-07};
constexpr double kLgamma25To3F64[] = {
    4.752146669149371339e-01, 8.189010249754326010e-01,
    2.187856288244650615e-01, -3.145243883856290584e-02,
    6.692338645458650870e-03, -1.687962276452080945e-03,
    4.677898308419161841e-04, -1.374955827755315922e-04,
    4.204503832942807289e-05, -1.321994135455593920e-05,
    4.242264525275554198e-06, -1.415509891704608409e-06,
    4.770681551622719785e-07};
constexpr double kLgammaStirlingF64[] = {
    8.333333333333332871e-02, -2.777777777774043458e-03,
    7.936507897934651310e-04, -5.952365956698031603e-04,
    8.414714586724685984e-04, -1.890460920909470700e-03,
    5.067564237329197190e-03};

constexpr double kErfcx4To7F32[] = {
    1.009622186e-01, -1.779476455e-02, 3.091008039e-03, -5.294641930e-04,
    8.949688311e-05, -1.492850499e-05, 2.439490777e-06, -3.982695749e-07,
    7.428197678e-08, -1.157399344e-08};
constexpr double kErfcx7To10F32[] = {
    6.516863810e-02,  -7.478591326e-03, 8.527502635e-04,
    -9.662791242e-05, 1.088159488e-05,  -1.215911619e-06,
    1.353759979e-07,  -1.607741581e-08, 1.751944842e-09};
constexpr double kSinPiF32[] = {3.141592654e+00, -5.167712762e+00,
                                2.550163239e+00, -5.992513182e-01,
                                8.204642605e-02, -7.022080937e-03};
constexpr double kSinPiF64[] = {
    3.141592653589793116e+00, -5.167712780049969368e+00,
    2.550164039877294009e+00, -5.992645293187368605e-01,
    8.214588656987073523e-02, -7.370430478578422415e-03,
    4.662996879148879111e-04, -2.190318333528107941e-05,
    7.694706725679123208e-07};

// Giles, "Approximating the erfinv function" (GPU Computing Gems, 2011):
// erfinv(x) = x * p(w), w = -log((1-x)(1+x)), single-precision fits in
// w - 5/2 for w < 5 and in sqrt(w) - 3 beyond.
constexpr double kErfInvCentral[] = {
    1.50140941,     0.246640727,    -0.00417768164,
    -0.00125372503, 0.00021858087,  -4.39150654e-06,
    -3.5233877e-06, 3.43273939e-07, 2.81022636e-08};
constexpr double kErfInvTail[] = {
    2.83297682,    1.00167406,     0.00943887047,
    -0.0076224613, 0.00573950773,  -0.00367342844,
    0.00134934322, 0.000100950558, -0.000200214257};

constexpr double kPi = 3.14159265358979323846;
constexpr double kLn2 = 0.693147180559945309417;

/// Builds stablehlo ops elementwise on tensors of the shape of `like`, with
/// scalars broadcast to that shape, in one floating-point type.
class Math {
public:
  Math(ImplicitLocOpBuilder &b, Value like, Type elementType)
      : b(b), like(like),
        shape(cast<RankedTensorType>(like.getType()).getShape()),
        elementType(elementType) {}

  bool isF64() const { return elementType.isF64(); }
  RankedTensorType typeOf(Type element) const {
    return RankedTensorType::get(shape, element);
  }
  RankedTensorType type() const { return typeOf(elementType); }
  Type intType() const {
    return b.getIntegerType(elementType.getIntOrFloatBitWidth());
  }

  /// A scalar constant broadcast to the shape; for a dynamic shape, to the
  /// run-time shape of `like`.
  Value splat(TypedAttr scalar) {
    auto scalarType = RankedTensorType::get({}, scalar.getType());
    Value value = stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(scalarType, ArrayRef<Attribute>(scalar)));
    RankedTensorType resultType = typeOf(scalar.getType());
    Value shape =
        resultType.hasStaticShape() ? Value() : disc::getShapeOf(b, like);
    return disc::broadcastInDim(b, value, resultType, shape, {});
  }
  Value cst(double value) { return splat(b.getFloatAttr(elementType, value)); }
  Value intCst(const APInt &value) {
    return splat(b.getIntegerAttr(intType(), value));
  }
  Value intCst(int64_t value) {
    return intCst(APInt(intType().getIntOrFloatBitWidth(), value,
                        /*isSigned=*/true));
  }

  Value add(Value x, Value y) {
    return stablehlo::AddOp::create(b, x.getType(), x, y);
  }
  Value sub(Value x, Value y) {
    return stablehlo::SubtractOp::create(b, x.getType(), x, y);
  }
  Value mul(Value x, Value y) {
    return stablehlo::MulOp::create(b, x.getType(), x, y);
  }
  Value div(Value x, Value y) {
    return stablehlo::DivOp::create(b, x.getType(), x, y);
  }
  Value neg(Value x) { return stablehlo::NegOp::create(b, x.getType(), x); }
  Value abs(Value x) { return stablehlo::AbsOp::create(b, x.getType(), x); }
  Value exp(Value x) { return stablehlo::ExpOp::create(b, x.getType(), x); }
  Value expm1(Value x) { return stablehlo::Expm1Op::create(b, x.getType(), x); }
  Value log(Value x) { return stablehlo::LogOp::create(b, x.getType(), x); }
  /// log that also holds for f32 subnormals, which f32 log's approximation
  /// does not take: those are scaled by 2^64 first.
  Value logOfTiny(Value x) {
    if (isF64())
      return log(x);
    Value scaled = sub(log(mul(x, cst(0x1p64))), cst(64 * kLn2));
    return select(lt(x, 0x1p-100), scaled, log(x));
  }
  Value log1p(Value x) { return stablehlo::Log1pOp::create(b, x.getType(), x); }
  Value sqrt(Value x) { return stablehlo::SqrtOp::create(b, x.getType(), x); }
  Value floor(Value x) { return stablehlo::FloorOp::create(b, x.getType(), x); }
  Value cosine(Value x) {
    return stablehlo::CosineOp::create(b, x.getType(), x);
  }
  Value roundEven(Value x) {
    return stablehlo::RoundNearestEvenOp::create(b, x.getType(), x);
  }
  Value atan2(Value y, Value x) {
    return stablehlo::Atan2Op::create(b, y.getType(), y, x);
  }
  Value select(Value pred, Value x, Value y) {
    return stablehlo::SelectOp::create(b, x.getType(), pred, x, y);
  }
  Value cmp(stablehlo::ComparisonDirection direction, Value x, Value y) {
    return stablehlo::CompareOp::create(b, typeOf(b.getI1Type()), x, y,
                                        direction, nullptr);
  }
  Value lt(Value x, Value y) {
    return cmp(stablehlo::ComparisonDirection::LT, x, y);
  }
  Value gt(Value x, Value y) {
    return cmp(stablehlo::ComparisonDirection::GT, x, y);
  }
  Value eq(Value x, Value y) {
    return cmp(stablehlo::ComparisonDirection::EQ, x, y);
  }
  Value lt(Value x, double y) { return lt(x, cst(y)); }
  Value gt(Value x, double y) { return gt(x, cst(y)); }
  Value eq(Value x, double y) { return eq(x, cst(y)); }
  Value bitsOf(Value x) {
    return stablehlo::BitcastConvertOp::create(b, typeOf(intType()), x);
  }
  Value fromBits(Value x) {
    return stablehlo::BitcastConvertOp::create(b, type(), x);
  }
  /// -x where x < 0: the sign of x on a non-negative magnitude.
  Value withSignOf(Value x, Value magnitude) {
    return select(lt(x, 0.0), neg(magnitude), magnitude);
  }

  /// sum c[i] * t^i by Horner's rule, with the F32 or F64 coefficients.
  Value poly(Value t, ArrayRef<double> f32, ArrayRef<double> f64) {
    ArrayRef<double> coefficients = isF64() ? f64 : f32;
    Value sum = cst(coefficients.back());
    for (double c : llvm::reverse(coefficients.drop_back()))
      sum = add(mul(sum, t), cst(c));
    return sum;
  }
  Value poly(Value t, ArrayRef<double> coefficients) {
    return poly(t, coefficients, coefficients);
  }

  //===--------------------------------------------------------------------===//
  // erf and erfc
  //===--------------------------------------------------------------------===//

  /// erf(x) for |x| < 1.
  Value erfSmall(Value x) {
    return mul(x, poly(mul(x, x), kErfSmallF32, kErfSmallF64));
  }

  /// erfc(a) for a >= 1/2 (any a >= 0 is computed, the result is meant for
  /// those): exp(-a*a) times exp(a*a) * erfc(a), with a*a split exactly into
  /// hi*hi + lo*(a+hi) (hi: a's leading 12 bits, 26 for f64) so that the
  /// rounding of a*a does not reach the result. Where exp(-hi*hi) would be
  /// subnormal it is taken as the square of exp(-hi*hi/2), so that the
  /// result is rounded once into the subnormal range.
  Value erfcPositive(Value a) {
    Value scaled = poly(sub(a, cst(0.75)), kErfcx05To1F32, kErfcx05To1F64);
    scaled = select(lt(a, 1.0), scaled,
                    poly(sub(a, cst(1.5)), kErfcx1To2F32, kErfcx1To2F64));
    // For f32, two polynomials in x up to where erfc underflows round
    // better than one in 1/(x*x) and a division.
    Value tail;
    if (isF64()) {
      Value inverse = div(cst(1.0), a);
      tail = mul(poly(mul(inverse, inverse), kErfcxTailF64), inverse);
    } else {
      tail = select(lt(a, 7.0), poly(sub(a, cst(5.5)), kErfcx4To7F32),
                    poly(sub(a, cst(8.6)), kErfcx7To10F32));
    }
    scaled = select(lt(a, 2.0), scaled,
                    select(lt(a, 4.0),
                           poly(sub(a, cst(3.0)), kErfcx2To4F32, kErfcx2To4F64),
                           tail));

    int64_t lowBits = isF64() ? 27 : 12;
    Value hi = fromBits(
        stablehlo::AndOp::create(b, typeOf(intType()), bitsOf(a),
                                 intCst(~((int64_t(1) << lowBits) - 1))));
    Value lo = sub(a, hi);
    Value hiSquare = mul(hi, hi);
    // exp(-lo*(a+hi)) * scaled, as scaled + scaled * expm1(..): the small
    // exponent's factor then adds no rounding of its own.
    Value rest = add(scaled, mul(scaled, expm1(neg(mul(lo, add(a, hi))))));
    Value normal = mul(exp(neg(hiSquare)), rest);
    Value half = exp(neg(mul(hiSquare, cst(0.5))));
    Value tiny = mul(half, mul(half, rest));
    Value result = select(lt(hiSquare, isF64() ? 700.0 : 80.0), normal, tiny);
    // Past where erfc underflows; also keeps inf - inf out of lo.
    return select(gt(a, isF64() ? 27.5 : 10.1), cst(0.0), result);
  }

  Value erf(Value x) {
    Value a = abs(x);
    Value large = withSignOf(x, sub(cst(1.0), erfcPositive(a)));
    return select(lt(a, 1.0), erfSmall(x), large);
  }

  Value erfc(Value x) {
    Value a = abs(x);
    Value positive = erfcPositive(a);
    Value large = select(lt(x, 0.0), sub(cst(2.0), positive), positive);
    return select(lt(a, 0.5), sub(cst(1.0), erfSmall(x)), large);
  }

  /// Giles' single-precision erfinv; for f64, Newton steps from it: on erf
  /// near zero, and towards +-1 on log(erfc(|x|)) against log(1 - |y|)
  /// (1 - |y| exact), which converges from the f32 formula's extrapolation
  /// out to 1 - 2^-53 where plain Newton on erfc crawls.
  Value erfInv(Value y) {
    Value w = neg(log(mul(sub(cst(1.0), y), add(cst(1.0), y))));
    Value central = poly(sub(w, cst(2.5)), kErfInvCentral);
    Value tail = poly(sub(sqrt(w), cst(3.0)), kErfInvTail);
    Value x = mul(select(lt(w, 5.0), central, tail), y);
    if (isF64()) {
      Value ay = abs(y);
      Value nearOne = gt(ay, 0.5);
      Value logComplement = log(sub(cst(1.0), ay));
      for (int step = 0; step < 5; ++step) {
        Value ax = abs(x);
        Value slope = mul(cst(2.0 / std::sqrt(kPi)), exp(neg(mul(x, x))));
        Value central = sub(x, div(sub(erf(x), y), slope));
        Value complement = erfcPositive(ax);
        Value next =
            add(ax, div(mul(sub(log(complement), logComplement), complement),
                        slope));
        // erfc underflows past 27: keep the iterate where it is finite.
        next = stablehlo::ClampOp::create(b, next.getType(), cst(0.0), next,
                                          cst(27.0));
        x = select(nearOne, withSignOf(y, next), central);
      }
    }
    Value infinity = cst(std::numeric_limits<double>::infinity());
    return select(eq(abs(y), 1.0), mul(y, infinity), x);
  }

  //===--------------------------------------------------------------------===//
  // lgamma and digamma
  //===--------------------------------------------------------------------===//

  /// lgamma(y) for y > 0: polynomials around 1 and 2 (where lgamma is zero),
  /// the recurrence lgamma(y) = lgamma(f+2) + log((f+2)...(y-1)) onto
  /// [2, 3) below 8, Stirling's series from 8.
  Value lgammaPositive(Value y) {
    Value nearOne = sub(y, cst(1.0));
    Value nearTwo = sub(y, cst(2.0));
    Value belowHalf =
        sub(mul(poly(y, kLgammaNear1F32, kLgammaNear1F64), y), logOfTiny(y));
    Value aroundOne =
        mul(nearOne, poly(nearOne, kLgammaNear1F32, kLgammaNear1F64));
    Value aroundTwo =
        mul(nearTwo, poly(nearTwo, kLgammaNear2F32, kLgammaNear2F64));

    Value whole = floor(y);
    Value fraction = sub(y, whole);
    Value base = select(
        lt(fraction, 0.5),
        mul(fraction, poly(fraction, kLgammaNear2F32, kLgammaNear2F64)),
        poly(sub(fraction, cst(0.75)), kLgamma25To3F32, kLgamma25To3F64));
    Value product = cst(1.0);
    for (int k = 2; k <= 6; ++k)
      product = mul(product, select(gt(whole, double(k)), add(fraction, cst(k)),
                                    cst(1.0)));
    Value belowEight = add(base, log(product));

    Value inverse = div(cst(1.0), y);
    Value stirling =
        add(add(mul(sub(y, cst(0.5)), sub(log(y), cst(1.0))),
                cst(0.5 * std::log(2 * kPi) - 0.5)),
            mul(inverse, poly(mul(inverse, inverse), kLgammaStirlingF32,
                              kLgammaStirlingF64)));
    return select(lt(y, 0.5), belowHalf,
                  select(lt(y, 1.5), aroundOne,
                         select(lt(y, 2.0), aroundTwo,
                                select(lt(y, 8.0), belowEight, stirling))));
  }

  /// x - round(x), in [-1/2, 1/2], exact: sin(pi x) and cos(pi x) from it
  /// keep their precision for large x.
  Value reduceHalfPeriod(Value x) { return sub(x, roundEven(x)); }

  /// sin(pi r) for |r| <= 1/2, to full relative precision near zero (where
  /// sine's own approximation is accurate only absolutely).
  Value sinPi(Value r) { return mul(r, poly(mul(r, r), kSinPiF32, kSinPiF64)); }

  /// lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x) for x < 0.
  Value lgamma(Value x) {
    Value negative = lt(x, 0.0);
    Value positive = lgammaPositive(select(negative, sub(cst(1.0), x), x));
    Value sinPi = abs(this->sinPi(reduceHalfPeriod(x)));
    Value infinity = cst(std::numeric_limits<double>::infinity());
    Value reflected =
        select(eq(sinPi, 0.0), infinity,
               sub(sub(cst(std::log(kPi)), logOfTiny(sinPi)), positive));
    Value result = select(negative, reflected, positive);
    return select(eq(abs(x), std::numeric_limits<double>::infinity()), infinity,
                  result);
  }

  /// digamma(y) for y > 0: up by the recurrence psi(y) = psi(y+1) - 1/y
  /// until y >= 10, then the asymptotic series.
  Value digammaPositive(Value y) {
    constexpr double kStart = 10.0;
    Value sum = cst(0.0);
    for (int step = 0; step < int(kStart); ++step) {
      Value below = lt(y, kStart);
      sum = add(sum, select(below, div(cst(1.0), y), cst(0.0)));
      y = select(below, add(y, cst(1.0)), y);
    }
    Value inverse = div(cst(1.0), y);
    Value w = mul(inverse, inverse);
    // sum of B_2k / (2k y^2k), k = 1..7.
    Value series = poly(w, {0.0, 1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240,
                            1.0 / 132, -691.0 / 32760, 1.0 / 12});
    return sub(sub(sub(log(y), mul(cst(0.5), inverse)), series), sum);
  }

  /// psi(x) = psi(1 - x) - pi / tan(pi x) for x < 0; NaN at the poles.
  Value digamma(Value x) {
    Value negative = lt(x, 0.0);
    Value positive = digammaPositive(select(negative, sub(cst(1.0), x), x));
    Value r = reduceHalfPeriod(x);
    Value reflected =
        sub(positive, div(mul(cst(kPi), cosine(mul(cst(kPi), r))), sinPi(r)));
    Value result = select(negative, reflected, positive);
    Value pole = stablehlo::AndOp::create(
        b, typeOf(b.getI1Type()),
        cmp(stablehlo::ComparisonDirection::LE, x, cst(0.0)), eq(x, floor(x)));
    return select(pole, cst(std::nan("")), result);
  }

  //===--------------------------------------------------------------------===//
  // Hyperbolic and inverse trigonometric functions
  //===--------------------------------------------------------------------===//

  /// exp(a) for a past exp's overflow whose halves still square finitely.
  Value expLarge(Value a) {
    Value half = exp(mul(a, cst(0.5)));
    return mul(mul(half, cst(0.5)), half);
  }
  double overflowThreshold() const { return isF64() ? 709.0 : 88.0; }

  /// (e^a - e^-a) / 2 = (t + t / (t + 1)) / 2 with t = expm1(a): exact
  /// near zero.
  Value sinh(Value x) {
    Value a = abs(x);
    Value t = expm1(a);
    Value moderate = mul(cst(0.5), add(t, div(t, add(t, cst(1.0)))));
    return withSignOf(
        x, select(lt(a, overflowThreshold()), moderate, expLarge(a)));
  }

  Value cosh(Value x) {
    Value a = abs(x);
    Value e = exp(a);
    Value moderate = mul(cst(0.5), add(e, div(cst(1.0), e)));
    return select(lt(a, overflowThreshold()), moderate, expLarge(a));
  }

  /// (1 - x)(1 + x) = 1 - x*x without cancellation near |x| = 1.
  Value oneMinusSquare(Value x) {
    return mul(sub(cst(1.0), x), add(cst(1.0), x));
  }

  Value asin(Value x) {
    return mul(cst(2.0), atan2(x, add(cst(1.0), sqrt(oneMinusSquare(x)))));
  }

  Value acos(Value x) {
    Value result =
        mul(cst(2.0), atan2(sqrt(oneMinusSquare(x)), add(cst(1.0), x)));
    return select(eq(x, -1.0), cst(kPi), result);
  }

  Value atan(Value x) { return atan2(x, cst(1.0)); }

  /// Where log(2a) is asinh(a) and acosh(a) to the last bit.
  double largeArgument() const { return isF64() ? 0x1p27 : 0x1p12; }

  Value asinh(Value x) {
    Value a = abs(x);
    Value square = mul(a, a);
    Value moderate =
        log1p(add(a, div(square, add(cst(1.0), sqrt(add(cst(1.0), square))))));
    Value large = add(log(a), cst(kLn2));
    return withSignOf(x, select(gt(a, largeArgument()), large, moderate));
  }

  /// log1p(t + sqrt(t (t + 2))), t = x - 1 (exact near 1).
  Value acosh(Value x) {
    Value t = sub(x, cst(1.0));
    Value moderate = log1p(add(t, sqrt(mul(t, add(t, cst(2.0))))));
    Value large = add(log(x), cst(kLn2));
    Value result = select(gt(x, largeArgument()), large, moderate);
    return select(lt(x, 1.0), cst(std::nan("")), result);
  }

  /// log((1 + a) / (1 - a)) / 2 = log1p(2a / (1 - a)) / 2 on a = |x|: the
  /// argument of log1p stays positive, away from log1p's cancellation at -1.
  Value atanh(Value x) {
    Value a = abs(x);
    return withSignOf(
        x, mul(cst(0.5), log1p(div(mul(cst(2.0), a), sub(cst(1.0), a)))));
  }

  /// The next representable value after x towards y, on the bits.
  Value nextAfter(Value x, Value y) {
    Value bits = bitsOf(x);
    auto intTensor = typeOf(intType());
    Value up = eq(lt(x, y), gt(x, 0.0));
    Value step = select(up, intCst(1), intCst(-1));
    Value moved = fromBits(stablehlo::AddOp::create(b, intTensor, bits, step));
    int64_t width = elementType.getIntOrFloatBitWidth();
    Value signMask = intCst(APInt::getSignMask(width));
    Value smallest = fromBits(stablehlo::OrOp::create(
        b, intTensor,
        stablehlo::AndOp::create(b, intTensor, bitsOf(y), signMask),
        intCst(1)));
    Value result = select(eq(x, 0.0), smallest, moved);
    result = select(eq(x, y), y, result);
    Value unordered = stablehlo::OrOp::create(
        b, typeOf(b.getI1Type()), cmp(stablehlo::ComparisonDirection::NE, x, x),
        cmp(stablehlo::ComparisonDirection::NE, y, y));
    return select(unordered, add(x, y), result);
  }

private:
  ImplicitLocOpBuilder &b;
  Value like;
  ArrayRef<int64_t> shape;
  Type elementType;
};

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// f16 and bf16 are computed in f32; other float types have no formulas.
std::optional<Type> getComputeType(Type elementType) {
  if (elementType.isF32() || elementType.isF64())
    return elementType;
  if (elementType.isF16() || elementType.isBF16())
    return Float32Type::get(elementType.getContext());
  return std::nullopt;
}

/// Replaces a float op by what `compute` builds from its operands, in the
/// compute type of its element type.
LogicalResult
rewriteFloatOp(Operation *op, PatternRewriter &rewriter,
               function_ref<Value(Math &, ArrayRef<Value>)> compute) {
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<Type> computeType = getComputeType(
      cast<RankedTensorType>(op->getOperand(0).getType()).getElementType());
  if (!computeType)
    return rewriter.notifyMatchFailure(op, "no formula for this element type");
  ImplicitLocOpBuilder b(op->getLoc(), rewriter);
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (type.getElementType() != *computeType)
      operand =
          stablehlo::ConvertOp::create(b, type.clone(*computeType), operand);
    operands.push_back(operand);
  }
  Math math(b, operands.front(), *computeType);
  Value result = compute(math, operands);
  if (result.getType() != resultType)
    result = stablehlo::ConvertOp::create(b, resultType, result);
  rewriter.replaceOp(op, result);
  return success();
}

/// Each operand of a broadcasting op broadcast to the result's shape.
SmallVector<Value>
broadcastOperands(ImplicitLocOpBuilder &b, Operation *op,
                  std::optional<ArrayRef<int64_t>> broadcastDimensions) {
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = resultType.getRank();
  Value shape;
  if (!resultType.hasStaticShape()) {
    // Each dynamic result size is the largest of the operand sizes mapped
    // onto it (the others are 1).
    auto sizeType = RankedTensorType::get({1}, b.getI32Type());
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value size;
      if (!resultType.isDynamicDim(dim)) {
        size = stablehlo::ConstantOp::create(
            b, DenseElementsAttr::get(sizeType,
                                      int32_t(resultType.getDimSize(dim))));
        sizes.push_back(size);
        continue;
      }
      for (Value operand : op->getOperands()) {
        auto type = cast<RankedTensorType>(operand.getType());
        SmallVector<int64_t> dims = chlo::getOperandToResultDims(
            type.getRank(), rank, broadcastDimensions);
        for (auto [operandDim, resultDim] : llvm::enumerate(dims)) {
          if (resultDim != dim || type.getDimSize(operandDim) == 1)
            continue;
          Value operandSize = stablehlo::ReshapeOp::create(
              b, sizeType,
              stablehlo::GetDimensionSizeOp::create(
                  b, RankedTensorType::get({}, b.getI32Type()), operand,
                  operandDim));
          size = size ? stablehlo::MaxOp::create(b, sizeType, size, operandSize)
                      : operandSize;
        }
      }
      if (!size)
        size = stablehlo::ConstantOp::create(
            b, DenseElementsAttr::get(sizeType, int32_t(1)));
      sizes.push_back(size);
    }
    auto shapeType = RankedTensorType::get({rank}, b.getI32Type());
    shape = sizes.size() == 1
                ? sizes.front()
                : stablehlo::ConcatenateOp::create(b, shapeType, sizes, 0);
  }
  SmallVector<Value> broadcast;
  for (Value operand : op->getOperands()) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (type.getShape() == resultType.getShape() && type.hasStaticShape()) {
      broadcast.push_back(operand);
      continue;
    }
    SmallVector<int64_t> dims =
        chlo::getOperandToResultDims(type.getRank(), rank, broadcastDimensions);
    RankedTensorType target = resultType.clone(type.getElementType());
    if (shape)
      broadcast.push_back(stablehlo::DynamicBroadcastInDimOp::create(
          b, target, operand, shape, dims, nullptr, nullptr));
    else
      broadcast.push_back(
          stablehlo::BroadcastInDimOp::create(b, target, operand, dims));
  }
  return broadcast;
}

/// `chlo.broadcast_X` as `NAME` on the broadcast operands.
LogicalResult rewriteBroadcastOp(Operation *op, PatternRewriter &rewriter,
                                 StringRef name,
                                 ArrayRef<NamedAttribute> attributes = {}) {
  ImplicitLocOpBuilder b(op->getLoc(), rewriter);
  std::optional<ArrayRef<int64_t>> dims;
  if (Attribute attr = op->getAttr("broadcast_dimensions"))
    dims = hlo::getI64ArrayAttr(attr).asArrayRef();
  SmallVector<Value> operands = broadcastOperands(b, op, dims);
  OperationState state(op->getLoc(), name);
  state.addOperands(operands);
  state.addTypes(op->getResultTypes());
  state.addAttributes(attributes);
  rewriter.replaceOp(op, b.create(state)->getResults());
  return success();
}

/// The smallest value in the order top_k sorts by: for floats the total
/// order's (a NaN with the sign and every payload bit set).
TypedAttr getLowest(Type elementType) {
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return FloatAttr::get(
        floatType,
        APFloat(floatType.getFloatSemantics(),
                APInt::getAllOnes(floatType.getIntOrFloatBitWidth())));
  auto intType = cast<IntegerType>(elementType);
  unsigned width = intType.getWidth();
  return IntegerAttr::get(intType, intType.isUnsigned()
                                       ? APInt::getZero(width)
                                       : APInt::getSignedMinValue(width));
}

/// top_k as k steps of a while loop; each takes the largest entry left in
/// every row (the first of equal ones) with a reduce over the row, writes
/// it to the step's column of the results and puts the lowest value and an
/// index past the row in its place.
LogicalResult rewriteTopK(chlo::TopKOp op, PatternRewriter &rewriter) {
  auto operandType = cast<RankedTensorType>(op.getOperand().getType());
  auto valuesType = cast<RankedTensorType>(op.getValues().getType());
  auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
  Type elementType = operandType.getElementType();
  Type indexType = indicesType.getElementType();
  if (!operandType.hasStaticShape() || !valuesType.hasStaticShape() ||
      !indicesType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "dynamic shapes");
  if (!isa<FloatType>(elementType) &&
      !(isa<IntegerType>(elementType) && !elementType.isInteger(1)))
    return rewriter.notifyMatchFailure(op, "element type");
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  int64_t rank = operandType.getRank();
  int64_t rowSize = operandType.getShape().back();
  auto scalarOf = [](Type type) { return RankedTensorType::get({}, type); };
  auto constant = [&](TypedAttr scalar) -> Value {
    return stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(scalarOf(scalar.getType()),
                                  ArrayRef<Attribute>(scalar)));
  };
  auto fill = [&](RankedTensorType type, TypedAttr scalar) -> Value {
    return stablehlo::BroadcastInDimOp::create(b, type, constant(scalar),
                                               ArrayRef<int64_t>{});
  };
  TypedAttr lowest = getLowest(elementType);
  TypedAttr pastRow = b.getIntegerAttr(indexType, rowSize);
  auto indexTensorType = operandType.clone(indexType);
  Value indices = stablehlo::IotaOp::create(b, indexTensorType, rank - 1);
  Value step = constant(b.getI32IntegerAttr(0));
  SmallVector<Value> init = {op.getOperand(), indices, fill(valuesType, lowest),
                             fill(indicesType, b.getIntegerAttr(indexType, 0)),
                             step};
  SmallVector<Type> types =
      llvm::map_to_vector(init, [](Value value) { return value.getType(); });
  auto loop = stablehlo::WhileOp::create(b, types, init);
  SmallVector<Location> locations(types.size(), op.getLoc());
  auto compareType = [&](Type type) {
    return stablehlo::ComparisonTypeAttr::get(
        b.getContext(),
        isa<FloatType>(type)       ? stablehlo::ComparisonType::TOTALORDER
        : type.isUnsignedInteger() ? stablehlo::ComparisonType::UNSIGNED
                                   : stablehlo::ComparisonType::SIGNED);
  };
  auto predOf = [&](Type type) {
    return cast<RankedTensorType>(type).clone(b.getI1Type());
  };
  {
    Block *cond = b.createBlock(&loop.getCond(), {}, types, locations);
    Value k = constant(b.getI32IntegerAttr(op.getK()));
    Value more = stablehlo::CompareOp::create(
        b, predOf(k.getType()), cond->getArgument(4), k,
        stablehlo::ComparisonDirection::LT, nullptr);
    stablehlo::ReturnOp::create(b, more);
  }
  Block *body = b.createBlock(&loop.getBody(), {}, types, locations);
  Value rest = body->getArgument(0), restIndices = body->getArgument(1);
  Value values = body->getArgument(2), valueIndices = body->getArgument(3);
  Value current = body->getArgument(4);
  SmallVector<int64_t> rowShape(operandType.getShape().drop_back());
  auto reduce = stablehlo::ReduceOp::create(
      b,
      TypeRange{RankedTensorType::get(rowShape, elementType),
                RankedTensorType::get(rowShape, indexType)},
      ValueRange{rest, restIndices},
      ValueRange{constant(lowest), constant(pastRow)},
      ArrayRef<int64_t>{rank - 1});
  {
    OpBuilder::InsertionGuard guard(b);
    Type valueType = scalarOf(elementType), indexScalar = scalarOf(indexType);
    Block *reducer = b.createBlock(
        &reduce.getBody(), {}, {valueType, indexScalar, valueType, indexScalar},
        SmallVector<Location>(4, op.getLoc()));
    Value lhs = reducer->getArgument(0), lhsIndex = reducer->getArgument(1);
    Value rhs = reducer->getArgument(2), rhsIndex = reducer->getArgument(3);
    Type pred = scalarOf(b.getI1Type());
    Value greater = stablehlo::CompareOp::create(
        b, pred, lhs, rhs, stablehlo::ComparisonDirection::GT,
        compareType(elementType));
    Value equal = stablehlo::CompareOp::create(
        b, pred, lhs, rhs, stablehlo::ComparisonDirection::EQ,
        compareType(elementType));
    Value first = stablehlo::CompareOp::create(
        b, pred, lhsIndex, rhsIndex, stablehlo::ComparisonDirection::LT,
        compareType(indexType));
    Value pickLhs = stablehlo::OrOp::create(
        b, pred, greater, stablehlo::AndOp::create(b, pred, equal, first));
    stablehlo::ReturnOp::create(
        b,
        ValueRange{stablehlo::SelectOp::create(b, valueType, pickLhs, lhs, rhs),
                   stablehlo::SelectOp::create(b, indexScalar, pickLhs,
                                               lhsIndex, rhsIndex)});
  }
  SmallVector<int64_t> columnShape(rowShape);
  columnShape.push_back(1);
  Value zero = constant(b.getI32IntegerAttr(0));
  SmallVector<Value> starts(rank - 1, zero);
  starts.push_back(current);
  Value newValues = stablehlo::DynamicUpdateSliceOp::create(
      b, values.getType(), values,
      stablehlo::ReshapeOp::create(
          b, RankedTensorType::get(columnShape, elementType),
          reduce.getResult(0)),
      starts);
  Value newIndices = stablehlo::DynamicUpdateSliceOp::create(
      b, valueIndices.getType(), valueIndices,
      stablehlo::ReshapeOp::create(
          b, RankedTensorType::get(columnShape, indexType),
          reduce.getResult(1)),
      starts);
  Value picked = stablehlo::BroadcastInDimOp::create(
      b, indexTensorType, reduce.getResult(1),
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 1)));
  Value taken = stablehlo::CompareOp::create(
      b, predOf(indexTensorType), restIndices, picked,
      stablehlo::ComparisonDirection::EQ, nullptr);
  Value newRest = stablehlo::SelectOp::create(b, operandType, taken,
                                              fill(operandType, lowest), rest);
  Value newRestIndices = stablehlo::SelectOp::create(
      b, indexTensorType, taken, fill(indexTensorType, pastRow), restIndices);
  Value next = stablehlo::AddOp::create(b, current.getType(), current,
                                        constant(b.getI32IntegerAttr(1)));
  stablehlo::ReturnOp::create(
      b, ValueRange{newRest, newRestIndices, newValues, newIndices, next});
  rewriter.replaceOp(op, {loop.getResult(2), loop.getResult(3)});
  return success();
}

template <typename ChloOp>
LogicalResult rewriteUnary(Operation *op, PatternRewriter &rewriter,
                           Value (Math::*compute)(Value)) {
  return rewriteFloatOp(op, rewriter,
                        [&](Math &math, ArrayRef<Value> operands) {
                          return (math.*compute)(operands[0]);
                        });
}

template <typename EnumT>
stablehlo::ComparisonDirectionAttr convertDirection(MLIRContext *context,
                                                    EnumT direction) {
  return stablehlo::ComparisonDirectionAttr::get(
      context, static_cast<stablehlo::ComparisonDirection>(direction));
}

LogicalResult decompose(Operation *op, PatternRewriter &rewriter) {
  MLIRContext *context = op->getContext();
  auto replaceWith = [&](StringRef name, ValueRange operands,
                         ArrayRef<NamedAttribute> attributes = {}) {
    OperationState state(op->getLoc(), name);
    state.addOperands(operands);
    state.addTypes(op->getResultTypes());
    state.addAttributes(attributes);
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](chlo::ErfOp) {
        return rewriteUnary<chlo::ErfOp>(op, rewriter, &Math::erf);
      })
      .Case([&](chlo::ErfcOp) {
        return rewriteUnary<chlo::ErfcOp>(op, rewriter, &Math::erfc);
      })
      .Case([&](chlo::ErfInvOp) {
        return rewriteUnary<chlo::ErfInvOp>(op, rewriter, &Math::erfInv);
      })
      .Case([&](chlo::LgammaOp) {
        return rewriteUnary<chlo::LgammaOp>(op, rewriter, &Math::lgamma);
      })
      .Case([&](chlo::DigammaOp) {
        return rewriteUnary<chlo::DigammaOp>(op, rewriter, &Math::digamma);
      })
      .Case([&](chlo::SinhOp) {
        return rewriteUnary<chlo::SinhOp>(op, rewriter, &Math::sinh);
      })
      .Case([&](chlo::CoshOp) {
        return rewriteUnary<chlo::CoshOp>(op, rewriter, &Math::cosh);
      })
      .Case([&](chlo::AsinOp) {
        return rewriteUnary<chlo::AsinOp>(op, rewriter, &Math::asin);
      })
      .Case([&](chlo::AcosOp) {
        return rewriteUnary<chlo::AcosOp>(op, rewriter, &Math::acos);
      })
      .Case([&](chlo::AtanOp) {
        return rewriteUnary<chlo::AtanOp>(op, rewriter, &Math::atan);
      })
      .Case([&](chlo::AsinhOp) {
        return rewriteUnary<chlo::AsinhOp>(op, rewriter, &Math::asinh);
      })
      .Case([&](chlo::AcoshOp) {
        return rewriteUnary<chlo::AcoshOp>(op, rewriter, &Math::acosh);
      })
      .Case([&](chlo::AtanhOp) {
        return rewriteUnary<chlo::AtanhOp>(op, rewriter, &Math::atanh);
      })
      .Case([&](chlo::TanOp) {
        return replaceWith("stablehlo.tan", op->getOperands());
      })
      .Case([&](chlo::SquareOp) {
        return replaceWith("stablehlo.multiply",
                           {op->getOperand(0), op->getOperand(0)});
      })
      .Case([&](chlo::ConjOp conj) -> LogicalResult {
        Value x = conj.getOperand();
        auto type = cast<RankedTensorType>(x.getType());
        auto complexType = dyn_cast<ComplexType>(type.getElementType());
        if (!complexType) {
          rewriter.replaceOp(op, x);
          return success();
        }
        ImplicitLocOpBuilder b(op->getLoc(), rewriter);
        auto partType = type.clone(complexType.getElementType());
        Value real = stablehlo::RealOp::create(b, partType, x);
        Value imag = stablehlo::NegOp::create(
            b, partType, stablehlo::ImagOp::create(b, partType, x));
        return replaceWith("stablehlo.complex", {real, imag});
      })
      .Case([&](chlo::IsInfOp isInf) {
        return rewriteFloatOp(op, rewriter, [](Math &m, ArrayRef<Value> x) {
          return m.eq(m.abs(x[0]), std::numeric_limits<double>::infinity());
        });
      })
      .Case([&](chlo::IsPosInfOp) {
        return rewriteFloatOp(op, rewriter, [](Math &m, ArrayRef<Value> x) {
          return m.eq(x[0], std::numeric_limits<double>::infinity());
        });
      })
      .Case([&](chlo::IsNegInfOp) {
        return rewriteFloatOp(op, rewriter, [](Math &m, ArrayRef<Value> x) {
          return m.eq(x[0], -std::numeric_limits<double>::infinity());
        });
      })
      .Case([&](chlo::NextAfterOp nextAfter) -> LogicalResult {
        auto type = cast<RankedTensorType>(nextAfter.getType());
        ImplicitLocOpBuilder b(op->getLoc(), rewriter);
        Math math(b, nextAfter.getLhs(), type.getElementType());
        rewriter.replaceOp(
            op, math.nextAfter(nextAfter.getLhs(), nextAfter.getRhs()));
        return success();
      })
      .Case([&](chlo::ConstantOp constant) {
        return replaceWith(
            "stablehlo.constant", {},
            {rewriter.getNamedAttr("value", constant.getValueAttr())});
      })
      .Case([&](chlo::ConstantLikeOp constantLike) -> LogicalResult {
        ImplicitLocOpBuilder b(op->getLoc(), rewriter);
        auto type = cast<RankedTensorType>(constantLike.getType());
        Math math(b, constantLike.getOperand(), type.getElementType());
        rewriter.replaceOp(op, math.splat(constantLike.getValue()));
        return success();
      })
      .Case([&](chlo::TopKOp topK) { return rewriteTopK(topK, rewriter); })
      .Case([&](chlo::BroadcastCompareOp compare) {
        SmallVector<NamedAttribute> attributes = {rewriter.getNamedAttr(
            "comparison_direction",
            convertDirection(context, compare.getComparisonDirection()))};
        if (std::optional<chlo::ComparisonType> type = compare.getCompareType())
          attributes.push_back(rewriter.getNamedAttr(
              "compare_type",
              stablehlo::ComparisonTypeAttr::get(
                  context, static_cast<stablehlo::ComparisonType>(*type))));
        return rewriteBroadcastOp(op, rewriter, "stablehlo.compare",
                                  attributes);
      })
      .Case([&](chlo::BroadcastSelectOp) {
        return rewriteBroadcastOp(op, rewriter, "stablehlo.select");
      })
      .Default([&](Operation *) -> LogicalResult {
        StringRef name = op->getName().stripDialect();
        // The remaining broadcast_X ops are X once broadcast: stablehlo's
        // or, for the special functions, chlo's own (decomposed next).
        if (!name.consume_front("broadcast_") || !op->isRegistered())
          return failure();
        bool special =
            name == "next_after" || name == "polygamma" || name == "zeta";
        return rewriteBroadcastOp(
            op, rewriter, ((special ? "chlo." : "stablehlo.") + name).str());
      });
}

struct DecomposeChloOp : RewritePattern {
  DecomposeChloOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getName().getDialectNamespace() != "chlo")
      return failure();
    return decompose(op, rewriter);
  }
};

struct ChloToStablehloPass
    : disc::impl::ChloToStablehloPassBase<ChloToStablehloPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DecomposeChloOp>(&getContext());
    // Ops left over are reported by the lowering, with their locations.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace
