"""Entries of a dict of losses that require grad where gradscalars.py reads a conversion (``float(x)``, ``"%g" % x``).

Training loops keep their losses in a dict and convert its entries for the progress line:

- ``loss = loss_dict["geo"] + loss_dict["cls"]; loss.backward()`` with ``loss_dict = criterion(...)``, then
  ``"%12.4g" % (loss_dict["geo"], ...)``: an entry summed into the backpropagated loss carries the graph;
- ``losses["all"] = all_loss; all_loss.backward()``, then ``for key in losses: float(losses[key])``, or
  ``{k: float(v) for k, v in terms.items()}`` of a dict built as ``{"Loss": loss, ...}``: a loop over every entry
  reaches the one that holds the backpropagated loss;
- ``total = sum(losses.values()); total.backward()``, then the same loops: every entry was summed into the graph.

Each converts a tensor that requires grad (UserWarning "Converting a tensor with requires_grad=True to a scalar may
lead to unexpected behavior", run on 2.15). Only a dict name the function binds once to a call's result counts for the
first shape, and one it binds only to displays (an empty one filled by item stores too) for the second.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import assigned_pairs

Entry = Callable[[ast.expr], bool]


def grad_entries(statements: list[ast.stmt], nodes: list[ast.AST], backed: set[str],
                 bound_once: Callable[[str], bool]) -> tuple[Entry | None, set[str]]:
    """A test of whether a subscript reads such an entry (None when none can), and the loop variables bound to the
    entries (``v`` of ``for k, v in losses.items()``). ``backed``: the names given backward() (and their terms);
    ``bound_once``: the function binds the name once."""
    keyed = _summed_entries(statements, backed, bound_once)
    holding = _dicts_holding(statements, backed) | _summed_dicts(statements, backed)
    keys: set[tuple[str, str]] = set()  # (dict, loop variable) of `for key in losses:`
    values: set[str] = set()
    for target, iterated in _loops(nodes):
        name, method = _iterated_dict(iterated)
        if name not in holding:
            continue
        if method in (None, "keys") and isinstance(target, ast.Name):
            keys.add((name, target.id))
        elif method == "values" and isinstance(target, ast.Name):
            values.add(target.id)
        elif method == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2 \
                and isinstance(target.elts[1], ast.Name):
            values.add(target.elts[1].id)

    def entry(node: ast.expr) -> bool:
        if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)):
            return False
        index = node.slice
        if isinstance(index, ast.Constant):
            return (node.value.id, index.value) in keyed
        return isinstance(index, ast.Name) and (node.value.id, index.id) in keys
    return (entry if keyed or keys else None), values


def _summed_entries(statements: list[ast.stmt], backed: set[str], bound_once) -> set[tuple[str, object]]:
    """(dict, key) of each ``d["k"]`` summed into a name given backward(), ``d`` bound once to a call's result."""
    made = {statement.targets[0].id for statement in statements if isinstance(statement, ast.Assign)
            and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and isinstance(statement.value, ast.Call)}
    found = set()
    for statement in statements:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id in backed:
            for operand in _summed_operands(statement.value):
                if isinstance(operand, ast.Subscript) and isinstance(operand.value, ast.Name) \
                        and isinstance(operand.slice, ast.Constant) and operand.value.id in made \
                        and bound_once(operand.value.id):
                    found.add((operand.value.id, operand.slice.value))
    return found


def _summed_operands(value: ast.expr) -> list[ast.expr]:
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        return _summed_operands(value.left) + _summed_operands(value.right)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):  # w * d["k"]: a weighted term
        return [operand for operand in (value.left, value.right) if isinstance(operand, ast.Subscript)]
    return [value]


def _dicts_holding(statements: list[ast.stmt], backed: set[str]) -> set[str]:
    """Dict names bound only to displays (``{}`` included, ``terms, loss = {}, 0`` too) that hold a name given
    backward(): in the display, by an item store (``losses["all"] = all_loss``) or an update with a display
    (``terms.update({"Loss": loss})``)."""
    displays: dict[str, list[ast.Dict]] = {}
    other: set[str] = set()
    for statement in statements:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                for part, value in assigned_pairs(target, statement.value):
                    if isinstance(part, ast.Name):
                        (displays.setdefault(part.id, []).append(value) if isinstance(value, ast.Dict)
                         else other.add(part.id))
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            other.update(node.id for node in ast.walk(statement.target) if isinstance(node, ast.Name))
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            other.update(node.id for item in statement.items if item.optional_vars is not None
                         for node in ast.walk(item.optional_vars) if isinstance(node, ast.Name))
    dicts = set(displays) - other

    def holds(display: ast.Dict) -> bool:
        return any(isinstance(value, ast.Name) and value.id in backed for value in display.values)
    holding = {name for name in dicts if any(holds(display) for display in displays[name])}
    for statement in statements:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Name) \
                and statement.value.id in backed:
            holding |= {target.value.id for target in statement.targets if isinstance(target, ast.Subscript)
                        and isinstance(target.value, ast.Name) and target.value.id in dicts}
        elif isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call) \
                and isinstance(call.func, ast.Attribute) and call.func.attr == "update" \
                and isinstance(call.func.value, ast.Name) and call.func.value.id in dicts \
                and len(call.args) == 1 and isinstance(call.args[0], ast.Dict) and holds(call.args[0]):
            holding.add(call.func.value.id)
    return holding


def _summed_dicts(statements: list[ast.stmt], backed: set[str]) -> set[str]:
    """Dict names whose every value a name given backward() sums (``total = sum(losses.values())``, or a generator
    over them), not bound again below that line: each entry is part of the graph."""
    found: dict[str, int] = {}
    for statement in statements:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id in backed \
                and (name := _values_summed(statement.value)) is not None:
            found.setdefault(name, statement.lineno)
    for statement in statements:
        if isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name) and statement.lineno > found.get(node.id, statement.lineno):
                        found.pop(node.id)
    return set(found)


def _values_summed(value: ast.expr) -> str | None:
    """``sum(d.values())`` / ``sum(v for v in d.values())`` -> ``d``."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "sum"
            and len(value.args) == 1 and not value.keywords):
        return None
    summed = value.args[0]
    if isinstance(summed, ast.GeneratorExp) and len(summed.generators) == 1 and not summed.generators[0].ifs \
            and isinstance(summed.elt, ast.Name) and isinstance(summed.generators[0].target, ast.Name) \
            and summed.elt.id == summed.generators[0].target.id:
        summed = summed.generators[0].iter
    name, method = _iterated_dict(summed)
    return name if method == "values" else None


def _loops(nodes: list[ast.AST]):
    """(target, iterated) of each for statement and comprehension among ``nodes``."""
    for node in nodes:
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            yield node.target, node.iter


def _iterated_dict(iterated: ast.expr) -> tuple[str | None, str | None]:
    """``losses`` -> ("losses", None); ``losses.items()`` -> ("losses", "items"); anything else -> (None, None)."""
    if isinstance(iterated, ast.Name):
        return iterated.id, None
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Attribute) and not iterated.args \
            and iterated.func.attr in ("keys", "values", "items") and isinstance(iterated.func.value, ast.Name):
        return iterated.func.value.id, iterated.func.attr
    return None, None
