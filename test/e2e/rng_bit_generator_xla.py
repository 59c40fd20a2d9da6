"""Writes data/rng_bit_generator_xla.json: what XLA's CPU backend (the one
jax.jit uses) computes for stablehlo.rng_bit_generator on each case below,
for test_rng_bit_generator.py, which runs without JAX.

Run once with the pinned JAX (0.10.2, the bench virtualenv's):
    ~/.cache/disc/bench-venv/bin/python test/e2e/rng_bit_generator_xla.py
"""

import json
import os

import jax
import numpy as np
from jax._src import xla_bridge

jax.config.update("jax_enable_x64", True)

ALL_ONES = 2**64 - 1
NUMPY = {"ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
         "i32": np.int32, "i64": np.int64, "f16": np.float16, "f32": np.float32,
         "f64": np.float64}
UNSIGNED_OF_WIDTH = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}

# (algorithm, state, shape, unsigned element type). Shapes cover every way
# Threefry splits its 32-bit outputs (an even dimension first or later, no
# even dimension, a scalar), odd element counts for Philox's blocks of four,
# counters about to wrap (into Philox's high word), and signed and float
# elements (their bits as the unsigned integer of their width).
CASES = [
    ("THREE_FRY", [42, 7], [3, 5], "ui32"),
    ("THREE_FRY", [0x0123456789ABCDEF, 0xFEDCBA9876543210], [4, 3], "ui32"),
    ("THREE_FRY", [5, 6], [3, 7, 4], "ui32"),
    ("THREE_FRY", [5, 6], [3, 5, 5], "ui32"),
    ("THREE_FRY", [9, 10], [], "ui32"),
    ("THREE_FRY", [11, ALL_ONES - 3], [3, 5], "ui64"),
    ("THREE_FRY", [13, 14], [], "ui64"),
    ("THREE_FRY", [15, 16], [7], "ui8"),
    ("THREE_FRY", [17, 18], [4, 4], "ui16"),
    ("THREE_FRY", [19, 20], [257, 3], "ui32"),
    ("PHILOX", [42, 7], [3, 5], "ui32"),
    ("PHILOX", [42, 7, 9], [3, 5], "ui32"),
    ("PHILOX", [1, ALL_ONES - 2, 5], [6, 5], "ui32"),
    ("PHILOX", [1, ALL_ONES - 2], [6, 5], "ui32"),
    ("PHILOX", [3, ALL_ONES, ALL_ONES], [9], "ui32"),
    ("PHILOX", [21, 22, 23], [3, 5], "ui64"),
    ("PHILOX", [21, 22], [7], "ui64"),
    ("PHILOX", [24, 25, 26], [], "ui32"),
    ("PHILOX", [27, 28, 29], [5], "ui16"),
    ("PHILOX", [30, 31], [2, 3], "ui8"),
    ("PHILOX", [32, 33, 34], [33, 31], "ui32"),
    ("DEFAULT", [42, 7], [3, 5], "ui32"),
    ("DEFAULT", [42, 7, 9], [4], "ui64"),
    ("THREE_FRY", [35, 36], [2, 5], "i32"),
    ("THREE_FRY", [37, 38], [3], "f64"),
    ("PHILOX", [39, 40, 41], [6], "f32"),
    ("PHILOX", [42, 43], [3, 2], "i64"),
    ("PHILOX", [44, 45, 46], [5], "f16"),
]


def program(algorithm, state_size, shape, element):
    state = "tensor<%dxui64>" % state_size
    output = "tensor<%s%s>" % ("".join("%dx" % d for d in shape), element)
    return """module @rng {
  func.func public @main(%%arg0: %s) -> (%s, %s) {
    %%0:2 = stablehlo.rng_bit_generator %%arg0, algorithm = %s : (%s) -> (%s, %s)
    return %%0#0, %%0#1 : %s, %s
  }
}
""" % (state, state, output, algorithm, state, state, output, state, output)


def xla_bits(algorithm, state, shape, element):
    """XLA CPU's new state and output bits (as unsigned integers) for one case,
    compiled from StableHLO text: lax.rng_bit_generator only takes
    tensor<2xui64> states and unsigned outputs."""
    backend = xla_bridge.get_backend("cpu")
    device = backend.local_devices()[0]
    executable = backend.compile_and_load(program(algorithm, len(state), shape, element),
                                          [device])
    new_state, output = executable.execute(
        [jax.device_put(np.array(state, dtype=np.uint64), device)])
    output = np.asarray(output)
    bits = output.view(UNSIGNED_OF_WIDTH[output.dtype.itemsize])
    return [int(v) for v in np.asarray(new_state)], [int(v) for v in bits.ravel()]


def main():
    cases = []
    for algorithm, state, shape, element in CASES:
        new_state, bits = xla_bits(algorithm, state, shape, element)
        cases.append({"algorithm": algorithm, "state": state, "shape": shape, "element": element,
                      "new_state": new_state, "bits": bits})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                        "rng_bit_generator_xla.json")
    with open(path, "w") as f:
        f.write('{"jax": "%s", "cases": [\n' % jax.__version__)
        f.write(",\n".join(json.dumps(case) for case in cases))
        f.write("\n]}\n")


if __name__ == "__main__":
    main()
