//===- StablehloOps.cpp - The stablehlo dialect ---------------------------===//

#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "disc/Dialect/HLO/StablehloDialect.cpp.inc"
#include "disc/Dialect/HLO/StablehloEnums.cpp.inc"

namespace mlir::stablehlo {
using HloDialect = StablehloDialect;

#include "HloOpsImpl.inc"

void StablehloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/HLO/StablehloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "disc/Dialect/HLO/StablehloAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "disc/Dialect/HLO/StablehloTypes.cpp.inc"
      >();
  addInterfaces<hlo::HloInlinerInterface>();
  // Unknown ops parse in generic form so the lowering can name them.
  allowUnknownOperations();
}
} // namespace mlir::stablehlo

#define GET_ATTRDEF_CLASSES
#include "disc/Dialect/HLO/StablehloAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/HLO/StablehloTypes.cpp.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/HLO/StablehloOps.cpp.inc"
