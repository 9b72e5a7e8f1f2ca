"""``backward()`` through a graph recorded before an ``optimizer.step()`` that updated its weights in place.

GAN and actor-critic loops of 2017-2019 give one loss ``backward(retain_graph=True)``, step an optimizer, then give
``backward()`` a second loss built from the same forward pass:

    d_loss.backward(retain_graph=True)
    d_optimizer.step()
    g_loss = -torch.mean(d_fake)        # d_fake = D(G(z)), computed before the step
    g_loss.backward()

Up to 1.4 optimizers updated ``p.data``, which autograd does not see; since 1.5 they update the parameters in place
under ``no_grad`` (pytorch/pytorch#30258), which bumps their version counters, so the second backward raises
``RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation``
wherever the old graph saved one of those weights. Only what the function spells counts: a ``backward(retain_graph=
True)``, then a plain ``<optimizer>.step()``, then ``backward()`` of a name whose value comes from before that step:
bound before it (to a call's result or arithmetic), or bound after it by arithmetic, torch functions or tensor
methods of such names alone (a module's fresh forward in between may start a new graph: not followed); and the
optimizer's name must say it trains a module whose forward recorded that graph (``optimizer_G`` and ``netG(z)``,
``self.optimizers["dec"]`` and ``self.dec(...)``): a step of another part's weights (CQL's ``alpha_prime_opt``)
leaves the graph's saved tensors alone, and a plain ``optimizer`` says nothing.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import code_scopes, own_statements, walk_nodes
from .steporder import OPTIMIZER_NAME

# the part of an optimizer's name that says what it trains: optimizer_G, g_optimizer, optimizerD, opt_enc
_OPTIMIZER_PART = re.compile(r"(?P<before>[a-z0-9_]*?)_?(?:optimi[sz]er|optim|opt)_?(?P<after>[a-z0-9_]*)",
                             re.IGNORECASE)
_DETACHING = frozenset({"detach", "item", "tolist", "numpy", "data"})
# tensor methods that keep the graph of their receiver (and add no parameters of their own)
_TENSOR_METHODS = frozenset({"mean", "sum", "abs", "pow", "sqrt", "exp", "log", "view", "reshape", "squeeze",
                             "unsqueeze", "norm", "mul", "add", "sub", "div", "neg", "clamp", "float", "t",
                             "transpose", "permute", "contiguous", "max", "min", "std", "var"})


def stale_backwards(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                    text: str | None = None) -> Iterator[ast.Call]:
    """Each ``backward()`` call through a graph an optimizer step made stale (module docstring)."""
    if text is not None and ("retain_graph" not in text and "retain_variables" not in text or ".step(" not in text):
        return
    for scope in code_scopes(tree):
        statements = list(own_statements(scope))
        if not any(_retaining_backward(node) for statement in statements for node in _calls(statement)):
            continue
        yield from _in_scope(statements, resolve)


def _in_scope(statements: list[ast.stmt], resolve) -> Iterator[ast.Call]:
    retained = None  # position of the first retaining backward
    stepped: list[tuple[int, str]] = []  # (position, what the optimizer trains) of each step after it
    bindings: dict[str, list[tuple[int, ast.expr | None]]] = {}
    for position, statement in enumerate(statements):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name):
            bindings.setdefault(statement.targets[0].id, []).append((position, statement.value))
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            # `mu, logvar = self.E(x)`: each item holds what the call recorded; a loop's or `+=`'s: unknown
            unpacked = isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in walk_nodes(target):
                    if isinstance(node, ast.Name):
                        bindings.setdefault(node.id, []).append((position, statement.value if unpacked else None))
        for call in _calls(statement):
            if retained is None and _retaining_backward(call):
                retained = position
            elif retained is not None and (trains := _optimizer_trains(call)) is not None:
                stepped.append((position, trains))
            elif stepped and _backward(call) and isinstance(receiver := call.func.value, ast.Name):
                for step, trains in stepped:
                    modules = _stale(receiver.id, position, step, bindings, resolve, 0)
                    if modules and any(_trains(trains, module) for module in modules):
                        yield call
                        break


def _calls(statement: ast.stmt) -> list[ast.Call]:
    """The calls a plain expression statement makes (``loss.backward()``, ``opt.step()``)."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        return [statement.value]
    return []


def _backward(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Attribute) and call.func.attr == "backward"


