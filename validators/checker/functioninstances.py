"""``UniformQuantize().apply(x, bits)``: an instance of a new-style autograd Function, deprecated since 1.9.

A ``torch.autograd.Function`` subclass with a static ``forward`` is used through the class, ``MyFn.apply(x)``. Since
1.9 (pytorch/pytorch#57357) building an instance warns on every call: ``DeprecationWarning: <class 'MyFn'> should not
be instantiated. Methods on autograd functions are all static, so you should invoke them on the class itself.``
Quantization and spiking-network code of 2018-2020 wrote ``MyFn().apply(...)`` or ``step = MyFn().apply``.

Known here where the class is certain: defined in the file (at module level, or inside the factory function that
returns ``_pq().apply``), or in a project module the file imports it from with ``from <module> import <name>``, or
imports whole (``from . import binaryfunction``; then ``binaryfunction.BinaryQuantize()``), the module found as a file
beside or above it, as starimports.py finds it, with a base that is
torch's ``Function``/``InplaceFunction`` or another such class of the same module. Each call of the class is
reported: ``MyFn()`` and ``MyFn(args)`` alike reach ``Function.__init__``, which warns, unless the class defines an
``__init__`` of its own that never calls its base's (``Detect(Function)`` of the SSD ports: quiet). That holds for an
old-style class with an instance ``forward`` too: ``DiceCoeff().forward(x, y)`` warns at the instance (the other
rule reports the class, whose instance call raises).
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

from .imports import dotted_name, walk_tree
from .source import module_text, parse_module_file
from .starimports import folder_module_stamp

_FUNCTION_BASES = frozenset({"torch.autograd.Function", "torch.autograd.function.Function",
                             "torch.autograd.function.InplaceFunction", "torch.autograd.InplaceFunction"})


def instantiated_functions(tree: ast.AST, resolve: Callable[[ast.AST], str | None], text: str | None = None,
                           filename: str | None = None) -> Iterator[ast.Call]:
    """Each call that builds an instance of an autograd Function whose ``__init__`` warns (module docstring)."""
    # an instance used at once, or a class named for a Function called (AffineGridGenFunction(h, w) of a project module)
    built = text is None or "().apply" in text or "()(" in text or "().forward(" in text or "Function(" in text
    torch_base = lambda base: resolve(base) in _FUNCTION_BASES  # noqa: E731
    classes = set(_warning_functions(getattr(tree, "body", ()), torch_base)) if text is None or "Function" in text \
        else set()
    if built:  # a factory's own class: ``def quantizer(b): class _pq(Function): ...; return _pq().apply``
        classes.update(name for node in walk_tree(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                       for name in _warning_functions(node.body, torch_base))
    modules: dict[str, frozenset[str]] = {}
    if filename and text is not None:
        # correlation(pad, k, d, s1, s2, m)(a, b) of a project module's old-style class: however it is called
        classes |= _imported_functions(tree, filename, text)
        if built:
            modules = _imported_modules(tree, filename, text)
    if not classes and not modules:
        return
    for node in walk_tree(tree):
        if node.__class__ is not ast.Call:
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in classes or isinstance(func, ast.Attribute) and isinstance(
                func.value, ast.Name) and func.attr in modules.get(func.value.id, ()):
            yield node  # MyFn(), or binaryfunction.BinaryQuantize() of a project module the file imports


def _warning_functions(body, torch_base: Callable[[ast.expr], bool]) -> list[str]:
    """Names of the module-level classes of ``body`` that derive from torch's Function (directly, or through an
    earlier such class), define ``forward`` (or only ``backward``: a memory bank's ``forwarding`` helper saves for it)
    and reach ``Function.__init__`` when built: no ``__init__`` of their own
    (nor in a base of the file), or one that calls its base's."""
    quiet: dict[str, bool] = {}  # Function classes of the file -> whether building one skips Function.__init__
    found = []
    for node in body:
        if not isinstance(node, ast.ClassDef):
            continue
        local = [base.id for base in node.bases if isinstance(base, ast.Name) and base.id in quiet]
        if not (local or any(torch_base(base) for base in node.bases)):
            continue
        init = next((item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"), None)
        quiet[node.name] = not _calls_base_init(init) if init is not None else any(quiet[base] for base in local)
        if not quiet[node.name] and any(isinstance(item, ast.FunctionDef) and item.name in ("forward", "backward")
                                        for item in node.body):
            found.append(node.name)
    return found


def _calls_base_init(init: ast.FunctionDef) -> bool:
    """``super().__init__()``, ``super(Fn, self).__init__()`` or ``Function.__init__(self)`` in ``init``."""
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__"
               for node in walk_tree(init))


def _imported_functions(tree: ast.AST, filename: str, text: str) -> set[str]:
    """Local names of module-level ``from`` imports, called in ``text`` (``Name().apply``, ``Name(h, w)``), that name
    a Function class of a project module whose instances warn."""
    found: set[str] = set()
    folder = str(Path(filename).parent)
    for statement in getattr(tree, "body", ()):
        if not isinstance(statement, ast.ImportFrom):
            continue
        if any(alias.name == "*" for alias in statement.names):  # from utils import *, itself star-importing
            if (stamp := folder_module_stamp(folder, statement.level, statement.module)) is not None:
                found.update(name for name in _star_functions(*stamp) if f"{name}(" in text)
            continue
        wanted = [(alias.name, alias.asname or alias.name) for alias in statement.names
                  if f"{alias.asname or alias.name}(" in text]
        if wanted and (stamp := folder_module_stamp(folder, statement.level, statement.module)) is not None:
            defined = _module_functions(*stamp)
            found.update(local for name, local in wanted if name in defined)
    return found


def _imported_modules(tree: ast.AST, filename: str, text: str) -> dict[str, frozenset[str]]:
    """Local names of the project modules the file imports whole (``from . import binaryfunction``, ``import
    quant.functions as qf``) and instantiates a class of (``binaryfunction.BinaryQuantize()``, as the text spells it),
    each with the Function classes of that module whose instances warn."""
    found: dict[str, frozenset[str]] = {}
    folder = str(Path(filename).parent)
    instantiated = {match.group(1) for match in re.finditer(r"(\w+)\.\w+\(\)", text)}  # binaryfunction.Quantize()
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, ast.Import):
            named = [(0, alias.name, alias.asname or alias.name) for alias in statement.names
                     if alias.asname or "." not in alias.name]
        elif isinstance(statement, ast.ImportFrom) and not any(alias.name == "*" for alias in statement.names):
            prefix = f"{statement.module}." if statement.module else ""
            named = [(statement.level, prefix + alias.name, alias.asname or alias.name) for alias in statement.names]
        else:
            continue
        for level, module, local in named:
            if local not in instantiated:
                continue
            if (stamp := folder_module_stamp(folder, level, module)) is not None and (defined := _module_functions(*stamp)):
                found[local] = defined
    return found


@lru_cache(maxsize=256)
def _star_functions(path: str, size: int, mtime: int, depth: int = 0) -> frozenset[str]:
    """What ``from <module> import *`` of the module at ``path`` brings of those classes: its own public ones and,
    three star imports deep, those of the modules it star-imports (a package's ``__init__`` re-exporting its
    submodules)."""
    defined, stars = _module_reading(path, size, mtime)
    found = {name for name in defined if not name.startswith("_")}
    for level, module in stars if depth < 3 else ():
        if (stamp := folder_module_stamp(str(Path(path).parent), level, module)) is not None and stamp[0] != path:
            found |= _star_functions(*stamp, depth + 1)
    return frozenset(found)


def _module_functions(path: str, size: int, mtime: int) -> frozenset[str]:
    """The Function classes the module at ``path`` defines whose instances warn (its own imports of torch read)."""
    return _module_reading(path, size, mtime)[0] if _mentions_function(path, size, mtime) else frozenset()


@lru_cache(maxsize=256)
def _mentions_function(path: str, size: int, mtime: int) -> bool:
    """The module's text names ``Function`` at all: most imported modules do not, and need no parse."""
    return "Function" in module_text(Path(path))


@lru_cache(maxsize=256)
def _module_reading(path: str, size: int, mtime: int) -> tuple[frozenset[str], tuple[tuple[int, str | None], ...]]:
    """The module at ``path``, read once: its Function classes whose instances warn, and the (level, module) of each
    of its star imports."""
    tree = parse_module_file(Path(path))
    if tree is None:
        return frozenset(), ()
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

    stars = tuple((node.level, node.module) for node in tree.body if isinstance(node, ast.ImportFrom)
                  and any(alias.name == "*" for alias in node.names))
    return frozenset(_warning_functions(tree.body, torch_base)), stars
