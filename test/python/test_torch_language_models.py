"""The PyTorch twins of test_jax_language_models.py's language models
through torch.compile(backend="disc") against eager PyTorch, with random
weights: a two-layer transformer LM of nn.MultiheadAttention under a causal
mask (issue 30's model) and a three-layer GPT-style decoder with
hand-written attention masked as GPT-2 does. For each: the logits and the
cross-entropy loss under torch.no_grad(), and one SGD training step (its
loss, gradients and new weights) two ways, under the default CPU library
and under cpu_library="none":

- loss.backward() on the compiled module, as a user trains: the backend
  runs AOTAutograd's forward and backward graphs.
- torch.func.grad_and_value traced by make_fx into one graph of ATen ops,
  forward and backward, which torch.compile hands the backend whole.
  (torch.func.grad inside the compiled function is a graph of functorch's
  _wrap_for_grad and torch.autograd.grad that torch.export cannot trace
  again, so disc.torch runs it eagerly.)

nn.MultiheadAttention is traced with SDPA's math backend, as the backend
does itself for a graph autograd differentiates: the backward of its CPU
flash kernel, the default, is an op torch-mlir does not lower."""
import copy
import functools
import math
import unittest
import warnings

import torch
import torch.nn.functional as F
from torch import nn
from torch.fx.experimental.proxy_tensor import make_fx
from torch.nn.attention import SDPBackend, sdpa_kernel

import disc.torch

BATCH = 2
SEQ = 16
# As in test_jax_language_models.py: each output's largest error relative to
# its largest magnitude.
TOLERANCE = 1e-5
LEARNING_RATE = 0.1
EAGER_FALLBACK = "disc runs this graph eagerly"


class Block(nn.Module):
    """Pre-LN: LayerNorm, causal self-attention, residual; LayerNorm, gelu
    MLP, residual."""

    def __init__(self, d_model, heads, d_ff):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attention = nn.MultiheadAttention(d_model, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(d_model)
        # Flax's nn.gelu is the tanh approximation.
        self.mlp = nn.Sequential(nn.Linear(d_model, d_ff), nn.GELU(approximate="tanh"),
                                 nn.Linear(d_ff, d_model))

    def forward(self, x, mask):
        y = self.norm1(x)
        x = x + self.attention(y, y, y, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class LanguageModel(nn.Module):
    """Issue 30's model: embedding, two blocks, a vocabulary projection."""

    def __init__(self, vocab=97, d_model=32, heads=4, d_ff=128, layers=2):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d_model)
        self.blocks = nn.ModuleList(Block(d_model, heads, d_ff) for _ in range(layers))
        self.head = nn.Linear(d_model, vocab)

    def forward(self, tokens):
        seq = tokens.shape[1]
        # True where a query may not look: the keys after it.
        mask = torch.ones(seq, seq, dtype=torch.bool, device=tokens.device).triu(1)
        x = self.embedding(tokens)
        for block in self.blocks:
            x = block(x, mask)
        return self.head(x)


class GPTBlock(nn.Module):
    def __init__(self, d_model, heads):
        super().__init__()
        self.heads = heads
        self.ln_1 = nn.LayerNorm(d_model)
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.ln_2 = nn.LayerNorm(d_model)
        self.c_fc = nn.Linear(d_model, 4 * d_model)
        self.mlp_proj = nn.Linear(4 * d_model, d_model)

    def forward(self, x, causal):
        batch, seq, d_model = x.shape
        head_dim = d_model // self.heads
        q, k, v = (t.view(batch, seq, self.heads, head_dim).transpose(1, 2)
                   for t in self.c_attn(self.ln_1(x)).split(d_model, dim=-1))
        scores = q @ k.transpose(-1, -2) / math.sqrt(head_dim)
        scores = torch.where(causal, scores, torch.finfo(scores.dtype).min)
        context = torch.softmax(scores, dim=-1) @ v
        x = x + self.c_proj(context.transpose(1, 2).reshape(batch, seq, d_model))
        # The exact gelu here, the tanh one in LanguageModel.
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x))))


