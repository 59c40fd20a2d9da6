"""disc-compile --simulate-processes: programs of several replicas and
partitions run all their processes on one device. Without Shardy the entry
takes every process's inputs and returns every process's results, process
(replica * partitions + partition) 0's first; a sharded program (jax.jit
with shardings, jax.pmap, shard_map) keeps its global entry, run once, and
runs its manual computations per device.
Each is checked against numpy computing every process and its collectives
by hand; and the errors for what cannot be simulated."""

import os

import numpy as np

from e2e import DATA, Case, jax_module, jax_printed, random_array, rng, run, tensor_type

FLAG = ["--simulate-processes"]
def body(element, op="add"):
    return [
        "^bb0(%%a: tensor<%s>, %%b: tensor<%s>):" % (element, element),
        "  %%s = stablehlo.%s %%a, %%b : tensor<%s>" % (op, element),
        "  stablehlo.return %s : tensor<%s>" % ("%s", element),
    ]


def grid_module(args, results, lines, replicas, partitions):
    return jax_module(args, results, lines).replace(
        "mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32",
        "mhlo.num_partitions = %d : i32, mhlo.num_replicas = %d : i32" % (partitions, replicas))


def data_parallel_step_case(g):
    """A jax.pmap training step of linear regression on 4 replicas: each
    computes its batch's gradient, psum averages them, each updates w."""
    replicas, batch, features = 4, 8, 5
    xs = [random_array(g, (batch, features), "f32") for _ in range(replicas)]
    ys = [random_array(g, (batch,), "f32") for _ in range(replicas)]
    w = random_array(g, (features,), "f32")
    xt, yt, wt = (tensor_type((batch, features), "f32"), tensor_type((batch,), "f32"),
                  tensor_type((features,), "f32"))
    mlir = grid_module([("x", xt), ("y", yt), ("w", wt)], [(wt, "w")], [
        "%%p = stablehlo.dot_general %%arg0, %%arg2, contracting_dims = [1] x [0] : "
        "(%s, %s) -> %s" % (xt, wt, yt),
        "%%e = stablehlo.subtract %%p, %%arg1 : %s" % yt,
        "%%g = stablehlo.dot_general %%arg0, %%e, contracting_dims = [0] x [0] : "
        "(%s, %s) -> %s" % (xt, yt, wt),
        '%sum = "stablehlo.all_reduce"(%g) <{replica_groups = dense<[[0, 1, 2, 3]]> : '
        "tensor<1x4xi64>}> ({"] + body("f32") + ["}) : (%s) -> %s" % (wt, wt),
        "%%rate = stablehlo.constant dense<%r> : %s" % (0.1 / (replicas * batch), wt),
        "%%step = stablehlo.multiply %%sum, %%rate : %s" % wt,
        "%%0 = stablehlo.subtract %%arg2, %%step : %s" % wt,
        "return %%0 : %s" % wt], replicas, 1)
    inputs = [a for r in range(replicas) for a in (xs[r], ys[r], w)]
    gradient = sum(xs[r].T @ (xs[r] @ w - ys[r]) for r in range(replicas))
    updated = (w - gradient * np.float32(0.1 / (replicas * batch))).astype(np.float32)
    return Case("pmap_data_parallel_step", mlir, inputs, lambda *args: [updated] * replicas,
                atol=1e-4, rtol=1e-4, compile_args=FLAG)


def ids_and_gather_case(g):
    """2 replicas x 2 partitions: each scales its x by its flattened id
    (replica * 2 + partition, from replica_id and partition_id) and
    all_gathers the results over processes {0, 3} and {1, 2} named by
    flattened ids (use_global_device_ids)."""
    xs = [random_array(g, (3,), "f32") for _ in range(4)]
    t, out = "tensor<3xf32>", "tensor<6xf32>"
    mlir = grid_module([("x", t)], [(out, "gathered")], [
        "%r = stablehlo.replica_id : tensor<ui32>",
        "%p = stablehlo.partition_id : tensor<ui32>",
        "%two = stablehlo.constant dense<2> : tensor<ui32>",
        "%r2 = stablehlo.multiply %r, %two : tensor<ui32>",
        "%id = stablehlo.add %r2, %p : tensor<ui32>",
        "%f = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>",
        "%%b = stablehlo.broadcast_in_dim %%f, dims = [] : (tensor<f32>) -> %s" % t,
        "%%s = stablehlo.multiply %%arg0, %%b : %s" % t,
        '%%0 = "stablehlo.all_gather"(%%s) {all_gather_dim = 0 : i64, replica_groups = '
        "dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>, channel_handle = "
        "#stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : "
        "(%s) -> %s" % (t, out),
        "return %%0 : %s" % out], 2, 2)
    scaled = [xs[i] * np.float32(i) for i in range(4)]
    first, second = np.concatenate([scaled[0], scaled[3]]), np.concatenate([scaled[1], scaled[2]])
    return Case("ids_and_flattened_all_gather", mlir, xs,
                lambda *args: [first, second, second, first], compile_args=FLAG)


