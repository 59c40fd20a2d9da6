//===- disc-opt.cpp - mlir-opt with disc's dialects and passes ------------===//

#include "disc/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::disc::registerAllDialects(registry);
  mlir::disc::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "disc optimizer driver\n", registry));
}
