"""Installs the build into a fresh prefix and uses it as a user would.

Builds samples/cmake_project (find_package(disc) + disc_add_model) and
samples/makefile_project (pkg-config + the installed disc-compile) against
the prefix, runs both apps and checks the printed y = relu(x @ w + b) against
values worked out by hand; checks that touching the .mlir recompiles the model
and that the installed runtime needs no shared library beyond the system's and
its own. Works on copies: the source tree is never modified.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

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
    headers = sorted(os.listdir(os.path.join(prefix, "include", "disc")))
    if headers != ["ral", "runtime_stub", "runtime_stub.h"]:
        raise Failure(f"unexpected entries in include/disc: {headers}")
    targets = open(os.path.join(prefix, "lib/cmake/disc/discTargets.cmake")).read()
    for name in ["disc::ral", "disc::runtime_stub", "disc::disc-compile"]:
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
        for sample in ["common", "cmake_project", "makefile_project"]:
            shutil.copytree(os.path.join(args.source_dir, "samples", sample),
                            os.path.join(samples, sample))
        check_cmake_project(samples, prefix, work)
        check_makefile_project(samples, prefix)
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    print("install: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
