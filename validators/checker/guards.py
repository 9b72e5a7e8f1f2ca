"""Code written to run on several torch releases: version checks and fallbacks.

Inside such code the old API is there on purpose (it runs only where it exists), so the
walker reports nothing in the branch that does not run on the target. Recognised:

- ``if TYPE_CHECKING:``: imports for type checkers, never run;
- ``if``/``elif``/``... if ... else ...`` whose test reads the torch version, asks
  ``"name" in dir(torch.x)``, ``"name" in torch.f.__kwdefaults__`` (featurechecks.py), ``"name" in
  torch.f.__code__.co_varnames`` or ``inspect.signature(torch.f).parameters``,
  (``torch.__version__``, ``torch.version``, names like ``TORCH_VERSION``, ``TORCH_MAJOR``,
  ``_TORCH_GREATER_EQUAL_2_4``, ``is_torch_version(...)``, ``TORCH_1_9``) or asks
  ``hasattr``/``getattr`` of a torch object, or ``"torch.fft" in sys.modules`` (eagermodules.py): both
  branches are guarded;
- after an ``if`` of that kind that is true on the target and whose branch ends in ``return``/``raise``/
  ``continue``/``break``, the rest of the block (the fallback; ``mod is not None`` counts as true for a torch
  module whose import the rules do not know to be gone);
- ``try``/``except`` catching ImportError, ModuleNotFoundError, AttributeError or TypeError
  (alone or in a tuple): those handlers are the fallback, and in the ``try`` body an API that
  raises (severity error) is handled; one that only warns is still reported, since it runs. Around a body
  that only binds names (imports, assignments, also behind an ``if``), a bare ``except:`` or ``except
  Exception:`` is the fallback too.
"""

from __future__ import annotations

import ast
import copy
import re

from .imports import ImportMap, Memo, child_nodes, dotted_name, walk_nodes, walk_tree
from .featurechecks import kwdefaults_of, kwdefaults_outcome
from .eagermodules import loaded_by_import_torch, loaded_module_test
from .versionhelpers import compare_parts, int_sequence
from .versionstrings import version_compare

# `PT_1_10`, `TORCH2`, `torch_version_ge_2`: but `pt2e` is the PyTorch 2 export quantization flow (torch.ao.quantization.pt2e),
# a feature a config switches on (`if cfg.QUANTIZATION.PT2E:`), not a version
_VERSION_NAME = re.compile(r"(?i)(torch|^pt)_?(\d(?!e)|.*(version|major|minor|greater|less|lower|older|newer|_(ge|gt|lt|le)(_|\d|$)))"
                           r"|version.*torch")
_VERSION_NAMED = Memo(lambda name: _VERSION_NAME.search(name) is not None)  # is_version_guard asks of every name
FALLBACK_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "AttributeError", "TypeError"})


class KnownOutcome(ast.expr):
    """A part of a test whose outcome on the target was read elsewhere (a version flag of another module of the
    project, versionflags.py): a version check, true or false as ``value`` says."""

    _fields = ()

    def __init__(self, value: bool, **attributes):
        super().__init__(**attributes)
        self.value = value


def is_version_guard(test: ast.expr, imports: ImportMap) -> bool:
    if (dotted_name(test) or "").rsplit(".", 1)[-1] == "TYPE_CHECKING":
        return True
    # Each shape of check is one node kind: dispatch on it (this runs for most assignments and tests). The nodes
    # come in ast.walk's order (breadth first: the names resolved before a check is found are cached by the
    # ImportMap, so the order stays), without the leaves (contexts, operators, constants): none is a check.
    Name, Attribute, Compare, Call = ast.Name, ast.Attribute, ast.Compare, ast.Call
    queue, position = [test], 0
    while position < len(queue):
        node = queue[position]
        position += 1
        kind = node.__class__
        if kind is Call and node.func.__class__ is Call and _looked_up(node.func):
            # getattr(torch, "is_autocast_enabled", lambda: False)(): the call's answer is run-time state, not
            # whether the release has the name
            queue += node.args
            continue
        queue += child_nodes(node)
        if kind is KnownOutcome:  # a test already decided (versionflags.py)
            return True
        if kind is Name:
            if _VERSION_NAMED[node.id]:
                return True
        elif kind is Attribute:
            if kwdefaults_of(node, imports) or _VERSION_NAMED[node.attr]:
                return True
            if node.attr in ("__version__", "version"):
                owner = dotted_name(node.value)
                if owner and (imports.resolve(owner) == "torch" or owner == "torch"):
                    return True
        elif kind is Compare:
            if _dir_lookup(node, imports) or _signature_lookup(node, imports) or loaded_module_test(node):
                return True
        elif kind is Call and isinstance(node.func, Name) and node.func.id in ("hasattr", "getattr"):
            target = dotted_name(node.args[0]) if node.args else None
            if target and (imports.resolve(target) or "torch" in target.lower()):
                return True
    return False


