"""The processed file of a torch_geometric ``InMemoryDataset``, known by how the dataset loads it.

Before PyG 2.4 a dataset's ``process()`` wrote ``torch.save(self.collate(data_list), path)``: ``collate`` returns
``(data, slices)``, where ``data`` is one ``torch_geometric.data.Data`` object holding every graph, and the
dataset read it back with ``self.data, self.slices = torch.load(self.processed_paths[0])``. weights_only refuses
that file even with PyG 2.8 imported (it allowlists ``Data`` but not what a Data object pickles with): "Unsupported
global: GLOBAL torch_geometric.data.data.DataEdgeAttr" (checked on torch 2.15). PyG's own ``save``/``load`` (2.4+)
store ``data.to_dict()`` instead and go through ``Data.from_dict``; a file that converts that way is left alone.
A ``Dataset`` subclass that keeps one graph per file returns each load from ``get`` (returned_graph_loads).
"""

from __future__ import annotations

import ast

from .imports import dotted_name, own_statements


def unpacks_collated_graphs(target: ast.AST) -> bool:
    """``self.data, self.slices = ...`` or ``data, slices = ...``: the two values ``InMemoryDataset.collate`` gives."""
    if not isinstance(target, ast.Tuple) or len(target.elts) != 2:
        return False
    last = (dotted_name(target.elts[1]) or "").rsplit(".", 1)[-1]
    return last == "slices"


# the methods PyG calls for one graph: Dataset.get (and a __getitem__ written over it)
_GRAPH_GETTERS = frozenset({"get", "__getitem__"})
_TRANSFORMS = frozenset({"self.transform", "self.pre_transform"})


def returned_graph_loads(node: ast.ClassDef) -> set[int]:
    """The ``torch.load`` calls whose result a torch_geometric ``Dataset`` subclass's ``get`` (or ``__getitem__``)
    returns: PyG's larger-dataset recipe saves one ``Data`` object per file in ``process()`` and reads it back
    there (``data = torch.load(osp.join(self.processed_dir, f"data_{idx}.pt")); return data``), a pickled graph
    that weights_only refuses as it does the collated one above. Returned directly, or through a name bound only
    to the load and to ``self.transform(name)``."""
    found: set[int] = set()
    for method in node.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name not in _GRAPH_GETTERS:
            continue
        bound: dict[str, list[ast.expr]] = {}
        returned: list[ast.expr] = []
        for statement in own_statements(method):
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                    isinstance(statement.targets[0], ast.Name):
                bound.setdefault(statement.targets[0].id, []).append(statement.value)
            elif isinstance(statement, ast.Return) and statement.value is not None:
                returned.append(statement.value)
        for value in returned:
            if _is_load(value):
                found.add(id(value))
            elif isinstance(value, ast.Name) and (values := bound.get(value.id)):
                loads = [v for v in values if _is_load(v)]
                if loads and all(_is_load(v) or _transforms(v, value.id) for v in values):
                    found.update(map(id, loads))
    return found


def _is_load(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and dotted_name(value.func) == "torch.load"


def _transforms(value: ast.expr, name: str) -> bool:
    """``self.transform(data)``: PyG's transforms hand a graph back."""
    return isinstance(value, ast.Call) and dotted_name(value.func) in _TRANSFORMS and len(value.args) == 1 and \
        isinstance(value.args[0], ast.Name) and value.args[0].id == name
