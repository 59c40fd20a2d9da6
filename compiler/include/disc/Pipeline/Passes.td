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

def DiscLinalgUpdateLoopStateInPlace
    : Pass<"disc-linalg-update-loop-state-in-place"> {
  let summary = "Lets elementwise ops write a loop's state over itself";
  let description = [{
    An elementwise linalg.generic (identity maps, no reduction) that writes a
    tensor.empty and is the only reader of a tensor an scf.while or scf.for
    body receives, of the result's type, at the same element, writes into
    that tensor instead. One-Shot Bufferize then updates the state in place
    and the loop yields the buffer it received, where it would otherwise
    copy the whole state once an iteration.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def DiscMathPolynomialApproximation
    : Pass<"disc-math-polynomial-approximation"> {
  let summary = "Replaces transcendental math ops by polynomial approximations";
  let description = [{
    Rewrites math ops such as tanh, exp, log, erf on f32 (scalars and vectors)
    into arithmetic, so that they vectorize and the model .so needs no libm
    call for them. Ops on f16/bf16 are computed in f32. A power whose
    exponent is a constant whole number from -1 to 4 becomes products.
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

def DiscCpuVectorizeRows : Pass<"disc-cpu-vectorize-rows", "func::FuncOp"> {
  let summary = "Vectorizes the elementwise steps of a row loop through the "
                "vector dialect";
  let description = [{
    In a loop by rows (an scf.parallel, as disc-linalg-fuse-rows and
    disc-cpu-parallel-for leave softmax's and layer norm's rows), each
    elementwise linalg op on buffers whose innermost loop has a static size
    and is the last, plain dimension of every operand that uses it (or not
    used, a broadcast) is tiled by one vector register along that loop
    (`vector-bits` over the widest element's bits: 16 f32 on AVX-512, 8 on
    AVX2, 4 on SSE) and each tile vectorized by linalg vectorization. When
    the size is not a multiple of the vector, the last tile is a masked one
    (masked loads and stores), so no scalar remainder loop is left. The
    transfers become loads and stores of one vector in disc's CPU lowering
    of vectors (disc-cpu-lower-vector-contractions).

    A reduction of the innermost loop on buffers (a row's max, sum or sum of
    squares, in a loop by rows or alone), whose combiner may be reassociated
    (see disc-cpu-parallel-reductions; f16 and bf16 combined in f32 and
    rounded back each step too) and whose body is otherwise elementwise and
    pure, becomes vector code: a parallel loop over its other loops, four
    vector accumulators over the row's whole vectors, a masked vector per
    step up to the row's end (the lanes past it hold the combiner's neutral
    element), and one horizontal vector.reduction into the output. Floats
    not marked reassoc keep LLVM's scalar, ordered loop.

    A reduction into the columns of its one output (its innermost loop
    parallel and contiguous, as disc-cpu-parallel-reductions leaves column
    sums and batch norm's statistics) keeps blocks of up to eight vectors of
    columns in registers over all of its reduction loops, taken in their
    order, so its results are the program's whatever the combiner; the
    columns past the last block are masked vectors. Either form leaves a
    static innermost loop shorter than a vector, and booleans, scalar.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "The width of the target's vector registers in bits">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def DiscCpuTileTransposes : Pass<"disc-cpu-tile-transposes", "func::FuncOp"> {
  let summary = "Runs an op that moves the innermost dimension in square "
                "blocks transposed in vector registers";
  let description = [{
    A linalg.generic on buffers that computes its one output elementwise
    (arith and math ops) from inputs read through permutations or
    broadcasts, where the loop of an input's last dimension is not the loop
    of the output's last dimension (a matrix transpose, NCHW to NHWC, a
    bias and activation written NCHW from an NHWC convolution; dimensions
    of one element do not count), reads one operand a whole cache line at a
    time and the other one element per line when lowered as loops. It is tiled by
    a square block along those two loops (`vector-bits` over the element's
    bits, at most 16: 16x16 f32 on AVX-512, 8x8 f64) and by one along every
    other loop, the tiles in an scf.parallel that disc-cpu-parallel-for runs
    on every core, and each block is vectorized by linalg vectorization:
    one vector per row read, a vector.transpose lowered to shuffles (the
    16x16 shuffle network for 32-bit elements), one vector per row written.
    A block that computes runs in the transposed input's order, so that
    only its result is transposed; where its body does not vectorize, the
    block stays loops.
    Blocks at the edges of sizes that are not multiples of the block, or
    dynamic, are masked. Copies inside a loop by rows are left to
    disc-cpu-vectorize-rows.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "The width of the target's vector registers in bits">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def DiscCpuParallelReductions
    : Pass<"disc-cpu-parallel-reductions", "func::FuncOp"> {
  let summary = "Splits a reduction whose outer loop reduces in chunks of "
                "columns or blocks of rows, so that it runs on every core";
  let description = [{
    A reduction over leading dimensions (a sum over the batch, the mean of
    batch norm over N, H and W of an NHWC tensor) has a reduction loop
    outermost and its output's columns innermost. Lowered to loops as it
    is, its only parallel loop sits inside the reduction loop, too fine to
    hand to the runtime's parallel-for, and the whole reduction runs on one
    core, as does a reduction to a scalar. A linalg op on tensors whose
    leading loop reduces is split in an scf.forall:

    * in blocks of rows, when its single output's combiner may be
      reassociated (an integer op, a float min/max, a float add or multiply
      marked reassoc, as disc's reductions are), the leading loop's trip
      count has a divisor from 2 to 8 (the largest is the block count) and
      each block reduces at least 64 rows (of all its reduction loops):
      each block reads whole rows, in memory order, into its own row of a
      tensor of partial results, filled with the combiner's neutral
      element, and a linalg.reduce then combines the partial rows into the
      output.
    * otherwise in chunks of columns, when its innermost loop is parallel
      and runs along the last dimension of its outputs, and it has at least
      two chunks of four vectors (`vector-bits` over the output element's
      bits): each chunk about an eighth of the columns and a multiple of
      the vector. Each chunk keeps the reduction's order, so results are
      bit-identical. Narrower chunks read a few cache lines of every row
      each and together take longer than one core reading whole rows.
    * otherwise in blocks of rows, as above, however few rows a block
      has.

    disc-cpu-parallel-for spreads the chunks or blocks over the cores when
    there is enough work. Ops inside a loop (a blocked solver's row step) are
    left alone: the loop's iterations are the work to spread there, and a
    parallel-for per iteration would cost more than it saves.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "The width of the target's vector registers in bits">,
  ];
  let dependentDialects = [
    "linalg::LinalgDialect", "scf::SCFDialect", "tensor::TensorDialect"
  ];
}

def DiscLinalgFoldConstantPermutations
    : Pass<"disc-linalg-fold-constant-permutations"> {
  let summary = "Lays a transposed constant out as its transpose writes it";
  let description = [{
    A linalg op that only permutes the elements of a constant (one input,
    parallel loops, permutation maps, a body that yields its input) becomes
    an arith.constant holding the permuted elements. It reads dense and
    dense_resource constants of byte-wide elements, so that the filters
    torch-mlir writes as OIHW blobs reach the convolution as HWIO constants
    instead of being transposed on every run.
  }];
  let dependentDialects = ["arith::ArithDialect", "linalg::LinalgDialect"];
}

def DiscLinalgFuseElementwise : Pass<"disc-linalg-fuse-elementwise"> {
  let summary = "Fuses elementwise linalg ops on tensors, leaving matrix "
                "products whole";
  let description = [{
    linalg-fuse-elementwise-ops (elementwise producers fused into their
    consumers, reshapes folded into linalg ops by expanding their loops,
    constant folding), except that nothing is fused into a contraction (a
    product: mul-add body, projected-permutation maps) and no reshape is
    folded into or out of one. Upstream's pass folds a reshape of a
    linalg.matmul's operand or result into the product, which turns it into
    a linalg.generic of another rank, and then fuses the producer of an
    operand into it (an im2col gather gives back the direct convolution);
    the library call for a product (cuBLAS on CUDA) needs the product as it
    was written, and the reshapes it leaves are views, which cost nothing.
    Likewise the transposes, scales and dtype conversions that feed BERT
    attention's batched products stay ops of their own; fused, they would be
    recomputed for every output element that reads them.
    A constant read at index 0 along unit dims (a C x 1 x 1 bias) becomes one
    without them, so that the reshape folds apply to its consumer. An
    elementwise result that one generic transposes and other generics read
    (a residual sum of an NCHW network) is written in the transposed layout,
    which the others then read through the inverse permutation. Last, an
    all-parallel generic whose innermost loop runs once loses that loop.
  }];
  let dependentDialects = [
    "affine::AffineDialect", "linalg::LinalgDialect", "memref::MemRefDialect",
    "tensor::TensorDialect"
  ];
}

def DiscLinalgWriteProductsTransposed
    : Pass<"disc-linalg-write-products-transposed", "func::FuncOp"> {
  let summary = "Writes a matrix product in the layout of the transpose "
                "that only copies it";
  let description = [{
    A product on tensors (a contraction whose output starts as a fill)
    whose result only feeds a linalg.generic that copies it with its dims
    moved (attention's context [B, H, S, D] -> [B, S, H, D]), maybe adding
    unit dims (by a tensor.expand_shape before the copy, or folded into it
    as loops that index nothing of the product), becomes one product whose
    output map takes the permutation; the copy goes and an expand_shape
    adding the unit dims follows the product. Only products the CPU's ral_gemm
    still takes are rewritten (its element types, one free and one
    contracting dim per operand, at most two batch dims, rhs's free dim
    innermost in the output): disc-linalg-matmul-to-ral hands the library a
    strided view of the output.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def DiscLinalgFuseRows : Pass<"disc-linalg-fuse-rows", "func::FuncOp"> {
  let summary = "Tiles ops that read a row reduction by rows, with their "
                "producers";
  let description = [{
    A linalg op on tensors fed by a reduction (softmax's division by the
    row's sum, layer norm's scaling by the row's variance) is tiled by one
    row in an scf.forall over its leading parallel loops, and each producer
    whose slice moves with the row (the reductions, the elementwise ops
    between them, their fills) is computed inside the loop for that row
    alone. A row's intermediates are then a row long and stay in cache
    between the steps; a producer whose slice does not move with the row (a
    reduction over the rows, a broadcast weight) stays whole outside, and
    products and convolutions are never tiled or fused, nor is a producer
    that something outside the row loop also reads (it is computed whole
    once; by rows it would be computed twice, and along a residual
    connection every earlier layer would be pulled into the loop), except
    one that reads no tensor (a fill), nor one outside the root's block (a
    loop body does not recompute what was computed before the loop). Ops
    whose row is
    not of static size, or whose row intermediates exceed 64 KiB, are left
    as they were.
  }];
  let dependentDialects = [
    "linalg::LinalgDialect", "scf::SCFDialect", "tensor::TensorDialect"
  ];
}

def DiscParallelLoopBuffersToStack
    : Pass<"disc-parallel-loop-buffers-to-stack", "func::FuncOp"> {
  let summary = "Makes small buffers private to a parallel loop's iteration "
                "stack buffers";
  let description = [{
    A memref.alloc of static shape and at most 64 KiB inside the body of an
    scf.forall or scf.parallel, all of whose uses are in that body and none
    of which lets it out (a yield, a return, a call), becomes a
    memref.alloca. Each iteration then takes its scratch space from the
    stack of the thread running it rather than from the runtime's
    allocator, and the loop keeps no runtime call, so disc-cpu-parallel-for
    can run it on every core (it moves such stack buffers to the entry of
    the function that runs a range of iterations).
  }];
  let dependentDialects = ["memref::MemRefDialect"];
}

def DiscCpuTileContractions
    : Pass<"disc-cpu-tile-contractions", "func::FuncOp"> {
  let summary = "Tiles matrix products for the cache and the registers and "
                "vectorizes their register tiles";
  let description = [{
    For the CPU without a library (`--cpu-library=none`): each f32, f64,
    i32 or i64 (f16 or bf16 inputs into f32, i8 or i16 inputs into i32)
    contraction on tensors (linalg.matmul, batch_matmul, or a linalg.generic
    contraction as dot_general lowers to, with at least one m, n and k loop)
    is tiled twice. The outer tiles (every batch and outer m/n loop by one,
    the innermost m loop by 8 register tiles, the output's contiguous n loop
    by 4) form an scf.forall that disc-cpu-parallel-for runs on every core,
    with the fill of the output fused into each tile. Each outer tile walks
    k in blocks whose slice of B takes 64 KiB (128 rows of f32 on AVX-512)
    and copies that slice into a buffer of a whole block's static size (on
    its thread's stack, see disc-parallel-loop-buffers-to-stack), where its
    rows lie 512 bytes apart instead of a row of B: the register tiles then
    read it from the L2 cache with the prefetchers' help.
    Inside, register tiles of `register-rows` x 2 vectors of `vector-bits`
    walk the block with k innermost, one k step at a time; the loops are
    peeled so that every full register tile has a static shape. It becomes
    one vector.contract per row (A's element times B's row, into the row's
    accumulator vector), and the accumulators stay in registers across k:
    their reads and writes are hoisted out of the k loops, which carry them
    as values. A B whose columns (n) are not its contiguous dimension (a
    transposed weight, attention's q * k^T) is read from a transposed copy
    (linalg.transpose, one pass over B), so that a row of B is one vector
    load rather than a gather. At a dynamic edge (a dynamic
    size, the last outer tile of an odd one), the rows left over become
    register tiles of one row, vectorized likewise; the columns left over
    (fewer than two vectors) are register tiles of two vectors all the same,
    vectorized with masks that are then dropped: their accumulators and
    rows of B are read and written not in bounds (padded past the edge,
    nothing written there), and carried through the k loop like a full
    tile's. A register tile has fewer rows than `register-rows` where that
    leaves fewer rows over at a static edge (7 rows for 7, 14 or 28).
    A 2-D convolution (linalg.conv_2d_nhwc_hwcf, f32 or f64, static filter)
    is tiled the same way, reading its windows in place rather than an
    im2col copy: its output columns are the register tile's rows, its output
    channels the columns, its filter taps and input channels the k loops
    (innermost, the accumulators carried across all three). An outer tile
    takes as many whole output rows as fit in 8 register tiles' rows (all 7
    of a 7x7 image), and the input channels come in blocks whose filter
    slice fits the 64 KiB buffer it is copied into; each register
    tile, one output row and one filter tap, becomes a 1-D convolution that
    the vectorizer makes one vector.contract per output column. A product
    of f16 or bf16 values into an f16 or bf16 result is computed as XLA
    computes it: a linalg.generic contraction into an f32 copy of its output
    (its fill made in f32), tiled as above with the inputs widened as the
    register tiles read them (the extension folded into the
    vector.contract), then one linalg.generic rounding the result once.
    A product of a matrix and a vector (every loop but one parallel and one
    reduction loop of size 1: linalg.matvec, linalg.vecmat, a batch-1 dense
    layer, f32 or f64, f16 or bf16 inputs into f32) gets loops of its own
    (disc/Pipeline/CpuVectorProducts.h), which read the matrix once along
    its contiguous dimension and copy nothing (a product reading its matrix
    through a transpose, as JAX prints x * W^T, reads the transpose's input
    in place where that makes it a matrix-vector product, a linalg.generic):
    where that is the reduction
    (x * W^T, linalg.matvec), blocks of 8 register tiles of `register-rows`
    outputs in parallel, each output's dot product summed in its own vector
    through k (the last vector read not in bounds) and reduced at the end;
    where it is the output's (x * W, linalg.vecmat), blocks of 4 register
    tiles of `register-rows` vectors of consecutive outputs carried through
    blocks of 64 rows of the matrix (each block's tiles in turn, so that
    each row's 2 KiB piece is read in order), each row a broadcast of the
    vector's element times the matrix's row, the vectors left over at the
    edge read and written not in bounds. A product that would be one if a
    dynamic parallel loop had a size of 1 (a dense layer of a dynamic batch)
    is put under an scf.if on that size: the product of its one row in
    those loops at a batch of 1, the matrix product's tiles otherwise.
    Convolutions of other element types are left as they are.

    With `library-products` (the CPU with its libraries), the products the
    runtime's libraries compute (f32 and f64 throughout, bf16 ones into a
    bf16 or f32 matrix, and the f32 convolutions) are left to them, and so
    are f16 ones into an f16 or f32 matrix, rewritten as the f32 product of
    their inputs widened first (exactly), an f16 result rounded once; the
    others (f16 and bf16 matrix-vector ones, summing in f32, and integer
    ones) are tiled as above. A product left to them that reads a matrix
    through a transpose of its last two dims (x * W^T as JAX prints it, at
    any batch; an operand of higher rank only where all have one rank) reads
    the transpose's input in place, a linalg.generic whose map
    disc-linalg-matmul-to-ral turns into the library's transpose flag, and
    the transpose, left unused, is erased. Of those, the products of a
    matrix and a vector whose lines are dot products (linalg.matvec, x * W^T
    at batch 1, and under the scf.if above at a dynamic batch of 1, the fill
    of the output then made in both branches) or whose output is a vector
    (which ral_gemm does not take) get the loops above; x * W at batch 1
    stays a library call.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "The width of the target's vector registers in bits">,
    Option<"registerRows", "register-rows", "int64_t", /*default=*/"8",
           "Rows of a register tile (vector registers / 4 on AVX2)">,
    Option<"libraryProducts", "library-products", "bool", /*default=*/"false",
           "Leave the f32, f64, bf16 and (widened) f16 products and f32 "
           "convolutions to the runtime's libraries">,
  ];
  let dependentDialects = [
    "affine::AffineDialect", "arith::ArithDialect", "linalg::LinalgDialect",
    "scf::SCFDialect", "tensor::TensorDialect", "vector::VectorDialect"
  ];
}

#endif // DISC_PIPELINE_PASSES
