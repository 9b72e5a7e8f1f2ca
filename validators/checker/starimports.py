"""What ``from .attention import *`` brings in from a module of the checked project.

A file that star-imports one of its project's modules gets that module's module-level torch imports:
``from torch.utils.checkpoint import checkpoint`` in ``sgm/modules/attention.py`` makes a bare
``checkpoint(...)`` in ``video_attention.py`` (``from ..modules.attention import *``) the torch
function. A chain is followed too (``from main import *`` where main.py does ``from train import *`` and
train.py ``import torch.nn.functional as F``), a module already being read ending the chain; a name two
modules of the chain bind to different torch names is dropped. ``__all__`` is honoured when it is a
literal list, and a name the module binds to something else is not exported. Each module is read once
per process (keyed by its path, size and modification time).

A module's device choice, ``FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor`` (or a name
bound to one), is exported as the CUDA name, both to ``import *`` and to ``from <module> import FloatTensor``: a call
of it elsewhere in the project calls the deprecated constructor wherever a GPU is there, and is reported at the call
(the module itself may never call it, so its binding has nothing to report). A module without ``__all__`` passes on
its own star imports of torch modules as well (``from torch.autograd import *`` in a project module, then ``from net
import *``: ``Variable`` is torch's).
"""

from __future__ import annotations

import ast
import os
from functools import lru_cache
from pathlib import Path
from typing import Callable, NamedTuple

from .imports import ImportMap, _rebound_names, branch_bindings, dotted_name, is_torch_module
from .source import Unreadable, parse_module_file, read_source

_MAX_LEVELS_UP = 6  # an absolute `from models.common import *` is looked for this far above the file
_READING: set[str] = set()  # modules whose exports are being read: a star-import cycle ends there


def star_exports(importer: str, level: int, module: str | None) -> dict[str, str]:
    """Local name -> torch qualified name, for ``from <module> import *`` (``level`` leading dots) in
    the file ``importer``; empty when the module is not a file of the project or exports no torch name."""
    stamp = module_file_stamp(Path(importer), level, module)
    return dict(_exports(*stamp)) if stamp is not None else {}


def called_project_imports(tree: ast.AST, source: str, filename: str | None):
    """Each module-level ``from`` import of ``tree`` whose names ``source`` calls (``name(``) and whose module is a
    file of the project: (its module_file_stamp, [(imported name, local name), ...]). For readers of helper
    functions in other modules (helpermasks.py, stackedhelpers.py), which cache what they read by the stamp."""
    if not filename or not filename.endswith(".py"):
        return
    folder = str(Path(filename).parent)
    for statement in getattr(tree, "body", ()):
        if not isinstance(statement, ast.ImportFrom):
            continue
        called = [(alias.name, alias.asname or alias.name) for alias in statement.names
                  if alias.name != "*" and f"{alias.asname or alias.name}(" in source]
        if called and (stamp := folder_module_stamp(folder, statement.level, statement.module)) is not None:
            yield stamp, called


