//===- Passes.td - Passes the disc phases add around upstream ones -------===//

#ifndef DISC_PIPELINE_PASSES
#define DISC_PIPELINE_PASSES

include "mlir/Pass/PassBase.td"

def DiscMarkEntryArgsReadOnly
    : Pass<"disc-mark-entry-args-read-only", "func::FuncOp"> {
  let summary = "Marks the tensor arguments of public functions not writable";
  let description = [{
    The inputs of an entry function are buffers the caller owns; the compiled
    code may read them but never write them. This sets
    `bufferization.writable = false` on every tensor argument of a public
    function with a body, so that One-Shot Bufferize copies before any
    in-place update instead of writing into an input.
  }];
  let dependentDialects = ["bufferization::BufferizationDialect"];
}

def DiscMathPolynomialApproximation
    : Pass<"disc-math-polynomial-approximation"> {
  let summary = "Replaces transcendental math ops by polynomial approximations";
  let description = [{
    Rewrites math ops such as tanh, exp, log, erf on f32 (scalars and vectors)
    into arithmetic, so that they vectorize and the model .so needs no libm
    call for them. Ops on f16/bf16 are computed in f32.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "math::MathDialect", "vector::VectorDialect"
  ];
}

def DiscMemrefCopyToLinalg : Pass<"disc-memref-copy-to-linalg"> {
  let summary = "Turns strided memref.copy ops into linalg.copy";
  let description = [{
    A memref.copy between buffers with identity layouts becomes a memcpy
    intrinsic; any other would become a call to MLIR's C runner library,
    which a model .so must not import. This rewrites those copies into
    linalg.copy, which the device phase lowers to loops (or to a kernel).
    With `include-contiguous`, copies between identity layouts are rewritten
    too: buffers on a GPU are out of reach of a host memcpy.
  }];
  let options = [
    Option<"includeContiguous", "include-contiguous", "bool",
           /*default=*/"false",
           "Also rewrite copies between identity layouts">,
  ];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def DiscLinalgContiguousInnerLoop
    : Pass<"disc-linalg-contiguous-inner-loop", "func::FuncOp"> {
  let summary = "Moves a reduction loop out so the innermost loop is contiguous";
  let description = [{
    A linalg op on buffers whose innermost loop is a reduction (a matmul's k)
    walks some operand with a stride in that loop. When the output's last
    dimension is a parallel loop that is the last, plain dimension of every
    operand that uses it (a matmul's j), this makes that loop the innermost
    one, so that the loops the device phase emits read and write unit-stride
    rows LLVM vectorizes. Each output element still accumulates its reduction
    in the same order, so results do not change.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def DiscFuseElementwiseOps : Pass<"disc-fuse-elementwise-ops"> {
  let summary = "Fuses elementwise ops on tensors, except into contractions";
  let description = [{
    Upstream's `linalg-fuse-elementwise-ops` (the same patterns: elementwise
    fusion of single-use producers, folding reshapes by expansion, constant
    folding, canonicalization), except that no producer is fused into a
    contraction (`linalg::isaContractionOpInterface`: a multiply-add over
    reduction loops). A fused producer would be recomputed for every output
    element that reads it, and the product, no longer a plain multiply-add
    of its inputs, could not become a library call (cuBLAS through
    `disc-linalg-matmul-to-ral`): the transposes, scales and dtype
    conversions that feed BERT attention's batched products stay ops of
    their own.
  }];
  let dependentDialects = [
    "affine::AffineDialect", "linalg::LinalgDialect", "memref::MemRefDialect"
  ];
}

#endif // DISC_PIPELINE_PASSES
