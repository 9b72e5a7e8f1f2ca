"""A quiet default forwarded to torch, that no caller of the project changes.

``def gumbel_softmax_with_rng(logits, tau=1, hard=False, eps=1e-10, ...): return F.gumbel_softmax(logits,
tau=tau, hard=hard, eps=eps)``: torch warns only when ``eps != 1e-10`` (the rule's ``quiet_with``), and the
wrapper forwards its own parameter, whose default is that quiet value. What the call passes is what the callers
pass; when every call of the wrapper in the sub-project (spread.py's call sites, by last name) leaves ``eps``
alone (no such keyword, too few positional arguments to reach it, no ``*args``/``**kw``), the call is quiet and
its finding is dropped; so is it when nothing in the sub-project calls a plain function forwarding it (the code
as written runs with the quiet default: judges ruled ``to_var(x, volatile=False)`` helpers no one calls quiet,
rounds 30 and 34), unless some file of the sub-project names the function as a value (``loss_fn = NLLvMF``, then
``loss_fn(..., eval=True)``: its calls are not seen by name), while a method no call site calls (a library class's
entry point) keeps it. As in spread.py: a
name defined twice keeps the finding (unless each copy forwards the same parameter at the same place: one helper
copied into several files), and so does a class some class derives from. A wrapper that forwards its own
``size_average=None`` / ``reduce=None`` to a loss (a keyword torch ignores when None: ``none_is_unset``) passes
torch's own signature through: quiet unless a call site of the sub-project passes that parameter, even with no call
site at all (a registry builds it from a config). The same goes for an attribute the constructor sets from such a
parameter (``self.size_average = size_average`` in ``__init__``, then ``F.l1_loss(x, y, self.size_average)``): the
class's callers decide. A call that forwards two parameters is quiet only when both are.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

from .finding import Finding
from .imports import subnodes
from .patterns import passes_quiet_value, positional_as_keywords


# A NamedTuple, not a frozen dataclass: the class is made at every start-up, where a dataclass's generated methods
# cost ~1 ms of CPU (several times a NamedTuple's); it is only built and read.
class ForwardedDefault(NamedTuple):
    callable: str  # the wrapper's name, or its class's for __init__
    parameter: str
    position: int | None  # among the positional parameters a call fills (self not counted); None: keyword-only
    line: int
    rule: str
    # a method's call of torch through its own defaulted parameter (``def step_batch(self, epoch=None):
    # self.step(epoch)`` in a scheduler subclass): every call of that method name counts, whichever class defines it
    method: bool = False
    # the parameter forwards ``None`` to a keyword torch ignores when None (size_average=None): torch's own
    # signature passed through, which no caller of the project is needed to leave alone
    unset: bool = False
    # the parameter's own default is the deprecated value (``reduction='elementwise_mean'`` forwarded to the loss by
    # a subclass): a finding while some call of the callable can run with it (no call at all: a library's entry
    # point); ``accepted`` names the callable's parameters (None: it takes **kwargs), a call passing another keyword
    # raises TypeError before the default is used
    deprecated: bool = False
    accepted: frozenset[str] | None = None


def quiet_defaults(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[int | None, ast.expr]]:
    """Parameter -> (its position among those a call fills, its default), for parameters with a default."""
    arguments = function.args
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args) if a.arg not in ("self", "cls")]
    found: dict[str, tuple[int | None, ast.expr]] = {}
    for name, default in zip(reversed([*arguments.posonlyargs, *arguments.args]), reversed(arguments.defaults)):
        found[name.arg] = (positional.index(name.arg) if name.arg in positional else None, default)
    for name, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        if default is not None:
            found[name.arg] = (None, default)
    return found


def constructor_attributes(cls: ast.ClassDef) -> dict[str, tuple[str, int | None]]:
    """``self.size_average = size_average`` in ``__init__``, where the parameter defaults to None and nothing else
    in the class stores ``self.size_average``: attribute -> (the parameter, its position among those a call fills)."""
    init = next((statement for statement in cls.body
                 if isinstance(statement, ast.FunctionDef) and statement.name == "__init__"), None)
    if init is None:
        return {}
    defaults = quiet_defaults(init)
    candidates = {}
    for statement in init.body:
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(target := statement.targets[0], ast.Attribute) and isinstance(target.value, ast.Name)
                and target.value.id == "self"
                and isinstance(statement.value, ast.Name) and (known := defaults.get(statement.value.id)) is not None
                and isinstance(known[1], ast.Constant) and known[1].value is None):
            candidates[target.attr] = (statement.value.id, known[0])
    if not candidates:  # most constructors set no attribute from a None default: the class need not be walked
        return {}
    stores: dict[str, int] = {}
    for node in subnodes(cls):
        if (node.__class__ is ast.Attribute and node.attr in candidates and node.ctx.__class__ is ast.Store
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            stores[node.attr] = stores.get(node.attr, 0) + 1
    return {attr: stored for attr, stored in candidates.items() if stores.get(attr) == 1}


def forwarded_defaults(call: ast.Call, rules, api: str, callable_name: str | None,
                       defaults: dict[str, tuple[int | None, ast.expr]],
                       owner: tuple[str, dict[str, tuple[str, int | None]]] | None = None) -> list[ForwardedDefault]:
    """The rules with ``quiet_with`` this call would break only through a keyword that forwards a parameter whose
    own default is the quiet value. ``owner``: the enclosing class's name and constructor_attributes, for a
    ``none_is_unset`` argument passed as ``self.attr``."""
    out = []
    for rule in rules:
        if rule.none_is_unset:  # `size_average=size_average` forwarding the wrapper's own `size_average=None`
            forwarded = []
            for keyword in positional_as_keywords(rule, api, call).keywords:
                if keyword.arg not in rule.arguments:
                    continue
                value = keyword.value
                if (callable_name is not None and isinstance(value, ast.Name)
                        and (known := defaults.get(value.id)) is not None
                        and isinstance(known[1], ast.Constant) and known[1].value is None):
                    forwarded.append(ForwardedDefault(callable_name, value.id, known[0], call.lineno, rule.id,
                                                      unset=True))
                elif (owner is not None and isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                      and value.value.id == "self" and (set_from := owner[1].get(value.attr)) is not None):
                    forwarded.append(ForwardedDefault(owner[0], set_from[0], set_from[1], call.lineno, rule.id,
                                                      unset=True))
                elif not (isinstance(value, ast.Constant) and value.value is None):
                    break  # reduce=reduction, whose default is 'mean': the call warns whatever the other one forwards
            else:
                out += forwarded
            continue
        if not rule.quiet_with or callable_name is None:
            continue
        quiet = dict(rule.quiet_with)
        for keyword in call.keywords:
            if (keyword.arg in quiet and isinstance(keyword.value, ast.Name)
                    and (known := defaults.get(keyword.value.id)) is not None
                    and passes_quiet_value(ast.Call(call.func, [], [ast.keyword(keyword.arg, known[1])]),
                                           ((keyword.arg, quiet[keyword.arg]),))):
                out.append(ForwardedDefault(callable_name, keyword.value.id, known[0], call.lineno, rule.id))
    return out


def drop_forwarded_defaults(files: list, findings_of) -> None:
    """``files``: spread.py's SpreadFile parts of one sub-project; ``findings_of(part)``: that file's findings list,
    edited in place."""
    if not any(part.sites.forwarded for part in files):
        return
    defined: dict[str, int] = {}
    derived: set[str] = set()
    for part in files:
        for name in part.names:
            defined[name] = defined.get(name, 0) + 1
        for names_of_bases in part.bases.values():
            derived.update(names_of_bases)
    # copies of one helper in several files (to_var(x, volatile=False) in a script and in a utils module) that each
    # forward the same parameter at the same place: their call sites are read as one callable's
    forwarding: dict[tuple[str, str, int | None], set[int]] = {}
    for index, part in enumerate(files):
        for forwarded in part.sites.forwarded:
            forwarding.setdefault((forwarded.callable, forwarded.parameter, forwarded.position), set()).add(index)
    texts: dict[str, str] = {}  # the sub-project's sources, read only when a callable no call names is asked about
    for part in files:
        dropped, kept = set(), set()
        for forwarded in part.sites.forwarded:
            key = (forwarded.line, forwarded.rule)
            copies = len(forwarding[(forwarded.callable, forwarded.parameter, forwarded.position)])
            if not forwarded.method and (defined.get(forwarded.callable) not in (1, copies)
                                         or forwarded.callable in derived):
                kept.add(key)
                continue
            callers = [(site, other.sites.positionals.get(forwarded.callable, 0)) for other in files
                       if (site := other.sites.sites.get(forwarded.callable)) is not None]
            if forwarded.deprecated:
                (kept if not callers or any(_may_use_default(forwarded, site, most) for site, most in callers)
                 else dropped).add(key)
                continue
            if (not callers and not forwarded.unset and (forwarded.method or _passed_as_value(
                    forwarded.callable, files, texts))) or any(
                    passed is None or forwarded.parameter in passed
                    or (forwarded.position is not None and most > forwarded.position)
                    for (_, passed), most in callers):
                kept.add(key)  # a call forwarding two defaults is quiet only when both stay quiet
                continue
            dropped.add(key)
        dropped -= kept
        if dropped:
            findings: list[Finding] = findings_of(part)
            findings[:] = [f for f in findings if (f.line, f.rule) not in dropped]


def _passed_as_value(name: str, files: list, texts: dict[str, str]) -> bool:
    """``loss_fn = NLLvMF`` then ``loss_fn(..., eval=True)``: some file of the sub-project names the callable other
    than by calling it or defining it, so its calls cannot be seen by name (rare: asked only for a callable no call
    site names)."""
    pattern = re.compile(rf"(?<!\w)(?<!def ){re.escape(name)}\b(?!\s*\()")
    for part in files:
        if part.file not in texts:
            try:
                texts[part.file] = Path(part.file).read_text(encoding="utf-8", errors="replace")
            except OSError:
                texts[part.file] = ""
        if pattern.search(texts[part.file]):
            return True
    return False


def _may_use_default(forwarded: ForwardedDefault, site: tuple[int, frozenset[str] | None], most: int) -> bool:
    """Some call of the name may leave ``forwarded``'s parameter at its default and run: more than one call (the
    keywords are one summary for all), or a call passing neither the parameter (by keyword or position) nor a
    keyword the callable lacks."""
    calls, passed = site
    if calls > 1 or passed is None:
        return True
    return (forwarded.parameter not in passed and not (forwarded.position is not None and most > forwarded.position)
            and (forwarded.accepted is None or passed <= forwarded.accepted))