def all_to_all_case(g):
    """4 replicas exchange the quarters of their columns (jax.lax.all_to_all)."""
    xs = [random_array(g, (2, 8), "f32") for _ in range(4)]
    t, out = "tensor<2x8xf32>", "tensor<8x2xf32>"
    mlir = grid_module([("x", t)], [(out, "result")], [
        '%%0 = "stablehlo.all_to_all"(%%arg0) {split_dimension = 1 : i64, concat_dimension = '
        "0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : "
        "tensor<1x4xi64>} : (%s) -> %s" % (t, out),
        "return %%0 : %s" % out], 4, 1)
    expected = [np.concatenate([xs[s][:, 2 * r:2 * r + 2] for s in range(4)], axis=0)
                for r in range(4)]
    return Case("all_to_all_four_replicas", mlir, xs, lambda *args: expected,
                compile_args=FLAG)


def reduce_scatter_case(g):
    """2 partitions with a channel (cross_replica_and_partition): the
    element-wise max of both, each keeping its half of the rows."""
    xs = [random_array(g, (4, 3), "f32") for _ in range(2)]
    t, out = "tensor<4x3xf32>", "tensor<2x3xf32>"
    mlir = grid_module([("x", t)], [(out, "result")], [
        '%0 = "stablehlo.reduce_scatter"(%arg0) <{scatter_dimension = 0 : i64, '
        "replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = "
        "#stablehlo.channel_handle<handle = 1, type = 1>}> ({"] + body("f32", "maximum") +
        ["}) : (%s) -> %s" % (t, out), "return %%0 : %s" % out], 1, 2)
    whole = np.maximum(xs[0], xs[1])
    return Case("reduce_scatter_max_partitions", mlir, xs,
                lambda *args: [whole[:2], whole[2:]], compile_args=FLAG)


def ring_permute_case(g):
    """jax.lax.ppermute around a ring of 3 replicas, then one step more to
    replica 0 from 2 only: replica 1 and 2 receive nothing the second time."""
    xs = [random_array(g, (2, 2), "f32") for _ in range(3)]
    t = "tensor<2x2xf32>"
    mlir = grid_module([("x", t)], [(t, "ring"), (t, "once")], [
        '%%0 = "stablehlo.collective_permute"(%%arg0) {source_target_pairs = '
        "dense<[[0, 1], [1, 2], [2, 0]]> : tensor<3x2xi64>} : (%s) -> %s" % (t, t),
        '%%1 = "stablehlo.collective_permute"(%%0) {source_target_pairs = '
        "dense<[[2, 0]]> : tensor<1x2xi64>} : (%s) -> %s" % (t, t),
        "return %%0, %%1 : %s, %s" % (t, t)], 3, 1)
    zeros = np.zeros((2, 2), np.float32)
    return Case("ring_collective_permute", mlir, xs,
                lambda *args: [xs[2], xs[1], xs[0], zeros, xs[1], zeros],
                compile_args=FLAG)


def broadcast_case(g):
    """collective_broadcast from replica 1 to {1, 0}; replica 2 is in no
    group and gets zeros. The integer operand shows the data is moved, not
    recomputed."""
    xs = [np.arange(4, dtype=np.int32) + 10 * r for r in range(3)]
    t = "tensor<4xi32>"
    mlir = grid_module([("x", t)], [(t, "result")], [
        '%%0 = "stablehlo.collective_broadcast"(%%arg0) {replica_groups = dense<[[1, 0]]> : '
        "tensor<1x2xi64>} : (%s) -> %s" % (t, t),
        "return %%0 : %s" % t], 3, 1)
    return Case("collective_broadcast_from_replica_1", mlir, xs,
                lambda *args: [xs[1], xs[1], np.zeros(4, np.int32)], compile_args=FLAG)


