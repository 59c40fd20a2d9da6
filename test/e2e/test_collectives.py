"""One device: collectives over a group of one (each returns its operand, or
zeros where the spec sends nothing), replica_id/partition_id, tokens, tuples,
composite, and the dynamic forms of pad, slice, gather and convolution with
run-time operands, a shard_map program with Shardy (sdy) annotations on a
one-device mesh, each against numpy or a hand-computed value; and the
compile errors for programs that need more than one process or a host
transfer."""

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type

SUM_BODY = [
    "^bb0(%a: tensor<f32>, %b: tensor<f32>):",
    "  %s = stablehlo.add %a, %b : tensor<f32>",
    "  stablehlo.return %s : tensor<f32>",
]
CHANNEL = "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"


def unary_case(name, x, op_lines, reference, result_type=None):
    """`op_lines` compute %0 from %arg0 (of x's type)."""
    x_type = tensor_type(x.shape, "f32")
    result_type = result_type or x_type
    mlir = jax_module([("x", x_type)], [(result_type, "result")],
                      op_lines + ["return %%0 : %s" % result_type])
    return Case(name, mlir, [x], lambda x: reference(x))


def collective_cases(g):
    x = random_array(g, (2, 3), "f32")
    t = tensor_type(x.shape, "f32")
    return [
        # The sum over one replica is the operand itself.
        unary_case("all_reduce_sum", x, [
            '%%0 = "stablehlo.all_reduce"(%%arg0) <{%s, replica_groups = dense<0> : '
            'tensor<1x1xi64>, use_global_device_ids}> ({' % CHANNEL] + SUM_BODY +
            ["}) : (%s) -> %s" % (t, t)], lambda x: x),
        unary_case("all_gather_dim1", x, [
            '%%0 = "stablehlo.all_gather"(%%arg0) {all_gather_dim = 1 : i64, '
            'replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (%s) -> %s' % (t, t)],
            lambda x: x),
        unary_case("all_to_all_one_split", x, [
            '%%0 = "stablehlo.all_to_all"(%%arg0) {split_dimension = 1 : i64, '
            'concat_dimension = 0 : i64, split_count = 1 : i64, '
            'replica_groups = dense<[[0]]> : tensor<1x1xi64>, %s} : (%s) -> %s'
            % (CHANNEL, t, t)], lambda x: x),
        unary_case("reduce_scatter_sum", x, [
            '%0 = "stablehlo.reduce_scatter"(%arg0) <{scatter_dimension = 0 : i64, '
            'replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({'] + SUM_BODY +
            ["}) : (%s) -> %s" % (t, t)], lambda x: x),
        unary_case("collective_broadcast_own_group", x, [
            '%%0 = "stablehlo.collective_broadcast"(%%arg0) {replica_groups = '
            'dense<[[0]]> : tensor<1x1xi64>, %s} : (%s) -> %s' % (CHANNEL, t, t)],
            lambda x: x),
        # The group's reduction lands on its first process, this one.
        unary_case("collective_reduce_sum", x, [
            '%0 = "stablehlo.collective_reduce"(%arg0) ({'] + SUM_BODY +
            ["}) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (%s) -> %s" % (t, t)],
            lambda x: x),
        unary_case("collective_permute_to_self", x, [
            '%%0 = "stablehlo.collective_permute"(%%arg0) {source_target_pairs = '
            'dense<[[0, 0]]> : tensor<1x2xi64>, %s} : (%s) -> %s' % (CHANNEL, t, t)],
            lambda x: x),
        # No pair sends to this process: it receives zeros.
        unary_case("collective_permute_no_source", x, [
            '%%0 = "stablehlo.collective_permute"(%%arg0) {source_target_pairs = '
            'dense<> : tensor<0x2xi64>} : (%s) -> %s' % (t, t)],
            lambda x: np.zeros_like(x)),
        # x + replica_id + partition_id: both ids are 0.
        unary_case("replica_and_partition_id", x, [
            "%r = stablehlo.replica_id : tensor<ui32>",
            "%p = stablehlo.partition_id : tensor<ui32>",
            "%s = stablehlo.add %r, %p : tensor<ui32>",
            "%f = stablehlo.convert %s : (tensor<ui32>) -> tensor<f32>",
            "%%b = stablehlo.broadcast_in_dim %%f, dims = [] : (tensor<f32>) -> %s" % t,
            "%%0 = stablehlo.add %%arg0, %%b : %s" % t], lambda x: x),
    ]


