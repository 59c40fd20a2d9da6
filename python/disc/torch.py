"""PyTorch front-end: torch-mlir lowers a module to StableHLO, disc compiles
and runs it.

    import disc.torch
    fast = torch.compile(model, backend="disc")    # Dynamo graphs run by disc
    with torch.no_grad():
        y = fast(x)
    loss_fn(fast(x), labels).backward()            # forward and backward too
    optimizer.step()
    model_so = disc.torch.export(model, (x,), "model.so",
                                 dynamic_shapes=({0: "batch"},))

`backend="disc"` is found through the `torch_dynamo_backends` entry point of
an installed package; importing disc.torch registers it too, for a checkout.
docs/PYTHON.md tells how this maps to torch-mlir's lazy-tensor backend.
"""
import importlib.metadata
import os
import re
import threading
import warnings

import sympy
import torch
from functorch.compile import make_boxed_func
from torch._decomp import get_decompositions
from torch._dynamo.backends.common import aot_autograd
from torch.export import Dim
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.utils._python_dispatch import _disable_current_modes
from torch.utils._sympy.interp import sympy_interp
from torch.utils._sympy.reference import PythonReferenceAnalysis
from torch_mlir import fx, ir
from torch_mlir.dialects import torch as torch_dialect
from torch_mlir.extras.fx_decomp_util import get_decomposition_table
from torch_mlir.extras.fx_importer import FxImporter

from . import _cache, _torch_graph_cache
from . import compile as _compile_model
from ._errors import Error
from ._torch_arrays import WeightsAsBlobs, to_numpy, to_tensor
from ._torch_batch_norms import fold_batch_norms
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
    # Dynamo traces an optimizer's addcmul_ and addcdiv_ into inductor's
    # fused multiply-add, which torch-mlir does not know; eager rounds the
    # product, as this does.
    if hasattr(torch.ops.prims, "fma"):
        table[torch.ops.prims.fma.default] = lambda a, b, c: a * b + c
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


def _lower(module, example_args, dynamic_shapes):
    """torch.export's program of `module` and the StableHLO text torch-mlir
    prints for it; see to_stablehlo."""
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
        # be adapted to its importer after decomposition, and is the
        # functional one whose signature names the inputs it updates.
        program = program.run_decompositions(_decomposition_table())
        _alias_lifted_state_in_lists(program)
        _put_non_persistent_buffers_in_state_dict(program)
        lowered = fx.export_and_import(
            program, output_type="stablehlo", decomposition_table={},
            fx_importer=FxImporter(context=context, hooks=WeightsAsBlobs()))
    except Exception as error:
        raise Error(_unlowered_op_message(error, diagnostics)) from error
    return program, str(lowered)


def to_stablehlo(module, example_args, dynamic_shapes=None):
    """The StableHLO text torch-mlir prints for `module` called on
    `example_args` (a tuple), its parameters and buffers inlined as
    constants. `dynamic_shapes` is torch.export's (a dim may be a string
    name). An op torch.export or torch-mlir cannot lower is a disc.Error
    naming it."""
    return _lower(module, example_args, dynamic_shapes)[1]


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
    """A graph called with its tensor inputs only, returning its tensor
    outputs only. Each size input (a SymInt placeholder) is read off a tensor
    input that has that size, so that torch.export sees the symbol as a
    dynamic dim of a tensor; the other outputs (None gradients, sizes
    AOTAutograd saves for the backward) are left to _CompiledGraph."""

    def __init__(self, graph_module, layout, tensor_outputs):
        super().__init__()
        self.graph_module = graph_module
        self.layout = layout
        self.tensor_outputs = tensor_outputs

    def forward(self, *tensors):
        arguments = []
        for kind, first, second in self.layout:
            if kind == "tensor":
                arguments.append(tensors[first])
            elif kind == "size":
                arguments.append(tensors[first].size(second))
            else:
                sizes = {symbol: tensors[index].size(dim)
                         for symbol, (index, dim) in second.items()}
                arguments.append(sympy_interp(PythonReferenceAnalysis, sizes, first))
        outputs = self.graph_module(*arguments)
        return tuple(outputs[index] for index in self.tensor_outputs)


def _symbol_of(size):
    """The name of the symbol a size is, or None for a static size and one
    derived from others (torch.export derives those again)."""
    if not isinstance(size, torch.SymInt):
        return None
    expression = size.node.expr
    return str(expression) if getattr(expression, "is_Symbol", False) else None


