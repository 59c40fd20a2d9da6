"""The runtime stub's C API (runtime_stub/include/disc/runtime_stub.h) through
ctypes, and `Model`, a loaded model callable with numpy arrays."""
import ctypes
import os
import threading
from typing import NamedTuple, Optional, Tuple

import numpy as np

from . import _locate
from ._errors import Error


class _TensorSignature(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("dtype", ctypes.c_char_p),
                ("rank", ctypes.c_int64), ("shape", ctypes.POINTER(ctypes.c_int64))]


class _Tensor(ctypes.Structure):
    # dtype is a char * pointing into _TOKENS' bytes: setting a c_void_p
    # field is ten times faster than a c_char_p one.
    _fields_ = [("dtype", ctypes.c_void_p), ("rank", ctypes.c_int64),
                ("shape", ctypes.c_void_p), ("data", ctypes.c_void_p)]


_Handle = ctypes.c_void_p
_Status = ctypes.c_void_p

# (name, result type, argument types) of every function used here.
_PROTOTYPES = [
    ("disc_status_message", ctypes.c_char_p, [_Status]),
    ("disc_status_free", None, [_Status]),
    ("disc_model_load", _Status, [ctypes.c_char_p, ctypes.POINTER(_Handle)]),
    ("disc_model_free", None, [_Handle]),
    ("disc_runtime_targets", ctypes.c_char_p, []),
    ("disc_model_target", ctypes.c_char_p, [_Handle]),
    ("disc_model_function_count", ctypes.c_int64, [_Handle]),
    ("disc_model_function_name", ctypes.c_char_p, [_Handle, ctypes.c_int64]),
    ("disc_model_find_function", ctypes.c_int64, [_Handle, ctypes.c_char_p]),
    ("disc_model_default_function", _Status, [_Handle, ctypes.POINTER(ctypes.c_int64)]),
    ("disc_function_input_count", ctypes.c_int64, [_Handle, ctypes.c_int64]),
    ("disc_function_output_count", ctypes.c_int64, [_Handle, ctypes.c_int64]),
    ("disc_function_input", ctypes.POINTER(_TensorSignature),
     [_Handle, ctypes.c_int64, ctypes.c_int64]),
    ("disc_function_output", ctypes.POINTER(_TensorSignature),
     [_Handle, ctypes.c_int64, ctypes.c_int64]),
    # Addresses as plain integers: ctypes converts them faster than objects.
    ("disc_model_run", _Status,
     [ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p]),
    ("disc_outputs_get", ctypes.c_void_p, [_Handle, ctypes.c_int64]),
    ("disc_outputs_free", None, [_Handle]),
]

_library = None
_library_lock = threading.Lock()


def _runtime():
    """The runtime library, opened on first use so that importing the package
    needs no build."""
    global _library
    with _library_lock:
        if _library is None:
            path = _locate.runtime_library_path()
            try:
                library = ctypes.CDLL(path)
            except OSError as error:
                raise Error(f"cannot open the disc runtime {path}: {error}") from None
            for name, restype, argtypes in _PROTOTYPES:
                function = getattr(library, name)
                function.restype = restype
                function.argtypes = argtypes
            _Outputs.free = library.disc_outputs_free
            _library = library
    return _library


def _raise_for(library, status):
    """Raises disc.Error with the message of a failed call's status, which
    it frees; does nothing for a success (NULL)."""
    if not status:
        return
    message = library.disc_status_message(status).decode("utf-8", "replace")
    library.disc_status_free(status)
    raise Error(message)


# The runtime's dtype tokens (ral/include/disc/ral/type_encoding.def) and the
# numpy dtypes holding the same values. bf16, the 8-, 6- and 4-bit floats
# and the sub-byte integers need ml_dtypes (JAX brings it), whose layout the
# runtime shares (docs/ABI.md).
_DTYPES = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8), "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32), "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16), "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
    "c64": np.dtype(np.complex64), "c128": np.dtype(np.complex128),
}
_ML_DTYPES = {
    "bf16": "bfloat16", "f8E5M2": "float8_e5m2", "f8E4M3FN": "float8_e4m3fn",
    "f8E4M3FNUZ": "float8_e4m3fnuz", "f8E5M2FNUZ": "float8_e5m2fnuz",
    "f8E4M3B11FNUZ": "float8_e4m3b11fnuz", "f8E3M4": "float8_e3m4", "f8E4M3": "float8_e4m3",
    "f8E8M0FNU": "float8_e8m0fnu", "f4E2M1FN": "float4_e2m1fn", "f6E2M3FN": "float6_e2m3fn",
    "f6E3M2FN": "float6_e3m2fn", "i2": "int2", "i4": "int4", "ui2": "uint2", "ui4": "uint4",
}
try:
    import ml_dtypes
    for _token, _name in _ML_DTYPES.items():
        if hasattr(ml_dtypes, _name):
            _DTYPES[_token] = np.dtype(getattr(ml_dtypes, _name))