def token_tuple_composite_cases(g):
    x = random_array(g, (4,), "f32")
    y = random_array(g, (4,), "f32")
    t = "tensor<4xf32>"
    tokens = jax_module([("x", t)], [(t, "result")], [
        "%t0 = stablehlo.create_token : !stablehlo.token",
        "%t1 = stablehlo.after_all : !stablehlo.token",
        "%t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token",
        "%%0 = stablehlo.add %%arg0, %%arg0 : %s" % t,
        "return %%0 : %s" % t])
    tuples = jax_module([("x", t), ("y", t)], [(t, "result")], [
        "%%inner = stablehlo.tuple %%arg1 : tuple<%s>" % t,
        "%%outer = stablehlo.tuple %%arg0, %%inner : tuple<%s, tuple<%s>>" % (t, t),
        "%%a = stablehlo.get_tuple_element %%outer[0] : (tuple<%s, tuple<%s>>) -> %s" % (t, t, t),
        "%%i = stablehlo.get_tuple_element %%outer[1] : (tuple<%s, tuple<%s>>) -> tuple<%s>"
        % (t, t, t),
        "%%b = stablehlo.get_tuple_element %%i[0] : (tuple<%s>) -> %s" % (t, t),
        "%%0 = stablehlo.subtract %%a, %%b : %s" % t,
        "return %%0 : %s" % t])
    composite = jax_module([("x", t), ("y", t)], [(t, "result")], [
        '%%0 = stablehlo.composite "my.scaled_add" %%arg0, %%arg1 {composite_attributes = '
        '{scale = 3.0 : f32}, decomposition = @my.scaled_add.impl, version = 1 : i32} : '
        '(%s, %s) -> %s' % (t, t, t),
        "return %%0 : %s" % t], private_funcs="""
func.func private @my.scaled_add.impl(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<4xf32>
  %0 = stablehlo.multiply %arg0, %c : tensor<4xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
""")
    return [
        Case("tokens_carry_no_data", tokens, [x], lambda x: x + x),
        Case("nested_tuple_elements", tuples, [x, y], lambda x, y: x - y),
        Case("composite_inlined", composite, [x, y], lambda x, y: 3 * x + y),
    ]


def reference_pad(x, value, low, high, interior):
    """lax.pad: interior padding first, then edges (negative ones crop)."""
    result = x
    for dim in range(x.ndim):
        size = result.shape[dim]
        dilated_shape = list(result.shape)
        dilated_shape[dim] = size + max(size - 1, 0) * interior[dim]
        dilated = np.full(dilated_shape, value, x.dtype)
        where = [slice(None)] * x.ndim
        where[dim] = slice(None, None, interior[dim] + 1)
        dilated[tuple(where)] = result
        lo, hi = low[dim], high[dim]
        before = list(dilated.shape)
        before[dim] = max(lo, 0)
        after = list(dilated.shape)
        after[dim] = max(hi, 0)
        padded = np.concatenate([np.full(before, value, x.dtype), dilated,
                                 np.full(after, value, x.dtype)], axis=dim)
        crop = [slice(None)] * x.ndim
        crop[dim] = slice(max(-lo, 0), padded.shape[dim] - max(-hi, 0))
        result = padded[tuple(crop)]
    return result


def dynamic_pad_case(g):
    x = random_array(g, (5, 4), "f32")
    low = np.array([1, -1], np.int64)
    high = np.array([2, -1], np.int64)
    interior = np.array([0, 1], np.int64)
    value = np.array(-1.5, np.float32)
    expected = reference_pad(x, value, low, high, interior)
    out = tensor_type(expected.shape, "f32")
    mlir = jax_module([("x", "tensor<5x4xf32>"), ("v", "tensor<f32>"), ("lo", "tensor<2xi64>"),
                       ("hi", "tensor<2xi64>"), ("in", "tensor<2xi64>")], [(out, "result")], [
        "%%0 = stablehlo.dynamic_pad %%arg0, %%arg1, %%arg2, %%arg3, %%arg4 : (tensor<5x4xf32>, "
        "tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> %s" % out,
        "return %%0 : %s" % out])
    return Case("dynamic_pad_runtime_edges", mlir, [x, value, low, high, interior],
                lambda *args: expected)


