"""Compiled programs cached on disk by their source text:
${XDG_CACHE_HOME:-~/.cache}/disc/programs/<sha256>.so, the hash of the text,
the target, the options and the compiler (its library's path, size and
modification time, so that a rebuilt compiler compiles afresh)."""
import hashlib
import os

from . import _compiler


def root():
    """${XDG_CACHE_HOME:-~/.cache}/disc, where every cache of the package is."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "disc")


def directory():
    return os.path.join(root(), "programs")


def _compiler_identity(path):
    status = os.stat(path)
    return f"{os.path.realpath(path)}:{status.st_size}:{status.st_mtime_ns}"


def key(parts, target, options):
    """The hash of `parts` (strings, or buffers of bytes), the target, the
    options and the compiler."""
    digest = hashlib.sha256()
    for part in (*parts, target, repr(_compiler.compile_options(target, options)),
                 _compiler_identity(_compiler.library_path())):
        data = memoryview(part.encode() if isinstance(part, str) else part).cast("B")
        # The length first, so that no two lists of parts hash alike.
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def compile_cached(mlir_text: str, target="cpu", *, source_path=None, **options) -> str:
    """The path of `mlir_text` compiled for `target`, compiling it only when
    the cache does not hold it yet (from `source_path`, the file holding the
    text, when given, so that errors name it). Safe from concurrent
    processes: each writes a temporary file and renames it into place."""
    path = os.path.join(directory(), key((mlir_text,), target, options) + ".so")
    if not os.path.isfile(path):
        if source_path is None:
            _compiler.compile_file("-", path, target, options, stdin_text=mlir_text)
        else:
            _compiler.compile_file(source_path, path, target, options)
    return path
