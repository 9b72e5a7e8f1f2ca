"""Resolve what a local name means: ``dist`` -> ``torch.distributed``, ``FSDP`` -> its full path.

Only ``torch`` imports are tracked, and flow-insensitively (every import anywhere in the
file counts): checked code is usually a module or a snippet, and a rebinding that hides
a torch import is rarer than a function-local ``import torch.distributed as dist``. A name
that is also assigned something other than ``None`` (``amp = Foo()``), or defined as a
function or class, is no longer trusted to be the torch import; nor is one another library's import binds,
unless that import is a conditional drop-in of the same name (``if os.getenv("ENV_TYPE") == "deepspeed": from
deepspeed... import checkpoint / else: from torch.utils.checkpoint import checkpoint``: torch's runs wherever the
condition does not pick the other; _alternative_imports). A file with a non-torch
star import (``from pkg import *``) that uses ``torch.`` without importing it gets ``torch``
from that import: that is how such code runs.
A few library subclasses of a torch class that keep torch's constructor (mmcv's and mmengine's
``MMDistributedDataParallel``), and library factories that pass their keywords on to one (``mmseg.utils.build_ddp``),
resolve to that class when imported by name, and so do functorch's transforms, thin wrappers of torch's; also when
reached through the library's module (``import functorch; functorch.vmap``) (LIBRARY_TORCH_NAMES, LIBRARY_MODULES).
"""

from __future__ import annotations

import ast
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Callable


# Names in other libraries that are a torch name in all but spelling, by the torch name they stand for: subclasses of a
# torch class whose constructor is torch's, or passes its keywords on to it (``MMDistributedDataParallel(model,
# broadcast_buffers=False)`` runs DistributedDataParallel.__init__ with them), factories returning one, and functorch's
# wrappers of torch functions. An import of one binds the torch name, for the keyword and name rules. mmcv 1.x's class defines no __init__; mmengine's
# takes (module, detect_anomalous_params=False, **kwargs) and calls super().__init__(module=module, **kwargs).
_DDP = "torch.nn.parallel.DistributedDataParallel"
# torch.autograd.Variable(x): since 0.4 it returns the tensor itself, so a reader looks through it
VARIABLE_CALLS = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
LIBRARY_TORCH_NAMES = {
    **{f"mmcv.parallel{sub}.MMDistributedDataParallel": _DDP for sub in ("", ".distributed")},
    **{f"mmengine.model{sub}.MMDistributedDataParallel": _DDP for sub in ("", ".wrappers", ".wrappers.distributed")},
    # factory functions of OpenMMLab's 1.x-era packages, build_ddp(model, device='cuda', *args, **kwargs), which
    # return ddp_factory[device](model, *args, **kwargs) = mmcv's MMDistributedDataParallel (or its MLU/NPU
    # subclasses): ``build_ddp(model, cfg.device, device_ids=[...], broadcast_buffers=False)`` hands the keywords
    # to DistributedDataParallel.__init__ (mmdet 2.x, mmseg 0.x, mmrotate 0.x, mmtrack 0.x; their 3.x/1.x lines
    # dropped the function for mmengine)
    **{f"{package}.utils{sub}.build_ddp": _DDP for package in ("mmdet", "mmseg", "mmrotate", "mmtrack")
       for sub in ("", ".util_distribution")},
    # functorch, the package torch wheels still ship: its transforms and make_functional* are thin wrappers in
    # torch._functorch.deprecated that warn at each call (FutureWarning since 2.0); an import of one binds that
    # wrapper, for functorch-api-deprecated. functorch.dim, functorch.compile and functorch.experimental stay apart.
    **{f"functorch.{name}": f"torch._functorch.deprecated.{name}"
       for name in ("vmap", "grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "functionalize",
                    "make_functional", "make_functional_with_buffers", "combine_state_for_ensemble")},
}


# The modules (and their parents) that hold a LIBRARY_TORCH_NAMES name: `import functorch` or `import mmcv.parallel`
# binds one, and a dotted use through it (functorch.vmap) resolves to the torch name.
LIBRARY_MODULES = frozenset(".".join(parts[:end]) for parts in (name.split(".") for name in LIBRARY_TORCH_NAMES)
                            for end in range(1, len(parts)))


