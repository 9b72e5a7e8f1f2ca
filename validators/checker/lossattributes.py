"""``float(getattr(self, 'loss_' + name))``: the CycleGAN/pix2pix ``BaseModel.get_current_losses`` idiom, and
``float(self.loss_G)`` / ``"%.4f" % self.loss_G`` of a loss attribute its class calls backward() on.

The base class reads each loss its subclass names in ``self.loss_names`` and converts it with ``float()``. The
subclasses keep the graph's losses on ``self`` (``self.loss_G = self.loss_G_GAN + self.loss_G_L1``) and call
``self.loss_G.backward()``; the training script asks for the losses after each update, with grad mode on, so the
conversion sees tensors that require grad and warns since 2.8 ("Converting a tensor with requires_grad=True to a
scalar may lead to unexpected behavior", the float-of-requires-grad-tensor rule of gradscalars.py).

The base class's file cannot tell what the attributes hold: the sub-project decides. Each conversion is held with
its class, its method and the prefix it reads (``loss_``), and reported once a class of the sub-project calls
``backward()`` on a ``self`` attribute of that prefix (``self.loss_G.backward()``) and runs that very method. Where the
base reads the listed names themselves (``for name in self.loss_names: float(getattr(self, name))``), the attribute
given backward() must be one the class lists there (``self.loss_names = ["loss_D"]``). The class that runs that
method is the class itself, or a direct subclass that does not define a method of the same name (a subclass with its own
``get_current_losses`` never runs the base's). The method is taken to be asked outside ``torch.no_grad()``, as the
idiom's training scripts do.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Callable, Iterator

from .finding import Finding
from .gradscalars import float_formatted_operands
from .imports import dotted_name, walk_nodes


@dataclass(frozen=True)
class LossClass:
    """A class that calls ``backward()`` on ``self`` attributes: its bases' last names, its methods, those attributes."""

    name: str
    bases: frozenset[str]
    methods: frozenset[str]
    backed: frozenset[str]
    listed: frozenset[tuple[str, str]] = frozenset()  # (list attribute, name): self.loss_names = ["loss_D"]


@dataclass(frozen=True)
class HeldFloat:
    """A ``float(getattr(self, prefix + name))`` in ``method`` of ``cls`` (``names``: that prefix), or, ``exact``, a
    conversion of the attributes ``names`` themselves (``float(self.loss_G)``, ``"%.4f" % (self.loss_G, ...)``), with
    the finding it would be."""

    cls: str
    method: str
    names: tuple[str, ...]
    finding: Finding
    exact: bool = False
    listed: str | None = None  # ``for name in self.loss_names: float(getattr(self, name))``: that list attribute


def held_floats(tree: ast.AST, text: str | None, finding: Callable[[ast.AST], Finding]) -> list[HeldFloat]:
    """The file's conversions the sub-project decides, one for each node: ``finding`` makes the finding of a node."""
    prefixed = [HeldFloat(cls, method, (prefix,), finding(call), listed=listed)
                for call, cls, method, prefix, listed in _prefixed_floats(tree, text)]
    return prefixed + [HeldFloat(cls, method, names, finding(node), exact=True)
                       for node, cls, method, names in _attribute_floats(tree, text)]


def _attribute_floats(tree: ast.AST, text: str | None) -> Iterator[tuple[ast.expr, str, str, tuple[str, ...]]]:
    """Each conversion to a Python float of ``self`` attributes in a method of a module-level class of a file that
    calls backward() on one: ``float(self.loss_G)``, ``"L: %.4f" % (self.loss_G, ...)``: (the node, the class, the
    method, the attributes)."""
    if text is not None and (".backward(" not in text or "self." not in text):
        return
    for cls, method in _methods(tree):
        for node in walk_nodes(method):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float" \
                    and len(node.args) == 1 and not node.keywords and _self_attribute(node.args[0]):
                yield node, cls.name, method.name, (node.args[0].attr,)
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and (attributes := tuple(dict.fromkeys(
                    operand.attr for operand in float_formatted_operands(node) if _self_attribute(operand)))):
                yield node, cls.name, method.name, attributes


