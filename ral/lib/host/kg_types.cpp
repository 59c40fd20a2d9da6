#include "disc/ral/host/kg_types.h"

namespace disc::host {

namespace {

struct Spelling {
  DiscKgType type;
  const char *spelling;
};

constexpr Spelling kSpellings[] = {{DISC_KG_CHAIN, "!tfrt.chain"},
                                   {DISC_KG_I1, "i1"},
                                   {DISC_KG_I8, "i8"},
                                   {DISC_KG_I16, "i16"},
                                   {DISC_KG_I32, "i32"},
                                   {DISC_KG_I64, "i64"},
                                   {DISC_KG_UI8, "ui8"},
                                   {DISC_KG_UI16, "ui16"},
                                   {DISC_KG_UI32, "ui32"},
                                   {DISC_KG_UI64, "ui64"},
                                   {DISC_KG_F16, "f16"},
                                   {DISC_KG_BF16, "bf16"},
                                   {DISC_KG_F32, "f32"},
                                   {DISC_KG_F64, "f64"},
                                   {DISC_KG_STRING, "!tfrt.string"},
                                   {DISC_KG_TENSOR, "tensor"},
                                   {DISC_KG_OPAQUE, "opaque"}};

} // namespace

const char *kgTypeSpelling(int type) {
  for (const Spelling &entry : kSpellings)
    if (entry.type == type)
      return entry.spelling;
  return nullptr;
}

std::optional<DiscKgType> kgTypeFromSpelling(std::string_view spelling) {
  for (const Spelling &entry : kSpellings)
    if (spelling == entry.spelling)
      return entry.type;
  return std::nullopt;
}

} // namespace disc::host