def is_torch_module(module: str) -> bool:
    return module == "torch" or module.startswith("torch.")


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class ImportMap:
    """What a file's imports bind: local names to the torch names they stand for, and the other modules."""

    aliases: dict[str, str] = field(default_factory=dict)  # local name -> qualified name
    star_modules: list[str] = field(default_factory=list)  # from torch.x import *
    other_names: set[str] = field(default_factory=set)  # names bound by non-torch imports (np, scipy, ...)
    imported_from: dict[str, str] = field(default_factory=dict)  # local name -> the torch path its import named
    foreign_stars: list[tuple[int, str | None]] = field(default_factory=list)  # (level, module) of `from pkg import *`
    # (level, module, [(name, local name)]) of `from pkg import FloatTensor`: the names a project module may bind to a
    # choice of torch's tensor types (starimports._device_choices); only `*Tensor` names are looked up (each costs a read)
    foreign_tensor_names: list[tuple[int, str | None, list[tuple[str, str]]]] = field(default_factory=list)
    library_modules: dict[str, str] = field(default_factory=dict)  # local name -> a LIBRARY_MODULES module it binds
    rebound: set[str] = field(default_factory=set)  # names the file binds to something that is not an import
    packages: set[str] = field(default_factory=set)  # top-level packages of the absolute non-torch `from` imports and all `import`s
    # a torch import statement: its findings are at the statement even where every name it binds is rebound
    # (``try: from torch.cuda.amp import autocast / except: autocast = nullcontext``, for other modules to import)
    imports_torch: bool = False
    # id(function) -> torch import names a function binds as its own locals: they hide the import only there
    local_rebound: dict[int, set[str]] = field(default_factory=dict)
    # id(function) -> name -> the torch name a function's own import binds where a module-level import binds the
    # name to another one (``from torch._inductor import config`` in a test, ``from torch._dynamo import config`` above)
    local_imports: dict[int, dict[str, str]] = field(default_factory=dict)
    # id(function) -> name -> the torch modules ``T = torch.cuda if cuda else torch`` in it may bind (local_choices)
    local_choices: dict[int, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the local_choices of the scope walked now
    # the same choices made at module level (``if torch.cuda.is_available(): T = torch.cuda / else: T = torch``),
    # seen in every function that does not bind the name itself (function_locals)
    module_choices: dict[str, tuple[str, ...]] = field(default_factory=dict)
    function_locals: dict[int, set[str]] = field(default_factory=dict)

    _resolved: dict = field(default_factory=dict, repr=False)  # dotted -> qualified, per file

    @classmethod
    def from_tree(cls, tree: ast.AST) -> "ImportMap":
        imports = cls()
        rebound: set[str] = set()
        foreign_star = False
        function_locals: dict[int, set[str]] = {}
        scoped = list(_scoped_statements(tree))
        declared = _declared_outside(scoped)
        nothing: set[str] = set()
        module_bound: dict[str, str] = {}  # what the module-level torch imports bind, the later import winning
        function_bound: dict[int, dict[str, str]] = {}
        read_imports: list[tuple[int, int, ast.AST | None, dict[str, str]]] = []  # (the walk reads the file backwards)
        # (function, name, the values it may get, how many bindings give them) of ``T = a if c else b`` and of
        # ``if c: T = a / else: T = b``, for local_choices
        choosing: list[tuple[ast.AST, str, tuple[ast.expr, ...], int]] = []
        module_choosing: list[tuple[ast.AST, str, tuple[ast.expr, ...], int]] = []
        for node, function, _ in scoped:
            kind = node.__class__  # exact classes: this runs for every statement of every file
            importing = kind is ast.Import or kind is ast.ImportFrom
            if importing and (bound_here := _torch_bindings(node)):
                read_imports.append((node.lineno, node.col_offset, function, bound_here))
            if function is None and kind is ast.If and node.orelse:
                module_choosing.extend((tree, name, values, 2) for name, values in branch_bindings(node))
            elif function is None and kind is ast.Assign and node.value.__class__ is ast.IfExp \
                    and len(node.targets) == 1 and node.targets[0].__class__ is ast.Name:
                module_choosing.append((tree, node.targets[0].id, (node.value.body, node.value.orelse), 1))
            if function is not None and not importing:
                if kind is ast.If and node.orelse:
                    choosing.extend((function, name, values, 2) for name, values in branch_bindings(node))
                if kind not in _BINDING_STATEMENTS:
                    continue  # most statements of a function bind nothing _rebound_names counts
                bound = set(_rebound_names(node))
                if not bound:
                    continue
                if kind is ast.Assign and node.value.__class__ in _MODULE_VALUES and len(node.targets) == 1 \
                        and node.targets[0].__class__ is ast.Name:
                    value = node.value
                    choosing.append((function, node.targets[0].id,
                                     (value.body, value.orelse) if value.__class__ is ast.IfExp else (value,), 1))
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    rebound |= bound  # a nested def or class: file-wide, as before (rare, and conservative)
                    continue
                outside = declared.get(id(function), nothing)
                rebound |= bound & outside  # `global name`: the module's name is rebound
                if local := bound - outside:
                    function_locals.setdefault(id(function), set()).update(local)
                continue
            if kind is ast.Import:
                imports._add_import(node)
                imports.packages.update(alias.name.partition(".")[0] for alias in node.names)
            elif kind is ast.ImportFrom and not node.level and is_torch_module(node.module or ""):
                imports._add_from(node)
                imports.imports_torch = True
            elif kind is ast.ImportFrom:
                if tensor_names := [(alias.name, alias.asname or alias.name) for alias in node.names
                                    if alias.name.endswith("Tensor")]:
                    imports.foreign_tensor_names.append((node.level, node.module, tensor_names))
                if not node.level:
                    imports.packages.add((node.module or "").partition(".")[0])
                    if imports._add_library_torch_names(node):
                        continue
                if any(alias.name == "*" for alias in node.names):
                    foreign_star = True
                    imports.foreign_stars.append((node.level, node.module))
                imports.other_names.update(alias.asname or alias.name for alias in node.names if alias.name != "*")
            elif kind in _BINDING_STATEMENTS:
                rebound.update(_rebound_names(node))
        for _, _, function, bound_here in sorted(read_imports, key=lambda item: item[:2]):
            # `from torch import functional as F` then `from torch.nn import functional as F`: the second holds
            (module_bound if function is None else function_bound.setdefault(id(function), {})).update(bound_here)
        # a function's own import binds its name there only: elsewhere the module-level import holds
        imports.aliases.update(module_bound)
        imports.imported_from.update(module_bound)
        imports.local_imports = {key: local for key, bound in function_bound.items() if (local := {
            name: qualified for name, qualified in bound.items() if module_bound.get(name, qualified) != qualified})}
        clashing = (imports.other_names | rebound) & imports.aliases.keys() - {"torch"}
        if clashing & imports.other_names - rebound:  # `checkpoint` from deepspeed if a flag is set, else torch's
            clashing -= _alternative_imports(tree, clashing & imports.other_names - rebound, imports.aliases)
        for name in clashing:
            del imports.aliases[name]  # `load` from torch here and from json there: guessing would mislead
            imports.imported_from.pop(name, None)
        if foreign_star and "torch" not in imports.aliases and not any(
                "torch" in names for names in (rebound, *function_locals.values())) and _reads_torch(tree):
            imports.aliases["torch"] = "torch"
        # star exports are adopted only where no function binds the name (they are not hidden per function)
        imports.rebound = rebound.union(*function_locals.values())
        shadowable = imports.aliases.keys() - {"torch"}  # a local `torch = ...` is not guessed at, as before
        imports.local_rebound = {key: names & shadowable for key, names in function_locals.items()
                                 if names & shadowable}
        imports._add_assigned_aliases(tree)
        if choosing:
            imports.local_choices = _module_choices(choosing, imports.resolve)
        if module_choosing and (chosen := _module_choices(module_choosing, imports.resolve).get(id(tree))):
            imports.module_choices, imports.function_locals = chosen, function_locals
        return imports

    def forget_resolved(self) -> None:
        self._resolved.clear()

    def hidden_in(self, function: ast.AST) -> set[str]:
        """Torch import names that ``function`` binds as its own locals (``checkpoint = torch.load(...)``
        inside it, ``import torch.utils.checkpoint as checkpoint`` at module level): they mean something else
        there, and only there."""
        return self.local_rebound.get(id(function), set()) if self.local_rebound else set()

    def imported_in(self, function: ast.AST) -> dict[str, str]:
        """Names ``function``'s own torch imports bind to another torch name than the module-level import does."""
        return self.local_imports.get(id(function), {}) if self.local_imports else {}

    def chosen_in(self, function: ast.AST) -> dict[str, tuple[str, ...]]:
        """Names ``function`` (or the module) binds to one torch module or another (``T = torch.cuda if cuda else
        torch``), with the module's own such names that ``function`` does not bind itself."""
        local = self.local_choices.get(id(function), {}) if self.local_choices else {}
        if not self.module_choices:
            return local
        own = self.function_locals.get(id(function), ())
        return {**{name: modules for name, modules in self.module_choices.items() if name not in own}, **local}

    def _add_assigned_aliases(self, tree: ast.AST) -> None:
        """``DDPModule: TypeAlias = DDP`` or ``Tensor = torch.Tensor`` at module level, the name's only
        binding in the file: the name means that torch API wherever it is used."""
        candidates = {}
        for node in getattr(tree, "body", ()):
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
                node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(target, ast.Name) and target.id not in self.aliases and node.value is not None \
                    and (dotted := dotted_name(node.value)) is not None \
                    and (qualified := self.resolve(dotted)) is not None:
                candidates[target.id] = qualified
        if not candidates:
            return
        bindings: dict[str, int] = {}
        for node in statements(tree):
            names = [node.target.id] if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                else _rebound_names(node)
            for name in names:
                if name in candidates:
                    bindings[name] = bindings.get(name, 0) + 1
        for name, qualified in candidates.items():
            if bindings.get(name) == 1 and name not in self.other_names:
                self.aliases[name] = self.imported_from[name] = qualified
        self._resolved.clear()

    def adopt_star_exports(self, exports: dict[str, str]) -> None:
        """Torch names a project module's ``import *`` brings in (starimports.py), unless this file binds
        them itself; like an import already reported there, a name rule does not flag each use here."""
        for name, qualified in exports.items():
            if name not in self.aliases and name not in self.other_names and name not in self.rebound:
                self.aliases[name] = self.imported_from[name] = qualified
        self._resolved.clear()

    def adopt_star_modules(self, modules: tuple[str, ...]) -> None:
        """Torch modules a project module's ``import *`` passes on from its own star imports (starimports.py)."""
        for module in modules:
            if module not in self.star_modules:
                self.star_modules.append(module)
                self._resolved.clear()

    def adopt_imported_choices(self, chosen: dict[str, str]) -> None:
        """``from pkg import FloatTensor`` of a project module's device choice: the local name is that torch name,
        unless this file also binds it otherwise."""
        for name, qualified in chosen.items():
            if name not in self.aliases and name not in self.rebound:
                self.other_names.discard(name)
                self.aliases[name] = self.imported_from[name] = qualified
        self._resolved.clear()

    def _add_import(self, node: ast.Import) -> None:
        for alias in node.names:
            if not is_torch_module(alias.name):
                local = alias.asname or alias.name.partition(".")[0]
                self.other_names.add(local)
                module = alias.name if alias.asname else local
                if module in LIBRARY_MODULES:  # `import functorch`: functorch.vmap(f) is torch's deprecated wrapper
                    self.library_modules[local] = module
                continue
            self.imports_torch = True
            if alias.asname:
                self.aliases[alias.asname] = self.imported_from[alias.asname] = alias.name
            else:  # `import torch.distributed` binds `torch`
                self.aliases["torch"] = "torch"

    def _add_from(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                self.star_modules.append(node.module)
            else:
                local = alias.asname or alias.name
                self.aliases[local] = self.imported_from[local] = f"{node.module}.{alias.name}"

    def _add_library_torch_names(self, node: ast.ImportFrom) -> bool:
        """``from mmcv.parallel import MMDistributedDataParallel``, ``from functorch import vmap``: a library's name that
        stands for a torch one (LIBRARY_TORCH_NAMES) means that torch name; True when every name imported is one."""
        found = {alias.asname or alias.name: LIBRARY_TORCH_NAMES[f"{node.module}.{alias.name}"]
                 for alias in node.names if f"{node.module}.{alias.name}" in LIBRARY_TORCH_NAMES}
        for local, qualified in found.items():
            self.aliases[local] = self.imported_from[local] = qualified
        self.other_names.update(alias.asname or alias.name for alias in node.names
                                if alias.name != "*" and (alias.asname or alias.name) not in found)
        if any(alias.name == "*" for alias in node.names):
            return False
        return True

    def is_imported(self, dotted: str) -> bool:
        """True when ``dotted`` starts with any imported name: a module path, not a value like a tensor."""
        head = dotted.partition(".")[0]
        return head in self.aliases or head in self.other_names

    @property
    def uses_torch(self) -> bool:
        return bool(self.aliases or self.star_modules or self.imports_torch)

    def resolve(self, dotted: str, known=lambda name: False) -> str | None:
        """The qualified name of ``dotted`` (``dist.barrier``), or None when it is not torch.

        A bare name that a star import could have brought in resolves only when ``known``
        says the qualified candidate is something the rules care about. In a file with a star import the
        answer is kept per ``known``: a check asking without one must not decide what a rule lookup gets.
        """
        key = (dotted, known) if self.star_modules or self.choices else dotted
        try:
            return self._resolved[key]
        except KeyError:
            pass
        self._resolved[key] = qualified = self._resolve(dotted, known)
        return qualified

    def _resolve(self, dotted: str, known) -> str | None:
        head, _, rest = dotted.partition(".")
        if rest and head in self.choices:
            return _chosen(self.choices[head], rest, known)
        if head in self.aliases:
            return f"{self.aliases[head]}.{rest}" if rest else self.aliases[head]
        if head in self.library_modules:  # functorch.vmap, mmcv.parallel.MMDistributedDataParallel
            return LIBRARY_TORCH_NAMES.get(f"{self.library_modules[head]}.{rest}")
        for module in self.star_modules:
            candidate = f"{module}.{dotted}"
            if known(candidate) or known(f"{module}.{head}"):
                return candidate
        return None


_MODULE_VALUES = frozenset({ast.Attribute, ast.IfExp})  # ``T = torch.cuda``, ``T = torch.cuda if cuda else torch``


def branch_bindings(node: ast.If) -> list[tuple[str, tuple[ast.expr, ast.expr]]]:
    """``if cuda: tt = torch.cuda / else: tt = torch``: the names both branches bind, each with one plain assignment
    of their own, and the two values."""
    def assigned(branch: list[ast.stmt]) -> dict[str, list[ast.expr]]:
        found: dict[str, list[ast.expr]] = {}
        for statement in branch:
            if statement.__class__ is ast.Assign and len(statement.targets) == 1 and \
                    statement.targets[0].__class__ is ast.Name:
                found.setdefault(statement.targets[0].id, []).append(statement.value)
        return found

    body, orelse = assigned(node.body), assigned(node.orelse)
    return [(name, (body[name][0], orelse[name][0])) for name in body.keys() & orelse.keys()
            if len(body[name]) == len(orelse[name]) == 1
            and body[name][0].__class__ in _BRANCH_VALUES and orelse[name][0].__class__ in _BRANCH_VALUES]


_BRANCH_VALUES = frozenset({ast.Attribute, ast.Name})  # ``torch.cuda``, ``torch``


def _module_choices(choosing: list[tuple[ast.AST, str, tuple[ast.expr, ...], int]],
                    resolve) -> dict[int, dict[str, tuple[str, ...]]]:
    """id(function) -> name -> modules, for a function's ``T = torch.cuda``, ``T = torch.cuda if args.cuda else
    torch`` or ``if args.cuda: T = torch.cuda / else: T = torch`` (both branches torch modules, one inside the other)
    where those are the name's only bindings in the function and it is not a parameter: ``T.LongTensor(x)`` calls
    whichever runs, and the one that has the rules' name is the use a linter reports (``torch.cuda.LongTensor``
    warns; ``torch.LongTensor`` does not)."""
    found: dict[int, dict[str, tuple[str, ...]]] = {}
    binds: dict[int, dict[str, int]] = {}
    for function, target, branches, count in choosing:
        modules = tuple(resolve(dotted) if (dotted := dotted_name(branch)) else None for branch in branches)
        if None in modules or len(modules) == 2 and not any(a.startswith(b + ".") for a in modules for b in modules):
            continue  # not torch, or not a module and its submodule (torch.cuda vs torch)
        arguments = getattr(function, "args", None)  # (none for the module)
        if arguments and target in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
            continue
        if id(function) not in binds:  # each function's bindings counted once, for all its candidates
            counts = binds[id(function)] = {}
            for other in own_statements(function):
                if other.__class__ in _BINDING_STATEMENTS:
                    for name in _rebound_names(other):
                        counts[name] = counts.get(name, 0) + 1
        if binds[id(function)].get(target) == count:
            found.setdefault(id(function), {})[target] = tuple(sorted(modules, key=len, reverse=True))
    return found


def _chosen(modules: tuple[str, ...], rest: str, known) -> str:
    """``rest`` in the first of ``modules`` (the deepest first) where the rules know it, else in the last (the
    outermost module, which holds most names: ``T.from_numpy`` is ``torch.from_numpy``)."""
    for module in modules:
        if known(candidate := f"{module}.{rest}"):
            return candidate
    return f"{modules[-1]}.{rest}"


def _alternative_imports(tree: ast.AST, names: set[str], aliases: dict[str, str]) -> set[str]:
    """Of ``names`` (bound by a torch import and by another import), those every other import of which is a
    conditional alternative of the same name: ``if os.getenv("ENV_TYPE") == "deepspeed": from deepspeed...
    import checkpoint / else: from torch.utils.checkpoint import checkpoint``, or ``try: from apex... import
    X / except ImportError: from torch... import X``. Such a module runs with torch's function wherever the
    condition does not pick the other library's (its drop-in, named alike), so calls are checked as torch's. A
    name imported from elsewhere unconditionally (``from json import load`` beside ``from torch import
    load``), renamed to it (``import numpy as load``), or imported under another name, is not guessed at."""
    conditional = {id(node) for top in getattr(tree, "body", ()) if isinstance(top, (ast.If, ast.Try, *_TRY_STAR))
                   for node in statements(top)}
    kept = set(names)
    for node in statements(tree):
        if isinstance(node, ast.Import):
            kept -= {alias.asname or alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.level or not is_torch_module(node.module or "")):
            for alias in node.names:
                local = alias.asname or alias.name
                if local in kept and (id(node) not in conditional
                                      or alias.name != aliases[local].rpartition(".")[2]):
                    kept.discard(local)
    return kept


_TRY_STAR = (ast.TryStar,) if hasattr(ast, "TryStar") else ()


_BINDING_STATEMENTS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.For, ast.AsyncFor,
                                 ast.With, ast.AsyncWith})  # the statements _rebound_names reads names from