def _retaining_backward(call: ast.Call) -> bool:
    return _backward(call) and any(
        keyword.arg in ("retain_graph", "retain_variables") and isinstance(keyword.value, ast.Constant)
        and keyword.value.value is True for keyword in call.keywords)


def _optimizer_trains(call: ast.Call) -> str | None:
    """What ``<optimizer>.step()`` trains, read off the optimizer's name: ``optimizer_G`` / ``g_optimizer`` /
    ``optimizerD`` / ``self.optimizers["dec"]`` -> "g", "g", "d", "dec"; None for any other call, and for an
    optimizer whose name says nothing (``optimizer``)."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "step" and not call.args):
        return None
    receiver = call.func.value
    if isinstance(receiver, ast.Subscript):
        key = receiver.slice
        name = receiver.value.attr if isinstance(receiver.value, ast.Attribute) else getattr(receiver.value, "id", "")
        if OPTIMIZER_NAME.fullmatch(name.strip("_")) and isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value.lower()
        return None
    name = receiver.attr if isinstance(receiver, ast.Attribute) else receiver.id if isinstance(receiver, ast.Name) \
        else ""
    match = _OPTIMIZER_PART.fullmatch(name.strip("_"))
    if match is None:
        return None
    trained = (match.group("before") or match.group("after") or "").strip("_").lower()
    return trained or None


def _trains(trained: str, module: str) -> bool:
    """The optimizer named for ``trained`` updates the module called ``module`` (``netG``, ``self.dec``, ``E``)."""
    module = module.lower()
    return module in (trained, f"net{trained}", f"{trained}net", f"net_{trained}", f"{trained}_net") or (
        len(trained) > 2 and (module.startswith(trained) or trained.startswith(module) and len(module) > 2))


def _stale(name: str, at: int, stepped: int, bindings, resolve, depth: int) -> set[str]:
    """The modules (last names of the callables) whose forward recorded the graph ``name`` holds at position ``at``
    before the step at ``stepped``; empty when it holds none from before the step."""
    above = [(position, value) for position, value in bindings.get(name, ()) if position < at]
    if not above or depth > 6:
        return set()
    position, value = above[-1]
    if value is None or _detached(value):
        return set()
    if position < stepped:
        return _recorded(value, position, bindings, resolve, depth)
    return _derived(value, position, stepped, bindings, resolve, depth)


def _recorded(value: ast.expr, at: int, bindings, resolve, depth: int) -> set[str]:
    """The modules called in recording ``value`` (bound before the step), following the names it reads."""
    modules: set[str] = set()
    names = []
    for node in walk_nodes(value):
        if isinstance(node, ast.Call) and not (resolve(node.func) or "").startswith("torch."):
            callee = node.func
            if isinstance(callee, ast.Attribute) and callee.attr in _TENSOR_METHODS:
                continue
            if isinstance(callee, ast.Attribute) and callee.attr in ("forward", "encode", "decode"):
                callee = callee.value
            if isinstance(callee, (ast.Name, ast.Attribute)):
                modules.add(callee.id if isinstance(callee, ast.Name) else callee.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            names.append(node.id)
    for name in names:
        modules |= _stale(name, at, at + 1, bindings, resolve, depth + 1)
    return modules


def _derived(value: ast.expr, at: int, stepped: int, bindings, resolve, depth: int) -> set[str]:
    """Arithmetic, torch functions and tensor methods of names alone (no forward of a module after the step): the
    modules recorded in the stale ones."""
    names = []
    for node in walk_nodes(value):
        if isinstance(node, ast.Call):
            func = node.func
            qualified = resolve(func) or ""
            if not (qualified.startswith("torch.") and not qualified.startswith("torch.nn.") or
                    qualified.startswith("torch.nn.functional.") or
                    isinstance(func, ast.Attribute) and func.attr in _TENSOR_METHODS and not qualified):
                return set()  # a module's forward, or anything else: maybe a fresh graph
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            names.append(node.id)
    modules: set[str] = set()
    for name in names:
        if name != "torch":
            modules |= _stale(name, at, stepped, bindings, resolve, depth + 1)
    return modules


def _detached(value: ast.expr) -> bool:
    """``x.detach()``, ``loss.item()``, ``out.data``: no graph."""
    while isinstance(value, (ast.Call, ast.Attribute, ast.Subscript)):
        if isinstance(value, ast.Attribute) and value.attr in _DETACHING:
            return True
        value = value.func if isinstance(value, ast.Call) else value.value
    return False
