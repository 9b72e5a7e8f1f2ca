"""Torch functions imported by name and never used in the importing module; torch names only compared.

``from torch.cuda.amp import custom_bwd, custom_fwd`` binds two function objects; the FutureWarning comes from
calling the decorator, and ``from torch.ao.quantization.quantize_fx import prepare_fx`` warns only when
prepare_fx runs (run on 2.15: the import statements print nothing). A name rule reports the import line, the
one place the walker reports an imported name, so the finding stands for every use in the file. Where the
file never reads the bound name, there is no use: the finding is dropped when

- reading the API is harmless (listednames.read_is_harmless: not gone from the target, and the rule does not
  say that reading fails or warns, as ``torch.has_cuda``'s module ``__getattr__`` does on import too);
- the import binds the API itself, not a module that holds it (importing a module runs its code).
  ``torch.nn.utils.weight_norm`` is both: a module, and the function of the same name that
  ``torch/nn/utils/__init__.py`` re-exports over it (``from .weight_norm import weight_norm``), so
  ``from torch.nn.utils import weight_norm`` binds the function (run on 2.15: a ``function``, and no warning);
  a rule listing both spellings (``X`` and ``X.<last part of X>``) says so (:func:`binds_same_named_function`);
- the module does not hand the name on: ``__all__`` does not list it. A package's ``__init__.py`` that imports
  a torch name (``from torch.nn import NLLLoss2d, ...`` in ``losses/__init__.py``) is held like any module: its
  finding comes back below where a module imports the name from the package and reads it (a star import
  resolves the name in the importing file itself: starimports.py), not for the import alone.

A second import of the same name (``try: from torch.nn.utils import weight_norm / except: from
torch.nn.utils.parametrizations import weight_norm``) is no use either. A module that imports the name for
other modules (a compatibility module: ``try: from torch.cuda.amp import autocast, GradScaler / except: ...``
that ``trainer.py`` imports ``autocast`` from) hands it on: once every file is walked, a finding the file
dropped comes back where another module of the project imports the name from it and reads it there, or
hands it on in turn (:func:`used_by_importers`, run only where a file dropped one).

The same holds where a name is only compared: ``type(m) in [nn.Dropout, nn.Dropout2d]``,
``isinstance(m, (nn.Dropout2d, nn.Dropout3d))`` and ``brevitas.jit.script == torch.jit.script`` read the class or
function object and construct or call nothing (run on 2.15: no warning). The walker notes such
operands (:func:`compared_operands`, :func:`type_test_operands`, noted as the walk meets the comparison, before
its operands); a name rule whose reading is harmless does not report them.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from .imports import is_torch_module
from .returns import from_imported, imported_module_paths, is_module_file, module_suffix
from .source import Unreadable, parse_module_file, read_source


def binds_same_named_function(api: str, rule) -> bool:
    """``rule`` names both ``api`` (a torch module) and the function of the same name inside it
    (``torch.nn.utils.weight_norm`` and ``torch.nn.utils.weight_norm.weight_norm``): the package's attribute is
    that function, re-exported over its module, and ``from <package> import <name>`` binds it."""
    return f"{api}.{api.rpartition('.')[2]}" in rule.apis


def names_read(tree: ast.AST) -> set[str]:
    """Every module-level name the module reads (``custom_fwd`` in ``@custom_fwd``, ``f = prepare_fx``, a call) and
    every string ``__all__`` lists. A read inside a function that binds the name itself (a parameter, ``def
    __init__(self, weight_norm=True)``, or an assignment) reads its own value, and an annotation (``scaler:
    GradScaler``) only names the class: neither reads the import."""
    read: set[str] = set()
    for node in getattr(tree, "body", ()):
        _note_reads(node, frozenset(), read)
    return read


def _note_reads(node: ast.AST, shadowed: frozenset[str], read: set[str]) -> None:
    """Add to ``read`` the names ``node`` reads, but not those in ``shadowed`` (bound by a function around it)."""
    if isinstance(node, ast.Name):
        if node.ctx.__class__ is ast.Load and node.id not in shadowed:
            read.add(node.id)
        return
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
            read.update(e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant) and isinstance(e.value, str))
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        arguments = node.args
        for default in (*arguments.defaults, *filter(None, arguments.kw_defaults)):
            _note_reads(default, shadowed, read)  # defaults are read where the function is defined
        if not isinstance(node, ast.Lambda):
            for decorator in node.decorator_list:
                _note_reads(decorator, shadowed, read)
        own = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                               *filter(None, (arguments.vararg, arguments.kwarg)))}
        body = [node.body] if isinstance(node, ast.Lambda) else node.body
        if not isinstance(node, ast.Lambda):  # the function's own assignments bind locals too
            own |= {part.id for statement in body for part in ast.walk(statement)
                    if isinstance(part, ast.Name) and not isinstance(part.ctx, ast.Load)}
        inner = shadowed | own
        for statement in body:
            _note_reads(statement, inner, read)
        return
    if isinstance(node, ast.arg) or (isinstance(node, ast.AnnAssign) and node.value is None):
        return  # an argument's annotation, or a bare `x: GradScaler`
    for field, value in ast.iter_fields(node):
        if field in ("annotation", "returns"):
            continue
        if isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST):
                    _note_reads(item, shadowed, read)
        elif isinstance(value, ast.AST):
            _note_reads(value, shadowed, read)


def hands_names_on(filename: str) -> bool:
    """A package's ``__init__.py``: what it imports is what the package offers."""
    return os.path.basename(filename) == "__init__.py"