def _rebound_names(node: ast.stmt):
    """Names a statement binds to something that is not an import (``None`` does not count: the
    ``except ImportError: dist = None`` fallback keeps the import's meaning)."""
    kind = node.__class__  # exact classes: asked of every binding statement of every file
    if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.ClassDef:
        yield node.name
    elif kind is ast.Assign and not (node.value.__class__ is ast.Constant and node.value.value is None):
        for target in node.targets:
            yield from names_in_target(target)
    elif kind is ast.For or kind is ast.AsyncFor:
        yield from names_in_target(node.target)
    elif kind is ast.With or kind is ast.AsyncWith:
        for item in node.items:
            if item.optional_vars is not None:
                yield from names_in_target(item.optional_vars)


def names_in_target(target: ast.AST):
    """The names an assignment target rebinds: a plain name, or the names inside a tuple or list unpacking.
    ``mod.attr = v`` and ``d[k] = v`` store into the object and rebind nothing (``import torch.distributed.config
    as dist_config; dist_config.compile_on_one_rank = True`` keeps the import's meaning)."""
    kind = target.__class__
    if kind is ast.Name:
        return (target.id,)
    if kind is ast.Tuple or kind is ast.List:
        return [name for element in target.elts for name in names_in_target(element)]
    if kind is ast.Starred:
        return names_in_target(target.value)
    return ()


