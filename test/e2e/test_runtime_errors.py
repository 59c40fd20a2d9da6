"""A compiled model driven in-process through the runtime's C API (ctypes on
libdisc_runtime_stub.so): run-time errors leave the loaded model usable,
memory limits, many threads on one model, resident memory over many runs, and
the per-run overhead `ral-run --benchmark` measures.

Besides the harness's options: --runtime-stub PATH (default: the
libdisc_runtime_stub.so beside --tools, in ../lib) and --quick (fewer runs,
for sanitized runtimes; the resident-memory bound is then not checked, since a
sanitizer's allocator holds freed memory back on purpose).
"""

import argparse
import ctypes
import os
import re
import sys
import threading

import numpy as np

from e2e import Case, CaseFailure, compare, dtype_token, first_error_line, rng, run
from models import mlp_inputs, mlp_reference, mlp_stablehlo

OPTIONS_PARSER = argparse.ArgumentParser(add_help=False)
OPTIONS_PARSER.add_argument("--runtime-stub", default=None)
OPTIONS_PARSER.add_argument("--quick", action="store_true")
OPTIONS, HARNESS_ARGS = OPTIONS_PARSER.parse_known_args()
sys.argv = sys.argv[:1] + HARNESS_ARGS
# scripts/sanitize.sh preloads a sanitizer's runtime into this process for the
# sanitized stub; the tools started from here must not get it: disc-compile is
# not instrumented, and a sanitized ral-run links the runtime itself.
os.environ.pop("LD_PRELOAD", None)

MLP_BATCH = 64
HIDDEN = 128
# The MLP's hidden activations are a temporary of the run (ral_alloc).
HIDDEN_BYTES = MLP_BATCH * HIDDEN * 4

# One model, two public functions: the MLP as JAX prints it and an
# elementwise add on a dynamic batch.
DYNAMIC_ADD = """  func.func public @add(%arg0: tensor<?x4xf32> loc("x"), %arg1: tensor<?x4xf32> loc("y")) -> (tensor<?x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<?x4xf32>
    return %0 : tensor<?x4xf32>
  }
"""
MODEL = mlp_stablehlo(batch=MLP_BATCH).rstrip()[:-1] + DYNAMIC_ADD + "}\n"
ADD_LINE = next(i + 1 for i, line in enumerate(MODEL.splitlines()) if "stablehlo.add %arg0, %arg1 : tensor<?x4xf32>" in line)

