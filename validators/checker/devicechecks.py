"""Vendor-device checks: code for Ascend NPU, Cambricon MLU and the like, which stock torch never runs.

Such devices come from an out-of-tree plugin (``torch_npu``, ``torch_mlu``, ...) that adds ``torch.npu`` /
``torch.mlu`` when imported. On stock torch (2.15.0: no ``torch.npu``, ``torch.mlu``, ``torch.musa``,
``torch.dipu``, ``torch.gcu``, ``torch.sdaa``, ``torch.hpu``; ``torch.xpu``, ``torch.mps``, ``torch.mtia`` are
there, so they are not listed) these checks are False:

- ``hasattr(torch, "npu")``, alone or as a part of ``and``;
- ``importlib.util.find_spec("torch_npu")`` (``is not None``);
- a module-level flag a failed plugin import switches off (``try: import torch_npu ... except: FLAG = False``,
  importtime.failed_import_flags with ``imports_plugin``) or bound once to one of the checks above;
- a project helper without parameters whose every ``return`` gives one of these, ``False``/``None``, or sits
  in an ``if`` whose test is one of these (``def is_npu_available(): return IS_NPU_AVAILABLE``; ``def
  _is_npu(): if hasattr(torch, "npu") and torch.npu.is_available(): return True``).

A module whose own top level imports a plugin outside any ``try`` or ``if`` (``import torch_npu`` at the top of an
Ascend-only kernel file) loads only beside that device: the walker treats all of it like a branch that never runs.

``off_checks`` reads a module once and names them: ``"FLAG"`` and ``"helper()"``. A test naming them is then
decided False like a version check (walkguards._expanded, versionflags.ProjectFlags for another module's).
"""

from __future__ import annotations

import ast

from .guards import KnownOutcome  # not in substitute_off: an import statement there ran for every test
from .importtime import failed_import_flags, module_flags
from .imports import dotted_name, subnodes, walk_nodes, walk_tree

ABSENT_DEVICES = frozenset({"npu", "mlu", "musa", "dipu", "gcu", "sdaa", "hpu"})
PLUGIN_MODULES = frozenset({"torch_npu", "torch_mlu", "torch_musa", "torch_dipu", "torch_gcu", "torch_sdaa",
                            "habana_frameworks", "torch_xla"})  # (torch_xla: the TPU package, absent beside stock torch)


def imports_plugin(statement: ast.stmt) -> bool:
    """``import torch_npu`` / ``from torch_npu.contrib import transfer_to_npu``: fails on stock torch."""
    if isinstance(statement, ast.Import):
        return any(alias.name.partition(".")[0] in PLUGIN_MODULES for alias in statement.names)
    return isinstance(statement, ast.ImportFrom) and not statement.level and (
        statement.module or "").partition(".")[0] in PLUGIN_MODULES


def plugin_module(tree: ast.AST) -> bool:
    """A module whose own top level imports a plugin outside any ``try`` or ``if`` (``import torch_npu``): it loads
    only where the vendor's device is, so none of it runs on stock torch."""
    return any(imports_plugin(statement) for statement in getattr(tree, "body", ()))


