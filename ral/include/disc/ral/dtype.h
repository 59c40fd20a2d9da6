// Element types by their token in type_encoding.def, for code that handles
// tensors whose element type is only known at run time.
#ifndef DISC_RAL_DTYPE_H
#define DISC_RAL_DTYPE_H

#include "disc/ral/memref.h"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace disc::ral {

enum class DType : uint8_t {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind) Token,
#include "disc/ral/type_encoding.def"
};

enum class DTypeKind : uint8_t {
  Signless,
  Unsigned,
  Float,
  BFloat,
  NarrowFloat,
  Complex
};

inline constexpr DType kAllDTypes[] = {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind) DType::Token,
#include "disc/ral/type_encoding.def"
};

// The token of `dtype`, e.g. "f32".
const char *dtypeToken(DType dtype);

// The dtype spelled `token`, or nothing when no dtype has that token.
std::optional<DType> dtypeFromToken(std::string_view token);

// Bytes one element occupies in memory (an i1 takes one byte).
size_t dtypeSize(DType dtype);

DTypeKind dtypeKind(DType dtype);

// The width in bits of one element's value: 4 for i4, which still takes a
// byte in memory.
int dtypeBitWidth(DType dtype);

// Whether `dtype` holds floating-point values (f16, bf16, f32, f64 and the
// 8-, 6- and 4-bit floats).
bool isFloatDType(DType dtype);

// The value of the narrow float `bits` of the NarrowFloat `dtype` (f8E4M3FN,
// f4E2M1FN, ...; a 4- or 6-bit float in the low bits), exactly: every such
// value is an f32. NaN for the NaN encodings, infinities only for the
// formats that have them.
float narrowFloatToFloat(DType dtype, uint8_t bits);

// The dtype of the real and imaginary parts of a complex `dtype` (f32 for
// c64); any other dtype is its own.
DType partDType(DType dtype);

// How many elements and bytes a dense `dtype` tensor of `shape` holds.
struct TensorSize {
  int64_t elements;
  int64_t bytes;
};

// The size of a `dtype` tensor of `shape`, or nothing when a dimension is
// negative or the element or byte count does not fit in int64_t. Every size
// computed from outside input (files, command lines, model metadata, the C
// API) goes through here, so that none wraps around to a small number.
std::optional<TensorSize> tensorSize(const std::vector<int64_t> &shape,
                                     DType dtype);

// The dtype of the C++ element type T.
template <typename T> struct DTypeOf;
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  template <> struct DTypeOf<CppType> {                                        \
    static constexpr DType value = DType::Token;                               \
    static constexpr const char *token = #Token;                               \
  };
#include "disc/ral/type_encoding.def"

} // namespace disc::ral

#endif // DISC_RAL_DTYPE_H
