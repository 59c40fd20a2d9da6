#include "disc/ral/dtype.h"

#include <cmath>
#include <limits>

namespace disc::ral {

const char *dtypeToken(DType dtype) {
  switch (dtype) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  case DType::Token:                                                           \
    return #Token;
#include "disc/ral/type_encoding.def"
  }
  return "?";
}

std::optional<DType> dtypeFromToken(std::string_view token) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  if (token == #Token)                                                         \
    return DType::Token;
#include "disc/ral/type_encoding.def"
  return std::nullopt;
}

size_t dtypeSize(DType dtype) {
  switch (dtype) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  case DType::Token:                                                           \
    return sizeof(CppType);
#include "disc/ral/type_encoding.def"
  }
  return 0;
}

DTypeKind dtypeKind(DType dtype) {
  switch (dtype) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  case DType::Token:                                                           \
    return DTypeKind::Kind;
#include "disc/ral/type_encoding.def"
  }
  return DTypeKind::Signless;
}

int dtypeBitWidth(DType dtype) {
  switch (dtype) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  case DType::Token:                                                           \
    return BitWidth;
#include "disc/ral/type_encoding.def"
  }
  return 0;
}

bool isFloatDType(DType dtype) {
  DTypeKind kind = dtypeKind(dtype);
  return kind == DTypeKind::Float || kind == DTypeKind::BFloat ||
         kind == DTypeKind::NarrowFloat;
}

namespace {

// How a narrow float spends its bits and spells its special values, after
// LLVM's APFloat semantics of the same names.
struct NarrowFloatFormat {
  int exponentBits;
  int mantissaBits;
  int bias;
  // IEEE: all-ones exponent is infinity (zero mantissa) or NaN. FN: no
  // infinities, only all-ones exponent and mantissa is NaN. FNUZ: no
  // infinities, no negative zero; the negative-zero pattern is the one NaN.
  // FNU (f8E8M0FNU): no sign, no zero, all ones is NaN. Finite (the 4- and
  // 6-bit floats): no infinities and no NaN.
  enum class Specials { IEEE, FN, FNUZ, FNU, Finite } specials;
};

NarrowFloatFormat narrowFloatFormat(DType dtype) {
  using S = NarrowFloatFormat::Specials;
  switch (dtype) {
  case DType::f8E5M2:
    return {5, 2, 15, S::IEEE};
  case DType::f8E4M3FN:
    return {4, 3, 7, S::FN};
  case DType::f8E4M3FNUZ:
    return {4, 3, 8, S::FNUZ};
  case DType::f8E5M2FNUZ:
    return {5, 2, 16, S::FNUZ};
  case DType::f8E4M3B11FNUZ:
    return {4, 3, 11, S::FNUZ};
  case DType::f8E3M4:
    return {3, 4, 3, S::IEEE};
  case DType::f8E4M3:
    return {4, 3, 7, S::IEEE};
  case DType::f8E8M0FNU:
    return {8, 0, 127, S::FNU};
  case DType::f4E2M1FN:
    return {2, 1, 1, S::Finite};
  case DType::f6E2M3FN:
    return {2, 3, 1, S::Finite};
  case DType::f6E3M2FN:
    return {3, 2, 3, S::Finite};
  default:
    return {0, 0, 0, S::IEEE};
  }
}

} // namespace

float narrowFloatToFloat(DType dtype, uint8_t bits) {
  using S = NarrowFloatFormat::Specials;
  NarrowFloatFormat format = narrowFloatFormat(dtype);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  if (format.specials == S::FNU)
    return bits == 0xff ? nan : std::ldexp(1.0f, int(bits) - format.bias);
  int mantissaMask = (1 << format.mantissaBits) - 1;
  int exponentMask = (1 << format.exponentBits) - 1;
  int width = dtypeBitWidth(dtype);
  // A 4- or 6-bit float's byte may hold anything above its bits.
  bits &= uint8_t((1u << width) - 1);
  bool negative = (bits >> (width - 1)) & 1;
  int exponent = (bits >> format.mantissaBits) & exponentMask;
  int mantissa = bits & mantissaMask;
  if (format.specials == S::FNUZ && bits == 0x80)
    return nan;
  if (format.specials == S::FN && exponent == exponentMask &&
      mantissa == mantissaMask)
    return nan;
  if (format.specials == S::IEEE && exponent == exponentMask) {
    if (mantissa != 0)
      return nan;
    return negative ? -std::numeric_limits<float>::infinity()
                    : std::numeric_limits<float>::infinity();
  }
  // A subnormal has no implicit leading one and the exponent of the
  // smallest normal.
  float magnitude =
      exponent == 0
          ? std::ldexp(float(mantissa), 1 - format.bias - format.mantissaBits)
          : std::ldexp(float(mantissa + (1 << format.mantissaBits)),
                       exponent - format.bias - format.mantissaBits);
  return negative ? -magnitude : magnitude;
}

DType partDType(DType dtype) {
  switch (dtype) {
  case DType::c64:
    return DType::f32;
  case DType::c128:
    return DType::f64;
  default:
    return dtype;
  }
}

std::optional<TensorSize> tensorSize(const std::vector<int64_t> &shape,
                                     DType dtype) {
  TensorSize size{1, 0};
  for (int64_t dim : shape)
    if (dim < 0 || __builtin_mul_overflow(size.elements, dim, &size.elements))
      return std::nullopt;
  if (__builtin_mul_overflow(
          size.elements, static_cast<int64_t>(dtypeSize(dtype)), &size.bytes))
    return std::nullopt;
  return size;
}

} // namespace disc::ral
