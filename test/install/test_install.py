"""Installs the build into a fresh prefix and uses it as a user would.

Builds samples/cmake_project (find_package(disc) + disc_add_model) and
samples/makefile_project (pkg-config + the installed disc-compile) against
the prefix, runs both apps and checks the printed y = relu(x @ w + b) against
values worked out by hand; checks that touching the .mlir recompiles the model
and that the installed runtime needs no shared library beyond the system's and
its own. Builds samples/static_link (two models as objects linked into one
program, with cmake and with make; the program checks its own results) and
samples/custom_kernel (the user kernel plugin and its model), whose model then
runs with the plugin through the installed ral-run and through the C API,
checked against numpy. Works on copies: the source tree is never modified.
"""
import argparse
import ctypes
import os
import shutil
import subprocess
import sys
import time

import numpy as np

# samples/common/main.c's inputs: x = [[1 2 3] [-1 0 1]],
# w = [[1 0 -1 2] [0 1 1 -1] [1 1 0 0.5]], b = [0.5 -2 1 0].
# x @ w + b = [[4.5 3 2 1.5] [0.5 -1 2 -1.5]], then relu.
EXPECTED_Y = [4.5, 3.0, 2.0, 1.5, 0.5, 0.0, 2.0, 0.0]

SYSTEM_LIBRARIES = {
    "libc.so.6", "libstdc++.so.6", "libm.so.6", "libgcc_s.so.1",
    "libdl.so.2", "libpthread.so.0", "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
}
OWN_LIBRARIES = {"libdisc_ral.so", "libdisc_runtime_stub.so"}
# The compiler's C API, which links LLVM and MLIR; a model never needs it.
COMPILER_LIBRARY = "libdisc_compiler.so"


class Failure(Exception):
    pass


def run(command, cwd=None):
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} failed ({result.returncode}):\n"
                      f"{result.stdout}")
    return result.stdout


def check_layout(prefix):
    expected = [
        "bin/disc-compile",
        "bin/ral-run",
        "lib/libdisc_ral.so",
        "lib/libdisc_runtime_stub.so",
        "lib/" + COMPILER_LIBRARY,
        "include/disc/Compiler/disc_compiler.h",
        "include/disc/runtime_stub.h",
        "include/disc/runtime_stub/npy.h",
        "include/disc/ral/api.h",
        "include/disc/ral/registry.h",
        "include/disc/ral/type_encoding.def",
        "lib/cmake/disc/discConfig.cmake",
        "lib/cmake/disc/discConfigVersion.cmake",
        "lib/cmake/disc/discTargets.cmake",
        "lib/cmake/disc/DiscAddModel.cmake",
        "lib/pkgconfig/disc.pc",
    ]
    missing = [p for p in expected if not os.path.exists(os.path.join(prefix, p))]
    if missing:
        raise Failure(f"missing from the install: {', '.join(missing)}")
    libraries = sorted(f for f in os.listdir(os.path.join(prefix, "lib")) if ".so" in f)
    if libraries != sorted(OWN_LIBRARIES | {COMPILER_LIBRARY}):
        raise Failure(f"unexpected libraries in lib: {libraries}")
    # TFRT's test and benchmark kernels live in a library of the tests only.
    with open(os.path.join(prefix, "lib/libdisc_ral.so"), "rb") as runtime:
        if b"tfrt_test." in runtime.read():
            raise Failure("lib/libdisc_ral.so holds TFRT's test kernels (tfrt_test.*)")
    headers = sorted(os.listdir(os.path.join(prefix, "include", "disc")))
    if headers != ["Compiler", "ral", "runtime_stub", "runtime_stub.h"]:
        raise Failure(f"unexpected entries in include/disc: {headers}")
    targets = open(os.path.join(prefix, "lib/cmake/disc/discTargets.cmake")).read()
    for name in ["disc::ral", "disc::runtime_stub", "disc::disc-compile",
                 "disc::compiler"]:
        if f"add_library({name} " not in targets and \
                f"add_executable({name} " not in targets:
            raise Failure(f"discTargets.cmake does not define {name}")


def check_dependencies(prefix):
    for binary in ["bin/ral-run", "lib/libdisc_ral.so", "lib/libdisc_runtime_stub.so"]:
        dynamic = run(["readelf", "-d", os.path.join(prefix, binary)])
        needed, runpath = set(), ""
        for line in dynamic.splitlines():
            if "(NEEDED)" in line:
                needed.add(line.split("[", 1)[1].rstrip("]"))
            if "(RUNPATH)" in line or "(RPATH)" in line:
                runpath = line.split("[", 1)[1].rstrip("]")
        foreign = needed - SYSTEM_LIBRARIES - OWN_LIBRARIES
        if foreign:
            raise Failure(f"{binary} needs {sorted(foreign)}")
        if needed & OWN_LIBRARIES and "$ORIGIN" not in runpath:
            raise Failure(f"{binary} has RUNPATH '{runpath}', no $ORIGIN")


