#include "disc/ral/dtype.h"

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

} // namespace disc::ral
