"""gather: embedding lookups as jnp.take prints them, out-of-range starts
(clamped), unsigned indices, several indexed dims, slices wider than one,
an index vector dim in the middle, batching dims (take_along_axis), and a
dynamic batch, each against a numpy reference written from the spec."""

import itertools

import numpy as np

from e2e import Case, jax_module, random_array, rng, run, tensor_type


def reference_gather(operand, indices, offset_dims, collapsed, operand_batching,
                     indices_batching, start_index_map, index_vector_dim, slice_sizes):
    """The spec's gather, element by element."""
    if index_vector_dim == indices.ndim:
        indices = indices[..., None]
    batch_shape = [s for d, s in enumerate(indices.shape) if d != index_vector_dim]
    offset_operand_dims = [d for d in range(operand.ndim)
                           if d not in collapsed and d not in operand_batching]
    result_rank = len(batch_shape) + len(offset_dims)
    batch_dims = [d for d in range(result_rank) if d not in offset_dims]
    shape = [0] * result_rank
    for d, s in zip(batch_dims, batch_shape):
        shape[d] = s
    for d, od in zip(offset_dims, offset_operand_dims):
        shape[d] = slice_sizes[od]
    result = np.zeros(shape, operand.dtype)
    indices_batch_dims = [d for d in range(indices.ndim) if d != index_vector_dim]
    for r in itertools.product(*[range(s) for s in shape]):
        batch_index = [r[d] for d in batch_dims]
        where = list(batch_index)
        where.insert(index_vector_dim, slice(None))
        start = indices[tuple(where)]
        full = [0] * operand.ndim
        for k, od in enumerate(start_index_map):
            full[od] += int(np.clip(int(start[k]), 0, operand.shape[od] - slice_sizes[od]))
        for od, idim in zip(operand_batching, indices_batching):
            full[od] += batch_index[indices_batch_dims.index(idim)]
        for d, od in zip(offset_dims, offset_operand_dims):
            full[od] += r[d]
        result[r] = operand[tuple(full)]
    return result


def dims_text(name, values):
    return "%s = [%s]" % (name, ", ".join(map(str, values))) if values else None


def gather_case(name, operand, indices, offset_dims, collapsed, start_index_map, index_vector_dim,
                slice_sizes, operand_batching=(), indices_batching=(), dynamic_batch=False,
                operand_type=None, indices_type=None):
    expected = reference_gather(operand, indices, list(offset_dims), list(collapsed),
                                list(operand_batching), list(indices_batching),
                                list(start_index_map), index_vector_dim, list(slice_sizes))
    operand_type = operand_type or tensor_type(operand.shape, "f32")
    indices_shape = list(indices.shape)
    result_shape = list(expected.shape)
    if dynamic_batch:
        indices_shape[0] = -1
        result_shape[0] = -1
    indices_type = indices_type or "i32"
    in_type = tensor_type(indices_shape, indices_type)
    element = operand_type.rsplit("x", 1)[1][:-1]
    out_type = tensor_type(result_shape, element)
    parts = [p for p in [dims_text("offset_dims", offset_dims),
                         dims_text("collapsed_slice_dims", collapsed),
                         dims_text("operand_batching_dims", operand_batching),
                         dims_text("start_indices_batching_dims", indices_batching),
                         dims_text("start_index_map", start_index_map),
                         "index_vector_dim = %d" % index_vector_dim] if p]
    mlir = jax_module([("x", operand_type), ("i", in_type)], [(out_type, "result")], [
        '%%0 = "stablehlo.gather"(%%arg0, %%arg1) <{dimension_numbers = #stablehlo.gather<%s>, '
        'indices_are_sorted = false, slice_sizes = array<i64: %s>}> : (%s, %s) -> %s'
        % (", ".join(parts), ", ".join(map(str, slice_sizes)), operand_type, in_type, out_type),
        "return %%0 : %s" % out_type])
    return Case(name, mlir, [operand, indices], lambda x, i: expected, atol=0, rtol=0)


def cases():
    g = rng(64)
    table = random_array(g, (50, 16), "f32")
    tokens = g.integers(0, 50, size=(3, 7)).astype(np.int32)
    wild = np.array([[0, 49, -3, 50, 1000, -1000]], np.int32)
    x = random_array(g, (5, 6, 7), "f32")
    return [
        # jnp.take(table, tokens, axis=0): every BERT's embedding.
        gather_case("gather_embedding_f32", table, tokens, [2], [0], [0], 2, [1, 16]),
        # Starts past either end are clamped into the operand.
        gather_case("gather_clamps_out_of_range_f32", table, wild, [2], [0], [0], 2, [1, 16]),
        gather_case("gather_unsigned_indices_f32", table,
                    np.array([[3, 4000000000, 49]], np.uint32), [2], [0], [0], 2, [1, 16],
                    indices_type="ui32"),
        # x[i, j] for pairs (i, j): two indexed dims, the index vector last.
        gather_case("gather_point_pairs_f32", x, g.integers(-2, 8, size=(4, 2)).astype(np.int64),
                    [1], [0, 1], [0, 1], 1, [1, 1, 7], indices_type="i64"),
        # Windows wider than one (a batched dynamic_slice), the index vector
        # dim first.
        gather_case("gather_windows_index_vector_first_f32", x,
                    g.integers(0, 6, size=(2, 3)).astype(np.int32), [1, 2, 3], [], [1, 2], 0,
                    [5, 3, 4]),
        # jnp.take_along_axis(x, idx, axis=2): batching dims.
        gather_case("gather_take_along_axis_f32", x, g.integers(0, 7, size=(5, 6, 3, 1)).astype(np.int32),
                    [], [2], [2], 3, [1, 1, 1], operand_batching=[0, 1],
                    indices_batching=[0, 1]),
        gather_case("gather_embedding_dynamic_batch_f32", table, tokens, [2], [0], [0], 2, [1, 16],
                    dynamic_batch=True),
        gather_case("gather_embedding_i32", g.integers(-100, 100, size=(20, 3)).astype(np.int32),
                    g.integers(0, 20, size=(6,)).astype(np.int32), [1], [0], [0], 1, [1, 3],
                    operand_type="tensor<20x3xi32>"),
    ]


run(cases())
