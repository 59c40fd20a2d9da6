"""Named regression cases: fixed JAX functions and inputs that disc once got
wrong. run.py runs them with the generated programs (`--regressions`, on by
default in ctest).

A case is a `Program` (programs.py): a name, a function, its inputs and a
line saying what it checks. To add one, write a function below, give it a
short name in CASES and keep its inputs small and seeded.
"""
import jax
import jax.numpy as jnp
import numpy as np

from programs import Program


def _x(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _attn(x, mask):
    """Issue 30's attention: scores of x with itself, masked with
    finfo.min, softmax, context."""
    s = jnp.einsum("bqd,bkd->bqk", x, x) / 8.0
    s = jnp.where(mask, s, jnp.finfo(jnp.float32).min)
    return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, -1), x)


def _causal(n):
    return jnp.tril(jnp.ones((n, n), bool))[None]


def two_masked_attentions(x):
    mask = _causal(64)
    return _attn(_attn(x, mask), mask)


def two_masked_attentions_mask_arg(x, mask):
    return _attn(_attn(x, mask), mask)


def two_masked_attentions_two_masks(x, keep):
    y = _attn(x, _causal(x.shape[1]))
    return _attn(y, keep)


def mask_and_output(x):
    mask = _causal(x.shape[1])
    return mask, _attn(_attn(x, mask), mask)


def one_masked_attention(x):
    return _attn(x, _causal(x.shape[1]))


def three_masked_attentions_small(x):
    mask = _causal(x.shape[1])
    return _attn(_attn(_attn(x, mask), mask), mask)