def check_output(app_output, where):
    lines = app_output.strip().splitlines()
    if not lines or lines[0] != "y =":
        raise Failure(f"{where}: unexpected output:\n{app_output}")
    values = [float(v) for line in lines[1:] for v in line.split()]
    if len(values) != len(EXPECTED_Y) or any(
            abs(a - b) > 1e-5 for a, b in zip(values, EXPECTED_Y)):
        raise Failure(f"{where}: y = {values}, expected {EXPECTED_Y}")


def check_cmake_project(samples, prefix, work):
    build = os.path.join(work, "cmake-build")
    run(["cmake", "-S", os.path.join(samples, "cmake_project"), "-B", build,
         "-G", "Ninja", f"-Ddisc_DIR={prefix}/lib/cmake/disc"])
    run(["cmake", "--build", build])
    model = os.path.join(build, "tiny_dense.so")
    check_output(run([os.path.join(build, "run_model"), model]), "cmake_project")

    first_build = os.stat(model).st_mtime_ns
    untouched = run(["cmake", "--build", build])
    if "Compiling model tiny_dense" in untouched:
        raise Failure("cmake_project recompiled the model with no change")
    source = os.path.join(samples, "common", "model.mlir")
    # copytree kept the checkout's mtime, older than the model: touch it to
    # just after the model was written.
    later = max(time.time(), os.stat(model).st_mtime) + 1
    os.utime(source, (later, later))
    touched = run(["cmake", "--build", build])
    if "Compiling model tiny_dense" not in touched or \
            os.stat(model).st_mtime_ns == first_build:
        raise Failure(f"touching model.mlir did not recompile the model:\n{touched}")
    check_output(run([os.path.join(build, "run_model"), model]),
                 "cmake_project after the rebuild")


def check_makefile_project(samples, prefix):
    project = os.path.join(samples, "makefile_project")
    run(["make", "-C", project, f"PREFIX={prefix}"])
    check_output(run([os.path.join(project, "run_model"),
                      os.path.join(project, "tiny_dense.so")]), "makefile_project")


def check_static_link(samples, prefix, work):
    project = os.path.join(samples, "static_link")
    build = os.path.join(work, "static-link-build")
    run(["cmake", "-S", project, "-B", build, "-G", "Ninja",
         f"-Ddisc_DIR={prefix}/lib/cmake/disc"])
    run(["cmake", "--build", build])
    outputs = {"cmake": run([os.path.join(build, "static_models")])}
    objects = [os.path.join(build, "disc_models", name, name + ".o")
               for name in ("mlp", "scale")]
    run(["make", "-C", project, f"PREFIX={prefix}"])
    outputs["make"] = run([os.path.join(project, "static_models")])
    objects += [os.path.join(project, name + ".o") for name in ("mlp", "scale")]
    for how, output in outputs.items():
        if "static_link: OK" not in output or "MISMATCH" in output:
            raise Failure(f"static_link ({how}):\n{output}")
    for obj in objects:
        prefix_name = os.path.basename(obj)[:-2]
        exported = sorted(line.split()[-1] for line in run(
            ["nm", "--defined-only", "--extern-only", obj]).splitlines())
        entries = [f"{prefix_name}_disc_entry_main"] if prefix_name == "mlp" else \
            [f"{prefix_name}_disc_entry_affine", f"{prefix_name}_disc_entry_negate"]
        expected = sorted(entries + [f"{prefix_name}_disc_model_abi_version",
                                     f"{prefix_name}_disc_model_metadata"])
        if exported != expected:
            raise Failure(f"{obj} exports {exported}, expected {expected}")
    for binary in [os.path.join(build, "static_models"),
                   os.path.join(project, "static_models")]:
        needed = {line.split("[", 1)[1].rstrip("]")
                  for line in run(["readelf", "-d", binary]).splitlines()
                  if "(NEEDED)" in line}
        if needed - SYSTEM_LIBRARIES - OWN_LIBRARIES:
            raise Failure(f"{binary} needs {sorted(needed)}")


def custom_kernel_reference(x, scale):
    softplus = scale * np.logaddexp(np.float32(0), np.float32(2) * x)
    return (softplus / softplus.sum(axis=1, keepdims=True) + x).astype(np.float32)


class DiscTensor(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_char_p), ("rank", ctypes.c_int64),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("data", ctypes.c_void_p)]


