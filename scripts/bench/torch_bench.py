#!/usr/bin/env python3
"""torch.compile(backend="disc") against PyTorch eager and torch.compile
(inductor) on the CPU, in inference (torch.no_grad), over a zoo of models
with random weights: torchvision's (weights=None), transformers' (built
from a *Config, token ids of 128) and timm's (pretrained=False), at their
usual input size, and the BERT-base encoder layer of
test/python/torch_models.py.

For each model and batch size, each compiled variant's first call is timed
(Dynamo's capture, the lowering and the compile), with the on-disk caches
of disc and inductor pointed at a fresh directory so that nothing is reused
from an earlier run; disc's first call is timed again at the end, after
torch._dynamo.reset(), with its caches as the first call left them (what
a new process that compiles the same model meets); the graphs disc runs
eagerly are counted from its
warnings, with the ops they name; the error is disc's largest difference
from eager relative to the largest magnitude of eager's output. After a
warm-up call, the variants alternate round by round (so that load from
other processes falls on all of them), and the median of the rounds'
per-call means is the figure. A variant that fails has the reason in its
row; the others still run. The table of all rows is printed at the end, in
Markdown.

    python3 scripts/bench/torch_bench.py [--models resnet18,bert-base,...]
        [--batches 1,8] [--rounds 5] [--calls 10] [--threads N]
        [--skip-inductor] [--product-share]

--product-share prints, instead, the share of eager's CPU time spent in
matrix products and attention (torch.profiler), which bounds how much
faster than eager a compiler can be without faster products.

Run it with the venv of scripts/setup_python.sh (torch, torch-mlir,
torchvision, transformers, timm); it finds the package in python/ beside
it. `--help` lists the models.
"""
import argparse
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
import warnings

import torch
import torch._inductor.config
from torch._dynamo.utils import counters

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "python"))
import disc.torch  # noqa: E402,F401  (registers backend="disc")
import torch_models  # noqa: E402

SEQUENCE = 128
EAGER_FALLBACK = "disc runs this graph eagerly"
# The op in the warning of a graph torch-mlir could not lower.
_FALLBACK_OP = re.compile(r"cannot lower (\S+) to StableHLO")


def vision_input(size):
    return lambda batch: torch.randn(batch, 3, size, size)


def token_input(vocab):
    return lambda batch: torch.randint(0, vocab, (batch, SEQUENCE))


def randomized(module):
    """Random batch-norm statistics, and random values for the weights
    initialized to zero (ViT's and MLP-Mixer's classifier heads), without
    which the output would not depend on the input."""
    generator = torch.Generator().manual_seed(0)
    torch_models.randomize_batch_norms(module, generator)
    with torch.no_grad():
        for parameter in module.parameters():
            if parameter.dim() >= 2 and not parameter.any():
                parameter.normal_(0, 0.02, generator=generator)
    return module


def torchvision_model(name, size=224):
    def build():
        import torchvision
        return randomized(torchvision.models.get_model(name, weights=None)), vision_input(size)
    return build


def timm_model(name):
    def build():
        import timm
        module = timm.create_model(name, pretrained=False)
        size = module.pretrained_cfg["input_size"][-1]
        return randomized(module), vision_input(size)
    return build


