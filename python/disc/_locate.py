"""Where disc-compile, the compiler library and the runtime library are.

In order: the environment (DISC_COMPILE, DISC_COMPILER_LIBRARY,
DISC_RUNTIME_LIBRARY), the install
this package belongs to (`cmake --install` writes `_install_layout.py` beside
it, naming the bin and lib directories relative to the package), and the
build tree of a checkout (`build/` beside `python/`).
"""
import os

from ._errors import Error

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _find(env_var, kind, name):
    """kind is "bin" or "lib": the directory of the install or build tree."""
    path = os.environ.get(env_var)
    origin = f"${env_var}"
    if not path:
        try:
            from . import _install_layout
            relative = _install_layout.BIN_DIR if kind == "bin" else _install_layout.LIB_DIR
            path = os.path.normpath(os.path.join(_PACKAGE_DIR, relative, name))
            origin = "the install"
        except ImportError:
            checkout = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
            path = os.path.join(checkout, "build", kind, name)
            origin = "the build tree"
    if not os.path.isfile(path):
        raise Error(f"{name} not found at {path} ({origin}); set {env_var} to its path")
    return path


def compiler_path():
    return _find("DISC_COMPILE", "bin", "disc-compile")


def compiler_library_path():
    return _find("DISC_COMPILER_LIBRARY", "lib", "libdisc_compiler.so")


def runtime_library_path():
    return _find("DISC_RUNTIME_LIBRARY", "lib", "libdisc_runtime_stub.so")
