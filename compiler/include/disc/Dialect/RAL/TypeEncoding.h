//===- TypeEncoding.h - MLIR types as RAL type tokens -----------*- C++ -*-===//
//
// The compiler half of the one table of type encodings
// (ral/include/disc/ral/type_encoding.def): how an MLIR type is spelled in a
// mangled RAL API name and in the model metadata. The runtime derives the
// same spellings from C++ types; test/unit/compiler/TypeEncodingAgreementTest
// keeps the two halves equal.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_RAL_TYPEENCODING_H
#define DISC_DIALECT_RAL_TYPEENCODING_H

#include "mlir/IR/TypeRange.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace disc_ral {

/// The highest memref rank the runtime registers its generic APIs for.
constexpr int64_t kMaxEncodedRank = 8;

/// The token of a scalar element type (`f32`, `ui8`, ...); `index` is `i64`.
/// None for a type the table does not list (complex<f16>, f8, si32, vectors).
std::optional<llvm::StringRef> getElementTypeToken(Type type);

/// The token of a dispatch argument or result: an element type's token,
/// `pvoid` for `!llvm.ptr` and `!disc_ral.context`, `m<rank>d<elem>` for a
/// ranked memref. None for a type the runtime cannot receive.
std::optional<std::string> getTypeToken(Type type);

/// `name___device___<arg tokens>___<result tokens>`, tokens joined by `_`,
/// `void` without results. `argTypes` includes the leading context. None when
/// a type has no token.
std::optional<std::string> getMangledApiName(llvm::StringRef name,
                                             llvm::StringRef device,
                                             TypeRange argTypes,
                                             TypeRange resultTypes);

/// How many `void *` slots a value of `type` takes in a dispatch's args
/// array: 3 + 2 * rank for a memref, 1 for anything else (docs/ABI.md).
int64_t getNumSlots(Type type);

} // namespace disc_ral
} // namespace mlir

#endif // DISC_DIALECT_RAL_TYPEENCODING_H