def shard_map_case(g):
    """What jax.shard_map (and jax.pmap, which JAX lowers through it) prints
    for a 2x2 mesh: the entry takes global values, the manual computation's
    body runs on each device's block of x (rows split over "a", columns
    over "b"); psum over "b" (flattened ids {0, 1}, {2, 3}) gives a result
    the same across "b", and x scaled by the device id one split like x."""
    x = random_array(g, (4, 6), "f32")
    t, local, row = "tensor<4x6xf32>", "tensor<2x3xf32>", "tensor<4x3xf32>"
    mlir = jax_module([("x", t)], [(row, "sum"), (t, "scaled")], [
        '%%0:2 = sdy.manual_computation(%%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] '
        'out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} '
        "(%%x: %s) {" % local,
        '  %s = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<'
        "handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, "
        "use_global_device_ids}> ({"] + body("f32") + ["}) : (%s) -> %s" % (local, local),
        "  %d = stablehlo.partition_id : tensor<ui32>",
        "  %f = stablehlo.convert %d : (tensor<ui32>) -> tensor<f32>",
        "  %%b = stablehlo.broadcast_in_dim %%f, dims = [] : (tensor<f32>) -> %s" % local,
        "  %%y = stablehlo.multiply %%x, %%b : %s" % local,
        "  sdy.return %%s, %%y : %s, %s" % (local, local),
        "} : (%s) -> (%s, %s)" % (t, row, t),
        "return %%0#0, %%0#1 : %s, %s" % (row, t)]).replace(
            "mhlo.num_partitions = 1", "mhlo.num_partitions = 4").replace(
            "  func.func public @main", '  sdy.mesh @mesh = <["a"=2, "b"=2]>\n'
            "  func.func public @main", 1)
    blocks = {(a, b): x[2 * a:2 * a + 2, 3 * b:3 * b + 3] for a in range(2) for b in range(2)}
    summed = np.concatenate([blocks[a, 0] + blocks[a, 1] for a in range(2)])
    scaled = np.block([[blocks[a, b] * np.float32(2 * a + b) for b in range(2)]
                       for a in range(2)])
    return Case("shard_map_2x2_mesh", mlir, [x], lambda x: [summed, scaled], compile_args=FLAG)


def auto_sharded_case(g):
    """jax.jit with x's rows sharded over a mesh of 4 devices and no manual
    computation: the program is the whole computation, run once."""
    x = random_array(g, (8, 5), "f32")
    w = random_array(g, (5, 3), "f32")
    xt, wt, out = "tensor<8x5xf32>", "tensor<5x3xf32>", "tensor<8x3xf32>"
    mlir = jax_module([("x", xt), ("w", wt)], [(out, "result")], [
        "%%0 = stablehlo.dot_general %%arg0, %%arg1, contracting_dims = [1] x [0] : "
        "(%s, %s) -> %s" % (xt, wt, out),
        "%%1 = stablehlo.tanh %%0 : %s" % out,
        "return %%1 : %s" % out]).replace(
            "mhlo.num_partitions = 1", "mhlo.num_partitions = 4").replace(
            '%s loc("x")' % xt,
            '%s {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>} loc("x")' % xt).replace(
            "  func.func public @main", '  sdy.mesh @mesh = <["d"=4]>\n'
            "  func.func public @main", 1)
    return Case("auto_sharded_runs_once", mlir, [x, w], lambda x, w: np.tanh(x @ w),
                atol=1e-5, rtol=1e-4, compile_args=FLAG)


def jax_pmap_case(g):
    """data/pmap_collectives.mlir, as JAX printed a jax.pmap over 4 devices:
    psum, all_gather, a ring ppermute and axis_index of tanh(x @ w), each
    device on its row of x and w."""
    x = random_array(g, (4, 3, 5), "f32")
    w = random_array(g, (4, 5, 2), "f32")
    y = np.tanh(np.einsum("dij,djk->dik", x, w))
    total = y.sum(0)
    shifted = np.stack([y[(d - 1) % 4] * np.float32(d) for d in range(4)])
    return Case("jax_pmap_collectives", jax_printed("pmap_collectives.mlir"), [x, w],
                lambda x, w: [np.stack([total] * 4), np.stack([y.sum(0) - total] * 4),
                              shifted], atol=1e-5, rtol=1e-4, compile_args=FLAG)


