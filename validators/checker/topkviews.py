"""``correct[:k].view(-1)`` on the comparison of transposed top-k predictions: the classic ``accuracy()`` helper.

The ImageNet example's helper (copied into thousands of projects) transposes the top-k indices and compares them
with the targets: ``_, pred = output.topk(maxk, 1, True, True); pred = pred.t(); correct = pred.eq(target.view(1,
-1).expand_as(pred))``. Since torch 1.7 an elementwise result keeps the layout of its inputs, so ``correct`` has the
transposed strides, and ``correct[:k].view(-1)`` raises ``RuntimeError: view size is not compatible with input
tensor's size and stride`` for any k above 1 (one row is still viewable). Whether a k above 1 comes depends on the
callers: the helper's ``topk`` parameter defaults to ``(1,)`` and ``train()`` passes ``topk=(1, 5)``. So a view whose k
is a literal, or walks a tuple the function spells, is decided here; one whose k walks a parameter waits for the
project's calls (:class:`TopkCalls`): a call of the function by its last name that passes a tuple or list display
holding an int above 1 in that parameter's place.
"""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from typing import Iterator, NamedTuple

from .finding import Finding
from .imports import own_nodes, parameter_defaults, walk_tree

_TRANSPOSES = frozenset({"t", "t_"})
_COMPARISONS = frozenset({"eq", "ne", "ge", "gt", "le", "lt", "__eq__"})
_SAME_LAYOUT = frozenset({"float", "int", "long", "double", "half", "bool", "byte", "type", "to", "type_as"})


class PendingView(NamedTuple):
    """A view whose k walks the parameter ``parameter`` (position ``position``) of ``function``."""
    function: str
    parameter: str
    position: int
    method: bool  # the function's first parameter is self or cls: a call through an attribute passes one fewer
    node: ast.Call


class TopkCalls:
    """One file's calls passing a display holding an int above 1: callee last name -> positions and keywords.
    (A plain class: a dataclass costs every check's start-up a millisecond or more to build.)"""

    def __init__(self) -> None:
        self.passed: dict[str, set[int | str]] = {}
        self.defined: frozenset[str] = frozenset()  # the file's own module-level functions: its calls mean those
        self.tree: ast.AST | None = None  # the file, read for wide_names when a call first passes a name
        self.spelled: frozenset[str] | None = None  # names the text assigns a wide display (None: not read)
        self._wide_names: frozenset[str] | None = None
        self.folder = ""  # the file's folder: a call there means a copy of the function beside it, if one is

    def note(self, call: ast.Call) -> None:
        name = call.func.attr if isinstance(call.func, ast.Attribute) else \
            call.func.id if isinstance(call.func, ast.Name) else None
        if name is None:
            return
        places = [index for index, arg in enumerate(call.args) if self._wide(arg)]
        places += [keyword.arg for keyword in call.keywords if keyword.arg and self._wide(keyword.value)]
        if places:
            self.passed.setdefault(name, set()).update(places)

    def _wide(self, node: ast.expr) -> bool:
        if _wide(node):
            return True
        if not isinstance(node, ast.Name) or self.tree is None or (self.spelled is not None and node.id not in self.spelled):
            return False
        if self._wide_names is None:
            self._wide_names = wide_names(self.tree)  # topk = [1, 5] ... accuracy(out, y, topk=topk)
        return node.id in self._wide_names

    def widens(self, view: PendingView) -> bool:
        places = self.passed.get(view.function, ())
        return view.parameter in places or view.position in places or (view.method and view.position - 1 in places)


# (text: re compiles it when first asked) a display of 1 and a larger int, the usual topk argument: (1, 5), [1, 3]; or
# a one-item tuple of a larger int, topk=(5,)
_WIDE_PAIR = r"[(\[]\s*1\s*,\s*[2-9]|\(\s*[2-9]\d*\s*,\s*\)"


def wide_pair_spelled(text: str) -> bool:
    """Whether a file may pass a (1, 5)-like display at all: only then are its calls noted."""
    return re.search(_WIDE_PAIR, text) is not None


def wide_names_spelled(text: str) -> frozenset[str]:
    """The names the text assigns a display of int literals (``topk = [1, 5]``): the only ones wide_names, which walks
    the whole file, can find; most files that pass a (1, 5)-like display bind none."""
    # found from each display (a leading \w+ would be tried at every position of the text)
    return frozenset(name.group(1) for display in re.finditer(r"=[ \t]*[(\[][ \t]*\d[\d\s,]*[)\]]", text)
                     if (name := _NAME_BEFORE.search(text, max(0, display.start() - 64), display.start())))


_NAME_BEFORE = re.compile(r"(\w+)[ \t]*$")


