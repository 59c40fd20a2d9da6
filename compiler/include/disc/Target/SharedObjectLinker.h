//===- SharedObjectLinker.h - Link a model object with in-process lld -*- C++
//-*-===//

#ifndef DISC_TARGET_SHAREDOBJECTLINKER_H
#define DISC_TARGET_SHAREDOBJECTLINKER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace disc {

/// Links the relocatable `objects` into an ELF shared object with lld running
/// in this process, and returns the bytes of that .so. Its only imports come
/// from libc.so.6 and libm.so.6; its own functions are local symbols.
llvm::Expected<llvm::SmallVector<char, 0>>
linkSharedObject(llvm::ArrayRef<llvm::SmallVector<char, 0>> objects);

} // namespace disc
} // namespace mlir

#endif // DISC_TARGET_SHAREDOBJECTLINKER_H
