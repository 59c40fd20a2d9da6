"""Whole language models through disc.jax.jit against jax.jit (XLA on the
CPU), with random weights: a two-layer Flax transformer LM (issue 30: its
second masked attention came out wrong while one layer was right) and a
three-layer GPT-style decoder in plain JAX. For each: the logits and the
cross-entropy loss, and one SGD training step (its loss, new weights and
every gradient leaf), under the default CPU library and under
cpu_library="none"."""
import unittest

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np

import disc.jax

BATCH = 2
SEQ = 16
# Every output is compared by its largest error relative to its largest
# magnitude. f32 sums of at most a few hundred terms reassociated (library
# products, vectorized reductions) stay near 1e-6 of that; a wrong result is
# off by the order of the output itself.
TOLERANCE = 1e-5
LEARNING_RATE = 0.1


class FlaxBlock(nn.Module):
    """Pre-LN: LayerNorm, causal self-attention, residual; LayerNorm, gelu
    MLP, residual."""
    d_model: int
    heads: int
    d_ff: int

    @nn.compact
    def __call__(self, x, mask):
        y = nn.LayerNorm()(x)
        # nn.SelfAttention(...)(y, mask=mask), which Flax deprecates for this.
        x = x + nn.MultiHeadDotProductAttention(num_heads=self.heads, deterministic=True)(
            y, mask=mask)
        y = nn.LayerNorm()(x)
        y = nn.Dense(self.d_model)(nn.gelu(nn.Dense(self.d_ff)(y)))
        return x + y


class FlaxLanguageModel(nn.Module):
    """Issue 30's model: embedding, two blocks, a vocabulary projection."""
    vocab: int = 97
    d_model: int = 32
    heads: int = 4
    d_ff: int = 128
    layers: int = 2

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.d_model)(tokens)
        mask = nn.make_causal_mask(tokens)
        for _ in range(self.layers):
            x = FlaxBlock(self.d_model, self.heads, self.d_ff)(x, mask)
        return nn.Dense(self.vocab)(x)


def perturb(params, seed):
    """The initializers' zero biases and unit LayerNorm scales moved off 0
    and 1, so that a dropped or misplaced one changes the result."""
    g = np.random.default_rng(seed)
    return jax.tree_util.tree_map(
        lambda p: (np.asarray(p) + 0.1 * g.standard_normal(p.shape)).astype(np.float32),
        params)


def flax_params(model, seed):
    tokens = jnp.zeros((BATCH, SEQ), jnp.int32)
    return perturb(model.init(jax.random.PRNGKey(seed), tokens)["params"], seed)


def layer_norm(x, scale, bias, epsilon=1e-5):
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(variance + epsilon) * scale + bias


def gpt_logits(params, tokens, heads):
    """GPT-2's decoder in plain JAX: token and position embeddings, pre-LN
    blocks of fused-QKV causal attention (the mask applied as GPT-2 does,
    scores where masked set to the dtype's minimum) and an exact-erf gelu MLP
    (the Flax model has the tanh one), a final LayerNorm, and the output
    projection tied to the token embedding."""
    batch, seq = tokens.shape
    x = params["wte"][tokens] + params["wpe"][:seq]
    d_model = x.shape[-1]
    head_dim = d_model // heads
    causal = jnp.tril(jnp.ones((seq, seq), bool))
    for block in params["blocks"]:
        y = layer_norm(x, block["ln1_scale"], block["ln1_bias"])
        qkv = y @ block["qkv_kernel"] + block["qkv_bias"]
        q, k, v = (t.reshape(batch, seq, heads, head_dim).transpose(0, 2, 1, 3)
                   for t in jnp.split(qkv, 3, axis=-1))
        scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(head_dim))
        scores = jnp.where(causal, scores, jnp.finfo(scores.dtype).min)
        context = jax.nn.softmax(scores, axis=-1) @ v
        context = context.transpose(0, 2, 1, 3).reshape(batch, seq, d_model)
        x = x + context @ block["proj_kernel"] + block["proj_bias"]
        y = layer_norm(x, block["ln2_scale"], block["ln2_bias"])
        hidden = jax.nn.gelu(y @ block["fc_kernel"] + block["fc_bias"], approximate=False)
        x = x + hidden @ block["out_kernel"] + block["out_bias"]
    x = layer_norm(x, params["lnf_scale"], params["lnf_bias"])
    return x @ params["wte"].T


def gpt_params(seed, vocab=128, d_model=48, layers=3, max_positions=32):
    g = np.random.default_rng(seed)

    def normal(*shape, scale=0.02):
        return (scale * g.standard_normal(shape)).astype(np.float32)

    def near(value, *shape):
        return (value + 0.1 * g.standard_normal(shape)).astype(np.float32)

    blocks = []
    for _ in range(layers):
        blocks.append({
            "ln1_scale": near(1, d_model), "ln1_bias": near(0, d_model),
            "qkv_kernel": normal(d_model, 3 * d_model, scale=d_model ** -0.5),
            "qkv_bias": normal(3 * d_model),
            "proj_kernel": normal(d_model, d_model, scale=d_model ** -0.5),
            "proj_bias": normal(d_model),
            "ln2_scale": near(1, d_model), "ln2_bias": near(0, d_model),
            "fc_kernel": normal(d_model, 4 * d_model, scale=d_model ** -0.5),
            "fc_bias": normal(4 * d_model),
            "out_kernel": normal(4 * d_model, d_model, scale=(4 * d_model) ** -0.5),
            "out_bias": normal(d_model)})
    return {"wte": normal(vocab, d_model, scale=0.3),
            "wpe": normal(max_positions, d_model, scale=0.1),
            "blocks": blocks, "lnf_scale": near(1, d_model), "lnf_bias": near(0, d_model)}


