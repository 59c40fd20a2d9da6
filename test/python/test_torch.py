"""disc.torch against PyTorch eager on the same inputs: an MLP, a BERT
encoder layer with embeddings, a ResNet-18, an LSTM over 8 steps and a
network of depthwise and grouped convolutions (MobileNetV3's blocks), each
through torch.compile(backend="disc") and disc.torch.export at two batch
sizes from one dynamic compile; torchvision's Swin Transformer at small
dims through both; Hugging Face's GPT-2 at batch 8 and BERT at three batch
sizes; and the errors a user meets. Training is
test_torch_training.py's."""
import json
import os
import unittest
import warnings
from unittest import mock

import torch
import transformers
from torchvision.models.swin_transformer import SwinTransformer

import common
import disc
import disc.torch
import torch_models
from disc._torch_batch_norms import fold_batch_norms

EAGER_FALLBACK = "disc runs this graph eagerly"


def float_inputs(*shape):
    return lambda batch, g: torch.randn(batch, *shape, generator=g)


def token_inputs(batch, g):
    return torch.randint(0, 64, (batch, 8), generator=g)


def make_models():
    """name -> (module in eval mode, inputs for a batch size, tolerance)."""
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    return {
        "mlp": (torch_models.MLP(), float_inputs(16), 1e-5),
        "bert": (torch_models.BertEncoderLayer(), token_inputs, 1e-4),
        "resnet18": (torch_models.randomize_batch_norms(torch_models.ResNet18(), g),
                     float_inputs(3, 32, 32), 1e-4),
        "lstm": (torch_models.LSTMModel(), float_inputs(8, 8), 1e-5),
        "grouped_convolutions": (
            torch_models.randomize_batch_norms(torch_models.GroupedConvNet(), g),
            float_inputs(3, 32, 32), 1e-4),
    }


def tiny_swin():
    """torchvision's Swin Transformer at small dims, with the ops of swin_t:
    shifted windows (a roll, an attention mask written slice by slice) and a
    relative position bias indexed by a buffer."""
    torch.manual_seed(0)
    return SwinTransformer(patch_size=[4, 4], embed_dim=16, depths=[2, 2], num_heads=[2, 2],
                           window_size=[4, 4], num_classes=10).eval()


def relative_error(got, expected):
    """The largest difference relative to the largest magnitude of
    `expected`."""
    return ((got - expected).abs().max() / expected.abs().max()).item()


MODELS = make_models()
# Dynamo specializes sizes 0 and 1, so the dynamic batch is tried at 2 and 5;
# the batch dim alone is marked dynamic.
BATCHES = (2, 5)


def program_count():
    directory = disc._cache.directory()
    if not os.path.isdir(directory):
        return 0
    return len([name for name in os.listdir(directory) if name.endswith(".so")])


