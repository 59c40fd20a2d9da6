"""Writes data/shard_map_fori_loop.mlir and its inputs and outputs
(data/shard_map_fori_loop.*.npy): what JAX prints and computes for a
jax.shard_map over 4 devices whose lax.fori_loop body runs lax.psum and a
ring lax.ppermute, for test_simulated_processes.py, which runs without JAX.

Run once with the pinned JAX (0.10.2, the bench virtualenv's):
    JAX_PLATFORMS=cpu XLA_FLAGS=--xla_force_host_platform_device_count=4 \\
        ~/.cache/disc/bench-venv/bin/python test/e2e/shard_map_fori_loop_jax.py
"""

import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
DEVICES = 4
STEPS = 3

SOURCE = """\
//   mesh = jax.make_mesh((4,), ("d",), axis_types=(AxisType.Auto,))
//   def layers(h, w):
//     def step(i, carry):
//       h, total = carry
//       h = jnp.tanh(h @ w) + i.astype(jnp.float32) * 0.125
//       total = total + jax.lax.psum(h, "d")
//       h = jax.lax.ppermute(h, "d", [(j, (j + 1) % 4) for j in range(4)])
//       return h, total
//     return jax.lax.fori_loop(0, 3, step, (h, jnp.zeros(h.shape, h.dtype)))
//   jax.jit(jax.shard_map(layers, mesh=mesh, in_specs=(P("d"), P()),
//                         out_specs=(P("d"), P()))).lower(x, w).as_text()
//   # x: 8x3, w: 3x3 f32
"""


def layers(h, w):
    def step(i, carry):
        h, total = carry
        h = jnp.tanh(h @ w) + i.astype(jnp.float32) * 0.125
        total = total + jax.lax.psum(h, "d")
        h = jax.lax.ppermute(h, "d", [(j, (j + 1) % DEVICES) for j in range(DEVICES)])
        return h, total
    return jax.lax.fori_loop(0, STEPS, step, (h, jnp.zeros(h.shape, h.dtype)))


def main():
    mesh = jax.make_mesh((DEVICES,), ("d",), axis_types=(AxisType.Auto,))
    program = jax.jit(jax.shard_map(layers, mesh=mesh, in_specs=(P("d"), P()),
                                    out_specs=(P("d"), P())))
    g = np.random.default_rng(2026)
    x = g.standard_normal((8, 3)).astype(np.float32)
    w = (g.standard_normal((3, 3)) / 2).astype(np.float32)
    text = program.lower(x, w).as_text()
    with open(os.path.join(DATA, "shard_map_fori_loop.mlir"), "w") as f:
        f.write("// What JAX %s prints on %d forced host devices for\n" % (jax.__version__, DEVICES))
        f.write(SOURCE + text)
    h, total = program(x, w)
    for name, array in (("x", x), ("w", w), ("h", h), ("total", total)):
        np.save(os.path.join(DATA, "shard_map_fori_loop.%s.npy" % name), np.asarray(array))


if __name__ == "__main__":
    main()