def is_off(test: ast.expr, off: frozenset[str] | set[str] = frozenset()) -> bool:
    """A test False on stock torch: a device check, a name or helper call in ``off``, or ``a and <off>``."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(is_off(value, off) for value in test.values)
    if isinstance(test, ast.Name):
        return test.id in off
    if isinstance(test, ast.Attribute):
        return isinstance(test.value, ast.Name) and test.value.id == "self" and f"self.{test.attr}" in off
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot) and (
            isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None):
        return _finds_plugin(test.left)
    if not isinstance(test, ast.Call):
        return False
    if isinstance(test.func, ast.Name) and not test.args and not test.keywords and f"{test.func.id}()" in off:
        return True
    if isinstance(test.func, ast.Name) and test.func.id == "hasattr" and len(test.args) == 2:
        owner, name = test.args
        return dotted_name(owner) == "torch" and isinstance(name, ast.Constant) and name.value in ABSENT_DEVICES
    return _finds_plugin(test)


def _finds_plugin(node: ast.expr) -> bool:
    """``importlib.util.find_spec("torch_npu")`` / ``find_spec("torch_npu")``."""
    return isinstance(node, ast.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "find_spec" and (
        len(node.args) == 1 and isinstance(node.args[0], ast.Constant)
        and str(node.args[0].value).partition(".")[0] in PLUGIN_MODULES)


def off_checks(tree: ast.AST) -> frozenset[str]:
    """The module-level flags (``"FLAG"``) and helpers (``"helper()"``) of a module that are False on stock
    torch. Cheap for a module that never names a plugin or an absent device (the usual case)."""
    off = set(failed_import_flags(tree, imports_plugin))
    bound = module_flags(tree, lambda value: is_off(value))
    off.update(name for name, value in bound.items() if is_off(value))
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and _off_helper(statement, off):
            off.add(f"{statement.name}()")
    if off:
        off.update(_off_attributes(tree, off))
    return frozenset(off)


def _off_attributes(tree: ast.AST, off: set[str]) -> set[str]:
    """``"self.on_npu"`` where every binding in the module of an attribute so named is ``self.on_npu = <off>``
    (``self.on_npu = npu_is_available`` in ``__init__``), no ``setattr`` names it and none with a computed
    name sets attributes on ``self`` (an instance attribute hides one ``setattr`` puts on a class): ``if self.on_npu:``
    never runs on stock torch. (Another module may still set it; a plain flag copied onto ``self`` is taken
    as the device switch it names.)"""
    values: dict[str, list[ast.expr | None]] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for sub in walk_nodes(target):
                    if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                        owned = isinstance(sub.value, ast.Name) and sub.value.id == "self" and target is sub
                        values.setdefault(sub.attr, []).append(node.value if owned else None)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Attribute):
            values.setdefault(node.target.attr, []).append(None)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" and (
                len(node.args) >= 2):
            name = node.args[1]
            if isinstance(name, ast.Constant):
                values.setdefault(str(name.value), []).append(None)
            elif isinstance(node.args[0], ast.Name) and node.args[0].id == "self":
                return set()  # a computed name set on the instance itself: any attribute may be rebound
    return {f"self.{attr}" for attr, bound in values.items()
            if all(value is not None and is_off(value, off) for value in bound)}


def _off_helper(function: ast.FunctionDef | ast.AsyncFunctionDef, off: set[str]) -> bool:
    """Takes no arguments and every return gives False/None, an off check, or sits under an off ``if``; one at
    least is a check (a stub returning False is not a device helper)."""
    args = function.args
    if len(function.body) > 8:  # helpers are short; this also keeps the walk below small
        return False
    if args.posonlyargs or args.args or args.vararg or args.kwonlyargs or args.kwarg or function.decorator_list:
        return False
    if any(isinstance(node, (ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal, ast.FunctionDef,
                             ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
           for statement in function.body for node in subnodes(statement)):  # (no leaf is wanted)
        return False
    evidence = False

    def block_off(statements: list[ast.stmt]) -> bool:
        nonlocal evidence
        for statement in statements:
            if isinstance(statement, ast.Return):
                value = statement.value
                if value is None or isinstance(value, ast.Constant) and value.value in (False, None):
                    continue
                if not is_off(value, off):
                    return False
                evidence = True
            elif isinstance(statement, ast.If) and is_off(statement.test, off):
                evidence = True  # its body never runs: `return True` there never happens
                if not block_off(statement.orelse):
                    return False
            else:
                for field in ("body", "orelse", "finalbody"):
                    if not block_off(getattr(statement, field, None) or []):
                        return False
                for handler in getattr(statement, "handlers", ()):
                    if not block_off(handler.body):
                        return False
                for case in getattr(statement, "cases", ()):
                    if not block_off(case.body):
                        return False
        return True

    found = block_off(function.body) and evidence
    del block_off  # a recursive closure is a reference cycle: it would keep the function's tree until a collection
    return found


def substitute_off(test: ast.expr, off_outcome) -> ast.expr:
    """``test`` with each part that ``off_outcome(part)`` says is False on stock torch (alone or under not / and
    / or) replaced by a KnownOutcome(False)."""
    if isinstance(test, (ast.Name, ast.Attribute, ast.Call)):
        return ast.copy_location(KnownOutcome(False), test) if off_outcome(test) else test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        operand = substitute_off(test.operand, off_outcome)
        return test if operand is test.operand else ast.UnaryOp(test.op, operand)
    if isinstance(test, ast.BoolOp):
        values = [substitute_off(value, off_outcome) for value in test.values]
        return test if all(a is b for a, b in zip(values, test.values)) else ast.BoolOp(test.op, values)
    return test
