"""Torch calls that spread a ``**kwargs`` parameter which every caller of the project leaves empty.

``class Activation(nn.Module): def __init__(self, name, **params): ... nn.Softmax(**params)``: what the call
passes depends on the callers, so the walk cannot say whether ``dim`` is given. When every call of
``Activation`` in the sub-project (``Activation(activation)``) passes nothing beyond the named parameters,
``params`` is empty and the call is ``nn.Softmax()``. Each walk leaves such calls (in functions of the module
level, or in a class's ``__init__``, called by the class's name) and every call site of a project callable by
its last name, with the keyword names it passes; :func:`spread_findings` joins them.

What the callable itself puts into the dict (``kwargs.setdefault("use_reentrant", True)``) is passed too
(:func:`filled_keywords`). A keyword a call site passes beyond the named parameters goes into the dict: a keyword
rule it breaks is found at that site (``create_ddp_model(model, broadcast_buffers=False)``; or a config file's dict
spread there, ``**cfg.train.ddp``: configdicts.py). A private method (``self._test_model(...)``, only the project
calls it) holds only what its callers pass, following a caller that passes its own **kwargs on to its callers:
a missing argument none passes is missing (:func:`passed_keywords`). Callers in files the walk skips (no torch
named) count too (:func:`unwalked_part`). Left alone: a callable whose name the sub-project defines twice, a class
some class of the sub-project derives from (``super().__init__(name, **kw)`` passes keywords no call site shows),
a call site that itself spreads ``**kw``, and a callable no call site of the sub-project calls (a library's public
entry point: its users pass what they like).
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from typing import NamedTuple

from .configdicts import config_path
from .dictdisplays import dict_keywords
from .finding import Finding
from .finding import finding_at
from .patterns import call_findings, call_rules
from .imports import walk_nodes, walk_tree


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class SpreadCall:
    """A ruled torch call inside a callable that spreads its own ``**kwargs`` into it."""

    callable: str  # the function's name, or the class's for its __init__
    spread: str  # the **kwargs parameter's name
    named: frozenset[str]  # the callable's named parameters (what a keyword may fill besides **kwargs)
    node: ast.Call
    api: str
    filled: tuple[ast.keyword, ...] = ()  # keywords the callable itself puts into **kwargs (filled_keywords)
    method: bool = False  # a private method's (``self._export(...)``), called by its name only in the project


def filled_keywords(function: ast.AST, spread: str) -> tuple[ast.keyword, ...]:
    """What ``function`` puts into its own ``**spread`` dict before passing it on: ``kwargs.setdefault("use_reentrant",
    True)``, ``kwargs["k"] = v``, ``kwargs.update(k=v)`` / ``kwargs.update({"k": v})``, as keywords. A callable
    that fills a key passes it whatever its callers pass (k-diffusion's checkpoint helper)."""
    found: list[ast.keyword] = []
    for node in walk_nodes(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == spread:
            if node.func.attr == "setdefault" and len(node.args) == 2 and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.append(ast.keyword(node.args[0].value, node.args[1]))
            elif node.func.attr == "update" and not node.args:
                found.extend(kw for kw in node.keywords if kw.arg is not None)
            elif node.func.attr == "update" and len(node.args) == 1 and \
                    (entries := dict_keywords(node.args[0], partial=True)) is not None:
                found.extend(entries)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and \
                        target.value.id == spread and isinstance(target.slice, ast.Constant) and \
                        isinstance(target.slice.value, str):
                    found.append(ast.keyword(target.slice.value, node.value))
    return tuple(found)


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class CallSites:
    """One file's part: its ruled calls spreading ``**kwargs``, and each project call by last name."""

    spread: list[SpreadCall] = field(default_factory=list)
    # name -> (its calls, every keyword they pass; None once one spreads **x): a summary per name, not one entry
    # per call, since every call of the project is noted and the pass only asks "all within the named parameters?"
    sites: dict[str, tuple[int, frozenset[str] | None]] = field(default_factory=dict)
    # name -> the most positional arguments a call passes (a *args: any number); forwarded.py asks
    positionals: dict[str, int] = field(default_factory=dict)
    forwarded: list = field(default_factory=list)  # forwarded.ForwardedDefault of this file's ruled calls
    # name -> (the keywords its calls pass by name, None once one spreads an unknown **x; the (callable, its named
    # parameters) whose own **kwargs a call passes on, ``self._export(m, **export_kwargs)`` in a function taking
    # **export_kwargs): what passed_keywords follows back to that callable's callers. Only calls passing keywords.
    passing: dict[str, tuple[frozenset[str] | None, frozenset[tuple[str, frozenset[str]]]]] = field(
        default_factory=dict)
    keyword_sites: list[tuple[str, ast.Call]] = field(default_factory=list)  # calls passing a keyword rule's keyword
    # calls spreading a config's dict, ``create_ddp_model(model, **cfg.train.ddp)``: (name, call, ("train", "ddp"))
    config_sites: list[tuple[str, ast.Call, tuple[str, ...]]] = field(default_factory=list)
    bare: dict[str, int] = field(default_factory=dict)  # name -> line of the first call passing no keyword at all
    named: dict[str, frozenset[str]] = field(default_factory=dict)  # name -> every keyword its calls pass by name

    def note_site(self, name: str, node: ast.Call, enclosing: tuple | None = None) -> None:
        """``enclosing``: the walker's (callable, **kwargs name, named parameters, method?) of the function the
        call is in, when that function takes **kwargs."""
        calls, passed = self.sites.get(name, (0, frozenset()))
        if passed is not None and node.keywords:
            keywords = [kw.arg for kw in node.keywords]
            passed = None if None in keywords else passed.union(keywords)
        self.sites[name] = (calls + 1, passed)
        if not node.keywords:
            if name not in self.bare:
                self.bare[name] = node.lineno
        elif any(kw.arg is not None for kw in node.keywords):
            self.named[name] = self.named.get(name, frozenset()).union(
                kw.arg for kw in node.keywords if kw.arg is not None)
        if node.keywords:
            known, through = self.passing.get(name, (frozenset(), frozenset()))
            for kw in node.keywords:
                if kw.arg is not None:
                    known = None if known is None else known | {kw.arg}
                elif enclosing is not None and isinstance(kw.value, ast.Name) and kw.value.id == enclosing[1]:
                    through = through | {(enclosing[0], enclosing[2])}
                else:
                    known = None
            self.passing[name] = (known, through)
        if node.args:
            count = 1 << 16 if any(isinstance(a, ast.Starred) for a in node.args) else len(node.args)
            self.positionals[name] = max(self.positionals.get(name, 0), count)

    def note_passed(self, name: str, node: ast.Call, keyword_arguments) -> None:
        """A call (unguarded) that passes a keyword rule's keyword (``keyword_arguments``) or spreads a config's
        dict: what spread_findings follows into the callee's **kwargs."""
        if any(kw.arg in keyword_arguments for kw in node.keywords):
            self.keyword_sites.append((name, node))
        if paths := [path for kw in node.keywords if kw.arg is None and (path := config_path(kw.value)) is not None]:
            self.config_sites.append((name, node, paths[0]))


class SpreadFile(NamedTuple):
    """One file's part of the pass."""

    file: str
    sites: CallSites
    names: set[str]  # its module-level function and class names
    bases: dict[str, tuple[str, ...]]  # its classes' base names


def spread_findings(files: list[SpreadFile], rules, target, config=None) -> dict[str, list[Finding]]:
    """file -> findings. ``config``: attribute path -> configdicts.config_dicts of the sub-project's files (None:
    no config files to read)."""
    if not any(sites.spread for _, sites, _, _ in files):
        return {}
    defined: dict[str, int] = {}
    derived: set[str] = set()
    for _, _, names, bases in files:
        for name in names:
            defined[name] = defined.get(name, 0) + 1
        for names_of_bases in bases.values():
            derived.update(names_of_bases)
    # a function the project defines in several files (a copied engine module: cutler/ and videocutler/ each with
    # its create_ddp_model) is followed when every definition spreads its **kwargs into the same torch callables:
    # whichever one a call site binds, what it passes reaches the same torch call
    spreading: dict[str, dict[str, frozenset[str]]] = {}  # callable -> file -> torch apis its **kwargs reach
    for file, sites, _, _ in files:
        for call in sites.spread:
            if not call.method:
                apis = spreading.setdefault(call.callable, {})
                apis[file] = apis.get(file, frozenset()) | {call.api}
    out: dict[str, list[Finding]] = {}
    passing: dict[str, list[SpreadCall]] = {}  # callable -> its torch calls spreading **kwargs (passed_on_findings)
    for file, sites, _, _ in files:
        for call in sites.spread:
            if not call.method and (call.callable in derived or not _followed(
                    defined.get(call.callable, 0), spreading.get(call.callable, {}))):
                continue
            passing.setdefault(call.callable, []).append(call)
            callers = [site for _, other, _, _ in files if (site := other.sites.get(call.callable)) is not None]
            calls = sum(count for count, _ in callers)
            if call.method or not calls or any(passed is None or not passed <= call.named for _, passed in callers):
                found = _held_findings(file, call, files, rules, target)
                if not found and not call.method:
                    found = _bare_findings(file, call, files, rules, target)
                out.setdefault(file, []).extend(found)
                continue
            probe = _probe(call)
            # the probe keeps the call's position (copy_location), so its findings sit on the call itself
            out.setdefault(file, []).extend(call_findings(
                file, probe, call.api, rules, target,
                f"**{call.spread} is empty: the {calls} call(s) of {call.callable} in the project pass no other keyword"))
    for file, sites, _, _ in files:
        for name, site in sites.keyword_sites:
            found = _once([_passed_on_findings(file, site, call, rules, target)
                           for call in passing.get(name, ()) if not call.method])
            if found:
                out.setdefault(file, []).extend(found)
        for name, site, path in sites.config_sites if config is not None else ():
            found = _once([_config_findings(file, site, path, call, config, rules, target)
                           for call in passing.get(name, ()) if not call.method])
            if found:
                out.setdefault(file, []).extend(found)
    return out


def _once(found: list[list[Finding]]) -> list[Finding]:
    """One site's findings through each torch call its callee spreads into: a rule once (the callee defined in
    several files, each spreading into the same torch call, finds it through each)."""
    seen: set[str] = set()
    return [finding for findings in found for finding in findings
            if finding.rule not in seen and not seen.add(finding.rule)]


def _followed(definitions: int, apis: dict[str, frozenset[str]]) -> bool:
    """One module-level definition of the name, or several, each (one per file) spreading into the same apis."""
    return definitions == 1 or (definitions > 1 and len(apis) == definitions and len(set(apis.values())) == 1)


def _probe(call: SpreadCall, extra: list[ast.keyword] = ()) -> ast.Call:
    """The torch call without its ``**spread``, with what the callable fills into it and ``extra``."""
    return ast.copy_location(ast.Call(call.node.func, call.node.args, [
        kw for kw in call.node.keywords if not (kw.arg is None and isinstance(kw.value, ast.Name)
                                                and kw.value.id == call.spread)] + list(call.filled) + list(extra)),
        call.node)


def _passed_on_findings(file: str, site: ast.Call, call: SpreadCall, rules, target,
                        keywords: list[ast.keyword] | None = None, source: str = "") -> list[Finding]:
    """``create_ddp_model(model, broadcast_buffers=False)`` where ``create_ddp_model(model, **kwargs)`` calls
    ``DistributedDataParallel(model, **kwargs)``: a keyword the callable does not name goes into its **kwargs and
    on to torch, so a keyword rule the torch call breaks only with the keywords of this call site is found at
    the site, the line that passes the keyword. ``keywords``: what the site passes, when not only its own
    (``source`` says where the others come from)."""
    extra = [kw for kw in (site.keywords if keywords is None else keywords)
             if kw.arg is not None and kw.arg not in call.named]
    if not extra:
        return []
    before = {rule.id for rule in call_rules(rules, call.api, target, _probe(call))}
    return [finding_at(file, site, call.api, rule, f"{rule.message} ({source}{call.callable} passes its "
                       f"**{call.spread} on to {call.api.rsplit('.', 1)[-1]}, line {call.node.lineno})", rule.fix)
            for rule in call_rules(rules, call.api, target, _probe(call, extra))
            if rule.kind == "keyword" and rule.id not in before]


def _config_findings(file: str, site: ast.Call, path: tuple[str, ...], call: SpreadCall, config, rules,
                     target) -> list[Finding]:
    """``create_ddp_model(model, **cfg.train.ddp)`` with ``train = dict(ddp=dict(broadcast_buffers=False))`` in a
    config file: the keywords of each definition the config files give the dict (configdicts.py), with the site's
    own, as :func:`_passed_on_findings`; one finding per rule, naming the first definition that breaks it."""
    own = [kw for kw in site.keywords if kw.arg is not None]
    found: dict[str, Finding] = {finding.rule: None for finding in _passed_on_findings(file, site, call, rules, target)}
    for where, line, keywords in config(path):
        source = f"{'.'.join(path)} = {_short(where)}:{line}; "
        for finding in _passed_on_findings(file, site, call, rules, target, own + keywords, source):
            found.setdefault(finding.rule, finding)
    return [finding for finding in found.values() if finding is not None]  # the site's own keywords: found already


def _short(path: str) -> str:
    """The last two parts of a file's path: ``common/train.py``."""
    return "/".join(path.replace("\\", "/").rsplit("/", 2)[-2:])


def _held_findings(file: str, call: SpreadCall, files: list[SpreadFile], rules, target) -> list[Finding]:
    """``torch.onnx.export(m, x, f, training=..., **export_kwargs)`` in ``_test_model(self, m, x, **export_kwargs)``,
    whose callers pass only ``input_names=``/``dynamic_axes=`` (directly, or through their own **kwargs, which
    their callers fill the same way): ``export_kwargs`` holds no more than those names, so an argument none of
    them is (``dynamo``) is missing from the call. A missing-argument rule is found when it holds both of the call
    without the spread and of the call with every name the callers pass."""
    passed = passed_keywords(call.callable, files, frozenset())
    if passed is None:
        return []
    held = [ast.keyword(name, ast.Name("_passed_")) for name in sorted(passed - call.named)]
    without = {rule.id for rule in call_rules(rules, call.api, target, _probe(call)) if rule.kind == "missing-argument"}
    if not without:
        return []
    names = ", ".join(kw.arg for kw in held) or "nothing"
    found = [rule for rule in call_rules(rules, call.api, target, _probe(call, held)) if rule.id in without]
    narrowed = {(r.kind, r.argument) for r in found if r.with_any}  # the narrower rule says it better (the walk's way)
    return [finding_at(file, call.node, call.api, rule, f"{rule.message} (**{call.spread} holds at most {names}: "
                       f"what the calls of {call.callable} in the project pass)", rule.fix)
            for rule in found if rule.with_any or (rule.kind, rule.argument) not in narrowed]


def _bare_findings(file: str, call: SpreadCall, files: list[SpreadFile], rules, target) -> list[Finding]:
    """``auto_grad_checkpoint(block, x, y)`` where ``auto_grad_checkpoint(module, *args, **kwargs)`` returns
    ``checkpoint(module, *args, **kwargs)``: other call sites spread their own ``**kwargs`` (unknown), but this one
    passes no keyword at all, so the dict is empty on that call and the torch call runs as the probe. A
    missing-argument rule that holds of it is found at the torch call (where the argument goes), unless some call
    of the callable in the sub-project passes that argument by name (the callers that pass it show the callable
    is meant to get it from them: the one that leaves it out is that caller's choice)."""
    site = next(((other, sites.bare[call.callable]) for other, sites, _, _ in files if call.callable in sites.bare),
                None)
    if site is None:
        return []
    passed: set[str] = set().union(*(sites.named.get(call.callable, ()) for _, sites, _, _ in files))
    where = f"{os.path.basename(site[0])}:{site[1]}"
    return [finding_at(file, call.node, call.api, rule, f"{rule.message} (**{call.spread} is empty on the call of "
                       f"{call.callable} at {where}, which passes no keyword)", rule.fix)
            for rule in call_rules(rules, call.api, target, _probe(call)) if rule.kind == "missing-argument"
            and not ({rule.argument} if isinstance(rule.argument, str) else set(rule.argument or ())) & passed]


def passed_keywords(name: str, files: list[SpreadFile], seen: frozenset[str]) -> frozenset[str] | None:
    """Every keyword the calls of ``name`` in the sub-project pass, by last name, following a call that passes its
    own function's **kwargs on to that function's callers; None when one call spreads an unknown ``**x`` or
    ``name`` has no call (a library's entry point: its users pass what they like) -- unless ``name`` is a private
    callable reached through a pass-on (``_from_config(self, **kw)`` no code calls passes nothing)."""
    if not any(name in sites.sites for _, sites, _, _ in files):
        return frozenset() if seen and name.startswith("_") else None
    found: set[str] = set()
    for _, sites, _, _ in files:
        known, through = sites.passing.get(name, (frozenset(), frozenset()))
        if known is None:
            return None
        found |= known
        for outer, named in through:
            if outer in seen or outer == name:
                continue
            more = passed_keywords(outer, files, seen | {name})
            if more is None:
                return None
            found |= more - named
    return frozenset(found)


def helper_names(files: list[SpreadFile]) -> set[str]:
    """The project callables whose **kwargs reach a ruled torch call (not private methods)."""
    return {call.callable for _, sites, _, _ in files for call in sites.spread if not call.method}


def unwalked_part(file: str, code: str, helpers: set[str], keyword_arguments) -> SpreadFile | None:
    """The part of a file the walk skipped (it names no torch: ``tools/lazyconfig_train_net.py`` calling
    ``create_ddp_model(model, **cfg.train.ddp)``) in the pass: its calls of ``helpers``, read only when its text
    names one. Its own function and class names count for "defined twice" like any file's."""
    if not any(f"{name}(" in code for name in helpers):
        return None
    from ..parsing import parse_python
    try:
        tree = parse_python(code, file)
    except (SyntaxError, ValueError):
        return None
    sites, names, bases = CallSites(), set(), {}
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
            if isinstance(statement, ast.ClassDef):
                bases[statement.name] = tuple(
                    base.attr if isinstance(base, ast.Attribute) else base.id
                    for base in statement.bases if isinstance(base, (ast.Name, ast.Attribute)))
    for node in walk_tree(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Name, ast.Attribute)):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
        if name not in helpers:
            continue
        sites.note_site(name, node)
        sites.note_passed(name, node, keyword_arguments)
    return SpreadFile(file, sites, names, bases)
