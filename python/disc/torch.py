"""PyTorch front-end: torch-mlir lowers a module to StableHLO, disc compiles
and runs it.

    import disc.torch
    fast = torch.compile(model, backend="disc")    # Dynamo graphs run by disc
    with torch.no_grad():
        y = fast(x)
    model_so = disc.torch.export(model, (x,), "model.so",
                                 dynamic_shapes=({0: "batch"},))

`backend="disc"` is found through the `torch_dynamo_backends` entry point of
an installed package; importing disc.torch registers it too, for a checkout.
docs/PYTHON.md tells how this maps to torch-mlir's lazy-tensor backend.
"""
import importlib.metadata
import re
import threading
import warnings

import torch
from torch._decomp import get_decompositions
from torch.export import Dim
from torch_mlir import fx, ir
from torch_mlir.dialects import torch as torch_dialect
from torch_mlir.extras.fx_decomp_util import get_decomposition_table
from torch_mlir.extras.fx_importer import FxImporter

from . import _cache
from . import compile as _compile_model
from ._errors import Error
from ._torch_arrays import WeightsAsBlobs, to_numpy, to_tensor
from ._runtime import Model

__all__ = ["backend", "export", "to_stablehlo", "weight_names"]

BACKEND_NAME = "disc"

# torch-mlir names the op it cannot lower in a diagnostic like this.
_ILLEGAL_OP = re.compile(r"failed to legalize operation '([^']+)'")
_OPERATOR_NAME = re.compile(r'name = "([^"]+)"')


def _unlowered_op_message(error, diagnostics):
    """One line naming the op torch-mlir could not lower (from the
    diagnostics its passes reported), or the error's first line when no
    diagnostic named one."""
    for diagnostic in diagnostics:
        match = _ILLEGAL_OP.search(diagnostic)
        if match:
            op = match.group(1)
            # An op without a torch-mlir definition is a generic
            # torch.operator carrying the ATen name.
            operator = _OPERATOR_NAME.search(diagnostic)
            if op == "torch.operator" and operator:
                op = operator.group(1)
            return f"torch-mlir cannot lower {op} to StableHLO"
    text = str(error)
    first = next((line.strip() for line in text.splitlines() if line.strip()),
                 type(error).__name__)
    return f"torch-mlir cannot lower the model to StableHLO: {first}"


def _as_export_dynamic_shapes(dynamic_shapes):
    """torch.export's dynamic_shapes, where a dim may also be named by a
    string: dims with the same name are one symbol."""
    if dynamic_shapes is None:
        return None
    symbols = {}

    def convert(spec):
        if isinstance(spec, str):
            if spec not in symbols:
                symbols[spec] = Dim(spec)
            return symbols[spec]
        if isinstance(spec, dict):
            return {dim: convert(value) for dim, value in spec.items()}
        if isinstance(spec, (list, tuple)):
            return type(spec)(convert(value) for value in spec)
        return spec

    return convert(dynamic_shapes)


def _decomposition_table():
    """torch-mlir's decompositions, and PyTorch's of aten.slice_scatter:
    torch-mlir's own lowering of it, a scatter with one constant index per
    position of the slice, runs out of memory on a slice to the end of the
    dim (end=None, traced as INT64_MAX), as in the attention mask of swin's
    shifted windows."""
    table = dict(get_decomposition_table())
    table.update(get_decompositions([torch.ops.aten.slice_scatter]))
    return table


def _alias_lifted_state_in_lists(program):
    """torch-mlir's frozen import puts each parameter, buffer and constant in
    place of its placeholder as a tensor, which it cannot import as an
    element of a list argument ("Heterogeneous lists are not supported": the
    relative position index swin indexes its bias table with). There, an
    alias of the placeholder takes its place: an op on the tensor literal."""
    signature = program.graph_signature
    lifted = {*signature.inputs_to_parameters, *signature.inputs_to_buffers,
              *signature.inputs_to_lifted_tensor_constants}
    graph = program.graph
    for node in list(graph.nodes):
        if node.op != "call_function":
            continue
        in_lists = {element for argument in (*node.args, *node.kwargs.values())
                    if isinstance(argument, (list, tuple))
                    for element in argument
                    if isinstance(element, torch.fx.Node) and element.name in lifted}
        for placeholder in in_lists:
            with graph.inserting_before(node):
                alias = graph.call_function(torch.ops.aten.alias.default, (placeholder,))
            alias.meta["val"] = placeholder.meta["val"]
            node.replace_input_with(placeholder, alias)


