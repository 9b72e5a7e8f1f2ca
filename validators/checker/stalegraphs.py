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
leaves the graph's saved tensors alone. A plain ``optimizer`` says nothing by its name; what it was built over
does when the file binds it once, to ``torch.optim.Adam(model.parameters(), ...)`` (it trains ``model``), as
multi-head trainers do that step one optimizer after each head's retained backward.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Callable, Iterator

from .imports import code_scopes, own_nodes, own_statements, self_attribute, walk_nodes
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
    reading = None
    for scope in code_scopes(tree):
        statements = list(own_statements(scope))
        if not any(_retaining_backward(node) for statement in statements for node in _calls(statement)):
            continue
        if reading is None:
            reading = _read_file(tree, resolve)
        yield from _in_scope(statements, reading, reading.owners.get(id(scope), ""))


@dataclass(frozen=True)
class _Reading:
    """What the file binds, read once for a file with a retaining backward."""
    resolve: Callable[[ast.AST], str | None]
    built: dict[tuple[str, str], str]  # optimizer (class or "", name) -> the module it was built over
    losses: frozenset[tuple[str, str]]  # names the file binds only to torch loss modules ("" or "self", name)
    owners: dict[int, str]  # id() of each method -> its class


def _read_file(tree: ast.AST, resolve) -> _Reading:
    """``built``: an optimizer (``("", "opt")`` for a plain name, ``("Trainer", "optimizer")`` for
    ``self.optimizer`` in its methods) bound once, to a ``torch.optim`` class given ``<module>.parameters()``
    first. ``losses``: names every binding of which constructs a ``torch.nn`` ``...Loss`` module."""
    owners: dict[int, str] = {}
    for node in walk_nodes(tree):
        if isinstance(node, ast.ClassDef):
            owners.update((id(inner), node.name) for inner in walk_nodes(node)
                          if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)))  # inner classes come later
    bound: dict[tuple[str, str], list[str | None]] = {}
    losses: dict[tuple[str, str], bool] = {}
    for scope in code_scopes(tree):
        for node in own_nodes(scope):
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
                continue
            target = node.targets[0]
            value = node.value
            called = resolve(value.func) or "" if isinstance(value, ast.Call) else ""
            if (key := _target_key(target)) is not None:
                losses[key] = losses.get(key, True) and called.startswith("torch.nn.") and called.endswith("Loss")
            name = target.id if isinstance(target, ast.Name) else self_attribute(target)
            if name is None or not OPTIMIZER_NAME.fullmatch(name.strip("_")):
                continue
            module = None
            if isinstance(value, ast.Call) and value.args and called.startswith("torch.optim."):
                first = value.args[0]
                if isinstance(first, ast.Call) and isinstance(first.func, ast.Attribute) and \
                        first.func.attr == "parameters" and not first.args:
                    module = first.func.value.id if isinstance(first.func.value, ast.Name) \
                        else self_attribute(first.func.value)
            owner = owners.get(id(scope), "") if isinstance(target, ast.Attribute) else ""
            bound.setdefault((owner, name), []).append(module)
    built = {key: modules[0] for key, modules in bound.items() if len(modules) == 1 and modules[0]}
    return _Reading(resolve, built, frozenset(key for key, only in losses.items() if only), owners)


def _target_key(node: ast.expr) -> tuple[str, str] | None:
    """``x`` -> ("", "x"), ``self.x`` -> ("self", "x"), anything else None."""
    if isinstance(node, ast.Name):
        return ("", node.id)
    name = self_attribute(node)
    return ("self", name) if name else None


def _in_scope(statements: list[ast.stmt], reading: _Reading, owner: str) -> Iterator[ast.Call]:
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
            elif retained is not None and (trains := _optimizer_trains(call, reading.built, owner)) is not None:
                stepped.append((position, trains))
            elif stepped and _backward(call) and isinstance(receiver := call.func.value, ast.Name):
                for step, trains in stepped:
                    modules = _stale(receiver.id, position, step, bindings, reading, 0)
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


def _optimizer_trains(call: ast.Call, built: dict[tuple[str, str], str], owner: str) -> str | None:
    """What ``<optimizer>.step()`` trains, read off the optimizer's name: ``optimizer_G`` / ``g_optimizer`` /
    ``optimizerD`` / ``self.optimizers["dec"]`` -> "g", "g", "d", "dec"; for a name that says nothing
    (``optimizer``), the module ``built`` says it was made over (in ``owner``, the method's class); None for any
    other call."""
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
    key = (owner, name) if isinstance(receiver, ast.Attribute) else ("", name)
    return trained or built.get(key, "").lower() or None


def _trains(trained: str, module: str) -> bool:
    """The optimizer named for ``trained`` updates the module called ``module`` (``netG``, ``self.dec``, ``E``)."""
    module = module.lower()
    return module in (trained, f"net{trained}", f"{trained}net", f"net_{trained}", f"{trained}_net") or (
        len(trained) > 2 and (module.startswith(trained) or trained.startswith(module) and len(module) > 2))


def _stale(name: str, at: int, stepped: int, bindings, reading, depth: int) -> set[str]:
    """The modules (last names of the callables) whose forward recorded the graph ``name`` holds at position ``at``
    before the step at ``stepped``; empty when it holds none from before the step."""
    above = [(position, value) for position, value in bindings.get(name, ()) if position < at]
    if not above or depth > 6:
        return set()
    position, value = above[-1]
    if value is None or _detached(value):
        return set()
    if position < stepped:
        return _recorded(value, position, bindings, reading, depth)
    return _derived(value, position, stepped, bindings, reading, depth)


def _recorded(value: ast.expr, at: int, bindings, reading, depth: int) -> set[str]:
    """The modules called in recording ``value`` (bound before the step), following the names it reads."""
    modules: set[str] = set()
    names = []
    for node in walk_nodes(value):
        if isinstance(node, ast.Call) and not (reading.resolve(node.func) or "").startswith("torch."):
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
        modules |= _stale(name, at, at + 1, bindings, reading, depth + 1)
    return modules


def _derived(value: ast.expr, at: int, stepped: int, bindings, reading, depth: int) -> set[str]:
    """Arithmetic, torch functions, tensor methods and loss modules (``self.criterion = nn.MSELoss()``, no
    parameters) of names alone (no forward of a model after the step): the modules recorded in the stale ones."""
    names = []
    for node in walk_nodes(value):
        if isinstance(node, ast.Call):
            func = node.func
            qualified = reading.resolve(func) or ""
            if not (qualified.startswith("torch.") and not qualified.startswith("torch.nn.") or
                    qualified.startswith("torch.nn.functional.") or
                    isinstance(func, ast.Attribute) and func.attr in _TENSOR_METHODS and not qualified or
                    _target_key(func) in reading.losses):
                return set()  # a module's forward, or anything else: maybe a fresh graph
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            names.append(node.id)
    modules: set[str] = set()
    for name in names:
        if name != "torch":
            modules |= _stale(name, at, stepped, bindings, reading, depth + 1)
    return modules


def _detached(value: ast.expr) -> bool:
    """``x.detach()``, ``loss.item()``, ``out.data``: no graph."""
    while isinstance(value, (ast.Call, ast.Attribute, ast.Subscript)):
        if isinstance(value, ast.Attribute) and value.attr in _DETACHING:
            return True
        value = value.func if isinstance(value, ast.Call) else value.value
    return False
