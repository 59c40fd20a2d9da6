//===- Passes.td - Linalg ops as GPU kernels ---------------*- tablegen -*-===//

#ifndef DISC_CONVERSION_LINALGTOGPU_PASSES_TD
#define DISC_CONVERSION_LINALGTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def DiscLinalgToGPULaunch
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

    A linalg op left on the host afterwards (a reduction), and any host
    `memref.load`, `memref.store` or `memref.copy` of a buffer, is an error:
    the buffers live on the device.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes each thread loads from an operand at once when vectorized">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // DISC_CONVERSION_LINALGTOGPU_PASSES_TD
