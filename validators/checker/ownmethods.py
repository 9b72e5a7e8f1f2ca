"""Method rules quiet on calls of a method the project defines in a class of its own.

A method rule matches by the method's name alone: the receiver's type is unknown (see
``FindingCollector._check_method``). When the same sub-project defines a method of that name in a class with no
torch base (openfold's ``Vec3Array.cross(other)``, skorch's example ``Net.sample_n(num_words, input)``), a call
of that name is as likely to be that class's as a tensor's, so the finding is dropped, once every file of
the sub-project has been walked. Only a definition that takes the call's positional arguments counts: a
callback's ``state_dict(self)`` does not explain ``model.state_dict(destination, prefix)``. A class with a
torch base (``nn.Module``, ``Distribution``), also through the project's own classes (``class ControlNet(UNet)``
with ``class UNet(nn.Module)``, followed by class name), is left out: its methods override torch's and keep
torch's meaning (``super().state_dict(destination, prefix, keep_vars)`` in its ``state_dict``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from .finding import Finding

if TYPE_CHECKING:  # inherited.py imports this module
    from .inherited import ClassFacts

_ANY = 1 << 16  # positional arguments a definition with *args takes


def own_methods(node: ast.ClassDef) -> dict[str, int]:
    """Method name -> the most positional arguments a call of it passes (``self`` not counted)."""
    found = {}
    for child in node.body:
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = child.args
            taken = _ANY if arguments.vararg is not None else len(arguments.posonlyargs) + len(arguments.args)
            if not any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in child.decorator_list):
                taken -= 1  # self or cls
            found[child.name] = max(found.get(child.name, 0), taken)
    return found


_MAX_DEPTH = 12  # base classes followed down from a torch base; a deeper chain counts as not derived


def methods_without_torch_base(files: list[ClassFacts]) -> dict[str, int]:
    """The sub-project's classes, file by file -> the methods of those that derive from no torch class, by name:
    method -> most positional arguments it takes."""
    defined: dict[str, int] = {}
    for methods in classes_without_torch_base(files).values():
        for method, taken in methods.items():
            defined[method] = max(defined.get(method, 0), taken)
    return defined


def classes_without_torch_base(files: list[ClassFacts]) -> dict[str, dict[str, int]]:
    """Class name -> its methods (method -> most positional arguments), for the sub-project's classes that derive
    from no torch class. A name defined twice keeps only what every definition allows: both must lack a torch base."""
    derived = {name for facts in files for name in facts.torch_based}
    for _ in range(_MAX_DEPTH):
        more = {name for facts in files for name, bases in facts.bases.items()
                if name not in derived and derived.intersection(bases)}
        if not more:
            break
        derived |= more
    classes: dict[str, dict[str, int]] = {}
    for facts in files:
        for name, methods in facts.methods.items():
            if name not in derived:
                merged = classes.setdefault(name, {})
                for method, taken in methods.items():
                    merged[method] = max(merged.get(method, 0), taken)
    return classes


def plain_classes(files: list[ClassFacts]) -> dict[str, dict[str, int]]:
    """As :func:`classes_without_torch_base`, only for classes whose every base is ``object`` or another such class
    of the files: a base from another library (a Hugging Face scheduler, say) may itself derive from torch's."""
    candidates = classes_without_torch_base(files)
    bases: dict[str, set[str]] = {}
    for facts in files:
        for name, names in facts.bases.items():
            bases.setdefault(name, set()).update(names)
    plain = {name for name in candidates if not bases.get(name, set()) - {"object"}}
    for _ in range(_MAX_DEPTH):
        more = {name for name in candidates if name not in plain and bases.get(name, set()) - {"object"} <= plain}
        if not more:
            break
        plain |= more
    return {name: candidates[name] for name in plain}


# methods a torch scheduler subclass answers with its own code when it overrides them without handing on: torch's
# get_lr() warns outside step() (each built-in's own get_lr does); NoamLR-style ``get_lr(self): return self.lr`` does not
_SELF_ANSWERED = frozenset({"get_lr"})


