"""disc.load / disc.compile / disc.Model against numpy: the sample MLP, every
dtype, inputs through __array__ and DLPack, dynamic shapes, errors naming
what is at fault, and one model run from 8 threads at once."""
import os
import threading
import unittest

import ml_dtypes
import numpy as np

import common
import disc

DTYPES = {
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64,
    "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
    "i4": ml_dtypes.int4, "ui4": ml_dtypes.uint4, "i2": ml_dtypes.int2,
}
# The largest value drawn for a dtype narrower than a byte.
SMALL_INTEGER_HIGH = {"i4": 7, "ui4": 15, "i2": 1}

# maximum(a, b) and a itself for every dtype.
MAXIMUM = """func.func @main(%a: tensor<3xT>, %b: tensor<3xT>) -> (tensor<3xT>, tensor<3xT>) {
  %0 = stablehlo.maximum %a, %b : tensor<3xT>
  return %0, %a : tensor<3xT>, tensor<3xT>
}
"""

# Squares of a dynamic batch of rows, and their sums: outputs whose shape is
# known only at run time.
DYNAMIC = """func.func @main(%x: tensor<?x4xf32> loc("x")) -> (tensor<?x4xf32>, tensor<?xf32>) {
  %y = stablehlo.multiply %x, %x : tensor<?x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%y init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  return %y, %sum : tensor<?x4xf32>, tensor<?xf32>
}
"""

# Scalars in the signature, as torch-mlir prints a Python number: a scale
# (f64), a count (i64) and a flag (i1), each passed as a rank-0 array.
SCALARS = """func.func @main(%x: tensor<3xf32>, %scale: f64, %count: i64) -> (tensor<3xf32>, i64, i1) {
  %s = arith.truncf %scale : f64 to f32
  %splat = tensor.from_elements %s, %s, %s : tensor<3xf32>
  %y = stablehlo.multiply %x, %splat : tensor<3xf32>
  %one = arith.constant 1 : i64
  %next = arith.addi %count, %one : i64
  %zero = arith.constant 0.0 : f64
  %negative = arith.cmpf olt, %scale, %zero : f64
  return %y, %next, %negative : tensor<3xf32>, i64, i1
}
"""

TWO_FUNCTIONS = """module {
  func.func @double(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.add %a, %a : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func @negate(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.negate %a : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""


class ArrayLike:
    """Only __array__, as a framework's tensor offers it."""

    def __init__(self, array):
        self._array = array

    def __array__(self, dtype=None, copy=None):
        return self._array if dtype is None else self._array.astype(dtype)


