"""Names a file binds to torch learning-rate schedulers: evidence of what a receiver is, beyond its name.

``shd = torch.optim.lr_scheduler.LambdaLR(opt, f)`` (or an instance of the file's own subclass that keeps torch's
``step``, ``sc = PolynomialLR(op, n)``) makes ``shd`` a scheduler wherever the file uses that
name (``def train(..., shd, ...)`` receives the one ``get_lr_scheduler`` returned), and
``self.schedulers.append(lr_scheduler.MultiStepLR(...))`` makes ``schedulers`` a list of them, and a parameter
annotated with a torch scheduler class (``inner_schedule: LRScheduler``) one, with the attribute it is stored in
(``self.inner_schedule = inner_schedule``)
(``self.schedulers[0].get_lr()``, ``for scheduler in self.schedulers``). Only the last name counts, as for the
rules' receiver patterns: ``self.shd`` and ``shd`` are the same evidence.
"""

from __future__ import annotations

import ast
import re
from typing import Callable

from .imports import subnodes, walk_nodes
from .selfmethods import defines

_SCHEDULERS = "torch.optim.lr_scheduler."

# Libraries whose schedule factories return a torch LambdaLR: transformers' optimization module
# (get_linear_schedule_with_warmup, get_cosine_schedule_with_warmup, get_constant_schedule, get_inverse_sqrt_schedule,
# get_wsd_schedule, ...: "Return: `torch.optim.lr_scheduler.LambdaLR` with the appropriate schedule") and diffusers'
# copy of it. Not get_scheduler (transformers' may return ReduceLROnPlateau) nor get_reduce_on_plateau_schedule.
_SCHEDULE_LIBRARIES = ("transformers", "diffusers")
_SCHEDULE_FACTORY = r"get_\w+_schedule(_with_warmup)?"  # text: re compiles it when first asked


def is_library_schedule(module: str, name: str) -> bool:
    """``name`` imported from ``module`` (a module path, ``/``-separated) is a factory returning a torch LambdaLR."""
    return (module.partition("/")[0] in _SCHEDULE_LIBRARIES and re.fullmatch(_SCHEDULE_FACTORY, name) is not None
            and "plateau" not in name)


def scheduler_names(tree: ast.AST | None, resolve: Callable[[ast.AST], str | None]) -> frozenset[str]:
    """Last names of targets assigned a scheduler constructor call, of lists one is appended to, and of loop
    variables over such lists."""
    if tree is None:
        return frozenset()
    names: set[str] = set()
    loops: list[tuple[str, str]] = []  # (loop variable, iterated name)

    own = _own_scheduler_classes(tree, resolve)

    def builds_scheduler(value: ast.AST) -> bool:
        return isinstance(value, ast.Call) and ((resolve(value.func) or "").startswith(_SCHEDULERS) or (
            isinstance(value.func, ast.Name) and value.func.id in own))

    annotated: set[str] = set()  # parameters annotated with a torch scheduler class: `inner: LRScheduler`
    stored: list[tuple[str, str]] = []  # (target's last name, parameter name) of `self.inner = inner`
    for node in subnodes(tree):  # every node of the file: one exact-class test picks the few kinds read
        kind = node.__class__
        if kind is ast.Assign:
            if builds_scheduler(node.value):
                names.update(name for target in node.targets if (name := _last_name(target)) is not None)
            elif (len(node.targets) == 1 and isinstance(node.value, ast.Name)
                  and (name := _last_name(node.targets[0])) is not None):
                stored.append((name, node.value.id))
        elif kind is ast.arg:
            if node.annotation is not None and _names_scheduler(node.annotation, resolve):
                annotated.add(node.arg)
        elif kind is ast.Call:
            if (isinstance(node.func, ast.Attribute) and node.func.attr == "append" and len(node.args) == 1
                    and builds_scheduler(node.args[0]) and (name := _last_name(node.func.value)) is not None):
                names.add(name)
        elif kind is ast.For:
            if isinstance(node.target, ast.Name) and (iterated := _last_name(node.iter)) is not None:
                loops.append((node.target.id, iterated))
    names |= annotated
    names.update(target for target, parameter in stored if parameter in annotated)
    names.update(variable for variable, iterated in loops if iterated in names)
    return frozenset(names)


def _own_scheduler_classes(tree: ast.AST, resolve) -> frozenset[str]:
    """The file's module-level classes whose first base is a torch scheduler and that define no ``step`` of their own
    (``class PolynomialLR(_LRScheduler)`` overriding ``get_lr``): torch's ``step`` runs on their instances."""
    return frozenset(
        node.name for node in getattr(tree, "body", ()) if isinstance(node, ast.ClassDef) and node.bases
        and (resolve(node.bases[0]) or "").startswith(_SCHEDULERS)
        and not defines(node, "step"))


