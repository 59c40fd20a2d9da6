//===- Passes.td - StableHLO to StableHLO passes -----------*- tablegen -*-===//

#ifndef DISC_DIALECT_HLO_TRANSFORMS_PASSES
#define DISC_DIALECT_HLO_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ExpandBatchNormPass : Pass<"disc-expand-batch-norm", "ModuleOp"> {
  let summary = "Decompose the batch_norm ops into reductions, broadcasts "
                "and elementwise stablehlo ops";
  let description = [{
    As XLA's BatchNormExpander, in the operand's element type, with N the
    number of elements per feature and every per-feature vector broadcast
    along `feature_index`:

    - batch_norm_inference: `x * s + (offset - mean * s)` where
      `s = scale * rsqrt(variance + epsilon)` is computed per feature;
    - batch_norm_training: `mean = sum(x) / N`, the variance
      `sum((x - mean)^2) / N` (two passes: no cancellation), then the
      inference formula;
    - batch_norm_grad: `grad_offset = sum(dy)`,
      `grad_scale = sum(dy * (x - mean)) * rsqrt(variance + epsilon)` and
      `grad_operand = scale * rsqrt(variance + epsilon) / N *
      (N * dy - grad_offset - (x - mean) * sum(dy * (x - mean)) /
      (variance + epsilon))`.

    Ops on dynamic shapes stay, and the lowering to linalg reports them.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

#endif // DISC_DIALECT_HLO_TRANSFORMS_PASSES
