//===- MhloOps.td - The mhlo dialect -----------------------*- tablegen -*-===//

#ifndef DISC_DIALECT_HLO_MHLOOPS_TD
#define DISC_DIALECT_HLO_MHLOOPS_TD

include "disc/Dialect/HLO/HloDialectBase.td"

def Mhlo_Dialect : HLO_DialectBase<"mhlo", "::mlir::mhlo">;
defvar HLO_Dialect = Mhlo_Dialect;

include "disc/Dialect/HLO/HloOps.td"

#endif // DISC_DIALECT_HLO_MHLOOPS_TD
