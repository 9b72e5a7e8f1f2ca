"""``float(loss)`` after ``loss.backward()``: a Python number from a tensor that requires grad, which warns since 2.8.

Converting a tensor with ``requires_grad=True`` to a Python scalar warns once per process while grad mode is on:
``UserWarning: Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior. Consider
using tensor.detach() first.`` ``float(t)``, ``math.exp(t)`` and ``torch.tensor([t])`` (``torch.Tensor``,
``FloatTensor``: each item of the list is read as a number) warn; ``t.item()``, ``int(t)`` and ``float(t.detach())`` do
not (run on 2.13 and 2.15); ``"%.4f" % t`` converts with ``float`` and warns, ``"%d"``,
``"%s"``, f-strings and ``str.format`` do not; ``logger.info("%f", t)`` formats the same way when the record is
emitted (an info record only where the file lets info through: the root logger's default level drops it, run on
2.15). Whether a tensor requires grad is known only where the code says so: a
name the function (or the script's module level) calls ``backward`` on, bound once or only ever to results of calls
outside ``no_grad`` (``loss = -loss`` and ``loss += aux`` keep it), the call-made names added up into it (``loss = ce + ewc``),
and its running totals and moving averages (``smooth = smooth * 0.99 + loss * 0.01``). A
conversion of one in that function counts, unless it sits under ``torch.no_grad()`` or ``torch.inference_mode()``
(grad mode off: no warning). ``plateau.step(loss)`` of a ReduceLROnPlateau the file builds converts the same way
(its ``step`` takes ``float(metrics)``), and a name's conversion sees the binding above it where the name is also bound
under ``no_grad`` or to a conversion (``l1 = loss_fn(...)`` in training and again in validation).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

from .gradentries import grad_entries
from .gradreturns import GradCalls, calls_any, grad_returning_functions, returned_grad_names
from .imports import ImportMap, assigned_pairs, dotted_name, own_nodes, own_statements, subnodes, walk_nodes, walk_tree
from .receivers import own_callee
from .source import parse_module_file
from .starimports import folder_module_stamp

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_WORD = re.compile(r"\w+")
# `loss, logs = self.calc_loss(...)`: a name unpacked from a method's result (given backward() below, maybe)
_RETURNED_BACKED = re.compile(r"^[ \t]*\w+[ \t]*,[^=\n]*=[ \t]*self\.\w+\(", re.MULTILINE)
# a loss module (`class MocoLoss(nn.Module):`): its forward's result is given backward() by a trainer elsewhere
_LOSS_CLASS = re.compile(r"^class \w*Loss\(", re.MULTILINE)
_PLATEAU = "torch.optim.lr_scheduler.ReduceLROnPlateau"
# a function of the file that evaluates: the word anywhere in its name
_EVALUATION = re.compile(r"(?i)eval|valid|test|infer|predict")
# a call whose result is a validation score: the name starts with the word (validate, run_test, eval_epoch), so
# retrieval_loss is not one
_EVALUATION_CALL = re.compile(r"(?i)(?:\w*_)?(?:eval|valid|test)")
NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad",
                     "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.inference_mode"})


# a file's functions whose calls give values outside the graph: None for the whole result (a Python number), else
# the positions of the returned tuple that are
NumberCalls = dict[str, "frozenset[int] | None"]


def grad_scalar_conversions(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                            text: str | None = None, filename: str | None = None) -> Iterator[ast.Call | ast.BinOp]:
    """Each ``float(x)`` / ``math.<f>(x)`` / ``"%.4f" % x`` of a name ``x`` its function binds once and calls
    ``x.backward(...)`` on."""
    if text is not None and (".backward(" not in text or "%" not in text and ").backward(" not in text and not (
            _with_kept(text, _names_before(text, ".backward(")) & (_names_after(text, "float(") | _names_after(
                text, "math.")))
            and not ("float(" in text and _RETURNED_BACKED.search(text)) and "ReduceLROnPlateau" not in text
            and "ensor([" not in text) and not ("float(" in text and _LOSS_CLASS.search(text)) and not (
            "float(" in text and _stored_backed(text)):
        return  # no name is both given backward() and converted: most files, read off the text alone
    functions, backward_lines = [], []
    for node in subnodes(tree):
        if isinstance(node, _FUNCTIONS):
            functions.append(node)
        elif node.__class__ is ast.Attribute and node.attr == "backward":
            backward_lines.append(node.lineno)
    inside = set()
    # info records are formatted only where the logger lets them through: a file that says so (basicConfig(level=
    # logging.INFO), setLevel, an mmcv-style get_root_logger(log_level=...)); the root logger's default drops them
    logged = _LOGGING_METHODS if text is None or "INFO" in text or "log_level" in text else _LOGGING_METHODS - {"info"}
    whole = _number_functions(tree, resolve) | (_imported_number_functions(tree, filename) if filename else frozenset())
    numbers: NumberCalls = _detached_items(tree) | dict.fromkeys(whole)
    plateaus = _plateaus(tree, resolve) if text is None or "ReduceLROnPlateau" in text else frozenset()
    returned = _backed_returns(functions) if backward_lines else {}
    losses = _loss_forwards(tree)
    passing = _ConvertingParameters(functions, resolve, plateaus, logged)
    seen: set[int] = set()
    grad_calls = grad_returning_functions(
        tree, functions, backward_lines, lambda function: _live_in(function, resolve, numbers, set(), None))
    for function in functions:
        lines = [line for line in backward_lines if function.lineno <= line <= function.end_lineno]
        given = _returned_names(function, returned[function.name]) if function.name in returned else set()
        if id(function) in losses:
            given = _returned_loss(function)
        calls = grad_calls if grad_calls and calls_any(function, grad_calls) else None
        if lines or given or calls:
            inside.update(lines)
            yield from _once(_in_function(function, resolve, numbers, given, plateaus, logged, passing, calls), seen)
    module_calls = grad_calls if grad_calls and isinstance(tree, ast.Module) and calls_any(tree, grad_calls) else None
    if isinstance(tree, ast.Module) and (set(backward_lines) - inside or module_calls):  # a script's own loop
        yield from _once(_in_function(tree, resolve, numbers, plateaus=plateaus, logged=logged, passing=passing,
                                      grad_calls=module_calls), seen)


def _once(nodes: Iterator[ast.AST], seen: set[int]) -> Iterator[ast.AST]:
    """Each conversion once, however many callers hand it a tensor that requires grad."""
    for node in nodes:
        if id(node) not in seen:
            seen.add(id(node))
            yield node


class _ConvertingParameters:
    """The file's functions that convert a parameter as it is (``float(loss)``, ``"%.4f" % loss``, outside no_grad), by
    name: position of the parameter (``self`` left out) -> those conversions. A caller that hands such a function a
    tensor that requires grad there (``self._log(loss_pretext, ...)``, scatsimclr) makes each one warn. Each function
    is read when a caller first asks for it."""

    def __init__(self, functions: list[ast.AST], resolve, plateaus: frozenset[str], logged: frozenset[str]) -> None:
        self._functions: dict[str, list[ast.AST]] = {}
        for function in functions:
            self._functions.setdefault(function.name, []).append(function)
        self._resolve, self._plateaus, self._logged = resolve, plateaus, logged
        self._read: dict[str, dict[int, list[ast.AST]]] = {}

    def of(self, call: ast.Call) -> dict[int, list[ast.AST]]:
        callee = own_callee(call.func)
        if callee is None or callee not in self._functions:
            return {}
        if callee not in self._read:
            found: dict[int, list[ast.AST]] = {}
            for function in self._functions[callee]:
                for position, node in self._conversions_of_parameters(function):
                    found.setdefault(position, []).append(node)
            self._read[callee] = found
        return self._read[callee]

    def _conversions_of_parameters(self, function: ast.AST) -> Iterator[tuple[int, ast.AST]]:
        arguments = function.args
        names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        if names and names[0] in ("self", "cls"):
            names = names[1:]
        nodes = list(own_nodes(function))
        rebound = {node.id for node in nodes if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}
        parameters = set(names) - rebound
        if not parameters:
            return
        quiet = quiet_nodes(nodes, self._resolve)
        for node in _conversions(nodes, lambda name, line: name in parameters, quiet, self._resolve,
                                 self._plateaus, self._logged):
            for name in {inner.id for inner in walk_nodes(node) if isinstance(inner, ast.Name)} & parameters:
                yield names.index(name), node


def quiet_nodes(nodes, resolve) -> set[int]:
    """The nodes where no conversion warns: under ``no_grad`` (no_grad_nodes), and the conversions of a name in the
    branch its tensor test rules out (``x.item() if isinstance(x, torch.Tensor) else float(x)``: a number there)."""
    return no_grad_nodes(nodes, resolve) | untensored_conversions(nodes, resolve)


_TENSOR_TYPES = frozenset({"torch.Tensor", "torch.autograd.Variable", "torch.autograd.variable.Variable"})


def untensored_conversions(nodes, resolve) -> set[int]:
    """The ids of the calls and ``%`` formats handed the name a tensor test rules out in that branch: the ``else`` of
    ``if isinstance(x, torch.Tensor):`` / ``torch.is_tensor(x)`` (an ``if`` or a conditional expression), the body of
    ``if not isinstance(x, torch.Tensor):``."""
    found: set[int] = set()
    for node in nodes:
        if not isinstance(node, (ast.If, ast.IfExp)):
            continue
        test, negated = node.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, True
        if (name := _tensor_tested(test, resolve)) is None:
            continue
        branch = node.body if negated else node.orelse
        for part in (branch if isinstance(branch, list) else [branch]):
            found.update(id(inner) for inner in walk_nodes(part)
                         if any(dotted_name(value) == name for value in _handed_values(inner)))
    return found


def _handed_values(node: ast.AST) -> list[ast.expr]:
    """What a call is handed, or what a ``%`` format formats (``"%.3f" % x``, ``"%f %f" % (a, b)``)."""
    if isinstance(node, ast.Call):
        return node.args
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
    return []


def _tensor_tested(test: ast.expr, resolve) -> str | None:
    """``isinstance(x, torch.Tensor)`` or ``torch.is_tensor(x)``: the name tested."""
    if not (isinstance(test, ast.Call) and test.args):
        return None
    if isinstance(test.func, ast.Name) and test.func.id == "isinstance" and len(test.args) == 2 and \
            resolve(test.args[1]) in _TENSOR_TYPES:
        return dotted_name(test.args[0])
    if resolve(test.func) == "torch.is_tensor" and len(test.args) == 1:
        return dotted_name(test.args[0])
    return None


def no_grad_nodes(nodes, resolve) -> set[int]:
    """The ids of every node under a ``with torch.no_grad():`` (or ``inference_mode()``) among ``nodes``: grad mode is
    off there, so nothing computed requires grad and no conversion warns."""
    return {id(inner) for node in nodes if _no_grad_block(node, resolve)
            for statement in node.body for inner in walk_nodes(statement)}


def _no_grad_block(node: ast.AST, resolve) -> bool:
    return isinstance(node, (ast.With, ast.AsyncWith)) and any(
        isinstance(item.context_expr, ast.Call) and resolve(item.context_expr.func) in NO_GRAD for item in node.items)


def _backed_returns(functions: list[ast.AST]) -> dict[str, int | None]:
    """``loss, logs = self.calc_loss(...)`` then ``loss.backward()`` in one function of the file: the functions
    (by name) whose result, or the item at that position of it, a caller gives backward() (pSp-style coaches)."""
    found: dict[str, int | None] = {}
    for function in functions:
        nodes = list(own_nodes(function))
        backed = _backward_names(nodes)
        for node in nodes if backed else ():
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
                continue
            callee = own_callee(node.value.func)
            if callee is None:
                continue
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in backed:
                found[callee] = None
            elif isinstance(target, ast.Tuple):
                for position, element in enumerate(target.elts):
                    if isinstance(element, ast.Name) and element.id in backed:
                        found[callee] = position
    return found


def _loss_forwards(tree: ast.AST) -> set[int]:
    """The ids of the ``forward`` methods of the file's loss modules (``class IDLoss(nn.Module)``): what they return
    first is the loss their callers backpropagate, wherever those callers are."""
    return {id(statement) for node in getattr(tree, "body", ()) if isinstance(node, ast.ClassDef)
            and node.bases and node.name.endswith("Loss") for statement in node.body
            if isinstance(statement, _FUNCTIONS) and statement.name == "forward"}


def _returned_loss(function: ast.AST) -> set[str]:
    """The names a loss module's ``forward`` sums into what it returns (first, where it returns a tuple), less its
    counters (``count = 0``, ``count += 1``, then ``return loss / count, ...``) and the names it binds only to values
    outside the graph."""
    first_returned = next((node.value for node in own_nodes(function) if isinstance(node, ast.Return)), None)
    names = _returned_names(function, 0 if isinstance(first_returned, ast.Tuple) else None)
    statements = list(own_statements(function))
    detached = {name for name in names if _bound_outside_graph(statements, name)}
    return names - detached - set(_number_totals(statements, lambda statement: _number(statement.value), strict=True))


def _bound_outside_graph(statements: list[ast.stmt], name: str) -> bool:
    """Every plain assignment of ``name`` is a call outside the graph (``num_pos = pos.data.long().sum()``: a detached
    count the loss is divided by), and there is one."""
    values = [statement.value for statement in statements if isinstance(statement, ast.Assign)
              and len(statement.targets) == 1 and isinstance(target := statement.targets[0], ast.Name)
              and target.id == name]
    return bool(values) and all(isinstance(value, ast.Call) and not _graph_value(value) for value in values)


def _backward_names(nodes: list[ast.AST]) -> set[str]:
    """The plain names ``nodes`` call ``backward()`` on (``loss.backward()``), on a reduction of (``l.mean().backward()``,
    the d2l training loop's: the unreduced loss requires grad like its mean), or on a loss scaler's product of
    (``scaler.scale(loss).backward()``; apex's ``with amp.scale_loss(loss, optimizer) as scaled: scaled.backward()``):
    the scaled loss is the loss times a number, in the same graph."""
    found = set()
    scaled_by: dict[str, str] = {}  # `with amp.scale_loss(loss, opt) as scaled_loss`: scaled_loss -> loss
    for node in nodes:
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if isinstance(item.optional_vars, ast.Name) and (scaled := _scaled_loss(item.context_expr, "scale_loss")):
                    scaled_by[item.optional_vars.id] = scaled
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "backward":
            receiver = node.func.value
            if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute) and \
                    receiver.func.attr in _GRAD_REDUCTIONS and not receiver.keywords:
                receiver = receiver.func.value
            if isinstance(receiver, ast.Name):
                found.add(receiver.id)
            elif scaled := _scaled_loss(receiver, "scale"):
                found.add(scaled)
    return found | {scaled_by[name] for name in found if name in scaled_by}


def _scaled_loss(value: ast.expr, method: str) -> str | None:
    """``loss`` of ``scaler.scale(loss)`` (``method`` "scale") or ``amp.scale_loss(loss, optimizer)`` ("scale_loss")."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == method \
            and value.args and isinstance(value.args[0], ast.Name):
        return value.args[0].id
    return None


def _returned_names(function: ast.AST, position: int | None) -> set[str]:
    """The names every ``return`` of ``function`` hands back (at ``position`` of a returned tuple), or adds up there."""
    names = set()
    for node in own_nodes(function):
        if isinstance(node, ast.Return):
            value = node.value
            if position is not None:
                value = value.elts[position] if isinstance(value, ast.Tuple) and len(value.elts) > position else None
            if not isinstance(value, (ast.Name, ast.BinOp)) or not (summed := _summed_names(value)):
                return set()
            names |= summed  # return real_loss + fake_loss: the terms carry the graph the caller backpropagates
    return names


def _number_functions(tree: ast.AST, resolve) -> frozenset[str]:
    """The file's module-level functions whose every return gives a Python number (``return math.exp(total /
    n)``, ``return float(loss)``, ``return correct.item() / n``), and those named for evaluation that compute under
    ``torch.no_grad()`` (``loss, mae = evaluate_model(model, loader)``): what a call of one binds never requires grad."""
    found = set()
    for node in getattr(tree, "body", ()):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            returns = [inner.value for inner in own_nodes(node) if isinstance(inner, ast.Return)]
            if returns and all(value is not None and _plain_number(value) for value in returns):
                found.add(node.name)
            elif returns and _EVALUATION.search(node.name) and any(_no_grad_block(inner, resolve)
                                                                   for inner in own_nodes(node)):
                found.add(node.name)  # def evaluateModel(model, it): with torch.no_grad(): ...: its losses, no graph
    return frozenset(found)


def _detached_items(tree: ast.AST) -> NumberCalls:
    """The file's module-level functions returning a tuple some of whose items never require grad, by name, with
    those positions: ``return loss, (acc, f1)`` where ``loss = 0`` grows only by ``loss += crit(y, t).data.cpu()``
    (an evaluation helper's detached running total; the caller's ``loss, (acc, f1) = predict_on(...)`` rebinds the
    name of its training loss to it)."""
    found: NumberCalls = {}
    for node in getattr(tree, "body", ()):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        returns = [inner.value for inner in own_nodes(node) if isinstance(inner, ast.Return)]
        if not returns or not all(isinstance(value, ast.Tuple) for value in returns) or \
                len({len(value.elts) for value in returns}) != 1:
            continue
        statements = list(own_statements(node))
        positions = frozenset(position for position in range(len(returns[0].elts)) if all(
            _detached_item(value.elts[position], statements) for value in returns))
        if positions:
            found[node.name] = positions
    return found


def _detached_item(value: ast.expr, statements: list[ast.stmt]) -> bool:
    """A returned number, or a name the function binds only to numbers and grows only by values outside the graph
    (``loss = 0`` ... ``loss += crit(out, y).data.cpu()`` or ``+= crit(out, y).item()``), at least once."""
    if _plain_number(value):
        return True
    if not isinstance(value, ast.Name):
        return False
    def binds(target: ast.expr) -> bool:
        return any(isinstance(node, ast.Name) and node.id == value.id for node in walk_nodes(target))

    grown = False
    for statement in statements:
        if isinstance(statement, ast.AugAssign) and binds(statement.target):
            if not isinstance(statement.value, ast.Call) or _graph_value(statement.value):
                return False
            grown = True
        elif isinstance(statement, ast.Assign) and any(map(binds, statement.targets)):
            if not (len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
                    and _number(statement.value)):
                return False
        elif isinstance(statement, (ast.For, ast.AsyncFor, ast.AnnAssign)) and binds(statement.target):
            return False
    return grown


def _imported_number_functions(tree: ast.AST, filename: str) -> frozenset[str]:
    """The names a file imports from its project's modules (``from .helpers import _evaluate_model``) that are
    number functions there: ``accuracy, loss = _evaluate_model(...)`` binds Python numbers."""
    found = set()
    folder = str(Path(filename).parent)
    imports = [statement for statement in getattr(tree, "body", ()) if isinstance(statement, ast.ImportFrom)]
    if not imports:
        return frozenset()
    # only names whose call a plain assignment binds: the modules of the others are never read
    bound_calls = {node.value.func.id for node in walk_tree(tree) if isinstance(node, ast.Assign)
                   and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)}
    for statement in imports:
        if any((alias.asname or alias.name) in bound_calls for alias in statement.names) and \
                (stamp := folder_module_stamp(folder, statement.level, statement.module)) is not None:
            numbers = _module_number_functions(*stamp)
            found.update(alias.asname or alias.name for alias in statement.names if alias.name in numbers)
    return frozenset(found)


@lru_cache(maxsize=128)
def _module_number_functions(path: str, size: int, mtime: int) -> frozenset[str]:
    module = parse_module_file(Path(path))
    if module is None:
        return frozenset()
    imports = ImportMap.from_tree(module)
    return _number_functions(module, lambda node: imports.resolve(name) if (name := dotted_name(node)) else None)


def _plain_number(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
    if isinstance(value, ast.BinOp):
        return _plain_number(value.left) and _plain_number(value.right) or (
            isinstance(value.left, ast.Call) and _plain_number(value.left) and isinstance(value.right, ast.Name))
    if isinstance(value, ast.UnaryOp):
        return _plain_number(value.operand)
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Name):
            return func.id in ("float", "int", "round", "len")
        return isinstance(func, ast.Attribute) and (func.attr == "item" or (
            isinstance(func.value, ast.Name) and func.value.id == "math"))
    return False


def _in_function(function: ast.AST, resolve, numbers: NumberCalls | None = None,
                 given: set[str] = frozenset(), plateaus: frozenset[str] = frozenset(),
                 logged: frozenset[str] = frozenset(), passing: _ConvertingParameters | None = None,
                 grad_calls: GradCalls | None = None) -> Iterator[ast.Call | ast.BinOp]:
    """``given``: names the function returns to a caller of the file that gives them backward(); ``plateaus``: the
    names the file binds to a ReduceLROnPlateau, whose ``step(metrics)`` converts with ``float``; ``logged``: the
    logging methods whose records the file emits (_logged); ``grad_calls``: the file's functions returning a value
    that requires grad, by name (the positions of the returned tuple that do; None: the whole value)."""
    reading = _live_in(function, resolve, numbers or {}, given, grad_calls)
    if reading is None:
        return
    nodes, quiet, live, entry = reading
    yield from _conversions(nodes, live, quiet, resolve, plateaus, logged, entry)
    for node in nodes if passing is not None else ():
        if isinstance(node, ast.Call) and id(node) not in quiet and (converted := passing.of(node)):
            for position, conversions in converted.items():
                if position < len(node.args) and isinstance(argument := node.args[position], ast.Name) and \
                        live(argument.id, node.lineno):
                    yield from conversions  # self._log(loss, step): the helper's float(loss) warns


def _live_in(function: ast.AST, resolve, numbers: NumberCalls, given: set[str],
             grad_calls: GradCalls | None):
    """The function's nodes, those under no_grad, and the tests of whether a name (at a line) or a subscript holds a
    tensor that requires grad; None when nothing there does."""
    nodes = list(own_nodes(function))
    backed = _backward_names(nodes) | given
    # (factor * loss).backward(): a graph value scaled or summed on the way is given backward too (only names bound
    # to call results count, below: `factor` is a number)
    scaled = {name for node in nodes if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "backward" and isinstance(node.func.value, ast.BinOp)
              for name in _operand_names(node.func.value)}
    if not backed and not scaled and not grad_calls:
        return None
    quiet = quiet_nodes(nodes, resolve)
    statements = list(own_statements(function))
    found = _Bindings.read(statements, numbers, quiet)
    live = _requiring_grad(function, statements, found, backed, scaled, quiet) if backed or scaled else None
    # loss_dict["geo"] summed into the loss, or the entries of a dict holding it (gradentries.py)
    entry, entry_values = grad_entries(statements, nodes, backed,
                                       lambda name: found.bound.get(name, 0) + found.graph_values.get(name, 0) == 1)
    # train_loss, f1 = train_epoch(...) returning its running total of the backpropagated loss (gradreturns.py)
    returned = returned_grad_names(statements, grad_calls, quiet) if grad_calls else {}
    # bound once (`avg_loss = train_one_epoch(...)` counts as a call's value that may carry the graph, not as bound)
    returned = {name: line for name, line in returned.items()
                if found.bound.get(name, 0) + found.graph_values.get(name, 0) == 1}
    if entry_values or entry is not None or returned:
        named = live
        live = lambda name, line: name in entry_values or line > returned.get(name, line) or (  # noqa: E731
            named is not None and named(name, line))
    return None if live is None else (nodes, quiet, live, entry or (lambda node: False))


@dataclass
class _Bindings:
    """How a function binds each name: counts of plain bindings (``bound``) and of bindings to a call's result that
    may carry the graph (``graph_values``: another loss of the same loop, say), the line of each name's first such
    binding, every binding's (line, whether a graph value), and the names also bound to what may be neither the
    graph's value nor a plain number (``unsettled``)."""
    bound: dict[str, int] = field(default_factory=dict)
    graph_values: dict[str, int] = field(default_factory=dict)
    first_graph: dict[str, int] = field(default_factory=dict)
    lines: dict[str, list[tuple[int, bool]]] = field(default_factory=dict)
    unsettled: set[str] = field(default_factory=set)
    detached: set[int] = field(default_factory=set)  # the unpacked items a number function gives (_detached_items)

    @classmethod
    def read(cls, statements: list[ast.stmt], numbers: NumberCalls, quiet: set[int]) -> _Bindings:
        found = cls()
        for statement in statements:
            if isinstance(statement, ast.Assign):
                found._assign(statement, numbers, quiet)
            elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
                # loss += 0.5 * aux: a tensor given backward stays one that requires grad; `loss = 0` then
                # `loss += crit(out, y).sum()` makes one from there on
                if isinstance(statement.op, (ast.Add, ast.Sub)) and id(statement) not in quiet and (
                        _graph_value(statement.value) or found._graph_arithmetic(statement.value, statement.target.id)):
                    found.lines.setdefault(statement.target.id, []).append((statement.lineno, True))
            elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
                for node in walk_nodes(statement.target):
                    if isinstance(node, ast.Name):
                        found.bound[node.id] = found.bound.get(node.id, 0) + 2
                        found.lines.setdefault(node.id, []).append((statement.lineno, False))
                        found.unsettled.add(node.id)
        return found

    def _assign(self, statement: ast.Assign, numbers: NumberCalls, quiet: set[int]) -> None:
        if _derived_from_itself(statement):
            return  # loss = -loss: still the graph's value, still requiring grad
        value, silent = statement.value, id(statement) in quiet  # no graph under no_grad
        # loss = train_epoch(...) returning math.exp(total / n), val_loss, val_acc = evaluate(...) under its
        # no_grad: Python numbers, counted as bound below
        items = numbers.get(value.func.id, ()) if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
            else ()
        numbers_call = items is None
        if not numbers_call and len(statement.targets) == 1 and isinstance(name := statement.targets[0], ast.Name) \
                and (_graph_value(value) or self._graph_arithmetic(value, name.id)) and not silent:
            self.graph_values[name.id] = self.graph_values.get(name.id, 0) + 1
            self.first_graph.setdefault(name.id, statement.lineno)
            self.lines.setdefault(name.id, []).append((statement.lineno, True))
            return
        for target in statement.targets:
            graph = isinstance(target, ast.Tuple) and _graph_value(value) and not silent and not numbers_call
            settled = graph or numbers_call or silent or _plain_call(value) or _number(value)
            if items and isinstance(target, ast.Tuple):  # loss, (acc, f1) = predict_on(...): a detached total
                self.detached.update(id(target.elts[position]) for position in items
                                     if position < len(target.elts) and isinstance(target.elts[position], ast.Name))
            for node in walk_nodes(target):
                if id(node) in self.detached:
                    self.bound[node.id] = self.bound.get(node.id, 0) + 1
                    self.lines.setdefault(node.id, []).append((statement.lineno, False))
                elif isinstance(node, ast.Name):
                    self.bound[node.id] = self.bound.get(node.id, 0) + 1
                    self.lines.setdefault(node.id, []).append((statement.lineno, graph))
                    if not settled:
                        self.unsettled.add(node.id)

    def _graph_arithmetic(self, value: ast.expr, target: str) -> bool:
        """``loss = 0.5 * loss1 + 0.25 * loss2``: arithmetic, with no call, of names bound above to the graph's values
        (and numbers; unpacked from a call's result too): a tensor that carries the graph too (pSp-style coaches:
        ``loss = 0.0``, ``loss = loss_id * self.opts.id_lambda``, ``loss += loss_l2 * self.opts.l2_lambda``). Not
        ``loss = loss / n``, which rebinds the name to itself (its other bindings decide)."""
        if not isinstance(value, ast.BinOp) or any(isinstance(node, ast.Call) for node in walk_nodes(value)):
            return False
        names = _operand_names(value)
        return target not in names and any(self.graph_values.get(name) or any(  # loss_id, logs = self.id_loss(...)
            graph for _, graph in self.lines.get(name, ())) for name in names)


def _requiring_grad(function: ast.AST, statements: list[ast.stmt], found: _Bindings, backed: set[str],
                    scaled: set[str], quiet: set[int]) -> Callable[[str, int], bool] | None:
    """A test of whether a name, read at a line, holds a tensor that requires grad (None when no name ever does):
    the names given backward(), the call-made terms summed into them, and running totals of those."""
    arguments = getattr(function, "args", None)
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} if arguments else set()
    # the items of a call's unpacked result (`loss_id, logs = self.id_loss(...)`): the graph's where added in below
    unpacked = {element.id for statement in statements if isinstance(statement, ast.Assign)
                and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Tuple)
                and _graph_value(statement.value) and id(statement) not in quiet
                for element in statement.targets[0].elts if isinstance(element, ast.Name)
                and id(element) not in found.detached}
    # loss = ce_loss + ewc_loss, or desc * w['desc'] + det * w['det'], or loss = neg_elbo; loss.backward(): the
    # terms are the graph's too, where calls made them, and so are the terms of those (neg_elbo = -(ll - kl) / n)
    made_of = [(statement.targets[0].id, _summed_names(statement.value)) for statement in statements
               if isinstance(statement, ast.Assign) and len(statement.targets) == 1
               and isinstance(statement.targets[0], ast.Name)]
    graph_values, bound = found.graph_values, found.bound
    totals = _graph_totals(statements, graph_values)
    made = set(graph_values) | unpacked | set(totals)
    while arithmetic := {target for target, names in made_of if target not in made and names & made}:
        made |= arithmetic  # neg_elbo = -1.0 * (ll - kl) / float(n): arithmetic of call-made names
    backed = set(backed)
    while terms := {name for target, names in made_of if target in backed for name in names
                    if name not in backed and name in made}:
        backed |= terms
    # loss += loss_l2 * l2_lambda: a term added into a name given backward() is the graph's too
    backed |= {name for statement in statements if isinstance(statement, ast.AugAssign)
               and isinstance(statement.op, ast.Add) and isinstance(statement.target, ast.Name)
               and statement.target.id in backed for name in _summed_names(statement.value)
               if graph_values.get(name) or name in unpacked or name in totals}
    # loss_disc = 0.0; loss_disc += softplus(-pred).mean() in a loop, then added into the loss: so are its terms
    backed |= {name for statement in statements if isinstance(statement, ast.AugAssign)
               and isinstance(statement.op, ast.Add) and isinstance(statement.target, ast.Name)
               and statement.target.id in backed and statement.target.id in totals
               for name in _summed_names(statement.value) if graph_values.get(name)}
    backed |= {name for name in scaled if graph_values.get(name)}
    backed |= _reduced_inputs(statements, backed, found)
    # bound once, or only ever to results of calls (`loss = loss_fn(d_real, d_fake)` ... `loss = loss_fn(d(g(z)))`)
    names = {name for name in backed if name not in parameters and (
        bound.get(name, 0) + graph_values.get(name, 0) == 1 or (graph_values.get(name) and not bound.get(name)))}
    # a parameter (`def _train(self, ..., loss=None)`) rebound only to call results: converted below its first one
    after = {name: found.first_graph[name] for name in backed & parameters
             if graph_values.get(name) and not bound.get(name)}
    names |= set(after)
    for name in backed & set(totals) - parameters:
        names.add(name)
        after[name] = totals[name]  # a number until its first graph term
    names |= _running_totals(statements, names, parameters)
    for average, line in _moving_averages(statements, names, parameters).items():
        names.add(average)
        after[average] = line  # a number until the loss first joins it
    # aver_loss = epoch_loss / self.train_step, bound once: the average of such a total requires grad as well
    for statement in statements:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and id(statement) not in quiet \
                and isinstance(target := statement.targets[0], ast.Name) and target.id not in names | parameters \
                and bound.get(target.id, 0) == 1 and not graph_values.get(target.id) \
                and isinstance(value := statement.value, ast.BinOp) and isinstance(value.op, (ast.Div, ast.Mult)) \
                and isinstance(value.left, ast.Name) and value.left.id in names \
                and not any(isinstance(node, ast.Call) for node in walk_nodes(value.right)):
            names.add(target.id)
            after[target.id] = statement.lineno
    names |= _summed_dict_items(statements, backed) - parameters
    # bound to the graph's values in training and to others elsewhere (`l1loss = loss_fn(...)` again under
    # no_grad in the validation loop): converted where the nearest binding above is the graph's
    mixed = {name: sorted(found.lines[name]) for name in backed - names - parameters - found.unsettled
             if any(graph for _, graph in found.lines.get(name, ()))}
    places = _branch_places(function) if mixed else {}
    # running_loss += loss where the nearest binding of `loss` above is the training one (a validation loop binds it
    # again under no_grad): the total requires grad from there on
    for total, line in _number_totals(statements, lambda statement: isinstance(statement.value, ast.Name) and
                                      _graph_above(mixed.get(statement.value.id, ()), statement.lineno,
                                                   places)).items():
        if total not in names and total not in parameters:
            names.add(total)
            after[total] = line
    if not names and not mixed:
        return None

    def live(name: str, line: int) -> bool:
        if name in names:
            return line > after.get(name, 0)
        return _graph_above(mixed.get(name, ()), line, places)
    return live


