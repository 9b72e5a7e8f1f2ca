"""``UniformQuantize().apply(x, bits)``: an instance of a new-style autograd Function, deprecated since 1.9.

A ``torch.autograd.Function`` subclass with a static ``forward`` is used through the class, ``MyFn.apply(x)``. Since
1.9 (pytorch/pytorch#57357) building an instance warns on every call: ``DeprecationWarning: <class 'MyFn'> should not
be instantiated. Methods on autograd functions are all static, so you should invoke them on the class itself.``
Quantization and spiking-network code of 2018-2020 wrote ``MyFn().apply(...)`` or ``step = MyFn().apply``.

Known here where the class is certain: defined in the file, or in a project module the file imports it from with
``from <module> import <name>`` (found as a file beside or above it, as starimports.py finds it), with a base that is
torch's ``Function``/``InplaceFunction`` or another such class of the same module, and a ``forward`` that is a
``staticmethod`` or ``classmethod`` (an old-style Function with an instance ``forward`` is the other rule's, and
raises). Each call of
the class is reported: ``MyFn()`` and ``MyFn(args)`` alike reach ``Function.__init__``.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

from .imports import dotted_name, walk_tree
from .source import parse_module_file
from .starimports import folder_module_stamp

_FUNCTION_BASES = frozenset({"torch.autograd.Function", "torch.autograd.function.Function",
                             "torch.autograd.function.InplaceFunction", "torch.autograd.InplaceFunction"})


def instantiated_functions(tree: ast.AST, resolve: Callable[[ast.AST], str | None], text: str | None = None,
                           filename: str | None = None) -> Iterator[ast.Call]:
    """Each call that builds an instance of a static-forward autograd Function (module docstring)."""
    if text is not None and "Function" not in text and "().apply" not in text:
        return
    classes = set(_static_functions(getattr(tree, "body", ()), lambda base: resolve(base) in _FUNCTION_BASES))
    if filename and text is not None and "().apply" in text:
        classes |= _imported_functions(tree, filename, text)
    if not classes:
        return
    for node in walk_tree(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in classes:
            yield node


def _static_functions(body, torch_base: Callable[[ast.expr], bool]) -> list[str]:
    """Names of the module-level classes of ``body`` that derive from torch's Function (directly, or through an
    earlier such class) and define ``forward`` as a staticmethod."""
    derived: set[str] = set()
    found = []
    for node in body:
        if not isinstance(node, ast.ClassDef):
            continue
        if not any(torch_base(base) or (isinstance(base, ast.Name) and base.id in derived) for base in node.bases):
            continue
        derived.add(node.name)
        forward = next((item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "forward"),
                       None)
        if forward is not None and any(dotted_name(d) in ("staticmethod", "classmethod") for d in forward.decorator_list):
            found.append(node.name)
    return found


def _imported_functions(tree: ast.AST, filename: str, text: str) -> set[str]:
    """Local names of module-level ``from`` imports, instantiated in ``text`` (``Name().apply``), that name a
    static-forward Function class of a project module."""
    found: set[str] = set()
    folder = str(Path(filename).parent)
    for statement in getattr(tree, "body", ()):
        if not isinstance(statement, ast.ImportFrom):
            continue
        wanted = [(alias.name, alias.asname or alias.name) for alias in statement.names
                  if alias.name != "*" and f"{alias.asname or alias.name}()" in text]
        if wanted and (stamp := folder_module_stamp(folder, statement.level, statement.module)) is not None:
            defined = _module_functions(*stamp)
            found.update(local for name, local in wanted if name in defined)
    return found


@lru_cache(maxsize=256)
def _module_functions(path: str, size: int, mtime: int) -> frozenset[str]:
    """The static-forward Function classes the module at ``path`` defines (its own imports of torch read)."""
    tree = parse_module_file(Path(path))
    if tree is None:
        return frozenset()
    aliases: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            aliases.update((alias.asname or alias.name, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            aliases.update((alias.asname or alias.name, f"{node.module}.{alias.name}") for alias in node.names)

    def torch_base(base: ast.expr) -> bool:
        dotted = dotted_name(base) or ""
        head, _, rest = dotted.partition(".")
        qualified = aliases.get(head, head) + (f".{rest}" if rest else "")
        return qualified in _FUNCTION_BASES

    return frozenset(_static_functions(tree.body, torch_base))
