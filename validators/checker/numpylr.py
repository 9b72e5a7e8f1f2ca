"""``param_group["lr"] = lr`` with ``lr`` a NumPy scalar: every state dict of that optimizer then holds an np.float64.
So does a scheduler subclass whose ``get_lr`` returns NumPy rates: ``LRScheduler.step`` writes them into the groups; and
a ``LambdaLR`` whose factor function returns NumPy (``lambda step: 0.5 * (1 + np.cos(step / total * np.pi))``), for
the optimizer of the file that builds it (lambda_rates).

The warm-up schedule wrappers copied through TTS, NMT and vocoder code compute the rate with NumPy
(``self.init_lr * np.min([...])``, ``np.maximum(1e-6, lr)``, ``np.cos(np.pi * progress)``) and write it into each param
group; ``optimizer.state_dict()`` keeps it, so a checkpoint saving that state dict is refused by ``torch.load`` under
``weights_only=True`` (``Unsupported global: GLOBAL numpy._core.multiarray.scalar``). Such wrappers often sit in a
module that never imports torch, so each file of the sub-project is read on its own, before any is walked
(check._project_names), and the walk then takes a saved optimizer state dict for NumPy (loadedbuilds.holds_object).

A name is NumPy when any binding of it in the function is (another branch may give a Python number, but the run that
takes this one saves NumPy), an attribute ``self.x`` when any method of the class binds it so, a call of the class's
own method or of a module-level function of the file when one of its returns is, and a method's parameter when one of
the class's ``self.method(...)`` calls passes NumPy there. ``float(...)`` and ``int(...)`` give Python numbers back;
``round(x, 8)`` of a NumPy scalar stays one.
"""

from __future__ import annotations

import ast
import re

from ..parsing import parse_python
from .imports import dotted_name, state_dict_call
from .provenance import plain_numpy

_NUMPY_MODULES = ("np.", "numpy.")
# optimizer, optim, g_optimizer, self._optimizer, optimizer_main._optimizer: the last name of the receiver
_OPTIMIZER_NAME = re.compile(r"_*(?:[a-z0-9]+_)*(?:optim(?:izer)?|opt)(?:_[a-z0-9]+)*", re.IGNORECASE)


# a write under ["lr"] (most files that spell the key only read it, to log the rate)
_WRITES_LR = re.compile(r"""\[\s*["']lr["']\s*\]\s*=(?!=)""")


def optimizer_state(value: ast.expr) -> bool:
    """``optimizer.state_dict()``, ``optimizer_main._optimizer.state_dict()``: an optimizer's state dict, which holds
    the NumPy learning rate where the project writes one."""
    return state_dict_call(value) and \
        _OPTIMIZER_NAME.fullmatch((dotted_name(value.func.value) or "").rsplit(".", 1)[-1]) is not None


def text_learning_rates(code: str) -> list[int]:
    """numpy_learning_rates of a source text (none for a text Python cannot parse)."""
    return [line for line, _ in text_learning_rate_writers(code)]


def text_learning_rate_writers(code: str) -> list[tuple[int, bool]]:
    """numpy_learning_rates of a source text, each with whether another file can run it (_reachable_lines): a
    write in a module-level function or a method of a module-level class, in a file that does not parse the command
    line at module level (importing a script runs it). A script's nested ``adjust_learning_rate_`` adjusts that
    script's optimizer alone."""
    if not _may_write_rates(code):
        return []
    try:
        tree = parse_python(code)
    except (SyntaxError, ValueError):
        return []
    lines = own_learning_rates(tree, code)
    reachable = _reachable_lines(tree) if lines and _PARSES_ARGUMENTS.search(code) is None else frozenset()
    return [(line, line in reachable) for line in lines]


# `args = parser.parse_args()` at module level: the file is run, not imported
_PARSES_ARGUMENTS = re.compile(r"^\w+[ \t]*=[ \t]*[\w.()]+?\.parse(?:_known)?_args\(", re.MULTILINE)


