//===- KernelGraphAbi.cpp - kernel_graph_abi.h as the compiler sees it ----===//

#include "disc/Conversion/KernelGraphToLLVM/KernelGraphAbi.h"

#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/ral/host/kernel_graph_abi.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;

LLVM::LLVMStructType mlir::disc::getKernelGraphSiteType(MLIRContext *context) {
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = IntegerType::get(context, 32);
  // kernel, location, num_args, num_results, arg_types, result_types,
  // num_attributes, num_functions, attributes, functions, resolved.
  return LLVM::LLVMStructType::getLiteral(
      context, {ptr, ptr, i32, i32, ptr, ptr, i32, i32, ptr, ptr, ptr});
}

LLVM::LLVMStructType
mlir::disc::getKernelGraphFunctionType(MLIRContext *context) {
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = IntegerType::get(context, 32);
  // entry, name, num_args, num_results, arg_types, result_types.
  return LLVM::LLVMStructType::getLiteral(context,
                                          {ptr, ptr, i32, i32, ptr, ptr});
}

LLVM::LLVMStructType
mlir::disc::getKernelGraphAttributeType(MLIRContext *context) {
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = IntegerType::get(context, 32);
  // name, kind, size, data.
  return LLVM::LLVMStructType::getLiteral(context, {ptr, i32, i32, ptr});
}

LLVM::LLVMStructType mlir::disc::getKernelGraphApiType(MLIRContext *context) {
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = IntegerType::get(context, 32);
  // abi_version, size, invoke, add_ref, drop_ref, read_scalar, make_scalar.
  return LLVM::LLVMStructType::getLiteral(context,
                                          {i32, i32, ptr, ptr, ptr, ptr, ptr});
}

static uint8_t getIntegerTypeCode(IntegerType type) {
  bool isUnsigned = type.isUnsigned();
  switch (type.getWidth()) {
  case 1:
    return isUnsigned ? DISC_KG_OPAQUE : DISC_KG_I1;
  case 8:
    return isUnsigned ? DISC_KG_UI8 : DISC_KG_I8;
  case 16:
    return isUnsigned ? DISC_KG_UI16 : DISC_KG_I16;
  case 32:
    return isUnsigned ? DISC_KG_UI32 : DISC_KG_I32;
  case 64:
    return isUnsigned ? DISC_KG_UI64 : DISC_KG_I64;
  default:
    return DISC_KG_OPAQUE;
  }
}

uint8_t mlir::disc::getKernelGraphTypeCode(Type type) {
  if (isa<tfrt::ChainType>(type))
    return DISC_KG_CHAIN;
  if (isa<tfrt::StringType>(type))
    return DISC_KG_STRING;
  if (isa<tfrt_tensor::HostTensorType>(type))
    return DISC_KG_TENSOR;
  if (auto integer = dyn_cast<IntegerType>(type))
    return getIntegerTypeCode(integer);
  if (type.isF16())
    return DISC_KG_F16;
  if (type.isBF16())
    return DISC_KG_BF16;
  if (type.isF32())
    return DISC_KG_F32;
  if (type.isF64())
    return DISC_KG_F64;
  return DISC_KG_OPAQUE;
}

llvm::StringRef mlir::disc::getKernelGraphTypeSpelling(uint8_t code) {
  switch (code) {
  case DISC_KG_CHAIN:
    return "!tfrt.chain";
  case DISC_KG_I1:
    return "i1";
  case DISC_KG_I8:
    return "i8";
  case DISC_KG_I16:
    return "i16";
  case DISC_KG_I32:
    return "i32";
  case DISC_KG_I64:
    return "i64";
  case DISC_KG_UI8:
    return "ui8";
  case DISC_KG_UI16:
    return "ui16";
  case DISC_KG_UI32:
    return "ui32";
  case DISC_KG_UI64:
    return "ui64";
  case DISC_KG_F16:
    return "f16";
  case DISC_KG_BF16:
    return "bf16";
  case DISC_KG_F32:
    return "f32";
  case DISC_KG_F64:
    return "f64";
  case DISC_KG_STRING:
    return "!tfrt.string";
  case DISC_KG_TENSOR:
    return "tensor";
  case DISC_KG_OPAQUE:
    return "opaque";
  }
  llvm_unreachable("every DiscKgType code has a spelling");
}
