//===- Passes.h - Lowering a kernel graph to LLVM ---------------*- C++ -*-===//

#ifndef DISC_CONVERSION_KERNELGRAPHTOLLVM_PASSES_H
#define DISC_CONVERSION_KERNELGRAPHTOLLVM_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace disc {

#define GEN_PASS_DECL
#include "disc/Conversion/KernelGraphToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Conversion/KernelGraphToLLVM/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_KERNELGRAPHTOLLVM_PASSES_H
