//===- GemmElementTypes.h - The products ral_gemm computes ------*- C++ -*-===//
//
// The element types of ral_gemm's registrations on each device
// (docs/ABI.md), for the passes that hand it products and those that shape
// products for it.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_RAL_GEMMELEMENTTYPES_H
#define DISC_DIALECT_RAL_GEMMELEMENTTYPES_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace disc {

/// The most batch dims that do not collapse into one which ral_gemm's
/// batched products take on the CPU (docs/ABI.md).
constexpr size_t kGemmMaxBatchDims = 2;

/// Whether ral_gemm on `device` multiplies `operandType` operands into a
/// `resultType` output: on "gpu" f32, f16 or bf16 throughout, or f16 or bf16
/// operands with an f32 result; on "cpu" f32, f64 or bf16 throughout, or
/// bf16 operands with an f32 result.
bool isGemmElementTypes(StringRef device, Type operandType, Type resultType);

} // namespace disc
} // namespace mlir

#endif // DISC_DIALECT_RAL_GEMMELEMENTTYPES_H
