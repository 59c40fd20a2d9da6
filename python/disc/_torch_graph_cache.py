"""The programs of Dynamo graphs, cached on disk by what their lowering
reads, so that a graph seen before (in this process or another) skips
torch.export, torch-mlir and disc-compile:
${XDG_CACHE_HOME:-~/.cache}/disc/graphs/<sha256>.json names the program in
disc._cache's directory and the inputs it updates. The hash is of the
graph's code, its placeholders' traced shapes, strides and dtypes, the
tensors it is compiled for, the contents of those it freezes, this package's
sources, torch's and torch-mlir's versions, the target, the options and the
compiler."""
import functools
import hashlib
import importlib.metadata
import json
import os
import tempfile

import torch
from torch_mlir.extras import fx_importer

from . import _cache

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def directory():
    return os.path.join(_cache.root(), "graphs")


@functools.lru_cache(maxsize=None)
def _lowering_identity():
    """What else decides how a graph is lowered: this package's code and
    the versions of torch and torch-mlir."""
    digest = hashlib.sha256()
    for name in sorted(os.listdir(_PACKAGE_DIR)):
        if name.endswith(".py"):
            with open(os.path.join(_PACKAGE_DIR, name), "rb") as source:
                digest.update(name.encode() + b"\0" + source.read() + b"\0")
    return digest.hexdigest() + ":" + torch.__version__ + ":" + _torch_mlir_version()


def _torch_mlir_version():
    try:
        return importlib.metadata.version("torch-mlir")
    except importlib.metadata.PackageNotFoundError:
        # A build of torch-mlir on PYTHONPATH has no metadata; its importer's
        # modification time stands for its version.
        return str(os.stat(fx_importer.__file__).st_mtime_ns)


def _describe(value):
    if isinstance(value, torch.Tensor):
        return f"{value.dtype}{list(value.shape)}{list(value.stride())}:{value.requires_grad}"
    return repr(value)


def _contents(tensor):
    """The bytes of a tensor of any dtype."""
    return tensor.detach().cpu().contiguous().reshape(-1).view(torch.uint8).numpy()


def key(graph_module, traced_inputs, tensors, frozen, target, options):
    """The key of `graph_module` (whose placeholders traced `traced_inputs`)
    compiled for `tensors`, of which the positions `frozen` are constants of
    the program; None for a graph that calls a submodule or reads an
    attribute, which its code does not describe."""
    if any(node.op in ("call_module", "get_attr") for node in graph_module.graph.nodes):
        return None
    parts = [_lowering_identity(), graph_module.code,
             ";".join(map(_describe, traced_inputs)),
             ";".join(_describe(tensor) + ("=" if position in frozen else "")
                      for position, tensor in enumerate(tensors))]
    parts += [_contents(tensors[position]) for position in sorted(frozen)]
    return _cache.key(parts, target, options)


def load(graph_key):
    """The program path and the updated input positions stored for
    `graph_key`, or None when there are none, the program is gone or the
    graph has no key."""
    if graph_key is None:
        return None
    try:
        with open(os.path.join(directory(), graph_key + ".json")) as entry:
            stored = json.load(entry)
        program, mutated = stored["program"], [int(position) for position in stored["mutated"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (program, mutated) if os.path.isfile(program) else None


def store(graph_key, program, mutated):
    """Records `program` for `graph_key` (nothing for a graph without a key):
    written under a temporary name and renamed into place, so that a
    concurrent reader never sees part of it."""
    if graph_key is None:
        return
    os.makedirs(directory(), exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=".disc-", suffix=".json", dir=directory())
    try:
        with os.fdopen(handle, "w") as entry:
            json.dump({"program": program, "mutated": list(mutated)}, entry)
        os.replace(partial, os.path.join(directory(), graph_key + ".json"))
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
