//===- SharedObjectLinker.h - Link a model object with in-process lld -*- C++
//-*-===//

#ifndef DISC_TARGET_SHAREDOBJECTLINKER_H
#define DISC_TARGET_SHAREDOBJECTLINKER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace disc {

/// Links the relocatable `object` into an ELF shared object with lld running
/// in this process, and returns the bytes of that .so. Its only imports come
/// from libc.so.6 and libm.so.6; local symbols are dropped.
llvm::Expected<llvm::SmallVector<char, 0>>
linkSharedObject(llvm::ArrayRef<char> object);

} // namespace disc
} // namespace mlir

#endif // DISC_TARGET_SHAREDOBJECTLINKER_H
