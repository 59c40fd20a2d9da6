#include "disc/ral/host/chain.h"

namespace disc::host {

RCReference<AsyncValue> readyChain() {
  // Never released: the process holds one reference for its whole life.
  static AsyncValue *const chain = makeAvailableValue<Chain>().release();
  return formRef(chain);
}

} // namespace disc::host
