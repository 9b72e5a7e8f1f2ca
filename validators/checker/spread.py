"""Torch calls that spread a ``**kwargs`` parameter which every caller of the project leaves empty.

``class Activation(nn.Module): def __init__(self, name, **params): ... nn.Softmax(**params)``: what the call
passes depends on the callers, so the walk cannot say whether ``dim`` is given. When every call of
``Activation`` in the sub-project (``Activation(activation)``) passes nothing beyond the named parameters,
``params`` is empty and the call is ``nn.Softmax()``. Each walk leaves such calls (in functions of the module
level, or in a class's ``__init__``, called by the class's name) and every call site of a project callable by
its last name, with the keyword names it passes; :func:`spread_findings` joins them.

What the callable itself puts into the dict (``kwargs.setdefault("use_reentrant", True)``) is passed too
(:func:`filled_keywords`). Left alone: a callable whose name the sub-project defines twice, a class some class of the sub-project derives
from (``super().__init__(name, **kw)`` passes keywords no call site shows), a call site that itself spreads
``**kw``, and a callable no call site of the sub-project calls (a library's public entry point: its users pass
what they like).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import NamedTuple

from .finding import Finding
from .patterns import call_findings


@dataclass
class SpreadCall:
    callable: str  # the function's name, or the class's for its __init__
    spread: str  # the **kwargs parameter's name
    named: frozenset[str]  # the callable's named parameters (what a keyword may fill besides **kwargs)
    node: ast.Call
    api: str
    filled: tuple[ast.keyword, ...] = ()  # keywords the callable itself puts into **kwargs (filled_keywords)


def filled_keywords(function: ast.AST, spread: str) -> tuple[ast.keyword, ...]:
    """What ``function`` puts into its own ``**spread`` dict before passing it on: ``kwargs.setdefault("use_reentrant",
    True)``, ``kwargs["k"] = v``, ``kwargs.update(k=v)`` / ``kwargs.update({"k": v})``, as keywords. A callable
    that fills a key passes it whatever its callers pass (k-diffusion's checkpoint helper)."""
    found: list[ast.keyword] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == spread:
            if node.func.attr == "setdefault" and len(node.args) == 2 and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.append(ast.keyword(node.args[0].value, node.args[1]))
            elif node.func.attr == "update" and not node.args:
                found.extend(kw for kw in node.keywords if kw.arg is not None)
            elif node.func.attr == "update" and len(node.args) == 1 and isinstance(node.args[0], ast.Dict):
                found.extend(ast.keyword(k.value, v) for k, v in zip(node.args[0].keys, node.args[0].values)
                             if isinstance(k, ast.Constant) and isinstance(k.value, str))
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and \
                        target.value.id == spread and isinstance(target.slice, ast.Constant) and \
                        isinstance(target.slice.value, str):
                    found.append(ast.keyword(target.slice.value, node.value))
    return tuple(found)


@dataclass
class CallSites:
    """One file's part: its ruled calls spreading ``**kwargs``, and each project call by last name."""

    spread: list[SpreadCall] = field(default_factory=list)
    # name -> (its calls, every keyword they pass; None once one spreads **x): a summary per name, not one entry
    # per call, since every call of the project is noted and the pass only asks "all within the named parameters?"
    sites: dict[str, tuple[int, frozenset[str] | None]] = field(default_factory=dict)
    # name -> the most positional arguments a call passes (a *args: any number); forwarded.py asks
    positionals: dict[str, int] = field(default_factory=dict)
    forwarded: list = field(default_factory=list)  # forwarded.ForwardedDefault of this file's ruled calls

    def note_site(self, name: str, node: ast.Call) -> None:
        calls, passed = self.sites.get(name, (0, frozenset()))
        if passed is not None and node.keywords:
            keywords = [kw.arg for kw in node.keywords]
            passed = None if None in keywords else passed.union(keywords)
        self.sites[name] = (calls + 1, passed)
        if node.args:
            count = 1 << 16 if any(isinstance(a, ast.Starred) for a in node.args) else len(node.args)
            self.positionals[name] = max(self.positionals.get(name, 0), count)


class SpreadFile(NamedTuple):
    """One file's part of the pass."""

    file: str
    sites: CallSites
    names: set[str]  # its module-level function and class names
    bases: dict[str, tuple[str, ...]]  # its classes' base names


def spread_findings(files: list[SpreadFile], rules, target) -> dict[str, list[Finding]]:
    """file -> findings."""
    if not any(sites.spread for _, sites, _, _ in files):
        return {}
    defined: dict[str, int] = {}
    derived: set[str] = set()
    for _, _, names, bases in files:
        for name in names:
            defined[name] = defined.get(name, 0) + 1
        for names_of_bases in bases.values():
            derived.update(names_of_bases)
    out: dict[str, list[Finding]] = {}
    for file, sites, _, _ in files:
        for call in sites.spread:
            if defined.get(call.callable) != 1 or call.callable in derived:
                continue
            callers = [site for _, other, _, _ in files if (site := other.sites.get(call.callable)) is not None]
            calls = sum(count for count, _ in callers)
            if not calls or any(passed is None or not passed <= call.named for _, passed in callers):
                continue
            probe = ast.copy_location(ast.Call(call.node.func, call.node.args, [
                kw for kw in call.node.keywords if not (kw.arg is None and isinstance(kw.value, ast.Name)
                                                        and kw.value.id == call.spread)] + list(call.filled)), call.node)
            # the probe keeps the call's position (copy_location), so its findings sit on the call itself
            out.setdefault(file, []).extend(call_findings(
                file, probe, call.api, rules, target,
                f"**{call.spread} is empty: the {calls} call(s) of {call.callable} in the project pass no other keyword"))
    return out
