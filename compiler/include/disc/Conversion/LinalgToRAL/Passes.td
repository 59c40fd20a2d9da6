//===- Passes.td - Linalg ops as runtime library calls -----*- tablegen -*-===//

#ifndef DISC_CONVERSION_LINALGTORAL_PASSES_TD
#define DISC_CONVERSION_LINALGTORAL_PASSES_TD

include "mlir/Pass/PassBase.td"

def LinalgMatmulToRALPass
    : Pass<"disc-linalg-matmul-to-ral", "::mlir::func::FuncOp"> {
  let summary = "Turns matrix products on buffers into ral_gemm library calls";
  let description = [{
    Each linalg op on buffers that is a matrix product, `out += lhs * rhs`
    (`linalg.matmul`, `linalg.batch_matmul`, either with indexing maps that
    transpose an operand, or a `linalg.generic` of the same form: one
    reduction loop and a body that is one `arith.mulf` and one `arith.addf`),
    on memrefs of rank 2, or 3 or more with batch dimensions (those that
    lead the output), each with a unit innermost stride, becomes one
    `disc_ral.dispatch "ral_gemm"` call on `device` (docs/ABI.md) with the
    operands and whether each is transposed: cuBLAS on "gpu" (f32, f16 or
    bf16 throughout, or f16 or bf16 operands that the body widens with
    `arith.extf` into an f32 output), a tuned BLAS or oneDNN on "cpu" (f32,
    f64 or bf16 throughout, or bf16 operands widened into an f32 output). Several batch dimensions become one through a
    `memref.collapse_shape` of each operand, so a product is converted only
    when every operand's layout is known to let them collapse (contiguous
    batch strides). An operand whose batch dims do not lead (a dot_general
    with batching dims in the middle, attention written as einsum
    `bqhd,bkhd->bhqk`) is read through a `memref.transpose` that puts them
    first, its innermost dim kept innermost; two batch dims that still do
    not collapse are passed as they are to the rank-4 `ral_gemm` on "cpu",
    and on "gpu" become an `scf.for` over the first, each step one batched
    call on rank-3 subviews (cuBLAS takes one batch stride per operand).
    A product of an activation with several leading dims and
    a weight matrix (`[B, S, K] x [K, N]`, every dense layer of a
    transformer) is one product of `[B * S, K]` rows, its lhs and output
    collapsed the same way. The library overwrites the output, so a product
    is converted only when its output holds zeros: a `linalg.fill` with zero,
    or a `memref.copy` of a buffer holding zeros, initializes it earlier in
    the block with nothing in between that touches memory (that fill or copy
    is erased), or it is itself such a buffer of zeros. A buffer holds zeros
    when it is a fresh allocation that a zero fill in the block initializes
    and nothing uses before the product but copies out of it: the one zero
    tensor that several products share once CSE has merged their fills.

    Anything else, and every op of a function without a leading
    `!disc_ral.context` argument, is left as it is for the code generation
    that follows.
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"cpu\"",
           "The runtime device whose ral_gemm is called: cpu or gpu">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::disc_ral::RALDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def LinalgConvToRALPass
    : Pass<"disc-linalg-conv-to-ral", "::mlir::func::FuncOp"> {
  let summary = "Turns 2-D convolutions on buffers into ral_conv calls on the "
                "CPU";
  let description = [{
    Each `linalg.conv_2d_nhwc_hwcf` on f32 memrefs whose output holds zeros
    (as for disc-linalg-matmul-to-ral: a zero fill or a copy of zeros right
    before it, which is erased) becomes one
    `disc_ral.dispatch "ral_conv" device "cpu"` call (docs/ABI.md) with the
    input, the filter, the output, the window strides and dilations, the
    padding and a group count of 1. The runtime computes it with oneDNN,
    which overwrites the output.

    A `linalg.conv_2d_nhwgc_gfhwc` of G groups is the same call with G on
    NHWC and HWIO views of its operands: the input's and the output's
    N x H x W x G x C/G collapsed (or, for an input that is a view expanded
    from an NHWC buffer, that buffer), the G x F x H x W x I filter's G and
    F collapsed and its dims transposed to H x W x I x (G * F).

    The padding is taken back into the call where the input is how
    bufferization leaves a zero `tensor.pad`: a fresh buffer that only the
    convolution reads, filled with zeros (`linalg.fill` or `linalg.map`) and
    with another buffer copied into a subview of it that spans its batch
    and feature dims, nothing but fresh buffers written in between. The
    call then reads that other buffer, the subview's offsets are the
    padding above and to the left, the rest below and to the right, and
    the fill and the copy are erased (the fresh buffer is still allocated
    and freed, never touched).

    Anything else, and every op of a function without a leading
    `!disc_ral.context` argument, is left as it is.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::disc_ral::RALDialect",
  ];
}

#endif // DISC_CONVERSION_LINALGTORAL_PASSES_TD
