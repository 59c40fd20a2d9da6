//===- Passes.h - StableHLO for one device ----------------------*- C++ -*-===//

#ifndef DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES_H
#define DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES_H

#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;

namespace disc {

#define GEN_PASS_DECL
#include "disc/Conversion/StablehloOneDevice/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Conversion/StablehloOneDevice/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES_H