except ImportError:
    pass
# The tokens as C strings; the bytes objects live as long as the module.
_TOKEN_BYTES = {dtype: token.encode() for token, dtype in _DTYPES.items()}
_TOKENS = {dtype: ctypes.cast(ctypes.c_char_p(token), ctypes.c_void_p).value
           for dtype, token in _TOKEN_BYTES.items()}


def _numpy_dtype(token):
    dtype = _DTYPES.get(token)
    if dtype is None:
        if token in _ML_DTYPES:
            raise Error(f"the model uses {token}, which numpy holds only with ml_dtypes: "
                        "pip install ml_dtypes")
        raise Error(f"unknown dtype '{token}' in the model's signature")
    return dtype


class TensorSpec(NamedTuple):
    """One input or output of a model's function; None in `shape` is a
    dimension known only at run time."""
    name: str
    dtype: np.dtype
    shape: Tuple[Optional[int], ...]


def _spec(signature):
    shape = tuple(None if signature.shape[i] < 0 else signature.shape[i]
                  for i in range(signature.rank))
    return TensorSpec(signature.name.decode(), _numpy_dtype(signature.dtype.decode()), shape)


class _Outputs(ctypes.c_void_p):
    """A disc_outputs pointer that frees it when the last array viewing its
    buffers goes; a run writes it in place."""
    __slots__ = ()
    # disc_outputs_free, set when the runtime is opened; a class attribute
    # so that it outlives the module's globals at interpreter exit.
    free = None

    def __del__(self):
        self.free(self)


def _array_at(address, dtype, shape, buffer_type, owner):
    """A numpy array over the buffer at `address`, of the ctypes type
    `buffer_type` (its size in bytes), that keeps `owner` alive."""
    if buffer_type is None:
        count = 1
        for dim in shape:
            count *= dim
        if count == 0:
            return np.empty(shape, dtype)
        buffer_type = ctypes.c_char * (count * dtype.itemsize)
    buffer = buffer_type.from_address(address)
    buffer._disc_owner = owner
    array = np.frombuffer(buffer, dtype)
    return array if len(shape) == 1 else array.reshape(shape)


class _Function:
    """What a call needs of one function, worked out once at load."""

    def __init__(self, library, handle, index):
        self.index = index
        self.name = library.disc_model_function_name(handle, index).decode()
        self.inputs = [_spec(library.disc_function_input(handle, index, i).contents)
                       for i in range(library.disc_function_input_count(handle, index))]
        self.outputs = [_spec(library.disc_function_output(handle, index, i).contents)
                        for i in range(library.disc_function_output_count(handle, index))]
        # The inputs of a run as the signature has them (data left out), which
        # a call copies and fills in: dtype, rank and dims change only for
        # inputs of other dtypes or of dynamic shape.
        self.tensors_type = _Tensor * len(self.inputs)
        template = self.tensors_type()
        self._dims = []
        for tensor, spec in zip(template, self.inputs):
            tensor.dtype = _TOKENS.get(spec.dtype)
            tensor.rank = len(spec.shape)
            if spec.shape and None not in spec.shape:
                dims = (ctypes.c_int64 * len(spec.shape))(*spec.shape)
                self._dims.append(dims)
                tensor.shape = ctypes.addressof(dims)
        self.template = bytes(template)
        self.static_output_shapes = [
            spec.shape if None not in spec.shape else None for spec in self.outputs]
        # The ctypes type of each static output's buffer, None for empty or
        # dynamic ones.
        self.output_buffer_types = [
            ctypes.c_char * (int(np.prod(shape)) * spec.dtype.itemsize)
            if shape is not None and np.prod(shape) > 0 else None
            for shape, spec in zip(self.static_output_shapes, self.outputs)]
        self.single_output = len(self.outputs) == 1


def _address(array, keep):
    """The address of a contiguous array's data. Exporting its buffer to
    ctypes is several times faster than numpy's array.ctypes, which is left
    for arrays without a writable, non-empty buffer."""
    try:
        view = ctypes.c_char.from_buffer(array)
    except (TypeError, ValueError):
        return array.ctypes.data
    keep.append(view)
    return ctypes.addressof(view)


