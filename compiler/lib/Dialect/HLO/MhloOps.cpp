//===- MhloOps.cpp - The mhlo dialect -------------------------------------===//

#include "disc/Dialect/HLO/MhloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "disc/Dialect/HLO/MhloDialect.cpp.inc"
#include "disc/Dialect/HLO/MhloEnums.cpp.inc"

namespace mlir::mhlo {
using HloDialect = MhloDialect;

#include "HloOpsImpl.inc"

void MhloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/HLO/MhloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "disc/Dialect/HLO/MhloAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "disc/Dialect/HLO/MhloTypes.cpp.inc"
      >();
  addInterfaces<hlo::HloInlinerInterface>();
  // Unknown ops parse in generic form so the lowering can name them.
  allowUnknownOperations();
}
} // namespace mlir::mhlo

#define GET_ATTRDEF_CLASSES
#include "disc/Dialect/HLO/MhloAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/HLO/MhloTypes.cpp.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/HLO/MhloOps.cpp.inc"