_NESTED_STATEMENTS = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements hold statements
_NESTED_FIELDS: dict[type, tuple[str, ...]] = {}  # node class -> those of the fields it has (most have none)


def nested_fields(node: ast.AST) -> tuple[str, ...]:
    """The statement-holding fields of ``node``'s class, looked up once per class: the statement walks below
    run over every statement of every file, and asking each node for five fields it mostly lacks adds up."""
    kind = type(node)
    fields = _NESTED_FIELDS.get(kind)
    if fields is None:
        fields = _NESTED_FIELDS[kind] = tuple(name for name in _NESTED_STATEMENTS if name in kind._fields)
    return fields


# Fields that never hold a node a search of expressions needs: identifiers and other strings, numbers, flags, and
# the leaves (contexts, operators). The walker's generic_visit and is_version_guard run over most nodes of every
# file; reading these fields only to find a string or a leaf in them was a getattr and some isinstance tests each.
_NOT_NODES = frozenset({"id", "attr", "ctx", "op", "ops", "name", "asname", "arg", "module", "level", "type_comment",
                        "kind", "conversion", "is_async", "simple", "kwd_attrs", "rest", "tag"})
CHILD_FIELDS: dict[type, tuple[str, ...]] = {}  # node class -> child_fields(class), found once per class


