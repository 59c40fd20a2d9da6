//===- Passes.td - StableHLO to Linalg conversion pass ------*- tablegen -*-===//

#ifndef DISC_CONVERSION_STABLEHLOTOLINALG_PASSES
#define DISC_CONVERSION_STABLEHLOTOLINALG_PASSES

include "mlir/Pass/PassBase.td"

def StablehloToLinalgPass : Pass<"disc-stablehlo-to-linalg", "ModuleOp"> {
  let summary = "Lower StableHLO ops on tensors to linalg, tensor, arith and "
                "math ops on tensors";
  let description = [{
    Rewrites every StableHLO op of the module into linalg-on-tensors (one
    linalg.generic per elementwise op, so that elementwise fusion can merge
    chains), tensor ops for data movement, and arith/math/scf for scalar
    computation. Unsigned integer element types become signless, function
    signatures included; every op whose meaning depends on signedness uses
    its unsigned form. Sizes that must agree at run time (dynamic operands of
    an elementwise op, contracting dimensions, ...) are checked with
    cf.assert, which the runtime reports as an error of the run.

    A stablehlo.custom_call becomes disc_ral.custom_call, the call of a
    user kernel registered with TAO_RAL_API.

    Ops that cannot be lowered are reported once per op kind at the source
    location of their first occurrence, followed by a summary at the module
    ("unsupported ops: stablehlo.sort (2), ..."), and the pass fails without
    changing the module.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::disc_ral::RALDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // DISC_CONVERSION_STABLEHLOTOLINALG_PASSES
