//===- TypeEncoding.cpp - MLIR types as RAL type tokens
//--------------------===//

#include "disc/Dialect/RAL/TypeEncoding.h"

#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

// One predicate per `Kind` column of type_encoding.def.
static bool matchesSignless(Type type, unsigned width, StringRef) {
  return type.isSignlessInteger(width);
}
static bool matchesUnsigned(Type type, unsigned width, StringRef) {
  return type.isUnsignedInteger(width);
}
static bool matchesFloat(Type type, unsigned width, StringRef) {
  return (width == 16 && type.isF16()) || (width == 32 && type.isF32()) ||
         (width == 64 && type.isF64());
}
static bool matchesBFloat(Type type, unsigned width, StringRef) {
  return width == 16 && type.isBF16();
}
// The 8-bit floats' tokens are their MLIR spellings.
static bool matchesNarrowFloat(Type type, unsigned width, StringRef token) {
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType || floatType.getWidth() != width)
    return false;
  std::string spelling;
  llvm::raw_string_ostream os(spelling);
  type.print(os);
  return spelling == token;
}
static bool matchesComplex(Type type, unsigned width, StringRef) {
  auto complexType = dyn_cast<ComplexType>(type);
  return complexType &&
         matchesFloat(complexType.getElementType(), width / 2, {});
}

std::optional<StringRef> disc_ral::getElementTypeToken(Type type) {
  if (type.isIndex())
    return StringRef("i64");
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  if (matches##Kind(type, BitWidth, #Token))                                   \
    return StringRef(#Token);
#include "disc/ral/type_encoding.def"
  return std::nullopt;
}

std::optional<std::string> disc_ral::getTypeToken(Type type) {
  if (isa<LLVM::LLVMPointerType, ContextType>(type))
    return std::string("pvoid");
  if (auto memrefType = dyn_cast<MemRefType>(type)) {
    if (memrefType.getRank() > kMaxEncodedRank)
      return std::nullopt;
    std::optional<StringRef> element =
        getElementTypeToken(memrefType.getElementType());
    if (!element)
      return std::nullopt;
    return ("m" + Twine(memrefType.getRank()) + "d" + *element).str();
  }
  if (std::optional<StringRef> token = getElementTypeToken(type))
    return token->str();
  return std::nullopt;
}

static std::optional<std::string> joinTokens(TypeRange types) {
  SmallVector<std::string> tokens;
  for (Type type : types) {
    std::optional<std::string> token = disc_ral::getTypeToken(type);
    if (!token)
      return std::nullopt;
    tokens.push_back(std::move(*token));
  }
  return llvm::join(tokens, "_");
}

std::optional<std::string> disc_ral::getMangledApiName(StringRef name,
                                                       StringRef device,
                                                       TypeRange argTypes,
                                                       TypeRange resultTypes) {
  std::optional<std::string> args = joinTokens(argTypes);
  std::optional<std::string> results = joinTokens(resultTypes);
  if (!args || !results)
    return std::nullopt;
  if (results->empty())
    *results = "void";
  return (name + "___" + device + "___" + *args + "___" + *results).str();
}

int64_t disc_ral::getNumSlots(Type type) {
  if (auto memrefType = dyn_cast<MemRefType>(type))
    return 3 + 2 * memrefType.getRank();
  return 1;
}
