"""``model.update_learning_rate()`` at the top of each epoch, before ``model.optimize_parameters()`` steps anything.

The CycleGAN/pix2pix training loop (``train.py``) calls the model's ``update_learning_rate()`` "in the beginning of
every epoch" (mmsr-style super-resolution trainers call ``update_learning_rate(current_step, warmup_iter=...)`` at
the top of each iteration, their schedulers ``_LRScheduler`` subclasses of the project's own), and its
``BaseModel.update_learning_rate`` steps each torch scheduler of ``self.schedulers`` (``scheduler.step()``, or
``scheduler.step(self.metric)`` for the plateau policy). The first epoch's call therefore runs
before any ``optimize_parameters()`` has stepped an optimizer, and each scheduler warns "Detected call of
`lr_scheduler.step()` before `optimizer.step()`" (LambdaLR, the default linear policy, included; run on 2.15).

Both methods live in another module (``models/base_model.py``, reached through ``create_model(opt)``), so the
project's own definitions decide: every ``def update_learning_rate(self...)`` of the sub-project's modules loops over
``self.schedulers`` and calls ``.step()`` with no argument on the loop's scheduler, and the project builds torch
schedulers (``lr_scheduler.LambdaLR``, ``StepLR``, ...). A statement list (a loop's body, a function's, the module's)
that calls ``X.update_learning_rate()`` as a statement, and later in the same list ``X.optimize_parameters(...)`` (at
any depth: the batch loop), with no ``optimize_parameters`` call above it in its scope, is the early order. So is a
resume loop that steps the model's schedulers itself (``for _ in range(epoch_count - 1): for scheduler in
model.schedulers: scheduler.step()``) before the training loop.

MUNIT/UNIT-style trainers spell it per scheduler: ``update_learning_rate(self)`` steps ``self.dis_scheduler`` and
``self.gen_scheduler`` (each under ``if ... is not None:``), and ``train.py`` calls ``trainer.update_learning_rate()``
first in each iteration, before ``trainer.dis_update(...)`` and ``trainer.gen_update(...)`` step the optimizers. There
the warning is reported at each ``step()`` of the trainer's method (early_trainer_steps), once a module of the
project calls it in that order and the project builds torch schedulers.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from .files import python_files
from .imports import code_scopes, dotted_name, nested_fields, own_nodes, own_statements, walk_nodes
from .source import parse_module_file

_UPDATE, _OPTIMIZE = "update_learning_rate", "optimize_parameters"
# the methods that step a model's optimizers: CycleGAN's, and the MUNIT/UNIT trainers' discriminator and generator pair
_OPTIMIZING = frozenset({_OPTIMIZE, "dis_update", "gen_update"})
# torch schedulers built, or a project scheduler class on torch's base (mmsr's ``class MultiStepLR_Restart(_LRScheduler)``)
_TORCH_SCHEDULERS = re.compile(r"lr_scheduler\.(?:LambdaLR|StepLR|MultiStepLR|ExponentialLR|CosineAnnealingLR|"
                               r"LinearLR|PolynomialLR|OneCycleLR|CyclicLR)\b|^class \w+\((?:[\w.]+\.)?_?LRScheduler\)",
                               re.MULTILINE)
_MAX_FILES = 3000  # a larger tree is not searched for the model's definitions


def may_update_early(text: str) -> bool:
    return (f".{_UPDATE}(" in text or ".schedulers:" in text) and f".{_OPTIMIZE}(" in text


def may_step_own_schedulers(text: str) -> bool:
    return f"def {_UPDATE}(self" in text and "scheduler" in text


def early_model_schedules(tree: ast.AST, folders: tuple[str, ...]) -> Iterator[ast.Call]:
    """Each ``X.update_learning_rate()`` of the file in the early order (module docstring); ``folders``: where the
    file's project modules are found (walkcalls.own_roots), searched below for the model's definitions."""
    for call in _early_calls(tree):
        if call.func.attr == "step" and any(_builds_schedulers(folder) for folder in folders) or \
                call.func.attr == _UPDATE and any(_steps_schedulers(folder) for folder in folders):
            yield call


def early_trainer_steps(tree: ast.AST, folders: tuple[str, ...]) -> Iterator[ast.Call]:
    """Each ``self.<x>_scheduler.step()`` an ``update_learning_rate(self)`` method of the file runs at every call
    (MUNIT/UNIT trainers: ``if self.dis_scheduler is not None: self.dis_scheduler.step()``), where a module of the
    project calls ``trainer.update_learning_rate()`` first in its loop, before ``trainer.dis_update(...)`` /
    ``gen_update(...)`` step the optimizers, and the project builds torch schedulers: the first call warns there."""
    steps = [call for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef) for node in cls.body
             if isinstance(node, ast.FunctionDef) and node.name == _UPDATE and node.args.args
             and node.args.args[0].arg == "self" and _sets_every_scheduler(cls, node)
             for call in _own_scheduler_steps(node)]
    if steps and any(_builds_schedulers(folder) and _updates_early(folder) for folder in folders):
        yield from steps


def _sets_every_scheduler(cls: ast.ClassDef, method: ast.FunctionDef) -> bool:
    """The class binds every ``self.<x>scheduler`` the method reads: one it never sets raises AttributeError first
    (``if self.dis_scheduler is not None:`` in a trainer that builds only a generator's scheduler)."""
    read = {node.attr for node in walk_nodes(method) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "self" and "scheduler" in node.attr.lower()}
    bound = {target.attr for node in ast.walk(cls) if isinstance(node, (ast.Assign, ast.AnnAssign))
             for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"}
    return read <= bound


def _own_scheduler_steps(method: ast.FunctionDef) -> Iterator[ast.Call]:
    """``self.gen_scheduler.step()`` with no argument, in the method's body or an ``if`` of it whose test reads none
    of its parameters (``if self.dis_scheduler is not None:``)."""
    for statement in _unguarded_statements(method):
        if isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call) and \
                isinstance(call.func, ast.Attribute) and call.func.attr == "step" and not call.args and \
                not call.keywords and (name := dotted_name(call.func.value) or "").startswith("self.") and \
                "scheduler" in name.lower():
            yield call


def _module_texts(folder: str) -> Iterator[tuple[Path, str]]:
    """(path, text) of each readable Python file below ``folder``; none for a tree of more than _MAX_FILES."""
    paths = [path for path, problem in python_files([folder]) if problem is None]
    for path in paths if len(paths) <= _MAX_FILES else ():
        try:
            yield path, path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue


@lru_cache(maxsize=16)
def _updates_early(folder: str) -> bool:
    """A module below ``folder`` calls ``X.update_learning_rate()`` before ``X`` steps its optimizers (_early_calls)."""
    for path, text in _module_texts(folder):
        if f".{_UPDATE}(" in text and any(f".{name}(" in text for name in _OPTIMIZING) and \
                (module := parse_module_file(path)) is not None and next(_early_calls(module), None) is not None:
            return True
    return False


def _early_calls(tree: ast.AST) -> Iterator[ast.Call]:
    for scope in code_scopes(tree):
        optimized = [node.lineno for node in own_nodes(scope) if _method_call(node, _OPTIMIZING)]
        if not optimized:
            continue
        for body in _blocks(scope):
            for index, statement in enumerate(body):
                if min(optimized) < statement.lineno:
                    break
                found = _updating_call(statement)
                if found is not None and any(
                        _method_call(node, _OPTIMIZING) and dotted_name(node.func.value) == found[1]
                        for later in body[index + 1:] for node in walk_nodes(later)):
                    yield found[0]


def _updating_call(statement: ast.stmt) -> tuple[ast.Call, str] | None:
    """(the call, the model's name) of ``model.update_learning_rate()``, or of a resume loop's ``scheduler.step()``
    over the model's schedulers (``for _ in range(start - 1): for scheduler in model.schedulers: scheduler.step()``)."""
    if isinstance(statement, ast.Expr) and _method_call(call := statement.value, frozenset({_UPDATE})):
        return call, dotted_name(call.func.value) or ""  # (mmsr's takes the iteration and the warm-up length)
    if isinstance(statement, ast.For):
        for loop in walk_nodes(statement):
            if isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and \
                    isinstance(loop.iter, ast.Attribute) and loop.iter.attr == "schedulers" and \
                    not (isinstance(loop.iter.value, ast.Name) and loop.iter.value.id == "self"):
                for node in loop.body:
                    if isinstance(node, ast.Expr) and isinstance(call := node.value, ast.Call) and \
                            isinstance(call.func, ast.Attribute) and call.func.attr == "step" and \
                            dotted_name(call.func.value) == loop.target.id and not call.args and not call.keywords:
                        return call, dotted_name(loop.iter.value) or ""
    return None


def _method_call(node: ast.AST, names: frozenset[str]) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names \
        and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self")


def _blocks(scope: ast.AST) -> Iterator[list[ast.stmt]]:
    """The statement lists of ``scope``: its body and each nested block's, not nested functions' or classes'."""
    yield scope.body
    for node in own_statements(scope):  # (not an except handler's body, as before: only statements' blocks)
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from (block for field in nested_fields(node) if (block := getattr(node, field, None))
                        and isinstance(block[0], ast.stmt))


def _builds_schedulers(folder: str) -> bool:
    return _model_methods(folder)[0]


def _steps_schedulers(folder: str) -> bool:
    """Every ``update_learning_rate`` method defined below ``folder`` steps the torch schedulers in
    ``self.schedulers`` with a plain ``step()``, there is one, and the project builds torch schedulers."""
    builds, definitions = _model_methods(folder)
    return builds and bool(definitions) and all(map(_plain_scheduler_steps, definitions))


@lru_cache(maxsize=16)
def _model_methods(folder: str) -> tuple[bool, tuple[ast.FunctionDef, ...]]:
    """Whether the modules below ``folder`` build torch schedulers, and their ``update_learning_rate`` methods."""
    definitions, builds = [], False
    for path, text in _module_texts(folder):
        builds = builds or _TORCH_SCHEDULERS.search(text) is not None
        if f"def {_UPDATE}(" not in text or (module := parse_module_file(path)) is None:
            continue
        definitions += [node for node in ast.walk(module) if isinstance(node, ast.FunctionDef)
                        and node.name == _UPDATE and node.args.args and node.args.args[0].arg == "self"]
    return builds, tuple(definitions)


def _plain_scheduler_steps(method: ast.FunctionDef) -> bool:
    """``for scheduler in self.schedulers: ... scheduler.step()``: a loop over the model's schedulers that steps the
    loop's scheduler with no argument (in some branch: the plateau policy's ``step(metric)`` beside it), run at every
    call: not under a test of the method's parameters (BasicSR's ``if current_iter > 1:`` skips the first iteration)."""
    for loop in _unguarded_statements(method):
        if isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and \
                "schedulers" in (dotted_name(loop.iter) or ""):
            if any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step"
                   and dotted_name(node.func.value) == loop.target.id and not node.args and not node.keywords
                   for node in walk_nodes(loop)):
                return True
    return False


def _unguarded_statements(method: ast.FunctionDef) -> Iterator[ast.stmt]:
    """The statements of the method's body and of its ``if`` blocks whose tests read none of its parameters (run at
    every call); an ``if`` itself is not one."""
    parameters = {argument.arg for argument in (*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs)
                  if argument.arg not in ("self", "cls")}

    def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
        for statement in body:
            if not isinstance(statement, ast.If):
                yield statement
            elif not any(isinstance(node, ast.Name) and node.id in parameters for node in walk_nodes(statement.test)):
                yield from statements(statement.body)
                yield from statements(statement.orelse)

    return statements(method.body)