class DLPackOnly:
    """Only the DLPack protocol."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, **kwargs):
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


class ModelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = common.work_dir("model")
        cls.mlp_path = os.path.join(cls.work, "mlp.so")
        disc.compile(common.MLP_MLIR, output=cls.mlp_path)
        cls.mlp = disc.load(cls.mlp_path)

    def assert_mlp_output(self, inputs, output):
        np.testing.assert_allclose(output, common.mlp_reference(*inputs), rtol=1e-4, atol=1e-4)

    def test_signature(self):
        self.assertEqual(self.mlp.path, self.mlp_path)
        self.assertEqual(self.mlp.function_names, ["main"])
        self.assertEqual(self.mlp.inputs, [
            disc.TensorSpec("x", np.dtype(np.float32), (8, 64)),
            disc.TensorSpec("w1", np.dtype(np.float32), (64, 128)),
            disc.TensorSpec("b1", np.dtype(np.float32), (128,)),
            disc.TensorSpec("w2", np.dtype(np.float32), (128, 10)),
            disc.TensorSpec("b2", np.dtype(np.float32), (10,))])
        self.assertEqual(self.mlp.outputs,
                         [disc.TensorSpec("result", np.dtype(np.float32), (8, 10))])

    def test_mlp(self):
        inputs = common.mlp_inputs(8)
        output = self.mlp(*inputs)
        self.assertIsInstance(output, np.ndarray)
        self.assert_mlp_output(inputs, output)

    def test_outputs_outlive_the_model_and_other_runs(self):
        inputs = common.mlp_inputs(8, seed=1)
        output = disc.load(self.mlp_path)(*inputs)
        for seed in range(3):
            self.mlp(*common.mlp_inputs(8, seed=10 + seed))
        self.assert_mlp_output(inputs, output)

    def test_inputs_through_array_and_dlpack(self):
        inputs = common.mlp_inputs(8, seed=2)
        wrapped = [ArrayLike(inputs[0]), DLPackOnly(inputs[1]), ArrayLike(inputs[2]),
                   DLPackOnly(inputs[3]), inputs[4]]
        self.assert_mlp_output(inputs, self.mlp(*wrapped))

    def test_lists_and_numbers_take_the_signature_dtype(self):
        model = disc.compile(MAXIMUM.replace("T>", "f16>"),
                             output=os.path.join(self.work, "maximum_lists.so"))
        maximum, same = model([1, 5, 3], (4.5, 2, True))
        self.assertEqual(maximum.dtype, np.float16)
        np.testing.assert_array_equal(maximum, [4.5, 5, 3])
        np.testing.assert_array_equal(same, [1, 5, 3])

    def test_scalars_in_the_signature_are_rank_0_arrays(self):
        model = disc.compile(SCALARS, output=os.path.join(self.work, "scalars.so"))
        self.assertEqual([(spec.dtype, spec.shape) for spec in model.inputs],
                         [(np.float32, (3,)), (np.float64, ()), (np.int64, ())])
        self.assertEqual([(spec.dtype, spec.shape) for spec in model.outputs],
                         [(np.float32, (3,)), (np.int64, ()), (np.bool_, ())])
        for scale, count in ((-2.5, 41), (np.float64(0.5), np.array(-1))):
            y, next_count, negative = model(np.array([1, 2, 4], np.float32), scale, count)
            np.testing.assert_array_equal(y, np.array([1, 2, 4], np.float32) * np.float32(scale))
            self.assertEqual((next_count.shape, int(next_count)), ((), int(count) + 1))
            self.assertEqual((negative.shape, bool(negative)), ((), scale < 0))
        with self.assertRaisesRegex(disc.Error, r"input 1 \('arg1'\): expected f64, got 1xf64"):
            model(np.zeros(3, np.float32), [1.0], 2)

    def test_non_contiguous_inputs(self):
        inputs = common.mlp_inputs(8, seed=3)
        x_transposed = np.asfortranarray(inputs[0])
        w1_strided = np.repeat(inputs[1], 2, axis=1)[:, ::2]
        self.assertFalse(w1_strided.flags.c_contiguous)
        self.assert_mlp_output(inputs, self.mlp(x_transposed, w1_strided, *inputs[2:]))

    def test_every_dtype(self):
        g = np.random.default_rng(4)
        for token, dtype in DTYPES.items():
            with self.subTest(dtype=token):
                model = disc.compile(MAXIMUM.replace("T>", token + ">"),
                                     output=os.path.join(self.work, f"maximum_{token}.so"))
                self.assertEqual(model.inputs[0].dtype, np.dtype(dtype))
                if token == "i1":
                    a, b = g.random(3) < 0.5, g.random(3) < 0.5
                elif token in SMALL_INTEGER_HIGH:
                    high = SMALL_INTEGER_HIGH[token]
                    a = g.integers(-high - 1 if token[0] == "i" else 0, high + 1, 3).astype(dtype)
                    b = g.integers(-high - 1 if token[0] == "i" else 0, high + 1, 3).astype(dtype)
                else:
                    a = (g.random(3) * 100).astype(dtype)
                    b = (g.random(3) * 100).astype(dtype)
                maximum, same = model(a, b)
                self.assertEqual(maximum.dtype, np.dtype(dtype))
                np.testing.assert_array_equal(maximum, np.maximum(a, b))
                np.testing.assert_array_equal(same, a)

    def test_dynamic_shapes(self):
        model = disc.compile(DYNAMIC, output=os.path.join(self.work, "dynamic.so"))
        self.assertEqual(model.inputs[0].shape, (None, 4))
        self.assertEqual(model.outputs[1].shape, (None,))
        for batch in (1, 5, 0):
            x = np.arange(batch * 4, dtype=np.float32).reshape(batch, 4)
            squares, sums = model(x)
            self.assertEqual(squares.shape, (batch, 4))
            np.testing.assert_array_equal(squares, x * x)
            np.testing.assert_allclose(sums, (x.astype(np.float64) ** 2).sum(axis=1), rtol=1e-6)

    def test_functions_by_name(self):
        model = disc.compile(TWO_FUNCTIONS, output=os.path.join(self.work, "two.so"))
        self.assertEqual(sorted(model.function_names), ["double", "negate"])
        a = np.array([1.5, -2], np.float32)
        np.testing.assert_array_equal(model(a, function="double"), a * 2)
        np.testing.assert_array_equal(model(a, function="negate"), -a)
        with self.assertRaisesRegex(disc.Error, "none is 'main'"):
            model(a)
        with self.assertRaisesRegex(disc.Error, "no function 'triple'.*double, negate"):
            model(a, function="triple")

    def test_compile_into_the_cache(self):
        with open(common.MLP_MLIR) as file:
            text = file.read()
        from_text = disc.compile(text)
        from_path = disc.compile(common.MLP_MLIR)
        self.assertEqual(from_text.path, from_path.path)
        self.assertTrue(from_text.path.startswith(os.environ.get("XDG_CACHE_HOME", "")))
        inputs = common.mlp_inputs(8, seed=5)
        self.assert_mlp_output(inputs, from_text(*inputs))

    def test_wrong_inputs_name_the_argument(self):
        x, w1, b1, w2, b2 = common.mlp_inputs(8)
        with self.assertRaisesRegex(disc.Error, "main expects 5 inputs, got 4"):
            self.mlp(x, w1, b1, w2)
        with self.assertRaisesRegex(disc.Error,
                                    r"input 1 \('w1'\): expected 64x128xf32, got 64x127xf32"):
            self.mlp(x, w1[:, :127], b1, w2, b2)
        with self.assertRaisesRegex(disc.Error,
                                    r"input 4 \('b2'\): expected 10xf32, got 10xf64"):
            self.mlp(x, w1, b1, w2, b2.astype(np.float64))
        with self.assertRaisesRegex(disc.Error,
                                    r"input 0 \('x'\): expected 8x64xf32, got 8x64xc64"):
            self.mlp(x.astype(np.complex64), w1, b1, w2, b2)
        with self.assertRaisesRegex(disc.Error, r"input 0 \('x'\): dtype <U1 has no disc"):
            self.mlp(np.full((8, 64), "a"), w1, b1, w2, b2)
        with self.assertRaisesRegex(disc.Error, r"input 2 \('b1'\): expected an array"):
            self.mlp(x, w1, "b1", w2, b2)

    def test_missing_model_file(self):
        missing = os.path.join(self.work, "missing.so")
        with self.assertRaisesRegex(disc.Error, "no model file .*missing.so"):
            disc.load(missing)

    def test_not_a_model(self):
        path = os.path.join(self.work, "not_a_model.so")
        with open(path, "w") as file:
            file.write("not an ELF file")
        with self.assertRaisesRegex(disc.Error, "not_a_model.so"):
            disc.load(path)

    def test_compile_errors(self):
        with self.assertRaisesRegex(disc.Error, r"error: custom op 'stablehlo.einsum' is unknown"):
            disc.compile(MAXIMUM.replace("stablehlo.maximum %a, %b", "stablehlo.einsum %a")
                         .replace("T>", "f32>"))
        broken = os.path.join(self.work, "broken.mlir")
        with open(broken, "w") as file:
            file.write(MAXIMUM.replace("T>", "f32>").replace("%b : tensor", "%c : tensor"))
        for output in (None, os.path.join(self.work, "broken.so")):
            with self.assertRaisesRegex(
                    disc.Error, r"broken.mlir:2:30: error: use of undeclared SSA value name"):
                disc.compile(broken, output=output)
        with self.assertRaisesRegex(disc.Error, "no MLIR file .*nowhere.mlir"):
            disc.compile(os.path.join(self.work, "nowhere.mlir"))

    def test_many_threads(self):
        """8 threads run the model at once, each on inputs of its own."""
        runs_per_thread = 20
        inputs = [common.mlp_inputs(8, seed=100 + i) for i in range(8)]
        expected = [common.mlp_reference(*values) for values in inputs]
        failures = []
        start = threading.Barrier(8)

        def work(index):
            start.wait()
            try:
                for _ in range(runs_per_thread):
                    np.testing.assert_allclose(self.mlp(*inputs[index]), expected[index],
                                               rtol=1e-4, atol=1e-4)
            except Exception as error:  # reported below, with its thread
                failures.append(f"thread {index}: {error}")

        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