def _graph_above(bindings: list[tuple[int, bool]], line: int,
                 places: dict[int, tuple[int, str, int]] | None = None) -> bool:
    """The nearest of a name's (line, graph value) bindings above ``line`` binds it to the graph's value, or, where
    that one sits in a branch of an ``if`` that ends above ``line``, the nearest in the if's other branch does (``if
    training: loss = crit(...); loss.backward() / else: with torch.no_grad(): loss = crit(...)``, then
    ``float(loss)``: the training run converts the graph's value). ``places``: _branch_places of the function."""
    above = [(bound_at, graph) for bound_at, graph in bindings if bound_at < line]
    if not above:
        return False
    bound_at, graph = above[-1]
    if graph or not places or (place := places.get(bound_at)) is None or place[2] >= line:
        return graph
    other = [graph for at, graph in above if (there := places.get(at)) is not None and there[0] == place[0]
             and there[1] != place[1]]
    return bool(other) and other[-1]


def _branch_places(function: ast.AST) -> dict[int, tuple[int, str, int]]:
    """line -> (id of the innermost ``if`` around it, "body" or "orelse", the if's last line), for the function's
    own statements."""
    places: dict[int, tuple[int, str, int]] = {}
    for node in own_statements(function):  # source order: an inner if overwrites its outer one
        if isinstance(node, ast.If):
            end = node.end_lineno or node.lineno
            for branch in ("body", "orelse"):
                for statement in getattr(node, branch):
                    for line in range(statement.lineno, (statement.end_lineno or statement.lineno) + 1):
                        places[line] = (id(node), branch, end)
    return places