class LastHiddenState(torch.nn.Module):
    """A transformers model called on token ids alone, returning its last
    hidden state: the tensor to time and compare, without a ModelOutput."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, token_ids):
        return self.model(input_ids=token_ids).last_hidden_state


def transformers_model(model_class, config_class, **config):
    def build():
        import transformers
        settings = getattr(transformers, config_class)(**config)
        module = getattr(transformers, model_class)(settings)
        return LastHiddenState(module), token_input(settings.vocab_size)
    return build


def bert_layer():
    module = torch_models.BertEncoderLayer(vocab=30522, hidden=768, heads=12, ffn=3072,
                                           max_positions=512)
    return module, token_input(30522)


MODELS = {
    "resnet18": torchvision_model("resnet18"),
    "resnet50": torchvision_model("resnet50"),
    "mobilenet_v3_large": torchvision_model("mobilenet_v3_large"),
    "efficientnet_b0": torchvision_model("efficientnet_b0"),
    "convnext_tiny": torchvision_model("convnext_tiny"),
    "densenet121": torchvision_model("densenet121"),
    "vit_b_16": torchvision_model("vit_b_16"),
    "swin_t": torchvision_model("swin_t"),
    "bert-layer": bert_layer,
    "bert-base": transformers_model("BertModel", "BertConfig"),
    "roberta-base": transformers_model("RobertaModel", "RobertaConfig"),
    "gpt2": transformers_model("GPT2Model", "GPT2Config", use_cache=False),
    "t5-small-encoder": transformers_model("T5EncoderModel", "T5Config", use_cache=False),
    "llama-small": transformers_model(
        "LlamaModel", "LlamaConfig", vocab_size=32000, hidden_size=512,
        intermediate_size=1408, num_hidden_layers=4, num_attention_heads=8,
        num_key_value_heads=4, max_position_embeddings=512, use_cache=False),
    "timm-vit_small_patch16_224": timm_model("vit_small_patch16_224"),
    "timm-mixer_b16_224": timm_model("mixer_b16_224"),
    "timm-regnety_016": timm_model("regnety_016"),
    "timm-mobilevit_s": timm_model("mobilevit_s"),
}


def per_call_ms(function, x, calls):
    start = time.perf_counter()
    for _ in range(calls):
        function(x)
    return (time.perf_counter() - start) / calls * 1e3


# The ATen ops in which eager computes matrix products and attention.
PRODUCT_OPS = {"aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm",
               "aten::_scaled_dot_product_flash_attention_for_cpu",
               "aten::mkldnn_convolution"}


def eager_product_share(name, batch, calls):
    """The part of eager's CPU time (the ops' self time, over `calls`
    calls after two warm-up calls) that is matrix products and attention.
    A model at 90% of that can be at most 1 / 0.9 = 1.1x eager's speed
    with products no faster than eager's."""
    torch.manual_seed(0)
    module, make_input = MODELS[name]()
    module.eval()
    x = make_input(batch)
    with torch.no_grad():
        module(x)
        module(x)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as profile:
            for _ in range(calls):
                module(x)
    events = profile.key_averages()
    total = sum(event.self_cpu_time_total for event in events)
    products = sum(event.self_cpu_time_total for event in events if event.key in PRODUCT_OPS)
    return products / total


def reason(error):
    """The first line of an error, short enough for a table cell."""
    text = next((line.strip() for line in str(error).splitlines() if line.strip()), "")
    text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return text.replace("|", "/")[:160]


