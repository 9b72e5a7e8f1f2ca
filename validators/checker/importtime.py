"""Module-level defaults that the module itself replaces while it is imported.

``jit_fuser = torch.jit.script`` followed by ``def enable_jit_fuser(): global jit_fuser; ... jit_fuser =
torch.compile`` and a module-level ``enable_jit_fuser()`` call: once the module is imported the name holds the
replacement, so the old function is never called through it (Megatron's jit.py). The default counts as
replaced only when the function is called at module level after the binding, nothing at module level reads
the name in between, and the function rebinds it on a path that runs on the target: not in an exception
handler, and behind ``if`` tests only when ``runs(test)`` says the branch runs there.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import statements, subnodes, walk_nodes


def replaced_defaults(tree: ast.Module, runs: Callable[[ast.expr], bool | None]) -> set[int]:
    """id() of the values of module-level ``NAME = <reference>`` bindings replaced at import."""
    body = getattr(tree, "body", [])
    functions = {node.name: node for node in body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if not functions or not any(_module_level_call(statement) in functions for statement in body):
        return set()  # the common case, decided without reading any function body
    replaced: set[int] = set()
    for index, statement in enumerate(body):
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(statement.value, (ast.Attribute, ast.Name))):
            continue
        name = statement.targets[0].id
        for later in body[index + 1:]:
            called = _module_level_call(later)
            if called in functions and _rebinds(functions[called], name, runs):
                replaced.add(id(statement.value))
                break
            if _reads(later, name):
                break
    return replaced


def _module_level_call(statement: ast.stmt) -> str | None:
    if (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
            and isinstance(statement.value.func, ast.Name) and not statement.value.args):
        return statement.value.func.id
    return None


def _reads(statement: ast.stmt, name: str) -> bool:
    """A statement run at import that reads ``name`` (a decorator, an assignment, a call): function and class
    bodies are not run, but their decorators and defaults are."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        heads = [*statement.decorator_list]
        if not isinstance(statement, ast.ClassDef):
            heads += [*statement.args.defaults, *(d for d in statement.args.kw_defaults if d is not None)]
        else:
            heads += [*statement.bases, *(k.value for k in statement.keywords)]
        nodes = heads
    else:
        nodes = [statement]
    return any(isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
               for top in nodes for node in walk_nodes(top))


def _rebinds(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, runs) -> bool:
    if not any(isinstance(node, ast.Global) and name in node.names for node in walk_nodes(function)):
        return False
    return _block_rebinds(function.body, name, runs)


def _block_rebinds(statements: list[ast.stmt], name: str, runs) -> bool:
    for statement in statements:
        if isinstance(statement, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == name for target in statement.targets):
            return True
        if isinstance(statement, (ast.Return, ast.Raise)):
            return False
        if isinstance(statement, ast.If):
            taken = runs(statement.test)
            if taken is True and _block_rebinds(statement.body, name, runs):
                return True
            if taken is False and _block_rebinds(statement.orelse, name, runs):
                return True
            if taken is None:
                continue
        elif isinstance(statement, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            if _block_rebinds(statement.body, name, runs):  # the handlers run only when the body fails
                return True
        elif isinstance(statement, (ast.With, ast.AsyncWith)) and _block_rebinds(statement.body, name, runs):
            return True
    return False


def module_flags(tree: ast.AST, is_check: Callable[[ast.expr], bool]) -> dict[str, ast.expr]:
    """Names bound once, at module level, to a version or feature check (``is_check``) and never rebound
    there or through ``global``: ``_USES_WINDOW_SIZE = f is not None and "window_size" in
    inspect.signature(f).parameters``. Only the module's own statements are read unless a candidate is found."""
    body = getattr(tree, "body", [])
    bound: dict[str, int] = {}
    candidates: dict[str, ast.expr] = {}
    for statement in body:
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target] if isinstance(
            statement, (ast.AugAssign, ast.AnnAssign, ast.For)) else []
        for target in targets:
            for name in walk_nodes(target):
                if isinstance(name, ast.Name):
                    bound[name.id] = bound.get(name.id, 0) + 1
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(statement.value, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Call))
                and is_check(statement.value)):
            candidates[statement.targets[0].id] = statement.value
    candidates = {name: value for name, value in candidates.items() if bound.get(name) == 1}
    if candidates:
        rebound = _declared_global(tree)
        candidates = {name: value for name, value in candidates.items() if name not in rebound}
    return candidates


