"""Checks that the runtime stands alone: every file given needs (DT_NEEDED) only
the C and C++ runtimes and the runtime's own two libraries. Prints each file's
needs and its stripped size.

usage: check_runtime_deps.py FILE...
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ALLOWED = [
    r"libc\.so\.\d+", r"libstdc\+\+\.so\.\d+", r"libm\.so\.\d+", r"libgcc_s\.so\.\d+",
    r"libdl\.so\.\d+", r"libpthread\.so\.\d+", r"ld-linux[-\w.]*\.so\.\d+",
    r"libdisc_ral\.so", r"libdisc_runtime_stub\.so",
]


def find_tool(names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def needed_libraries(readelf, path):
    proc = subprocess.run([readelf, "-d", path], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)
    if proc.returncode != 0:
        raise SystemExit("check_runtime_deps: %s -d %s failed: %s"
                         % (readelf, path, proc.stderr.strip()))
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", proc.stdout)


def stripped_size(strip, path):
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, os.path.basename(path))
        shutil.copyfile(path, copy)
        subprocess.run([strip, copy], check=True)
        return os.path.getsize(copy)


def main(paths):
    readelf = find_tool(["readelf", "llvm-readelf", "/usr/lib/llvm-22/bin/llvm-readelf"])
    strip = find_tool(["strip", "llvm-strip", "/usr/lib/llvm-22/bin/llvm-strip"])
    if not readelf:
        print("check_runtime_deps: no readelf or llvm-readelf on PATH")
        return 1
    failures = 0
    for path in paths:
        needed = needed_libraries(readelf, path)
        unexpected = [lib for lib in needed
                      if not any(re.fullmatch(pattern, lib) for pattern in ALLOWED)]
        size = "stripped %d bytes" % stripped_size(strip, path) if strip else "no strip tool"
        print("%s: needs %s; %s" % (os.path.basename(path), " ".join(needed), size))
        if not needed:
            print("FAIL %s: no NEEDED entries at all (not a dynamic ELF file?)" % path)
            failures += 1
        if unexpected:
            print("FAIL %s needs %s" % (path, ", ".join(unexpected)))
            failures += 1
    print("%d of %d files stand alone" % (len(paths) - failures, len(paths)))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip())
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