class GPT(nn.Module):
    """GPT-2's decoder: token and position embeddings, pre-LN blocks, a final
    LayerNorm and the output projection tied to the token embedding."""

    def __init__(self, vocab=128, d_model=48, heads=4, layers=3, max_positions=32):
        super().__init__()
        self.wte = nn.Embedding(vocab, d_model)
        self.wpe = nn.Embedding(max_positions, d_model)
        self.blocks = nn.ModuleList(GPTBlock(d_model, heads) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d_model)

    def forward(self, tokens):
        seq = tokens.shape[1]
        positions = torch.arange(seq, device=tokens.device)
        causal = torch.ones(seq, seq, dtype=torch.bool, device=tokens.device).tril()
        x = self.wte(tokens) + self.wpe(positions)
        for block in self.blocks:
            x = block(x, causal)
        return self.ln_f(x) @ self.wte.weight.T


def randomize(model, seed):
    """Random weights at scales that keep the logits near unit size, with
    every bias and LayerNorm parameter off 0 and 1 so that each one
    matters."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for module in model.modules():
            for name, parameter in module.named_parameters(recurse=False):
                noise = torch.randn(parameter.shape, generator=g)
                if isinstance(module, nn.LayerNorm) and name == "weight":
                    parameter.copy_(1 + 0.1 * noise)
                elif isinstance(module, nn.Embedding):
                    parameter.copy_(0.3 * noise)
                elif parameter.dim() == 1:
                    parameter.copy_(0.1 * noise)
                else:
                    parameter.copy_(noise / math.sqrt(parameter.shape[-1]))
    return model.eval()


def cross_entropy(logits, targets):
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


class WithLoss(nn.Module):
    """The model's logits and their cross-entropy loss."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, tokens, targets):
        logits = self.model(tokens)
        return logits, cross_entropy(logits, targets)


def training_step(model, params, tokens, targets):
    """The loss, its gradients and the weights after one SGD step (the
    gradients too: in the new weights an error in a small gradient hides
    under the rounding of its weight), on detached weights (a dict of
    tensors, none requiring grad): torch.func differentiates inside the
    traced function, so the graph Dynamo hands the backend has no input
    autograd tracks."""
    def loss_of(params):
        return cross_entropy(torch.func.functional_call(model, params, (tokens,)), targets)

    grads, loss = torch.func.grad_and_value(loss_of)(params)
    return loss, grads, {name: value - LEARNING_RATE * grads[name]
                         for name, value in params.items()}


def traced_training_step(model, params, tokens, targets):
    """training_step as one graph of ATen ops, forward and backward."""
    with sdpa_kernel(SDPBackend.MATH):
        return make_fx(functools.partial(training_step, model))(params, tokens, targets)


def make_models():
    """name -> (module in eval mode, vocabulary size, seed of the tokens)."""
    return {"lm": (randomize(LanguageModel(), 0), 97, 2),
            "gpt": (randomize(GPT(), 1), 128, 3)}


MODELS = make_models()


def token_batch(vocab, seed):
    g = torch.Generator().manual_seed(seed)
    tokens = torch.randint(0, vocab, (BATCH, SEQ + 1), generator=g)
    return tokens[:, :-1].contiguous(), tokens[:, 1:].contiguous()


def relative_error(got, expected):
    """max |got - expected| / max |expected|, in float64."""
    got = got.detach().double()
    expected = expected.detach().double()
    scale = expected.abs().max().item()
    difference = (got - expected).abs().max().item()
    return difference / scale if scale > 0 else difference


