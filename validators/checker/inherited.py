"""Calls through a callable that a base class of the project binds to ``self.attr``.

``class BaseModel: def initialize(self): self.Tensor = torch.cuda.FloatTensor if gpu else torch.Tensor`` in
one file, and ``class Pix2PixModel(BaseModel): ... self.Tensor(n, c, h, w)`` in another: the subclass calls
the deprecated constructor without naming it anywhere in its own file, so aliases.py (one file, one class)
cannot see it. Each walk leaves :class:`ClassFacts` (which classes bind which attributes, what each class
assigns or defines, its bases, and its ``self.attr(...)`` calls); once the project's files are in,
:func:`inherited_findings` follows each call's class up its bases by name.

Only certain bindings count: a base name defined by exactly one class of the sub-project, and the first class
on the way up that assigns or defines the attribute must be the one binding it to a ruled callable (a
subclass that rebinds ``self.Tensor`` to something else, or defines a ``Tensor`` method, hides the base's).
The call is reported where it is written: the binding is in another class, maybe another file.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field

from .finding import Finding, finding_at
from .imports import subnodes, walk_nodes
from .ownmethods import own_methods
from .patterns import call_findings, call_rules
from .returns import is_module_file

_MAX_DEPTH = 12  # base classes followed up from a call's class; a deeper chain is left alone


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class ClassFacts:
    """One file's classes, for the project-wide pass."""

    file: str = ""
    bindings: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # class -> attr -> ruled apis bound
    assigned: dict[str, set[str]] = field(default_factory=dict)  # class -> attrs it assigns or methods it defines
    bases: dict[str, tuple[str, ...]] = field(default_factory=dict)  # class -> names of its non-torch bases
    calls: list[tuple[str, str, ast.Call]] = field(default_factory=list)  # (class, attr, self.attr(...) call)
    # a callable passed to the constructor (parameters.py below): ``self.attr = param`` in __init__, the number of
    # stores to each attribute, the calls through such attributes, and constructor calls passing a torch callable
    parameters: dict[tuple[str, str], tuple[str, int | None]] = field(default_factory=dict)  # (class, attr) -> param
    stores: dict[tuple[str, str], int] = field(default_factory=dict)
    parameter_calls: list[tuple[str, str, ast.Call]] = field(default_factory=list)
    passes: list[tuple[str, str, int, list[tuple[str | int, object]]]] = field(default_factory=list)  # line, not node: kept small
    # for ownmethods.py: the classes with a torch base, each class's methods, and the method-rule calls reported
    torch_based: set[str] = field(default_factory=set)
    methods: dict[str, dict[str, int]] = field(default_factory=dict)  # class -> method -> most positionals it takes
    method_calls: list[tuple[int, str, str, int]] = field(default_factory=list)  # (line, rule id, method, positionals)
    # receiver-named method-rule calls (`sched.step(n)`) whose receiver name the file binds only to instances of
    # non-torch classes: (line, rule id, method, positionals, class names)
    receiver_calls: list[tuple[int, str, str, int, tuple[str, ...]]] = field(default_factory=list)
    # receiver-named method-rule calls without keywords on a receiver not bound to a torch scheduler in the file,
    # for ownschedulers.py: (line, rule id, method, positionals)
    named_receiver_calls: list[tuple[int, str, str, int]] = field(default_factory=list)
    # receiver-named method-rule calls whose receiver the file binds to no instance of its own (a parameter,
    # `self.sched = sched`): (line, rule id, method, positionals, last name), for receivers.passed_bindings
    passed_receiver_calls: list[tuple[int, str, str, int, str]] = field(default_factory=list)
    # every class's bases in order, None for one that names torch (or is no plain name), and, of the methods a
    # receiver-named rule calls (`step`, `get_lr`), those each class defines over a base's, and those of them whose
    # body hands on to the base's (`super().step(epoch)`): for ownmethods.answering_classes
    order: dict[str, tuple[str | None, ...]] = field(default_factory=dict)
    # a class built with a torch class's constructor (`class DistributedModel(nn.parallel.DistributedDataParallel)`
    # with no __init__, or one handing *args/**kwargs to super().__init__): class -> (that torch api, the keywords
    # its own __init__ names, which it may keep); and the file's calls of a CapWords name passing a keyword some
    # keyword rule names (`DistributedModel(module=m, broadcast_buffers=False)`): (called name, call)
    constructors: dict[str, tuple[str | None, frozenset[str]]] = field(default_factory=dict)
    constructor_calls: list[tuple[str, ast.Call]] = field(default_factory=list)
    overrides: dict[str, dict[str, int]] = field(default_factory=dict)
    extends: dict[str, set[str]] = field(default_factory=dict)
    # nn.Module subclasses as the file alone tells (a torch module base, or such a class of the file), and the
    # ``self.<nn.Module method>(...)`` calls of classes with no base at all (mixins) and of classes whose bases are
    # the project's (``class LinearizedConvolution(ConvTBC)``, ConvTBC an nn.Module in another file): (class, method,
    # call)
    module_classes: set[str] = field(default_factory=set)
    mixin_calls: list[tuple[str, str, ast.Call]] = field(default_factory=list)
    derived_calls: list[tuple[str, str, ast.Call]] = field(default_factory=list)
    # base names the file imports: name -> (module path suffix, name there), to tell copies of a class apart
    base_imports: dict[str, tuple[str, str]] = field(default_factory=dict)

    def note_class(self, node: ast.ClassDef, resolve, watched: frozenset[str] = frozenset()) -> None:
        """``resolve(expr)``: the torch API an expression names, or None (a project or other library name).
        ``watched``: method names whose overrides are recorded (see ``overrides``)."""
        names, torch_base, order = [], False, []
        for base in node.bases:
            base = base.value if isinstance(base, ast.Subscript) else base
            if isinstance(base, (ast.Name, ast.Attribute)) and resolve(base) is None:
                names.append(base.id if isinstance(base, ast.Name) else base.attr)
                order.append(names[-1])
            else:
                torch_base = True
                order.append(None)
        if torch_base:
            self.torch_based.add(node.name)
        self.methods[node.name] = own_methods(node)
        self.order[node.name] = tuple(order)
        if (passing := _passing_init(node)) is not None:
            self.constructors[node.name] = (next((api for base in node.bases if (api := resolve(
                base.value if isinstance(base, ast.Subscript) else base)) is not None), None), passing)
        if watched and (defined := {m: n for m, n in self.methods[node.name].items() if m in watched}):
            self.overrides[node.name] = defined
            self.extends[node.name] = _extending(node, set(defined))
        self.bases[node.name] = tuple(names)  # every class: ownmethods follows chains of them
        self.assigned[node.name] = _assigned(node)

    def note_store(self, owner: str, attr: str) -> None:
        """``self.attr = ...`` (any assignment) in a method of ``owner``; ``"*"`` for ``setattr(...)``, which may
        bind anything."""
        self.assigned.setdefault(owner, set()).add(attr)
        self.stores[(owner, attr)] = self.stores.get((owner, attr), 0) + 1

    def note_call(self, owner: str, node: ast.Call) -> None:
        """A ``self.attr(...)`` call in a method of ``owner`` (not inside a version guard)."""
        self.calls.append((owner, node.func.attr, node))

    def keep_inherited_calls(self, imported: dict[str, tuple[str, str]] | None = None) -> None:
        """Once the file is walked: only calls that the class itself does not decide, in classes with bases.
        ``imported``: the file's from-imports of project names (returns.from_imported), of which the bases are kept."""
        if imported:
            self.base_imports = {base: imported[base] for bases in self.bases.values() for base in bases
                                 if base in imported}
        self.parameter_calls = [(owner, attr, node) for owner, attr, node in self.calls
                                if (owner, attr) in self.parameters and self.stores.get((owner, attr)) == 1]
        self.calls = [(owner, attr, node) for owner, attr, node in self.calls
                      if self.bases.get(owner) and attr not in self.assigned.get(owner, ())
                      and attr not in self.bindings.get(owner, {})]