def _looked_up(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "getattr"


def is_fallback(node: ast.Try) -> bool:
    bindings_only = only_bindings(node) or probes_only(node)
    return any(catches_fallback(handler, bindings_only) for handler in node.handlers)


def probes_only(node: ast.Try) -> bool:
    """``try: torch.nn.backends.thnn.backend.LSTMCell; return True`` / ``except: return False``: a body that only
    reads names (no call) and returns constants probes for them; its handlers, a bare one included, are the answer
    on a build that lacks them (apex's rnn_compat.has_old_rnns)."""
    probed = False
    for statement in node.body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, (ast.Attribute, ast.Name)):
            probed = True
        elif not (isinstance(statement, ast.Pass) or (isinstance(statement, ast.Return) and (
                statement.value is None or isinstance(statement.value, ast.Constant)))):
            return False
    return probed


_UINT8_CONVERSIONS = frozenset({"byte", "type"})


def retries_body(body: list[ast.stmt], handler: list[ast.stmt]) -> bool:
    """The handler's last statements are the try body itself, after only turning names into uint8 masks (``mask =
    mask.byte()``): the pre-1.2 way of the body, which the target runs instead."""
    if len(handler) <= len(body):
        return False
    head, tail = handler[:-len(body)], handler[-len(body):]
    return all(isinstance(statement, ast.Assign) and len(statement.targets) == 1
               and isinstance(value := statement.value, ast.Call) and isinstance(value.func, ast.Attribute)
               and value.func.attr in _UINT8_CONVERSIONS
               and dotted_name(value.func.value) == dotted_name(statement.targets[0]) is not None
               for statement in head) and \
        [ast.dump(statement) for statement in tail] == [ast.dump(statement) for statement in body]


def retries_without_keywords(body: list[ast.stmt], handler: list[ast.stmt]) -> list[tuple[ast.Call, list[str]]] | None:
    """The handler is the try body again with keyword arguments left out of its calls (``try: i = ids.div(n,
    rounding_mode="floor")`` / ``except: i = ids.div(n)``): an older release's spelling of the body, run only where
    the body fails. The body's calls that drop keywords, each with those keywords; None when the handler is not
    such a retry. (Whether the target accepts the keywords, and so never runs the handler, the caller decides.)"""
    if not body or len(handler) != len(body):
        return None
    dropped: list[tuple[ast.Call, list[str]]] = []
    for tried, retried in zip(body, handler):
        calls = [node for node in ast.walk(tried) if isinstance(node, ast.Call)]
        kept = {keyword.arg for node in ast.walk(retried) if isinstance(node, ast.Call) for keyword in node.keywords}
        left_out = [(call, [k.arg for k in call.keywords if k.arg is not None and k.arg not in kept]) for call in calls]
        left_out = [(call, names) for call, names in left_out if names]
        if not left_out:
            if ast.dump(tried) != ast.dump(retried):
                return None
            continue
        stripped = copy.deepcopy(tried)
        for node in ast.walk(stripped):
            if isinstance(node, ast.Call):
                node.keywords = [k for k in node.keywords if k.arg is None or k.arg in kept]
        if ast.dump(stripped) != ast.dump(retried):
            return None
        dropped += left_out
    return dropped or None


