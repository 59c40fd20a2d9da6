"""disc from Python: compile StableHLO into a model .so, load it, run it on
numpy arrays.

    import disc
    model = disc.compile(mlir_text)          # or disc.load("model.so")
    y = model(x, w)

`disc.jax` compiles JAX functions; `disc.torch` PyTorch modules.
"""
import os

from . import _cache, _compiler
from ._errors import Error
from ._runtime import Model, TensorSpec

__all__ = ["Error", "Model", "TensorSpec", "compile", "load"]


def load(path) -> Model:
    """Loads a model .so written by disc-compile."""
    return Model(path)


def _source_path(source):
    """The file `source` names, or None when it is MLIR text."""
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    if not isinstance(source, str):
        raise Error(f"source must be MLIR text or a path, got {type(source).__name__}")
    if "\n" in source or "{" in source:
        return None
    return source


def compile(source, target="cpu", *, output=None, **options) -> Model:
    """Compiles `source` (MLIR text, or the path of a .mlir file) for
    `target` and loads the result. Keyword options are disc-compile's flags
    (cpu_library="none" is --cpu-library=none). The .so is written to
    `output`, or into the on-disk cache (disc._cache) when it is None."""
    path = _source_path(source)
    if path is not None and not os.path.isfile(path):
        raise Error(f"no MLIR file {path}")
    if output is None:
        if path is None:
            return Model(_cache.compile_cached(source, target, **options))
        with open(path, encoding="utf-8") as file:
            text = file.read()
        return Model(_cache.compile_cached(text, target, source_path=path, **options))
    output = os.fspath(output)
    if path is None:
        _compiler.compile_file("-", output, target, options, stdin_text=source)
    else:
        _compiler.compile_file(path, output, target, options)
    return Model(output)
