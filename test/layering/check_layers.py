"""Fails when a file includes a header of a layer it may not use.

Each `#include "..."` in the scanned folders is resolved as the build does:
beside the including file, then in the include roots. A header that resolves
to a file of the repository must belong to the including file's component or
to one the component may use (RULES); headers outside the repository (MLIR,
LLVM, generated ones) are not checked. Prints one line per violation.

usage: check_layers.py [SOURCE_DIR]
"""

import os
import re
import sys

# Where each component's files lie: a file belongs to the component with the
# longest pattern matching its path from the repository root. A file of the
# scanned folders that matches none fails the check, so that a new folder
# gets a rule.
COMPONENTS = {
    # The runtime's layers (ral/CMakeLists.txt). Core's public headers are
    # the ones directly in include/disc/ral/.
    "ral/core": [r"ral/include/disc/ral/[^/]+", r"ral/lib/core/"],
    "ral/host": [r"ral/include/disc/ral/host/", r"ral/lib/host/"],
    "ral/cpu": [r"ral/include/disc/ral/cpu/", r"ral/lib/cpu/"],
    "ral/cuda": [r"ral/include/disc/ral/cuda/", r"ral/lib/cuda/"],
    "ral/kernels": [r"ral/include/disc/ral/kernels/", r"ral/lib/kernels/"],
    "runtime_stub": [r"runtime_stub/"],
    "driver/ral-run": [r"driver/ral-run/"],
    "driver": [r"driver/"],
    # The compiler's layers (docs/DESIGN.md), each a folder of include/disc
    # and its mirror in lib/. What lies directly under compiler/ (InitAll,
    # which registers everything) is the top.
    "compiler/dialect": [r"compiler/include/disc/Dialect/",
                         r"compiler/lib/Dialect/"],
    "compiler/dialect-transforms": [
        r"compiler/include/disc/Dialect/[^/]+/Transforms/",
        r"compiler/lib/Dialect/[^/]+/Transforms/"],
    "compiler/input": [r"compiler/include/disc/Input/", r"compiler/lib/Input/"],
    "compiler/conversion": [r"compiler/include/disc/Conversion/",
                            r"compiler/lib/Conversion/"],
    "compiler/codegen-common": [r"compiler/include/disc/Codegen/Common/",
                                r"compiler/lib/Codegen/Common/"],
    "compiler/codegen-cpu": [r"compiler/include/disc/Codegen/CPU/",
                             r"compiler/lib/Codegen/CPU/"],
    "compiler/codegen-gpu": [r"compiler/include/disc/Codegen/GPU/",
                             r"compiler/lib/Codegen/GPU/"],
    "compiler/pipeline": [r"compiler/include/disc/Pipeline/",
                          r"compiler/lib/Pipeline/"],
    "compiler/target": [r"compiler/include/disc/Target/",
                        r"compiler/lib/Target/"],
    "compiler/library": [r"compiler/include/disc/Compiler/",
                         r"compiler/lib/Compiler/"],
    "compiler": [r"compiler/"],
    "python": [r"python/"],
}

RAL = ["ral/core", "ral/host", "ral/cpu", "ral/cuda", "ral/kernels"]
COMPILER = [component for component in COMPONENTS
            if component.startswith("compiler")]
CODEGEN_BASE = ["compiler/dialect", "compiler/dialect-transforms",
                "compiler/input", "compiler/conversion", "ral/core", "ral/host"]
CODEGEN = ["compiler/codegen-common", "compiler/codegen-cpu",
           "compiler/codegen-gpu"]

