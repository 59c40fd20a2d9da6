//===- TFRTTensorTypes.cpp - The t dialect: !t.tensor ---------------------===//
//
// Apart from TFRTOps.cpp: the generated type parser and printer of each
// dialect are file-local functions with the same names.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/TFRT/TFRTOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "disc/Dialect/TFRT/TFRTTensorDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/TFRT/TFRTTensorTypes.cpp.inc"

void tfrt_tensor::TFRTTensorDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "disc/Dialect/TFRT/TFRTTensorTypes.cpp.inc"
      >();
}