def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of node class ``kind`` that can hold nodes other than leaves (a constant's value is not one;
    ``global``/``nonlocal`` names are strings, an import's names are alias nodes)."""
    fields = CHILD_FIELDS[kind] = tuple(
        name for name in kind._fields if name not in _NOT_NODES
        and not (name == "names" and kind in (ast.Global, ast.Nonlocal)) and not (kind is ast.Constant and name == "value"))
    return fields


# Nodes no search of names or calls enters: contexts, operators, constants (the walker skips them too)
LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.Constant)


class Memo(dict):
    """A dict that computes each missing key's value once, with ``compute``: a hit is a plain dict lookup, for tests
    asked of every node (or every name) of every file about a few hundred distinct keys."""

    def __init__(self, compute) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key):
        self[key] = value = self.compute(key)
        return value


# class -> whether node searches enter a value of it: an AST node, not a leaf nor None
ENTERED = Memo(lambda kind: issubclass(kind, ast.AST) and not issubclass(kind, LEAVES))


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``ast.iter_child_nodes(node)`` without the leaves, in the same order, as a list: for whole-tree walks that keep
    their own stack (the scope and statement around each node), reading only the fields child_fields keeps."""
    fields = CHILD_FIELDS.get(node.__class__)
    if fields is None:
        fields = child_fields(node.__class__)
    found = []
    for name in fields:
        value = getattr(node, name, None)
        if value.__class__ is list:
            found += [item for item in value if ENTERED[item.__class__]]
        elif ENTERED[value.__class__]:
            found.append(value)
    return found


def subnodes(node: ast.AST):
    """``node`` and every node under it, as ``ast.walk`` gives them but in another order and without the leaves
    (contexts, operators, constants): for searches that want names, calls, attributes or statements. It reads only the
    fields child_fields keeps, about half of ast.walk's work (every field of every node, through two generators)."""
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        node = pop()
        kind = node.__class__
        if not ENTERED[kind]:  # a leaf, or None: a dict display's ``**`` key
            continue
        yield node
        fields = CHILD_FIELDS.get(kind)
        if fields is None:
            fields = child_fields(kind)
        for name in fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                extend(value)
            elif value is not None:
                push(value)