def widened_views(files: list[tuple[list[tuple[PendingView, Finding]], list[Finding], TopkCalls]],
                  calls: list[TopkCalls]) -> None:
    """Adds to each file's findings (kept sorted) its pending views that some call of the project widens: a call in
    the view's own file (its calls, third of each item), or in a file that does not define a function of that name
    itself (scripts that each copy ``accuracy()`` call their own copy) and, in another folder, none of whose modules
    defines one (``Stage1/loss.py`` calls ``Stage1/tools.py``'s copy, not ``Stage2/tools.py``'s)."""
    def calls_this_copy(part: TopkCalls, own: TopkCalls, function: str) -> bool:
        return part is own or function not in part.defined and (
            part.folder == own.folder or not part.folder or not _defined_in_folder(part.folder, function))

    for pending, findings, own in files:
        widened = [finding for view, finding in pending if any(
            part.widens(view) and calls_this_copy(part, own, view.function) for part in calls)]
        if widened:
            findings.extend(widened)
            findings.sort()


@lru_cache(maxsize=256)
def _defined_in_folder(folder: str, function: str) -> bool:
    """Whether a module directly in ``folder`` defines a module-level ``function`` (read as text)."""
    definition = re.compile(rf"^(?:async[ \t]+)?def[ \t]+{re.escape(function)}[ \t]*\(", re.MULTILINE)
    try:
        entries = [entry for entry in os.scandir(folder) if entry.name.endswith(".py") and entry.is_file()]
    except OSError:
        return False
    for entry in entries:
        try:
            with open(entry.path, encoding="utf-8", errors="replace") as handle:
                if definition.search(handle.read()):
                    return True
        except OSError:
            continue
    return False


def wide_names(tree: ast.AST) -> frozenset[str]:
    """The names every binding of the file gives a wide display (``topk = [1, 5]``, then ``topk=topk`` in a call; or a
    parameter defaulting to one, ``def train(..., topk=(1, 5))``)."""
    bound: dict[str, bool] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.arguments):
            defaults = parameter_defaults(node)
            for argument in (*node.posonlyargs, *node.args, *node.kwonlyargs):
                default = defaults.get(argument.arg)
                bound[argument.arg] = bound.get(argument.arg, True) and default is not None and _wide(default)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound[target.id] = bound.get(target.id, True) and _wide(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)) and isinstance(node.target, ast.Name):
            bound[node.target.id] = False
    return frozenset(name for name, wide in bound.items() if wide)


def _wide(node: ast.expr) -> bool:
    """A tuple or list display holding an int literal above 1: ``(1, 5)``, ``[1, 3]``, ``(5,)``."""
    return isinstance(node, (ast.Tuple, ast.List)) and any(
        isinstance(item, ast.Constant) and type(item.value) is int and item.value > 1 for item in node.elts)


def may_hold_views(text: str) -> bool:
    """Whether ``text`` spells all a view needs: ``topk``, a ``.t()`` and a ``.view(`` (most files with the two words
    transpose nothing, and the walk of topk_views is not cheap)."""
    return "topk" in text and ".view(" in text and (".t()" in text or ".t_()" in text)


