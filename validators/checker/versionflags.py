"""Version flags: module-level names bound once to a version check, read where a test names them.

``WITH_PT20 = int(torch.__version__.split(".")[0]) >= 2`` and ``WITH_PT23 = WITH_PT20 and
int(torch.__version__.split(".")[1]) >= 3`` (PyG's torch_geometric/typing.py): a flag may read another flag of
its module, so a name is expanded into its expression, and the names in that expression again
(``expand_flags``). Another module of the project reads them as ``torch_geometric.typing.WITH_PT23`` after
``import torch_geometric.typing``, or as ``WITH_PT23`` after ``from torch_geometric.typing import WITH_PT23``:
``ProjectFlags`` reads the defining module (once per run) and keeps the flags whose outcome on the target is
decided by the version alone, whatever the rules know of removed names (the module's hasattr checks are not
judged from afar). A test part so decided becomes ``KnownOutcome``, which the guard reader takes as it is.
"""

from __future__ import annotations

import ast
import copy
from functools import lru_cache
from pathlib import Path

from .guards import KnownOutcome, guard_outcome, is_version_guard
from .imports import ImportMap, dotted_name, statements, walk_nodes
from .devicechecks import off_checks
from .hubtrust import module_constants
from .importtime import module_flags
from .source import parse_module_file
from .starimports import module_file_stamp

_DEPTH = 4  # flags of flags: PyG's WITH_PT23 reads WITH_PT20; deeper chains are not written


def logical_leaves(test: ast.expr):
    """The operands ``test`` combines with not / and / or (``test`` itself when it is none of them)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        yield from logical_leaves(test.operand)
    elif isinstance(test, ast.BoolOp):
        for value in test.values:
            yield from logical_leaves(value)
    else:
        yield test


def map_logical_leaves(test: ast.expr, replace) -> ast.expr:
    """``test`` rebuilt with each operand of its not / and / or replaced by ``replace(operand)``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return ast.UnaryOp(test.op, map_logical_leaves(test.operand, replace))
    if isinstance(test, ast.BoolOp):
        return ast.BoolOp(test.op, [map_logical_leaves(value, replace) for value in test.values])
    return replace(test)


def expand_flags(test: ast.expr, flags: dict[str, ast.expr], depth: int = _DEPTH) -> ast.expr:
    """``test`` with each flag it names (alone or under not / and / or) replaced by the flag's expression, and
    the flags that expression names in turn, ``depth`` levels down."""
    if not flags or depth <= 0:
        return test

    def expand(leaf: ast.expr) -> ast.expr:
        value = flags.get(leaf.id) if isinstance(leaf, ast.Name) else None
        return leaf if value is None else expand_flags(value, flags, depth - 1)
    return map_logical_leaves(test, expand)


def stored_attribute_counts(tree: ast.AST) -> dict[str, int]:
    """Attribute name -> how many assignment targets in the file store it (``x.name = ...``, ``a.name += ...``)."""
    stored: dict[str, int] = {}
    for _, _, part in _attribute_stores(tree):
        stored[part.attr] = stored.get(part.attr, 0) + 1
    return stored


def _attribute_stores(tree: ast.AST):
    """(assignment, target, attribute) for each attribute an assignment target of the file stores (``x.name = ...``,
    ``a.name += ...``, ``a.b, c.d = ...``)."""
    for node in statements(tree):  # assignments are statements: no expression needs visiting
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else ()
        for target in targets:
            for part in walk_nodes(target):
                if isinstance(part, ast.Attribute):
                    yield node, target, part


def attribute_flags(cls: ast.ClassDef, stored, is_check) -> dict[str, ast.expr]:
    """``self._newstyle = not _pytorch_version_lt("1.1.0")`` (torchbearer's scheduler callback): an attribute the
    class binds once to a version check, and the file stores nowhere else, read as that check where a method of
    the class tests ``self._newstyle``. ``stored()`` gives the file's :func:`stored_attribute_counts`, asked only
    when the class binds an attribute to a check at all. Attribute name -> the check."""
    checks = {node.targets[0].attr: node.value for node in statements(cls)
              if isinstance(node, ast.Assign) and len(node.targets) == 1 and _self_attribute(node.targets[0])
              and is_check(node.value)}
    return {name: check for name, check in checks.items() if stored().get(name) == 1} if checks else {}


