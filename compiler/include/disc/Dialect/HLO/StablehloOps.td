//===- StablehloOps.td - The stablehlo dialect -------------*- tablegen -*-===//

#ifndef DISC_DIALECT_HLO_STABLEHLOOPS_TD
#define DISC_DIALECT_HLO_STABLEHLOOPS_TD

include "disc/Dialect/HLO/HloDialectBase.td"

def Stablehlo_Dialect : HLO_DialectBase<"stablehlo", "::mlir::stablehlo">;
defvar HLO_Dialect = Stablehlo_Dialect;

include "disc/Dialect/HLO/HloOps.td"

#endif // DISC_DIALECT_HLO_STABLEHLOOPS_TD
