"""Torch names only listed in a table, never called where they are written.

``{torch: [torch.cholesky, torch.qr, ...], torch.Tensor: [torch.Tensor.lu, torch.Tensor.stft, ...]}`` holds
function objects. A name rule (kind ``name``) reports any use of its API, but for most of them the harm is in
the CALL: torch.cholesky raises RuntimeError and Tensor.lu warns only when called; reading the attribute does
neither (run on 2.15). So a table element is a finding only once the file is seen to call through the table
(tables.py with ``unread_counts=False``: a table exported to other modules is not evidence of a call).

Reading the name itself fails where the target lacks it: a name gone from the target (gone-names.json) or a
rule whose message says so (AttributeError, ImportError, ModuleNotFoundError, "no longer exists"), or one
whose message says the name warns when read (a module ``__getattr__``: ``torch.has_cuda``). Those stay
findings wherever they are written: the table's own module fails to import, or warns.

The same holds for a function that warns only when called (a renamed one, kind ``name`` with ``rewrite``) bound
to a plain name at module or function level: ``uniformInit = nn.init.uniform`` warns nowhere until something calls
``uniformInit``. The binding is a finding (where the fix goes, as for aliases.py) once the file calls the name or
hands it on; a name the file never reads is not.

The same holds for the default of ``getattr(torch.x, "new_name", torch.x.old_name)`` where the target has
``new_name``: the default is read and dropped (pyro's ``getattr(torch.jit, "script_if_tracing", ...)``).
"""

from __future__ import annotations

import ast
import re
from typing import Callable

from .aliases import callable_candidates
from .rule import Rule
from .imports import walk_nodes, walk_tree

# (text: re compiles it when first asked) torch.has_cuda: a module __getattr__ warns
_READING_FAILS = (r"AttributeError|ImportError|ModuleNotFoundError|no longer exists?|\bha(?:s|ve) no\b"
                  r"|\bwarns\b[^.;:]* when read\b")


def read_is_harmless(rule: Rule, gone: bool) -> bool:
    """Whether merely reading ``rule``'s API works on the target (``gone``: the target lacks the name)."""
    return rule.kind == "name" and not gone and not re.search(_READING_FAILS, rule.message)


def note_bound_name(target: ast.AST, value: ast.expr, bound: dict[int, str]) -> None:
    """``NAME = torch.f`` / ``NAME = torch.f if c else torch.g``: record id(each named callable) -> NAME (called by
    the walker at each assignment outside a class body, before it visits the value)."""
    if isinstance(target, ast.Name) and isinstance(value, (ast.Attribute, ast.Name, ast.IfExp)):
        bound.update((id(candidate), target.id) for candidate in callable_candidates(value))


def note_bound_attribute(target: ast.AST, value: ast.expr, cls: ast.ClassDef,
                         bound: dict[int, tuple[ast.ClassDef, str]]) -> None:
    """``self.upsample = F.upsample_nearest`` in a method of ``cls``: record id(each named callable) -> (cls, attr)."""
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self" and \
            isinstance(value, (ast.Attribute, ast.Name, ast.IfExp)):
        bound.update((id(candidate), (cls, target.attr)) for candidate in callable_candidates(value))


def reads_own_attribute(tree: ast.AST, cls: ast.ClassDef, attr: str) -> bool:
    """Whether ``cls``, a class of the file deriving from it, or one it derives from (``ResNet.forward`` applying the
    ``self.logsoftmax`` that ``ResNet_cifar10.__init__`` builds) reads ``self.<attr>`` (a read may be a call)."""
    classes = {node.name: node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)}
    family, queue = {cls.name}, [cls]
    while queue:  # its bases in the file, up
        for base in queue.pop().bases:
            name = getattr(base, "id", getattr(base, "attr", None))
            if name in classes and name not in family:
                family.add(name)
                queue.append(classes[name])
    family |= {name for name, node in classes.items() if any(  # and the classes naming it as a base
        getattr(base, "id", getattr(base, "attr", None)) == cls.name for base in node.bases)}
    owners = [classes.get(name, cls) for name in family]
    return any(isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.ctx, ast.Load)
               and isinstance(node.value, ast.Name) and node.value.id == "self"
               for owner in owners for node in walk_nodes(owner))


def unused_getattr_default(call: ast.Call, resolve: Callable[[ast.AST], str | None],
                           removed: Callable[[str], bool]) -> set[int]:
    """``getattr(torch.jit, "script_if_tracing", torch.jit.script)`` where the target has the attribute: id() of
    every node of the default, which is only read (evaluated, never returned) there."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "getattr" and len(call.args) == 3
            and isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str)):
        return set()
    owner = resolve(call.args[0])
    if owner is None or not (owner == "torch" or owner.startswith("torch.")) or removed(f"{owner}.{call.args[1].value}"):
        return set()
    return {id(node) for node in walk_nodes(call.args[2])}
