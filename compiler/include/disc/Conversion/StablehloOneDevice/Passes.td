//===- Passes.td - StableHLO for one device ----------------*- tablegen -*-===//

#ifndef DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES
#define DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES

include "mlir/Pass/PassBase.td"

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

#endif // DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES
