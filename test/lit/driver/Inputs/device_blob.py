"""Prints the images of a device blob (ral/include/disc/ral/device_blob.h):
one line per image with its kind, its SM version and, for PTX, its .target
line, for a cubin that it is a CUDA ELF file."""

import struct
import sys

KINDS = {1: "ptx", 2: "cubin"}

blob = open(sys.argv[1], "rb").read()
assert blob[:8] == b"DISCGPU1", "not a device blob"
(count,) = struct.unpack_from("<I", blob, 8)
for i in range(count):
    kind, sm, offset, size = struct.unpack_from("<IIQQ", blob, 16 + 24 * i)
    image = blob[offset : offset + size]
    if KINDS[kind] == "ptx":
        assert image.endswith(b"\0"), "PTX must end with a NUL"
        target = next(
            line for line in image.decode().splitlines() if line.startswith(".target")
        )
        print(f"ptx sm_{sm} {target}")
    else:
        assert image[:4] == b"\x7fELF", "a cubin is an ELF file"
        (machine,) = struct.unpack_from("<H", image, 18)
        print(f"cubin sm_{sm} {'EM_CUDA' if machine == 190 else machine}")
