//===- StablehloOps.h - The stablehlo dialect -------------------*- C++ -*-===//
//
// The ops, attributes and types generated from HloOps.td for `stablehlo`.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_STABLEHLOOPS_H
#define DISC_DIALECT_HLO_STABLEHLOOPS_H

#include "disc/Dialect/HLO/HloCommon.h"

#include "disc/Dialect/HLO/StablehloDialect.h.inc"
#include "disc/Dialect/HLO/StablehloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "disc/Dialect/HLO/StablehloAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/HLO/StablehloTypes.h.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/HLO/StablehloOps.h.inc"

#endif // DISC_DIALECT_HLO_STABLEHLOOPS_H
