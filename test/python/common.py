"""What the test/python scripts share: their work directory and the sample MLP."""
import os
import tempfile

import numpy as np

SOURCE_DIR = os.environ.get("DISC_SOURCE_DIR") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MLP_MLIR = os.path.join(SOURCE_DIR, "samples", "models", "mlp.mlir")


def work_dir(name):
    """A fresh directory under DISC_TEST_WORK_DIR (set by run_test.sh)."""
    base = os.environ.get("DISC_TEST_WORK_DIR") or tempfile.gettempdir()
    os.makedirs(base, exist_ok=True)
    return tempfile.mkdtemp(prefix=name + "-", dir=base)


def mlp_inputs(batch, seed=0):
    """Inputs of samples/models/mlp.mlir: x, w1, b1, w2, b2."""
    g = np.random.default_rng(seed)
    return [g.standard_normal((batch, 64)).astype(np.float32),
            (g.standard_normal((64, 128)) / 8).astype(np.float32),
            (g.standard_normal(128) * 0.1).astype(np.float32),
            (g.standard_normal((128, 10)) / np.sqrt(128)).astype(np.float32),
            (g.standard_normal(10) * 0.1).astype(np.float32)]


def mlp_reference(x, w1, b1, w2, b2):
    """relu(x @ w1 + b1) @ w2 + b2 in float64."""
    x, w1, b1, w2, b2 = (a.astype(np.float64) for a in (x, w1, b1, w2, b2))
    return np.maximum(x @ w1 + b1, 0.0) @ w2 + b2