_GRAD_REDUCTIONS = frozenset({"mean", "sum", "norm", "std", "var", "prod"})


def _reduced_inputs(statements: list[ast.stmt], backed: set[str], found: _Bindings) -> set[str]:
    """``errD_real = criterion(output, label)`` given backward(), then ``D_x = output.mean()``: the prediction a
    backpropagated loss is computed from (its first argument, bound only to calls' results) requires grad, and so
    does a reduction of it (the DCGAN-era progress line formats ``D_x`` with ``%.4f``)."""
    inputs = {value.args[0].id for statement in statements if isinstance(statement, ast.Assign)
              and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
              and statement.targets[0].id in backed and isinstance(value := statement.value, ast.Call)
              and value.args and isinstance(value.args[0], ast.Name)
              and found.graph_values.get(value.args[0].id) and not found.bound.get(value.args[0].id)}
    return {statement.targets[0].id for statement in statements if inputs and isinstance(statement, ast.Assign)
            and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and isinstance(value := statement.value, ast.Call) and isinstance(value.func, ast.Attribute)
            and value.func.attr in _GRAD_REDUCTIONS and not value.args and not value.keywords
            and isinstance(value.func.value, ast.Name) and value.func.value.id in inputs}


def _conversions(nodes: list[ast.AST], live: Callable[[str, int], bool], quiet: set[int], resolve,
                 plateaus: frozenset[str], logged: frozenset[str], entry: Callable[[ast.expr], bool] = lambda node: False
                 ) -> Iterator[ast.Call | ast.BinOp]:
    """The conversions among ``nodes`` (outside ``no_grad``) of a value that ``live`` says requires grad (a name) or
    ``entry`` does (a subscript)."""
    def operand_requiring(operand: ast.expr, line: int) -> bool:
        return live(operand.id, line) if isinstance(operand, ast.Name) else entry(operand)

    def requiring(value: ast.expr, line: int) -> bool:
        return any(operand_requiring(operand, line) for operand in _arithmetic_operands(value))

    for node in nodes:
        if id(node) in quiet:
            continue
        if isinstance(node, ast.Call) and node.args and isinstance(listed := node.args[0], (ast.List, ast.Tuple)) \
                and resolve(node.func) in _LIST_CONSTRUCTORS and any(requiring(item, node.lineno) for item in listed.elts):
            yield node  # torch.Tensor([loss]): each item is converted to a number, as float(loss) is
        elif isinstance(node, ast.Call) and len(node.args) == 1:
            if not node.keywords and requiring(node.args[0], node.lineno) and _converts(node.func, resolve):
                yield node  # float(loss), float(loss_shape / ratio): arithmetic of one requires grad too
            elif isinstance(node.func, ast.Attribute) and node.func.attr == "step" and \
                    dotted_name(node.func.value) in plateaus and requiring(node.args[0], node.lineno):
                yield node  # plateau.step(loss): the scheduler takes float(metrics)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and \
                any(operand_requiring(operand, node.lineno) for operand in _float_formatted(node)):
            yield node  # "%.4f" % loss: the float conversion formats it
        elif isinstance(node, ast.Call) and (formatted := _logged(node, logged)) is not None and \
                any(operand_requiring(operand, node.lineno) for operand in _float_formatted(formatted)):
            yield node  # logger.info("loss %f", loss): logging formats the message with msg % args