def _traced_value(node):
    """The fake value tracing recorded for a node: Dynamo's example_value,
    AOTAutograd's val."""
    return node.meta.get("example_value", node.meta.get("val"))


def _export_dim(expression, symbols):
    """torch.export's dim for a symbolic size: the named dim of a symbol, a
    linear function of one (a flattened batch * sequence, which AOTAutograd
    saves for the backward), or else one torch.export relates by itself."""
    if expression.is_Symbol:
        return symbols[str(expression)]
    if len(expression.free_symbols) == 1:
        symbol = next(iter(expression.free_symbols))
        if str(symbol) in symbols and expression.is_polynomial(symbol):
            polynomial = sympy.Poly(expression, symbol)
            coefficients = polynomial.all_coeffs()
            if polynomial.degree() == 1 and all(value.is_Integer for value in coefficients):
                scale, offset = (int(value) for value in coefficients)
                return scale * symbols[str(symbol)] + offset
    return Dim.AUTO


def _traced_inputs(graph_module):
    """The fake values tracing recorded on the graph's placeholders."""
    return [_traced_value(node) for node in graph_module.graph.nodes
            if node.op == "placeholder"]


def _graph_signature(graph_module):
    """The layout _TensorInputs needs and torch.export's dynamic_shapes for
    the tensor inputs, from the fake values tracing recorded on the graph's
    placeholders."""
    placeholders = _traced_inputs(graph_module)
    tensors = [value for value in placeholders if isinstance(value, torch.Tensor)]
    symbols = {symbol: Dim(symbol) for tensor in tensors
               for symbol in map(_symbol_of, tensor.shape) if symbol is not None}
    dynamic_shapes = []
    for tensor in tensors:
        dims = {}
        for dim, size in enumerate(tensor.shape):
            if isinstance(size, torch.SymInt):
                dims[dim] = _export_dim(size.node.expr, symbols)
        dynamic_shapes.append(dims or None)
    sources = {}
    for index, tensor in enumerate(tensors):
        for dim, size in enumerate(tensor.shape):
            symbol = _symbol_of(size)
            if symbol is not None:
                sources.setdefault(symbol, (index, dim))
    layout = []
    tensor_index = 0
    for value in placeholders:
        if isinstance(value, torch.Tensor):
            layout.append(("tensor", tensor_index, None))
            tensor_index += 1
            continue
        expression = value.node.expr if isinstance(value, torch.SymInt) else None
        if expression is None or any(str(symbol) not in sources
                                     for symbol in expression.free_symbols):
            raise Error(f"graph input {value!r} is no size of tensor inputs")
        if expression.is_Symbol:
            layout.append(("size", *sources[str(expression)]))
        else:
            # A size AOTAutograd's forward saved for the backward, such as
            # batch * sequence.
            layout.append(("expression", expression,
                           {symbol: sources[str(symbol)] for symbol in expression.free_symbols}))
    if not any(dynamic_shapes):
        return layout, None
    # One entry per argument of forward: its *tensors are one argument.
    return layout, (tuple(dynamic_shapes),)


def _hint(size):
    return size.node.hint if isinstance(size, torch.SymInt) else size


def _dense_order(value):
    """The order of dims, outermost first, of a tensor the graph traced dense
    but not contiguous (a transposed weight AOTAutograd saves for the
    backward, a channels-last activation); None for any other. disc's
    outputs are contiguous, and AOTAutograd may rebuild a view of an output
    from the strides it traced."""
    sizes = [_hint(size) for size in value.shape]
    strides = [_hint(stride) for stride in value.stride()]
    if None in sizes or None in strides:
        return None

    def dense_in(order):
        expected = 1
        for dim in reversed(order):
            if sizes[dim] != 1 and strides[dim] != expected:
                return False
            expected *= sizes[dim]
        return True

    if dense_in(range(len(sizes))):
        return None
    order = sorted(range(len(sizes)), key=lambda dim: -strides[dim])
    return order if dense_in(order) else None


def _output_plan(graph_module):
    """For each output of the graph, where _CompiledGraph takes it from:
    ("tensor", index among the program's outputs, dense order or None),
    ("size", index among the sizes graph's outputs) or ("constant", value);
    and the nodes of the size outputs."""
    returned = graph_module.graph.output_node().args[0]
    if not isinstance(returned, (tuple, list)):
        returned = (returned,)
    plan = []
    tensor_outputs = []
    size_nodes = []
    for index, value in enumerate(returned):
        if not isinstance(value, torch.fx.Node):
            plan.append(("constant", value, None))
        elif isinstance(_traced_value(value), torch.Tensor):
            plan.append(("tensor", len(tensor_outputs), _dense_order(_traced_value(value))))
            tensor_outputs.append(index)
        else:
            plan.append(("size", len(size_nodes), None))
            size_nodes.append(value)
    return plan, tensor_outputs, size_nodes


