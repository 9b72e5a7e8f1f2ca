"""``scheduler.step()`` that certainly runs before the first ``optimizer.step()``: the pre-1.1 loop order.

A torch scheduler checks its optimizer at its first ``step()`` after construction (``_step_count == 1``): if
``optimizer.step()`` has not run yet, it warns "Detected call of `lr_scheduler.step()` before
`optimizer.step()`". Only an order the function itself spells out is certain: a loop whose body calls
``scheduler.step()`` as a plain statement (not under an ``if``, a ``try`` or a ``with``) before any statement
that steps an optimizer, and a later statement of the same body that does (the training inside the loop,
often a nested batch loop); or the function's own body doing the same (a method that steps the scheduler,
then runs the batch loop: its first call warns). Nothing may step an optimizer earlier in the function. A scheduler stepped
under a condition, after the batch loop, or after ``optimizer.step()`` in the same iteration is quiet. An optimizer
is known by its receiver's name (``optimizer``, ``g_optim``); a name that ends like a scheduler's
(``layer_one_optimizer_lr_scheduler``) is the scheduler of that optimizer, and stepping it steps no optimizer.

A scope that builds an optimizer and a scheduler on it and never steps that optimizer (no optimizer step in the
scope; the optimizer's name read only as the scheduler's argument or for an attribute such as ``param_groups``,
never handed on or read by a nested function) warns at the scheduler's first plain ``step()`` too: a schedule
demo under ``if __name__ == "__main__":``.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import nested_fields

# optimizer, optim, opt, self.optimizer_G, g_optim, model_optimizer, optimizers: the last name of the receiver
_OPTIMIZER = re.compile(r"(?:[a-z0-9]+_)*(?:optim(?:izer)?s?|opt)(?:_[a-z0-9]+)*", re.IGNORECASE)
# ... but not a scheduler named after its optimizer: optimizer_lr_scheduler, g_optim_sched
_SCHEDULER = re.compile(r"(?:[a-z0-9]+_)*(?:lr_)?sched(?:uler)?s?", re.IGNORECASE)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def early_scheduler_steps(function: ast.AST, is_scheduler: Callable[[ast.expr], bool],
                          steps_optimizer: OptimizerSteps | None = None,
                          resolve: Callable | None = None) -> list[ast.Call]:
    """The ``scheduler.step(...)`` calls in ``function`` that run before its first optimizer step.
    ``steps_optimizer`` may be shared by every function of a file: it looks at each node once."""
    found: list[ast.Call] = []
    body = getattr(function, "body", [])
    if _steps_a_scheduler(body, is_scheduler):  # most functions step none: their expressions are never walked
        steps_optimizer = steps_optimizer or OptimizerSteps()
        _scan(body, is_scheduler, steps_optimizer, found, top=True)
        if not found and resolve is not None:
            found.extend(_never_stepped(function, body, is_scheduler, steps_optimizer, resolve))
    return found


def _never_stepped(scope: ast.AST, body: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps,
                   resolve: Callable) -> Iterator[ast.Call]:
    """The first plain ``sched.step()`` of a scheduler that this scope builds on an optimizer it builds too
    (``optim = torch.optim.SGD(...)``, ``sched = Poly(optim, ...)``), where nothing ever steps that optimizer: no
    statement of the scope steps an optimizer, and the optimizer's name is read only as the scheduler's argument
    or for an attribute (``optim.param_groups``), never by a nested function (a ``__main__`` demo that plots the
    schedule). Its first ``step()`` warns."""
    statements = list(_flat(body))
    optimizers: dict[str, ast.Assign] = {}
    schedulers: dict[str, tuple[str, ast.Assign]] = {}
    for statement in statements:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Call)):
            continue
        name, call = statement.targets[0].id, statement.value
        api = resolve(call.func) or ""
        if api.startswith("torch.optim.") and api.rsplit(".", 1)[-1][:1].isupper() and ".lr_scheduler." not in api \
                and ".swa_utils." not in api:
            optimizers[name] = statement
            continue
        first = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "optimizer"), None)
        if isinstance(first, ast.Name) and first.id in optimizers and is_scheduler(statement.targets[0]):
            schedulers[name] = (first.id, statement)
    if not schedulers or any(steps_optimizer(statement) for statement in body):
        return
    built = {id(statement.value.args[0] if statement.value.args else None) for _, statement in schedulers.values()}
    built |= {id(k.value) for _, statement in schedulers.values() for k in statement.value.keywords}
    parents: dict[int, ast.AST] = {}
    for statement in statements:
        for node in _inner_walk(statement):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
    used = set()
    for statement in statements:
        for node in _inner_walk(statement):
            if isinstance(node, ast.Name) and node.id in optimizers and isinstance(node.ctx, ast.Load) \
                    and id(node) not in built and not isinstance(parents.get(id(node)), ast.Attribute):
                used.add(node.id)  # handed on, aliased, returned: something else may step it
            elif isinstance(node, ast.Attribute) and node.attr == "step" and isinstance(node.value, ast.Name) \
                    and node.value.id in optimizers:
                used.add(node.value.id)
    own = {id(node) for statement in statements for node in _inner_walk(statement)}
    nested = {node.id for node in ast.walk(scope) if isinstance(node, ast.Name) and node.id in optimizers
              and id(node) not in own}
    for name, (optimizer, made) in schedulers.items():
        if optimizer in used or optimizer in nested:
            continue
        after = False
        for statement in statements:
            if statement is made:
                after = True
            elif after and (call := _plain_step_call(statement)) is not None and _torch_step_arguments(call) \
                    and isinstance(call.func.value, ast.Name) and call.func.value.id == name:
                yield call
                break


def _flat(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` and of the blocks inside them, in order, not those of nested functions or classes."""
    for statement in body:
        if isinstance(statement, _SCOPES):
            continue
        if isinstance(statement, ast.stmt):
            yield statement
        for name in nested_fields(statement):  # an except handler or a match case holds a body of its own
            yield from _flat(getattr(statement, name))


