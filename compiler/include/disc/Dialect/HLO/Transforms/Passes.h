//===- Passes.h - StableHLO to StableHLO passes -----------------*- C++ -*-===//

#ifndef DISC_DIALECT_HLO_TRANSFORMS_PASSES_H
#define DISC_DIALECT_HLO_TRANSFORMS_PASSES_H

#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;

namespace disc {

#define GEN_PASS_DECL
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_DIALECT_HLO_TRANSFORMS_PASSES_H