class CompileTest(unittest.TestCase):
    def check_model(self, name):
        module, make_input, tolerance = MODELS[name]
        module.eval()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        g = torch.Generator().manual_seed(1)
        programs = program_count()
        with warnings.catch_warnings():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            for batch in BATCHES:
                x = make_input(batch, g)
                torch._dynamo.mark_dynamic(x, 0)
                with torch.no_grad():
                    got = compiled(x)
                    expected = module(x)
                self.assertIsInstance(got, torch.Tensor)
                torch.testing.assert_close(got, expected, rtol=tolerance, atol=tolerance)
        self.assertLessEqual(program_count() - programs, 1,
                             "both batch sizes should share one dynamic program")

    def test_mlp(self):
        self.check_model("mlp")

    def test_bert_encoder_layer(self):
        self.check_model("bert")

    def test_resnet18(self):
        self.check_model("resnet18")

    def test_lstm(self):
        self.check_model("lstm")

    def test_grouped_convolutions(self):
        self.check_model("grouped_convolutions")

    def test_tiny_swin_transformer(self):
        module = tiny_swin()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        x = torch.randn(1, 3, 32, 32, generator=torch.Generator().manual_seed(5))
        with warnings.catch_warnings(), torch.no_grad():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            got = compiled(x)
            expected = module(x)
        self.assertLessEqual(relative_error(got, expected), 1e-4)

    def test_hugging_face_gpt2_at_batch_8(self):
        """GPT-2's attention output is viewed as rows: torch.export's trace
        lays it out sequence first at batch 8, where the view fails unless
        it is taken as a reshape."""
        config = transformers.GPT2Config(n_embd=64, n_head=4, n_layer=1, vocab_size=100,
                                         n_positions=32, use_cache=False)
        torch.manual_seed(0)
        module = transformers.GPT2Model(config).eval()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        tokens = torch.randint(0, 100, (8, 16), generator=torch.Generator().manual_seed(2))
        with warnings.catch_warnings(), torch.no_grad():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            got = compiled(input_ids=tokens).last_hidden_state
            expected = module(input_ids=tokens).last_hidden_state
        self.assertLessEqual(relative_error(got, expected), 1e-5)

    def test_hugging_face_bert_at_two_batch_sizes(self):
        """The second batch size makes Dynamo's graph dynamic, where
        torch-mlir sizes the split of the heads with shape.num_elements."""
        config = transformers.BertConfig(hidden_size=64, num_attention_heads=4,
                                         num_hidden_layers=1, intermediate_size=128,
                                         vocab_size=100, max_position_embeddings=32)
        torch.manual_seed(0)
        module = transformers.BertModel(config).eval()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        g = torch.Generator().manual_seed(3)
        with warnings.catch_warnings(), torch.no_grad():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            for batch in (2, 5, 3):
                tokens = torch.randint(0, 100, (batch, 16), generator=g)
                got = compiled(input_ids=tokens).last_hidden_state
                expected = module(input_ids=tokens).last_hidden_state
                self.assertLessEqual(relative_error(got, expected), 1e-5)

    def test_weights_are_constants_until_they_change(self):
        """In inference the weights and batch-norm statistics are constants
        of the compiled program; replacing a weight's values in place, or
        the weight itself, compiles again rather than running stale ones."""
        module = torch_models.randomize_batch_norms(
            torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8),
                                torch.nn.ReLU()),
            torch.Generator().manual_seed(6)).eval()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        x = torch.randn(2, 3, 10, 10, generator=torch.Generator().manual_seed(7))
        with warnings.catch_warnings(), torch.no_grad():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            self.assertLessEqual(relative_error(compiled(x), module(x)), 1e-5)
            module[0].weight.mul_(-2)
            self.assertLessEqual(relative_error(compiled(x), module(x)), 1e-5)
            module[1].running_mean = module[1].running_mean + 1
            self.assertLessEqual(relative_error(compiled(x), module(x)), 1e-5)

    def test_a_graph_seen_before_is_not_lowered_again(self):
        """A graph compiled before with the same weights, by this process or
        another (a reset of Dynamo stands for a new process), loads its
        program from the on-disk cache without torch.export, torch-mlir or
        disc-compile. Other weights lower again, and so does a graph whose
        stored program was broken since."""
        def conv_net(seed):
            torch.manual_seed(seed)
            return torch_models.randomize_batch_norms(
                torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1),
                                    torch.nn.BatchNorm2d(8), torch.nn.ReLU()),
                torch.Generator().manual_seed(seed)).eval()

        x = torch.randn(2, 3, 10, 10, generator=torch.Generator().manual_seed(8))
        lowerings = []
        lower = disc.torch._lower

        def counted_lower(*arguments):
            lowerings.append(arguments)
            return lower(*arguments)

        def check(module):
            torch._dynamo.reset()
            with torch.no_grad():
                got = torch.compile(module, backend="disc")(x)
                self.assertLessEqual(relative_error(got, module(x)), 1e-5)

        with mock.patch.object(disc.torch, "_lower", counted_lower), warnings.catch_warnings():
            warnings.filterwarnings("error", message=EAGER_FALLBACK)
            check(conv_net(10))
            self.assertEqual(len(lowerings), 1)
            check(conv_net(10))
            self.assertEqual(len(lowerings), 1)
            check(conv_net(11))
            self.assertEqual(len(lowerings), 2)
            # A new file in its place: this process still runs the old one.
            for name in os.listdir(disc._torch_graph_cache.directory()):
                with open(os.path.join(disc._torch_graph_cache.directory(), name)) as entry:
                    program = json.load(entry)["program"]
                with open(program + ".broken", "wb") as broken:
                    broken.write(b"\x7fELF")
                os.replace(program + ".broken", program)
            check(conv_net(11))
            self.assertEqual(len(lowerings), 3)

    def test_recompiles_on_new_shapes(self):
        """Without dynamic=True, Dynamo's guards recompile for the second
        batch size, whose graph it then makes dynamic."""
        module = MODELS["mlp"][0].eval()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        g = torch.Generator().manual_seed(2)
        for batch in (2, 3, 7):
            x = torch.randn(batch, 16, generator=g)
            with torch.no_grad():
                torch.testing.assert_close(compiled(x), module(x), rtol=1e-5, atol=1e-5)

    def test_unsupported_op_runs_eagerly_with_a_warning(self):
        class Determinant(torch.nn.Module):
            def forward(self, x):
                return torch.linalg.det(x) + 1

        module = Determinant()
        torch._dynamo.reset()
        compiled = torch.compile(module, backend="disc")
        x = torch.randn(3, 3)
        with self.assertWarnsRegex(UserWarning, "torch.aten.linalg_det"):
            got = compiled(x)
        torch.testing.assert_close(got, module(x))


