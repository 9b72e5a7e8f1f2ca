"""Where a saved value comes from, followed back through the file's assignments once the file is walked.

A checkpoint value is often bound far from the save: ``self.best_pred = new_pred`` in ``validation()``, after
``new_pred = mIoU`` and ``mIoU = self.evaluator.Mean_Intersection_over_Union()`` (an ``np.float64``), while
``training()``, earlier in the file, saves ``{"best_pred": self.best_pred, ...}``. The walk sees the save before
the binding, so a save that looked plain is asked again here, after the walk, against every binding of the file:
a name in its function (or an enclosing one, for a nested saver), ``self.x`` in any method.

A value is numpy when one of its bindings is: a numpy call (``np.nanmean(x)``, ``np.random.get_state()``), ``x.numpy()``,
a method of a numpy value other than ``item``/``tolist``, ``max(a, b)``/``min(a, b)`` of one, ``round(x, n)`` of one
(``round(np.float64(1.5), 2)`` is still an ``np.float64`` on numpy 2; ``round(x)`` is an int), arithmetic on one,
an item or a slice of one, a comparison with one (``preds == labels``), a conditional expression with one in a
branch. An item stored under a string key is followed by its spelling (``best["auc"] = mean_auc``, then a save of
``best["auc"]``). An augmented assignment to an item binds its container (``hist["pos"] += hits.sum(0)`` binds ``hist``),
and a rebinding made from the name itself the way numpy stays numpy (``x = x.astype(bool)``) leaves what the
name held before to decide. A list given a numpy value (``self.losses.append(np.mean(l))``, ``.extend``) holds
numpy, whatever it was bound to; a saved tuple or list display (``(self.losses, self.scores)``) holds what its items
do. A running total bound otherwise only to constants (``acc = 0`` then ``acc += np.sum(hits)``)
is numpy when an added value is (``0 + np.uint64(1)`` is an ``np.uint64``). An attribute the file stores on a plain
name (``opt.test_value = np.mean(ious)`` in one function, ``{"best": opt.best_value}`` saved in another after
``opt.best_value = max(opt.test_value, ...)``) is followed by its spelling, like ``self.x``; other options are not. ``float(x)``, ``int(x)``, ``x.item()`` and
``x.tolist()`` are plain. torch 2.15 refuses a checkpoint holding one under ``weights_only=True`` (``Unsupported
global: GLOBAL numpy._core.multiarray.scalar`` for a scalar, ``numpy._core.multiarray._reconstruct`` for an array).
A value that is what an imported project callable returns is handed back as that callable's reference, for the
project pass to decide by reading its module (returns.py); so is a method of an instance of an imported class
(``metrics.get_results()`` where ``metrics`` holds ``StreamSegMetrics(n)``), and an attribute of one
(``accuracy.local_avg`` after ``accuracy = AverageMeter()``, a meter that keeps an ``np.average``). A call of one of the file's own plain
functions is followed into its ``return`` statements (item i of a returned tuple display for ``a, b = f()``, or for ``out = f()`` read as ``out[i]``), and
a parameter of one to what the file's calls of it pass (by position or keyword). A method's parameter is followed
the same way to what the class's ``self.method(...)`` calls pass (``self.save_model(performance, epoch)`` after
``performance = self.evaluate()``). A method's ``**kwargs`` is handed
back as ``(KEYWORDS, "Class.method")``: what its callers pass by keyword, in any module, decides (project.py); so is a
parameter whose entries the method stores into the dict it saves, as ``(KEYWORDS, "Class.method:parameter")``. A
module-level function's parameter that no call in the file decides is ``(POSITIONS, "function:position")``: what callers
in other modules pass there (``save_checkpoint(epoch, np.mean(acc), ...)`` from the training script) decides.

The cost is bounded: only values of saved dicts that looked plain are followed, each binding chain at most
``_DEPTH`` steps, and each (scope, name), parameter and function's returns once per question.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import dotted_name, own_statements, walk_nodes
from .passedinstances import spell

_DEPTH = 16
NUMPY_MODULES = frozenset({"np", "numpy"})  # the names a numpy call starts with
_PLAIN_CALLS = frozenset({"float", "int", "bool", "str", "len", "repr", "format", "list", "dict", "tuple", "sum"})
_PLAIN_METHODS = frozenset({"item", "tolist", "format", "keys", "__str__", "__repr__", "state_dict", "join"})
_EITHER = frozenset({"max", "min"})
_COPIES = frozenset({"deepcopy", "copy", "copy.deepcopy", "copy.copy"})  # a copy: the same kind of value as x
# numpy functions that give Python values back (checked on numpy 2.4: np.ndim(a) is an int, np.shape(a) a tuple)
_PLAIN_NUMPY = frozenset({"ndim", "size", "shape", "isscalar", "iterable", "seed"})
# np.random samplers give a Python float with no argument (np.random.rand() and np.random.random() are floats;
# np.random.rand(3) is an array), and a Python int or float without a size (np.random.randint(5) is an int)
_NO_ARGUMENT_SAMPLERS = frozenset({"rand", "randn", "random", "random_sample", "ranf", "sample", "standard_normal"})
# sampler -> how many parameters come before ``size``
_SIZED_SAMPLERS = {"randint": 2, "uniform": 2, "normal": 2, "beta": 2, "binomial": 2, "gamma": 2, "lognormal": 2,
                   "random_integers": 2, "poisson": 1, "exponential": 1, "geometric": 1}

# A source (KEYWORDS, "Class.method"): the value is the method's ``**kwargs``, whatever its callers pass by keyword.
KEYWORDS = "**"
# A source (POSITIONS, "function:2"): a module-level function's parameter at that position, which no call of this file
# decides: what its callers in other modules pass there decides (project.py, FileEvidence.positional_sources).
POSITIONS = "*"
# What a caller hands such a parameter when it is an object weights_only refuses (a model, an optimizer) built there.
PASSED_OBJECT = "object"


class Provenance:
    """The bindings of one file, by (scope, name); ``self.x`` is keyed under scope 0 (any method binds it)."""

    def __init__(self) -> None:
        # (scope, name) -> (value, position in a tuple target or None, the scope the value is read in)
        self.bindings: dict[tuple[int, str], list[tuple[ast.expr, int | None, int]]] = {}
        self.parents: dict[int, int] = {}  # scope -> the scope it is nested in (a nested saver reads its closure)
        self.functions: dict[str, tuple[int, ast.AST]] = {}  # plain function name -> (its scope, its def)
        self.scopes: dict[int, ast.AST] = {}  # scope of a plain function -> its def
        self.owners: dict[int, str] = {}  # scope of a method -> its class
        self.calls: dict[str, list[tuple[ast.Call, int]]] = {}  # plain function name -> (call, caller's scope)
        self.method_scopes: dict[int, ast.AST] = {}  # scope of a method (of a class body) -> its def
        # (class, method) -> (call, caller's scope) of ``self.method(...)`` in a method of that class
        self.method_calls: dict[tuple[str, str], list[tuple[ast.Call, int]]] = {}
        # scope of a method -> ``Class.method`` and its ``**kwargs`` name: a saved ``kwargs`` holds what the
        # method's callers pass by keyword, in whichever module they are (decided by the project pass)
        self.keyword_methods: dict[int, tuple[str, str]] = {}
        # (scope, name) -> (value, scope) of ``name += value``: asked only for a name no other statement binds to
        # anything but a constant (``acc = 0; acc += np.sum(hits)``), see _named
        self.accumulated: dict[tuple[int, str], list[tuple[ast.expr, int]]] = {}
        # (scope, name) -> (value, scope) of ``name.append(value)`` / ``name.extend(values)``: the list holds them
        self.appended: dict[tuple[int, str], list[tuple[ast.expr, int]]] = {}
        # (scope, parameter) of a method whose saved dict takes that parameter's entries (``for k, v in
        # other_items.items(): checkpoint[k] = v``) -> ``Class.method:parameter``: what callers pass decides (project.py)
        self.merged: dict[tuple[int, str], str] = {}
        # (first, last line of the body, first, last line of the else) of each if with an else: a binding in one
        # branch never reaches a read in the other (``data = np.load(raw)`` if fresh, else ``data = torch.load(p)``)
        self.branches: list[tuple[int, int, int, int]] = []

    def note_branches(self, node: ast.If) -> None:
        self.branches.append((node.body[0].lineno, node.body[-1].end_lineno, node.orelse[0].lineno,
                              node.orelse[-1].end_lineno))

    def exclusive(self, one: int, other: int) -> bool:
        """Lines ``one`` and ``other`` sit in the two branches of one if: they never run together."""
        return any((b0 <= one <= b1 and e0 <= other <= e1) or (b0 <= other <= b1 and e0 <= one <= e1)
                   for b0, b1, e0, e1 in self.branches)

    def note(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        if value.__class__ is ast.Constant:
            return  # best = 0.0: never numpy, so never asked for
        if target.__class__ is ast.Name:  # the common case first, without building a dotted name
            self.bindings.setdefault((scope, target.id), []).append((value, None, scope))
        elif target.__class__ is ast.Tuple:
            for position, element in enumerate(target.elts):
                if (key := self._target_key(element, scope)) is not None:
                    self.bindings.setdefault(key, []).append((value, position, scope))
        elif (key := self._target_key(target, scope)) is not None:
            self.bindings.setdefault(key, []).append((value, None, scope))

    def note_accumulation(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        """``acc += value`` on a name or ``self.x``; kept apart from the bindings (the uint8 pass reads those: an
        in-place add keeps a tensor's dtype), and asked only where the name is otherwise bound to constants."""
        if (key := self._target_key(target, scope)) is not None:
            self.accumulated.setdefault(key, []).append((value, scope))

    def note_append(self, call: ast.Call, scope: int) -> None:
        """``self.all_tr_losses.append(np.mean(losses))``: a list that is given a numpy value holds one, whatever it
        was bound to (``[]``); weights_only refuses the numpy scalar inside the list as it would alone."""
        if call.func.attr in ("append", "extend") and len(call.args) == 1 and not call.keywords and \
                (key := self._target_key(call.func.value, scope)) is not None:
            self.appended.setdefault(key, []).append((call.args[0], scope))

    def _target_key(self, target: ast.AST, scope: int) -> tuple[int, str] | None:
        """``x``, ``self.x``, ``args.lr`` and a name's item under a string key (``best["acc"]``) are followed; ``a.b.c``
        is not."""
        if target.__class__ is ast.Name:
            return scope, target.id
        if (item := _item_name(target)) is not None:
            return scope, item
        if target.__class__ is ast.Attribute and target.value.__class__ is ast.Name and target.value.id == "self":
            return self.key(f"self.{target.attr}", scope)
        if target.__class__ is ast.Attribute and target.value.__class__ is ast.Name:
            return self.option_key(f"{target.value.id}.{target.attr}")
        return None

    @staticmethod
    def option_key(name: str) -> tuple[int, str]:
        """``opt.test_value = iou``: an attribute the file stores on an options object (``opt``, ``args``), keyed by
        how it is spelled in any function of the file (the object is passed around under the one name)."""
        return 0, f"option:{name}"

    def key(self, name: str, scope: int) -> tuple[int, str]:
        """A local name in its scope; ``self.x`` under scope 0 with its class (``Trainer:self.x``): any method
        of that class binds it, another class's ``self.x`` is another value."""
        if "." not in name:
            return scope, name
        return 0, f"{self.owners.get(scope, '')}:{name}"

    def binds(self, name: str, scope: int) -> bool:
        """The file binds the plain ``name`` in ``scope`` or a scope around it: ``np = NeuralProcess(...)`` makes
        ``np`` a model there, not the numpy module."""
        current: int | None = scope
        while current is not None:
            if (current, name) in self.bindings:
                return True
            current = self.parents.get(current)
        return False

    def note_owner(self, scope: int, owner: str) -> None:
        """``scope`` is a method of class ``owner`` (or a function nested in one)."""
        self.owners[scope] = owner

    def note_function(self, node: ast.AST, scope: int) -> None:
        """A plain function (not a method): its parameters take what its callers in this file pass."""
        self.functions[node.name] = (scope, node)
        self.scopes[scope] = node

    def note_method_def(self, node: ast.AST, scope: int) -> None:
        """A method of a class body: its parameters take what ``self.name(...)`` calls of the class pass."""
        self.method_scopes[scope] = node

    def note_self_call(self, call: ast.Call, scope: int) -> None:
        """``self.save_model(performance, epoch)`` in a method: what the class's method is passed, and where."""
        if (owner := self.owners.get(scope)) is not None:
            self.method_calls.setdefault((owner, call.func.attr), []).append((call, scope))

    def note_method(self, node: ast.AST, scope: int, owner: str) -> None:
        if node.args.kwarg is not None:
            self.keyword_methods[scope] = (f"{owner}.{node.name}", node.args.kwarg.arg)

    def note_call(self, call: ast.Call, scope: int) -> None:
        """``validate(opts, model, metrics=metrics)``: what a plain function of the file is passed, and where."""
        self.calls.setdefault(call.func.id, []).append((call, scope))

    def source(self, value: ast.expr, scope: int, call_ref: Callable, local_numpy: Callable[[str], bool],
               before: int | None = None):
        """True when ``value`` is numpy by its bindings in this file; the (module, callable) reference when it
        is what an imported project callable returns; None otherwise. ``call_ref(call, scope)`` names the
        imported callable a call runs; ``local_numpy(name)`` tells whether the file's own function or
        ``Class.method`` returns numpy. ``before``: the save's line when it runs once in ``scope`` (no loop holds
        it): bindings of ``scope``'s own names below that line are not asked."""
        search = _Search(self, call_ref, local_numpy)
        search.limit = (scope, before) if before is not None else None
        if isinstance(value, (ast.Tuple, ast.List)):  # 'plot_stuff': (self.all_tr_losses, ...): numpy in an item
            return search._first(((element, scope) for element in value.elts), 0)
        return search.value(value, scope, 0)


def copied(call: ast.Call) -> ast.expr | None:
    """What ``deepcopy(x)`` / ``copy.copy(x)`` copies: a copy holds the same kinds of values as ``x``."""
    if dotted_name(call.func) in _COPIES and len(call.args) == 1 and not call.keywords:
        return call.args[0]
    return None


def _off_returns(function: ast.AST, call: ast.Call) -> frozenset[int]:
    """ids of the returns of ``function`` that ``call`` never reaches: those in the body of ``if flag:`` (or the else
    of ``if not flag:``) for a parameter ``flag`` whose default is False or None and that the call does not pass
    (``def validate(loader, model, ret_lp=False): ... if ret_lp: return np.vstack(preds)`` called as
    ``validate(loader, model)``: only ``return top1.avg`` answers)."""
    arguments = getattr(function, "args", None)
    if arguments is None or any(isinstance(arg, ast.Starred) for arg in call.args) or \
            any(keyword.arg is None for keyword in call.keywords):
        return frozenset()
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    defaults = dict(zip(positional[-len(arguments.defaults):], arguments.defaults)) if arguments.defaults else {}
    if positional[:1] == ["self"]:
        positional = positional[1:]
    defaults.update((a.arg, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None)
    passed = set(positional[:len(call.args)]) | {keyword.arg for keyword in call.keywords}
    off = {name for name, default in defaults.items() if name not in passed and
           isinstance(default, ast.Constant) and default.value in (False, None)}
    if not off:
        return frozenset()
    skipped: set[int] = set()
    for node in own_statements(function):
        if not isinstance(node, ast.If):
            continue
        test, negated = node.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, True
        if isinstance(test, ast.Name) and test.id in off:
            for branch in (node.orelse if negated else node.body):
                skipped.update(id(inner) for inner in ast.walk(branch) if isinstance(inner, ast.Return))
    return frozenset(skipped)


def plain_numpy(callee: str, call: ast.Call) -> bool:
    """A numpy call whose result is a Python value (see _PLAIN_NUMPY and the samplers above)."""
    last = callee.rsplit(".", 1)[-1]
    if last in _PLAIN_NUMPY:
        return True
    if ".random." not in f".{callee}":
        return False
    if last in _NO_ARGUMENT_SAMPLERS:
        return not call.args and not call.keywords
    return last in _SIZED_SAMPLERS and len(call.args) <= _SIZED_SAMPLERS[last] and \
        all(kw.arg != "size" for kw in call.keywords)


class _Search:
    def __init__(self, provenance: Provenance, call_ref: Callable, local_numpy: Callable[[str], bool]) -> None:
        self.provenance, self.call_ref, self.local_numpy = provenance, call_ref, local_numpy
        self.seen: set[tuple[int, str]] = set()
        self.limit: tuple[int, int] | None = None  # (scope, line): that scope's bindings below the line never reach

    def value(self, node: ast.expr | None, scope: int, depth: int):
        if node is None or depth > _DEPTH:
            return None
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self._named(node, scope, depth)
        if isinstance(node, ast.Subscript):
            if (item := _item_name(node)) is not None and (found := self._named(node, scope, depth, item)) is not None:
                return found  # best_dict["auc"] after best_dict["auc"] = mean_auc: what the function stores there
            if isinstance(node.value, ast.Name) and isinstance(node.slice, ast.Constant) and \
                    type(node.slice.value) is int and (item := self._item(node.value, node.slice.value, scope, depth)):
                return item  # outputs[0] where outputs = evaluate(...): item 0 of what the function returns
            return self.value(node.value, scope, depth + 1)
        if isinstance(node, ast.BinOp):
            return self.value(node.left, scope, depth + 1) or self.value(node.right, scope, depth + 1)
        if isinstance(node, ast.UnaryOp):
            return self.value(node.operand, scope, depth + 1)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and \
                not isinstance(node.ops[0], (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
            # preds == labels of a numpy array is a numpy bool array (or np.bool_): only that, not a reference
            return True if (self.value(node.left, scope, depth + 1) is True
                            or self.value(node.comparators[0], scope, depth + 1) is True) else None
        if isinstance(node, ast.IfExp):
            return self.value(node.body, scope, depth + 1) or self.value(node.orelse, scope, depth + 1)
        if isinstance(node, ast.Call):
            return self._call(node, scope, depth)
        return None

    def _named(self, node: ast.expr, scope: int, depth: int, name: str | None = None):
        name = name or dotted_name(node)
        if name is None:
            return None
        if "." in name and not name.startswith("self."):
            # args.lr, cfg.x: an option, not a binding of this file, unless the file stores it (opt.best = miou)
            key = self.provenance.option_key(name)
            if name.count(".") == 1 and key not in self.provenance.bindings:
                # accuracy.local_avg after accuracy = AverageMeter() of another module: that class's attribute
                return self.call_ref(ast.Call(func=node, args=[], keywords=[]), scope)
            if name.count(".") != 1 or key in self.seen:
                return None
            self.seen.add(key)
            return self._first(((bound, where) for bound, position, where in self.provenance.bindings[key]
                                if position is None), depth)
        current: int | None = scope
        while current is not None:
            key = self.provenance.key(name, current)
            if key in self.provenance.appended and not self._rebound_after_appends(key, node) and \
                    self._appended(key, depth):
                return True
            if key in self.provenance.bindings:
                if key in self.seen:
                    return None
                self.seen.add(key)
                found = None
                bindings = self.provenance.bindings[key]
                read = getattr(node, "lineno", None) if len(bindings) > 1 and self.provenance.branches else None
                # the last binding first: `net = net.state_dict()` (a plain value made from the name itself) hides
                # what the name held before it (`net = Generator(...)`)
                for bound, position, where in reversed(bindings):
                    if self.limit is not None and key[0] == self.limit[0] and "." not in name and \
                            getattr(bound, "lineno", 0) > self.limit[1]:
                        continue  # bound after the save, which no loop repeats
                    if read is not None and self.provenance.exclusive(getattr(bound, "lineno", read), read):
                        continue  # bound only in the other branch of an if around the read
                    result = self._bound(bound, position, where, depth)
                    if result is True:
                        return True
                    if result is None and _mentions(bound, name) and not _keeps_kind(bound, name):
                        break
                    found = found or result
                return found
            if key in self.provenance.accumulated:
                # bound to constants only (``acc = 0``, never noted) and added to: ``0 + np.uint64(3)`` and ``0.0 +
                # np.float32(1)`` are numpy scalars, so is the running total (not so for a tensor or list start)
                if key in self.seen:
                    return None
                self.seen.add(key)
                return self._first(((value, where) for value, where in self.provenance.accumulated[key]
                                    if not _mentions(value, name)), depth)
            if key[0] == 0:
                return None
            if (method := self.provenance.keyword_methods.get(current)) is not None and name == method[1]:
                return KEYWORDS, method[0]  # save(self, **kwargs): {"other_info": kwargs}
            if (merged := self.provenance.merged.get((current, name))) is not None:
                return KEYWORDS, merged  # save(self, fname, other_items=None): its entries stored into the saved dict
            if (function := self.provenance.scopes.get(current)) is not None and \
                    name in {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}:
                if key in self.seen:
                    return None
                self.seen.add(key)
                passed = self._passed(function, name, depth)
                if passed is None and not self.provenance.parents.get(current) and \
                        name in (params := [a.arg for a in (*function.args.posonlyargs, *function.args.args)]):
                    return POSITIONS, f"{function.name}:{params.index(name)}"  # save_checkpoint(epoch, train_acc, ...)
                return passed
            if (method := self.provenance.method_scopes.get(current)) is not None and name != "self" and \
                    name in {a.arg for a in (*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs)}:
                if key in self.seen:
                    return None
                self.seen.add(key)
                calls = self.provenance.method_calls.get((self.provenance.owners.get(current, ""), method.name), ())
                return self._passed(method, name, depth, calls, skip=1)
            current = self.provenance.parents.get(current)
        return None

    def _rebound_after_appends(self, key: tuple[int, str], read: ast.expr) -> bool:
        """``feats = torch.tensor(np.array(feats))`` below every ``feats.append(...)`` and above the read: the list the
        appends filled is gone, whatever it held."""
        line = getattr(read, "lineno", None)
        if line is None:
            return False
        appends = [getattr(value, "lineno", line) for value, _ in self.provenance.appended[key]]
        bound = [getattr(value, "lineno", 0) for value, _, _ in self.provenance.bindings.get(key, ())
                 if value is not None and getattr(value, "lineno", line) < line]
        return bool(bound) and max(bound) > max(appends) and max(appends) < line

    def _appended(self, key: tuple[int, str], depth: int) -> bool:
        """A value added to the list under ``key`` (``append``, ``extend``) is numpy: the list holds numpy."""
        seen = (key[0], f"appended:{key[1]}")
        if seen in self.seen:
            return False
        self.seen.add(seen)
        return any(self.value(value, where, depth + 1) is True for value, where in self.provenance.appended[key])

    def _bound(self, bound: ast.expr, position: int | None, where: int, depth: int):
        """What one binding gives the name: the whole value, or item ``position`` of it (``a, b = f()``)."""
        if position is None:
            return self.value(bound, where, depth + 1)
        if isinstance(bound, ast.Tuple):
            return self.value(bound.elts[position], where, depth + 1) if position < len(bound.elts) else None
        if isinstance(bound, ast.Call):
            if (ref := self.call_ref(bound, where)) is not None:
                ref = self._with_instances(ref, bound, where, depth)
                return ref[0], f"{ref[1]}#{position}"
            if isinstance(bound.func, ast.Name) and bound.func.id in self.provenance.functions:
                return self._returned(bound.func.id, position, depth, bound)
        return self.value(bound, where, depth + 1)

    def _item(self, name: ast.Name, index: int, scope: int, depth: int):
        """Item ``index`` of a local name bound (once) to a call of the file's own plain function: that item of the
        tuples it returns. None otherwise (the caller then asks the whole value)."""
        bound = self.provenance.bindings.get((scope, name.id), ())
        if len(bound) != 1 or index < 0:
            return None
        value, position, where = bound[0]
        if position is None and isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
                value.func.id in self.provenance.functions and self.call_ref(value, where) is None:
            return self._returned(value.func.id, index, depth)
        return None

    def _passed(self, function: ast.AST, name: str, depth: int, calls=None, skip: int = 0):
        """A parameter: what the file's calls of the function pass for it (by position or keyword); for a method,
        ``calls`` are the class's ``self.method(...)`` calls and ``skip`` (1) drops ``self`` from the positions."""
        params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)][skip:]
        index = params.index(name) if name in params else None

        def arguments():
            for call, caller in (self.provenance.calls.get(function.name, ()) if calls is None else calls):
                argument = next((kw.value for kw in call.keywords if kw.arg == name), None)
                if argument is None and index is not None and index < len(call.args) and \
                        not any(isinstance(arg, ast.Starred) for arg in call.args[:index + 1]):
                    argument = call.args[index]
                yield argument, caller

        return self._first(arguments(), depth)

    def _returned(self, name: str, position: int | None, depth: int, call: ast.Call | None = None):
        """What the file's own plain function returns (item ``position`` of a returned tuple display); for a known
        ``call``, not the returns under ``if <flag>:`` for a flag the call leaves at a false default (_off_returns)."""
        scope, function = self.provenance.functions[name]
        skipped = _off_returns(function, call) if call is not None else frozenset()
        key = (scope, f"return#{position}#{sorted(skipped)}")
        if key in self.seen:  # each function's returns are read once per question
            return None
        self.seen.add(key)

        def returned():
            for node in own_statements(function):
                if not isinstance(node, ast.Return) or node.value is None or id(node) in skipped:
                    continue
                value = node.value
                if position is not None and isinstance(value, ast.Tuple):
                    if position >= len(value.elts):
                        continue
                    value = value.elts[position]
                yield value, scope

        return self._first(returned(), depth)

    def _with_instances(self, ref: tuple[str, str], call: ast.Call, scope: int, depth: int) -> tuple[str, str]:
        """Another module's function given an instance of an imported class (``validate(..., metrics=metrics)``
        after ``metrics = StreamSegMetrics(n)``): the reference spells it (passedinstances.py), since what the
        function returns may be a method of it."""
        if "." in ref[1] or ref[1][:1].isupper():
            return ref  # a class or a method: what it returns is its own
        passed = []
        arguments = [(kw.arg, kw.value) for kw in call.keywords if kw.arg is not None]
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                break
            arguments.append((str(index), arg))
        for key, arg in arguments:
            if isinstance(arg, ast.Name) and isinstance(found := self.value(arg, scope, depth + 1), tuple) and \
                    found[0] not in (KEYWORDS, POSITIONS) and found[1][:1].isupper() and \
                    not any(mark in found[1] for mark in ".#("):
                passed.append((key, found[0], found[1]))
        return ref[0], spell(ref[1], passed)

    def _first(self, values, depth: int):
        """Of (value, scope) pairs, read in turn: True as soon as one is numpy, else the first reference one
        gives, else None."""
        found = None
        for value, scope in values:
            result = self.value(value, scope, depth + 1)
            if result is True:
                return True
            found = found or result
        return found

    def _call(self, call: ast.Call, scope: int, depth: int):
        func = call.func
        callee = dotted_name(func) or ""
        last = callee.rsplit(".", 1)[-1] if callee else (func.attr if isinstance(func, ast.Attribute) else "")
        if isinstance(func, ast.Name):
            if func.id in _PLAIN_CALLS:
                return None
            if func.id == "round":  # round(x) is an int; round(np.float64(x), n) stays an np.float64
                return self.value(call.args[0], scope, depth + 1) if len(call.args) == 2 else None
            if func.id in _EITHER and len(call.args) >= 2:
                for arg in call.args:
                    if (found := self.value(arg, scope, depth + 1)) is not None:
                        return found
                return None
        if callee.partition(".")[0] in NUMPY_MODULES and not self.provenance.binds(callee.partition(".")[0], scope):
            return None if plain_numpy(callee, call) else True
        if isinstance(func, ast.Attribute) and last == "parse_args":
            return True  # parser.parse_args(): an argparse Namespace, refused too (GLOBAL argparse.Namespace)
        if (original := copied(call)) is not None:
            return self.value(original, scope, depth + 1)  # deepcopy(xargs): a copy holds what the original does
        if isinstance(func, ast.Attribute):
            if last == "numpy":
                return True
            if last in _PLAIN_METHODS:
                return None
        if (ref := self.call_ref(call, scope)) is not None:
            return self._with_instances(ref, call, scope, depth)
        if isinstance(func, ast.Name) and func.id in self.provenance.functions:
            return self._returned(func.id, None, depth, call)
        if callee and self.local_numpy(callee.removeprefix("self.")):
            return True
        if isinstance(func, ast.Attribute):
            receiver = self.value(func.value, scope, depth + 1)
            if receiver is True:
                return True  # np.diag(h).sum(), scores.mean(): a method of a numpy value gives numpy back
            if isinstance(receiver, tuple) and "#" not in receiver[1]:
                # metrics.get_results() where metrics holds StreamSegMetrics(n) of another module: its method
                # (a reference that names no class there is simply not found by the project pass)
                return receiver[0], f"{receiver[1]}.{func.attr}"
        return None


def _item_name(node: ast.AST) -> str | None:
    """``best["auc"]`` -> ``best['auc']``: a plain name's item under a string key (without dots), as bindings key it."""
    if node.__class__ is ast.Subscript and node.value.__class__ is ast.Name and node.slice.__class__ is ast.Constant \
            and isinstance(key := node.slice.value, str) and "." not in key:
        return f"{node.value.id}[{key!r}]"
    return None


def _keeps_kind(value: ast.expr, name: str) -> bool:
    """``x = x.astype(bool)``, ``x = x * 2``: made from the name itself the way a numpy value stays numpy (a method
    other than ``item``/``tolist``/..., arithmetic), so what the name held before decides."""
    if isinstance(value, ast.BinOp):
        return dotted_name(value.left) == name or dotted_name(value.right) == name
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
        value.func.attr not in _PLAIN_METHODS and dotted_name(value.func.value) == name


def _mentions(value: ast.expr, name: str) -> bool:
    """``value`` reads ``name`` (``x`` or ``self.x``)."""
    return any(dotted_name(node) == name for node in walk_nodes(value) if isinstance(node, (ast.Name, ast.Attribute)))