def _self_attribute(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _prefixed_floats(tree: ast.AST, text: str | None) -> Iterator[tuple[ast.Call, str, str, str, str | None]]:
    """Each ``float(getattr(self, "<prefix>" + name))`` (or ``f"<prefix>{name}"``, ``"<prefix>%s" % name``) in a
    method of a module-level class: (the call, the class, the method, the prefix, None); and each ``float(getattr(self,
    name))`` under ``for name in self.loss_names:``: (..., "", "loss_names"), the names the subclasses list."""
    if text is not None and ("getattr(self" not in text or "float(" not in text):
        return
    for cls, method in _methods(tree):
        loops = {node.target.id: node.iter.attr for node in walk_nodes(method)
                 if isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Name)
                 and _self_attribute(node.iter)}
        for node in walk_nodes(method):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float"
                    and len(node.args) == 1 and not node.keywords):
                continue
            read = node.args[0]
            if not (isinstance(read, ast.Call) and isinstance(read.func, ast.Name) and read.func.id == "getattr"
                    and len(read.args) == 2 and isinstance(read.args[0], ast.Name) and read.args[0].id == "self"):
                continue
            if prefix := _name_prefix(read.args[1]):
                yield node, cls.name, method.name, prefix, None
            elif isinstance(read.args[1], ast.Name) and read.args[1].id in loops:
                yield node, cls.name, method.name, "", loops[read.args[1].id]


def loss_classes(tree: ast.AST, text: str | None) -> list[LossClass]:
    """The module-level classes whose methods call ``self.<attribute>.backward(...)``."""
    if text is not None and (".backward(" not in text or "self." not in text):
        return []
    found = []
    for cls in getattr(tree, "body", ()):
        if not isinstance(cls, ast.ClassDef):
            continue
        methods = [item for item in cls.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
        computed = _computed_attributes(methods)
        backed = set()
        for method in methods:
            backed |= _backed_in(method, computed)
        if backed:
            bases = frozenset((dotted_name(base) or "").rsplit(".", 1)[-1] for base in cls.bases)
            found.append(LossClass(cls.name, bases, frozenset(method.name for method in methods), frozenset(backed),
                                   _listed_names(methods)))
    return found


def _listed_names(methods: list[ast.AST]) -> frozenset[tuple[str, str]]:
    """(attribute, name) for each string a method puts in a ``self`` list: ``self.loss_names = ["loss_D"]``, ``+=``."""
    found = set()
    for method in methods:
        for node in walk_nodes(method):
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
                node.target if isinstance(node, ast.AugAssign) else None
            if target is not None and _self_attribute(target) and isinstance(node.value, (ast.List, ast.Tuple)):
                found.update((target.attr, element.value) for element in node.value.elts
                             if isinstance(element, ast.Constant) and isinstance(element.value, str))
    return frozenset(found)


def held_floats_reached(held: list[HeldFloat], classes: list[LossClass]) -> list[Finding]:
    """The held conversions that a loss class of the sub-project runs on attributes it calls backward() on."""
    return [float_.finding for float_ in held if any(
        any((float_.listed, attribute) in cls.listed if float_.listed else
            attribute in float_.names if float_.exact else attribute.startswith(float_.names[0])
            for attribute in cls.backed)
        and (cls.name == float_.cls or (float_.cls in cls.bases and float_.method not in cls.methods))
        for cls in classes)]


def _backed_in(method: ast.AST, computed: set[str]) -> set[str]:
    """The ``self`` attributes ``method`` calls backward() on: ``self.loss_G.backward()``, or the ``computed`` ones a
    backed name sums up (``loss = self.loss_content + self.loss_style; loss.backward()``), not the weights it scales
    them by (``self.reg = config["reg"]``)."""
    backed, locals_backed = set(), set()
    for call in walk_nodes(method):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "backward":
            receiver = call.func.value
            if _self_attribute(receiver):
                backed.add(receiver.attr)
            elif isinstance(receiver, ast.Name):
                locals_backed.add(receiver.id)
    for node in walk_nodes(method):  # the self attributes a backed name or attribute sums up are the graph's too
        # (``self.loss = 0`` then ``self.loss += self.loss_R`` sums them up one by one)
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) \
            else []
        if any((isinstance(target, ast.Name) and target.id in locals_backed)
               or (_self_attribute(target) and target.attr in backed) for target in targets):
            backed.update(read.attr for read in walk_nodes(node.value) if _self_attribute(read) and read.attr in computed)
    return backed


