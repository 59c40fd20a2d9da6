//===- MhloOps.h - The mhlo dialect -----------------------------*- C++ -*-===//
//
// The ops, attributes and types generated from HloOps.td for `mhlo`.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_MHLOOPS_H
#define DISC_DIALECT_HLO_MHLOOPS_H

#include "disc/Dialect/HLO/HloCommon.h"

#include "disc/Dialect/HLO/MhloDialect.h.inc"
#include "disc/Dialect/HLO/MhloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "disc/Dialect/HLO/MhloAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/HLO/MhloTypes.h.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/HLO/MhloOps.h.inc"

#endif // DISC_DIALECT_HLO_MHLOOPS_H
