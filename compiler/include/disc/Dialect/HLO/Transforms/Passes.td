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

def WidenNarrowAccumulationsPass
    : Pass<"disc-widen-narrow-accumulations", "ModuleOp"> {
  let summary = "Accumulates products and sums of bf16 and f16 in f32";
  let description = [{
    As PyTorch and XLA do: a dot_general or convolution of bf16 or f16
    operands with a bf16 or f16 result computes an f32 result (the operands
    stay narrow) and converts it; a reduce or reduce_window of one bf16 or
    f16 operand whose body is an add sums the operand converted to f32 and
    converts the sum. A narrow accumulator loses a bit a term: one of 8
    mantissa bits stops growing at 256 times a term. Without `products`
    (the CUDA target, whose products cuBLAS accumulates in f32 already),
    only the sums are widened.
  }];
  let options = [
    Option<"products", "products", "bool", /*default=*/"true",
           "Also compute bf16 and f16 products into f32">,
  ];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def FoldScalesIntoConvolutionsPass
    : Pass<"disc-fold-scales-into-convolutions", "ModuleOp"> {
  let summary = "Folds an inference batch norm's per-channel products into "
                "the convolution's filter";
  let description = [{
    Elementwise ops, converts, reshapes and broadcasts of small f32 or f64
    constants (at most 2^16 elements) are computed. A product by a constant
    broadcast along one dim (or a splat) moves in front of an addition or
    subtraction of another such constant: `(y - m) * s` becomes
    `y * s - m * s`. A convolution with a constant f32 filter times a
    constant along its output feature dim becomes the convolution with each
    output channel of the filter scaled. An inference batch norm as
    torch-mlir writes it, `((conv - mean) * rsqrt(var + eps)) * gamma + beta`,
    is then a convolution and a per-channel bias.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def ExpandRngPass : Pass<"disc-expand-rng", "ModuleOp"> {
  let summary = "Expand rng_bit_generator and rng into elementwise stablehlo "
                "ops";
  let description = [{
    rng_bit_generator computes the bits XLA computes (its
    RngBitGeneratorExpander), bit for bit:

    - THREE_FRY, state `[key, counter]` (tensor<2xui64>): Threefry-2x32 with
      20 rounds. A 64-bit element is the hash of `counter + i` (i its
      row-major position), low word first. Narrower elements come two per
      hash: the first dimension of even size (else the first largest one) is
      halved, element j along it taking word j % 2 of the hash of its
      position in the halved shape. The new state is `[key, counter + n]`, n
      the number of hashes.
    - PHILOX and DEFAULT (XLA's CPU and GPU pick PHILOX), state
      `[key, counter_low]` (the key then also serves as the counter's high
      word) or `[key, counter_low, counter_high]` (tensor<3xui64>):
      Philox-4x32 with 10 rounds of the 128-bit counter `counter + j`, whose
      four words are elements 4j..4j+3 (32 bits and narrower) or whose two
      word pairs are elements 2j, 2j+1 (64 bits). The new state holds the
      counter advanced by the number of hashes, in as many words as came in.

    Elements narrower than 32 bits keep the low bits of a 32-bit one; float
    elements are the bits of the unsigned integer of their width. Every
    element computes its counter from iotas, so the expansion is one
    elementwise computation the linalg phase fuses and vectorizes.

    An output of dynamic shape comes as JAX exports it:
    `stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%state,
    %shape)` with an `rng_algorithm` attribute, its results the next state
    and the output. The same bits are computed on the run-time shape
    (dynamic iotas and broadcasts; THREE_FRY's halved dimension, which
    depends on the sizes, chosen at run time). An rng_bit_generator op of
    dynamic output (which has no sizes to take), an i1 output, or a state
    of another type is an error naming what the op needs.

    rng's values are implementation-defined; disc's are Threefry-2x32
    hashes of each element's row-major position under a key that numbers
    the op among the module's rng ops (0, 1, ...). So a program draws the
    same values on every run, and its rng ops draw different ones.

    - UNIFORM, integers (8 to 64 bits): `a + r mod (b - a)`, r 32 random
      bits (64 for 64-bit elements), in unsigned arithmetic of the
      element's width.
    - UNIFORM, floats: `a + u * (b - a)`, u in [0, 1) from the top
      mantissa-width bits of r (every u exact); a value that rounds up to b
      becomes a, so every value lies in [a, b).
    - NORMAL, floats: Box-Muller, `a + b * sqrt(-2 log(1 - u1)) *
      cos(2 pi u2)`, computed in f32 (f64 for f64 elements) from the two
      words of one hash (two 64-bit hashes for f64).

    A result of dynamic shape, an i1 or narrower element type, or NORMAL on
    integers is an error naming what the op needs.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def ExpandQuantizationPass : Pass<"disc-expand-quantization", "ModuleOp"> {
  let summary = "Compute uniform_quantize, uniform_dequantize and every op on "
                "quantized tensors on their storage integers and expressed "
                "floats";
  let description = [{
    Removes the quant dialect's uniform quantized element types, per tensor
    and per axis, as the StableHLO spec defines them. A quantized tensor
    becomes the tensor of its storage integers (`i8` for signed storage,
    `ui8` for unsigned), and:

    - uniform_dequantize: `(convert(storage) - zero_point) * scale` in the
      expressed type, the difference taken exactly in i32 (i64 for 32-bit
      storage) as the StableHLO interpreter takes it;
    - uniform_quantize: `convert(round_nearest_even(clamp(storage_min,
      x / scale + zero_point, storage_max)))` into the storage type; from a
      quantized operand (requantization) it dequantizes first;
    - bitcast_convert to or from a quantized type is a bitcast_convert of
      its storage type, and a quantized constant the constant of its
      storage integers;
    - an op with regions (reduce, sort, while, ...) and a call of a function
      of the module take and return the storage, their region arguments and
      terminators too; the ops inside expand as any other, so a body on
      quantized scalars computes as the spec's interpreter evaluates it.
      an operand of reduce, reduce_window, scatter or select_and_scatter
      that the body takes in another (wider) quantized type is converted to
      it first (`to_destination_type`);
    - an op that only moves elements (reshape, transpose, broadcast, slices,
      concatenate, pad, reverse, select, gather, ...) whose quantized
      operands and results share one quantization moves the storage, exact
      for any storage width;
    - any other op dequantizes its quantized operands, runs in the expressed
      type and quantizes its quantized results (the spec's
      dequantize-op-quantize).

    Per-axis scales and zero points are broadcast along the
    quantization_dimension, on static or dynamic shapes. Quantized arguments
    and results of a function become its storage type. An op outside
    StableHLO on quantized tensors (but a call) is an error naming the op.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def FoldDotBroadcastsPass : Pass<"disc-fold-dot-broadcasts", "ModuleOp"> {
  let summary = "Multiply a batch by one matrix as one product, instead of "
                "by a copy of the matrix per batch element";
  let description = [{
    A dot_general of [B..., M, K] by a [K, N] (or [N, K]) matrix that a
    broadcast_in_dim copies over the batch dims [B...] becomes a product of
    the lhs's rows, reshaped to [B * M, K], by the matrix itself, reshaped
    back. PyTorch's linear layer on a sequence-major input (ViT's
    attention) is the case: the broadcast was a copy of the weight per
    batch element, 1.4 GB per in-projection for ViT-B/16 at batch 8.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def FoldDotTransposesPass : Pass<"disc-fold-dot-transposes", "ModuleOp"> {
  let summary = "Fold transposes into the dot_general products that read "
                "them, as XLA's transpose folding";
  let description = [{
    A transpose (seen through a reshape after it that only drops unit dims)
    whose only user is a dot_general becomes part of the product's batching
    and contracting dimensions: the product reads the transpose's input,
    which the CPU's ral_gemm takes as a strided view, instead of a
    transposed copy. Attention's q * k^T and its head splits are the case.
    The result's dims do not move (one free dim per operand keeps their
    order). Only products ral_gemm still takes on the CPU are folded: f32 or
    f64 throughout, or bf16 operands; one contracting and one free dim per
    operand; at most two batch dims; the folded operand's innermost dim not
    a batch dim.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def StablehloOneDevicePass : Pass<"disc-stablehlo-one-device", "ModuleOp"> {
  let summary = "Rewrite the ops of several devices, tokens, tuples, "
                "composites and dynamic forms into static one-device stablehlo";
  let description = [{
    disc runs a program as one replica of one partition, so:

    - all_reduce, all_gather, all_to_all, reduce_scatter and
      collective_broadcast of a group of one return their operands;
      collective_permute returns its operand when a pair sends from this
      process to itself and zeros when none does; replica_id and
      partition_id are 0. A program naming more than one process (in
      replica_groups, source_target_pairs or the module's
      mhlo.num_replicas/mhlo.num_partitions) is an error naming the count.
    - after_all and create_token carry no data and are removed once
      nothing uses their token; infeed, outfeed, send and recv are an error
      naming the op (no host queue, no peer).
    - get_tuple_element of a tuple forwards the element; the tuple goes
      when unused.
    - composite is replaced by the body of its decomposition function.
    - dynamic_pad, dynamic_gather and dynamic_conv with a static result
      type become gather, select and convolution ops whose sizes come from
      the result type, their run-time operands (padding, starts, strides)
      staying run-time values (real_dynamic_slice has a lowering of its own).
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def SimulateProcessesPass : Pass<"disc-simulate-processes", "ModuleOp"> {
  let summary = "Run every process of a multi-replica, multi-partition "
                "program in one entry on one device";
  let description = [{
    For a module whose `mhlo.num_replicas` R and `mhlo.num_partitions` P
    make more than one process (disc-compile --simulate-processes), every
    public function becomes one that takes the arguments of every process
    and returns the results of every process, process 0's first, where
    process `replica * P + partition` is numbered as the spec numbers it.
    Its body is copied once per process, op by op in step; replica_id and
    partition_id become each copy's constants, and each collective becomes
    stablehlo ops over the copies' operands, with the process groups of the
    spec (cross_replica, cross_partition, cross_replica_and_partition,
    flattened_ids, chosen by channel_handle and use_global_device_ids; no
    groups means all):

    - all_reduce: the body folded over the group in the group's order (a
      stablehlo.map per result); reduce_scatter: that, split along
      scatter_dimension; collective_reduce: that, on the group's first
      process, zeros on the others.
    - all_gather: the group's operands concatenated along all_gather_dim.
    - all_to_all: each operand split into split_count parts along
      split_dimension, part i of every sender concatenated along
      concat_dimension for the i-th receiver.
    - collective_permute: the source's operand, zeros where no pair
      targets the process.
    - collective_broadcast: the group's first process's operands (with
      has_dynamic_root, the process at the index the receiver's root
      operand holds, per data operand), zeros outside every group.

    A sharded program (an sdy.mesh, or GSPMD's mhlo.sharding: what
    jax.jit with shardings, jax.pmap and jax.shard_map print) is global
    instead: its entry keeps its signature and runs once, and each
    sdy.manual_computation
    (every mesh axis manual, no sub-axes, no device_ids) runs its body once
    per device (device d at the row-major position d of the mesh, the
    partition id d) on the device's shard of each operand, sliced as its
    in_sharding splits it; each result is the devices' results
    concatenated as its out_sharding splits it, taken from the devices at
    0 along the axes it does not split. The meshes go. GSPMD's manual
    regions (custom_call @SPMDFullToShardShape) are an error.

    A while, if or case whose regions hold a collective is one op for all
    processes, its regions copied in step the same way (nested ones too): a
    while carries every process's values and its condition fails the run
    (an @shape_assertion naming the op and each process's condition) unless
    the processes agree; an if or case takes process 0's branch, after the
    same check that every process takes it, which is left out where the
    predicate or index is provably the same on every process (computed
    without side effects from constants, ids the grid gives one value, and
    all_reduce or all_gather over one group of all). Control flow without
    collectives is copied per process like any op.

    The module then says 1 replica and 1 partition. A collective inside
    another region (a map's, a reduce's, ...), in a function other than a
    public one, or, in a Shardy program, outside a manual computation is an
    error naming the op, as its copies cannot be paired by order; infeed
    and outfeed are an error naming the op.

    The module attribute `disc.process_programs = {NAME = [@f0, @f1,
    ...]}` gives each process a function of its own: the pass builds the
    public function NAME that takes and returns every process's values
    (tokens left out: each process starts from a token of its own), runs
    each process's function until its next send or recv, and meets a send
    with the recv on the same channel of another process, in order, the
    recv's results becoming the send's operands; the named functions go.
    Sends or receives that would wait forever, a recv whose types differ
    from its send's, a send or recv in a region and collectives in such
    functions are errors naming the op, as are send and recv in an entry
    every process runs. A module of one process is left as it is.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def ShardyOneDevicePass : Pass<"disc-shardy-one-device", "ModuleOp"> {
  let summary = "Drop JAX's Shardy (sdy) sharding annotations on one device";
  let description = [{
    On one device every sharding is the whole value, so: sdy.mesh
    declarations are removed, as are `sdy.` attributes (sharding, sharding
    rules) on ops, function arguments and results; sharding_constraint and
    reshard return their operand; manual_computation is replaced by its
    body. A mesh of more than one device, or a manual_computation whose body
    sees a shard rather than the whole value, is an error naming the count
    or the types.
  }];
}

def LapackCustomCallsPass : Pass<"disc-lapack-custom-calls", "ModuleOp"> {
  let summary = "Rewrite JAX's CPU LAPACK custom calls into stablehlo ops";
  let description = [{
    JAX lowers linear algebra on the CPU to custom calls of its LAPACK
    kernels (`lapack_<t><routine>_ffi`, or the older `lapack_<t><routine>`
    and `blas_<t>trsm`, where <t> is s, d, c or z). disc has no such
    kernels, but has the ops they compute:

    - trsm becomes stablehlo.triangular_solve, its side, uplo, trans_x and
      diag characters read from the mhlo.backend_config (or
      backend_config) dictionary; the result aliasing the right-hand side
      is only XLA's buffer reuse.
    - potrf becomes stablehlo.cholesky plus its `info` result: 0 when the
      factorization succeeds, 1 when the matrix is not positive definite
      (JAX only tests info against 0 and masks the factor with NaN).

    Any other LAPACK routine (getrf, geqrf, orgqr, syevd, gesdd, ...) is an
    error naming the routine.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

#endif // DISC_DIALECT_HLO_TRANSFORMS_PASSES
