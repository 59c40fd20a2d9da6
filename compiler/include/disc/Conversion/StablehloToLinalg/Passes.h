//===- Passes.h - StableHLO to Linalg conversion passes ---------*- C++ -*-===//

#ifndef DISC_CONVERSION_STABLEHLOTOLINALG_PASSES_H
#define DISC_CONVERSION_STABLEHLOTOLINALG_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;

namespace disc {

#define GEN_PASS_DECL
#include "disc/Conversion/StablehloToLinalg/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Conversion/StablehloToLinalg/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_STABLEHLOTOLINALG_PASSES_H