def _summed_dict_items(statements: list[ast.stmt], backed: set[str]) -> set[str]:
    """``total_loss = sum(loss_dict.values())`` given backward(), then ``for k, v in loss_dict.items():`` (or
    ``.values()``): each ``v`` is one of the losses summed into the backpropagated total."""
    summed = {value.args[0].func.value.id for statement in statements if isinstance(statement, ast.Assign)
              and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
              and statement.targets[0].id in backed and isinstance(value := statement.value, ast.Call)
              and isinstance(value.func, ast.Name) and value.func.id == "sum" and len(value.args) == 1
              and _method_of_name(value.args[0], "values")}
    found = set()
    for statement in statements if summed else ():
        if isinstance(statement, (ast.For, ast.AsyncFor)) and isinstance(call := statement.iter, ast.Call) \
                and (method := _method_of_name(call, "items", "values")) and call.func.value.id in summed:
            target = statement.target
            if method == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
                target = target.elts[1]
            if isinstance(target, ast.Name) and (method == "values" or target is not statement.target):
                found.add(target.id)
    return found


def _method_of_name(value: ast.expr, *methods: str) -> str | None:
    """``d.values()``: the method (one of ``methods``) called without arguments on a plain name, or None."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in methods \
            and isinstance(value.func.value, ast.Name) and not value.args and not value.keywords:
        return value.func.attr
    return None


def _graph_totals(statements: list[ast.stmt], graph_values: dict[str, int]) -> dict[str, int]:
    """``loss_disc = 0.0`` then ``loss_disc += F.softplus(-pred).mean()`` (and ``loss_disc /= n``): a name bound only to
    number constants, with call-made terms added into it, holds the graph's value from its first such term (its
    line, by name). Any other binding, or a term that is no call's result, leaves it unknown."""
    totals = _number_totals(statements, lambda statement: _graph_value(statement.value) or (
        isinstance(statement.value, ast.Name) and bool(graph_values.get(statement.value.id))), strict=True)
    return {name: line for name, line in totals.items() if name not in graph_values}


