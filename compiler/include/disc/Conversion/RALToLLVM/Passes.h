//===- Passes.h - Lowering a RAL program to LLVM ----------------*- C++ -*-===//

#ifndef DISC_CONVERSION_RALTOLLVM_PASSES_H
#define DISC_CONVERSION_RALTOLLVM_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace disc {

#define GEN_PASS_DECL
#include "disc/Conversion/RALToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Conversion/RALToLLVM/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_RALTOLLVM_PASSES_H