def failed_import_flags(tree: ast.AST, fails: Callable[[ast.stmt], bool]) -> set[str]:
    """Module-level flags a failed import switches off: ``_AVAIL = True; try: from torch.x import f`` then
    ``except Exception: _AVAIL = False``, where ``fails(import statement)`` says the import raises on the
    target. Such a flag is False there, so ``if _AVAIL ...:`` never runs. The flag may be bound elsewhere at
    module level only to True, and no ``global`` statement may rebind it."""
    body = getattr(tree, "body", [])
    switched: set[str] = set()
    for statement in body:
        if isinstance(statement, ast.Try) and any(
                isinstance(inner, (ast.Import, ast.ImportFrom)) and fails(inner) for inner in statement.body):
            for handler in statement.handlers:
                switched.update(_names_set_to(handler.body, False))
    if not switched:
        return switched
    for statement in body:  # other module-level bindings: only `= True` (the try body's own included, up to the
        # failing import: what follows it there never runs on the target)
        for inner in ([statement] if not isinstance(statement, ast.Try) else
                      [*_until_failing(statement.body, fails), *statement.orelse, *statement.finalbody]):
            if isinstance(inner, ast.Assign):
                for target in inner.targets:
                    for name in walk_nodes(target):
                        if isinstance(name, ast.Name) and name.id in switched and not (
                                isinstance(inner.value, ast.Constant) and inner.value.value is True):
                            switched.discard(name.id)
            elif isinstance(inner, (ast.AugAssign, ast.AnnAssign)) and isinstance(inner.target, ast.Name):
                switched.discard(inner.target.id)
    if switched:
        switched -= _declared_global(tree)
    return switched


def _until_failing(statements: list[ast.stmt], fails) -> list[ast.stmt]:
    for index, statement in enumerate(statements):
        if isinstance(statement, (ast.Import, ast.ImportFrom)) and fails(statement):
            return statements[:index]
    return statements


def _declared_global(tree: ast.AST) -> set[str]:
    """Names some function declares ``global``: it may rebind them, so a module-level value is not final.
    ``global`` is a statement: the statements alone are walked, not the expressions."""
    return {name for node in statements(tree) if isinstance(node, ast.Global) for name in node.names}


def _names_set_to(statements: list[ast.stmt], value: bool) -> set[str]:
    return {target.id for statement in statements if isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Constant) and statement.value.value is value
            for target in statement.targets if isinstance(target, ast.Name)}


def always_false_flags(tree: ast.AST) -> set[str]:
    """Module-level names every module-level binding sets to the constant False (``try: ... HAS_X = False``
    ``except: HAS_X = False``, a feature switched off on both paths), never declared ``global`` by a function:
    ``if HAS_X:`` never runs, whatever happened in the ``try``. A name set False only by a plain statement of the
    module's own body (``CUDA_ENABLED = False``) is a setting, which another module may switch on
    (``cuda.CUDA_ENABLED = True``, pytext's utils/cuda.py): its branches may run."""
    false: set[str] = set()
    other: set[str] = set()
    outcome: set[str] = set()  # set False inside a try or an if: an outcome, not a setting
    top = {id(statement) for statement in getattr(tree, "body", [])}
    stack = list(getattr(tree, "body", []))
    while stack:
        statement = stack.pop()
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(statement.name)
            continue
        if isinstance(statement, ast.Assign):
            constant = isinstance(statement.value, ast.Constant) and statement.value.value is False
            for target in statement.targets:
                names = {n.id for n in subnodes(target) if isinstance(n, ast.Name)}
                (false if constant and isinstance(target, ast.Name) else other).update(names)
                if constant and id(statement) not in top:
                    outcome.update(names)
            continue
        # (names, aliases, handlers: none is a leaf, which subnodes leaves out)
        for node in subnodes(statement) if not nested_statements(statement) else _heads(statement):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                other.add(node.id)
            elif isinstance(node, ast.alias):
                other.add((node.asname or node.name).partition(".")[0])
            elif isinstance(node, ast.ExceptHandler) and node.name:
                other.add(node.name)
        if id(statement) in top and _is_main_block(statement):
            top.update(id(inner) for inner in statement.body)  # the script's own settings, as at top level
        for field in ("body", "orelse", "finalbody"):
            stack.extend(getattr(statement, field, None) or [])
        for handler in getattr(statement, "handlers", ()):
            if handler.name:
                other.add(handler.name)
            stack.extend(handler.body)
        for case in getattr(statement, "cases", ()):
            stack.extend(case.body)
    flags = (false - other) & outcome  # a lone `CUDA_ENABLED = False` is a switch other modules set
    if flags:
        flags -= _declared_global(tree)
    return flags


def _is_main_block(statement: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either order): its body is the script itself, not a branch of it."""
    if not isinstance(statement, ast.If) or not isinstance(test := statement.test, ast.Compare) or len(test.ops) != 1 \
            or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(side, ast.Name) and side.id == "__name__" for side in sides) and any(
        isinstance(side, ast.Constant) and side.value == "__main__" for side in sides)


def nested_statements(statement: ast.stmt) -> bool:
    return any(getattr(statement, field, None) for field in ("body", "orelse", "finalbody", "handlers", "cases"))


def _heads(statement: ast.stmt) -> list[ast.AST]:
    """The parts of a compound statement that are not nested statements (a with's items, a for's target)."""
    heads: list[ast.AST] = []
    for field in ("test", "target", "iter", "items", "subject"):
        value = getattr(statement, field, None)
        if isinstance(value, list):
            for item in value:
                heads.extend(subnodes(item))
        elif value is not None:
            heads.extend(subnodes(value))
    return heads