def cross_entropy(logits, targets):
    log_probabilities = jax.nn.log_softmax(logits, axis=-1)
    picked = jnp.take_along_axis(log_probabilities, targets[..., None], axis=-1)
    return -picked.mean()


def language_model_functions(logits_of):
    """forward(params, tokens, targets) -> (logits, loss);
    step(params, tokens, targets) -> (loss, params after one SGD step, the
    gradients). The step returns its gradients too: in the new weights an
    error in a small gradient hides under the rounding of its weight."""
    def loss_of(params, tokens, targets):
        return cross_entropy(logits_of(params, tokens), targets)

    def forward(params, tokens, targets):
        logits = logits_of(params, tokens)
        return logits, cross_entropy(logits, targets)

    def step(params, tokens, targets):
        loss, grads = jax.value_and_grad(loss_of)(params, tokens, targets)
        new_params = jax.tree_util.tree_map(lambda p, g: p - LEARNING_RATE * g, params, grads)
        return loss, new_params, grads

    return {"forward": forward, "step": step}


# What each function's results are, for the messages.
RESULT_NAMES = {"forward": ("logits", "loss"), "step": ("loss", "new_params", "grads")}


def token_batch(vocab, seed):
    g = np.random.default_rng(seed)
    tokens = g.integers(0, vocab, (BATCH, SEQ + 1)).astype(np.int32)
    return tokens[:, :-1], tokens[:, 1:]


# A leaf whose exact value is zero holds only rounding noise, in both
# results: the key projection's bias has a zero gradient (a shift common to
# every key moves no softmax), computed as sums of terms near 0.1 that cancel
# to some 1e-8, and XLA's noise and disc's differ by as much as the noise.
# A leaf below this fraction of the largest magnitude among its siblings (the
# other gradients) is taken for such a zero and measured against that
# largest magnitude instead of its own; every other leaf is at least a
# hundredth of it.
ZERO_FRACTION = 1e-4


def relative_errors(got, expected, names):
    """{leaf path: max |got - expected| / max |expected|} (in float64) of
    two tuples of pytrees of one structure, their elements called `names`; a
    leaf's siblings are the leaves of its element of the tuple."""
    expected_leaves, expected_tree = jax.tree_util.tree_flatten_with_path(expected)
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    if got_tree != expected_tree:
        raise AssertionError(f"pytree {got_tree} is not {expected_tree}")
    largest = {}
    for path, leaf in expected_leaves:
        group = path[:1]
        largest[group] = max(largest.get(group, 0.0), float(np.max(np.abs(leaf))))
    errors = {}
    for (path, expected_leaf), got_leaf in zip(expected_leaves, got_leaves):
        name = names[path[0].idx] + jax.tree_util.keystr(path[1:])
        expected_leaf = np.asarray(expected_leaf)
        got_leaf = np.asarray(got_leaf)
        if got_leaf.shape != expected_leaf.shape or got_leaf.dtype != expected_leaf.dtype:
            raise AssertionError(f"{name}: {got_leaf.dtype}{list(got_leaf.shape)} is not "
                                 f"{expected_leaf.dtype}{list(expected_leaf.shape)}")
        expected_leaf = expected_leaf.astype(np.float64)
        scale = float(np.max(np.abs(expected_leaf)))
        if scale < ZERO_FRACTION * largest[path[:1]]:
            scale = largest[path[:1]]
        difference = float(np.max(np.abs(got_leaf.astype(np.float64) - expected_leaf)))
        errors[name] = difference / scale if scale > 0 else difference
    return errors


def language_models():
    """name -> (logits(params, tokens), params, vocabulary size, seed of the
    tokens)."""
    flax_model = FlaxLanguageModel()
    return {
        "flax": (lambda params, tokens: flax_model.apply({"params": params}, tokens),
                 flax_params(flax_model, 0), flax_model.vocab, 4),
        "gpt": (lambda params, tokens: gpt_logits(params, tokens, heads=4),
                gpt_params(1), 128, 3),
    }


MODELS = language_models()


class LanguageModelChecks:
    """The checks, for the compile options of the subclass."""
    options = {}

    def check(self, model, function):
        logits_of, params, vocab, seed = MODELS[model]
        fun = language_model_functions(logits_of)[function]
        tokens, targets = token_batch(vocab, seed)
        expected = jax.jit(fun)(params, tokens, targets)
        got = disc.jax.jit(fun, **self.options)(params, tokens, targets)
        errors = relative_errors(got, expected, RESULT_NAMES[function])
        bad = sorted(((error, name) for name, error in errors.items() if not error < TOLERANCE),
                     reverse=True)
        if bad:
            worst = ", ".join(f"{name} {error:.3g}" for error, name in bad[:5])
            self.fail(f"{model} {function} {self.options}: {len(bad)} of {len(errors)} "
                      f"results off by more than {TOLERANCE} of their largest magnitude; "
                      f"the worst: {worst}")

    def test_flax_logits_and_loss(self):
        self.check("flax", "forward")

    def test_flax_training_step(self):
        self.check("flax", "step")

    def test_gpt_logits_and_loss(self):
        self.check("gpt", "forward")

    def test_gpt_training_step(self):
        self.check("gpt", "step")


class DefaultLibraryTest(LanguageModelChecks, unittest.TestCase):
    options = {}


class CompiledProductsTest(LanguageModelChecks, unittest.TestCase):
    """cpu_library="none": every product is the compiler's own code."""
    options = {"cpu_library": "none"}


if __name__ == "__main__":
    unittest.main()
