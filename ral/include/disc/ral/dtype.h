// Element types by their token in type_encoding.def, for code that handles
// tensors whose element type is only known at run time.
#ifndef DISC_RAL_DTYPE_H
#define DISC_RAL_DTYPE_H

#include "disc/ral/memref.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace disc::ral {

enum class DType : uint8_t {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind) Token,
#include "disc/ral/type_encoding.def"
};

enum class DTypeKind : uint8_t { Signless, Unsigned, Float, BFloat };

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
