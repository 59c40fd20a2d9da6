//===- Passes.h - Passes the disc phases add around upstream ones *- C++
//-*-===//

#ifndef DISC_PIPELINE_PASSES_H
#define DISC_PIPELINE_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace disc {

#define GEN_PASS_DECL
#include "disc/Pipeline/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "disc/Pipeline/Passes.h.inc"

} // namespace disc
} // namespace mlir

#endif // DISC_PIPELINE_PASSES_H