_IDENTITY = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)
_MEMBERSHIP = (ast.In, ast.NotIn)
_DISPLAYS = (ast.List, ast.Tuple, ast.Set)


def compared_operands(node: ast.Compare) -> list[int]:
    """id() of the names and attributes ``node`` only compares: a side of ``==``/``!=``/``is``/``is not``, or an
    element of the list, tuple or set displayed after ``in``/``not in`` (``type(m) in [nn.Dropout2d, ...]``)."""
    found: list[int] = []
    left = node.left
    for op, right in zip(node.ops, node.comparators):
        if isinstance(op, _IDENTITY):
            found += [id(side) for side in (left, right) if isinstance(side, (ast.Name, ast.Attribute))]
        elif isinstance(op, _MEMBERSHIP) and isinstance(right, _DISPLAYS):
            found += [id(e) for e in right.elts if isinstance(e, (ast.Name, ast.Attribute))]
        left = right
    return found


def type_test_operands(call: ast.Call) -> list[int]:
    """id() of the classes ``isinstance(x, C)`` / ``issubclass(t, (C, D))`` test against."""
    if not (isinstance(call.func, ast.Name) and call.func.id in ("isinstance", "issubclass")
            and len(call.args) == 2 and not call.keywords):
        return []
    classes = call.args[1]
    return [id(e) for e in (classes.elts if isinstance(classes, ast.Tuple) else [classes])
            if isinstance(e, (ast.Name, ast.Attribute))]