def overriding_torch_subclasses(files: list[ClassFacts]) -> dict[str, dict[str, int]]:
    """The classes with a torch base that override a method of _SELF_ANSWERED without calling the base's (a project
    ``class NoamLR(_LRScheduler)`` with its own ``get_lr``): name -> those methods -> most positionals they take."""
    found: dict[str, dict[str, int]] = {}
    for facts in files:
        for name in facts.torch_based:
            own = {method: count for method, count in facts.overrides.get(name, {}).items()
                   if method in _SELF_ANSWERED and method not in facts.extends.get(name, ())}
            if own:
                found.setdefault(name, {}).update(own)
    return found


def drop_own_class_calls(findings: list[Finding], calls: list[tuple[int, str, str, int, tuple[str, ...]]],
                         answers) -> None:
    """Remove (in place) the findings of receiver-named method-rule calls (``sched.step(num_steps)``) whose
    receiver the file binds only to instances of the project's classes, each answering the method with its own
    code with room for the call's positional arguments (stanza's ``WarmupThenPlateauScheduler.step``; see
    :func:`answering_method`, ``answers``)."""
    dropped = {(line, rule) for line, rule, method, passed, owners in calls
               if owners and all(_room(answers(owner, method), passed) for owner in owners)}
    if dropped:
        findings[:] = [f for f in findings if (f.line, f.rule) not in dropped]


def _room(taken: int | None, passed: int) -> bool:
    return taken is not None and taken >= passed


def drop_own_method_calls(findings: list[Finding], calls: list[tuple[int, str, str, int]],
                          defined: dict[str, int]) -> None:
    """Remove (in place) the findings of method-rule calls ``(line, rule id, method, positional count)`` whose
    method a class of the sub-project defines, taking that many positional arguments."""
    dropped = {(line, rule) for line, rule, method, passed in calls if defined.get(method, -1) >= passed}
    if dropped:
        findings[:] = [f for f in findings if (f.line, f.rule) not in dropped]


_TORCH, _UNKNOWN = "torch", "unknown"  # what answers a method, besides the project's code (a positional count)


def answering_method(files: list[ClassFacts]):
    """A lookup ``(class name, method) -> most positional arguments`` for a method an instance of that class of the
    files answers with the project's own code, or None: the class, or the first of its bases (depth first, in
    the order the class statement names them) that defines the method, unless that definition hands on to its
    base's (``super().step(epoch)``). A torch base reached first (``class Warmup(LambdaLR)`` defining no ``step``),
    a base of another library, or a class defined twice with different bases answers None: torch's method, or
    an unknown one, may run. So ``class CosineAnnealingWarmupRestarts(LRScheduler)`` with its own ``step(epoch)``
    answers ``step`` itself (torch's warning in ``LRScheduler.step`` never runs), as a plain class does."""
    order: dict[str, tuple[str | None, ...]] = {}
    methods: dict[str, dict[str, int]] = {}
    extends: dict[str, set[str]] = {}
    twice: set[str] = set()
    for facts in files:
        for name, bases in facts.order.items():
            if order.setdefault(name, bases) != bases:
                twice.add(name)
            merged = methods.setdefault(name, {})
            for method, taken in facts.methods.get(name, {}).items():
                merged[method] = max(merged.get(method, 0), taken)
            extends.setdefault(name, set()).update(facts.extends.get(name, ()))
    known: dict[tuple[str, str], int | str | None] = {}

    def lookup(name: str, method: str, depth: int) -> int | str | None:
        if name not in order or name in twice or depth > _MAX_DEPTH:
            return _UNKNOWN
        if (name, method) in known:
            return known[(name, method)]
        found: int | str | None = None
        taken = methods[name].get(method)
        if taken is not None and method not in extends.get(name, ()):
            found = taken
        else:
            for base in order[name]:
                if base == "object":
                    continue
                found = _TORCH if base is None else lookup(base, method, depth + 1)
                if found is not None:
                    break
            if isinstance(found, int) and taken is not None:
                found = taken  # its own definition, handing on to the project's base: the call reaches its own
        known[(name, method)] = found
        return found

    def answers(name: str, method: str) -> int | None:
        found = lookup(name, method, 0)
        return found if isinstance(found, int) else None

    # and whether torch's own method answers (``class CosineWarmupLR(_LRScheduler)`` defining no ``step``)
    answers.reaches_torch = lambda name, method: lookup(name, method, 0) == _TORCH  # type: ignore[attr-defined]
    return answers