def only_bindings(node: ast.Try) -> bool:
    """``try: from torch._six import inf``, or a body that only binds names (``func = torch.x.new_name``, also
    behind a version check): any handler of it, a bare ``except:`` included, is the old release's fallback. Not a
    body that binds what a call returns where every handler binds another value as is, with no call and no constant
    (``try: b_inv, _ = torch.solve(eye, b) except: b_inv = eye``): that handler computes nothing in the call's place
    and is no other release's way of doing it; it swallows the call's error (torch.solve raises RuntimeError on
    every call on 2.15) and goes on with a wrong value."""
    return _binds_only(node.body) and not _swallows_call(node)


def _swallows_call(node: ast.Try) -> bool:
    if not any(isinstance(inner, ast.Call) for statement in node.body for inner in walk_nodes(statement)):
        return False
    for handler in node.handlers:
        values = [statement.value for statement in handler.body if isinstance(statement, (ast.Assign, ast.AnnAssign))]
        if not values or len(values) != len(handler.body) or any(
                isinstance(inner, (ast.Call, ast.Constant)) for value in values for inner in walk_nodes(value)):
            return False
    return True


def _binds_only(statements: list[ast.stmt]) -> bool:
    return all(isinstance(statement, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)) or (
        isinstance(statement, ast.If) and _binds_only(statement.body) and _binds_only(statement.orelse))
        for statement in statements)


def caught_names(handler: ast.ExceptHandler) -> list[str]:
    """The last names of the exception classes a handler names (``except (torch.TorchError, KeyError)``:
    ``["TorchError", "KeyError"]``; "" for one that is no dotted name); [] for a bare ``except:``."""
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else []
    return [(dotted_name(kind) or "").rsplit(".", 1)[-1] for kind in kinds]


def catches(handler: ast.ExceptHandler, error: str) -> bool:
    """The handler catches ``error``: bare, ``Exception``, ``BaseException`` or that class itself (an ``except
    ModuleNotFoundError`` misses the ImportError of a name gone from a module that is still there)."""
    names = caught_names(handler)
    return not names or any(name in _CATCH_ALL or name == error or (error == "ModuleNotFoundError" and name ==
                                                                     "ImportError") for name in names)


def catches_fallback(handler: ast.ExceptHandler, bindings_only: bool = False) -> bool:
    """An ImportError-like handler; around bindings alone, also a bare ``except:`` or ``except Exception:``."""
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else []
    if bindings_only and (not kinds or any(dotted_name(kind) in _CATCH_ALL for kind in kinds)):
        return True
    return any((dotted_name(kind) or "").rsplit(".", 1)[-1] in FALLBACK_ERRORS for kind in kinds)


_CATCH_ALL = frozenset({"Exception", "BaseException"})
_KEY_ERRORS = frozenset({"KeyError", "LookupError"})


def leaves_unbound(node: ast.Try, names: set[str], tree: ast.AST | None) -> bool:
    """Handlers that only report (``except: print("old torch")``) around an import of ``names`` that fails on the
    target, where one of the names is read outside the try and bound nowhere else in the file: the fallback
    defines nothing, so the failure surfaces later as a NameError (``container_abcs.Mapping``), and the
    import is the use to report. A handler that binds anything (a flag, another value) may be what guards the reads."""
    if tree is None or not names or not all(isinstance(statement, (ast.Expr, ast.Pass))
                                             for handler in node.handlers for statement in handler.body):
        return False
    inside = {id(inner) for inner in walk_nodes(node)}
    read, bound = set(), set()
    for inner in walk_tree(tree):
        if id(inner) in inside:
            continue
        if isinstance(inner, ast.Name):
            (read if isinstance(inner.ctx, ast.Load) else bound).add(inner.id)
        elif isinstance(inner, (ast.Import, ast.ImportFrom)):  # `*` too: a star import may bind any of them
            bound.update(alias.asname or alias.name.partition(".")[0] for alias in inner.names)
        elif isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(inner.name)
        elif isinstance(inner, ast.arg):
            bound.add(inner.arg)
        elif isinstance(inner, (ast.Global, ast.Nonlocal)):
            bound.update(inner.names)
    return "*" not in bound and bool(names & read - bound)


def catches_key_error(node: ast.Try) -> bool:
    """A handler of ``node`` catches a missing key and nothing else (``except KeyError:``, or LookupError): what the
    statement reads by key may be missing. Not ``except (KeyError, RuntimeError):``, a fallback for a failed restore
    (a partial ``load_state_dict``), where the keys read are the layout's own. A catch-all handler counts around key
    reads alone (:func:`_guards_key_reads`)."""
    return any((names := caught_names(handler)) and all(name in _KEY_ERRORS for name in names)
               for handler in node.handlers) or _guards_key_reads(node)


def _guards_key_reads(node: ast.Try) -> bool:
    """``try: aa_p = ckpt["aa_p"] except: aa_p = ckpt["ada_p"]`` (or ``except Exception:``, or a default): a body
    that only binds entries read by a constant key, under a handler that catches everything, is a missing key's
    fallback (an older layout's name); its body reads nothing else that could fail."""
    def reads_key(statement: ast.stmt) -> bool:
        value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
        while isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and \
                isinstance(value.slice.value, str):
            value = value.value
            if isinstance(value, ast.Name):
                return True
        return False

    return bool(node.body) and all(reads_key(statement) for statement in node.body) and all(
        all(name in _CATCH_ALL for name in caught_names(handler)) for handler in node.handlers)


# --- which branch runs on the target ------------------------------------------------------------

_COMPARE = {ast.GtE: ">=", ast.Gt: ">", ast.LtE: "<=", ast.Lt: "<", ast.Eq: "==", ast.NotEq: "!="}
# transformers spells "at least" `is_torch_greater_or_equal_than_1_10`: the `_than` after `equal` is optional
# (text: re compiles it on first use, and most checks never ask)
_NAMED = (r"(?i)torch_?(?:version_?)?(greater_?(?:or_?)?equal(?:_?than)?|greater_?than|ge|gt|"
          r"less_?(?:or_?)?equal(?:_?than)?|less_?than|lt|le|lower(?:_?than)?|at_?least)?_?(\d+)_(\d+)$")
_NAMED_OPS = {"greaterequal": ">=", "greaterorequal": ">=", "ge": ">=", "atleast": ">=", "greaterthan": ">",
              "gt": ">", "lessequal": "<=", "lessorequal": "<=", "le": "<=", "lessthan": "<", "lt": "<",
              "lower": "<", "lowerthan": "<", "": ">="}  # TORCH_1_9 means "at least 1.9"


