// The value types of kernel graphs (DiscKgType): their spellings in model
// metadata and the C++ payload type of each scalar.
#ifndef DISC_RAL_HOST_KG_TYPES_H
#define DISC_RAL_HOST_KG_TYPES_H

#include "disc/ral/dtype.h"
#include "disc/ral/host/kernel_graph_abi.h"

#include <optional>
#include <string_view>

namespace disc::host {

// "i32", "!tfrt.chain", "!tfrt.string", "tensor", "opaque"; nullptr for a
// code that is no DiscKgType.
const char *kgTypeSpelling(int type);
std::optional<DiscKgType> kgTypeFromSpelling(std::string_view spelling);

// Calls `visit(T())` with the payload type T of scalar type `type` (i1 is
// bool) and returns true; false for a chain, string, tensor or opaque type.
template <typename F> bool visitKgScalarType(int type, F &&visit) {
  switch (type) {
  case DISC_KG_I1:
    visit(bool());
    return true;
  case DISC_KG_I8:
    visit(int8_t());
    return true;
  case DISC_KG_I16:
    visit(int16_t());
    return true;
  case DISC_KG_I32:
    visit(int32_t());
    return true;
  case DISC_KG_I64:
    visit(int64_t());
    return true;
  case DISC_KG_UI8:
    visit(uint8_t());
    return true;
  case DISC_KG_UI16:
    visit(uint16_t());
    return true;
  case DISC_KG_UI32:
    visit(uint32_t());
    return true;
  case DISC_KG_UI64:
    visit(uint64_t());
    return true;
  case DISC_KG_F16:
    visit(ral::half());
    return true;
  case DISC_KG_BF16:
    visit(ral::bfloat16());
    return true;
  case DISC_KG_F32:
    visit(float());
    return true;
  case DISC_KG_F64:
    visit(double());
    return true;
  default:
    return false;
  }
}

} // namespace disc::host

#endif // DISC_RAL_HOST_KG_TYPES_H