def _as_array(value, index, spec):
    """`value` as a C-contiguous numpy array of its own rank (a number is a
    rank-0 array, where np.ascontiguousarray would make it rank 1)."""
    if type(value) is np.ndarray:
        return value if value.flags.c_contiguous else np.asarray(value, order="C")
    if hasattr(value, "__array__"):
        array = np.asarray(value)
    elif hasattr(value, "__dlpack__"):
        array = np.from_dlpack(value)
    elif isinstance(value, (bool, int, float, list, tuple)):
        array = np.asarray(value, spec.dtype)
    else:
        raise Error(f"input {index} ('{spec.name}'): expected an array (numpy, __array__, "
                    f"__dlpack__, a list or a number), got {type(value).__name__}")
    return np.asarray(array, order="C")


class Model:
    """A model .so loaded by the runtime. Calling it runs a function (the
    default one unless `function` names another) on numpy arrays or anything
    with `__array__` or `__dlpack__`, and returns one numpy array or, for a
    function of several outputs, a tuple. Safe to call from many threads at
    once: the runtime runs one loaded model concurrently."""

    def __init__(self, path):
        library = _runtime()
        self._library = library
        self._handle = None
        self.path = os.fspath(path)
        if not os.path.isfile(self.path):
            raise Error(f"no model file {self.path}")
        handle = _Handle()
        _raise_for(library, library.disc_model_load(self.path.encode(), ctypes.byref(handle)))
        self._handle = handle
        self._run = library.disc_model_run
        self._get = library.disc_outputs_get
        self.target = library.disc_model_target(handle).decode()
        self._functions = [_Function(library, handle, i)
                           for i in range(library.disc_model_function_count(handle))]
        self._by_name = {function.name: function for function in self._functions}
        default = ctypes.c_int64(-1)
        status = library.disc_model_default_function(handle, ctypes.byref(default))
        if status:
            library.disc_status_free(status)
            self._default = None
        else:
            self._default = self._functions[default.value]

    def __del__(self):
        if getattr(self, "_handle", None):
            self._library.disc_model_free(self._handle)
            self._handle = None

    def __repr__(self):
        return f"disc.Model({self.path!r})"

    @property
    def function_names(self):
        return [function.name for function in self._functions]

    def _function(self, name):
        if name is None:
            if self._default is None:
                raise Error(f"{self.path} has several functions and none is 'main'; "
                            f"name one of {', '.join(self.function_names)}")
            return self._default
        function = self._by_name.get(name)
        if function is None:
            raise Error(f"{self.path} has no function '{name}'; "
                        f"it has {', '.join(self.function_names)}")
        return function

    @property
    def inputs(self):
        """The inputs of the default function (`signature(name)` for others)."""
        return list(self._function(None).inputs)

    @property
    def outputs(self):
        return list(self._function(None).outputs)

    def signature(self, function):
        """(inputs, outputs) of the function named `function`."""
        found = self._function(function)
        return list(found.inputs), list(found.outputs)

    def __call__(self, *args, function=None):
        found = self._default if function is None and self._default else \
            self._function(function)
        specs = found.inputs
        if len(args) != len(specs):
            raise Error(f"{found.name} expects {len(specs)} inputs, got {len(args)}")
        tensors = found.tensors_type.from_buffer_copy(found.template)
        # What the tensors point into must outlive the run: converted arrays,
        # dims, buffer exports.
        keep = []
        for i, value in enumerate(args):
            spec = specs[i]
            if type(value) is not np.ndarray or not value.flags.c_contiguous:
                value = _as_array(value, i, spec)
            tensor = tensors[i]
            if value.dtype != spec.dtype:
                token = _TOKENS.get(value.dtype)
                if token is None:
                    raise Error(f"input {i} ('{spec.name}'): dtype {value.dtype} has no "
                                f"disc equivalent; expected {spec.dtype}")
                tensor.dtype = token
            shape = value.shape
            if shape != spec.shape:
                tensor.rank = len(shape)
                dims = (ctypes.c_int64 * len(shape))(*shape)
                keep.append(dims)
                tensor.shape = ctypes.addressof(dims)
            tensor.data = _address(value, keep)
        outputs = _Outputs()
        _raise_for(self._library,
                   self._run(self._handle.value, found.index, ctypes.addressof(tensors),
                             len(args), ctypes.addressof(outputs)))
        if found.single_output:
            return self._output(found, outputs, 0)
        return tuple(self._output(found, outputs, i) for i in range(len(found.outputs)))

    def _output(self, function, outputs, index):
        tensor = _Tensor.from_address(self._get(outputs, index))
        shape = function.static_output_shapes[index]
        if shape is None:
            dims = ctypes.cast(tensor.shape, ctypes.POINTER(ctypes.c_int64))
            shape = tuple(dims[d] for d in range(tensor.rank))
        return _array_at(tensor.data, function.outputs[index].dtype, shape,
                         function.output_buffer_types[index], outputs)