def jax_shard_map_case(g):
    """data/shard_map_psum_pmean.mlir, as JAX printed a jax.shard_map on a
    2x2 mesh: x's blocks times w's row blocks, summed over "b" (split by
    "a" in the result) and averaged over both axes (replicated)."""
    x = random_array(g, (4, 6), "f32")
    w = random_array(g, (6, 3), "f32")

    def reference(x, w):
        partial = {(a, b): x[2 * a:2 * a + 2, 3 * b:3 * b + 3] @ w[3 * b:3 * b + 3]
                   for a in range(2) for b in range(2)}
        summed = np.concatenate([partial[a, 0] + partial[a, 1] for a in range(2)])
        mean = sum(partial.values()) / np.float32(4)
        return [summed.astype(np.float32), mean.astype(np.float32)]
    return Case("jax_shard_map_psum_pmean", jax_printed("shard_map_psum_pmean.mlir"), [x, w],
                reference, atol=1e-5, rtol=1e-4, compile_args=FLAG)


def counted_loop(t, replicas):
    """A while of n steps whose body sums v over the replicas."""
    return grid_module([("x", t), ("n", "tensor<i32>")], [(t, "result")], [
        "%%0:2 = stablehlo.while(%%i = %%arg1, %%v = %%arg0) : tensor<i32>, %s" % t,
        "cond {",
        "  %c = stablehlo.constant dense<0> : tensor<i32>",
        "  %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>",
        "  stablehlo.return %p : tensor<i1>",
        "} do {",
        '  %%s = "stablehlo.all_reduce"(%%v) <{replica_groups = dense<[%s]> : '
        "tensor<1x%dxi64>}> ({" % (list(range(replicas)), replicas)] + body("f32") + [
            "}) : (%s) -> %s" % (t, t),
        "  %one = stablehlo.constant dense<1> : tensor<i32>",
        "  %j = stablehlo.subtract %i, %one : tensor<i32>",
        "  stablehlo.return %%j, %%s : tensor<i32>, %s" % t,
        "}",
        "return %%0#1 : %s" % t], replicas, 1)


def loop_all_reduce_case(g):
    """A while whose body all_reduces its value over 3 replicas, run as one
    loop for all of them: each step every replica gets the sum."""
    t = "tensor<4xf32>"
    xs = [random_array(g, (4,), "f32") for _ in range(3)]
    steps = np.array(3, np.int32)
    inputs = [a for x in xs for a in (x, steps)]
    total = sum(xs) * np.float32(3 ** 2)
    return Case("while_all_reduce", counted_loop(t, 3), inputs,
                lambda *args: [total.astype(np.float32)] * 3, atol=1e-5, rtol=1e-5,
                compile_args=FLAG)


def branch_permute_mlir():
    """A case on each partition's own index whose first branch swaps x
    between the 2 partitions (collective_permute)."""
    t = "tensor<3xf32>"
    return grid_module([("i", "tensor<i32>"), ("x", t)], [(t, "result")], [
        '%0 = "stablehlo.case"(%arg0) ({',
        '  %%g = "stablehlo.collective_permute"(%%arg1) <{source_target_pairs = '
        "dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = "
        "#stablehlo.channel_handle<handle = 1, type = 1>}> : (%s) -> %s" % (t, t),
        "  stablehlo.return %%g : %s" % t,
        "}, {",
        "  %%n = stablehlo.negate %%arg1 : %s" % t,
        "  stablehlo.return %%n : %s" % t,
        "}) : (tensor<i32>) -> %s" % t,
        "return %%0 : %s" % t], 1, 2)


def case_permute_cases(g):
    """The processes agree on the branch: the first swaps x between them;
    indices out of range (-1 and 7) both take the last, which negates."""
    xs = [random_array(g, (3,), "f32") for _ in range(2)]
    index = lambda i: np.array(i, np.int32)
    return [
        Case("case_permute_first_branch", branch_permute_mlir(),
             [index(0), xs[0], index(0), xs[1]], lambda *args: [xs[1], xs[0]],
             compile_args=FLAG),
        Case("case_permute_out_of_range", branch_permute_mlir(),
             [index(-1), xs[0], index(7), xs[1]], lambda *args: [-xs[0], -xs[1]],
             compile_args=FLAG),
    ]


