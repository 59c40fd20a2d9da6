//===- Passes.h - CHLO to StableHLO decomposition pass ----------*- C++ -*-===//

#ifndef DISC_CONVERSION_CHLOTOSTABLEHLO_PASSES_H
#define DISC_CONVERSION_CHLOTOSTABLEHLO_PASSES_H

#include "disc/Dialect/HLO/ChloOps.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;

namespace disc {

#define GEN_PASS_DECL
#include "disc/Conversion/ChloToStablehlo/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Conversion/ChloToStablehlo/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_CHLOTOSTABLEHLO_PASSES_H
