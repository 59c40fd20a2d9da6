"""Random JAX programs built from the ops real models use, one per seed.

`make(seed)` returns a `Program`: a name, a plain JAX function (jax.numpy,
jax.nn, jax.lax) and the list of numpy arrays it takes, all drawn from
`numpy.random.default_rng(seed)`, so a seed always gives the same program
and inputs. The programs are chains of steps on a hidden state of shape
(batch, sequence, features), as models are:

  attn     attention: products (einsum, @, dot_general, often with one
           operand transposed, heads split by reshape + transpose), a
           boolean mask applied with jnp.where (fill finfo.min, -inf, 0,
           -1e9 or another tensor), softmax, the context product and the
           heads merged back; the same mask object often serves several
           layers in a row
  ln       layer norm or RMS norm rows (mean, var, rsqrt, scale, bias)
  mlp      dense layers with gelu/relu/tanh/silu, plain or gated
  ew       elementwise math with a second operand
  red      sum/max/min/mean over one or several axes, broadcast back
  slice    slices and concatenations (feature swap, rotary, sequence roll)
  shape    transposes and reshapes around products and softmax
  skip     a sum or gate with an earlier hidden state (several consumers)
  softmax  softmax of the hidden state over an axis

Programs return one or several outputs: the final state and, often,
intermediate values, reductions and the boolean masks themselves.

Everything stays well conditioned in f32: masks are computed only from
inputs and iotas (never by comparing computed floats, whose rounding would
flip them), divisions are by values bounded away from zero, exp only sees
bounded values, and sums are scaled by their counts.
"""
from typing import Callable, List, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

F32_MIN = float(np.finfo(np.float32).min)
MAX_PRODUCTS = 7

# (batch, sequence, features): mostly the everyday 2x16x24 and 4x64x32, some
# odd sizes.
SHAPES = [(2, 16, 24)] * 4 + [(4, 64, 32)] * 3 + [
    (1, 7, 16), (2, 33, 24), (3, 8, 12), (2, 16, 33), (1, 64, 48), (2, 13, 20), (4, 16, 64)]


class Program(NamedTuple):
    name: str
    fn: Callable
    args: List[np.ndarray]
    description: str
    n_steps: int = 0


class _State:
    """What the steps of one call of a generated program work on."""

    def __init__(self, args):
        self.args = args
        self.h = None
        self.saved = []     # earlier hidden states, for skip connections
        self.masks = {}     # mask index -> the traced mask, computed once
        self.outs = {}      # output slot -> value


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


class _MaskSpec(NamedTuple):
    index: int
    kind: str
    q_len: int
    k_len: int
    rows_safe: bool    # every query row keeps at least one key
    cols_safe: bool    # every key column is kept by at least one query