def real_dynamic_slice_case(g):
    x = random_array(g, (6, 7), "f32")
    start = np.array([1, 0], np.int32)
    limit = np.array([6, 7], np.int32)
    strides = np.array([2, 3], np.int32)
    expected = x[1:6:2, 0:7:3]
    out = tensor_type(expected.shape, "f32")
    mlir = jax_module([("x", "tensor<6x7xf32>"), ("start", "tensor<2xi32>"),
                       ("limit", "tensor<2xi32>"), ("strides", "tensor<2xi32>")],
                      [(out, "result")], [
        "%%0 = stablehlo.real_dynamic_slice %%arg0, %%arg1, %%arg2, %%arg3 : (tensor<6x7xf32>, "
        "tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> %s" % out,
        "return %%0 : %s" % out])
    return Case("real_dynamic_slice_strided", mlir, [x, start, limit, strides],
                lambda *args: expected)


def dynamic_gather_case(g):
    """Rows of 2x2 windows at (row, column) starts; a start past the end is
    clamped, as gather does."""
    x = random_array(g, (3, 4, 2), "f32")
    starts = np.array([[0, 0], [1, 0], [2, 1], [0, 9]], np.int64)
    sizes = np.array([1, 2, 2], np.int64)
    expected = np.stack([x[min(i, 2), min(j, 2):min(j, 2) + 2, :] for j, i in starts])
    mlir = jax_module([("x", "tensor<3x4x2xf32>"), ("starts", "tensor<4x2xi64>"),
                       ("sizes", "tensor<3xi64>")], [("tensor<4x2x2xf32>", "result")], [
        '%0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) {dimension_numbers = '
        "#stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], "
        "start_index_map = [1, 0], index_vector_dim = 1>, indices_are_sorted = false} : "
        "(tensor<3x4x2xf32>, tensor<4x2xi64>, tensor<3xi64>) -> tensor<4x2x2xf32>",
        "return %0 : tensor<4x2x2xf32>"])
    return Case("dynamic_gather_windows", mlir, [x, starts, sizes], lambda *args: expected)


def reference_conv(lhs, rhs, padding, strides, lhs_dilation):
    """NHWC x HWIO: dilate, pad, then slide the window."""
    n, h, w, c = lhs.shape
    kh, kw, _, o = rhs.shape
    dilated = np.zeros((n, (h - 1) * lhs_dilation[0] + 1, (w - 1) * lhs_dilation[1] + 1, c),
                       lhs.dtype)
    dilated[:, ::lhs_dilation[0], ::lhs_dilation[1], :] = lhs
    padded = np.pad(dilated, [(0, 0), tuple(padding[0]), tuple(padding[1]), (0, 0)])
    out_h = (padded.shape[1] - kh) // strides[0] + 1
    out_w = (padded.shape[2] - kw) // strides[1] + 1
    out = np.zeros((n, out_h, out_w, o), np.float64)
    for i in range(out_h):
        for j in range(out_w):
            window = padded[:, i * strides[0]:i * strides[0] + kh,
                            j * strides[1]:j * strides[1] + kw, :]
            out[:, i, j, :] = np.einsum("nhwc,hwco->no", window, rhs)
    return out.astype(lhs.dtype)


def dynamic_conv_case(g):
    lhs = random_array(g, (1, 5, 4, 2), "f32")
    rhs = random_array(g, (3, 2, 2, 3), "f32")
    padding = np.array([[2, 1], [0, 1]], np.int64)
    expected = reference_conv(lhs, rhs, padding, (2, 1), (1, 2))
    out = tensor_type(expected.shape, "f32")
    mlir = jax_module([("lhs", "tensor<1x5x4x2xf32>"), ("rhs", "tensor<3x2x2x3xf32>"),
                       ("padding", "tensor<2x2xi64>")], [(out, "result")], [
        '%%0 = "stablehlo.dynamic_conv"(%%arg0, %%arg1, %%arg2) {window_strides = '
        "array<i64: 2, 1>, lhs_dilation = array<i64: 1, 2>, rhs_dilation = array<i64: 1, 1>, "
        "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, "
        "batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
        "(tensor<1x5x4x2xf32>, tensor<3x2x2x3xf32>, tensor<2x2xi64>) -> %s" % out,
        "return %%0 : %s" % out])
    return Case("dynamic_conv_runtime_padding", mlir, [lhs, rhs, padding],
                lambda *args: expected, atol=1e-4, rtol=1e-4)


