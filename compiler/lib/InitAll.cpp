//===- InitAll.cpp - Register every dialect and pass disc uses ------------===//

#include "disc/InitAll.h"

#include "disc/Dialect/RAL/RALOps.h"
#include "disc/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void mlir::disc::registerAllDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::disc_ral::RALDialect>();
}

void mlir::disc::registerAllPasses() {
  mlir::registerAllPasses();
  mlir::disc::registerDiscTransformsPasses();
}