def _sizes_graph(graph_module, size_nodes):
    """The graph pruned to the nodes that compute `size_nodes`, which PyTorch
    runs: the sizes AOTAutograd's forward saves for the backward are Python
    numbers, not a program's tensors."""
    graph = torch.fx.Graph()
    copies = {}
    graph.graph_copy(graph_module.graph, copies)
    graph.output(tuple(copies[node] for node in size_nodes))
    graph.eliminate_dead_code(is_impure_node=lambda node: node.op in ("placeholder", "output"))
    return torch.fx.GraphModule(graph_module, graph)


def _mutated_inputs(program):
    """The positions of the inputs whose new values are the program's
    leading outputs, in their order: torch.export makes an in-place update
    of an input (an optimizer's step) an output."""
    signature = program.graph_signature
    positions = []
    for spec in signature.output_specs:
        if spec.kind == torch.export.graph_signature.OutputKind.USER_INPUT_MUTATION:
            positions.append(signature.user_inputs.index(spec.target))
        elif spec.kind != torch.export.graph_signature.OutputKind.USER_OUTPUT:
            raise Error(f"the graph updates {spec.target}, which is none of its inputs")
    return positions


def _run_eagerly(graph_module, error):
    """What other backends do with a graph they cannot compile: warn and let
    PyTorch run it."""
    warnings.warn(f"disc runs this graph eagerly: {error}", stacklevel=3)
    return graph_module.forward


def _is_view_as_reshape(node):
    """Whether `node` is Tensor.view to other sizes (not to another dtype)."""
    is_view = ((node.op == "call_method" and node.target == "view")
               or (node.op == "call_function" and node.target in (
                   torch.Tensor.view, torch.ops.aten.view.default)))
    return is_view and not any(isinstance(argument, torch.dtype)
                               for argument in node.args[1:])


def _graph_copy(graph_module):
    """A copy of the module's graph, and the node of the copy for each of
    its nodes."""
    graph = torch.fx.Graph()
    copies = {}
    graph.output(graph.graph_copy(graph_module.graph, copies))
    return graph, copies


def _views_as_reshapes(graph_module):
    """The graph with each view to other sizes a reshape, which is the same
    view wherever the input's strides allow one. torch.export traces the
    graph again, and the strides it infers can differ from eager's: GPT-2's
    attention output at batch 8 comes out of scaled_dot_product_attention
    laid out sequence first, so its view as rows fails there but not in
    eager."""
    views = [node for node in graph_module.graph.nodes if _is_view_as_reshape(node)]
    if not views:
        return graph_module
    graph, copies = _graph_copy(graph_module)
    for node in views:
        reshape = copies[node]
        reshape.op, reshape.target = "call_method", "reshape"
    return torch.fx.GraphModule(graph_module, graph)


def _lift_attributes(graph_module):
    """The graph with each tensor it reads off its module as a trailing
    input instead, and those tensors. Dynamo's trace of an optimizer step
    holds the weights and the optimizer's state so; torch-mlir would inline
    them as constants, and the step updates them."""
    attributes = [node for node in graph_module.graph.nodes if node.op == "get_attr"
                  and isinstance(_attribute(graph_module, node.target), torch.Tensor)]
    if not attributes:
        return graph_module, []
    graph, copies = _graph_copy(graph_module)
    lifted = {copies[node] for node in attributes}
    first_operation = next(node for node in graph.nodes
                           if node.op != "placeholder" and node not in lifted)
    for node in attributes:
        with graph.inserting_before(first_operation):
            placeholder = graph.placeholder(copies[node].name + "_input")
        placeholder.meta.update(node.meta)
        copies[node].replace_all_uses_with(placeholder)
        graph.erase_node(copies[node])
    return (torch.fx.GraphModule(graph_module, graph),
            [_attribute(graph_module, node.target) for node in attributes])


def _attribute(module, target):
    for name in target.split("."):
        module = getattr(module, name)
    return module