TINY = """module @jit_tiny attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

THREADS = 8
RUNS_PER_THREAD = 200 if OPTIONS.quick else 1000
MEMORY_RUNS = 10000
# Resident growth allowed over MEMORY_RUNS runs: a leak of even 1 byte per run
# of the 32 KiB temporaries would show as far more.
MEMORY_GROWTH_BOUND = 2 << 20


class Tensor(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_char_p), ("rank", ctypes.c_int64),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("data", ctypes.c_void_p)]


def load_stub(path):
    lib = ctypes.CDLL(path)
    signatures = {
        "disc_status_message": (ctypes.c_char_p, [ctypes.c_void_p]),
        "disc_status_free": (None, [ctypes.c_void_p]),
        "disc_model_load": (ctypes.c_void_p, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]),
        "disc_model_free": (None, [ctypes.c_void_p]),
        "disc_model_set_memory_limit": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int64]),
        "disc_model_find_function": (ctypes.c_int64, [ctypes.c_void_p, ctypes.c_char_p]),
        "disc_model_run": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(Tensor),
                                             ctypes.c_int64, ctypes.POINTER(ctypes.c_void_p)]),
        "disc_outputs_count": (ctypes.c_int64, [ctypes.c_void_p]),
        "disc_outputs_get": (ctypes.POINTER(Tensor), [ctypes.c_void_p, ctypes.c_int64]),
        "disc_outputs_free": (None, [ctypes.c_void_p]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


class RunError(Exception):
    pass


class Model:
    """A model loaded through the C API; `run` raises RunError with the
    runtime's message."""

    def __init__(self, lib, path):
        self.lib = lib
        handle = ctypes.c_void_p()
        self.check(lib.disc_model_load(path.encode(), ctypes.byref(handle)), "disc_model_load")
        self.handle = handle

    def check(self, status, what):
        if status:
            message = self.lib.disc_status_message(status).decode(errors="replace")
            self.lib.disc_status_free(status)
            raise RunError("%s: %s" % (what, message))

    def function(self, name):
        index = self.lib.disc_model_find_function(self.handle, name.encode())
        if index < 0:
            raise CaseFailure("the model has no function '%s'" % name)
        return index

    def set_memory_limit(self, limit):
        self.check(self.lib.disc_model_set_memory_limit(self.handle, limit),
                   "disc_model_set_memory_limit")

    def run(self, function, arrays):
        arrays = [np.ascontiguousarray(a) for a in arrays]
        tensors = (Tensor * len(arrays))()
        shapes = []
        for tensor, array in zip(tensors, arrays):
            shape = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
            shapes.append(shape)
            tensor.dtype = dtype_token(array.dtype).encode()
            tensor.rank = array.ndim
            tensor.shape = shape
            tensor.data = array.ctypes.data
        outputs = ctypes.c_void_p()
        self.check(self.lib.disc_model_run(self.handle, function, tensors, len(arrays),
                                           ctypes.byref(outputs)), "disc_model_run")
        try:
            results = []
            for i in range(self.lib.disc_outputs_count(outputs)):
                tensor = self.lib.disc_outputs_get(outputs, i).contents
                if tensor.dtype != b"f32":
                    raise CaseFailure("output %d has dtype %s, expected f32" % (i, tensor.dtype))
                shape = tuple(tensor.shape[d] for d in range(tensor.rank))
                count = int(np.prod(shape, dtype=np.int64))
                data = ctypes.string_at(tensor.data, count * 4) if count else b""
                results.append(np.frombuffer(data, dtype=np.float32).reshape(shape).copy())
            return results
        finally:
            self.lib.disc_outputs_free(outputs)

    def free(self):
        self.lib.disc_model_free(self.handle)


def stub_path(runner):
    if OPTIONS.runtime_stub:
        return os.path.abspath(OPTIONS.runtime_stub)
    tools = os.path.dirname(runner.compiler)
    return os.path.join(tools, os.pardir, "lib", "libdisc_runtime_stub.so")


def compiled(runner, name, mlir):
    rc, stderr, so_path = runner.compile(Case(name, mlir))
    if rc != 0:
        raise CaseFailure("disc-compile: " + first_error_line(stderr))
    return so_path


class Session:
    """The stub and the one model every case shares, loaded on first use."""
    lib = None
    model = None

    @classmethod
    def get(cls, runner):
        if cls.model is None:
            path = stub_path(runner)
            if not os.path.exists(path):
                raise CaseFailure("no runtime stub at %s (pass --runtime-stub)" % path)
            cls.lib = load_stub(path)
            cls.model = Model(cls.lib, compiled(runner, "runtime_model", MODEL))
        return cls.model


def expect_error(call, patterns, what):
    try:
        call()
    except RunError as error:
        message = str(error)
        for pattern in patterns:
            if not re.search(pattern, message):
                raise CaseFailure("%s: message does not match /%s/: %s" % (what, pattern, message))
        return message
    raise CaseFailure("%s succeeded, expected an error" % what)


def dynamic_mismatch_then_valid(runner):
    model = Session.get(runner)
    add = model.function("add")
    g = rng(300)
    x = g.standard_normal((3, 4)).astype(np.float32)
    y = g.standard_normal((5, 4)).astype(np.float32)
    message = expect_error(lambda: model.run(add, [x, y]),
                           [r"runtime_model\.mlir:%d:\d+" % ADD_LINE], "add of 3x4 and 5x4")
    print("  mismatch: %s" % message)
    y = g.standard_normal((3, 4)).astype(np.float32)
    compare("add", model.run(add, [x, y])[0], x + y, 0, 0)
    mlp = model.function("main")
    inputs = mlp_inputs(g, MLP_BATCH)
    compare("mlp", model.run(mlp, inputs)[0], mlp_reference(*inputs), 1e-4, 1e-4)