def masked_attention_heads_twice(x, wq, wk, wv):
    """Two layers of 4-head attention, heads split by reshape + transpose,
    k read transposed, sharing a causal mask."""
    b, s, d = x.shape
    mask = _causal(s)[:, None]

    def layer(h):
        def split(t):
            return t.reshape(b, s, 4, d // 4).transpose(0, 2, 1, 3)
        q, k, v = split(h @ wq), split(h @ wk.T), split(h @ wv)
        scores = q @ jnp.swapaxes(k, -1, -2) / np.sqrt(d // 4)
        p = jax.nn.softmax(jnp.where(mask, scores, -jnp.inf), axis=-1)
        return h + (p @ v).transpose(0, 2, 1, 3).reshape(b, s, d)

    return layer(layer(x))


def heads_as_many_as_positions(x, wq, wk, wv, wo):
    """16 heads over 16 positions: the head split's transpose keeps the
    shape (4x16x16x4 -> 4x16x16x4). Generated seed 197 (one attention
    layer of it is enough): disc-compile crashed in
    LinalgWriteProductsTransposed in about half its compiles, with
    --cpu-library=auto."""
    b, s, d = x.shape

    def split(t):
        return t.reshape(b, s, s, d // s).transpose(0, 2, 1, 3)

    q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
    p = jax.nn.softmax(jnp.einsum("bhqd,bhkd->bhqk", q, k) / 2.0, axis=-1)
    return x + (p @ v).transpose(0, 2, 1, 3).reshape(b, s, d) @ wo


def _heads(t, h):
    b, s, d = t.shape
    return t.reshape(b, s, h, d // h).transpose(0, 2, 1, 3)


def _merge(t):
    b, h, s, dh = t.shape
    return t.transpose(0, 2, 1, 3).reshape(b, s, h * dh)


def where_and_softmax_where(x, wq, wk, wv):
    """One mask read twice in one layer: by jnp.where and by softmax's
    where= (generated seed 116)."""
    mask = _causal(x.shape[1])[:, None]
    q, k, v = _heads(x @ wq, 3), _heads(x @ wk, 3), _heads(x @ wv, 3)
    s = jnp.where(mask, q @ jnp.swapaxes(k, -1, -2) / 8.0, 0.0)
    p = jax.nn.softmax(s, axis=-1, where=jnp.broadcast_to(mask, s.shape))
    return _merge(p @ v)


def two_equal_masks(x):
    """Two attentions, each with a tril mask of its own, equal: one value
    once deduplicated (generated seed 391)."""
    y = _attn(x, jnp.tril(jnp.ones((x.shape[1],) * 2, bool))[None])
    return _attn(y, jnp.tril(jnp.ones((x.shape[1],) * 2, bool))[None])


def padding_mask_returned(x, lengths, wq, wk, wv):
    """One attention over keys padded by lengths, the mask returned too
    (generated seed 402)."""
    s = x.shape[1]
    mask = (jnp.arange(s)[None, :] < lengths[:, None])[:, None, :]
    q, k, v = _heads(x @ wq, 3), _heads(x @ wk, 3), _heads(x @ wv, 3)
    scores = jnp.where(mask[:, None], q @ jnp.swapaxes(k, -1, -2) / 8.0,
                       jnp.finfo(jnp.float32).min)
    return x + _merge(jax.nn.softmax(scores, axis=-1) @ v), mask


def column_softmax_mask_returned(x):
    """Softmax over the queries (axis -2) of causally masked scores, the
    mask returned too (generated seed 163)."""
    n = x.shape[1]
    mask = (jnp.arange(n)[:, None] >= jnp.arange(n)[None, :])[None]
    s = jnp.where(mask, jnp.einsum("bqd,bkd->bqk", x, x) / 8.0, jnp.finfo(jnp.float32).min)
    return mask, jax.nn.softmax(s, axis=-2) @ x


def mask_argument_eight_heads(x, keep, wq, wk, wv, wo):
    """One 8-head attention whose mask is an argument, applied inverted
    (jnp.where(~mask, finfo.min, s)) (generated seed 135)."""
    q, k, v = _heads(x @ wq, 8), _heads(x @ wk, 8), _heads(x @ wv, 8)
    s = jnp.einsum("bhqd,bhkd->bhqk", q * 0.5, k)
    s = jnp.where(~keep[:, None], jnp.finfo(jnp.float32).min, s)
    return x + _merge(jax.nn.softmax(s, axis=-1) @ v) @ wo


def _causal_keep(n, seed):
    keep = np.random.default_rng(seed).random((1, n, n)) < 0.6
    keep[:, np.arange(n), np.arange(n)] = True
    return keep


def _keep(shape, seed):
    keep = np.random.default_rng(seed).random(shape) < 0.7
    keep[..., 0] = True
    return keep


def _weights(d, seed, count=3):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal((d, d)) / np.sqrt(d)).astype(np.float32) for _ in range(count)]


def _case(fn, args, what):
    return Program(fn.__name__, fn, list(args), what)


def cases():
    return [
        _case(two_masked_attentions, [_x((4, 64, 32))],
              "issue 30: two finfo.min-masked attentions sharing a tril mask"),
        _case(two_masked_attentions_mask_arg,
              [_x((4, 64, 32)), np.tril(np.ones((64, 64), bool))[None]],
              "issue 30 with the mask an argument"),
        _case(two_masked_attentions_two_masks, [_x((4, 64, 32)), _causal_keep(64, 1)],
              "issue 30 with a second, different mask"),
        _case(mask_and_output, [_x((2, 16, 24))],
              "issue 30 returning its boolean mask as well: return mask, y"),
        _case(one_masked_attention, [_x((4, 64, 32))], "one masked attention (was right)"),
        _case(three_masked_attentions_small, [_x((2, 16, 24), 3)],
              "three masked attentions at 2x16x24"),
        _case(masked_attention_heads_twice, [_x((2, 16, 24), 4)] + _weights(24, 5),
              "two 4-head attention layers with -inf masks and transposed k"),
        _case(where_and_softmax_where, [_x((2, 16, 24), 8)] + _weights(24, 9),
              "one mask read by jnp.where and by softmax(where=)"),
        _case(two_equal_masks, [_x((2, 16, 24), 10)], "two attentions, two equal tril masks"),
        _case(padding_mask_returned,
              [_x((2, 16, 33), 11), np.array([16, 5], np.int32)] + _weights(33, 12),
              "one attention over padded keys, returning the mask"),
        _case(column_softmax_mask_returned, [_x((4, 64, 32), 13)],
              "softmax over axis -2 of masked scores, returning the mask"),
        _case(mask_argument_eight_heads, [_x((4, 64, 32), 14), _keep((4, 64, 64), 15)]
              + _weights(32, 16, 4), "one 8-head attention, its mask an argument, inverted"),
        _case(heads_as_many_as_positions, [_x((4, 16, 64), 6)] + _weights(64, 7, 4),
              "16 heads over 16 positions: a head split whose transpose keeps the shape"),
    ]

