"""Reduced precision through torch.compile(backend="disc"): models cast
with model.to(torch.bfloat16) and an f32 model under
torch.autocast("cpu", dtype=torch.bfloat16). Each is checked against the
same model in f32: disc's bf16 result must be about as close to it as
eager PyTorch's bf16 result is (both accumulate products and sums in f32
and round to bf16 between ops)."""
import copy
import unittest
import warnings

import torch
import torchvision
from torch import nn

import disc.torch

EAGER_FALLBACK = "disc runs this graph eagerly"


def relative_error(got, reference):
    return ((got.float() - reference).abs().max() / reference.abs().max()).item()


class Attention(nn.Module):
    """Pre-LN single-head self-attention with a residual: layer norm,
    softmax and batched products."""

    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.qkv = nn.Linear(width, 3 * width)
        self.out = nn.Linear(width, width)

    def forward(self, x):
        q, k, v = self.qkv(self.norm(x)).chunk(3, dim=-1)
        weights = torch.softmax(q @ k.transpose(1, 2) / q.shape[-1] ** 0.5, dim=-1)
        return x + self.out(weights @ v)


class Bf16Test(unittest.TestCase):
    def setUp(self):
        torch._dynamo.reset()
        torch.manual_seed(0)

    def compiled(self, model, x):
        with torch.no_grad(), warnings.catch_warnings():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            return torch.compile(model, backend="disc")(x)

    def check_cast_model(self, model, x):
        with torch.no_grad():
            reference = model(x)
            model16 = copy.deepcopy(model).to(torch.bfloat16)
            eager = model16(x.to(torch.bfloat16))
        got = self.compiled(model16, x.to(torch.bfloat16))
        self.assertEqual(got.dtype, torch.bfloat16)
        eager_error = relative_error(eager, reference)
        # Two bf16 computations round differently; each is within a few
        # bf16 units (2^-8 relative) of the f32 result.
        self.assertLess(relative_error(got, reference), max(2 * eager_error, 2 ** -7),
                        f"eager bf16 is {eager_error:.2e} from f32")

    def test_mlp(self):
        model = nn.Sequential(nn.Linear(64, 256), nn.GELU(), nn.Linear(256, 256), nn.ReLU(),
                              nn.Linear(256, 10)).eval()
        self.check_cast_model(model, torch.randn(8, 64))

    def test_resnet18(self):
        model = torchvision.models.resnet18(num_classes=10).eval()
        for module in model.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.running_mean.uniform_(-0.5, 0.5)
                module.running_var.uniform_(0.5, 2.0)
        self.check_cast_model(model, torch.randn(2, 3, 64, 64))

    def test_layer_norm_and_softmax(self):
        self.check_cast_model(Attention(64).eval(), torch.randn(2, 16, 64))

    def test_autocast(self):
        model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10)).eval()
        x = torch.randn(4, 64)
        with torch.no_grad():
            reference = model(x)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                eager = model(x)
                got = self.compiled(model, x)
        self.assertEqual(got.dtype, eager.dtype)
        self.assertLess(relative_error(got, reference),
                        max(2 * relative_error(eager, reference), 2 ** -7))


if __name__ == "__main__":
    unittest.main()