def run_through_c_api(prefix, model_path, plugin_path, arrays):
    """Loads the plugin and the model with the installed runtime_stub and
    runs its default function; returns the first output, or raises Failure
    with the runtime's message."""
    stub = ctypes.CDLL(os.path.join(prefix, "lib", "libdisc_runtime_stub.so"))
    stub.disc_status_message.restype = ctypes.c_char_p
    stub.disc_status_message.argtypes = [ctypes.c_void_p]
    stub.disc_status_free.argtypes = [ctypes.c_void_p]
    for name in ("disc_load_plugin", "disc_model_load",
                 "disc_model_default_function", "disc_model_run"):
        getattr(stub, name).restype = ctypes.c_void_p
    stub.disc_outputs_get.restype = ctypes.POINTER(DiscTensor)
    stub.disc_outputs_get.argtypes = [ctypes.c_void_p, ctypes.c_int64]
    stub.disc_outputs_free.argtypes = [ctypes.c_void_p]
    stub.disc_model_free.argtypes = [ctypes.c_void_p]

    def check(status, what):
        if status:
            message = stub.disc_status_message(status).decode()
            stub.disc_status_free(status)
            raise Failure(f"C API {what}: {message}")

    check(stub.disc_load_plugin(plugin_path.encode()), "disc_load_plugin")
    model = ctypes.c_void_p()
    check(stub.disc_model_load(model_path.encode(), ctypes.byref(model)),
          "disc_model_load")
    try:
        function = ctypes.c_int64()
        check(stub.disc_model_default_function(model, ctypes.byref(function)),
              "disc_model_default_function")
        shapes = [(ctypes.c_int64 * a.ndim)(*a.shape) for a in arrays]
        inputs = (DiscTensor * len(arrays))(*[
            DiscTensor(b"f32", a.ndim, shape, a.ctypes.data)
            for a, shape in zip(arrays, shapes)])
        outputs = ctypes.c_void_p()
        check(stub.disc_model_run(model, function, inputs, len(arrays),
                                  ctypes.byref(outputs)), "disc_model_run")
        y = stub.disc_outputs_get(outputs, 0).contents
        shape = tuple(y.shape[d] for d in range(y.rank))
        count = int(np.prod(shape))
        result = np.ctypeslib.as_array(
            ctypes.cast(y.data, ctypes.POINTER(ctypes.c_float)),
            shape=(count,)).reshape(shape).copy()
        stub.disc_outputs_free(outputs)
        return result
    finally:
        stub.disc_model_free(model)


def check_custom_kernel(samples, prefix, work):
    build = os.path.join(work, "custom-kernel-build")
    run(["cmake", "-S", os.path.join(samples, "custom_kernel"), "-B", build,
         "-G", "Ninja", f"-Ddisc_DIR={prefix}/lib/cmake/disc"])
    run(["cmake", "--build", build])
    model = os.path.join(build, "custom_kernel_model.so")
    plugin = os.path.join(build, "libdisc_custom_kernels.so")
    g = np.random.default_rng(3)
    x = g.standard_normal((4, 8)).astype(np.float32)
    scale = g.uniform(0.5, 2.0, size=(8,)).astype(np.float32)
    expected = custom_kernel_reference(x, scale)
    np.save(os.path.join(work, "x.npy"), x)
    np.save(os.path.join(work, "scale.npy"), scale)
    y_path = os.path.join(work, "y.npy")
    run([os.path.join(prefix, "bin", "ral-run"), model, "--plugin", plugin,
         "--inputs", os.path.join(work, "x.npy"), os.path.join(work, "scale.npy"),
         "--outputs", y_path])
    got = np.load(y_path)
    if not np.allclose(got, expected, rtol=1e-5, atol=1e-6):
        raise Failure(f"custom_kernel via ral-run: max abs err "
                      f"{np.abs(got - expected).max()}")
    got = run_through_c_api(prefix, model, plugin, [x, scale])
    if not np.allclose(got, expected, rtol=1e-5, atol=1e-6):
        raise Failure(f"custom_kernel via the C API: max abs err "
                      f"{np.abs(got - expected).max()}")
    try:
        run_through_c_api(prefix, model, plugin, [x, np.zeros(8, np.float32)])
    except Failure as failure:
        if "row_normalize: row 0 sums to zero" not in str(failure):
            raise
    else:
        raise Failure("custom_kernel via the C API: a zero scale did not fail")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args()

    work = os.path.abspath(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prefix = os.path.join(work, "prefix")
    samples = os.path.join(work, "samples")
    try:
        run(["cmake", "--install", args.build_dir, "--prefix", prefix])
        check_layout(prefix)
        check_dependencies(prefix)
        for sample in ["common", "models", "cmake_project", "makefile_project",
                       "static_link", "custom_kernel"]:
            shutil.copytree(os.path.join(args.source_dir, "samples", sample),
                            os.path.join(samples, sample))
        check_cmake_project(samples, prefix, work)
        check_makefile_project(samples, prefix)
        check_static_link(samples, prefix, work)
        check_custom_kernel(samples, prefix, work)
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    print("install: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
