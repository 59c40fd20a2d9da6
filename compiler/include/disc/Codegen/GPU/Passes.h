//===- Passes.h - CUDA code generation --------------------------*- C++ -*-===//

#ifndef DISC_CODEGEN_GPU_PASSES_H
#define DISC_CODEGEN_GPU_PASSES_H

#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace disc {

#define GEN_PASS_DECL
#include "disc/Codegen/GPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Codegen/GPU/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CODEGEN_GPU_PASSES_H
