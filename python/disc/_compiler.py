"""Compiling in this process, through the compiler's C API
(libdisc_compiler.so, disc/Compiler/disc_compiler.h)."""
import ctypes
import os
import tempfile
import threading
from collections import namedtuple

from . import _locate
from ._errors import Error

API_VERSION = 1

Diagnostic = namedtuple("Diagnostic", "severity file line column message text")
Diagnostic.__doc__ = """One of a compile's diagnostics: severity ("error",
"warning", "note", "remark"), the source file ("" when it is not about a place
in the program), line and column, the message, and the text a compiler prints
(with the source line and a caret)."""


class _CDiagnostic(ctypes.Structure):
    _fields_ = [("severity", ctypes.c_char_p), ("file", ctypes.c_char_p),
                ("line", ctypes.c_uint), ("column", ctypes.c_uint),
                ("message", ctypes.c_char_p), ("text", ctypes.c_char_p)]


_library = None
_library_path = None
_library_lock = threading.Lock()


def _declare(library):
    pointer, size, text = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p
    signatures = {
        "disc_compiler_api_version": (ctypes.c_int, []),
        "disc_compile_options_create": (pointer, []),
        "disc_compile_options_destroy": (None, [pointer]),
        "disc_compile_options_set": (ctypes.c_int, [pointer, text, text, text, size]),
        "disc_compile": (pointer, [text, size, text, pointer]),
        "disc_compile_result_destroy": (None, [pointer]),
        "disc_compile_result_succeeded": (ctypes.c_int, [pointer]),
        "disc_compile_result_artifact": (pointer, [pointer, ctypes.POINTER(size)]),
        "disc_compile_result_diagnostic_count": (size, [pointer]),
        "disc_compile_result_diagnostic": (ctypes.c_int,
                                           [pointer, size, ctypes.POINTER(_CDiagnostic)]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments


def library_path():
    """The compiler library this process compiles with."""
    _open()
    return _library_path


def _open():
    """Opens the compiler library once per process: a second copy would
    register the compiler's passes again in the MLIR they share."""
    global _library, _library_path
    with _library_lock:
        if _library is None:
            path = _locate.compiler_library_path()
            try:
                library = ctypes.CDLL(path)
                _declare(library)
            except (OSError, AttributeError) as error:
                raise Error(f"cannot load the compiler library {path}: {error}") from None
            version = library.disc_compiler_api_version()
            if version != API_VERSION:
                raise Error(f"{path} has C API version {version}; this package needs "
                            f"{API_VERSION}")
            _library, _library_path = library, path
    return _library


def compile_options(target, options):
    """The compile options (name, value) of `target` and keyword options:
    cuda_arch=["sm_80", "sm_90"] is ("cuda-arch", "sm_80,sm_90"), a bool "1"
    or "0"; None leaves an option out."""
    result = [("target", target)]
    for key, value in sorted(options.items()):
        if value is None:
            continue
        name = key.replace("_", "-")
        if isinstance(value, bool):
            value = "1" if value else "0"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(item) for item in value)
        result.append((name, str(value)))
    return result


def _diagnostics(library, result):
    found = []
    entry = _CDiagnostic()
    for index in range(library.disc_compile_result_diagnostic_count(result)):
        if library.disc_compile_result_diagnostic(result, index, ctypes.byref(entry)) == 0:
            found.append(Diagnostic(*(field.decode(errors="replace")
                                      if isinstance(field, bytes) else field
                                      for field in (entry.severity, entry.file, entry.line,
                                                    entry.column, entry.message,
                                                    entry.text))))
    return found


def first_error(diagnostics):
    """The first error as a compiler prints it, with its source line and
    caret but without its notes."""
    for diagnostic in diagnostics:
        if diagnostic.severity == "error":
            if not diagnostic.file:
                return f"error: {diagnostic.message}"
            lines = diagnostic.text.rstrip("\n").splitlines()
            return "\n".join(lines[:3])
    return "the compile failed without a message"


class CompileError(Error):
    """A compile that failed; `diagnostics` holds what the compiler said."""

    def __init__(self, diagnostics):
        super().__init__(first_error(diagnostics))
        self.diagnostics = diagnostics


def compile_text(text, source_name, target, options):
    """The bytes of `text` (str or bytes) compiled for `target`; errors name
    the source `source_name`."""
    library = _open()
    handle = library.disc_compile_options_create()
    try:
        problem = ctypes.create_string_buffer(512)
        for name, value in compile_options(target, options):
            if library.disc_compile_options_set(handle, name.encode(), value.encode(),
                                                problem, len(problem)) != 0:
                raise Error(problem.value.decode(errors="replace"))
        data = text.encode() if isinstance(text, str) else bytes(text)
        result = library.disc_compile(data, len(data), source_name.encode(), handle)
    finally:
        library.disc_compile_options_destroy(handle)
    try:
        if not library.disc_compile_result_succeeded(result):
            raise CompileError(_diagnostics(library, result))
        size = ctypes.c_size_t()
        artifact = library.disc_compile_result_artifact(result, ctypes.byref(size))
        return ctypes.string_at(artifact, size.value)
    finally:
        library.disc_compile_result_destroy(result)


def compile_file(source_path, output, target, options, stdin_text=None):
    """Compiles `source_path` ("-" with `stdin_text`) into `output`, written
    under a temporary name beside it and renamed into place, so that
    concurrent compiles of the same output never see a partial file. The
    temporary file is made first, so an unwritable output fails before the
    compile."""
    directory = os.path.dirname(os.path.abspath(output))
    os.makedirs(directory, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=".disc-", suffix=".so", dir=directory)
    try:
        with os.fdopen(handle, "wb") as file:
            if source_path == "-":
                file.write(compile_text(stdin_text, "<stdin>", target, options))
            else:
                with open(source_path, "rb") as source:
                    file.write(compile_text(source.read(), source_path, target, options))
        os.replace(partial, output)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return output