class _Generator:
    def __init__(self, seed):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.B, self.S, self.D = SHAPES[self.rng.integers(len(SHAPES))]
        self.inputs = []
        self.input_names = []
        self.steps = []
        self.n_outs = 0
        self.masks = []
        self.products = 0   # products so far: compile time grows with them

    # Drawing choices ------------------------------------------------------

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, options, weights=None):
        if weights is not None:
            w = np.asarray(weights, np.float64)
            return options[self.rng.choice(len(options), p=w / w.sum())]
        return options[self.rng.integers(len(options))]

    # Inputs -----------------------------------------------------------------

    def add_input(self, name, array):
        self.inputs.append(array)
        self.input_names.append(name)
        return len(self.inputs) - 1

    def normal(self, name, shape, scale=1.0):
        array = (self.rng.standard_normal(shape) * scale).astype(np.float32)
        return self.add_input(name, array)

    def weight(self, name, fan_in, fan_out, transposed=False):
        shape = (fan_out, fan_in) if transposed else (fan_in, fan_out)
        return self.normal(name, shape, 1.0 / np.sqrt(fan_in))

    def add_step(self, fn, tag, note):
        self.steps.append((tag, note, fn))

    def emit(self, getter, note):
        """Registers an output; `getter(state)` gives its value."""
        slot = self.n_outs
        self.n_outs += 1
        self.add_step(lambda st: st.outs.__setitem__(slot, getter(st)), None, note)

    # Masks ----------------------------------------------------------------

    def new_mask(self, q_len, k_len):
        """A boolean mask of shape (1 or B, 1 or q_len, k_len), computed in the
        program from inputs and iotas only."""
        B = self.B
        square = q_len == k_len
        kinds = ["input", "padding", "sign", "not_input"]
        weights = [3, 3, 1, 1]
        if square:
            kinds += ["tril", "tril_iota", "arange", "band", "padding_causal",
                      "causal_or_input", "input2d", "triu_not"]
            weights += [6, 2, 2, 2, 3, 1, 1, 1]
        kind = self.pick(kinds, weights)
        index = len(self.masks)
        rows_safe = cols_safe = True
        compute = None
        if kind == "tril":
            compute = lambda st: jnp.tril(jnp.ones((q_len, k_len), bool))[None]
        elif kind == "triu_not":
            compute = lambda st: ~jnp.triu(jnp.ones((q_len, k_len), bool), k=1)[None]
        elif kind == "tril_iota":
            compute = lambda st: (lax.broadcasted_iota(jnp.int32, (q_len, k_len), 0)
                                  >= lax.broadcasted_iota(jnp.int32, (q_len, k_len), 1))[None]
        elif kind == "arange":
            compute = lambda st: (jnp.arange(q_len)[:, None] >= jnp.arange(k_len)[None, :])[None]
        elif kind == "band":
            width = int(self.rng.integers(1, max(2, q_len)))
            compute = lambda st: (jnp.tril(jnp.ones((q_len, k_len), bool))
                                  & ~jnp.tril(jnp.ones((q_len, k_len), bool), k=-width))[None]
        elif kind in ("input", "not_input", "causal_or_input"):
            batch = self.pick([B, 1]) if kind == "input" else B
            keep = self.rng.random((batch, q_len, k_len)) < self.rng.uniform(0.4, 0.9)
            force = kind == "input" and self.chance(0.7)
            if force:
                # The diagonal (or first key) kept: no row or column is empty.
                keep[:, np.arange(min(q_len, k_len)), np.arange(min(q_len, k_len))] = True
                keep[:, :, 0] = True
                keep[:, 0, :] = True
            else:
                rows_safe = cols_safe = False
            i = self.add_input("mask%d" % index, keep if kind != "not_input" else ~keep)
            if kind == "input":
                compute = lambda st: st.args[i]
            elif kind == "not_input":
                compute = lambda st: ~st.args[i]
            else:
                rows_safe = cols_safe = True
                compute = lambda st: jnp.tril(jnp.ones((q_len, k_len), bool))[None] | st.args[i]
        elif kind == "input2d":
            keep = self.rng.random((q_len, k_len)) < 0.7
            keep[np.arange(q_len), np.arange(q_len)] = True
            i = self.add_input("mask%d" % index, keep)
            compute = lambda st: st.args[i][None]
        elif kind in ("padding", "padding_causal"):
            # Key padding from lengths: key 0 is always kept.
            lengths = self.rng.integers(1, k_len + 1, size=(B,)).astype(np.int32)
            lengths[0] = max(1, k_len - int(self.rng.integers(0, 3)))
            i = self.add_input("lengths%d" % index, lengths)
            cols_safe = False
            if kind == "padding":
                compute = lambda st: (jnp.arange(k_len)[None, :] < st.args[i][:, None])[:, None, :]
            else:
                compute = lambda st: ((jnp.arange(k_len)[None, None, :] < st.args[i][:, None, None])
                                      & jnp.tril(jnp.ones((q_len, k_len), bool))[None])
        elif kind == "sign":
            # Keys whose first input feature is positive; rows may be empty.
            i = self.normal("keys%d" % index, (B, k_len))
            rows_safe = cols_safe = False
            compute = lambda st: (st.args[i] > 0)[:, None, :]
        spec = _MaskSpec(index, kind, q_len, k_len, rows_safe, cols_safe)
        self.masks.append((spec, compute))
        return spec

    def mask_value(self, st, spec):
        if spec.index not in st.masks:
            st.masks[spec.index] = self.masks[spec.index][1](st)
        return st.masks[spec.index]

    def get_mask(self, q_len, k_len, reuse=0.65):
        """An earlier mask of this shape (often: one mask, several layers) or a new one."""
        fits = [spec for spec, _ in self.masks if (spec.q_len, spec.k_len) == (q_len, k_len)]
        if fits and self.chance(reuse):
            return self.pick(fits)
        return self.new_mask(q_len, k_len)

    # Steps ------------------------------------------------------------------

    def project(self, x_of, name, d_in, d_out, form=None):
        """A dense layer: a function of the state giving x @ W in one of the
        ways programs write it (W as stored, or transposed and read as W.T)."""
        form = form or self.pick(["matmul", "matmul_T", "einsum", "einsum_T", "dot_general_T"],
                                 [3, 3, 1, 2, 1])
        self.products += 1
        transposed = form.endswith("_T")
        w = self.weight(name, d_in, d_out, transposed)
        if form == "matmul":
            return lambda st: x_of(st) @ st.args[w]
        if form == "matmul_T":
            return lambda st: x_of(st) @ st.args[w].T
        if form == "einsum":
            return lambda st: jnp.einsum("...d,de->...e", x_of(st), st.args[w])
        if form == "einsum_T":
            return lambda st: jnp.einsum("...d,ed->...e", x_of(st), st.args[w])

        def dot_general(st):
            x = x_of(st)
            return lax.dot_general(x, st.args[w], (((x.ndim - 1,), (1,)), ((), ())))
        return dot_general

    def attention(self, plain=False):
        """One attention layer: a masked softmax between products."""
        B, S, D = self.B, self.S, self.D
        cross = not plain and self.chance(0.15)
        T = self.pick([S, 7, 13, 33]) if cross else S
        heads = 1 if plain else self.pick(_divisors(D)[:5])
        dh = D // heads
        kv_input = self.normal("memory", (B, T, D)) if cross else None
        self.products += 2
        src = (lambda st: st.args[kv_input]) if cross else (lambda st: st.h)
        if plain or self.chance(0.25):
            proj = "none"
        elif not cross and self.chance(0.45):
            # One fused qkv product, then slices.
            qkv = self.project(lambda st: st.h, "wqkv", D, 3 * D)
            proj = "qkv"
        else:
            wq = self.project(lambda st: st.h, "wq", D, D)
            wk = self.project(src, "wk", D, D)
            wv = self.project(src, "wv", D, D)
            proj = "qkv3"

        def qkv_of(st):
            if proj == "none":
                return st.h, src(st), src(st)
            if proj == "qkv":
                t = qkv(st)
                return t[..., :D], t[..., D:2 * D], t[..., 2 * D:]
            return wq(st), wk(st), wv(st)

        split = "none" if heads == 1 else self.pick(["reshape_transpose", "einsum_heads"], [3, 1])
        score = self.pick(["einsum", "matmul_T", "dot_general", "swapaxes"], [4, 2, 1, 1])
        scale = self.pick([float(np.sqrt(dh)), 8.0, float(dh)])
        scale_where = self.pick(["div_scores", "mul_scores", "scale_q"])
        mask = self.get_mask(S, T)
        axis = self.pick([-1, -2, "manual", "where_arg"], [12, 1, 1, 1])
        safe = mask.cols_safe if axis == -2 else mask.rows_safe
        fills = ["finfo_min", "neg_1e9", "zero", "tensor", "additive", "inverted"]
        weights = [6, 1, 1, 1, 1, 1]
        if safe or self.chance(0.05):
            fills.append("neg_inf")
            weights.append(2)
        fill = self.pick(fills, weights)
        if axis == "where_arg" and not mask.rows_safe:
            axis = -1
        bias = None
        if fill == "tensor":
            bias_shape = (self.pick([1, B]), 1, S, T) if heads > 1 else (self.pick([1, B]), S, T)
            bias = self.normal("score_bias", bias_shape, 2.0)
        context = self.pick(["einsum", "matmul"])
        merge = self.pick(["transpose_reshape", "einsum"]) if split == "reshape_transpose" \
            else "none"
        out = "none" if plain else self.pick(["wo", "none"], [1, 1])
        wo = self.project(lambda st: st.ctx, "wo", D, D) if out == "wo" else None
        residual = not plain and self.chance(0.6)

        def heads_of(x):   # (B, L, D) -> (B, H, L, dh) or (B, L, H, dh)
            if split == "none":
                return x
            L = x.shape[1]
            x = x.reshape(B, L, heads, dh)
            return x.transpose(0, 2, 1, 3) if split == "reshape_transpose" else x

        def step(st):
            q, k, v = (heads_of(t) for t in qkv_of(st))
            if scale_where == "scale_q":
                q = q * (1.0 / scale)
            if split == "einsum_heads":
                s = jnp.einsum("bqhd,bkhd->bhqk", q, k)
            elif score == "einsum":
                s = jnp.einsum("...qd,...kd->...qk", q, k)
            elif score == "matmul_T":
                s = q @ k.transpose(tuple(range(k.ndim - 2)) + (k.ndim - 1, k.ndim - 2))
            elif score == "swapaxes":
                s = jnp.matmul(q, jnp.swapaxes(k, -1, -2))
            else:
                batch = tuple(range(q.ndim - 2))
                s = lax.dot_general(q, k, (((q.ndim - 1,), (k.ndim - 1,)), (batch, batch)))
            if scale_where == "div_scores":
                s = s / scale
            elif scale_where == "mul_scores":
                s = s * (1.0 / scale)
            m = self.mask_value(st, mask)
            if s.ndim == 4:
                m = m[:, None]
            if fill == "finfo_min":
                s = jnp.where(m, s, jnp.finfo(jnp.float32).min)
            elif fill == "neg_inf":
                s = jnp.where(m, s, -jnp.inf)
            elif fill == "neg_1e9":
                s = jnp.where(m, s, -1e9)
            elif fill == "zero":
                s = jnp.where(m, s, 0.0)
            elif fill == "tensor":
                s = jnp.where(m, s, st.args[bias])
            elif fill == "additive":
                s = s + jnp.where(m, 0.0, -1e9)
            elif fill == "inverted":
                s = jnp.where(~m, F32_MIN, s)
            st.scores = s
            if axis == "manual":
                e = jnp.exp(s - jnp.max(s, axis=-1, keepdims=True))
                p = e / jnp.sum(e, axis=-1, keepdims=True)
            elif axis == "where_arg":
                p = jax.nn.softmax(s, axis=-1, where=jnp.broadcast_to(m, s.shape))
            else:
                p = jax.nn.softmax(s, axis=axis)
            st.probs = p
            if split == "einsum_heads":
                c = jnp.einsum("bhqk,bkhd->bqhd", p, v)
            elif context == "einsum":
                c = jnp.einsum("...qk,...kd->...qd", p, v)
            else:
                c = p @ v
            if merge == "transpose_reshape":
                c = c.transpose(0, 2, 1, 3).reshape(B, S, D)
            elif merge == "einsum":
                c = jnp.einsum("bhqd->bqhd", c).reshape(B, S, D)
            elif split == "einsum_heads":
                c = c.reshape(B, S, D)
            st.ctx = c
            if wo is not None:
                c = wo(st)
            st.saved.append(st.h)
            st.h = st.h + c if residual else c

        self.add_step(step, "attn", "attn(heads=%d, T=%d, proj=%s, split=%s, score=%s, scale=%s/%g, mask=%d:%s, "
                  "fill=%s, softmax=%s, context=%s, merge=%s, out=%s, residual=%s)"
                  % (heads, T, proj, split, score, scale_where, scale, mask.index, mask.kind,
                     fill, axis, context, merge, out, residual))
        r = self.rng.random()
        if r < 0.12:
            self.emit(lambda st: st.probs, "emits probs")
        elif r < 0.2:
            self.emit(lambda st: st.scores, "emits masked scores")
        elif r < 0.32:
            self.emit(lambda st: self.mask_value(st, mask), "emits mask %d" % mask.index)

    def layer_norm(self):
        D = self.D
        style = self.pick(["two_pass", "var", "moments", "rms", "div_sqrt"])
        eps = self.pick([1e-5, 1e-6, 1e-12])
        gamma = self.add_input("gamma", (1 + 0.1 * self.rng.standard_normal(D)).astype(np.float32))
        beta = None if style == "rms" else self.normal("beta", (D,), 0.1)
        emit_stats = self.chance(0.1)

        def step(st):
            x = st.h
            if style == "rms":
                y = x * lax.rsqrt(jnp.mean(x * x, -1, keepdims=True) + eps)
            else:
                mu = jnp.mean(x, -1, keepdims=True)
                if style == "var":
                    var = jnp.var(x, -1, keepdims=True)
                elif style == "moments":
                    var = jnp.maximum(jnp.mean(x * x, -1, keepdims=True) - mu * mu, 0.0)
                else:
                    var = jnp.mean(jnp.square(x - mu), -1, keepdims=True)
                st.stat = mu
                y = (x - mu) / jnp.sqrt(var + eps) if style == "div_sqrt" else \
                    (x - mu) * lax.rsqrt(var + eps)
            y = y * st.args[gamma]
            if beta is not None:
                y = y + st.args[beta]
            st.saved.append(st.h)
            st.h = y

        self.add_step(step, "ln", "layer_norm(%s, eps=%g)" % (style, eps))
        if emit_stats and style != "rms":
            self.emit(lambda st: st.stat, "emits the mean")

    def mlp(self):
        D = self.D
        F = self.pick([2 * D, 4 * D, D, 40])
        gated = self.chance(0.25)
        act = self.pick(["gelu", "gelu_exact", "relu", "tanh", "silu"], [3, 1, 2, 1, 1])
        up = self.project(lambda st: st.h, "w_up", D, F)
        gate = self.project(lambda st: st.h, "w_gate", D, F) if gated else None
        b1 = self.normal("b_up", (F,), 0.1) if self.chance(0.7) else None
        down = self.project(lambda st: st.u, "w_down", F, D)
        residual = self.chance(0.8)

        def activate(x):
            if act == "gelu":
                return jax.nn.gelu(x)
            if act == "gelu_exact":
                return jax.nn.gelu(x, approximate=False)
            if act == "relu":
                return jax.nn.relu(x)
            if act == "tanh":
                return jnp.tanh(x)
            return jax.nn.silu(x)

        def step(st):
            u = up(st)
            if b1 is not None:
                u = u + st.args[b1]
            u = activate(u)
            if gate is not None:
                u = u * gate(st)
            st.u = u
            y = down(st)
            st.saved.append(st.h)
            st.h = st.h + y if residual else y

        self.add_step(step, "mlp", "mlp(F=%d, act=%s, gated=%s, residual=%s)" % (F, act, gated, residual))

    def elementwise(self):
        B, S, D = self.B, self.S, self.D
        unary = self.pick(["tanh", "gelu", "relu", "logistic", "silu", "exp_tanh", "softsign",
                           "leaky", "abs", "affine", "neg", "square"])
        binary = self.pick(["add", "mul", "sub", "div", "maximum", "minimum", "none"])
        # A maximum or minimum with something constant along a row can make the
        # row constant; a norm after it then divides rounding noise by sqrt(eps),
        # and no two correct f32 programs agree on the result.
        clips = binary in ("maximum", "minimum")
        other_kind = self.pick(["input", "bias", "saved"] if clips else
                               ["input", "bias", "saved", "scalar"])
        other = None
        if other_kind == "input":
            other = self.normal("other", (B, S, D))
        elif other_kind == "bias":
            shapes = [(D,), (S, D), (B, 1, D)] + ([] if clips else [(1, S, 1)])
            other = self.normal("bias", self.pick(shapes))
        c = float(np.round(self.rng.uniform(-2, 2), 3))

        def f(x):
            if unary == "tanh":
                return jnp.tanh(x)
            if unary == "gelu":
                return jax.nn.gelu(x)
            if unary == "relu":
                return jax.nn.relu(x)
            if unary == "logistic":
                return jax.nn.sigmoid(x)
            if unary == "silu":
                return x * jax.nn.sigmoid(x)
            if unary == "exp_tanh":
                return jnp.exp(jnp.tanh(x))
            if unary == "softsign":
                return x / (1 + jnp.abs(x))
            if unary == "leaky":
                return jnp.maximum(x, 0.1 * x)
            if unary == "abs":
                return jnp.abs(x)
            if unary == "affine":
                return x * 1.5 + c
            if unary == "neg":
                return -x
            return 0.5 * jnp.square(jnp.tanh(x)) + x

        def step(st):
            x = f(st.h)
            if other_kind == "saved" and st.saved:
                y = st.saved[-1]
            elif other_kind == "scalar" or other is None:
                y = jnp.float32(c)
            else:
                y = st.args[other]
            if binary == "add":
                x = x + y
            elif binary == "mul":
                x = x * y
            elif binary == "sub":
                x = x - y
            elif binary == "div":
                x = x / (1.0 + jnp.square(y))
            elif binary == "maximum":
                x = jnp.maximum(x, y)
            elif binary == "minimum":
                x = jnp.minimum(x, y)
            st.saved.append(st.h)
            st.h = x

        self.add_step(step, "ew", "elementwise(%s, %s with %s)" % (unary, binary, other_kind))

    def reduction(self):
        B, S, D = self.B, self.S, self.D
        op = self.pick(["sum", "max", "min", "mean"])
        axes = self.pick([(-1,), (1,), (0,), (1, 2), (0, 2), (0, 1, 2), (2,)])
        keepdims = self.chance(0.5)
        use = self.pick(["center", "gate", "add", "emit"])
        count = int(np.prod([(B, S, D)[a] for a in axes]))

        def step(st):
            x = st.h
            if op == "sum":
                r = jnp.sum(x, axis=axes, keepdims=keepdims) / count
            elif op == "max":
                r = jnp.max(x, axis=axes, keepdims=keepdims)
            elif op == "min":
                r = jnp.min(x, axis=axes, keepdims=keepdims)
            else:
                r = jnp.mean(x, axis=axes, keepdims=keepdims)
            st.red = r
            if use == "emit":
                return
            if not keepdims:
                r = jnp.expand_dims(r, tuple(a % 3 for a in axes))
            r = jnp.broadcast_to(r, x.shape)
            st.saved.append(st.h)
            if use == "center":
                st.h = x - r
            elif use == "gate":
                st.h = x * jnp.tanh(r)
            else:
                st.h = x + r

        self.add_step(step, "red", "reduce(%s over %s, keepdims=%s, %s)" % (op, axes, keepdims, use))
        if use == "emit" or self.chance(0.15):
            self.emit(lambda st: st.red, "emits the reduction")

    def slicing(self):
        B, S, D = self.B, self.S, self.D
        kind = self.pick(["swap", "rotary", "roll", "grow", "strided_emit", "pieces"])
        k = int(self.rng.integers(1, D))
        if kind == "rotary":
            half = D // 2
            angles = self.rng.uniform(0, 2 * np.pi, (S, half))
            cos = self.add_input("cos", np.cos(angles).astype(np.float32))
            sin = self.add_input("sin", np.sin(angles).astype(np.float32))
        grow = self.project(lambda st: st.cat, "w_cat", 2 * D, D) if kind == "grow" else None
        shift = int(self.rng.integers(1, S)) if S > 1 else 0

        def step(st):
            x = st.h
            if kind == "swap":
                y = jnp.concatenate([x[..., k:], x[..., :k]], axis=-1)
            elif kind == "rotary":
                x1, x2 = x[..., :half], x[..., half:2 * half]
                c, s = st.args[cos], st.args[sin]
                parts = [x1 * c - x2 * s, x2 * c + x1 * s]
                if D % 2:
                    parts.append(x[..., 2 * half:])
                y = jnp.concatenate(parts, axis=-1)
            elif kind == "roll":
                y = jnp.concatenate([x[:, shift:], x[:, :shift]], axis=1)
            elif kind == "grow":
                st.cat = jnp.concatenate([x, jnp.tanh(x)], axis=-1)
                y = grow(st)
            elif kind == "strided_emit":
                st.piece = x[:, ::2, 1::3]
                y = x
            else:
                y = jnp.concatenate([x[..., :k] * 2.0, jnp.tanh(x[..., k:])], axis=-1)
            st.saved.append(st.h)
            st.h = y

        self.add_step(step, "slice", "slicing(%s, k=%d)" % (kind, k))
        if kind == "strided_emit":
            self.emit(lambda st: st.piece, "emits x[:, ::2, 1::3]")

    def shaping(self):
        B, S, D = self.B, self.S, self.D
        kind = self.pick(["seq_softmax_T", "flat_norm", "rows_product", "gram", "swap_mul"])
        w = self.weight("w_rows", D, D) if kind == "rows_product" else None
        self.products += {"rows_product": 1, "gram": 2}.get(kind, 0)

        def step(st):
            x = st.h
            if kind == "seq_softmax_T":
                y = jax.nn.softmax(jnp.transpose(x, (0, 2, 1)), axis=-1) * S
                y = jnp.transpose(y, (0, 2, 1)) + x
            elif kind == "flat_norm":
                f = x.reshape(B, S * D)
                f = (f - jnp.mean(f, -1, keepdims=True)) * lax.rsqrt(
                    jnp.var(f, -1, keepdims=True) + 1e-5)
                y = f.reshape(B, S, D)
            elif kind == "rows_product":
                y = (x.reshape(B * S, D) @ st.args[w]).reshape(B, S, D)
            elif kind == "gram":
                # A product contracting the sequence: its first operand transposed.
                g = jnp.einsum("bsd,bse->bde", x, x) / S
                y = x @ g / D + x
            else:
                t = jnp.swapaxes(x, 1, 2)
                y = jnp.swapaxes(t * jnp.tanh(t), 1, 2)
            st.saved.append(st.h)
            st.h = y

        self.add_step(step, "shape", "shaping(%s)" % kind)

    def skip(self):
        mode = self.pick(["add", "gate", "add_first"])

        def step(st):
            if not st.saved:
                return
            other = st.saved[0] if mode == "add_first" else st.saved[-1]
            st.h = st.h * jax.nn.sigmoid(other) if mode == "gate" else st.h + other

        self.add_step(step, "skip", "skip(%s)" % mode)

    def softmax(self):
        S = self.S
        axis = self.pick([-1, 1, (1, 2)])
        size = self.D if axis == -1 else S if axis == 1 else S * self.D

        def step(st):
            st.saved.append(st.h)
            st.h = jax.nn.softmax(st.h, axis=axis) * size

        self.add_step(step, "softmax", "softmax(axis=%s)" % (axis,))

    # Programs -------------------------------------------------------------

    def build(self, keep=None):
        B, S, D = self.B, self.S, self.D
        x = self.normal("x", (B, S, D))
        self.add_step(lambda st: setattr(st, "h", st.args[x]), None, "h = x")
        style = self.pick(["transformer", "attn_chain", "mixed"], [4, 3, 4])
        # Steps are added while the program has fewer than MAX_PRODUCTS
        # products (each costs disc and XLA most of their compile time).
        if style == "transformer":
            for layer in range(int(self.rng.integers(1, 4))):
                if layer and self.products >= MAX_PRODUCTS:
                    break
                pre_ln = self.chance(0.6)
                if pre_ln:
                    self.layer_norm()
                self.attention()
                if not pre_ln or self.chance(0.3):
                    self.layer_norm()
                if self.chance(0.5) and self.products < MAX_PRODUCTS:
                    self.mlp()
        elif style == "attn_chain":
            # Attention after attention, as the reproducer of issue 30.
            for layer in range(int(self.rng.integers(2, 5))):
                if layer >= 2 and self.products >= MAX_PRODUCTS:
                    break
                self.attention(plain=self.chance(0.5))
                if self.chance(0.25):
                    self.pick([self.layer_norm, self.elementwise, self.skip])()
        else:
            makers = [self.attention, self.layer_norm, self.mlp, self.elementwise, self.reduction,
                      self.slicing, self.shaping, self.skip, self.softmax]
            weights = [5, 2, 2, 3, 3, 2, 2, 1, 1]
            for step in range(int(self.rng.integers(2, 7))):
                if step >= 2 and self.products >= MAX_PRODUCTS:
                    break
                self.pick(makers, weights)()
        if self.chance(0.2):
            self.reduction()
        if self.chance(0.15) and self.masks:
            spec = self.masks[0][0]
            self.emit(lambda st: self.mask_value(st, spec), "emits mask %d" % spec.index)
        final = self.n_outs
        self.emit(lambda st: st.h, "emits the final state")
        order = list(range(self.n_outs))
        if len(order) > 1 and self.chance(0.5):
            self.rng.shuffle(order)
        elif len(order) > 1:
            order.remove(final)
            order.append(final)
        last = len(self.steps) - 1
        kept = [i for i in range(len(self.steps)) if keep is None or i in keep or i in (0, last)]
        steps = [self.steps[i][2] for i in kept]

        def fn(*args):
            st = _State(args)
            for step in steps:
                step(st)
            outs = [st.outs[i] for i in order if i in st.outs]
            return outs[0] if len(outs) == 1 else tuple(outs)

        tags = [self.steps[i][0] for i in kept if self.steps[i][0]]
        name = "gen%d_%s%s%s" % (self.seed, "min_" if keep is not None else "",
                                 "_".join(tags[:6]), "_etc" if len(tags) > 6 else "")
        description = "\n".join(
            ["shape %dx%dx%d, %s" % (B, S, D, style)]
            + ["[%d] %s" % (i, self.steps[i][1]) for i in kept]
            + ["inputs: " + ", ".join("%s %s%s" % (n, "x".join(map(str, a.shape)) or "scalar",
                                                   a.dtype)
                                      for n, a in zip(self.input_names, self.inputs)),
               "outputs (in order of emission): " + ", ".join(str(i) for i in order)])
        fn.__name__ = name
        return Program(name, fn, list(self.inputs), description, len(self.steps))


def make(seed: int, keep=None) -> Program:
    """The program of `seed`; with `keep`, a set of step indices, only those
    steps (and the first and last) run, for minimizing a failure: the inputs
    stay those of the whole program."""
    return _Generator(seed).build(keep)

