//===- Passes.td - CPU code generation ---------------------*- tablegen -*-===//

#ifndef DISC_CODEGEN_CPU_PASSES_TD
#define DISC_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CpuParallelReductionsPass
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

def CpuTileContractionsPass
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
    (disc/Codegen/CPU/CpuVectorProducts.h), which read the matrix once along
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

def CpuTileTransposesPass : Pass<"disc-cpu-tile-transposes", "func::FuncOp"> {
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

def CpuVectorizeRowsPass : Pass<"disc-cpu-vectorize-rows", "func::FuncOp"> {
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

def LinalgFuseRowsPass : Pass<"disc-linalg-fuse-rows", "func::FuncOp"> {
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

def LinalgWriteProductsTransposedPass
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

def ParallelLoopBuffersToStackPass
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

def CpuLowerVectorContractionsPass
    : Pass<"disc-cpu-lower-vector-contractions", "::mlir::func::FuncOp"> {
  let summary = "Lowers the register tiles of products to FMAs on whole "
                "vector registers";
  let description = [{
    The vector.contract ops of disc-cpu-tile-contractions become one
    vector.outerproduct per k step and then a vector.fma per accumulator
    row (a broadcast element of A times a row of B); the transposes,
    broadcasts and shape casts around them are lowered, and transfers of
    more than one dimension are unrolled (fully, their shapes being those of
    a register tile) into transfers of one row, which the LLVM lowering
    turns into vector loads and stores (or scalar ones for a column of A);
    a row at a dynamic edge, not in bounds, into a masked load or store of
    the lanes before the edge. The masks of masked transfers (the last
    vector of a row that disc-cpu-vectorize-rows vectorizes) become
    comparisons of a lane index vector, and the transfers masked loads and
    stores. What is left is the vector form the LLVM phase lowers.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def CpuParallelForPass : Pass<"disc-cpu-parallel-for", "::mlir::ModuleOp"> {
  let summary = "Runs the outer parallel loops on every core";
  let description = [{
    Each outermost `scf.parallel` of a function whose first argument is a
    `!disc_ral.context`, with enough work to pay for a hand-off to other
    threads, becomes a `disc_ral.parallel_for` over its first dimension:
    the loop moves into a new private function
    `@<function>_parallel_<N>(%captures: !llvm.ptr, %begin: index,
    %end: index)` that runs iterations [begin, end) of that dimension (and
    all of the others), and the runtime splits the iterations among the
    cores (`ral_parallel_for`, docs/ABI.md).

    Constants, views and other pure ops the loop uses are cloned into it; the
    values still defined outside (buffer pointers, identity-layout memrefs,
    scalars) are stored into one stack array of 8-byte slots in the caller,
    `captures`, and loaded back in the body (an identity-layout memref as its
    aligned pointer and dynamic sizes). The grain, the fewest iterations a
    chunk gets, makes each chunk at least `min-chunk-work` operations:
    a loop's work is the number of ops in its body (a vector op counting
    its lanes) times the trip counts of every loop in it, a dynamic trip
    count counting as 64.

    When the first dimension has fewer than 8 iterations (a batch of 1),
    the leading dimensions are merged into one first (scf.parallel
    collapsing), all of them when the body has loops of its own (a loop over
    rows) and all but the innermost otherwise (the contiguous loop of an
    elementwise nest stays a loop LLVM vectorizes).

    A loop stays as it is when its statically known work is below twice
    `min-chunk-work`, or when it does more than load, store, compute and
    take scratch buffers of static size on the stack: a runtime call, an
    allocation from the runtime, or a value it would have to capture that
    is neither a scalar, a pointer nor an identity-layout memref.

    Every stack buffer of static size left in a loop (a row's scratch
    buffers from disc-parallel-loop-buffers-to-stack) then moves to the
    entry of its function: each outlined function runs its range of
    iterations one after the other on one thread, and so does a loop that
    was not outlined, so one buffer serves all the iterations instead of the
    stack growing with each.
  }];
  let options = [
    Option<"minChunkWork", "min-chunk-work", "int64_t", /*default=*/"32768",
           "The fewest operations one chunk of a parallel loop runs">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::disc_ral::RALDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def CpuStreamingStoresPass
    : Pass<"disc-cpu-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "Writes large elementwise outputs with non-temporal stores";
  let description = [{
    An outermost `scf.parallel` whose body is elementwise along its
    innermost dimension (from 0, step 1, a constant trip count) becomes a
    loop over whole cache lines of that dimension when it writes at least
    `min-bytes` into buffers from `ral_alloc`: each line is computed as a
    vector of 64 bytes (16 f32), loads along the dimension become
    `vector.load`, values that do not vary along it are broadcast, and each
    store becomes a `vector.store {nontemporal = true, alignment = 64}`.
    What remains of a one-dimensional loop after its last whole line stays
    a loop of scalars.

    A non-temporal store writes a line without first reading it from memory
    (a plain store of a line the cache does not hold reads it, only to
    overwrite it), so an output larger than the cache costs one pass over
    memory instead of two. The lines are not kept in the cache, which is
    why only outputs larger than it are written this way: the default
    `min-bytes`, 32 MiB, is the last-level cache of a large server CPU (an
    output that fits would be read back from the cache by what uses it
    next).

    A loop qualifies when its body is loads, stores and pure elementwise
    ops, the stores write consecutive elements along the innermost
    dimension of static-shape, identity-layout buffers that `ral_alloc`
    made (64-byte aligned, docs/ABI.md) with one element size among them,
    no load reads a buffer the loop writes, nothing but the loads and the
    stores' last index uses the induction variable, and, for a loop of more
    than one dimension, the innermost trip count and the buffers' rows are
    whole lines (so that every store is aligned).
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"32 << 20",
           "The fewest bytes a loop must write to be rewritten">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // DISC_CODEGEN_CPU_PASSES_TD