def if_on_total_cases(g):
    """lax.cond on a psum: every replica sees the same total, so the if
    runs once for all of them without a check; its true branch all_gathers,
    its false branch negates each replica's own x."""
    t, out = "tensor<3xf32>", "tensor<6xf32>"
    mlir = grid_module([("x", t)], [(out, "result")], [
        '%total = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<[[0, 1]]> : '
        "tensor<1x2xi64>}> ({"] + body("f32") + ["}) : (%s) -> %s" % (t, t),
        "%zero = stablehlo.constant dense<0.0> : tensor<f32>",
        '%%sum = stablehlo.reduce(%%total init: %%zero) applies stablehlo.add across dimensions '
        "= [0] : (%s, tensor<f32>) -> tensor<f32>" % t,
        "%p = stablehlo.compare GT, %sum, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        '%0 = "stablehlo.if"(%p) ({',
        '  %%g = "stablehlo.all_gather"(%%arg0) {all_gather_dim = 0 : i64, replica_groups = '
        "dense<[[0, 1]]> : tensor<1x2xi64>} : (%s) -> %s" % (t, out),
        "  stablehlo.return %%g : %s" % out,
        "}, {",
        "  %%n = stablehlo.negate %%arg0 : %s" % t,
        "  %%c = stablehlo.concatenate %%n, %%n, dim = 0 : (%s, %s) -> %s" % (t, t, out),
        "  stablehlo.return %%c : %s" % out,
        "}) : (tensor<i1>) -> %s" % out,
        "return %%0 : %s" % out], 2, 1)

    def reference(x0, x1):
        if (x0 + x1).sum() > 0:
            return [np.concatenate([x0, x1])] * 2
        return [np.concatenate([-x0, -x0]), np.concatenate([-x1, -x1])]
    xs = [random_array(g, (3,), "f32") for _ in range(2)]
    return [Case("if_on_psum_%s" % sign, mlir, [x * np.float32(factor) for x in xs],
                 reference, compile_args=FLAG)
            for sign, factor in (("positive", np.sign((xs[0] + xs[1]).sum())),
                                 ("negative", -np.sign((xs[0] + xs[1]).sum())))]


def disagreement_cases(g):
    """Processes that would leave each other waiting in a collective fail
    the run, naming the op, its location and each process's choice."""
    t = "tensor<4xf32>"
    xs = [random_array(g, (4,), "f32") for _ in range(2)]
    index = lambda i: np.array(i, np.int32)
    return [
        Case("while_processes_disagree", counted_loop(t, 2),
             [xs[0], index(3), xs[1], index(2)], expect="run_error", compile_args=FLAG,
             stderr_patterns=[r"ral-run: error: .*while_processes_disagree\.mlir:\d+:\d+: "
                              r"stablehlo\.while: its simulated processes disagree on whether "
                              r"to run another iteration, so their collectives would not meet; "
                              r"process by process: 1 0$"],
             max_stderr_lines=1),
        Case("case_processes_disagree", branch_permute_mlir(),
             [index(0), xs[0][:3], index(1), xs[1][:3]], expect="run_error",
             compile_args=FLAG,
             stderr_patterns=[r"stablehlo\.case: its simulated processes disagree on which "
                              r"branch to take, so their collectives would not meet; process "
                              r"by process: 0 1$"],
             max_stderr_lines=1),
    ]


def jax_shard_map_fori_loop_case():
    """data/shard_map_fori_loop.mlir, as JAX printed a jax.shard_map over 4
    devices whose lax.fori_loop body runs lax.psum and a ring lax.ppermute;
    its inputs and JAX's outputs are checked in beside it."""
    load = lambda name: np.load(os.path.join(DATA, "shard_map_fori_loop.%s.npy" % name))
    outputs = [load("h"), load("total")]
    return Case("jax_shard_map_fori_loop", jax_printed("shard_map_fori_loop.mlir"),
                [load("x"), load("w")], lambda x, w: outputs, atol=1e-5, rtol=1e-5,
                compile_args=FLAG)


