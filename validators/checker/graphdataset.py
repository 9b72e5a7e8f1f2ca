"""The processed file of a torch_geometric ``InMemoryDataset``, known by how the dataset loads it.

Before PyG 2.4 a dataset's ``process()`` wrote ``torch.save(self.collate(data_list), path)``: ``collate`` returns
``(data, slices)``, where ``data`` is one ``torch_geometric.data.Data`` object holding every graph, and the
dataset read it back with ``self.data, self.slices = torch.load(self.processed_paths[0])``. weights_only refuses
that file even with PyG 2.8 imported (it allowlists ``Data`` but not what a Data object pickles with): "Unsupported
global: GLOBAL torch_geometric.data.data.DataEdgeAttr" (checked on torch 2.15). PyG's own ``save``/``load`` (2.4+)
store ``data.to_dict()`` instead and go through ``Data.from_dict``; a file that converts that way is left alone.
"""

from __future__ import annotations

import ast

from .imports import dotted_name


def unpacks_collated_graphs(target: ast.AST) -> bool:
    """``self.data, self.slices = ...`` or ``data, slices = ...``: the two values ``InMemoryDataset.collate`` gives."""
    if not isinstance(target, ast.Tuple) or len(target.elts) != 2:
        return False
    last = (dotted_name(target.elts[1]) or "").rsplit(".", 1)[-1]
    return last == "slices"
