//===- InitAll.h - Register every dialect and pass disc uses ----*- C++ -*-===//
//
// The tools (disc-opt, disc-compile) call these once at start-up so that any
// program disc accepts parses, and every pass and pipeline can be named.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_INITALL_H
#define DISC_INITALL_H

namespace mlir {
class DialectRegistry;

namespace disc {

/// Adds disc's own dialects and the upstream ones its pipelines produce.
void registerAllDialects(DialectRegistry &registry);

/// Registers disc's passes and pipelines with the global pass registry.
void registerAllPasses();

} // namespace disc
} // namespace mlir

#endif // DISC_INITALL_H
