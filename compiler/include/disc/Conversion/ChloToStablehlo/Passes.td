//===- Passes.td - CHLO to StableHLO decomposition pass ----*- tablegen -*-===//

#ifndef DISC_CONVERSION_CHLOTOSTABLEHLO_PASSES
#define DISC_CONVERSION_CHLOTOSTABLEHLO_PASSES

include "mlir/Pass/PassBase.td"

def ChloToStablehloPass : Pass<"disc-chlo-to-stablehlo", "ModuleOp"> {
  let summary = "Decompose chlo ops into stablehlo ops";
  let description = [{
    Rewrites each chlo op as stablehlo ops that compute it:

    - broadcast_* ops: each operand broadcast_in_dim (dynamic_broadcast_in_dim
      for a dynamic result) to the result's shape, then the stablehlo op;
    - square, conj, is_inf, is_pos_inf, is_neg_inf, constant, constant_like,
      tan, next_after: the stablehlo ops (next_after on the bits);
    - sinh, cosh, asin, acos, atan, asinh, acosh, atanh: formulas on
      exponential_minus_one, exponential, log_plus_one, sqrt and atan2 that
      keep full relative precision near zero and do not overflow early;
    - erf, erfc, lgamma, digamma, erf_inv: polynomial approximations fitted
      to the function in relative error, one set for f32 (f16 and bf16
      computed in f32) and one for f64, with exp(-x*x) computed from an
      exact split of x*x;
    - top_k: a stablehlo.while of k steps, each picking the largest
      remaining entry of every row (total order, lowest index first) with a
      two-operand stablehlo.reduce.

    An op the pass cannot decompose (bessel_i1e, polygamma, zeta,
    ragged_dot, complex operands of the special functions, top_k on a
    dynamic shape) stays, and the lowering to linalg reports it with its
    location.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

#endif // DISC_CONVERSION_CHLOTOSTABLEHLO_PASSES