def _names_scheduler(annotation: ast.AST, resolve) -> bool:
    """``LRScheduler``, ``Optional[LRScheduler]``, ``Union[LRScheduler, None]``, ``LRScheduler | None`` (a string
    annotation is not read; ``list[LRScheduler]`` holds schedulers, it is not one)."""
    if isinstance(annotation, ast.Subscript):
        wrapper = annotation.value.attr if isinstance(annotation.value, ast.Attribute) else getattr(
            annotation.value, "id", "")
        return wrapper in ("Optional", "Union") and _names_scheduler(annotation.slice, resolve)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _names_scheduler(annotation.left, resolve) or _names_scheduler(annotation.right, resolve)
    if isinstance(annotation, ast.Tuple):
        return any(_names_scheduler(element, resolve) for element in annotation.elts)
    return isinstance(annotation, (ast.Name, ast.Attribute)) and (resolve(annotation) or "").startswith(_SCHEDULERS)


def _last_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


# The schedulers whose step() takes an argument without the epoch warning: a metric, a fractional epoch
_QUIET_STEP_ARGUMENT = ("ReduceLROnPlateau", "CosineAnnealingWarmRestarts")
# what a ReduceLROnPlateau metric is called (val_loss, epoch_acc, step_score): never an epoch or step counter
# (text: re compiles it when first asked)
_METRIC = r"(?i)loss|acc|metric|score|err|perplex|ppl|bleu|f1|auc|dice|iou|psnr|val"


def warns_on_epoch(api: str | None) -> bool:
    """A torch scheduler whose ``step(epoch)`` warns: not ReduceLROnPlateau nor CosineAnnealingWarmRestarts."""
    return api is not None and api.startswith(_SCHEDULERS) and api.rsplit(".", 1)[-1] not in _QUIET_STEP_ARGUMENT


def epoch_warning_names(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> frozenset[str]:
    """Last names of targets assigned a torch scheduler whose ``step(epoch)`` warns (not ReduceLROnPlateau nor
    CosineAnnealingWarmRestarts): ``scheduler = lr_scheduler.StepLR(...)`` in a file that builds a ReduceLROnPlateau
    for another policy."""
    return frozenset(name for node in subnodes(tree)
                     if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                     and warns_on_epoch(resolve(node.value.func))
                     for target in node.targets if (name := _last_name(target)) is not None)


def quiet_step_names(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> tuple[frozenset[str], frozenset[str]] | None:
    """(last names bound to a ReduceLROnPlateau or CosineAnnealingWarmRestarts, or from a function of the file
    returning one; every last name the file assigns). None when the file names such a class anywhere else than
    in a call assigned to a plain name (``isinstance(s, ReduceLROnPlateau)``, a factory table): its schedulers
    may then be held under any name. ``lr_decay`` building ``scheduler = ReduceLROnPlateau(...)`` beside
    ``lr_scheduler = build_lr_scheduler(...)`` leaves ``lr_scheduler`` no plateau."""
    built: dict[int, list[str]] = {}
    assigned: set[str] = set()
    for node in subnodes(tree):
        if isinstance(node, ast.Assign):
            names = [name for target in node.targets for name in _target_names(target)]
            assigned.update(names)
            if all(isinstance(target, (ast.Name, ast.Attribute)) for target in node.targets):
                built[id(node.value)] = names
    quiet: set[str] = set()
    for node in subnodes(tree):
        if isinstance(node, (ast.Name, ast.Attribute)) and (
                api := resolve(node) or "").startswith(_SCHEDULERS) and api.rsplit(".", 1)[-1] in _QUIET_STEP_ARGUMENT:
            calls = [call for call in subnodes(tree) if isinstance(call, ast.Call) and call.func is node]
            if not calls or id(calls[0]) not in built:
                return None
            quiet.update(built[id(calls[0])])
    if quiet:
        returning = {node.name for node in subnodes(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and any(isinstance(inner, ast.Return) and inner.value is not None and any(
                         isinstance(name, ast.Name) and name.id in quiet for name in walk_nodes(inner.value))
                         for inner in walk_nodes(node))}
        for node in subnodes(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and (
                    _last_name(node.value.func) in returning):
                quiet.update(name for target in node.targets for name in _target_names(target))
    return frozenset(quiet), frozenset(assigned)


def _target_names(target: ast.AST):
    if isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _target_names(element)
    elif (name := _last_name(target)) is not None:
        yield name


def counter_argument(call: ast.Call, pattern: str) -> bool:
    """``scheduler.step(runner_state["epoch"])``, ``scheduler.step(train_step + 1)``: the one positional argument
    names a counter (``pattern``), not a metric, so no ReduceLROnPlateau of the file is meant."""
    if len(call.args) != 1 or call.keywords:
        return False
    value = call.args[0]
    while isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)) \
            and isinstance(value.right, ast.Constant):
        value = value.left
    key = value.slice if isinstance(value, ast.Subscript) else None
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        name = key.value
    else:
        name = _last_name(value)
    return name is not None and re.fullmatch(pattern, name, re.IGNORECASE) is not None and not re.search(_METRIC, name)
