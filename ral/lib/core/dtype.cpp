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
