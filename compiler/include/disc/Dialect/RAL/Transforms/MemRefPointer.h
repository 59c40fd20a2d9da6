//===- MemRefPointer.h - A memref's buffer as a runtime pointer -*- C++ -*-===//

#ifndef DISC_DIALECT_RAL_TRANSFORMS_MEMREFPOINTER_H
#define DISC_DIALECT_RAL_TRANSFORMS_MEMREFPOINTER_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace disc {

/// The aligned pointer of `memref` as an `!llvm.ptr`, the form runtime APIs
/// take a buffer's address in (memref.extract_aligned_pointer_as_index, an
/// index cast to i64, llvm.inttoptr).
Value createAlignedPointer(OpBuilder &builder, Location loc, Value memref);

/// The memref whose aligned pointer `pointer` is, when createAlignedPointer
/// made it; null otherwise.
Value getAlignedPointerSource(Value pointer);

} // namespace disc
} // namespace mlir

#endif // DISC_DIALECT_RAL_TRANSFORMS_MEMREFPOINTER_H
