// Chain: the payload of !tfrt.chain values. It carries no data; a kernel
// that takes a chain runs after the kernel that produced it, which is how a
// kernel graph orders side effects.
#ifndef DISC_RAL_HOST_CHAIN_H
#define DISC_RAL_HOST_CHAIN_H

#include "disc/ral/host/async_value.h"

namespace disc::host {

struct Chain {};

// A new reference to the process's one available chain: producing a ready
// chain allocates nothing.
RCReference<AsyncValue> readyChain();

} // namespace disc::host

#endif // DISC_RAL_HOST_CHAIN_H