def _passing_init(node: ast.ClassDef) -> frozenset[str] | None:
    """The class's constructor passes what its caller passes on to its base's: no ``__init__`` of its own (the
    empty set), or one whose ``**kwargs`` goes on to ``super().__init__(..., **kwargs)`` (the names of its own
    parameters, which it may keep); None otherwise."""
    init = next((child for child in node.body if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and child.name == "__init__"), None)
    if init is None:
        return frozenset()
    if init.args.kwarg is None:
        return None
    spread = init.args.kwarg.arg
    for inner in subnodes(init):  # (calls only; any one decides, in any order)
        if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "__init__"
                and isinstance(inner.func.value, ast.Call) and isinstance(inner.func.value.func, ast.Name)
                and inner.func.value.func.id == "super"
                and any(kw.arg is None and isinstance(kw.value, ast.Name) and kw.value.id == spread
                        for kw in inner.keywords)):
            return frozenset(a.arg for a in (*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs))
    return None


def _extending(node: ast.ClassDef, methods: set[str]) -> set[str]:
    """Of ``methods`` the class defines, those whose body calls the same method of a base: ``super().step(epoch)``,
    ``super(Warmup, self).step()``, or through a base named as in the class statement (``StepLR.step(self, epoch)``)."""
    bases = {ast.dump(base.value if isinstance(base, ast.Subscript) else base) for base in node.bases}
    found = set()
    for child in node.body:
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name in methods:
            for inner in walk_nodes(child):
                if isinstance(inner, ast.Call) and isinstance(func := inner.func, ast.Attribute) and \
                        func.attr == child.name and (
                        (isinstance(func.value, ast.Call) and isinstance(func.value.func, ast.Name)
                         and func.value.func.id == "super") or ast.dump(func.value) in bases):
                    found.add(child.name)
                    break
    return found


