"""Prints the FNV-1a 64 hash of a file's bytes, as `source_hash <hex>`."""
import sys

hash_value = 0xCBF29CE484222325
with open(sys.argv[1], "rb") as source:
    for byte in source.read():
        hash_value = ((hash_value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
print("source_hash %016x" % hash_value)