def _put_non_persistent_buffers_in_state_dict(program):
    """torch-mlir's frozen import looks every buffer up in the state dict,
    where torch.export keeps the persistent ones only; it has the others
    (BERT's position ids, Llama's rotary frequencies) among its constants."""
    for spec in program.graph_signature.input_specs:
        if spec.kind == torch.export.graph_signature.InputKind.BUFFER and not spec.persistent:
            program.state_dict[spec.target] = program.constants[spec.target]


def to_stablehlo(module, example_args, dynamic_shapes=None):
    """The StableHLO text torch-mlir prints for `module` called on
    `example_args` (a tuple), its parameters and buffers inlined as
    constants. `dynamic_shapes` is torch.export's (a dim may be a string
    name). An op torch.export or torch-mlir cannot lower is a disc.Error
    naming it."""
    context = ir.Context()
    torch_dialect.register_dialect(context)
    diagnostics = []

    def collect(diagnostic):
        diagnostics.append(str(diagnostic.message))
        return True

    context.attach_diagnostic_handler(collect)
    try:
        program = torch.export.export(
            module, tuple(example_args), strict=False,
            dynamic_shapes=_as_export_dynamic_shapes(dynamic_shapes))
        # Decomposed here rather than by torch-mlir, so that the program can
        # be adapted to its importer after decomposition.
        program = program.run_decompositions(_decomposition_table())
        _alias_lifted_state_in_lists(program)
        _put_non_persistent_buffers_in_state_dict(program)
        lowered = fx.export_and_import(
            program, output_type="stablehlo", decomposition_table={},
            fx_importer=FxImporter(context=context, hooks=WeightsAsBlobs()))
    except Exception as error:
        raise Error(_unlowered_op_message(error, diagnostics)) from error
    return str(lowered)


def _numpy_arguments(tensors):
    return [to_numpy(tensor) for tensor in tensors]


def weight_names(module):
    """The names of `module`'s parameters, then its buffers: the leading
    inputs, in this order, of a model exported with weights_as_inputs."""
    return ([name for name, _ in module.named_parameters()]
            + [name for name, _ in module.named_buffers()])


class _WeightsAsInputs(torch.nn.Module):
    """`module` called with its weights as leading arguments."""

    def __init__(self, module):
        super().__init__()
        self.module = module
        self.names = weight_names(module)

    def forward(self, *arguments):
        weights = dict(zip(self.names, arguments))
        return torch.func.functional_call(self.module, weights,
                                          arguments[len(self.names):])


def export(module, example_args, path, dynamic_shapes=None, target="cpu",
           weights_as_inputs=False, **compile_options):
    """Compiles `module` for arguments like `example_args` (a tuple of
    tensors) into the model .so `path` for ahead-of-time use and returns it
    loaded (a disc.Model, called with numpy arrays or tensors).
    `dynamic_shapes` is torch.export's, e.g. ({0: "batch"},): the model then
    takes any size of that dim. The weights are constants inside the .so,
    or, with weights_as_inputs, its leading inputs (weight_names(module)
    names them), so that one .so serves other weights of the same shapes.
    compile_options are disc-compile's flags."""
    if not isinstance(example_args, tuple):
        example_args = (example_args,)
    if weights_as_inputs:
        wrapper = _WeightsAsInputs(module)
        state = dict(module.named_parameters())
        state.update(module.named_buffers())
        weights = tuple(state[name].detach() for name in wrapper.names)
        if dynamic_shapes is not None:
            dynamic_shapes = ((None,) * len(weights) + tuple(dynamic_shapes),)
        module, example_args = wrapper, weights + example_args
    text = to_stablehlo(module, example_args, dynamic_shapes)
    return _compile_model(text, target, output=path, **compile_options)


class _TensorInputs(torch.nn.Module):
    """A Dynamo graph called with its tensor inputs only: each size input
    (a SymInt placeholder) is read off a tensor input that has that size, so
    that torch.export sees the symbol as a dynamic dim of a tensor."""

    def __init__(self, graph_module, layout):
        super().__init__()
        self.graph_module = graph_module
        self.layout = layout

    def forward(self, *tensors):
        arguments = []
        for kind, first, second in self.layout:
            if kind == "tensor":
                arguments.append(tensors[first])
            else:
                arguments.append(tensors[first].size(second))
        return self.graph_module(*arguments)


def _symbol_of(size):
    """The name of the symbol a size is, or None for a static size and one
    derived from others (torch.export derives those again)."""
    if not isinstance(size, torch.SymInt):
        return None
    expression = size.node.expr
    return str(expression) if getattr(expression, "is_Symbol", False) else None


