#!/usr/bin/python3
"""Writes inputs for samples/models/mlp.mlir and the output numpy expects.

    mlp_data.py OUT_DIR [--batch 8] [--seed 0]

Creates x.npy (batch x 64), w1.npy (64 x 128), b1.npy (128), w2.npy (128 x 10),
b2.npy (10) and expected.npy = relu(x @ w1 + b1) @ w2 + b2, computed in
float64 and rounded to float32.
"""

import argparse
import os

import numpy as np


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    g = np.random.default_rng(args.seed)
    x = g.standard_normal((args.batch, 64)).astype(np.float32)
    w1 = (g.standard_normal((64, 128)) / 8.0).astype(np.float32)
    b1 = (g.standard_normal(128) * 0.1).astype(np.float32)
    w2 = (g.standard_normal((128, 10)) / np.sqrt(128)).astype(np.float32)
    b2 = (g.standard_normal(10) * 0.1).astype(np.float32)
    hidden = np.maximum(x.astype(np.float64) @ w1 + b1, 0.0)
    expected = (hidden @ w2 + b2).astype(np.float32)

    os.makedirs(args.out_dir, exist_ok=True)
    for name, value in [("x", x), ("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2),
                        ("expected", expected)]:
        np.save(os.path.join(args.out_dir, name + ".npy"), value)


if __name__ == "__main__":
    main()