def guard_outcome(test: ast.expr, imports: ImportMap, target: tuple[int, int], removed=lambda name: False,
                  helper_parts=lambda name: None, removed_keyword=lambda api, name: False) -> bool | None:
    """Whether a version check is true on the target torch, or None when that cannot be read off.

    ``hasattr(torch.x, "name")`` is true unless ``removed`` says the rules know ``torch.x.name`` is gone.
    ``"name" in inspect.signature(torch.f).parameters`` is true unless ``removed_keyword(api, name)`` says a rule
    knows the target no longer takes that keyword. ``helper_parts(key)``: how many version components the project's helper ``name()`` returns as ints
    (key ``"name()"``) or its module-level name holds (key ``"name"``; versionhelpers.py), or None;
    ``get_torch_version() >= [1, 11]`` / ``_TORCH_VER >= [1, 10]`` is then decided.
    """
    if isinstance(test, KnownOutcome):
        return test.value
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = guard_outcome(test.operand, imports, target, removed, helper_parts, removed_keyword)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        parts = [guard_outcome(value, imports, target, removed, helper_parts, removed_keyword) for value in test.values]
        if isinstance(test.op, ast.And):
            return False if False in parts else None if None in parts else True
        return True if True in parts else None if None in parts else False
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        if (imported := _import_check(test, imports, removed)) is not None:
            return imported
        if (keywords := kwdefaults_outcome(test, imports, removed, removed_keyword)) is not None:
            return keywords
        if (parameter := _signature_lookup(test, imports)) is not None:
            present = not removed_keyword(*parameter)
            return present if isinstance(test.ops[0], ast.In) else not present
        if (found := _dir_lookup(test, imports)) is not None:
            owner, name = found
            present = not removed(f"{owner}.{name}")
            return present if isinstance(test.ops[0], ast.In) else not present
        if (helped := _helper_compare(test, target, helper_parts)) is not None:
            return helped
        if (module := loaded_module_test(test)) is not None:
            return loaded_by_import_torch(module, target, isinstance(test.ops[0], ast.In))
        if (compared := _compare(test.left, test.ops[0], test.comparators[0], imports, target)) is not None:
            return compared
        if (contained := _version_substring(test, imports, target)) is not None:
            return contained
        return version_compare(test, lambda node: is_torch_version_string(node, imports), target)
    if isinstance(test, ast.Call):
        if _is_hasattr(test):
            return _hasattr(test, imports, removed)
        if (called := _version_call(test, imports, target)) is not None:
            return called
        if (prefixed := _version_prefix(test, imports, target)) is not None:
            return prefixed
        return version_compare(test, lambda node: is_torch_version_string(node, imports), target)
    name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
    match = re.search(_NAMED, name)
    if match:
        spelled = (match.group(1) or "").lower().replace("_", "")
        op = _NAMED_OPS.get(spelled.removesuffix("than") if spelled.endswith("equalthan") else spelled)
        return _holds(target, op, (int(match.group(2)), int(match.group(3)))) if op else None
    return None


def _dir_lookup(node: ast.AST, imports: ImportMap) -> tuple[str, str] | None:
    """``"name" in dir(torch.x)`` / ``not in``: the same question as hasattr."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
        return None
    left, right = node.left, node.comparators[0]
    if not (isinstance(left, ast.Constant) and isinstance(left.value, str) and isinstance(right, ast.Call)
            and isinstance(right.func, ast.Name) and right.func.id in ("dir", "vars") and len(right.args) == 1):
        return None
    owner = dotted_name(right.args[0])
    qualified = imports.resolve(owner) if owner else None
    return (qualified, left.value) if qualified else None


def _signature_lookup(node: ast.AST, imports: ImportMap) -> tuple[str, str] | None:
    """``"window_size" in inspect.signature(torch.f).parameters`` (also ``.parameters.keys()``), ``"indexing"
    in torch.meshgrid.__code__.co_varnames`` or ``"align_corners" in inspect.getfullargspec(F.grid_sample).args`` /
    ``not in``: (the torch API, the parameter). A Python function's
    ``co_varnames`` starts with its parameters (keyword-only ones too), so both ask whether it takes the name."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
        return None
    left, right = node.left, node.comparators[0]
    if isinstance(right, ast.Call) and isinstance(right.func, ast.Attribute) and right.func.attr == "keys" \
            and not right.args:
        right = right.func.value  # inspect.signature(f).parameters.keys()
    if not (isinstance(left, ast.Constant) and isinstance(left.value, str) and isinstance(right, ast.Attribute)):
        return None
    if right.attr == "parameters" and isinstance(right.value, ast.Call) and len(right.value.args) == 1 and (
            dotted_name(right.value.func) or "").rsplit(".", 1)[-1] == "signature":
        function = right.value.args[0]
    elif right.attr == "co_varnames" and isinstance(right.value, ast.Attribute) and right.value.attr == "__code__":
        function = right.value.value  # torch.meshgrid.__code__.co_varnames: its parameters, then its locals
    elif right.attr in ("args", "kwonlyargs") and isinstance(right.value, ast.Call) and len(right.value.args) == 1 \
            and (dotted_name(right.value.func) or "").rsplit(".", 1)[-1] in ("getfullargspec", "getargspec"):
        function = right.value.args[0]  # inspect.getfullargspec(F.grid_sample).args (positional ones alone)
    else:
        return None
    owner = dotted_name(function)
    qualified = imports.resolve(owner) if owner else None
    return (qualified, left.value) if qualified else None