# The components each component may include besides itself.
RULES = {
    "ral/core": [],
    "ral/host": ["ral/core"],
    "ral/cpu": ["ral/core", "ral/host"],
    "ral/cuda": ["ral/core"],
    "ral/kernels": ["ral/core", "ral/host"],
    "runtime_stub": RAL,
    "driver/ral-run": ["runtime_stub"] + RAL,
    "driver": COMPILER + ["driver/ral-run", "runtime_stub"] + RAL,
    # The compiler emits calls into the runtime's ABI: it may include the
    # headers that describe it (ral/core's, and the kernel-graph ABI of
    # ral/host), never the runtime's implementation or the tools. Each layer
    # uses only the ones below it; the CPU and GPU code generation never use
    # each other, and neither Pipeline nor Target uses the other.
    "compiler/dialect": ["ral/core"],
    "compiler/dialect-transforms": ["compiler/dialect", "ral/core"],
    "compiler/input": ["compiler/dialect", "compiler/dialect-transforms",
                       "ral/core"],
    "compiler/conversion": ["compiler/dialect", "compiler/dialect-transforms",
                            "compiler/input", "ral/core", "ral/host"],
    "compiler/codegen-common": CODEGEN_BASE,
    "compiler/codegen-cpu": CODEGEN_BASE + ["compiler/codegen-common"],
    "compiler/codegen-gpu": CODEGEN_BASE + ["compiler/codegen-common"],
    "compiler/pipeline": CODEGEN_BASE + CODEGEN,
    "compiler/target": CODEGEN_BASE + CODEGEN,
    # The compiler library (disc::compile and its C API) is the top, with
    # InitAll, which registers everything.
    "compiler/library": COMPILER,
    "compiler": [c for c in COMPILER if c != "compiler/library"],
}

# The folders whose includes are checked.
SCANNED = ["ral", "runtime_stub", "driver", "compiler"]

# Where `#include "..."` looks after the including file's folder.
INCLUDE_ROOTS = [
    "ral/include",
    "ral/lib",
    "runtime_stub/include",
    "driver/ral-run/include",
    "compiler/include",
]

SOURCE_SUFFIXES = (".h", ".hpp", ".c", ".cc", ".cpp", ".def", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def matches(pattern, path):
    # A pattern that ends in "/" names a folder and everything under it.
    if pattern.endswith("/"):
        return re.match(pattern, path) is not None
    return re.fullmatch(pattern, path) is not None


def component_of(path):
    best, best_length = None, -1
    for component, patterns in COMPONENTS.items():
        for pattern in patterns:
            if len(pattern) > best_length and matches(pattern, path):
                best, best_length = component, len(pattern)
    return best


def resolve(root, including, header):
    """The repository path `header` names from `including`, or None."""
    folders = [os.path.dirname(including)] + INCLUDE_ROOTS
    for folder in folders:
        candidate = os.path.normpath(os.path.join(folder, header))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate.replace(os.sep, "/")
    return None


def sources(root):
    for folder in SCANNED:
        for directory, subdirectories, files in os.walk(os.path.join(root, folder)):
            subdirectories.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    path = os.path.join(directory, name)
                    yield os.path.relpath(path, root).replace(os.sep, "/")


def violations(root):
    for path in sources(root):
        component = component_of(path)
        if component is None or component not in RULES:
            yield f"{path}: belongs to no component with a rule; add it to " \
                  f"COMPONENTS and RULES in {os.path.relpath(__file__, root)}"
            continue
        allowed = [component] + RULES[component]
        with open(os.path.join(root, path), encoding="utf-8",
                  errors="replace") as source:
            for number, line in enumerate(source, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                header = match.group(1)
                if header.startswith("../") or "/../" in header:
                    yield f'{path}:{number}: includes "{header}" by a ' \
                          f"relative path; name it from an include root"
                    continue
                resolved = resolve(root, path, header)
                if resolved is None:
                    continue
                target = component_of(resolved)
                if target not in allowed:
                    yield f'{path}:{number}: includes "{header}" ({target}), ' \
                          f"but {component} may include only " \
                          f"{', '.join(allowed)}"


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    found = list(violations(root))
    for message in found:
        print(message)
    if found:
        print(f"{len(found)} problem(s) with the layering")
        return 1
    print("every include keeps to the layering")
    return 0


if __name__ == "__main__":
    sys.exit(main())
