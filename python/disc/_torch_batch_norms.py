"""Inference batch norms folded into the convolutions before them, in the
Dynamo graph, before torch.export sees it.

disc-compile folds them too (disc-fold-scales-into-convolutions), but by
then torch.export has traced and decomposed each of them: ResNet-50's
decompositions took 3.2 s with its batch norms and 0.6 s without."""
import copy

import torch

_CONVOLUTIONS = {torch.conv1d, torch.conv2d, torch.conv3d}
_FLOAT_DTYPES = {torch.float32, torch.float64}


def _argument(node, index, name, default=None):
    if len(node.args) > index:
        return node.args[index]
    return node.kwargs.get(name, default)


def _set_argument(node, index, name, value):
    if len(node.args) > index:
        arguments = list(node.args)
        arguments[index] = value
        node.args = tuple(arguments)
    else:
        node.kwargs = {**node.kwargs, name: value}


def _folded(filter_, bias, mean, var, weight, shift, eps):
    """The filter and bias of a convolution whose output the batch norm of
    these statistics and affine parameters then normalizes, in float64."""
    scale = torch.rsqrt(var.double() + eps)
    if weight is not None:
        scale = scale * weight.double()
    centered = -mean.double() if bias is None else bias.double() - mean.double()
    new_bias = centered * scale
    if shift is not None:
        new_bias = new_bias + shift.double()
    new_filter = filter_.double() * scale.reshape(-1, *([1] * (filter_.dim() - 1)))
    return new_filter.to(filter_.dtype), new_bias.to(filter_.dtype)


def fold_batch_norms(graph_module, layout, tensors, frozen):
    """A copy of `graph_module` in which each inference batch norm whose
    input is a convolution read by nothing else, and whose filter, bias and
    statistics are all frozen tensors (`frozen`: positions in `tensors`,
    which `layout` maps the graph's placeholders to), is gone, the
    convolution taking a folded filter and bias held by the copy; or
    `graph_module` itself when there is none."""
    placeholders = [node for node in graph_module.graph.nodes if node.op == "placeholder"]
    frozen_tensor = {}
    for node, (kind, position, _) in zip(placeholders, layout):
        if kind == "tensor" and position in frozen:
            frozen_tensor[node.name] = tensors[position]

    def value_of(node):
        """The frozen tensor `node` is, None for None, or False."""
        if node is None:
            return None
        if isinstance(node, torch.fx.Node) and node.name in frozen_tensor:
            return frozen_tensor[node.name]
        return False

    folds = []
    for node in graph_module.graph.nodes:
        if node.op != "call_function" or node.target is not torch.nn.functional.batch_norm:
            continue
        convolution = node.args[0] if node.args else node.kwargs.get("input")
        if (not isinstance(convolution, torch.fx.Node) or convolution.op != "call_function"
                or convolution.target not in _CONVOLUTIONS or len(convolution.users) != 1
                or _argument(node, 5, "training", False)):
            continue
        filter_ = value_of(_argument(convolution, 1, "weight"))
        bias = value_of(_argument(convolution, 2, "bias"))
        statistics = [value_of(_argument(node, index, name)) for index, name in
                      ((1, "running_mean"), (2, "running_var"), (3, "weight"), (4, "bias"))]
        if (filter_ is None or filter_ is False or bias is False or
                any(value is False for value in statistics) or
                statistics[0] is None or statistics[1] is None or
                filter_.dtype not in _FLOAT_DTYPES):
            continue
        folds.append((node.name, convolution.name,
                      _folded(filter_, bias, *statistics, _argument(node, 7, "eps", 1e-5))))
    if not folds:
        return graph_module

    graph = copy.deepcopy(graph_module.graph)
    nodes = {node.name: node for node in graph.nodes}
    folded = torch.fx.GraphModule(graph_module, graph)
    for index, (norm_name, convolution_name, (new_filter, new_bias)) in enumerate(folds):
        norm, convolution = nodes[norm_name], nodes[convolution_name]
        folded.register_buffer(f"_disc_folded_filter{index}", new_filter)
        folded.register_buffer(f"_disc_folded_bias{index}", new_bias)
        with graph.inserting_before(convolution):
            filter_node = graph.get_attr(f"_disc_folded_filter{index}")
            bias_node = graph.get_attr(f"_disc_folded_bias{index}")
        _set_argument(convolution, 1, "weight", filter_node)
        _set_argument(convolution, 2, "bias", bias_node)
        norm.replace_all_uses_with(convolution)
        graph.erase_node(norm)
    graph.eliminate_dead_code()
    folded.recompile()
    return folded
