"""Dispatch tables: is a function kept in a table ever called through it?

``{"cuda": torch.cuda.reset_max_memory_allocated, ...}`` or ``[nn.init.normal, ...]`` only holds a function; a
function that warns when CALLED (nn.init.normal, torch.cuda.reset_max_memory_allocated) says nothing until
something calls it. A table element is a finding when the table flows into a call the file shows
(``TABLE[key](...)``, ``TABLE.get(key)(...)``, a loop over it that calls the element), or into a place the file
cannot see through (returned, passed to a function defined elsewhere, bound to another name): those count, so a
table that is used is only cleared when every use is seen to leave its values uncalled (patched in and out with
setattr, membership tests, item assignment). A table the file never reads may be imported elsewhere: it counts.
"""

from __future__ import annotations

import ast

from .imports import walk_nodes, walk_tree

# calls that read a table without calling its values
_NEUTRAL_CALLS = frozenset({"setattr", "len", "isinstance", "print", "id", "repr", "str", "sorted", "bool"})
# methods of a table that never hand a value out to be called
_NEUTRAL_METHODS = frozenset({"keys", "update", "clear", "__contains__", "__setitem__", "copy"})
_ITERATING_METHODS = frozenset({"items", "values"})


def note_table(target: ast.AST, value: ast.expr, elements: dict[int, str]) -> None:
    """``NAME = {...}`` / ``[...]`` / ``(...)`` / ``{a, b}``: record id(each value) -> NAME (called by the
    walker at each assignment, before it visits the values). A display nested in one (``{torch: [torch.qr,
    ...], torch.Tensor: [...]}``, the values grouped by owner) holds values of the same table."""
    if not isinstance(target, ast.Name):
        return
    stack = [value]
    while stack:
        display = stack.pop()
        items = display.values if isinstance(display, ast.Dict) else display.elts if isinstance(
            display, (ast.List, ast.Tuple, ast.Set)) else ()
        for item in items:
            if isinstance(item, (ast.Dict, ast.List, ast.Tuple, ast.Set)):
                stack.append(item)
            else:
                elements[id(item)] = target.id


def dispatched(tree: ast.AST, names: set[str], unread_counts: bool = True) -> set[str]:
    """The names among ``names`` whose table may be called through (see the module docstring). With
    ``unread_counts`` False, a table this file never reads does not count: the caller needs a call it can see."""
    parents = {id(child): node for node in walk_tree(tree) for child in ast.iter_child_nodes(node)}
    functions = {node.name: node for node in walk_tree(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return {name for name in names if _is_called_through(tree, name, parents, functions, 0, unread_counts)}


def _is_called_through(scope: ast.AST, name: str, parents: dict, functions: dict, depth: int,
                       unread_counts: bool = True) -> bool:
    uses = [node for node in walk_nodes(scope) if isinstance(node, ast.Name) and node.id == name
            and isinstance(node.ctx, ast.Load)]
    if not uses and depth == 0:
        return unread_counts  # never read here: another module may import it
    return any(_use_calls(use, parents, functions, depth) for use in uses)


def _use_calls(use: ast.Name, parents: dict, functions: dict, depth: int) -> bool:
    parent = parents.get(id(use))
    if isinstance(parent, ast.Subscript) and parent.value is use:
        if isinstance(parent.ctx, (ast.Store, ast.Del)):
            return False  # TABLE[key] = f
        return True  # TABLE[key](...), or handed on: it may be called
    if isinstance(parent, ast.Compare) and use is not parent.left:
        return False  # key in TABLE
    if isinstance(parent, ast.Attribute) and parent.value is use:
        if parent.attr in _NEUTRAL_METHODS:
            return False
        call = parents.get(id(parent))
        if parent.attr in _ITERATING_METHODS and isinstance(call, ast.Call) and call.func is parent:
            loop = parents.get(id(call))
            if isinstance(loop, ast.For) and loop.iter is call:
                return _loop_calls(loop, parents)
        return True
    if isinstance(parent, ast.For) and parent.iter is use:
        return _loop_calls(parent, parents)
    if isinstance(parent, ast.Call) and use in parent.args:
        callee = parent.func.id if isinstance(parent.func, ast.Name) else None
        if callee in _NEUTRAL_CALLS:
            return False
        function = functions.get(callee) if callee else None
        if function is None or depth >= 2 or function.args.vararg is not None:
            return True  # a function this file does not define: it may call what it gets
        params = [*function.args.posonlyargs, *function.args.args]
        index = parent.args.index(use)
        if index >= len(params):
            return True
        return _is_called_through(function, params[index].arg, parents, functions, depth + 1)
    return True


def _loop_calls(loop: ast.For, parents: dict) -> bool:
    """``for name, fn in TABLE.items(): ...``: the loop calls a value, or hands it to a call that might."""
    bound = {node.id for node in walk_nodes(loop.target) if isinstance(node, ast.Name)}
    for statement in loop.body:
        for node in walk_nodes(statement):
            if not (isinstance(node, ast.Name) and node.id in bound and isinstance(node.ctx, ast.Load)):
                continue
            parent = parents.get(id(node))
            if isinstance(parent, ast.Call) and parent.func is node:
                return True
            if isinstance(parent, ast.For) and parent.iter is node:  # a group of a nested table: its own loop
                if _loop_calls(parent, parents):
                    return True
                continue
            if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in _NEUTRAL_CALLS:
                continue
            if isinstance(parent, (ast.Call, ast.Return, ast.Assign, ast.keyword, ast.Subscript)):
                return True
    return False