def _declared_outside(scoped: list) -> dict[int, set[str]]:
    """id(function) -> names it declares ``global`` / ``nonlocal`` in its own statements (not in a nested def or
    class): binding them there rebinds the outer name. Read off the one statement walk :func:`_scoped_statements`
    makes, not by walking each function again."""
    declared: dict[int, set[str]] = {}
    for node, _, owner in scoped:
        if (node.__class__ is ast.Global or node.__class__ is ast.Nonlocal) and owner is not None:
            declared.setdefault(id(owner), set()).update(node.names)
    return declared


def _torch_bindings(node: ast.Import | ast.ImportFrom) -> dict[str, str]:
    """Local name -> torch name for the names a torch import binds under a name of their own (``import torch`` and
    ``import torch.x`` bind ``torch`` itself, the same everywhere)."""
    if isinstance(node, ast.ImportFrom):
        if node.level or not is_torch_module(node.module or ""):
            return {}
        return {alias.asname or alias.name: f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*"}
    return {alias.asname: alias.name for alias in node.names if alias.asname and is_torch_module(alias.name)}


def _scoped_statements(tree: ast.AST):
    """Every statement with the innermost function around it (None at module or class level), and the innermost
    def or class around it (None at module level)."""
    pending = [(node, None, None) for node in getattr(tree, "body", ())]
    while pending:
        node, function, owner = pending.pop()
        yield node, function, owner
        kind = node.__class__  # exact classes: this runs for every statement of every file
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            function = owner = node
        elif kind is ast.ClassDef:
            owner = node
        for name in nested_fields(node):
            pending.extend((child, function, owner) for child in getattr(node, name, ()))


@lru_cache(maxsize=1)  # asked by several checks of the same file in turn; the tree is kept by identity
def scope_statements(tree: ast.AST) -> list[tuple[ast.AST, list[ast.stmt]]]:
    """Each scope (the module, then every function) with its own statements at any depth in source order, from one
    walk of the statements alone (no expression is visited): a class body's belong to the scope around it. The
    lists are shared: read them, do not change them."""
    scopes: dict[int, tuple[ast.AST, list[ast.stmt]]] = {id(tree): (tree, [])}
    for node, function, _ in _scoped_statements(tree):
        if isinstance(node, ast.stmt):  # not the except handlers and match cases that hold statements
            scope = function if function is not None else tree
            scopes.setdefault(id(scope), (scope, []))[1].append(node)
    for _, found in scopes.values():
        found.sort(key=lambda statement: (statement.lineno, statement.col_offset))
    return list(scopes.values())


def statement_expressions(statement: ast.stmt):
    """The expression nodes of one statement, not those of the statements nested in it (each has its own turn)."""
    pending = [child for child in ast.iter_child_nodes(statement) if not isinstance(child, (ast.stmt, ast.excepthandler))]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, ast.stmt))


