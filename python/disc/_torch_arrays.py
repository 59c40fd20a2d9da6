"""Tensors as numpy arrays and back, bfloat16 included (numpy has no
bfloat16; ml_dtypes, which JAX installs, gives it one): the arguments and
results of the graphs disc.torch runs, and the weights it hands to
torch-mlir's importer."""
import numpy as np
import torch
from torch._subclasses.fake_tensor import FakeTensor
from torch_mlir.extras.fx_importer import FxImporterHooks, create_mlir_tensor_type
from torch_mlir.ir import DenseResourceElementsAttr, Operation

try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None

# The dtypes WeightsAsBlobs hands over as bytes; the others (complex, fp8)
# keep torch-mlir's own path.
_BLOB_DTYPES = {torch.float64, torch.float32, torch.float16, torch.int64, torch.int32,
                torch.int16, torch.int8, torch.uint8}
if ml_dtypes is not None:
    _BLOB_DTYPES.add(torch.bfloat16)


def to_numpy(tensor):
    """A tensor's elements as a C-contiguous numpy array of its dtype; a
    bfloat16 tensor's as ml_dtypes.bfloat16."""
    tensor = tensor.detach().cpu().contiguous()
    if tensor.dtype == torch.bfloat16 and ml_dtypes is not None:
        return tensor.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    return tensor.numpy()


def to_tensor(array):
    """A tensor sharing a numpy array's elements; an ml_dtypes.bfloat16
    array's as a bfloat16 tensor."""
    array = np.asarray(array)
    if ml_dtypes is not None and array.dtype == ml_dtypes.bfloat16:
        return torch.from_numpy(array.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(array)


class WeightsAsBlobs(FxImporterHooks):
    """Makes each weight a torch.vtensor.literal of a dense_resource blob
    from the tensor's own bytes. torch-mlir's default goes through
    tensor.tolist() and a numpy array of Python numbers: 11 of the 16 s a
    torchvision ResNet-18 takes to import. A tensor used twice is one blob;
    numbers and fake tensors keep the default path."""

    def __init__(self):
        # By id: the tensor is kept alive with it, so that its id is not
        # reused, and the array whose buffer the blob reads.
        self._blobs = {}

    def resolve_literal(self, gni, literal, info):
        if (not isinstance(literal, torch.Tensor) or isinstance(literal, FakeTensor)
                or literal.numel() <= 1):
            return None
        entry = self._blobs.get(id(literal))
        if entry is None:
            if literal.dtype not in _BLOB_DTYPES:
                return None
            array = to_numpy(literal)
            shape = "_".join(str(size) for size in literal.shape)
            blob = DenseResourceElementsAttr.get_from_buffer(
                array, f"torch_tensor_{shape}_{literal.dtype}", create_mlir_tensor_type(literal))
            entry = self._blobs[id(literal)] = (literal, array, blob)
        return Operation.create(name="torch.vtensor.literal",
                                results=[gni._cc.tensor_to_vtensor_type(literal)],
                                attributes={"value": entry[2]}).result
