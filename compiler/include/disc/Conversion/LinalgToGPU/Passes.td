//===- Passes.td - Linalg ops as GPU kernels ---------------*- tablegen -*-===//

#ifndef DISC_CONVERSION_LINALGTOGPU_PASSES_TD
#define DISC_CONVERSION_LINALGTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def LinalgReductionToGPULaunchPass
    : Pass<"disc-linalg-reduction-to-gpu-launch", "::mlir::func::FuncOp"> {
  let summary = "Turns reductions on buffers into gpu.launch";
  let description = [{
    Each linalg op on buffers whose only reduction loop is its innermost (a
    reduction along rows: a reduce over the last dimension, a softmax's max
    and sum, a layer norm's mean) with one output and a body that folds each
    element into the output with one associative, commutative arith op (add,
    mul, min, max, and, or, xor; also when the body computes f16 or bf16 in
    f32 between an extf and a truncf) becomes one `gpu.launch` with one block
    per row. Each thread starts from the combiner's neutral element and
    folds in every `block-size`-th group of `vector-width` elements of its
    row (the body's elementwise part, loaded and computed as vectors under
    the same conditions as `disc-linalg-to-gpu-launch`); the block then
    combines the threads' values with a `gpu.all_reduce` (warp shuffles and
    shared memory), and its first thread folds the total into the output's
    value. Rows of a static size shorter than the block get fewer whole
    warps.

    Any other op with reduction loops whose outputs have one element per
    point of its parallel loops (a reduction over an outer dimension or over
    several, an argmax, a body of any other ops) becomes one `gpu.launch`
    with a thread per output element that runs the reduction loops in order
    from the output's value, as the op does; consecutive threads take
    consecutive points of the innermost parallel loop, so that a column
    reduction reads its rows coalesced.

    Named ops with reduction loops are generalized first. An op left as it
    is (outputs written more than once) is reported by
    `disc-linalg-to-gpu-launch`.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Most threads per block">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes each thread loads from an operand at once when vectorized">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def LinalgToGPULaunchPass
    : Pass<"disc-linalg-to-gpu-launch", "::mlir::func::FuncOp"> {
  let summary = "Turns elementwise linalg ops on buffers into gpu.launch";
  let description = [{
    Each linalg op on buffers whose loops are all parallel (a fused
    elementwise or broadcast group) becomes one `gpu.launch` over a 1-D grid
    of blocks of `block-size` threads; thread `t` computes the `t`-th group
    of `vector-width` consecutive elements of the iteration space.

    Elements are vectorized (`vector.load`/`vector.store` with the alignment
    of the whole vector, which the NVPTX backend turns into `ld.global.v4`)
    when the innermost loop has a static size that is a multiple of the
    vector width, the body is made of elementwise ops only, the output and
    every operand that reads along the innermost loop have it as their last
    dimension with an identity layout. An operand that does not depend on
    the innermost loop (a broadcast) is loaded once as a scalar and splat.
    Otherwise each thread computes one element.

    A linalg op left on the host afterwards (a reduction that
    `disc-linalg-reduction-to-gpu-launch` does not compile, reported with
    what keeps it from compiling), and any host `memref.load`, `memref.store` or
    `memref.copy` of a buffer, is an error: the buffers live on the device.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes each thread loads from an operand at once when vectorized">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // DISC_CONVERSION_LINALGTOGPU_PASSES_TD
