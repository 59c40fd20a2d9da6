#include "disc/ral/host/kernel_frame.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/kg_types.h"

#include <stdexcept>

namespace disc::host {

namespace {

// The kernel-graph spelling of the payload type with id `typeId` ("i32",
// "!tfrt.chain"), or nullptr for one without a spelling (a tensor, a
// kernel's own type).
const char *spellingOfPayloadType(uint16_t typeId) {
  if (typeId == typeIdOf<Chain>())
    return kgTypeSpelling(DISC_KG_CHAIN);
  if (typeId == typeIdOf<std::string>())
    return kgTypeSpelling(DISC_KG_STRING);
  const char *spelling = nullptr;
  for (int type = DISC_KG_I1; type <= DISC_KG_F64 && !spelling; ++type)
    visitKgScalarType(type, [&](auto scalar) {
      if (typeIdOf<decltype(scalar)>() == typeId)
        spelling = kgTypeSpelling(type);
    });
  return spelling;
}

} // namespace

void KernelFrame::throwArgumentError(int index, uint16_t expectedType) const {
  if (index >= numArgs())
    throw std::invalid_argument("takes at least " + std::to_string(index + 1) +
                                " argument" + (index == 0 ? "" : "s") +
                                ", got " + std::to_string(numArgs()));
  uint16_t actualType = args_[index]->typeId();
  const char *expected = spellingOfPayloadType(expectedType);
  const char *actual = spellingOfPayloadType(actualType);
  throw std::invalid_argument(
      "argument " + std::to_string(index) + " is " +
      (actual ? actual : "a value of another type") + ", expected " +
      (expected ? expected : "a value of the kernel's own type"));
}

} // namespace disc::host