def _assigned(node: ast.ClassDef) -> set[str]:
    """The class's own method names and class-level names: like an attribute its methods assign (which the
    walker adds as it meets ``self.x = ...``, see :meth:`ClassFacts.note_store`), any of them decides what
    ``self.x`` is before a base class does."""
    names = set()
    for child in node.body:
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(child.name)
        elif isinstance(child, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in (child.targets if isinstance(child, ast.Assign) else [child.target]):
                names.update(t.id for t in walk_nodes(target) if isinstance(t, ast.Name))
    return names


def constructor_findings(files: list[ClassFacts], rules, target) -> dict[str, list[Finding]]:
    """file -> keyword-rule findings on calls of the project's subclasses of a torch class whose constructor
    reaches the torch class's with the caller's keywords (``DistributedModel(module=m, broadcast_buffers=False)``
    with ``class DistributedModel(nn.parallel.DistributedDataParallel)`` handing ``**kwargs`` to
    ``super().__init__``), through the project's classes too (``class Wrapped(DistributedModel)`` with no
    ``__init__``). A name is the calling file's own class where it defines one, else the sub-project's only class
    of that name (one defined in two other files is left alone); a class with a base of another library first is
    left alone; a keyword the subclass's own ``__init__`` names is its to keep."""
    calls = [(facts, name, node) for facts in files for name, node in facts.constructor_calls]
    if not calls:
        return {}
    definitions: dict[str, list[tuple[ClassFacts, tuple[str | None, frozenset[str]] | None]]] = {}
    for facts in files:
        for name in facts.order:
            definitions.setdefault(name, []).append((facts, facts.constructors.get(name)))
    known: dict[tuple[int, str], tuple[str, frozenset[str]] | None] = {}

    def definition(name: str, home: ClassFacts) -> tuple[ClassFacts | None, tuple[str | None, frozenset[str]] | None]:
        """The class ``name`` names in ``home`` (the calling or subclassing file): its own where it defines one
        (``class Variable(autograd.Variable)`` in each of two scripts), else the sub-project's only one."""
        if name in home.order:
            return home, home.constructors.get(name)
        found = definitions.get(name, ())
        return found[0] if len(found) == 1 else (None, None)

    def reached(name: str, depth: int, home: ClassFacts) -> tuple[str, frozenset[str]] | None:
        key = (id(home) if name in home.order else 0, name)
        if key in known:
            return known[key]
        known[key] = None  # a cycle stays unknown
        found = None
        facts, own = definition(name, home)
        if depth <= _MAX_DEPTH and facts is not None and own:
            api, kept = own
            bases = facts.order.get(name, ())
            if api is not None and bases and bases[0] is None:  # the torch class comes first
                found = (api, kept)
            elif api is None and bases and bases[0] is not None and (further := reached(bases[0], depth + 1, facts)):
                found = (further[0], further[1] | kept)
        known[key] = found
        return found

    out: dict[str, list[Finding]] = {}
    for facts, name, node in calls:
        if (built := reached(name, 0, facts)) is None:
            continue
        api, kept = built
        probe = ast.copy_location(ast.Call(node.func, node.args, [kw for kw in node.keywords if kw.arg not in kept]),
                                  node)
        for rule in [rule for rule in call_rules(rules, api, target, probe) if rule.kind == "keyword"]:
            out.setdefault(facts.file, []).append(finding_at(
                facts.file, node, api, rule, f"{rule.message} ({name} is built by {api}'s constructor)", rule.fix))
    del reached  # a recursive closure is a reference cycle: it would keep the project's class facts until a collection
    return out


def inherited_findings(files: list[ClassFacts], rules, target) -> dict[str, list[Finding]]:
    """file -> findings for calls through a callable a base class binds (see the module's docstring)."""
    defined: dict[str, list[ClassFacts]] = {}
    for facts in files:
        for name in facts.bases:
            defined.setdefault(name, []).append(facts)
    out: dict[str, list[Finding]] = {}
    if any(facts.parameter_calls for facts in files):
        _parameter_findings(files, defined, rules, target, out)
    if any(facts.mixin_calls or facts.derived_calls for facts in files):
        _module_self_findings(files, defined, rules, target, out)
    if not any(facts.bindings for facts in files):
        return out
    for facts in files:
        for owner, attr, node in facts.calls:
            apis = _bound(owner, attr, facts, defined)
            for api in apis:
                out.setdefault(facts.file, []).extend(call_findings(
                    facts.file, node, api, rules, target, f"self.{attr} is {api}, bound in a base class"))
    return out


def _module_self_findings(files: list[ClassFacts], defined: dict[str, list[ClassFacts]], rules, target,
                          out: dict[str, list[Finding]]) -> None:
    """``self.register_backward_hook(...)`` where ``self`` is always an ``nn.Module``, though the file cannot tell:
    the ``nn.Module`` method rule applies as in a module class (selfmethods.py).

    - A mixin (``class GroupFisherMixin:``, no base) that the project mixes only into ``nn.Module`` subclasses
      (``class GroupFisherConv2d(DynamicConv2d, GroupFisherMixin)``, DynamicConv2d an ``nn.Conv2d`` subclass in
      another file). The mixin's name is defined once; it has at least one subclass; every subclass is a module
      class, followed up its bases by name (every definition of each), and none defines the method itself.
    - A class whose project base is a module class in another file (fairseq's ``LinearizedConvolution(ConvTBC)``,
      ``class ConvTBC(torch.nn.Module)``), followed up its bases by name, no class on the way defining the method."""
    from .rule import newest_per_pattern
    from .patterns import matches_call
    from .selfmethods import module_rules

    subclasses: dict[str, list[tuple[str, ClassFacts]]] = {}
    for facts in files:
        for name, bases in facts.bases.items():
            for base in bases:
                subclasses.setdefault(base, []).append((name, facts))
    modules: dict[str, bool] = {}

    def is_module(name: str, depth: int = 0) -> bool:
        if name not in modules:
            modules[name] = False  # a cycle of bases is no module
            holders = defined.get(name, [])  # every definition of the name (a build/lib copy of the package)
            modules[name] = bool(holders) and depth < _MAX_DEPTH and all(
                name in holder.module_classes or any(is_module(base, depth + 1) for base in holder.bases[name])
                for holder in holders)
        return modules[name]

    def inherits(name: str, method: str, depth: int = 0) -> bool:
        """The class gets ``method`` from nn.Module: it and its project bases up to a module class define none of
        that name (in every definition of each)."""
        holders = defined.get(name, [])
        return bool(holders) and depth < _MAX_DEPTH and all(
            method not in holder.methods.get(name, {}) and (name in holder.module_classes or any(
                is_module(base) and inherits(base, method, depth + 1) for base in holder.bases[name]))
            for holder in holders)

    def found(method: str, node: ast.Call) -> list:
        return newest_per_pattern(rule for rule in module_rules(rules.by_method.get(method, ()), method)
                                  if not rule.when and rule.applies_to(target) and matches_call(rule, node))

    for facts in files:
        for owner, method, node in facts.mixin_calls:
            children = subclasses.get(owner, [])
            if len(defined.get(owner, [])) != 1 or not children or not all(
                    is_module(child) and method not in holder.methods.get(child, {}) for child, holder in children):
                continue
            out.setdefault(facts.file, []).extend(
                finding_at(facts.file, node, rule.apis[0], rule, f"{rule.message} ({owner} is mixed only into "
                           f"nn.Module subclasses: {', '.join(sorted({child for child, _ in children}))})", rule.fix)
                for rule in found(method, node))
        for owner, method, node in facts.derived_calls:
            if is_module(owner) and inherits(owner, method):
                out.setdefault(facts.file, []).extend(
                    finding_at(facts.file, node, rule.apis[0], rule,
                               f"{rule.message} ({owner} is an nn.Module subclass through the project's "
                               f"{', '.join(facts.bases[owner])})", rule.fix)
                    for rule in found(method, node))


def _parameter_findings(files: list[ClassFacts], defined: dict[str, list[ClassFacts]], rules, target,
                        out: dict[str, list[Finding]]) -> None:
    """``self.attr(...)`` in a class whose ``__init__`` stores a parameter as ``self.attr`` (and nothing else
    stores it), where a constructor call of the sub-project passes a ruled torch callable for that parameter:
    itself, or ``self.X`` that the calling class (or its base, as above) binds to one. A class name defined twice
    is left alone (which one a call builds is unknown) unless every definition stores the same parameter as that
    attribute and calls it (HR-VITON's two GANLoss classes, each calling ``self.Tensor(...)`` given ``tensor=``)."""
    passes: dict[str, list[tuple[ClassFacts, str, int, list]]] = {}
    for caller in files:
        for calling_class, name, call, passed in caller.passes:
            passes.setdefault(name, []).append((caller, calling_class, call, passed))
    for facts in files:
        for owner, attr, node in facts.parameter_calls:
            if owner not in passes or not _stored_alike(owner, attr, defined.get(owner, [])):
                continue
            parameter, position = facts.parameters[(owner, attr)]
            reported: set[str] = set()
            for caller, calling_class, line, passed in passes[owner]:
                for key, (kind, value) in passed:
                    if key != parameter and (position is None or key != position):
                        continue
                    apis = _passed_apis(kind, value, calling_class, caller, defined, passes, set())
                    for api in apis:
                        for rule in call_rules(rules, api, target, node):
                            if rule.id in reported:
                                continue  # torch.cuda.HalfTensor or FloatTensor passed: one finding at the call
                            reported.add(rule.id)
                            where = f"{caller.file.replace(chr(92), '/').rsplit('/', 1)[-1]}:{line}"
                            out.setdefault(facts.file, []).append(finding_at(
                                facts.file, node, api, rule,
                                f"{rule.message} (self.{attr} is the {parameter} argument, and {where} passes {api})",
                                rule.fix))


def _stored_alike(owner: str, attr: str, holders: list[ClassFacts]) -> bool:
    """Whichever definition of ``owner`` a constructor call builds, ``self.attr`` is the same parameter, called."""
    return bool(holders) and len({holder.parameters.get((owner, attr)) for holder in holders}) == 1 and all(
        any(called == owner and called_attr == attr for called, called_attr, _ in holder.parameter_calls)
        for holder in holders)


def _passed_apis(kind: str, value, calling_class: str, caller: ClassFacts, defined: dict[str, list[ClassFacts]],
                 passes: dict[str, list], seen: set) -> list[str]:
    """The ruled apis one passed value is: a torch callable itself, ``self.X`` bound to one, or a parameter of the
    calling function (``init_loss(opt, tensor)`` passing ``tensor`` on), followed to what that function's callers
    pass for it; every caller's value counts (any of them may be the one that runs)."""
    if kind == "apis":
        return list(value)
    if kind == "self":
        return _self_binding(calling_class, value, caller, defined)
    callee, parameter, position = value
    if (callee, parameter) in seen or len(seen) >= _MAX_DEPTH or len(defined.get(callee, [None])) != 1:
        return []  # a cycle, too deep, or a class name defined twice: unknown
    seen = seen | {(callee, parameter)}
    apis: list[str] = []
    for outer, outer_class, _, passed in passes.get(callee, ()):
        for key, (outer_kind, outer_value) in passed:
            if key == parameter or (position is not None and key == position):
                apis += [api for api in _passed_apis(outer_kind, outer_value, outer_class, outer, defined, passes, seen)
                         if api not in apis]
    return apis


def _self_binding(owner: str, attr: str, facts: ClassFacts, defined: dict[str, list[ClassFacts]]) -> list[str]:
    """The ruled apis ``self.attr`` is in class ``owner`` of ``facts``: bound there, or in a base class."""
    if not owner:
        return []
    if attr in facts.bindings.get(owner, {}):
        return facts.bindings[owner][attr]
    if attr in facts.assigned.get(owner, set()):
        return []
    return _bound(owner, attr, facts, defined)


def _bound(owner: str, attr: str, facts: ClassFacts, defined: dict[str, list[ClassFacts]]) -> list[str]:
    """The ruled apis the first base class of ``owner`` (depth first, in base order) that decides ``attr``
    binds it to; none if that class binds it to anything else, or a base name is ambiguous or unknown."""
    seen: set[str] = {owner}
    stack = [(base, 1, facts) for base in reversed(facts.bases.get(owner, ()))]
    while stack:
        name, depth, importer = stack.pop()
        holder = _holder(name, importer, defined)
        if holder is None or name in seen or depth > _MAX_DEPTH:
            return []  # not the project's class, defined twice, a cycle, or too deep: unknown
        seen.add(name)
        if attr in holder.bindings.get(name, {}):
            return holder.bindings[name][attr]
        assigned = holder.assigned.get(name, set())
        if attr in assigned or "*" in assigned:
            return []
        stack.extend((base, depth + 1, holder) for base in reversed(holder.bases.get(name, ())))
    return []


def _holder(name: str, importer: ClassFacts, defined: dict[str, list[ClassFacts]]) -> ClassFacts | None:
    """The file defining the class ``name`` that ``importer`` names as a base: the only one of the sub-project, or,
    where copies of the class exist (a baseline folder per dataset), the importer's own file or the one its
    ``from .base_model import BaseModel`` names. An absolute import that several copies answer takes the copy whose
    package root holds the importer (the folder the importing script runs from)."""
    holders = defined.get(name, [])
    if len(holders) == 1:
        return holders[0]
    if importer in holders:
        return importer
    suffix, imported = importer.base_imports.get(name, ("", ""))
    if imported != name:
        return None
    files = {id(holder): os.path.abspath(holder.file).replace(os.sep, "/") for holder in holders}
    matches = [holder for holder in holders if is_module_file(files[id(holder)], suffix)]
    if len(matches) > 1 and not suffix.startswith("/"):
        folder = os.path.dirname(os.path.abspath(importer.file)).replace(os.sep, "/") + "/"
        matches = [holder for holder in matches if folder.startswith(_module_root(files[id(holder)], suffix))]
    return matches[0] if len(matches) == 1 else None


def _module_root(path: str, suffix: str) -> str:
    """``/p/models/base_model.py`` for ``models/base_model`` -> ``/p/``: the folder the import is resolved from."""
    for tail in ("/__init__.py", ".py"):
        if path.endswith(f"/{suffix}{tail}"):
            return path[:-len(suffix + tail)]
    return path