def with_mesh(module, axes):
    """`module` with an sdy.mesh of the given axis sizes, as JAX declares it
    ahead of @main."""
    mesh = ", ".join('"axis%d"=%d' % (i, size) for i, size in enumerate(axes))
    return module.replace("  func.func public @main",
                          "  sdy.mesh @mesh = <[%s]>\n  func.func public @main" % mesh, 1)


def shard_map_case(g):
    """What jax.shard_map(f, mesh, in_specs=(P("axis0"), P()), out_specs=P("axis0"))
    lowers to, with its shardings, on a one-device mesh."""
    x = random_array(g, (8, 4), "f32")
    b = random_array(g, (4,), "f32")
    t, v = "tensor<8x4xf32>", "tensor<4xf32>"
    mlir = with_mesh(jax_module([("x", t), ("b", v)], [(t, "result")], [
        ('%%0 = sdy.manual_computation(%%arg0, %%arg1) in_shardings=[<@mesh, [{"axis0"}, {}]>, '
         '<@mesh, [{}]>] out_shardings=[<@mesh, [{"axis0"}, {}]>] manual_axes={"axis0"} '
         "(%%x: %s, %%b: %s) {" % (t, v)),
        "  %%bb = stablehlo.broadcast_in_dim %%b, dims = [1] : (%s) -> %s" % (v, t),
        "  %%sum = stablehlo.add %%x, %%bb : %s" % t,
        "  sdy.return %%sum : %s" % t,
        "} : (%s, %s) -> %s" % (t, v, t),
        '%%1 = sdy.sharding_constraint %%0 <@mesh, [{"axis0", ?}, {}]> : %s' % t,
        "return %%1 : %s" % t]).replace(
            '{jax.result_info = "result"}',
            '{jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"axis0"}, {}]>}'),
        [1])
    return Case("shard_map_one_device", mlir, [x, b], lambda x, b: x + b)


def error_cases():
    t = "tensor<4xf32>"
    two_replicas = jax_module([("x", t)], [(t, "result")], [
        '%0 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<[[0, 1]]> : '
        "tensor<1x2xi64>}> ({"] + SUM_BODY + ["}) : (%s) -> %s" % (t, t),
                                              "return %%0 : %s" % t])
    four_partitions = jax_module([("x", t)], [(t, "result")], ["return %%arg0 : %s" % t]).replace(
        "mhlo.num_partitions = 1", "mhlo.num_partitions = 4")
    infeed = jax_module([("x", t)], [(t, "result")], [
        "%token = stablehlo.create_token : !stablehlo.token",
        '%%0:2 = "stablehlo.infeed"(%%token) : (!stablehlo.token) -> (%s, !stablehlo.token)' % t,
        "return %%0#0 : %s" % t])
    eight_devices = with_mesh(jax_module([("x", t)], [(t, "result")],
                                         ["return %%arg0 : %s" % t]), [2, 4])
    return [
        Case("mesh_of_eight_devices", eight_devices, expect="compile_error",
             stderr_patterns=[r"mesh_of_eight_devices\.mlir:\d+:\d+: error: sdy\.mesh @mesh has 8 "
                              r"devices; disc runs a program on one device"],
             max_stderr_lines=3),
        Case("all_reduce_two_replicas", two_replicas, expect="compile_error",
             stderr_patterns=[r"all_reduce_two_replicas\.mlir:\d+:\d+: error: "
                              r"stablehlo\.all_reduce names 2 processes in replica_groups"],
             max_stderr_lines=3),
        Case("four_partitions", four_partitions, expect="compile_error",
             stderr_patterns=[r"error: mhlo\.num_partitions = 4; disc runs a program on one device"],
             max_stderr_lines=3),
        Case("infeed", infeed, expect="compile_error",
             stderr_patterns=[r"infeed\.mlir:\d+:\d+: error: stablehlo\.infeed is not supported"],
             max_stderr_lines=3),
    ]


def cases():
    g = rng(131)
    return (collective_cases(g) + token_tuple_composite_cases(g) +
            [dynamic_pad_case(g), real_dynamic_slice_case(g), dynamic_gather_case(g),
             dynamic_conv_case(g), shard_map_case(g)] + error_cases())


run(cases())