class BatchNormFoldTest(unittest.TestCase):
    """disc.torch folds an inference batch norm into the convolution before
    it in Dynamo's graph, whose torch.conv2d and F.batch_norm calls this
    builds by hand."""

    @staticmethod
    def graph(extra_reader=False):
        graph = torch.fx.Graph()
        x, w, b, mean, var, gamma, beta = (graph.placeholder(name) for name in
                                           ("x", "w", "b", "mean", "var", "gamma", "beta"))
        convolution = graph.call_function(torch.conv2d, (x, w, b, (1, 1), (1, 1)))
        norm = graph.call_function(torch.nn.functional.batch_norm,
                                   (convolution, mean, var, gamma, beta, False, 0.1, 1e-3))
        outputs = (norm, convolution) if extra_reader else (norm,)
        graph.output(outputs)
        return torch.fx.GraphModule(torch.nn.Module(), graph)

    def tensors(self):
        g = torch.Generator().manual_seed(3)
        return [torch.randn(2, 3, 6, 6, generator=g), torch.randn(4, 3, 3, 3, generator=g),
                torch.randn(4, generator=g), torch.randn(4, generator=g),
                torch.rand(4, generator=g) + 0.5, torch.randn(4, generator=g),
                torch.randn(4, generator=g)]

    def fold(self, graph_module, tensors):
        layout = [("tensor", position, None) for position in range(len(tensors))]
        return fold_batch_norms(graph_module, layout, tensors,
                                set(range(1, len(tensors))))

    def test_the_norm_goes_into_the_filter_and_bias(self):
        module, tensors = self.graph(), self.tensors()
        folded = self.fold(module, tensors)
        targets = [node.target for node in folded.graph.nodes if node.op == "call_function"]
        self.assertEqual(targets, [torch.conv2d])
        self.assertLessEqual(relative_error(folded(*tensors)[0], module(*tensors)[0]), 1e-6)

    def test_a_convolution_read_elsewhere_stays(self):
        module = self.graph(extra_reader=True)
        self.assertIs(self.fold(module, self.tensors()), module)


