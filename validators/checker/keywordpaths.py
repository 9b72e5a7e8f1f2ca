"""``torch.load(f=path)``: a load's path given by keyword, made positional after parsing.

The checker's passes read a load's file as its first argument, the way nearly all code writes it; ``f`` is the name
torch.load gives that parameter, so ``torch.load(f=model_dir / "model.bin")`` names its file as plainly. Rewriting the
few keyword calls once, where a tree is parsed, lets every pass see them alike. The rewrite goes by the call's last
name alone (imports are not read yet): ``f=`` is no keyword of the other common loaders (pickle, NumPy, json, yaml),
and the passes resolve the callee before they read its path.
"""

from __future__ import annotations

import ast
import re

from .imports import walk_nodes

# a load given `f=` among its first keywords (not `self=`, `f==`): most files have none and are not walked
_KEYWORD_F = re.compile(r"load\((?:[^()]*,)?\s*f\s*=(?!=)")


def positional_paths(tree: ast.Module, text: str) -> ast.Module:
    """``tree`` with each ``load(f=p, ...)`` call given its path as the first argument."""
    if "load(" not in text or not _KEYWORD_F.search(text):
        return tree
    for node in walk_nodes(tree):  # (not walk_tree: its cached list would keep the old shape)
        if isinstance(node, ast.Call) and node.keywords and not node.args and (
                node.func.attr if isinstance(node.func, ast.Attribute) else
                node.func.id if isinstance(node.func, ast.Name) else None) == "load":
            path = next((keyword for keyword in node.keywords if keyword.arg == "f"), None)
            if path is not None:
                node.args = [path.value]
                node.keywords = [keyword for keyword in node.keywords if keyword is not path]
    return tree