def _graph_signature(graph_module):
    """The layout _TensorInputs needs and torch.export's dynamic_shapes for
    the tensor inputs, from the fake values Dynamo recorded on the graph's
    placeholders."""
    placeholders = [node.meta.get("example_value") for node in graph_module.graph.nodes
                    if node.op == "placeholder"]
    tensors = [value for value in placeholders if isinstance(value, torch.Tensor)]
    symbols = {}
    dynamic_shapes = []
    for tensor in tensors:
        dims = {}
        for dim, size in enumerate(tensor.shape):
            symbol = _symbol_of(size)
            if symbol is not None:
                dims[dim] = symbols.setdefault(symbol, Dim(symbol))
        dynamic_shapes.append(dims or None)
    layout = []
    tensor_index = 0
    for value in placeholders:
        if isinstance(value, torch.Tensor):
            layout.append(("tensor", tensor_index, None))
            tensor_index += 1
            continue
        symbol = _symbol_of(value)
        source = next(((index, dim) for index, tensor in enumerate(tensors)
                       for dim, size in enumerate(tensor.shape) if _symbol_of(size) == symbol),
                      None)
        if symbol is None or source is None:
            raise Error(f"graph input {value!r} is no size of a tensor input")
        layout.append(("size", *source))
    if not symbols:
        return layout, None
    # One entry per argument of forward: its *tensors are one argument.
    return layout, (tuple(dynamic_shapes),)


def _run_eagerly(graph_module, error):
    """What other backends do with a graph they cannot compile: warn and let
    PyTorch run it."""
    warnings.warn(f"disc runs this graph eagerly: {error}", stacklevel=3)
    return graph_module.forward


class _CompiledGraph:
    """A Dynamo graph run by disc: called with the graph's inputs (sizes
    included), returns its outputs as tensors. It is lowered and compiled at
    its first call rather than inside the backend, whose caller is still
    tracing: torch.export nested in Dynamo's compile of a frame breaks the
    guards Dynamo builds for it."""

    def __init__(self, graph_module, target, compile_options):
        self.graph_module = graph_module
        self.target = target
        self.compile_options = compile_options
        self.layout, self.dynamic_shapes = _graph_signature(graph_module)
        self.tensor_positions = [index for index, (kind, _, _) in enumerate(self.layout)
                                 if kind == "tensor"]
        self.run = None
        self.lock = threading.Lock()

    def _compile(self, tensors):
        try:
            text = to_stablehlo(_TensorInputs(self.graph_module, self.layout),
                                tuple(tensor.detach() for tensor in tensors),
                                self.dynamic_shapes)
            model = Model(_cache.compile_cached(text, self.target, **self.compile_options))
        except Error as error:
            return _run_eagerly(self.graph_module, error)
        output_count = len(model.outputs)

        def run(*arguments):
            results = model(*_numpy_arguments(arguments[index]
                                              for index in self.tensor_positions))
            if output_count == 1:
                results = (results,)
            return tuple(to_tensor(result) for result in results)

        return run

    def __call__(self, *arguments):
        if self.run is None:
            with self.lock:
                if self.run is None:
                    self.run = self._compile([arguments[index]
                                              for index in self.tensor_positions])
        return self.run(*arguments)


def _is_training(example_inputs):
    return torch.is_grad_enabled() and any(
        isinstance(value, torch.Tensor) and value.requires_grad for value in example_inputs)


def backend(graph_module, example_inputs, target="cpu", **compile_options):
    """The Dynamo backend: lowers the graph with torch-mlir (dims Dynamo made
    symbolic stay dynamic, so that one program serves every size its guards
    admit), compiles it through the on-disk cache and runs it with disc. A
    graph torch-mlir or disc cannot lower runs eagerly, with a warning naming
    the op. Inference only: a graph that autograd must differentiate is an
    error."""
    if _is_training(example_inputs):
        raise Error("training graphs are not supported yet by the disc backend: run the "
                    "compiled module under torch.no_grad() or torch.inference_mode()")
    try:
        return _CompiledGraph(graph_module, target, compile_options)
    except Error as error:
        return _run_eagerly(graph_module, error)


def _register_without_entry_point():
    """Dynamo loads an installed package's backend through its entry point;
    a checkout on sys.path has none, so importing this module registers it."""
    names = importlib.metadata.entry_points(group="torch_dynamo_backends").names
    if BACKEND_NAME not in names:
        torch._dynamo.register_backend(backend, name=BACKEND_NAME)


_register_without_entry_point()