def _reachable_lines(tree: ast.Module) -> frozenset[int]:
    """The lines of the module's own functions and of its classes' methods (not of functions nested in those)."""
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    functions += [item for node in tree.body if isinstance(node, ast.ClassDef) for item in node.body
                  if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
    lines: set[int] = set()
    for function in functions:
        nested = [node for node in ast.walk(function) if node is not function and
                  isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
        inner = {line for node in nested for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
        lines.update(line for line in range(function.lineno, (function.end_lineno or function.lineno) + 1)
                     if line not in inner)
    return frozenset(lines)


def own_learning_rates(tree: ast.Module, code: str) -> list[int]:
    """numpy_learning_rates of a parsed file, asked only where its text may write a NumPy rate."""
    return numpy_learning_rates(tree, code) if _may_write_rates(code) else []


def text_lambda_rates(code: str) -> list[int]:
    """lambda_rates of a source text (none for a text Python cannot parse)."""
    return _parsed_lines(code, lambda_rates) if _may_build_lambda(code) else []


def lambda_rates(tree: ast.Module, code: str) -> list[int]:
    """The lines of a parsed file that build a ``LambdaLR`` (or ``MultiplicativeLR``) with a NumPy factor. Unlike a
    writer of ``["lr"]``, such a scheduler is built where its optimizer is (the training script): it tells of that
    file's optimizer state, not of a sibling script's."""
    if not _may_build_lambda(code):
        return []
    return _lambda_rates(tree, {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)})


def _may_write_rates(code: str) -> bool:
    return ("np." in code or "numpy" in code) and (_WRITES_LR.search(code) is not None or "def get_lr" in code)


def _may_build_lambda(code: str) -> bool:
    return ("np." in code or "numpy" in code) and ("LambdaLR" in code or "MultiplicativeLR" in code)


def _parsed_lines(code: str, lines_of) -> list[int]:
    try:
        tree = parse_python(code)
    except (SyntaxError, ValueError):
        return []
    return lines_of(tree, code)


def numpy_learning_rates(tree: ast.Module, text: str) -> list[int]:
    """The lines of ``tree`` that write a NumPy value under ``["lr"]``, or return NumPy rates from a scheduler's
    ``get_lr`` (module docstring)."""
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    lines = list(_scheduler_rates(tree, functions)) if "def get_lr" in text else []
    if "'lr']" not in text and '"lr"]' not in text:
        return lines
    for scope, owner in _scopes(tree):
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and _learning_rate(node.targets[0]) \
                    and _Reader(scope, owner, functions).numpy(node.value, 0):
                lines.append(node.lineno)
    return sorted(set(lines))


def _scheduler_rates(tree: ast.Module, functions: dict):
    """``class MipLRDecay(_LRScheduler)`` whose ``get_lr`` returns NumPy rates (``[delay_rate * np.exp(...)]``):
    LRScheduler.step writes each into its param group's ``"lr"``."""
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or not any(
                (dotted_name(base) or "").endswith("LRScheduler") for base in node.bases):
            continue
        for method in node.body:
            if isinstance(method, ast.FunctionDef) and method.name == "get_lr":
                reader = _Reader(method, node, functions)
                for returned in ast.walk(method):
                    if isinstance(returned, ast.Return) and any(
                            reader.numpy(rate, 0) for rate in _listed_rates(returned.value)):
                        yield returned.lineno


_LAMBDA_SCHEDULERS = ("LambdaLR", "MultiplicativeLR")


def _lambda_rates(tree: ast.Module, functions: dict) -> list[int]:
    """``LambdaLR(optimizer, lr_lambda=...)`` (or ``MultiplicativeLR``) whose factor function returns NumPy (the cosine
    schedules written ``0.5 * (1 + np.cos(step / total * np.pi))``): the scheduler multiplies each base rate by it
    and writes the np.float64 into the param groups, from its first step in ``__init__`` on (run on 2.15)."""
    lines = []
    for scope, owner in _scopes(tree):
        local = {**functions, **{node.name: node for node in ast.walk(scope) if isinstance(node, ast.FunctionDef)}}
        reader = _Reader(scope, owner, local)
        for node in ast.walk(scope):
            if isinstance(node, ast.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] in _LAMBDA_SCHEDULERS:
                factor = node.args[1] if len(node.args) > 1 else next(
                    (keyword.value for keyword in node.keywords if keyword.arg == "lr_lambda"), None)
                factors = factor.elts if isinstance(factor, (ast.List, ast.Tuple)) else [factor]
                if any(factor is not None and _numpy_factor(factor, scope, reader, local) for factor in factors):
                    lines.append(node.lineno)
    return lines


def _numpy_factor(factor: ast.expr, scope: ast.AST, reader: _Reader, functions: dict) -> bool:
    """A lambda whose body is NumPy, or a function (by name, or a name bound to such a lambda) returning NumPy."""
    if isinstance(factor, ast.Name):
        if factor.id in functions:
            return _Reader(functions[factor.id], None, functions).returns_numpy(1)
        return any(_numpy_factor(bound, scope, reader, functions) for bound in _bindings(scope, factor.id)
                   if isinstance(bound, ast.Lambda))
    return isinstance(factor, ast.Lambda) and reader.numpy(factor.body, 1)


def _listed_rates(value: ast.expr | None) -> list[ast.expr]:
    """The rates a ``get_lr`` return lists: a list or tuple display's items, a comprehension's element."""
    if isinstance(value, (ast.List, ast.Tuple)):
        return value.elts
    if isinstance(value, (ast.ListComp, ast.GeneratorExp)):
        return [value.elt]
    return []


def _scopes(tree: ast.Module):
    """The module (a script's loop over ``optimizer.param_groups``), each module-level function, and each method with
    its class."""
    yield ast.Module(body=[node for node in tree.body if not isinstance(node, (ast.FunctionDef, ast.ClassDef))],
                     type_ignores=[]), None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node, None
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    yield item, node


def _learning_rate(target: ast.AST) -> bool:
    return isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant) and target.slice.value == "lr"


class _Reader:
    def __init__(self, function: ast.AST, owner: ast.ClassDef | None, functions: dict) -> None:
        self.function, self.owner, self.functions = function, owner, functions

    def numpy(self, value: ast.AST, depth: int) -> bool:
        if depth > 4:
            return False
        if isinstance(value, ast.BinOp):
            return self.numpy(value.left, depth) or self.numpy(value.right, depth)
        if isinstance(value, ast.UnaryOp):
            return self.numpy(value.operand, depth)
        if isinstance(value, ast.IfExp):
            return self.numpy(value.body, depth) or self.numpy(value.orelse, depth)
        if isinstance(value, ast.Name):
            return any(self.numpy(bound, depth + 1) for bound in _bindings(self.function, value.id)) or any(
                _Reader(caller, self.owner, self.functions).numpy(passed, depth + 1)
                for caller, passed in self._passed(value.id))
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
            return self.owner is not None and any(
                self.numpy(bound, depth + 1) for method in self.owner.body if isinstance(method, ast.FunctionDef)
                for bound in _bindings(method, f"self.{value.attr}"))
        if not isinstance(value, ast.Call):
            return False
        callee = dotted_name(value.func) or ""
        if callee.startswith(_NUMPY_MODULES):
            return not plain_numpy(callee, value)
        if callee in ("max", "min", "abs"):
            return any(self.numpy(argument, depth) for argument in value.args)
        if callee == "round" and len(value.args) == 2:  # round(np.float64, 8) stays an np.float64 (round(x) is an int)
            return self.numpy(value.args[0], depth)
        if callee.startswith("self.") and self.owner is not None:
            method = next((item for item in self.owner.body
                           if isinstance(item, ast.FunctionDef) and item.name == callee[5:]), None)
            return method is not None and _Reader(method, self.owner, self.functions).returns_numpy(depth + 1)
        if callee in self.functions:
            return _Reader(self.functions[callee], None, self.functions).returns_numpy(depth + 1)
        return False

    def _passed(self, name: str) -> list[tuple[ast.FunctionDef, ast.expr]]:
        """(calling method, value) for what the class's ``self.method(...)`` calls pass for ``name``, a parameter of
        this method (mmFormer's ``self._adjust_learning_rate(optimizer, now_lr)`` then ``param_groups[0]['lr'] =
        lr``)."""
        function = self.function
        if self.owner is None or not isinstance(function, ast.FunctionDef):
            return []
        parameters = [argument.arg for argument in function.args.args]
        if name not in parameters[1:]:
            return []
        position = parameters.index(name) - 1  # after self
        found = []
        for caller in self.owner.body:
            if not isinstance(caller, ast.FunctionDef) or caller is function:
                continue
            for node in ast.walk(caller):
                if isinstance(node, ast.Call) and dotted_name(node.func) == f"self.{function.name}":
                    if position < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args):
                        found.append((caller, node.args[position]))
                    found.extend((caller, keyword.value) for keyword in node.keywords if keyword.arg == name)
        return found

    def returns_numpy(self, depth: int) -> bool:
        return any(isinstance(node, ast.Return) and node.value is not None and self.numpy(node.value, depth)
                   for node in ast.walk(self.function))


def _bindings(function: ast.AST, name: str) -> list[ast.expr]:
    """What ``name`` (or ``self.x``) is bound or added to in ``function``."""
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            if any(dotted_name(target) == name for target in node.targets):
                found.append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None \
                and dotted_name(node.target) == name:
            found.append(node.value)
    return found