def attribute_versions(cls: ast.ClassDef, tree: ast.AST, reads_version) -> dict[str, ast.expr]:
    """``self.pytorch_version = torch.__version__[2]``: an attribute the class binds to torch's version string or a
    piece of it, read as that expression where a method tests it (versionstrings.py decides the test). Every store of
    that attribute name in the file must be the same expression (two classes of a file often both keep the piece).
    Attribute name -> the expression."""
    found = {node.targets[0].attr: node.value for node in statements(cls)
             if isinstance(node, ast.Assign) and len(node.targets) == 1 and _self_attribute(node.targets[0])
             and reads_version(node.value)}
    if not found:
        return {}
    shapes = {name: ast.dump(value) for name, value in found.items()}
    for node, target, part in _attribute_stores(tree):
        if part.attr in shapes and not (
                isinstance(node, ast.Assign) and part is target and ast.dump(node.value) == shapes[part.attr]):
            shapes.pop(part.attr)  # stored from something else too
    return {name: found[name] for name in shapes}


def expand_attribute_flags(test: ast.expr, flags: dict[str, ast.expr]) -> ast.expr:
    """``test`` with each ``self.<flag>`` it reads (alone, under not / and / or) replaced by the flag's check."""
    return map_logical_leaves(test, lambda leaf: flags.get(leaf.attr, leaf) if _self_attribute(leaf) else leaf)


def reads_self_attribute(test: ast.expr) -> bool:
    """``self.flag`` alone or under not / and / or (what :func:`expand_attribute_flags` replaces)."""
    return any(_self_attribute(leaf) for leaf in logical_leaves(test))


def reads_self_anywhere(test: ast.expr) -> bool:
    """``test`` reads some ``self.<name>``, at any depth (``self.pytorch_version == "1"``)."""
    return any(_self_attribute(node) for node in walk_nodes(test))


