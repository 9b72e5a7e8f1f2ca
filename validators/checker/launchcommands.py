"""A command the code builds to run ``python -m torch.distributed.launch``: the deprecated launcher, run as a module.

The launcher warns when it runs (``FutureWarning: The module torch.distributed.launch is deprecated ... Use
torchrun``), and a script that starts it rarely imports it: a YOLO-style resume helper builds ``cmd = f'python -m
torch.distributed.launch --nproc_per_node {n} train.py --resume {last}'`` and hands it to ``os.system``. Read here: a
string (an f-string's literal parts joined) that starts with ``python`` (or ``python3``) and runs ``-m
torch.distributed.launch``, and a list or tuple display holding ``"-m"`` then ``"torch.distributed.launch"``
(``[sys.executable, "-m", "torch.distributed.launch", ...]``). A docstring or a help text that mentions the command
does not start with it, and is not read; nor is a bare string statement, which runs nothing (MTLFace's usage notes
under its imports, a string that starts with the command).
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import walk_tree

_MODULE = "torch.distributed.launch"
_COMMAND = re.compile(r"\s*python[\d.]*\s+(?:-\S+\s+)*-m\s+torch\.distributed\.launch\b")


def launch_commands(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                    text: str | None = None) -> Iterator[tuple[ast.expr, str]]:
    """Each string or argument list that runs the launcher module (module docstring), with its api."""
    if text is not None and _MODULE not in text:
        return
    notes = {id(node.value) for node in walk_tree(tree)  # docstrings and other bare strings
             if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Constant, ast.JoinedStr))}
    inner = {id(value) for node in walk_tree(tree) if isinstance(node, ast.JoinedStr) for value in node.values}
    for node in walk_tree(tree):
        if id(node) in notes or id(node) in inner:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _COMMAND.match(node.value) or \
                isinstance(node, ast.JoinedStr) and _COMMAND.match(_literal_text(node)):
            yield node, _MODULE
        elif isinstance(node, (ast.List, ast.Tuple)) and _runs_module(node.elts):
            yield node, _MODULE


def _literal_text(node: ast.JoinedStr) -> str:
    """An f-string's literal parts, each formatted value standing as one word."""
    return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)


def _runs_module(elements: list[ast.expr]) -> bool:
    texts = [element.value if isinstance(element, ast.Constant) and isinstance(element.value, str) else None
             for element in elements]
    return any(first == "-m" and second == _MODULE for first, second in zip(texts, texts[1:]))