def _reads_torch(tree: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "torch"
               for n in walk_tree(tree))


def statements(tree: ast.AST):
    """Every statement under ``tree`` (a module, or a statement's own blocks: an ``if``'s body and else), at any
    depth, without visiting expressions: imports are statements."""
    pending = [child for name in nested_fields(tree) for child in getattr(tree, name)]
    while pending:
        node = pending.pop()
        yield node
        for name in nested_fields(node):
            pending.extend(getattr(node, name, ()))


def own_statements(function: ast.AST):
    """The statements (and except handlers) of ``function`` in source order, at any depth, not those inside the
    functions or classes nested in it (whose definitions still come: they bind their name)."""
    return _own(function, lambda node: [child for child in ast.iter_child_nodes(node)
                                        if isinstance(child, (ast.stmt, ast.excepthandler))])


def walk_nodes(node: ast.AST):
    """``ast.walk(node)``: the same nodes in the same order (breadth first), without its two generators per node."""
    pending = [node]
    for node in pending:  # (the list grows as it is read)
        yield node
        pending += _all_children(node)


def walk_tree(tree: ast.AST) -> list[ast.AST]:
    """``ast.walk(tree)``, listed once: some forty passes read every node of a file, and walking the tree afresh for
    each cost about a tenth of a check. The lists of the last few trees are kept here, not on the trees (a list
    holding its own tree would be a cycle left to the collector); trees are not changed once parsed."""
    key = id(tree)
    held = _WALKED.get(key)
    if held is not None and held[0] is tree:
        return held[1]
    nodes = [tree]  # ast.walk's order (breadth first)
    for node in nodes:  # (the list grows as it is read)
        nodes += _all_children(node)
    _WALKED[key] = (tree, nodes)
    if len(_WALKED) > _WALKED_KEPT:
        del _WALKED[next(iter(_WALKED))]
    return nodes


_WALKED: dict[int, tuple[ast.AST, list[ast.AST]]] = {}
_WALKED_KEPT = 8  # a file and the project modules its passes read beside it


def code_scopes(tree: ast.AST) -> tuple[ast.AST, ...]:
    """The module and every function in it, nested ones included: each scope whose own_nodes a pass reads."""
    return (tree, *(node for node in walk_tree(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))))


def own_nodes(scope: ast.AST):
    """Every node of ``scope``'s body in source order, expressions included, not those of the functions or classes
    nested in it (whose definitions still come)."""
    return _own(scope, _all_children)


