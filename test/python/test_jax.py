"""disc.jax.jit and disc.jax.export against JAX (XLA on the CPU) on the same
inputs: an MLP and an attention block at two batch sizes, pytrees in and
out, constants, a symbolic batch, and the errors a user meets."""
import os
import threading
import unittest

import jax
import jax.numpy as jnp
import numpy as np

import common
import disc
import disc.jax


def mlp(x, params):
    hidden = jax.nn.relu(x @ params["w1"] + params["b1"])
    return hidden @ params["w2"] + params["b2"]


def mlp_params(g):
    return {"w1": (g.standard_normal((64, 128)) / 8).astype(np.float32),
            "b1": (g.standard_normal(128) * 0.1).astype(np.float32),
            "w2": (g.standard_normal((128, 10)) / np.sqrt(128)).astype(np.float32),
            "b2": (g.standard_normal(10) * 0.1).astype(np.float32)}


def attention(x, wq, wk, wv, wo):
    """One head of self-attention with a residual and layer norm."""
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = q @ jnp.swapaxes(k, -1, -2) / np.float32(np.sqrt(q.shape[-1]))
    mixed = jax.nn.softmax(scores, axis=-1) @ v
    y = x + mixed @ wo
    mean = y.mean(axis=-1, keepdims=True)
    variance = ((y - mean) ** 2).mean(axis=-1, keepdims=True)
    return (y - mean) / jnp.sqrt(variance + 1e-5)


def attention_weights(g, width=32):
    return [(g.standard_normal((width, width)) / np.sqrt(width)).astype(np.float32)
            for _ in range(4)]


def assert_trees_close(test, got, expected, tolerance=1e-4):
    test.assertEqual(jax.tree_util.tree_structure(got), jax.tree_util.tree_structure(expected))
    for got_leaf, expected_leaf in zip(jax.tree_util.tree_leaves(got),
                                       jax.tree_util.tree_leaves(expected)):
        test.assertIsInstance(got_leaf, np.ndarray)
        expected_leaf = np.asarray(expected_leaf)
        test.assertEqual(got_leaf.shape, expected_leaf.shape)
        test.assertEqual(got_leaf.dtype, expected_leaf.dtype)
        np.testing.assert_allclose(got_leaf, expected_leaf, rtol=tolerance, atol=tolerance)


class JitTest(unittest.TestCase):
    def test_mlp_at_two_batch_sizes(self):
        g = np.random.default_rng(0)
        params = mlp_params(g)
        fast = disc.jax.jit(mlp)
        for batch in (1, 8, 8):
            x = g.standard_normal((batch, 64)).astype(np.float32)
            assert_trees_close(self, fast(x, params), jax.jit(mlp)(x, params))
        self.assertEqual(len(fast._programs), 2)

    def test_attention_at_two_batch_sizes(self):
        g = np.random.default_rng(1)
        weights = attention_weights(g)
        fast = disc.jax.jit(attention)
        for batch in (2, 5):
            x = g.standard_normal((batch, 16, 32)).astype(np.float32)
            assert_trees_close(self, fast(x, *weights), jax.jit(attention)(x, *weights))

    def test_pytrees_constants_and_unused_arguments(self):
        table = np.arange(12, dtype=np.float32).reshape(4, 3)

        def f(inputs, scale, unused):
            x, (y,) = inputs["x"], inputs["rest"]
            return {"product": (x @ table) * scale,
                    "pair": (y, jnp.ones(2, jnp.int32)),
                    "constant": jnp.float32(3.5),
                    "nothing": None,
                    "sum": jnp.sum(x, axis=0)}

        g = np.random.default_rng(2)
        inputs = {"x": g.standard_normal((2, 4)).astype(np.float32),
                  "rest": (g.integers(0, 9, (3,)).astype(np.int32),)}
        fast = disc.jax.jit(f)
        for scale in (2.0, 0.5):
            assert_trees_close(self, fast(inputs, scale, np.zeros(5, np.int8)),
                               jax.jit(f)(inputs, scale, np.zeros(5, np.int8)))

    def test_jax_arrays_and_keyword_arguments(self):
        def f(x, *, shift):
            return jnp.tanh(x) + shift

        x = jnp.linspace(-2, 2, 12, dtype=jnp.float32).reshape(3, 4)
        assert_trees_close(self, disc.jax.jit(f)(x, shift=jnp.float32(1)),
                           jax.jit(f)(x, shift=jnp.float32(1)))

    def test_compile_options_reach_disc_compile(self):
        g = np.random.default_rng(3)
        params = mlp_params(g)
        x = g.standard_normal((4, 64)).astype(np.float32)
        assert_trees_close(self, disc.jax.jit(mlp, cpu_library="none")(x, params),
                           jax.jit(mlp)(x, params))

    def test_threads_share_one_compile_per_signature(self):
        g = np.random.default_rng(5)
        weights = attention_weights(g)
        inputs = [g.standard_normal((3, 16, 32)).astype(np.float32) for _ in range(8)]
        fast = disc.jax.jit(attention)
        results = [None] * 8

        def work(index):
            results[index] = fast(inputs[index], *weights)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(len(fast._programs), 1)
        for x, result in zip(inputs, results):
            assert_trees_close(self, result, jax.jit(attention)(x, *weights))

    def test_unsupported_op_is_named(self):
        with self.assertRaisesRegex(disc.Error, "stablehlo.custom_call @lapack_ssyevd_ffi"):
            disc.jax.jit(lambda x: jnp.linalg.eigh(x)[0])(np.eye(3, dtype=np.float32))

    def test_a_new_shape_is_a_new_signature(self):
        fast = disc.jax.jit(lambda x, y: x * y)
        for size in (3, 4):
            x = np.arange(size, dtype=np.float32)
            np.testing.assert_array_equal(fast(x, x), x * x)
        # Shapes JAX itself refuses fail as in jax.jit, while lowering.
        with self.assertRaisesRegex(TypeError, "incompatible shapes"):
            fast(np.ones(3, np.float32), np.ones(4, np.float32))


class ExportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = common.work_dir("jax_export")

    def test_symbolic_batch(self):
        g = np.random.default_rng(4)
        params = mlp_params(g)
        path = os.path.join(self.work, "mlp.so")
        example = np.zeros((2, 64), np.float32)
        model = disc.jax.export(mlp, example, params, path=path,
                                dynamic=["(b, 64)", None])
        self.assertEqual(model.path, path)
        self.assertTrue(os.path.isfile(path))
        self.assertEqual(model.inputs[0].shape, (None, 64))
        self.assertEqual(model.outputs[0].shape, (None, 10))
        flat_params = jax.tree_util.tree_leaves(params)
        loaded = disc.load(path)
        for batch in (1, 7):
            x = g.standard_normal((batch, 64)).astype(np.float32)
            np.testing.assert_allclose(loaded(x, *flat_params), jax.jit(mlp)(x, params),
                                       rtol=1e-4, atol=1e-4)

    def test_shape_assertions_are_checked_at_run_time(self):
        def pairwise(x, y):
            return x * y

        model = disc.jax.export(pairwise, np.ones((2, 3), np.float32), np.ones((2, 3), np.float32),
                                path=os.path.join(self.work, "pairwise.so"),
                                dynamic=["(b, 3)", "(b, 3)"])
        x = np.arange(12, dtype=np.float32).reshape(4, 3)
        np.testing.assert_array_equal(model(x, x), x * x)
        with self.assertRaisesRegex(disc.Error, "Expected value >= 1 for dimension variable 'b'"):
            model(np.ones((0, 3), np.float32), np.ones((0, 3), np.float32))
        with self.assertRaisesRegex(disc.Error, "'b'"):
            model(np.ones((4, 3), np.float32), np.ones((5, 3), np.float32))

    def test_static_export(self):
        model = disc.jax.export(jnp.cumsum, np.ones(5, np.float32),
                                path=os.path.join(self.work, "cumsum.so"))
        x = np.arange(5, dtype=np.float32)
        np.testing.assert_array_equal(model(x), np.cumsum(x))

    def test_dynamic_needs_one_entry_per_argument(self):
        with self.assertRaisesRegex(disc.Error, "dynamic has 1 entries for 2 arguments"):
            disc.jax.export(lambda x, y: x + y, np.ones(2), np.ones(2),
                            path=os.path.join(self.work, "bad.so"), dynamic=["(b,)"])


if __name__ == "__main__":
    unittest.main()
