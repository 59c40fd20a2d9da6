"""JAX front-end: JAX lowers a function to StableHLO, disc compiles and runs it.

    import disc.jax
    fast = disc.jax.jit(f)                     # like jax.jit, compiled by disc
    y = fast(x, params)                        # numpy arrays in the pytree f returns
    model = disc.jax.export(f, x, params, path="f.so", dynamic=["(b, 64)", None])
"""
import threading

import jax
import numpy as np
from jax import export as jax_export

from . import _cache
from . import compile as _compile_model
from ._errors import Error
from ._runtime import Model

__all__ = ["jit", "export"]

# Python scalars are weakly typed in JAX: 2.0 lowers as f32, not f64.
_PYTHON_SCALARS = (bool, int, float, complex)


def _leaf_signature(leaf):
    if isinstance(leaf, _PYTHON_SCALARS):
        return (type(leaf),)
    if not hasattr(leaf, "shape") or not hasattr(leaf, "dtype"):
        leaf = np.asarray(leaf)
    return (tuple(leaf.shape), np.dtype(leaf.dtype), getattr(leaf, "weak_type", False))


class _Program:
    """One compiled input signature of a jitted function."""

    def __init__(self, model, in_dtypes, out_tree):
        self.model = model
        self.in_dtypes = in_dtypes
        self.out_tree = out_tree

    def __call__(self, leaves):
        results = self.model(*(np.asarray(leaf, dtype)
                               for leaf, dtype in zip(leaves, self.in_dtypes)))
        if len(self.model.outputs) == 1:
            results = (results,)
        return jax.tree_util.tree_unflatten(self.out_tree, list(results))


class Jitted:
    """`fun` compiled by disc once per input signature (the shapes, dtypes and
    pytree structure of its arguments); see `jit`."""

    def __init__(self, fun, target, options):
        self._fun = fun
        # keep_unused: the compiled program takes every argument, so that the
        # flattened arguments are its inputs in order.
        self._jitted = jax.jit(fun, keep_unused=True)
        self._target = target
        self._options = options
        self._programs = {}
        self._lock = threading.Lock()

    def lower(self, *args, **kwargs):
        """JAX's lowering of `fun` for these arguments (jax.stages.Lowered)."""
        return self._jitted.lower(*args, **kwargs)

    def _compile(self, args, kwargs):
        lowered = self.lower(*args, **kwargs)
        in_dtypes = [np.dtype(aval.dtype) for aval in jax.tree_util.tree_leaves(lowered.in_avals)]
        model = Model(_cache.compile_cached(lowered.as_text(), self._target, **self._options))
        # Constants are inlined into the program (JAX could pass large ones
        # as extra arguments, which this does not take).
        if len(model.inputs) != len(in_dtypes):
            raise Error(f"JAX lowered {getattr(self._fun, '__name__', 'the function')} to a "
                        f"program of {len(model.inputs)} inputs for {len(in_dtypes)} "
                        f"array arguments")
        return _Program(model, in_dtypes, lowered.out_tree)

    def __call__(self, *args, **kwargs):
        leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
        signature = (tree, tuple(_leaf_signature(leaf) for leaf in leaves))
        program = self._programs.get(signature)
        if program is None:
            with self._lock:
                program = self._programs.get(signature)
                if program is None:
                    program = self._compile(args, kwargs)
                    self._programs[signature] = program
        return program(leaves)


def jit(fun, target="cpu", **compile_options):
    """Like jax.jit, compiled by disc: lowers `fun` with JAX for the
    signature of the arguments of each call, compiles each signature once
    (cached on disk by the StableHLO text, disc._cache) and runs it. Returns
    numpy arrays in the pytree structure `fun` returns. compile_options are
    disc-compile's flags (cpu_library="none")."""
    return Jitted(fun, target, compile_options)


def export(fun, *example_args, path, dynamic=None, target="cpu", **compile_options):
    """Compiles `fun` for arguments like `example_args` into the model .so
    `path` and returns it loaded. `dynamic` gives symbolic shapes in
    jax.export's notation, one per argument (None keeps that argument's
    shape), e.g. ["(b, 64)", None]: the model then takes any value of b, and
    checks at run time the constraints JAX derived (b >= 1, equal dims). The
    model's inputs are the flattened arguments, its outputs the flattened
    results."""
    if dynamic is None:
        specs = [jax.ShapeDtypeStruct(np.shape(arg),
                                      jax.dtypes.canonicalize_dtype(np.result_type(arg)))
                 for arg in example_args]
    else:
        if len(dynamic) != len(example_args):
            raise Error(f"dynamic has {len(dynamic)} entries for {len(example_args)} arguments")
        specs = jax_export.symbolic_args_specs(example_args, list(dynamic))
    exported = jax_export.export(jax.jit(fun, keep_unused=True), platforms=["cpu"])(*specs)
    return _compile_model(exported.mlir_module(), target, output=path, **compile_options)