def _running_totals(statements: list[ast.stmt], names: set[str], parameters: set[str]) -> set[str]:
    """``total_loss = 0.0`` ... ``total_loss += loss`` with ``loss`` one of ``names``: the total is a tensor that
    requires grad too (``+= loss.item()`` would keep it a number). Only a name the function otherwise binds to
    number constants alone."""
    totals = _number_totals(statements, lambda statement: isinstance(statement.value, ast.Name)
                            and statement.value.id in names)
    return {name for name in totals if name not in parameters and name not in names}


def _moving_averages(statements: list[ast.stmt], names: set[str], parameters: set[str]) -> dict[str, int]:
    """``smooth_loss = 0`` ... ``smooth_loss = smooth_loss * 0.99 + loss * 0.01`` with ``loss`` one of ``names``: the
    average is a tensor that requires grad from its first such line; so is ``train_loss = loss``, the last one kept
    (lits_pytorch logs ``float(train_loss)`` after the loop). Only a name the function otherwise binds to
    number constants, and averages made of itself, such names and numbers alone (no call: ``loss.item()`` keeps a
    number): name -> the line of its first average."""
    first: dict[str, int] = {}
    unknown: set[str] = set(parameters) | names
    for statement in statements:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            name, value = statement.targets[0].id, statement.value
            if isinstance(value, ast.Constant) and type(value.value) in (int, float):
                continue
            read = {node.id for node in walk_nodes(value) if isinstance(node, ast.Name)}
            if isinstance(value, ast.Name) and value.id in names:
                first.setdefault(name, statement.lineno)  # train_loss = loss: the last one, kept for the epoch's log
                continue
            if isinstance(value, ast.BinOp) and name in read and read & names and all(
                    isinstance(node, (ast.BinOp, ast.UnaryOp, ast.Name, ast.Constant, ast.operator, ast.unaryop,
                                      ast.expr_context)) for node in walk_nodes(value)):
                first.setdefault(name, statement.lineno)
                continue
        unknown.update(node.id for node in _bound_names(statement))
    return {name: line for name, line in first.items() if name not in unknown}