def _inner_walk(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of one statement, not those of the statements nested in it (``_flat`` lists them) nor of
    nested functions and classes."""
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.stmt, ast.excepthandler)) and not isinstance(child, _SCOPES):
                pending.append(child)



def _steps_a_scheduler(body: list[ast.stmt], is_scheduler) -> bool:
    """Some statement of ``body`` (nested blocks included, nested functions and classes not) is a plain
    ``scheduler.step(...)``: a walk over statements only."""
    pending = list(body)
    while pending:
        statement = pending.pop()
        if isinstance(statement, _SCOPES):
            continue
        call = _plain_step_call(statement)
        if call is not None and is_scheduler(call.func.value):
            return True
        for name in nested_fields(statement):
            pending.extend(getattr(statement, name))
    return False


class OptimizerSteps:
    """Whether a statement steps an optimizer (``optimizer.step()``, ``scaler.step(optimizer)``) anywhere inside
    it, not counting nested functions and classes (defining one runs nothing). Answers are kept per node, so a
    file's statements, however deeply nested, are walked once in all rather than once per enclosing block.

    With the file's ``tree``, a call of one of its module-level functions that steps an optimizer in its own body,
    handed an optimizer (``train(loader, net, criterion, optimizer)`` with ``def train(...)``'s batch loop calling
    ``optimizer.step()``), steps one too: the epoch loop that calls ``scheduler.step()`` and then ``train(...,
    optimizer, ...)`` is the pre-1.1 order, spelled across two functions of the file."""

    def __init__(self, tree: ast.AST | None = None) -> None:
        self._known: dict[int, bool] = {}
        self._tree = tree
        self._stepping: frozenset[str] | None = None if tree is not None else frozenset()

    def _stepping_functions(self) -> frozenset[str]:
        if self._stepping is None:
            own = OptimizerSteps()  # their own steps only, kept apart: these answers do not count helpers
            functions = [node for node in getattr(self._tree, "body", ())
                         if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
            names = [node.name for node in functions]
            self._stepping = frozenset(node.name for node in functions if names.count(node.name) == 1
                                       and any(map(own, node.body)))
        return self._stepping

    def _steps(self, node: ast.AST) -> bool:
        if _is_optimizer_step(node):
            return True
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and self._tree is not None
                and (bool(node.args) or bool(node.keywords)) and node.func.id in self._stepping_functions()
                and any(_is_optimizer(argument) for argument in (*node.args, *(k.value for k in node.keywords))))

    def __call__(self, statement: ast.stmt) -> bool:
        known = self._known
        if isinstance(statement, _SCOPES):
            return False
        if id(statement) not in known:
            order: list[ast.AST] = []
            stack: list[ast.AST] = [statement]
            while stack:  # pre-order: each node is listed before its children
                node = stack.pop()
                order.append(node)
                stack.extend(child for child in _inner(node) if id(child) not in known)
            for node in reversed(order):  # children first
                known[id(node)] = self._steps(node) or any(known[id(child)] for child in _inner(node))
        return known[id(statement)]


def _inner(node: ast.AST) -> Iterator[ast.AST]:
    return (child for child in ast.iter_child_nodes(node) if not isinstance(child, _SCOPES))


def _is_optimizer_step(node: ast.AST) -> bool:
    if isinstance(node, ast.Call) and isinstance(func := node.func, ast.Attribute) and func.attr == "step":
        return _is_optimizer(func.value) or any(_is_optimizer(argument) for argument in node.args)
    return False


def _scan(statements: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps, found: list[ast.Call],
          top: bool = False) -> bool:
    """Walk ``statements`` in order; True once an optimizer step has been seen (then stop: later loops are
    past the first optimizer step). In the function's own body (``top``), a plain ``scheduler.step()`` followed by
    a statement that steps an optimizer is the early order too: the function's first run warns (``def train(self):
    self.scheduler.step()`` and then the batch loop, the EDSR-style trainer)."""
    waiting: ast.Call | None = None  # that plain scheduler step, until an optimizer step follows it
    for statement in statements:
        if waiting is not None:
            if steps_optimizer(statement):
                found.append(waiting)
                return True
            continue
        if top and (call := _plain_step_call(statement)) is not None and _torch_step_arguments(call) \
                and is_scheduler(call.func.value):
            waiting = call
            continue
        if isinstance(statement, _LOOPS):
            early = _early_in_loop(statement.body, is_scheduler, steps_optimizer)
            if early is not None:
                found.append(early)
                return True
        elif isinstance(statement, (ast.If, ast.With, ast.AsyncWith, ast.Try)):  # a loop inside a block
            if any(_scan(block, is_scheduler, steps_optimizer, found) for block in _blocks(statement)):
                return True
        if steps_optimizer(statement):
            return True
    return False


def _blocks(statement: ast.stmt) -> Iterator[list[ast.stmt]]:
    for field in ("body", "orelse", "finalbody"):
        if block := getattr(statement, field, None):
            yield block
    for handler in getattr(statement, "handlers", ()):
        yield handler.body


def _early_in_loop(body: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps) -> ast.Call | None:
    scheduler_step: ast.Call | None = None
    for statement in body:
        if scheduler_step is None:
            call = _plain_step_call(statement)
            if call is not None and _torch_step_arguments(call) and is_scheduler(call.func.value):
                scheduler_step = call
                continue
            if isinstance(statement, _LOOPS):  # a nested loop: its own body may hold the early order
                inner = _early_in_loop(statement.body, is_scheduler, steps_optimizer)
                if inner is not None:
                    return inner
            if steps_optimizer(statement):
                return None
        elif steps_optimizer(statement):
            return scheduler_step
    return None


def _plain_step_call(statement: ast.stmt) -> ast.Call | None:
    if (isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call)
            and isinstance(call.func, ast.Attribute) and call.func.attr == "step"):
        return call
    return None


def _torch_step_arguments(call: ast.Call) -> bool:
    """``LRScheduler.step(epoch=None)`` takes at most one argument: ``step(cur_epoch=e, cur_step=i)`` or
    ``step(it, epoch)`` is another library's scheduler."""
    return len(call.args) + len(call.keywords) <= 1 and all(k.arg == "epoch" for k in call.keywords)


def _is_optimizer(node: ast.expr) -> bool:
    while isinstance(node, ast.Subscript):  # optimizers[0].step()
        node = node.value
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
    return name is not None and bool(_OPTIMIZER.fullmatch(name)) and not _SCHEDULER.fullmatch(name)