def helper_functions(path: str, mentions: Callable[[str], bool]) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module-level functions, each defined once, of the project module at ``path``, when its text passes
    ``mentions`` (the reader's cheap test for what it looks for) and it does ``import torch``: the helpers that
    helpermasks.py and stackedhelpers.py read for what they return."""
    try:
        text = read_source(Path(path))
    except Unreadable:
        return []
    if not mentions(text):
        return []
    tree = parse_module_file(Path(path))
    if tree is None or not any(isinstance(node, ast.Import) and any(
            alias.name == "torch" and alias.asname is None for alias in node.names) for node in tree.body):
        return []
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    names = [function.name for function in functions]
    return [function for function in functions if names.count(function.name) == 1]


@lru_cache(maxsize=1024)
def folder_module_stamp(folder: str, level: int, module: str | None,
                        added: tuple[str, ...] = ()) -> tuple[str, int, int] | None:
    """module_file_stamp for an import in any file of ``folder``: the module an import names depends on the
    importer's folder alone (_module_file), so the files of one folder, which import the same modules, share the
    look-up."""
    return module_file_stamp(Path(folder, "__init__.py"), level, module, added)


def module_file_stamp(importer: Path, level: int, module: str | None,
                      added: tuple[str, ...] = ()) -> tuple[str, int, int] | None:
    """The project module file an import in ``importer`` names, with its size and modification time: the key
    under which what is read from it is cached (a changed file makes a new key). None when there is no such file.
    ``added``: folders the importer puts on ``sys.path`` (syspaths.py), looked in when nothing above it holds the
    module."""
    path = _module_file(importer, level, module)
    if path is None and not level and module and not is_torch_module(module):
        path = next((found for folder in added if (found := _as_module(Path(folder), module.split("."))) is not None),
                    None)
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError:
        return None
    return str(path), stat.st_size, stat.st_mtime_ns


def _module_file(importer: Path, level: int, module: str | None) -> Path | None:
    parts = module.split(".") if module else []
    if level:
        base = importer.parent
        for _ in range(level - 1):
            base = base.parent
        return _as_module(base, parts)
    if not parts or is_torch_module(module):
        return None
    base = importer.parent
    for _ in range(_MAX_LEVELS_UP):
        found = _as_module(base, parts)
        if found is not None:
            return found
        if base.parent == base:
            break
        base = base.parent
    return None


def _as_module(base: Path, parts: list[str]) -> Path | None:
    # candidates as strings, a Path made only for the file found: every `from x import y` of a checked file with a
    # called name is looked for in up to six folders, and pathlib's joins and tests cost several times os.path's
    path = os.path.join(base, *parts)
    for candidate in (path + ".py" if parts else None, os.path.join(path, "__init__.py")):
        if candidate is not None and os.path.isfile(candidate):
            return Path(candidate)
    return None


def imported_device_choices(importer: str, level: int, module: str | None) -> dict[str, str]:
    """Name -> CUDA name of the module's device choices (_device_choices), for ``from <module> import FloatTensor``
    in the file ``importer``; empty when the module is not a file of the project."""
    stamp = module_file_stamp(Path(importer), level, module)
    return dict(_module_names(*stamp).device_choices) if stamp is not None else {}


def star_torch_modules(importer: str, level: int, module: str | None) -> tuple[str, ...]:
    """The torch modules whose names ``from <module> import *`` brings in through the module's own star imports of
    them (``from torch.autograd import *`` in the project's ``net.py``: ``Variable`` in a file doing ``from net
    import *``)."""
    stamp = module_file_stamp(Path(importer), level, module)
    return _module_names(*stamp).torch_stars if stamp is not None else ()


def star_functions(importer: str, level: int, module: str | None) -> tuple[str, ...]:
    """The functions ``from <module> import *`` in the file ``importer`` brings in (the public ones the module
    defines at its top level, or those of a literal ``__all__``); empty when the module is not a file of the project."""
    stamp = module_file_stamp(Path(importer), level, module)
    return _module_names(*stamp).functions if stamp is not None else ()


def _exports(path: str, size: int, mtime: int) -> tuple[tuple[str, str], ...]:
    return _module_names(path, size, mtime).exports


class _ModuleNames(NamedTuple):
    exports: tuple[tuple[str, str], ...]  # what ``import *`` of the module brings in: (name, torch name)
    device_choices: tuple[tuple[str, str], ...]  # (name, CUDA name): _device_choices
    functions: tuple[str, ...]  # the functions ``import *`` brings in
    # the torch modules the module star-imports itself (``from torch.autograd import *``) or through a chain: without
    # an ``__all__``, ``import *`` of it brings their names too
    torch_stars: tuple[str, ...] = ()


@lru_cache(maxsize=256)
def _module_names(path: str, size: int, mtime: int) -> _ModuleNames:
    if (tree := parse_module_file(Path(path))) is None:
        return _ModuleNames((), (), ())
    imports, rebound, public, chained = ImportMap(), set(), None, {}
    stars: dict[str, None] = {}  # torch modules star-imported along chains (in order, once)
    bound: dict[str, list[ast.expr | None]] = {}  # name -> what each module-level binding gives it (None: unread)
    branches: dict[str, tuple[ast.expr, ast.expr]] = {}  # if c: X = a / else: X = b
    _READING.add(path)
    for node in _module_level(tree.body):
        if node.__class__ is ast.If and node.orelse:
            branches.update(branch_bindings(node))
        single = isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        for name in [node.targets[0].id] if single else _bound_names(node):
            bound.setdefault(name, []).append(node.value if single else None)
        if isinstance(node, ast.Import):
            imports._add_import(node)
        elif isinstance(node, ast.ImportFrom) and not node.level and is_torch_module(node.module or ""):
            imports._add_from(node)
        elif isinstance(node, ast.ImportFrom):
            rebound.update(alias.asname or alias.name for alias in node.names)
            if any(alias.name == "*" for alias in node.names):
                stars.update(dict.fromkeys(_chain(chained, path, node.level, node.module)))
        else:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                public = _literal_names(node.value)
            rebound.update(_rebound_names(node))
    _READING.discard(path)
    names = {name: qualified for name, qualified in imports.aliases.items() if name not in rebound}
    for name, qualified in chained.items():
        if name not in rebound and name not in imports.other_names and names.setdefault(name, qualified) != qualified:
            names[name] = None  # two torch names for one name: neither is guessed
    names = {name: qualified for name, qualified in names.items() if qualified is not None}
    choices = _device_choices(bound, branches, imports, names)
    names.update(choices)
    functions = [node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if public is not None:
        return _ModuleNames(tuple((name, names[name]) for name in public if name in names), tuple(choices.items()),
                            tuple(name for name in functions if name in public))
    stars.update(dict.fromkeys(imports.star_modules))
    return _ModuleNames(tuple((name, qualified) for name, qualified in names.items() if not name.startswith("_")),
                        tuple(choices.items()), tuple(name for name in functions if not name.startswith("_")),
                        tuple(stars))


def _device_choices(bound: dict[str, list[ast.expr | None]], branches: dict[str, tuple[ast.expr, ast.expr]],
                    imports: ImportMap, names: dict[str, str]) -> dict[str, str]:
    """``FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor``, or the same as ``if use_cuda: ...
    else: ...`` (and ``Tensor = FloatTensor``), where those are the name's only bindings in the module: the CUDA name,
    the branch whose call a linter reports (as for a function's ``T = torch.cuda if cuda else torch``,
    imports._module_choices)."""
    found: dict[str, str] = {}
    for name, values in bound.items():  # in the module's order: an alias of an alias follows its source
        if name in names:
            continue
        pair = branches.get(name)
        if len(values) == 2 and pair is not None and all(a is b for a, b in zip(values, pair)):
            choice = pair
        elif len(values) == 1 and isinstance(values[0], ast.IfExp):
            choice = (values[0].body, values[0].orelse)
        elif len(values) == 1 and isinstance(values[0], ast.Name) and values[0].id in found:
            found[name] = found[values[0].id]
            continue
        else:
            continue
        resolved = {imports.resolve(dotted) if (dotted := dotted_name(branch)) else None for branch in choice}
        cuda = next((branch for branch in resolved if branch and branch.startswith("torch.cuda.")), None)
        if cuda is not None and resolved == {cuda, "torch." + cuda.removeprefix("torch.cuda.")}:
            found[name] = cuda
    return found


def _bound_names(node: ast.stmt) -> list[str]:
    """The names any module-level statement binds, imports included."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [alias.asname or alias.name.partition(".")[0] for alias in node.names]
    return list(_rebound_names(node))


def _chain(chained: dict[str, str | None], importer: str, level: int, module: str | None) -> tuple[str, ...]:
    """Adds what a star import in the module ``importer`` brings from another project module (None: a clash);
    the torch modules whose names it brings by their own star imports."""
    stamp = module_file_stamp(Path(importer), level, module)
    if stamp is None or stamp[0] in _READING:
        return ()
    for name, qualified in _exports(*stamp):
        if chained.setdefault(name, qualified) != qualified:
            chained[name] = None
    return _module_names(*stamp).torch_stars


def _module_level(body: list[ast.stmt]):
    """Statements run at import: inside if/try/with blocks too, not inside functions or classes."""
    for node in body:
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            for name in ("body", "orelse", "finalbody"):
                yield from _module_level(getattr(node, name, []))
            for handler in getattr(node, "handlers", []):
                yield from _module_level(handler.body)


def _literal_names(value: ast.expr) -> list[str] | None:
    if isinstance(value, (ast.List, ast.Tuple)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
        return [e.value for e in value.elts]
    return None