class LanguageModelChecks:
    """The checks, for the compile options of the subclass."""
    options = {}

    def compile(self, fun):
        """fun through torch.compile and disc.torch's backend, which must
        see it as one graph (a graph break or a frame Dynamo skips would run
        eagerly without a word)."""
        torch._dynamo.reset()
        graphs = []

        def backend(graph_module, example_inputs):
            graphs.append(graph_module)
            return disc.torch.backend(graph_module, example_inputs, **self.options)

        compiled = torch.compile(fun, backend=backend)

        def run(*arguments):
            with warnings.catch_warnings():
                warnings.filterwarnings("error", message=EAGER_FALLBACK)
                results = compiled(*arguments)
            self.assertEqual(len(graphs), 1, "graphs handed to the backend")
            return results

        return run

    def assert_close(self, errors, what):
        bad = sorted(((error, name) for name, error in errors.items() if not error < TOLERANCE),
                     reverse=True)
        if bad:
            worst = ", ".join(f"{name} {error:.3g}" for error, name in bad[:5])
            self.fail(f"{what} {self.options}: {len(bad)} of {len(errors)} results off by "
                      f"more than {TOLERANCE} of their largest magnitude; the worst: {worst}")

    def check_forward(self, name):
        model, vocab, seed = MODELS[name]
        tokens, targets = token_batch(vocab, seed)
        with_loss = WithLoss(model).eval()
        compiled = self.compile(with_loss)
        with torch.no_grad():
            logits, loss = compiled(tokens, targets)
            expected_logits, expected_loss = with_loss(tokens, targets)
        self.assertEqual(logits.shape, expected_logits.shape)
        self.assert_close({"logits": relative_error(logits, expected_logits),
                           "loss": relative_error(loss, expected_loss)}, f"{name} forward")

    def check_training_step(self, name):
        model, vocab, seed = MODELS[name]
        tokens, targets = token_batch(vocab, seed)
        params = {key: value.detach().clone() for key, value in model.named_parameters()}
        compiled = self.compile(traced_training_step(model, params, tokens, targets))
        loss, grads, new_params = compiled(params, tokens, targets)
        expected_loss, expected_grads, expected_params = training_step(model, params, tokens,
                                                                       targets)
        errors = {"loss": relative_error(loss, expected_loss)}
        for kind, got, expected in (("grad", grads, expected_grads),
                                    ("new", new_params, expected_params)):
            self.assertEqual(sorted(got), sorted(expected))
            for key, value in expected.items():
                self.assertEqual(got[key].shape, value.shape, key)
                errors[f"{kind} {key}"] = relative_error(got[key], value)
        self.assert_close(errors, f"{name} training step")

    def check_backward(self, name):
        model, vocab, seed = MODELS[name]
        tokens, targets = token_batch(vocab, seed)
        params = {key: value.detach().clone() for key, value in model.named_parameters()}
        expected_loss, expected_grads, expected_params = training_step(model, params, tokens,
                                                                       targets)
        trained = copy.deepcopy(model)
        compiled = self.compile(WithLoss(trained))
        with warnings.catch_warnings():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            _, loss = compiled(tokens, targets)
            loss.backward()
        with torch.no_grad():
            for parameter in trained.parameters():
                parameter -= LEARNING_RATE * parameter.grad
        errors = {"loss": relative_error(loss, expected_loss)}
        for key, parameter in trained.named_parameters():
            errors[f"grad {key}"] = relative_error(parameter.grad, expected_grads[key])
            errors[f"new {key}"] = relative_error(parameter, expected_params[key])
        self.assert_close(errors, f"{name} loss.backward()")

    def test_lm_logits_and_loss(self):
        self.check_forward("lm")

    def test_lm_training_step(self):
        self.check_training_step("lm")

    def test_lm_backward(self):
        self.check_backward("lm")

    def test_gpt_logits_and_loss(self):
        self.check_forward("gpt")

    def test_gpt_training_step(self):
        self.check_training_step("gpt")

    def test_gpt_backward(self):
        self.check_backward("gpt")


class DefaultLibraryTest(LanguageModelChecks, unittest.TestCase):
    options = {}


class CompiledProductsTest(LanguageModelChecks, unittest.TestCase):
    """cpu_library="none": every product is the compiler's own code."""
    options = {"cpu_library": "none"}


if __name__ == "__main__":
    unittest.main()