def _bound_names(statement: ast.stmt) -> Iterator[ast.Name]:
    """The plain names a statement binds by assignment, augmented assignment or as a loop's target (not inside it)."""
    targets = statement.targets if isinstance(statement, ast.Assign) else \
        [statement.target] if isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)) else []
    for target in targets:
        yield from (node for node in walk_nodes(target) if isinstance(node, ast.Name))


def _number_totals(statements: list[ast.stmt], grows: Callable[[ast.AugAssign], bool],
                   strict: bool = False) -> dict[str, int]:
    """The names ``statements`` bind only to number constants (``total = 0.0``; ``total, reg = 0.0, 0.0`` gives each
    its own) and grow with a ``+=`` that ``grows`` accepts: name -> the line of the first such ``+=``. A binding to
    anything else (a loop's, an annotated one) leaves the name unknown; ``strict``: so does an augmented assignment
    other than ``*=``, ``/=`` and an accepted ``+=``."""
    first: dict[str, int] = {}
    unknown: set[str] = set()
    for statement in statements:
        if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
            name = statement.target.id
            if isinstance(statement.op, ast.Add) and grows(statement):
                first.setdefault(name, statement.lineno)
            elif strict and not isinstance(statement.op, (ast.Div, ast.Mult)):
                unknown.add(name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                pairs = assigned_pairs(target, statement.value) if isinstance(statement, ast.Assign) else [(target, None)]
                for part, value in pairs:
                    if not (isinstance(value, ast.Constant) and type(value.value) in (int, float)) \
                            and not _scaled_total(part, value):
                        unknown.update(node.id for node in walk_nodes(part) if isinstance(node, ast.Name))
    return {name: line for name, line in first.items() if name not in unknown}


def _scaled_total(target: ast.expr, value: ast.expr | None) -> bool:
    """``running_loss = running_loss / iter_cnt``: the total averaged, still the same kind of value."""
    return isinstance(target, ast.Name) and isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Div, ast.Mult)) \
        and isinstance(value.left, ast.Name) and value.left.id == target.id


