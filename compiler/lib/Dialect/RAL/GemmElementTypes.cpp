//===- GemmElementTypes.cpp - The products ral_gemm computes --------------===//

#include "disc/Dialect/RAL/GemmElementTypes.h"

using namespace mlir;

bool mlir::disc::isGemmElementTypes(StringRef device, Type operandType,
                                    Type resultType) {
  if (device == "cpu")
    return (operandType == resultType &&
            (operandType.isF32() || operandType.isF64())) ||
           (operandType.isBF16() &&
            (resultType.isBF16() || resultType.isF32()));
  bool is16BitFloat = operandType.isF16() || operandType.isBF16();
  return (operandType == resultType && (is16BitFloat || operandType.isF32())) ||
         (is16BitFloat && resultType.isF32());
}