# calls whose result is a plain number or container, not a graph value
_PLAIN_CALLS = frozenset({"float", "int", "str", "bool", "len", "round", "item", "dict", "list", "tuple", "get"})


def _computed_attributes(methods: list[ast.AST]) -> set[str]:
    """The ``self`` attributes the class assigns, somewhere, a value some call makes (``self.loss_l1 = crit(out, y)``,
    ``self.loss_G = self.loss_l1 * 10``, a call's result used again), not only settings and constants, nor a clamp of
    numbers (``self.k = min(max(temp_k, 0), 1)`` after ``temp_k = temp_k.item()``: BEGAN's balance term)."""
    computed = set()
    for method in methods:
        numbers = None  # read once a method clamps something
        for node in walk_nodes(method):
            if isinstance(node, ast.Assign) and any(_self_attribute(target) for target in node.targets) and any(
                    isinstance(call, ast.Call) and (dotted_name(call.func) or "").rsplit(".", 1)[-1] not in _PLAIN_CALLS
                    for call in walk_nodes(node.value)):
                if _clamps(node.value):
                    numbers = _number_names(method) if numbers is None else numbers
                    if _clamped_number(node.value, numbers):
                        continue
                computed.update(target.attr for target in node.targets if _self_attribute(target))
    # one level on: self.loss_G = self.loss_l1 * 10 sums a computed one
    for method in methods:
        for node in walk_nodes(method):
            if isinstance(node, ast.Assign) and any(_self_attribute(read) and read.attr in computed
                                                    for read in walk_nodes(node.value)):
                computed.update(target.attr for target in node.targets if _self_attribute(target))
    return computed


def _number_names(method: ast.AST) -> set[str]:
    """The names ``method`` binds only to Python numbers once it rebinds them so (``temp_k = temp_k.item()``): its last
    binding of each is a plain call (``.item()``, ``float(...)``)."""
    last: dict[str, bool] = {}
    assigns = sorted((node for node in walk_nodes(method) if isinstance(node, ast.Assign) and len(node.targets) == 1
                      and isinstance(node.targets[0], ast.Name)), key=lambda node: (node.lineno, node.col_offset))
    for node in assigns:  # in source order: the last binding decides
        value = node.value
        last[node.targets[0].id] = isinstance(value, ast.Call) and \
            (dotted_name(value.func) or "").rsplit(".", 1)[-1] in ("item", "float", "int")
    return {name for name, plain in last.items() if plain}


def _clamps(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("min", "max")


def _clamped_number(value: ast.expr, numbers: set[str]) -> bool:
    """``min(max(x, 0), 1)`` of number constants and ``numbers`` alone."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float))
    if isinstance(value, ast.Name):
        return value.id in numbers
    return _clamps(value) and bool(value.args) and not value.keywords and all(
        _clamped_number(arg, numbers) for arg in value.args)


def _methods(tree: ast.AST) -> Iterator[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for cls in getattr(tree, "body", ()):
        if isinstance(cls, ast.ClassDef):
            for item in cls.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield cls, item


def _name_prefix(name: ast.expr) -> str | None:
    """``"loss_" + name``, ``f"loss_{name}"``, ``"loss_%s" % name``: the literal the attribute's name starts with."""
    if isinstance(name, ast.BinOp) and isinstance(name.op, (ast.Add, ast.Mod)) and isinstance(name.left, ast.Constant):
        literal = name.left.value
        if isinstance(literal, str) and isinstance(name.op, ast.Mod):
            literal = literal.partition("%")[0]
    elif isinstance(name, ast.JoinedStr) and name.values and isinstance(name.values[0], ast.Constant):
        literal = name.values[0].value
    else:
        return None
    return literal if isinstance(literal, str) and literal.isidentifier() else None
