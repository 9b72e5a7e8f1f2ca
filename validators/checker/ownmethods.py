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


def drop_own_class_calls(findings: list[Finding], calls: list[tuple[int, str, str, int, tuple[str, ...]]],
                         classes: dict[str, dict[str, int]]) -> None:
    """Remove (in place) the findings of receiver-named method-rule calls (``sched.step(num_steps)``) whose
    receiver the file binds only to instances of the sub-project's classes without a torch base, each defining
    the method with room for the call's positional arguments (stanza's ``WarmupThenPlateauScheduler.step``)."""
    dropped = {(line, rule) for line, rule, method, passed, owners in calls
               if owners and all(classes.get(owner, {}).get(method, -1) >= passed for owner in owners)}
    if dropped:
        findings[:] = [f for f in findings if (f.line, f.rule) not in dropped]


def drop_own_method_calls(findings: list[Finding], calls: list[tuple[int, str, str, int]],
                          defined: dict[str, int]) -> None:
    """Remove (in place) the findings of method-rule calls ``(line, rule id, method, positional count)`` whose
    method a class of the sub-project defines, taking that many positional arguments."""
    dropped = {(line, rule) for line, rule, method, passed in calls if defined.get(method, -1) >= passed}
    if dropped:
        findings[:] = [f for f in findings if (f.line, f.rule) not in dropped]