def memory_limit_then_raised(runner):
    model = Session.get(runner)
    mlp = model.function("main")
    inputs = mlp_inputs(rng(301), MLP_BATCH)
    try:
        model.set_memory_limit(HIDDEN_BYTES // 2)
        message = expect_error(lambda: model.run(mlp, inputs),
                               [r"ral_alloc", r"memory limit of %d" % (HIDDEN_BYTES // 2)],
                               "the MLP under a %d-byte limit" % (HIDDEN_BYTES // 2))
        print("  limited: %s" % message)
        model.set_memory_limit(64 * HIDDEN_BYTES)
        compare("mlp", model.run(mlp, inputs)[0], mlp_reference(*inputs), 1e-4, 1e-4)
    finally:
        model.set_memory_limit(-1)


def threads_bit_identical(runner):
    model = Session.get(runner)
    mlp = model.function("main")
    g = rng(302)
    weights = mlp_inputs(g, MLP_BATCH)[1:]
    batches = [g.standard_normal((MLP_BATCH, 64)).astype(np.float32) for _ in range(THREADS)]
    references = [model.run(mlp, [x] + weights)[0] for x in batches]
    compare("mlp", references[0], mlp_reference(batches[0], *weights), 1e-4, 1e-4)
    failures = []

    def work(index):
        try:
            for _ in range(RUNS_PER_THREAD):
                result = model.run(mlp, [batches[index]] + weights)[0]
                if result.tobytes() != references[index].tobytes():
                    failures.append("thread %d: a result differs from the single-threaded one"
                                    % index)
                    return
        except (RunError, CaseFailure) as error:
            failures.append("thread %d: %s" % (index, error))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise CaseFailure("; ".join(failures[:3]))
    print("  %d threads x %d runs bit-identical" % (THREADS, RUNS_PER_THREAD))


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def resident_memory_stable(runner):
    model = Session.get(runner)
    mlp = model.function("main")
    add = model.function("add")
    g = rng(303)
    inputs = mlp_inputs(g, MLP_BATCH)
    x = g.standard_normal((3, 4)).astype(np.float32)
    y = g.standard_normal((5, 4)).astype(np.float32)

    def one_round():
        model.run(mlp, inputs)
        try:
            model.run(add, [x, y])
        except RunError:
            pass

    for _ in range(1000):
        one_round()
    before = resident_bytes()
    for _ in range(MEMORY_RUNS):
        one_round()
    growth = resident_bytes() - before
    print("  resident memory growth over %d runs (each an MLP run and a failing add): %d bytes"
          % (MEMORY_RUNS, growth))
    if growth > MEMORY_GROWTH_BOUND:
        raise CaseFailure("resident memory grew by %d bytes over %d runs (bound %d)"
                          % (growth, MEMORY_RUNS, MEMORY_GROWTH_BOUND))


def benchmark_overhead(runner):
    so_path = compiled(runner, "tiny_negate", TINY)
    x_path = os.path.join(runner.work_dir, "tiny_negate.in0.npy")
    np.save(x_path, np.arange(4, dtype=np.float32))
    runs = 100 if OPTIONS.quick else 1000
    rc, stdout, stderr = runner.run_tool(
        [runner.runner, so_path, "--inputs", x_path, "--benchmark=%d" % runs], 300)
    if rc != 0:
        raise CaseFailure("ral-run --benchmark: " + first_error_line(stderr))
    match = re.search(r"median ([0-9.]+) us", stdout)
    if not match:
        raise CaseFailure("ral-run --benchmark printed no median: %s" % stdout.strip())
    print("  %s" % stdout.strip().splitlines()[-1])


def cases():
    return [
        Case("dynamic_mismatch_then_valid", "", expect="custom", custom=dynamic_mismatch_then_valid),
        Case("memory_limit_then_raised", "", expect="custom", custom=memory_limit_then_raised),
        Case("threads_bit_identical", "", expect="custom", custom=threads_bit_identical),
        Case("resident_memory_stable", "", expect="custom", custom=resident_memory_stable,
             skip="a sanitizer's allocator keeps freed memory" if OPTIONS.quick else None),
        Case("benchmark_overhead", "", expect="custom", custom=benchmark_overhead),
    ]


run(cases())