def parameter_defaults(arguments: ast.arguments) -> dict[str, ast.expr]:
    """Each parameter that has a default -> that default: the last positional ones, and keyword-only ones."""
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [*zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults),
             *((a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None)]
    return {argument.arg: default for argument, default in pairs}


def _all_children(node: ast.AST) -> list[ast.AST]:
    """``list(ast.iter_child_nodes(node))``, leaves included, without its two generators."""
    found = []
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, ast.AST):
            found.append(value)
        elif value.__class__ is list:
            found += [item for item in value if isinstance(item, ast.AST)]
    return found


def name_values(nodes) -> dict[str, list[ast.expr | None]]:
    """Each plain name the nodes bind -> every value bound to it: the assigned value where the name is the whole
    target, None for a binding whose value is not read off (a tuple item, a loop target, ``+=``, ``:=``)."""
    bound: dict[str, list[ast.expr | None]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in walk_nodes(target):
                    if isinstance(name, ast.Name):
                        bound.setdefault(name.id, []).append(node.value if target is name else None)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            for name in walk_nodes(node.target):
                if isinstance(name, ast.Name):
                    bound.setdefault(name.id, []).append(None)
    return bound


def assigned_pairs(target: ast.AST, value: ast.expr) -> list[tuple[ast.AST, ast.expr]]:
    """``a, b = x, y``: each name with the item it takes; any other assignment: the target with the value."""
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        return list(zip(target.elts, value.elts))
    return [(target, value)]


def unwrapped(value: ast.expr, resolve, keeps: Callable[[ast.Call], bool]) -> tuple[ast.expr, frozenset[str]]:
    """The value under the wrappers that keep what a label pass reads of it: ``Variable(x)``, and the methods of it
    ``keeps`` accepts (``.cuda()``, ``.fill_(v)``); with the names of the methods taken off."""
    taken: set[str] = set()
    while isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Attribute) and resolve(func) is None and keeps(value):
            taken.add(func.attr)
            value = func.value
        elif resolve(func) in VARIABLE_CALLS and len(value.args) == 1:
            value = value.args[0]
        else:
            break
    return value, frozenset(taken)


def names_device(argument: ast.expr) -> bool:
    """``device``, ``DEVICE``, ``x.device``, ``torch.device("cuda")``, ``"cuda:0"``: what ``t.to(...)`` moves a tensor
    to, keeping its dtype (``t.to(torch.float)`` changes it; an unknown name may be a dtype)."""
    if isinstance(argument, ast.Constant):
        return isinstance(argument.value, str) and argument.value.split(":")[0] in ("cpu", "cuda", "mps", "xpu")
    if isinstance(argument, ast.Call):
        argument = argument.func
    return (dotted_name(argument) or "").rsplit(".", 1)[-1].lower() in ("device", "dev")


def state_dict_call(node: ast.AST) -> bool:
    """``x.state_dict()`` (no positional argument): a module's, an optimizer's or a scheduler's state dict."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "state_dict" \
        and not node.args


def unmoved(value: ast.expr) -> ast.expr:
    """``nn.MSELoss().cuda()``, ``Net().to(device)`` -> the call before the moves: moved to a device, the same object."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("cuda", "to"):
        value = value.func.value
    return value


def _own(scope: ast.AST, children):
    body = scope.body
    stack = list(reversed(body)) if isinstance(body, list) else [body]  # a lambda's body is one expression
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(reversed(children(node)))


def self_attribute(node: ast.AST) -> str | None:
    """``self.x`` -> "x"; None for anything else."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def dotted_name(node: ast.AST) -> str | None:
    """``a.b.c`` for a Name/Attribute chain; None when the chain starts with a call or subscript.
    ``getattr(a.b, "c")`` (two arguments, a literal identifier) is ``a.b.c``: the same lookup, spelled out; with a
    default (``getattr(torch, "x", None)``) it is a probe that tolerates a missing name, so it is left alone."""
    # the most called function of a check: exact class tests, the common cases first (``x``, then ``a.b``) without
    # building a list of parts
    kind = node.__class__
    if kind is _Name:
        return node.id
    if kind is _Attribute and node.value.__class__ is _Name:
        return f"{node.value.id}.{node.attr}"
    parts: list[str] = []
    while True:
        if kind is _Attribute:
            parts.append(node.attr)
            node = node.value
        elif kind is _Name:
            parts.append(node.id)
            return ".".join(reversed(parts))
        elif kind is ast.Call and is_literal_getattr(node):
            parts.append(node.args[1].value)
            node = node.args[0]
        else:
            return None
        kind = node.__class__


_Name, _Attribute = ast.Name, ast.Attribute


def is_literal_getattr(node: ast.AST) -> bool:
    """``getattr(obj, "name")``: exactly two positional arguments, the second a literal identifier."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
            and len(node.args) == 2 and not node.keywords and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str) and node.args[1].value.isidentifier())