@contextlib.contextmanager
def fresh_compile_caches():
    """disc's programs (under $XDG_CACHE_HOME/disc, see python/disc/_cache.py)
    and inductor's code and graphs in a new directory, removed afterwards;
    inductor's in-process caches off too."""
    saved = {name: os.environ.get(name) for name in ("XDG_CACHE_HOME", "TORCHINDUCTOR_CACHE_DIR")}
    with tempfile.TemporaryDirectory(prefix="torch-bench-") as directory:
        os.environ["XDG_CACHE_HOME"] = os.path.join(directory, "xdg")
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(directory, "inductor")
        try:
            with torch._inductor.config.patch(force_disable_caches=True):
                yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def first_call(function, x):
    """The output and seconds of `function`'s first call, the graphs Dynamo
    compiled in it, and the warnings of graphs disc ran eagerly."""
    graphs_before = counters["stats"]["unique_graphs"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        start = time.perf_counter()
        output = function(x)
        seconds = time.perf_counter() - start
    fallbacks = [str(warning.message) for warning in caught
                 if str(warning.message).startswith(EAGER_FALLBACK)]
    graphs = counters["stats"]["unique_graphs"] - graphs_before
    return output, seconds, graphs, fallbacks


def fallback_summary(graphs, fallbacks):
    """`n/m` graphs run eagerly, with the ops (or reasons) disc named."""
    if not fallbacks:
        return f"0/{graphs}"
    causes = []
    for message in fallbacks:
        match = _FALLBACK_OP.search(message)
        cause = match.group(1) if match else message[len(EAGER_FALLBACK) + 2:][:100]
        cause = cause.replace("|", "/")
        if cause not in causes:
            causes.append(cause)
    return f"{len(fallbacks)}/{graphs}: {', '.join(causes)}"


def bench(name, batch, rounds, calls, variants):
    """One row of the table: a dict of its cells' values."""
    row = {"model": name, "batch": batch}
    torch.manual_seed(0)
    try:
        module, make_input = MODELS[name]()
        module.eval()
        x = make_input(batch)
    except Exception as error:
        row["failed"] = reason(error)
        return row
    torch._dynamo.reset()
    functions = {"eager": module}
    with torch.no_grad(), fresh_compile_caches():
        try:
            expected = module(x)
            module(x)
        except Exception as error:
            row["failed"] = reason(error)
            return row
        for variant in variants[1:]:
            try:
                function = torch.compile(module, backend=variant)
                got, row[f"{variant} first"], graphs, fallbacks = first_call(function, x)
                function(x)
            except Exception as error:
                row[f"{variant} error"] = reason(error)
                continue
            functions[variant] = function
            if variant == "disc":
                row["eager graphs"] = fallback_summary(graphs, fallbacks)
                row["error"] = ((got - expected).abs().max() / expected.abs().max()).item()
        figures = {variant: [] for variant in functions}
        for _ in range(rounds):
            for variant, function in functions.items():
                figures[variant].append(per_call_ms(function, x, calls))
        # Last: the reset drops every variant's compiled code.
        if "disc" in functions:
            torch._dynamo.reset()
            row["disc cached first"] = first_call(torch.compile(module, backend="disc"), x)[1]
    for variant, values in figures.items():
        row[f"{variant} ms"] = statistics.median(values)
        print(f"{name:26} batch {batch}  {variant:8} {row[f'{variant} ms']:9.2f} ms  "
              f"(rounds {min(values):.2f}-{max(values):.2f})", flush=True)
    for variant in variants[1:]:
        if f"{variant} first" in row:
            seconds = row[f"{variant} first"]
            print(f"{name:26} batch {batch}  {variant:8} first call {seconds:.1f} s", flush=True)
        if f"{variant} cached first" in row:
            seconds = row[f"{variant} cached first"]
            print(f"{name:26} batch {batch}  {variant:8} first call, cached {seconds:.1f} s",
                  flush=True)
        if f"{variant} error" in row:
            print(f"{name:26} batch {batch}  {variant:8} failed: {row[f'{variant} error']}",
                  flush=True)
    if "eager graphs" in row:
        print(f"{name:26} batch {batch}  disc eager graphs {row['eager graphs']}, "
              f"error {row['error']:.1e}", flush=True)
    return row


def cell(row, key, form):
    return form.format(row[key]) if key in row else "-"


def time_cell(row, variant):
    """A variant's per-call time, or why it failed."""
    if f"{variant} error" in row:
        return f"failed: {row[f'{variant} error']}"
    return cell(row, f"{variant} ms", "{:.2f}")


def ratio(row, numerator, denominator):
    if f"{numerator} ms" in row and f"{denominator} ms" in row:
        return f"{row[f'{numerator} ms'] / row[f'{denominator} ms']:.2f}"
    return "-"


def markdown_table(rows):
    lines = ["| model | batch | eager ms | inductor ms | disc ms | disc/eager | disc/inductor "
             "| first call inductor s | first call disc s | disc, cached s | eager graphs "
             "| max rel err |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        if "failed" in row:
            cells = [f"failed: {row['failed']}"] + ["-"] * 10
        else:
            cells = [time_cell(row, "eager"), time_cell(row, "inductor"),
                     time_cell(row, "disc"), ratio(row, "disc", "eager"),
                     ratio(row, "disc", "inductor"), cell(row, "inductor first", "{:.1f}"),
                     cell(row, "disc first", "{:.1f}"), cell(row, "disc cached first", "{:.1f}"),
                     row.get("eager graphs", "-"),
                     cell(row, "error", "{:.1e}")]
        lines.append("| " + " | ".join([row["model"], str(row["batch"])] + cells) + " |")
    return "\n".join(lines)


def names(text):
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in MODELS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown models {', '.join(unknown)}")
    return chosen


def sizes(text):
    return [int(size) for size in text.split(",") if size.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", type=names, default=list(MODELS),
                        help="comma-separated, of: " + ", ".join(MODELS))
    parser.add_argument("--batches", type=sizes, default=[1, 8], help="comma-separated")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--threads", type=int, default=0,
                        help="torch's intra-op threads (default: torch's choice)")
    parser.add_argument("--skip-inductor", action="store_true")
    parser.add_argument("--product-share", action="store_true",
                        help="only print the share of eager's time in matrix products")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    if args.product_share:
        for name in args.models:
            for batch in args.batches:
                share = eager_product_share(name, batch, args.calls)
                print(f"{name:26} batch {batch}  eager's products {share:.0%}", flush=True)
        return
    variants = ("eager", "disc") if args.skip_inductor else ("eager", "inductor", "disc")
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, "
          f"{os.cpu_count()} cores", flush=True)
    rows = []
    for name in args.models:
        for batch in args.batches:
            try:
                rows.append(bench(name, batch, args.rounds, args.calls, variants))
            except Exception as error:
                rows.append({"model": name, "batch": batch, "failed": reason(error)})
    print()
    print(markdown_table(rows))


if __name__ == "__main__":
    main()