PIPELINE = """\
module @pipeline attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32,
                             disc.process_programs = {main = [@first_stage, @second_stage]}} {
  func.func @first_stage(%x: tensor<4x3xf32>, %w: tensor<3x5xf32>) -> tensor<4x5xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
    %a = stablehlo.tanh %h : tensor<4x5xf32>
    %s = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<4x5xf32>, !stablehlo.token) -> !stablehlo.token
    %g:2 = "stablehlo.recv"(%s) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (!stablehlo.token) -> (tensor<4x5xf32>, !stablehlo.token)
    return %g#0 : tensor<4x5xf32>
  }
  func.func @second_stage(%w: tensor<5x2xf32>, %t: !stablehlo.token) -> tensor<4x2xf32> {
    %a:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<4x5xf32>, !stablehlo.token)
    %y = stablehlo.dot_general %a#0, %w, contracting_dims = [1] x [0] : (tensor<4x5xf32>, tensor<5x2xf32>) -> tensor<4x2xf32>
    %back = stablehlo.dot_general %y, %w, contracting_dims = [1] x [1] : (tensor<4x2xf32>, tensor<5x2xf32>) -> tensor<4x5xf32>
    %s = "stablehlo.send"(%back, %a#1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<4x5xf32>, !stablehlo.token) -> !stablehlo.token
    return %y : tensor<4x2xf32>
  }
}
"""


def send_recv_pipeline_case(g):
    """Two pipeline stages, a function each (disc.process_programs): the
    first sends tanh(x @ w0) to the second, which returns its product with
    w1 and sends back that product times w1's transpose."""
    x = random_array(g, (4, 3), "f32")
    w0 = random_array(g, (3, 5), "f32")
    w1 = random_array(g, (5, 2), "f32")
    y = np.tanh(x @ w0) @ w1
    return Case("send_recv_pipeline", PIPELINE, [x, w0, w1],
                lambda *args: [(y @ w1.T).astype(np.float32), y.astype(np.float32)],
                atol=1e-5, rtol=1e-4, compile_args=FLAG)


def send_recv_error_cases():
    waits = PIPELINE.replace("handle = 2, type = 1>} : (!stablehlo.token)",
                             "handle = 3, type = 1>} : (!stablehlo.token)")
    return [
        Case("recv_waits_forever", waits, expect="compile_error", compile_args=FLAG,
             stderr_patterns=[r"recv_waits_forever\.mlir:\d+:\d+: error: stablehlo\.recv on "
                              r"channel 3 of process 0 would wait forever: no other process "
                              r"sends on channel 3 while it waits",
                              r"error: stablehlo\.send on channel 2 of process 1 would wait "
                              r"forever"]),
    ]


def error_cases():
    t = "tensor<4xf32>"
    two_replicas = grid_module([("x", t)], [(t, "result")], ["return %%arg0 : %s" % t], 2, 1)
    in_map = grid_module([("x", t)], [(t, "result")], [
        '%0 = "stablehlo.map"(%arg0) ({',
        "^bb0(%v: tensor<f32>):",
        '  %s = "stablehlo.all_reduce"(%v) <{replica_groups = dense<[[0, 1]]> : '
        "tensor<1x2xi64>}> ({"] + body("f32") + ["}) : (tensor<f32>) -> tensor<f32>",
        "  stablehlo.return %s : tensor<f32>",
        "}) {dimensions = array<i64: 0>} : (%s) -> %s" % (t, t),
        "return %%0 : %s" % t], 2, 1)
    return [
        Case("two_replicas_without_flag", two_replicas, expect="compile_error",
             stderr_patterns=[r"error: mhlo\.num_replicas = 2; disc runs a program on one "
                              r"device .*--simulate-processes"],
             max_stderr_lines=3),
        Case("all_reduce_in_map", in_map, expect="compile_error", compile_args=FLAG,
             stderr_patterns=[r"all_reduce_in_map\.mlir:\d+:\d+: error: stablehlo\.all_reduce "
                              r"inside stablehlo\.map: a collective in a region other than a "
                              r"while, if or case body cannot be paired across simulated "
                              r"processes"],
             max_stderr_lines=3),
    ]


def cases():
    g = rng(137)
    return ([data_parallel_step_case(g), ids_and_gather_case(g), all_to_all_case(g),
            reduce_scatter_case(g), ring_permute_case(g), broadcast_case(g),
            shard_map_case(g), auto_sharded_case(g), jax_pmap_case(g),
            jax_shard_map_case(g), loop_all_reduce_case(g)] + case_permute_cases(g)
            + if_on_total_cases(g)
            + disagreement_cases(g) + [jax_shard_map_fori_loop_case(), send_recv_pipeline_case(g)]
            + error_cases() + send_recv_error_cases())


run(cases())