def used_by_importers(unread: list[tuple[str, dict[str, list]]],
                      importers: list[tuple[str, dict[str, tuple[str, str]], dict[str, str], list[str]]],
                      unwalked: list[str]) -> dict[str, list]:
    """The dropped findings (file -> {bound name: findings}, ``unread``) to restore: those of names another
    module of the project imports from that file and reads, or hands on (its ``__init__.py``, its ``__all__``).
    ``importers``: per walked file, its path, its from-imports of non-torch modules (local name -> (module path
    suffix, name): walker ``loads.imported``), its module imports (local -> module path suffix:
    ``loads.imported_modules``, read as ``amp.autocast``) and the module path suffixes it star-imports
    (``from losses import *`` then ``NLLLoss2d()``). ``unwalked``: files the walk skipped (no ``torch`` in
    them), parsed only where their text names a dropped name and the module's file name."""
    # imported name or module's last part ("*": a star import) -> (importer, local, module path suffix, imported
    # name or None: a module)
    index: dict[str, list[tuple[str, str, str, str | None]]] = {}
    for importer, imported, modules, stars in importers:
        _index(index, importer, imported, modules, stars)
    wanted = [(_stem(path), names.keys()) for path, names in unread]
    for importer in unwalked:
        code = _text(importer)
        if code is not None and any(stem in code and any(name in code for name in names) for stem, names in wanted) \
                and (found := _module_imports(importer)):
            _index(index, importer, *found)
    parsed: dict[str, tuple[set[str], set[tuple[str, str]]] | None] = {}
    restored: dict[str, list] = {}
    for path, names in unread:
        target, stem = os.path.abspath(path).replace(os.sep, "/"), _stem(path)
        used: set[str] = set()
        for name in [*names, stem]:
            for importer, local, suffix, imported in index.get(name, ()):
                if importer == path or (imported is None and name != stem):
                    continue
                if imported is not None and imported in names and is_module_file(target, suffix):
                    found = _reads(importer, parsed)
                    if found is not None and (local in found[0] or "*" in found[0]):
                        used.add(imported)
                elif is_module_file(target, suffix if imported is None else f"{suffix}/{imported}"):
                    found = _reads(importer, parsed)
                    if found is not None:
                        used |= {n for n in names if (local, n) in found[1]}
        for importer, _, suffix, _ in index.get("*", ()):
            if importer != path and is_module_file(target, suffix) and (found := _reads(importer, parsed)) is not None:
                used |= (names.keys() & found[0]) - found[2]
                if "*" in found[0]:  # a package's __init__.py hands them on: to a module importing one from it
                    package = os.path.abspath(importer).replace(os.sep, "/")
                    used |= {name for name in names if any(
                        other != importer and imported == name and is_module_file(package, suffix_)
                        for other, _, suffix_, imported in index.get(name, ()))}
        if used:
            restored[path] = [finding for name in sorted(used) for finding in names[name]]
    return restored


def _stem(path: str) -> str:
    """The module name a file is imported by: ``amp`` for ``amp.py``, the package's for ``__init__.py``."""
    folder, name = os.path.split(path)
    return os.path.basename(folder) if name == "__init__.py" else os.path.splitext(name)[0]


def _index(index: dict, importer: str, imported: dict[str, tuple[str, str]], modules: dict[str, str],
           stars: list[str]) -> None:
    for local, (suffix, name) in imported.items():
        index.setdefault(name, []).append((importer, local, suffix, name))
    for local, suffix in modules.items():
        index.setdefault(suffix.rpartition("/")[2], []).append((importer, local, suffix, None))
    for suffix in stars:
        index.setdefault("*", []).append((importer, "*", suffix, "*"))


def _reads(path: str, parsed: dict) -> tuple[set[str], set[tuple[str, str]], set[str]] | None:
    """The names ``path`` reads or hands on ("*": all, a package's ``__init__.py``), its ``local.attr``
    reads, and the names its imports bind by name (over what a star import brings); None: unreadable."""
    if path not in parsed:
        tree = parse_module_file(Path(path))
        parsed[path] = None if tree is None else (
            names_read(tree) | ({"*"} if hands_names_on(path) else set()),
            {(node.value.id, node.attr) for node in ast.walk(tree) if isinstance(node, ast.Attribute)
             and isinstance(node.value, ast.Name) and node.ctx.__class__ is ast.Load},
            {alias.asname or alias.name.partition(".")[0] for node in ast.walk(tree)
             if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names if alias.name != "*"})
    return parsed[path]


def _text(path: str) -> str | None:
    try:
        return read_source(Path(path))
    except Unreadable:
        return None


def _module_imports(path: str) -> tuple[dict[str, tuple[str, str]], dict[str, str], list[str]] | None:
    """A skipped file's from-imports, module imports and star imports, as the walker notes them
    (``loads.imported``, ``loads.imported_modules``, :func:`star_imported`)."""
    tree = parse_module_file(Path(path))
    if tree is None:
        return None
    imported: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    stars: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.update(from_imported(node, path))
            stars += star_imported([(node.level, node.module)] if any(a.name == "*" for a in node.names) else [], path)
        elif isinstance(node, ast.Import):
            modules.update(imported_module_paths(node))
    return imported, modules, stars


def star_imported(stars: list[tuple[int, str | None]], importer: str) -> list[str]:
    """The module path suffixes (returns.module_suffix) of a file's ``from <project module> import *``
    (``ImportMap.foreign_stars``: level, module)."""
    return [suffix for level, module in stars if (level or not is_torch_module(module or ""))
            and (suffix := module_suffix(module, level, importer)) is not None]