def topk_views(tree: ast.AST, text: str) -> Iterator[ast.Call | PendingView]:
    """Each ``.view()`` of a slice of a transposed top-k comparison: the call where k is above 1 for certain, or a
    :class:`PendingView` where k walks a parameter."""
    if not may_hold_views(text):
        return
    classes = {id(item): node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)
               for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for node in walk_tree(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _scope_views(node, list(own_nodes(node)), classes.get(id(node)))
    yield from _scope_views(tree, list(own_nodes(tree)))  # a script's module level


def _constructor_attributes(cls: ast.ClassDef) -> tuple[dict[str, str], ast.arguments] | None:
    """``self.topk = topk`` in the class's ``__init__``: attribute -> the parameter it keeps, and the parameters."""
    init = next((item for item in cls.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"), None)
    if init is None:
        return None
    names = {arg.arg for arg in init.args.posonlyargs + init.args.args}
    kept = {target.attr: node.value.id for node in own_nodes(init) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Name) and node.value.id in names for target in node.targets
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"}
    return kept, init.args


def _scope_views(function: ast.AST, nodes: list[ast.AST], cls: ast.ClassDef | None = None
                 ) -> Iterator[ast.Call | PendingView]:
    """The views among ``nodes``, the code of a function (or of a script's module level, with no parameters).
    ``cls``: the class of a method, whose ``self.topk`` is what its constructor was given (``TopKAccuracyMetric(topk=(1,
    5))``: the class's calls decide, as a function's do)."""
    top, transposed, compared, loops, tuples = set(), set(), set(), {}, {}
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name) \
                    and _is_topk(value):
                top.add(target.elts[1].id)  # _, pred = output.topk(maxk, 1, True, True)
            elif isinstance(target, ast.Name):
                if isinstance(value, ast.Subscript) and _is_topk(value.value):
                    top.add(target.id)  # pred = output.topk(5)[1]
                elif _transposes(value, top):
                    transposed.add(target.id)
                elif _compares(value, top, transposed):
                    compared.add(target.id)
                elif isinstance(value, (ast.Tuple, ast.List)):
                    tuples[target.id] = value
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name):
            loops[node.target.id] = node.iter  # for k in topk: / [... for k in topk]
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Tuple) \
                and len(node.target.elts) == 2 and isinstance(node.target.elts[1], ast.Name) \
                and isinstance(node.iter, ast.Call) and _last(node.iter.func) == "enumerate" and node.iter.args:
            loops[node.target.elts[1].id] = node.iter.args[0]  # for i, k in enumerate(topk):
    if not compared:
        return
    arguments = getattr(function, "args", None)
    parameters = [arg.arg for arg in arguments.posonlyargs + arguments.args] if arguments else []
    defaults = dict(zip(reversed(parameters), reversed(arguments.defaults))) if arguments else {}
    for node in nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "view"):
            continue
        bound = _sliced_bound(_strip_layout_keeping(node.func.value), compared)
        if bound is None:
            continue
        if isinstance(bound, ast.Constant):
            if type(bound.value) is int and bound.value > 1:
                yield node
            continue
        walked = loops.get(bound.id) if isinstance(bound, ast.Name) else None
        if isinstance(walked, ast.Name) and walked.id in tuples:
            walked = tuples[walked.id]
        if isinstance(walked, ast.Attribute) and isinstance(walked.value, ast.Name) and walked.value.id == "self" \
                and cls is not None and (constructor := _constructor_attributes(cls)) is not None \
                and walked.attr in constructor[0]:
            yield from _constructor_views(cls.name, constructor[0][walked.attr], constructor[1], node)
            continue
        if isinstance(walked, (ast.Tuple, ast.List)):
            if _wide(walked):
                yield node
        elif isinstance(walked, ast.Name) and walked.id in parameters:
            if walked.id in defaults and _wide(defaults[walked.id]):
                yield node
            else:
                yield PendingView(function.name, walked.id, parameters.index(walked.id),
                                  parameters[:1] in (["self"], ["cls"]), node)


def _constructor_views(name: str, parameter: str, arguments: ast.arguments, view: ast.Call
                       ) -> Iterator[ast.Call | PendingView]:
    """A view whose k walks what the constructor's ``parameter`` kept: its wide default decides, or the class's calls."""
    parameters = [arg.arg for arg in arguments.posonlyargs + arguments.args]
    defaults = dict(zip(reversed(parameters), reversed(arguments.defaults)))
    if parameter in defaults and _wide(defaults[parameter]):
        yield view
    else:
        yield PendingView(name, parameter, parameters.index(parameter), True, view)


def _is_topk(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and _last(node.func) == "topk"


def _last(node: ast.expr) -> str | None:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None


def _transposes(node: ast.expr, top: set[str]) -> bool:
    """``pred.t()`` of a top-k result (or ``output.topk(...)[1].t()``), also cast on (``pred.t().type_as(target)``)."""
    node = _strip_layout_keeping(node)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _TRANSPOSES \
        and not node.args and _is_top(node.func.value, top)


def _is_top(node: ast.expr, top: set[str]) -> bool:
    return (isinstance(node, ast.Name) and node.id in top) or (
        isinstance(node, ast.Subscript) and _is_topk(node.value))


def _compares(node: ast.expr, top: set[str], transposed: set[str]) -> bool:
    """An elementwise comparison with a transposed top-k result on either side: ``pred.eq(t)``, ``pred == t``,
    ``pred.t().eq(t)``, kept through dtype casts (``.float()``)."""
    node = _strip_layout_keeping(node)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
        operands = (node.left, node.comparators[0])
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _COMPARISONS \
            and len(node.args) == 1:
        operands = (node.func.value, node.args[0])
    else:
        return False
    return any((isinstance(o, ast.Name) and o.id in transposed) or _transposes(o, top) for o in operands)


def _strip_layout_keeping(node: ast.expr) -> ast.expr:
    """``x.float()``, ``x.to(dtype)``: casts keep the strides, so what they copy stays as unviewable as ``x``."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_LAYOUT:
        node = node.func.value
    return node


def _sliced_bound(node: ast.expr, compared: set[str]) -> ast.expr | None:
    """``correct[:k]`` or ``correct[:k, :]`` of a compared name: the slice's upper bound ``k``."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in compared):
        return None
    index = node.slice
    if isinstance(index, ast.Tuple) and len(index.elts) == 2 and _whole(index.elts[1]):
        index = index.elts[0]
    if isinstance(index, ast.Slice) and index.step is None and index.upper is not None and (
            index.lower is None or (isinstance(index.lower, ast.Constant) and index.lower.value == 0)):
        return index.upper
    return None


def _whole(node: ast.expr) -> bool:
    return isinstance(node, ast.Slice) and node.lower is None and node.upper is None and node.step is None