def _summed_names(value: ast.expr) -> set[str]:
    """``loss_l2`` of ``loss_l2``, ``loss_l2 * lam`` or ``lam * loss_l2``."""
    if isinstance(value, ast.Name):
        return {value.id}
    return _operand_names(value) if isinstance(value, ast.BinOp) else set()


def _operand_names(expression: ast.BinOp) -> set[str]:
    """The plain names a sum or product is made of (``factor * loss``, ``a + b * c``)."""
    names = set()
    for operand in (expression.left, expression.right):
        if isinstance(operand, ast.Name):
            names.add(operand.id)
        elif isinstance(operand, ast.BinOp):
            names |= _operand_names(operand)
    return names


# calls giving Python values or no graph: conversions, and a tensor's shape queries (batch_size = x.size(0))
_PLAIN_CALLS = frozenset({"item", "detach", "tolist", "numpy", "float", "int", "len", "round", "str", "bool", "size",
                          "numel", "dim", "nelement", "ndimension"})
_DETACHING = frozenset({"detach", "item", "tolist", "numpy"})


def _graph_value(value: ast.expr) -> bool:
    """A call's result that may carry the graph: not ``x.item()``, ``x.detach()``, ``float(x)`` and the like; or a sum
    or product whose every call is one (``crit(out, a) * lam + crit(out, b) * (1 - lam)``, a CutMix loss)."""
    if isinstance(value, ast.BinOp):
        calls = [node for node in walk_nodes(value) if isinstance(node, ast.Call)]
        return bool(calls) and all(_graph_value(call) for call in calls if not _inside_call(call, calls))
    if isinstance(value, ast.Subscript):
        return _graph_value(value.value)  # torch.norm(a - b, dim=0)[mask], model(x)[0]: a piece of one
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Subscript):
        return True  # self.criteria["desc_loss"](a, b): a criterion looked up by key
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in _NUMBER_MODULES:
        return False  # math.log(...) gives a Python float (of a tensor, it converts: no graph comes out)
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    # loss = validate(model, loader): a validation score, reported as a number or computed under no_grad
    return name is not None and name not in _PLAIN_CALLS and not _detached_chain(func) and \
        not _EVALUATION_CALL.match(name)



_NUMBER_MODULES = frozenset({"math", "random", "np", "numpy"})  # their functions give numbers and arrays, not graphs


def _detached_chain(func: ast.expr) -> bool:
    """``pos.data.long().sum``, ``x.detach().sum``: a method chain through ``.data`` or ``detach()`` works on a tensor
    outside the graph (``.float()`` keeps it in)."""
    node = func.value if isinstance(func, ast.Attribute) else None
    while isinstance(node, (ast.Attribute, ast.Call)):
        if isinstance(node, ast.Call):
            node = node.func
            if isinstance(node, ast.Attribute) and node.attr in _DETACHING:
                return True
        elif node.attr == "data":
            return True
        else:
            node = node.value
    return False


def _plateaus(tree: ast.AST, resolve) -> frozenset[str]:
    """The names and attributes the file binds to ``ReduceLROnPlateau(...)``."""
    return frozenset(target for node in subnodes(tree) if isinstance(node, ast.Assign)
                     and isinstance(node.value, ast.Call) and resolve(node.value.func) == _PLATEAU
                     for target in map(dotted_name, node.targets) if target is not None)


def _number(value: ast.expr) -> bool:
    """``0``, ``0.0``: a total's start, made a tensor by what is added to it."""
    return isinstance(value, ast.Constant) and type(value.value) in (int, float)


def _plain_call(value: ast.expr) -> bool:
    """``float(x)``, ``x.item()``: a Python value, never the graph's."""
    return isinstance(value, ast.Call) and not _graph_value(value) and isinstance(value.func, (ast.Name, ast.Attribute))


def _inside_call(call: ast.Call, calls: list[ast.Call]) -> bool:
    """``call`` is an argument (at any depth) of another of ``calls``: only the outer calls make the value."""
    return any(other is not call and any(node is call for node in walk_nodes(other)) for other in calls)


