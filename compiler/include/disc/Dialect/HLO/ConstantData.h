//===- ConstantData.h - The elements of dense constants ---------*- C++ -*-===//
//
// Reading and writing the elements of dense<...> and dense_resource<...>
// constants (torch-mlir writes a model's weights as the latter) as bytes
// or as doubles, for passes that compute constants at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_CONSTANTDATA_H
#define DISC_DIALECT_HLO_CONSTANTDATA_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <vector>

namespace mlir::disc {

/// The bytes of a constant that is not a splat, an element after another in
/// row-major order; nullopt for sub-byte elements (which dense<...> packs)
/// and blobs not loaded.
std::optional<ArrayRef<char>> getRowMajorBytes(ElementsAttr attr);

/// A constant of `type` holding `bytes` (row-major): a dense_resource blob
/// when `asBlob`, so that a large one is not printed inline, else dense.
ElementsAttr makeConstant(ShapedType type, ArrayRef<char> bytes, bool asBlob);

/// The elements of an f32 or f64 constant, splats included, as doubles;
/// nullopt for other element types and unreadable constants.
std::optional<std::vector<double>> getFloatValues(ElementsAttr attr);

/// An f32 or f64 constant of `type` holding `values`, rounded to its type;
/// a blob when `asBlob`.
ElementsAttr makeFloatConstant(ShapedType type, ArrayRef<double> values,
                               bool asBlob);

} // namespace mlir::disc

#endif // DISC_DIALECT_HLO_CONSTANTDATA_H
