//===- Passes.h - Linalg ops as runtime library calls -----------*- C++ -*-===//

#ifndef DISC_CONVERSION_LINALGTORAL_PASSES_H
#define DISC_CONVERSION_LINALGTORAL_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace disc {

#define GEN_PASS_DECL
#include "disc/Conversion/LinalgToRAL/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Conversion/LinalgToRAL/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_LINALGTORAL_PASSES_H
