//===- KernelGraphAbi.h - kernel_graph_abi.h as the compiler sees it -*- C++
//-*-===//
//
// The LLVM struct types mirroring the C structs of
// ral/include/disc/ral/host/kernel_graph_abi.h, the DiscKgType code of an
// MLIR type, and the spelling of each code in the metadata JSON.
// KernelGraphAbiAgreementTest holds the layouts equal to the C header's.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CONVERSION_KERNELGRAPHTOLLVM_KERNELGRAPHABI_H
#define DISC_CONVERSION_KERNELGRAPHTOLLVM_KERNELGRAPHABI_H

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
namespace disc {

/// Field indices of DiscKgApi.
enum KernelGraphApiField : int32_t {
  kApiAbiVersion = 0,
  kApiSize = 1,
  kApiInvoke = 2,
  kApiAddRef = 3,
  kApiDropRef = 4,
  kApiReadScalar = 5,
  kApiMakeScalar = 6,
};

/// The index of the `const DiscKgApi *` in ctx_struct.
constexpr int32_t kKernelGraphApiSlot = 2;

LLVM::LLVMStructType getKernelGraphSiteType(MLIRContext *context);
LLVM::LLVMStructType getKernelGraphFunctionType(MLIRContext *context);
LLVM::LLVMStructType getKernelGraphAttributeType(MLIRContext *context);
LLVM::LLVMStructType getKernelGraphApiType(MLIRContext *context);

/// The DiscKgType code of values of `type`: DISC_KG_OPAQUE for a type the
/// ABI does not name.
uint8_t getKernelGraphTypeCode(Type type);

/// "!tfrt.chain", "i32", ..., "tensor", "opaque": how the metadata JSON
/// spells the type with DiscKgType `code`.
llvm::StringRef getKernelGraphTypeSpelling(uint8_t code);

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_KERNELGRAPHTOLLVM_KERNELGRAPHABI_H
