#!/usr/bin/env python3
"""torch.compile(backend="disc") against PyTorch eager and torch.compile
(inductor) on the CPU: a BERT-base encoder layer with embeddings (hidden 768,
12 heads, FFN 3072, 128 tokens) and ResNet-18 (224x224), at batch 1 and 8,
in inference (torch.no_grad).

Each variant is compiled and warmed up first; then the three alternate
round by round (so that load from other processes falls on all of them),
and the median of the rounds' per-call means is printed with the range.

    python3 scripts/bench/torch_bench.py [--rounds 5] [--calls 10] [--threads N]

Run it with the venv of scripts/setup_python.sh (torch, torch-mlir); it
finds the package in python/ beside it.
"""
import argparse
import os
import statistics
import sys
import time
import warnings

import torch

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "python"))
import disc.torch  # noqa: E402,F401  (registers backend="disc")
import torch_models  # noqa: E402

VARIANTS = ("eager", "inductor", "disc")


def bert():
    module = torch_models.BertEncoderLayer(vocab=30522, hidden=768, heads=12, ffn=3072,
                                           max_positions=512)
    return module, lambda batch: torch.randint(0, 30522, (batch, 128))


def resnet18():
    module = torch_models.randomize_batch_norms(
        torch_models.ResNet18(widths=(64, 128, 256, 512), classes=1000),
        torch.Generator().manual_seed(0))
    return module, lambda batch: torch.randn(batch, 3, 224, 224)


MODELS = {"bert-layer": bert, "resnet18": resnet18}


def per_call_ms(function, x, calls):
    start = time.perf_counter()
    for _ in range(calls):
        function(x)
    return (time.perf_counter() - start) / calls * 1e3


def bench(name, batch, rounds, calls):
    torch.manual_seed(0)
    module, make_input = MODELS[name]()
    module.eval()
    x = make_input(batch)
    torch._dynamo.reset()
    functions = {
        "eager": module,
        "inductor": torch.compile(module, backend="inductor"),
        "disc": torch.compile(module, backend="disc"),
    }
    with torch.no_grad():
        expected = module(x)
        for variant, function in functions.items():
            with warnings.catch_warnings():
                warnings.filterwarnings("error", message="disc runs this graph eagerly")
                got = function(x)
            error = (got - expected).abs().max().item()
            if error > 1e-2:
                raise SystemExit(f"{name} batch {batch}: {variant} differs from eager by {error}")
            function(x)
        figures = {variant: [] for variant in VARIANTS}
        for _ in range(rounds):
            for variant in VARIANTS:
                figures[variant].append(per_call_ms(functions[variant], x, calls))
    for variant in VARIANTS:
        values = figures[variant]
        print(f"{name:10} batch {batch}  {variant:8} {statistics.median(values):9.2f} ms  "
              f"(rounds {min(values):.2f}-{max(values):.2f})", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--threads", type=int, default=0,
                        help="torch's intra-op threads (default: torch's choice)")
    parser.add_argument("--models", nargs="+", default=list(MODELS), choices=list(MODELS))
    parser.add_argument("--batches", nargs="+", type=int, default=[1, 8])
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, "
          f"{os.cpu_count()} cores", flush=True)
    for name in args.models:
        for batch in args.batches:
            bench(name, batch, args.rounds, args.calls)


if __name__ == "__main__":
    main()