class ExportTest(unittest.TestCase):
    def check_model(self, name):
        module, make_input, tolerance = MODELS[name]
        module.eval()
        g = torch.Generator().manual_seed(3)
        path = os.path.join(common.work_dir("export-" + name), name + ".so")
        model = disc.torch.export(module, (make_input(BATCHES[0], g),), path,
                                  dynamic_shapes=({0: "batch"},))
        self.assertEqual(model.path, path)
        self.assertIsNone(model.inputs[0].shape[0])
        loaded = disc.load(path)
        for batch in BATCHES:
            x = make_input(batch, g)
            with torch.no_grad():
                expected = module(x)
            got = torch.from_numpy(loaded(x.numpy()))
            torch.testing.assert_close(got, expected, rtol=tolerance, atol=tolerance)

    def test_mlp(self):
        self.check_model("mlp")

    def test_bert_encoder_layer(self):
        self.check_model("bert")

    def test_resnet18(self):
        self.check_model("resnet18")

    def test_lstm(self):
        self.check_model("lstm")

    def test_grouped_convolutions(self):
        self.check_model("grouped_convolutions")

    def test_weights_as_inputs(self):
        """One .so for any weights of the model's shapes: a second ResNet's
        parameters and batch-norm statistics run through the first one's."""
        g = torch.Generator().manual_seed(4)
        first, make_input, tolerance = MODELS["resnet18"]
        second = torch_models.randomize_batch_norms(torch_models.ResNet18(), g)
        path = os.path.join(common.work_dir("export-weights"), "resnet18.so")
        model = disc.torch.export(first.eval(), (make_input(2, g),), path,
                                  dynamic_shapes=({0: "batch"},), weights_as_inputs=True)
        names = disc.torch.weight_names(first)
        self.assertEqual(len(model.inputs), len(names) + 1)
        x = make_input(3, g)
        for module in (first, second.eval()):
            state = module.state_dict()
            with torch.no_grad():
                expected = module(x)
            got = torch.from_numpy(model(*[state[name].numpy() for name in names], x.numpy()))
            torch.testing.assert_close(got, expected, rtol=tolerance, atol=tolerance)

    def test_tiny_swin_transformer(self):
        """The relative position index is a buffer, which the export inlines
        as a constant: torch-mlir's import takes it inside the list of
        indices of aten.index only through disc's alias."""
        module = tiny_swin()
        x = torch.randn(1, 3, 32, 32, generator=torch.Generator().manual_seed(6))
        path = os.path.join(common.work_dir("export-swin"), "swin.so")
        model = disc.torch.export(module, (x,), path)
        with torch.no_grad():
            expected = module(x)
        got = torch.from_numpy(model(x.numpy()))
        self.assertLessEqual(relative_error(got, expected), 1e-4)

    def test_non_persistent_buffer(self):
        """A buffer outside the state dict (BERT's position ids, Llama's
        rotary frequencies) is inlined as a constant too."""
        class Shifted(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("shift", torch.arange(4.0), persistent=False)

            def forward(self, x):
                return x + self.shift

        module = Shifted()
        path = os.path.join(common.work_dir("export-buffer"), "shifted.so")
        model = disc.torch.export(module, (torch.randn(2, 4),), path)
        x = torch.randn(2, 4)
        torch.testing.assert_close(torch.from_numpy(model(x.numpy())), module(x))

    def test_unsupported_op_names_it(self):
        class Determinant(torch.nn.Module):
            def forward(self, x):
                return torch.linalg.det(x)

        path = os.path.join(common.work_dir("export-det"), "det.so")
        with self.assertRaisesRegex(disc.Error,
                                    "^torch-mlir cannot lower torch.aten.linalg_det to StableHLO$"):
            disc.torch.export(Determinant(), (torch.randn(3, 3),), path)
        self.assertFalse(os.path.exists(path))

    def test_wrong_input_shape(self):
        module = MODELS["mlp"][0].eval()
        path = os.path.join(common.work_dir("export-static"), "mlp.so")
        model = disc.torch.export(module, (torch.randn(4, 16),), path)
        self.assertEqual(model.inputs[0].shape, (4, 16))
        with self.assertRaisesRegex(disc.Error, "input 0"):
            model(torch.randn(4, 15).numpy())

    def test_missing_model(self):
        path = os.path.join(common.work_dir("missing"), "absent.so")
        with self.assertRaisesRegex(disc.Error, "absent.so"):
            disc.load(path)


if __name__ == "__main__":
    unittest.main()