def _import_check(test: ast.Compare, imports: ImportMap, removed) -> bool | None:
    """``fcol is not None`` after ``try: from torch.distributed import _functional_collectives as fcol`` /
    ``except ImportError: fcol = None``: the import worked unless the rules know the name is gone."""
    op, right = test.ops[0], test.comparators[0]
    if not (isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None):
        return None
    owner = dotted_name(test.left)
    qualified = imports.resolve(owner) if owner else None
    if qualified is None:
        return None
    present = not removed(qualified)
    return present if isinstance(op, ast.IsNot) else not present


def _is_hasattr(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "hasattr" and len(call.args) == 2


def _hasattr(call: ast.Call, imports: ImportMap, removed) -> bool | None:
    owner = dotted_name(call.args[0])
    name = call.args[1].value if isinstance(call.args[1], ast.Constant) else None
    qualified = imports.resolve(owner) if owner else None
    if qualified is None or not isinstance(name, str):
        return None
    return not removed(f"{qualified}.{name}")


def helper_called(node: ast.expr) -> str | None:
    """``get_torch_version()``: ``"get_torch_version()"``, a helper called without arguments; ``_TORCH_VER``:
    ``"_TORCH_VER"``, a name that may hold the version's parts (versionhelpers.VersionHelpers.parts decides)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args and not node.keywords:
        return f"{node.func.id}()"
    if isinstance(node, ast.Name):
        return node.id
    return None


def _helper_compare(test: ast.Compare, target: tuple[int, int], helper_parts) -> bool | None:
    symbol = _COMPARE.get(type(test.ops[0]))
    left, right = test.left, test.comparators[0]
    if symbol is None:
        return None
    if helper_called(left) is None:
        left, right = right, left
        symbol = {">=": "<=", ">": "<", "<=": ">=", "<": ">"}.get(symbol, symbol)
    name, wanted = helper_called(left), int_sequence(right)
    if name is None or wanted is None or (parts := helper_parts(name)) is None:
        return None
    return compare_parts(parts, target, symbol, wanted)


def _compare(left, op, right, imports, target) -> bool | None:
    symbol = _COMPARE.get(type(op))
    if symbol is None:
        return None
    if _reads_torch_version(left, imports) and (wanted := _version_literal(right)):
        return _holds(target, symbol, wanted)
    if _reads_torch_version(right, imports) and (wanted := _version_literal(left)):
        flipped = {">=": "<=", ">": "<", "<=": ">=", "<": ">"}.get(symbol, symbol)
        return _holds(target, flipped, wanted)
    return None


def _version_call(call: ast.Call, imports, target) -> bool | None:
    """``is_torch_version(">=", "2.4")``, ``check_version(torch.__version__, "1.9.0")``,
    ``torch_version_at_least("2.1")``."""
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1].lower()
    strings = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if "version" not in name:
        return None
    if len(call.args) == 2 and strings and strings[0] in _SYMBOLS and (wanted := _version_literal(call.args[1])):
        return _holds(target, strings[0], wanted)
    if name == "check_version" and len(call.args) >= 2 and _reads_torch_version(call.args[0], imports):
        wanted = _version_literal(call.args[1])
        return _holds(target, ">=", wanted) if wanted else None
    if "torch" in name and len(call.args) == 1 and (wanted := _version_literal(call.args[0])):
        for words, symbol in (("at_least", ">="), ("greater_or_equal", ">="), ("min_version", ">="), ("less_than", "<"), ("lower", "<")):
            if words in name:
                return _holds(target, symbol, wanted)
    return None


_SYMBOLS = (">=", ">", "<=", "<", "==", "!=")


def _version_prefix(call: ast.Call, imports, target) -> bool | None:
    """``torch.__version__.startswith("1.7")`` (a tuple of prefixes too) and ``any(torch.__version__.startswith(x)
    for x in ["1.7.", "1.8."])``: whether the target's version string starts so. A prefix reaching into the patch
    release (``"2.15.1"``) is not decided."""
    prefixes: list[ast.expr] = []
    if isinstance(call.func, ast.Name) and call.func.id == "any" and len(call.args) == 1 and \
            isinstance(generator := call.args[0], ast.GeneratorExp) and len(generator.generators) == 1:
        loop = generator.generators[0]
        inner = generator.elt
        if not (isinstance(loop.target, ast.Name) and not loop.ifs and isinstance(loop.iter, (ast.List, ast.Tuple))
                and isinstance(inner, ast.Call) and len(inner.args) == 1 and isinstance(inner.args[0], ast.Name)
                and inner.args[0].id == loop.target.id):
            return None
        call, prefixes = inner, list(loop.iter.elts)
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "startswith" and is_torch_version_string(func.value, imports)):
        return None
    if not prefixes:
        if len(call.args) != 1:
            return None
        prefixes = list(call.args[0].elts) if isinstance(call.args[0], ast.Tuple) else [call.args[0]]
    if not prefixes or not all(isinstance(p, ast.Constant) and isinstance(p.value, str) for p in prefixes):
        return None
    release = f"{target[0]}.{target[1]}."
    if any(p.value.startswith(release) and p.value != release for p in prefixes):
        return None  # the patch release decides
    return any(release.startswith(p.value) for p in prefixes)


def _version_substring(test: ast.Compare, imports, target) -> bool | None:
    """``"1.10.0" in torch.__version__`` (or ``not in``): a substring test of the version string. Decided when the
    release's strings (``2.15.0`` ... ``2.15.29``) all hold the literal or none does; a literal that is not a 1.x or
    2.x release number (``"+cu"``, ``"6.2"`` of a ROCm suffix) is not."""
    if not (isinstance(test.ops[0], (ast.In, ast.NotIn)) and isinstance(test.left, ast.Constant)
            and isinstance(test.left.value, str) and re.fullmatch(r"[12]\.\d+(\.\d+)?", test.left.value)
            and is_torch_version_string(test.comparators[0], imports)):
        return None
    held = {test.left.value in f"{target[0]}.{target[1]}.{patch}" for patch in range(30)}
    if len(held) != 1:
        return None
    return held.pop() if isinstance(test.ops[0], ast.In) else not held.pop()


def is_torch_version_string(node: ast.AST, imports: ImportMap) -> bool:
    """``torch.__version__`` or ``torch.version.__version__`` (through the file's imports): the string itself."""
    if not (isinstance(node, ast.Attribute) and node.attr == "__version__"):
        return False
    owner = dotted_name(node.value)
    return owner is not None and (imports.resolve(owner) or owner) in ("torch", "torch.version")


def _reads_torch_version(node: ast.AST, imports: ImportMap) -> bool:
    for sub in walk_nodes(node):
        if isinstance(sub, ast.Attribute) and sub.attr == "__version__":
            owner = dotted_name(sub.value)
            if owner and (owner == "torch" or imports.resolve(owner) == "torch"):
                return True
        name = sub.id if isinstance(sub, ast.Name) else None
        if name and re.fullmatch(r"(?i)_?(torch|pt)_?version", name):
            return True
    return False


def _version_literal(node: ast.AST) -> tuple[int, int] | None:
    """``"2.4.0"``, ``(2, 4)``, ``version.parse("2.4")`` / ``Version("2.4")`` / ``LooseVersion("2.4")``."""
    if isinstance(node, ast.Call) and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        match = re.match(r"\s*(\d+)\.(\d+)", node.value)
        return (int(match.group(1)), int(match.group(2))) if match else None
    if isinstance(node, ast.Tuple) and len(node.elts) >= 2 and all(
            isinstance(e, ast.Constant) and isinstance(e.value, int) for e in node.elts[:2]):
        return node.elts[0].value, node.elts[1].value
    return None


def _holds(target: tuple[int, int], symbol: str, wanted: tuple[int, int]) -> bool | None:
    return {">=": target >= wanted, ">": target > wanted, "<=": target <= wanted, "<": target < wanted,
            "==": target == wanted, "!=": target != wanted}.get(symbol)