class _CompiledGraph:
    """A Dynamo or AOTAutograd graph run by disc: called with the graph's
    inputs (sizes included), returns its outputs, having updated the inputs
    and attributes it updates in place. It is lowered and compiled at its
    first call rather than inside the backend, whose caller is still
    tracing: torch.export nested in Dynamo's compile of a frame breaks the
    guards Dynamo builds for it. With freeze_module_state (inference graphs),
    the module's weights and buffers but its matrices are constants of the
    program: disc then lays filters out and folds batch norms at compile
    time."""

    def __init__(self, graph_module, target, compile_options, freeze_module_state):
        self.eager_graph_module = graph_module
        self.graph_module, self.attributes = _lift_attributes(
            _views_as_reshapes(graph_module))
        self.freeze_module_state = freeze_module_state
        self.target = target
        self.compile_options = compile_options
        self.layout, self.dynamic_shapes = _graph_signature(self.graph_module)
        self.traced_inputs = _traced_inputs(self.graph_module)
        self.tensor_positions = [index for index, (kind, _, _) in enumerate(self.layout)
                                 if kind == "tensor"]
        self.plan, self.tensor_outputs, size_nodes = _output_plan(self.graph_module)
        self.sizes = _sizes_graph(self.graph_module, size_nodes) if size_nodes else None
        self.run = None
        self.lock = threading.Lock()

    def _tensors(self, arguments):
        """The lifted graph's arguments for the graph's, and its tensors."""
        arguments = (*arguments, *self.attributes)
        return arguments, [arguments[index] for index in self.tensor_positions]

    def _compile(self, arguments, freeze=True):
        tensors = self._tensors(arguments)[1]
        # In inference, a module's weights and buffers are constants of the
        # program for as long as they are the same tensors at the same
        # version; a change compiles again.
        frozen = _module_state(tensors) if freeze and self.freeze_module_state else []
        versions = [(position, tensors[position], tensors[position]._version)
                    for position in frozen]
        inputs = [position for position in range(len(tensors)) if position not in frozen]
        graph_key = _torch_graph_cache.key(self.graph_module, self.traced_inputs, tensors,
                                           set(frozen), self.target, self.compile_options)
        stored = _torch_graph_cache.load(graph_key)
        model = None
        if stored is not None:
            program_path, mutated = stored
            try:
                model = Model(program_path)
            except Error:
                # Programs are renamed into place whole, so this one was
                # broken afterwards: it is compiled again.
                os.unlink(program_path)
        try:
            if model is None:
                program_path, mutated = self._lower_and_compile(tensors, frozen, inputs)
                model = Model(program_path)
                _torch_graph_cache.store(graph_key, program_path, mutated)
        except Error as error:
            # A graph that updates its module's buffers (a batch norm's
            # statistics in training mode) keeps them as inputs.
            if frozen:
                return self._compile(arguments, freeze=False)
            return _run_eagerly(self.eager_graph_module, error)
        single_output = len(model.outputs) == 1

        def run(*graph_arguments):
            arguments, tensors = self._tensors(graph_arguments)
            if any(tensors[position] is not tensor or tensor._version != version
                   for position, tensor, version in versions):
                self.run = self._compile(graph_arguments)
                return self.run(*graph_arguments)
            results = model(*_numpy_arguments(tensors[position] for position in inputs))
            if single_output:
                results = (results,)
            results = [to_tensor(result) for result in results]
            # The graph's own update, which autograd does not record: an
            # optimizer's step of a weight that requires grad.
            with torch.no_grad():
                for position, value in zip(mutated, results):
                    tensors[inputs[position]].copy_(value)
            outputs = results[len(mutated):]
            sizes = self.sizes(*arguments) if self.sizes is not None else ()
            return tuple(self._output(kind, value, order, outputs, sizes)
                         for kind, value, order in self.plan)

        return run

    def _lower_and_compile(self, tensors, frozen, inputs):
        """The path of the graph's program, the `frozen` tensors constants
        in it, and the positions among `inputs` of those it updates."""
        dynamic_shapes = self.dynamic_shapes
        graph_module = fold_batch_norms(self.graph_module, self.layout, tensors,
                                        set(frozen)) if frozen else self.graph_module
        module = _TensorInputs(graph_module, self.layout, self.tensor_outputs)
        if frozen:
            module = _FrozenState(module, tensors, set(frozen))
            if dynamic_shapes is not None:
                dynamic_shapes = (tuple(dynamic_shapes[0][position] for position in inputs),)
        program, text = _lower(module, tuple(tensors[position].detach() for position in inputs),
                               dynamic_shapes)
        return (_cache.compile_cached(text, self.target, **self.compile_options),
                _mutated_inputs(program))

    @staticmethod
    def _output(kind, value, order, outputs, sizes):
        if kind == "constant":
            return value
        if kind == "size":
            return sizes[value]
        if order is None:
            return outputs[value]
        return torch.empty_permuted(outputs[value].shape, order,
                                    dtype=outputs[value].dtype).copy_(outputs[value])

    def __call__(self, *arguments):
        if self.run is None:
            # AOTAutograd's first call of a forward runs under a dispatch mode
            # that watches the graph's ops; torch.export's tracing must not
            # run under it.
            with self.lock, _disable_current_modes():
                if self.run is None:
                    self.run = self._compile(arguments)
        return self.run(*arguments)


