//===- Passes.td - MHLO to StableHLO conversion pass -------*- tablegen -*-===//

#ifndef DISC_CONVERSION_MHLOTOSTABLEHLO_PASSES
#define DISC_CONVERSION_MHLOTOSTABLEHLO_PASSES

include "mlir/Pass/PassBase.td"

def MhloToStablehloPass : Pass<"disc-mhlo-to-stablehlo", "ModuleOp"> {
  let summary = "Rewrite every mhlo op into the stablehlo op of the same name";
  let description = [{
    disc defines both dialects from one op set, so each `mhlo.X` becomes
    `stablehlo.X` with the same operands, regions and attributes. MHLO
    attributes (comparison directions and types, precisions, rng algorithms,
    dot/conv/gather/scatter dimension numbers, output-operand aliases) become
    their StableHLO counterparts, dimension lists spelled
    `dense<[...]> : tensor<Nxi64>` (as older JAX printed MHLO) become
    `array<i64: ...>`, and `!mhlo.token` becomes `!stablehlo.token`, in op
    results, block arguments and function signatures. Ops unknown to disc
    keep their name with the prefix changed, so the lowering reports them.
    StableHLO programs pass through untouched.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

#endif // DISC_CONVERSION_MHLOTOSTABLEHLO_PASSES
