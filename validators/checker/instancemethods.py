"""Methods called on an instance the file itself builds of a torch class: the receiver's type, known.

Most method rules go by the method's name alone, because a receiver's type is unknown. A few methods are only a
problem on one class, and share their name with other libraries' methods: ``writer.add_graph(model, x)`` traces the
model with ``torch.jit.trace`` on torch's TensorBoard ``SummaryWriter``, while TensorFlow's writers have their own.
tensorboardX's ``SummaryWriter.add_graph`` hands the model to torch's own ``_pytorch_graph.graph`` (its current
releases; older ones called ``torch.jit.trace`` themselves), so an instance of it counts as torch's
(:data:`DELEGATING_CLASSES`). Such a call counts when every plain binding the file makes of the receiver's last name (``writer =
...``, ``self.writer = ...``, ``with ... as writer``) builds that class, so ``self.writer.add_graph`` in
``__init__`` and ``writer.add_graph`` in a script both count, and a name also bound to anything else does not.
A ``None`` placeholder (``self.writer = None``) and a parameter bind nothing: a parameter holds what the callers
pass, and in the file that builds the writer they pass that one.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .finding import Finding, finding_at
from .imports import dotted_name, walk_nodes, walk_tree
from .rule import Rule, newest_per_pattern


# another library's class -> the torch class whose methods its instances run (module docstring)
DELEGATING_CLASSES = {"tensorboardX.SummaryWriter": "torch.utils.tensorboard.SummaryWriter"}
DELEGATING_PACKAGES = frozenset(qualified.partition(".")[0] for qualified in DELEGATING_CLASSES)


def delegated_instance_findings(tree: ast.AST, code: str, rules: list[Rule], filename: str,
                                resolve: Callable[[ast.AST], str | None]) -> list[Finding]:
    """The instance-method findings of a file the full walk skips (it imports no torch) that builds a class of
    DELEGATING_CLASSES: ``rules`` are the instance-method rules that apply to the target."""
    return [finding_at(filename, call, api, rule, rule.message, rule.fix)
            for call, api in built_instance_calls(tree, resolve, methods_of(rules), code)
            for rule in newest_per_pattern(rule for rule in rules if api in rule.apis)]


def methods_of(rules: list[Rule]) -> dict[str, set[str]]:
    """Qualified class name -> the method names the instance-method ``rules`` name on it (each api is class.method)."""
    methods: dict[str, set[str]] = {}
    for rule in rules:
        for api in rule.apis:
            cls, _, method = api.rpartition(".")
            methods.setdefault(cls, set()).add(method)
    return methods


def built_instance_calls(tree: ast.AST, resolve: Callable[[ast.AST], str | None], methods: dict[str, set[str]],
                         text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each ``<receiver>.<method>(...)`` whose receiver the file builds only as a class of ``methods`` (qualified
    class name -> the method names that count), with the method's qualified name."""
    names = {method for wanted in methods.values() for method in wanted}
    if text is not None and not any(f".{method}(" in text for method in names):
        return  # none of the methods is called: most files, read off the text alone
    delegates = _delegating_names(tree) if text is None or "tensorboardX" in text else {}
    built = _built_names(tree, lambda func: resolve(func) or delegates.get(dotted_name(func) or ""), set(methods))
    if not built:
        return
    for node in walk_tree(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names:
            receiver = dotted_name(node.func.value)
            cls = built.get(receiver.rsplit(".", 1)[-1]) if receiver else None
            if cls is not None and node.func.attr in methods[cls]:
                yield node, f"{cls}.{node.func.attr}"


def _built_names(tree: ast.AST, resolve, classes: set[str]) -> dict[str, str]:
    """Last name -> the class every plain binding of it builds, for names bound only to one of ``classes``."""
    built: dict[str, set[str]] = {}
    other: set[str] = set()
    for node in walk_tree(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            pairs = [(target, node.value) for target in (node.targets if isinstance(node, ast.Assign)
                                                         else [node.target])]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            pairs = [(node.optional_vars, node.context_expr)]
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            pairs = [(node.target, None)]
        else:
            continue
        for target, value in pairs:
            name = _last_name(target)
            if name is None:
                for inner in walk_nodes(target):  # a, b = ...: each name bound to something unknown
                    if isinstance(inner, ast.Name):
                        other.add(inner.id)
                continue
            if isinstance(value, ast.Constant) and value.value is None:
                continue
            cls = resolve(value.func) if isinstance(value, ast.Call) else None
            if cls in classes:
                built.setdefault(name, set()).add(cls)
            else:
                other.add(name)
    return {name: next(iter(found)) for name, found in built.items() if name not in other and len(found) == 1}


def _delegating_names(tree: ast.AST) -> dict[str, str]:
    """How the file spells the classes of DELEGATING_CLASSES (``SummaryWriter`` after ``from tensorboardX import
    SummaryWriter``, ``tbx.SummaryWriter`` after ``import tensorboardX as tbx``) -> the torch class each stands for."""
    found: dict[str, str] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.ImportFrom) and not node.level:
            for alias in node.names:
                if (torch_class := DELEGATING_CLASSES.get(f"{node.module}.{alias.name}")) is not None:
                    found[alias.asname or alias.name] = torch_class
        elif isinstance(node, ast.Import):
            for alias in node.names:
                for qualified, torch_class in DELEGATING_CLASSES.items():
                    module, _, name = qualified.rpartition(".")
                    if alias.name == module:
                        found[f"{alias.asname or alias.name}.{name}"] = torch_class
    return found


def _last_name(target: ast.AST) -> str | None:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.attr
    return None