class _FrozenState(torch.nn.Module):
    """A module called with all the graph's tensors, called instead with all
    but its weights and buffers (the tensors Dynamo marks as a module's
    state), which it holds as buffers, so that torch.export and torch-mlir
    make them constants of the program. In inference this is what lets
    disc lay a filter out at compile time and fold a batch norm into it."""

    def __init__(self, module, tensors, frozen):
        super().__init__()
        self.module = module
        self.frozen = frozen
        self.count = len(tensors)
        for position in frozen:
            self.register_buffer(f"state{position}", tensors[position].detach())

    def forward(self, *inputs):
        inputs = iter(inputs)
        return self.module(*(getattr(self, f"state{position}") if position in self.frozen
                             else next(inputs) for position in range(self.count)))


def _module_state(tensors):
    """The positions of the tensors Dynamo passes a graph as a module's
    parameters and buffers, but for matrices (the weights of linear layers
    and embeddings): products and gathers read those in place, and as
    constants they would only make the program larger (BERT-base's 440 MB)
    and its compile longer."""
    return [position for position, tensor in enumerate(tensors)
            if getattr(tensor, "_dynamo_static_input_type", None) is not None
            and tensor.dim() != 2]


def _compiled_or_eager(graph_module, target, compile_options, freeze_module_state=False):
    try:
        return _CompiledGraph(graph_module, target, compile_options, freeze_module_state)
    except Error as error:
        return _run_eagerly(graph_module, error)


def _is_training(example_inputs):
    return torch.is_grad_enabled() and any(
        isinstance(value, torch.Tensor) and value.requires_grad for value in example_inputs)


# Backward ops torch-mlir does not lower, and decompositions it does.
_BACKWARD_DECOMPOSITIONS = [torch.ops.aten.max_pool2d_with_indices_backward]


def _training_backend(target, compile_options):
    """AOTAutograd splits a graph autograd differentiates into a forward
    and a backward graph of ATen ops, each run by disc; its runtime wrapper
    applies their input updates (batch-norm statistics) and puts the
    backward under autograd. Attention runs as SDPA's math backend, whose
    backward is ops torch-mlir lowers; the CPU flash kernel's is not."""
    def compile_graph(graph_module, example_inputs):
        return make_boxed_func(_compiled_or_eager(graph_module, target, compile_options))

    return aot_autograd(fw_compiler=compile_graph, bw_compiler=compile_graph,
                        decompositions=get_decompositions(_BACKWARD_DECOMPOSITIONS))


def backend(graph_module, example_inputs, target="cpu", **compile_options):
    """The Dynamo backend: lowers the graph with torch-mlir (dims Dynamo made
    symbolic stay dynamic, so that one program serves every size its guards
    admit), compiles it through the on-disk cache and runs it with disc. A
    graph autograd must differentiate goes through AOTAutograd, whose forward
    and backward graphs disc runs the same way; any other graph has the
    module's weights and buffers as constants, compiled again if one of them
    is replaced or updated in place. Inputs the graph updates in place (an
    optimizer's step) are updated. A graph torch-mlir or disc
    cannot lower runs eagerly, with a warning naming the op."""
    if _is_training(example_inputs):
        with sdpa_kernel(SDPBackend.MATH):
            return _training_backend(target, compile_options)(graph_module, example_inputs)
    return _compiled_or_eager(graph_module, target, compile_options, freeze_module_state=True)


def _register_without_entry_point():
    """Dynamo loads an installed package's backend through its entry point;
    a checkout on sys.path has none, so importing this module registers it."""
    names = importlib.metadata.entry_points(group="torch_dynamo_backends").names
    if BACKEND_NAME not in names:
        torch._dynamo.register_backend(backend, name=BACKEND_NAME)


_register_without_entry_point()