def substitute_self_attributes(test: ast.expr, values: dict[str, ast.expr]) -> ast.expr:
    """``test`` with each ``self.<name>`` of ``values``, at any depth, replaced by its expression (``self.pytorch_version
    == "1"`` -> ``torch.__version__[2] == "1"``, which versionstrings.py decides); the same node when none is read."""
    if not values or not any(_self_attribute(node) and node.attr in values for node in walk_nodes(test)):
        return test

    class _Replace(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
            if _self_attribute(node) and isinstance(node.ctx, ast.Load) and node.attr in values:
                return values[node.attr]
            return self.generic_visit(node)

    return _Replace().visit(copy.deepcopy(test))


def _self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def known_flags(tree: ast.AST, target: tuple[int, int]) -> dict[str, bool]:
    """The module-level version flags of a module and their outcome on the target, where the version alone
    decides it (the same outcome whether or not the rules say a probed torch name is gone)."""
    imports = ImportMap.from_tree(tree)
    flags = module_flags(tree, lambda value: is_version_guard(value, imports))
    found: dict[str, bool] = {}
    for name in flags:
        test = expand_flags(ast.Name(name, ast.Load()), flags)
        if not is_version_guard(test, imports):
            continue
        outcomes = {guard_outcome(test, imports, target, removed=lambda _: gone, removed_keyword=lambda *_: gone)
                    for gone in (False, True)}
        if len(outcomes) == 1 and (outcome := outcomes.pop()) is not None:
            found[name] = outcome
    return found


def _module_known_flags(path: str, size: int, mtime: int, target: tuple[int, int]) -> tuple[tuple[str, bool], ...]:
    return _module_facts(path, size, mtime, target)[0]


@lru_cache(maxsize=256)
def _module_facts(path: str, size: int, mtime: int, target: tuple[int, int]):
    """What other modules read of a module, from one parse: its version flags on ``target``, its
    vendor-device checks, the names its module-level ``from X import name`` re-exports (a package's
    ``__init__.py``: ``from .utils import is_npu_available``), and its string constants (hubtrust.py)."""
    if (tree := parse_module_file(Path(path))) is None:
        return (), frozenset(), {}, {}
    exported = {alias.asname or alias.name: (statement.level, statement.module, alias.name)
                for statement in tree.body if isinstance(statement, ast.ImportFrom) and statement.module
                for alias in statement.names if alias.name != "*"}
    flags = tuple(known_flags(tree, target).items())
    return flags, off_checks(tree), exported, module_constants(tree)


def _off_in(stamp: tuple[str, int, int], name: str, called: bool, target: tuple[int, int], depth: int = 2) -> bool:
    """``name`` (``name()`` when called) is a vendor-device check of that module or one it re-exports from."""
    _, off, exported, _ = _module_facts(*stamp, target)
    if (f"{name}()" if called else name) in off:
        return True
    if depth <= 0 or name not in exported:
        return False
    level, module, original = exported[name]
    inner = module_file_stamp(Path(stamp[0]), level, module)
    return inner is not None and _off_in(inner, original, called, target, depth - 1)


class ProjectFlags:
    """The version flags a file reads from its project's other modules (looked up lazily, once per name)."""

    def __init__(self, tree: ast.Module, filename: str, project_file: bool, target: tuple[int, int],
                 imported: set[str]):
        """``imported``: the names the file's non-torch imports bind (ImportMap.other_names); a test naming none
        of them is answered without reading the file's imports."""
        self.tree, self.filename, self.project_file, self.target = tree, filename, project_file, target
        self.imported = imported
        self._names: dict[str, tuple[int, str | None, str]] | None = None  # local name -> (level, module, name)
        self._modules: dict[str, str] | None = None  # local dotted name -> module (`import a.b`, `import a.b as m`)
        self._found: dict[str, bool | None] = {}
        self._off: dict[str, bool] = {}  # device_off answers

    def outcome(self, node: ast.expr) -> bool | None:
        """``WITH_PT23`` (imported by name) or ``pkg.mod.WITH_PT23`` (``import pkg.mod``): its outcome, or None."""
        if not self.project_file or not isinstance(node, (ast.Name, ast.Attribute)):
            return None
        dotted = dotted_name(node)
        if dotted is None or dotted.partition(".")[0] not in self.imported:
            return None
        if dotted not in self._found:
            self._found[dotted] = self._look_up(dotted)
        return self._found[dotted]

    def substitute(self, test: ast.expr) -> ast.expr:
        """``test`` with each project flag it names (alone or under not / and / or) replaced by its outcome."""
        if isinstance(test, (ast.Name, ast.Attribute)):
            outcome = self.outcome(test)
            return test if outcome is None else ast.copy_location(KnownOutcome(outcome), test)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            operand = self.substitute(test.operand)
            return test if operand is test.operand else ast.UnaryOp(test.op, operand)
        if isinstance(test, ast.BoolOp):
            values = [self.substitute(value) for value in test.values]
            return test if all(a is b for a, b in zip(values, test.values)) else ast.BoolOp(test.op, values)
        return test

    def device_off(self, node: ast.expr) -> bool:
        """``is_npu_available()`` / ``envs._is_npu()`` / ``IS_NPU_AVAILABLE`` imported from a module of the project
        that defines it as a vendor-device check, False on stock torch (devicechecks.py)."""
        called = isinstance(node, ast.Call) and not node.args and not node.keywords
        if called:
            node = node.func
        if not self.project_file or not isinstance(node, (ast.Name, ast.Attribute)):
            return False
        dotted = dotted_name(node)
        if dotted is None or dotted.partition(".")[0] not in self.imported:
            return False
        key = f"{dotted}()" if called else dotted
        if key not in self._off:
            found = self._module_of(dotted)
            self._off[key] = found is not None and _off_in(*found, called, self.target)
        return self._off[key]

    def constant(self, name: str) -> str | tuple[str, ...] | frozenset[str] | None:
        """A string constant (or a list of strings' leading items, or a dict of strings' values) the module the
        file imports ``name`` from binds to it (hubtrust.module_constants); None when unknown."""
        if not self.project_file or name not in self.imported:
            return None
        found = self._module_of(name)
        return None if found is None else _module_facts(*found[0], self.target)[3].get(found[1])

    def defining_module(self, node: ast.expr) -> tuple[tuple[str, int, int], str] | None:
        """``KW`` (imported by name) or ``helper.KW`` (a project module imported): the defining module file's
        stamp and the name there; None for names the file binds itself or imports from elsewhere."""
        dotted = dotted_name(node) if self.project_file else None
        if dotted is None or dotted.partition(".")[0] not in self.imported:
            return None
        return self._module_of(dotted)

    def _module_of(self, dotted: str) -> tuple[tuple[str, int, int], str] | None:
        """The defining module file's stamp and the name there of ``dotted``."""
        if self._names is None:
            self._read_imports()
        if "." not in dotted:
            found = self._names.get(dotted)
            if found is None:
                return None
            level, module, name = found
        else:
            owner, _, name = dotted.rpartition(".")
            module, level = self._modules.get(owner), 0
            if module is None and owner in self._names:  # `from utils import onnx_helper`: a module imported by name
                level, package, submodule = self._names[owner]
                module = f"{package}.{submodule}" if package else submodule
            if module is None:
                return None
        stamp = module_file_stamp(Path(self.filename), level, module)
        return None if stamp is None else (stamp, name)

    def _look_up(self, dotted: str) -> bool | None:
        found = self._module_of(dotted)
        return None if found is None else dict(_module_known_flags(*found[0], self.target)).get(found[1])

    def _read_imports(self) -> None:
        self._names, self._modules = {}, {}
        for node in statements(self.tree):  # imports are statements: expressions need no visit
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name != "*":
                        self._names[alias.asname or alias.name] = (node.level, node.module, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self._modules[alias.asname or alias.name] = alias.name