def _derived_from_itself(statement: ast.Assign) -> bool:
    """``x = -x`` / ``x = x * 0.5`` / ``loss = loss + aux_loss`` / ``loss = loss / args.accumulation_steps`` /
    ``loss = loss.sum() / len(batch)``: arithmetic of the name (or of its sum or mean) with numbers, other names or
    their attributes (a tensor that requires grad, added to anything, still does)."""
    if len(statement.targets) != 1 or not isinstance(target := statement.targets[0], ast.Name):
        return False
    value = statement.value
    operands = [value.operand] if isinstance(value, ast.UnaryOp) else \
        [value.left, value.right] if isinstance(value, ast.BinOp) else []
    itself = [o for o in operands if (isinstance(o, ast.Name) and o.id == target.id) or _reduced(o, target.id)]
    return bool(itself) and all(
        o in itself or isinstance(o, ast.Name) or (isinstance(o, ast.Attribute) and dotted_name(o) is not None)
        or (isinstance(o, ast.Constant) and isinstance(o.value, (int, float)))
        or (isinstance(o, ast.Call) and isinstance(o.func, ast.Name) and o.func.id in ("len", "float", "int"))
        for o in operands)


def _reduced(node: ast.expr, name: str) -> bool:
    """``name.sum()`` / ``name.mean(dim=1)``: the name's own sum or mean, in the same graph."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("sum", "mean") \
        and isinstance(node.func.value, ast.Name) and node.func.value.id == name


# one %-conversion of a format string (mapping keys and widths included), its type letter last
_CONVERSION = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([a-zA-Z%])")


def _float_formatted(node: ast.BinOp) -> list[ast.Name | ast.Subscript]:
    """The names (and subscripts: ``loss_dict["geo"]``) ``"fmt" % value`` formats with a float conversion (``%f``,
    ``%.4e``, ``%g``), alone or in arithmetic (``total_loss / n``): each value is made a Python float, as ``float(x)``
    would (``%d`` and ``%s`` do not convert a tensor that way: no warning, run on 2.15)."""
    return [operand for operand in float_formatted_operands(node) if isinstance(operand, (ast.Name, ast.Subscript))]


# not debug: a record below the logger's level is never formatted, and scripts seldom turn debug records on
_LOGGING_METHODS = frozenset({"info", "warning", "warn", "error", "critical", "exception"})
_LOGGER = re.compile(r"(?i)(?:\w+_)?log(?:ger|ging)?")


def _logged(call: ast.Call, methods: frozenset[str]) -> ast.BinOp | None:
    """``logger.info("%f", loss)`` (one of ``methods``, on a receiver named like a logger or the logging module) as
    the ``"%f" % (loss,)`` that logging evaluates when it emits the record; None for any other call."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in methods and len(call.args) > 1
            and _LOGGER.fullmatch((dotted_name(func.value) or "").rsplit(".", 1)[-1])
            and not any(isinstance(argument, ast.Starred) for argument in call.args)):
        return None
    return ast.BinOp(call.args[0], ast.Mod(), ast.Tuple(call.args[1:], ast.Load()))


def float_formatted_operands(node: ast.BinOp) -> list[ast.expr]:
    """The names and attributes (``self.loss_G``) that ``"fmt" % value`` formats with a float conversion, alone or in
    arithmetic."""
    return [operand for value in float_formatted_values(node) for operand in _arithmetic_operands(value)]


def float_formatted_values(node: ast.BinOp) -> list[ast.expr]:
    """The values ``"fmt" % (a, b)`` formats with a float conversion (``%f``, ``%.3g``), as written."""
    text = _format_text(node.left)
    if text is None:
        return []
    letters = [letter for letter in _CONVERSION.findall(text) if letter != "%"]
    values = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
    if len(values) != len(letters):
        return []  # a mapping, a starred tuple or a mismatch: nothing is known of which value goes where
    return [value for value, letter in zip(values, letters) if letter in "eEfFgG"]


def _format_text(node: ast.expr) -> str | None:
    """A format string spelled as a constant or built from constants (``("%10s" + "%10.4g" * 2)``), else None."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _format_text(node.left), _format_text(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and isinstance(node.right, ast.Constant) \
            and type(node.right.value) is int and 0 <= node.right.value <= 64:
        text = _format_text(node.left)
        return text * node.right.value if text is not None else None
    return None


# methods whose result of a tensor that requires grad requires grad too: ``"%.5f" % loss.cpu()`` converts the loss
_GRAD_KEEPING = frozenset({"cpu", "cuda", "to", "float", "double", "mean", "sum", "squeeze"})
# methods that keep requires_grad when called without arguments: a full reduction, or an elementwise function
_GRAD_KEEPING_BARE = frozenset({"min", "max", "abs", "exp", "log", "sqrt", "norm", "neg"})


def _arithmetic_operands(value: ast.expr) -> list[ast.expr]:
    """``loss``, ``self.loss``, ``loss.cpu()``, ``loss.min()``, or those of ``total_loss / n`` and ``(total - reg) /
    n``: arithmetic of a tensor that requires grad gives one too."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and (
            value.func.attr in _GRAD_KEEPING
            or value.func.attr in _GRAD_KEEPING_BARE and not value.args and not value.keywords):
        value = value.func.value
    if isinstance(value, (ast.Name, ast.Attribute, ast.Subscript)):
        return [value]
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
        return _arithmetic_operands(value.left) + _arithmetic_operands(value.right)
    return []


# constructors that read a list display's items as numbers (run on 2.15: each warns for an item requiring grad)
_LIST_CONSTRUCTORS = frozenset({"torch.tensor", "torch.Tensor", "torch.FloatTensor", "torch.DoubleTensor"})


def _converts(func: ast.expr, resolve) -> bool:
    """``float`` (the builtin) or a function of the ``math`` module."""
    if isinstance(func, ast.Name):
        return func.id == "float" and resolve(func) is None
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "math"


def _stored_backed(text: str) -> bool:
    """A name given backward() is also stored in a dict (``losses["all"] = all_loss``, ``{"Loss": loss}``), or sums a
    dict's values (``total = sum(losses.values())``), whose entries a loop may convert (gradentries.py)."""
    return any(re.search(rf"(?:\]\s*=|['\"]\s*:)\s*{re.escape(name)}\b", text)
               for name in _names_before(text, ".backward(")) or "sum(" in text and ".values()" in text


def _with_kept(text: str, names: set[str]) -> set[str]:
    """``names`` and the names a line binds to one of them alone (``train_loss = loss``: _moving_averages)."""
    kept = set(names)
    for name in names:
        kept |= _names_before(text, f" = {name}\n")
    return kept


def _names_before(text: str, marker: str) -> set[str]:
    """The identifiers right before each ``marker`` (``loss`` of ``loss.backward(``). str.find, not a regex that starts
    with a character class: those are tried at every position of the file."""
    found, start = set(), text.find(marker)
    while start >= 0:
        end = start
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        if start < end:
            found.add(text[start:end])
        start = text.find(marker, end + len(marker))
    return found


def _names_after(text: str, marker: str) -> set[str]:
    """The identifiers passed right after ``marker`` (``loss`` of ``float(loss)``, of ``math.exp(loss)``)."""
    found, start = set(), text.find(marker)
    while start >= 0:
        opening = text.find("(", start + len(marker) - 1, start + len(marker) + 24)
        if opening >= 0 and (match := _WORD.match(text, opening + 1)) is not None:
            found.add(match.group())
        start = text.find(marker, start + len(marker))
    return found
