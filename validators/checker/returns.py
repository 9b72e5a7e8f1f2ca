"""Which functions of a module return something ``weights_only=True`` refuses, for saves in other modules.

A checkpoint saved as ``{"best_iou": best_iou, ...}`` holds an object when ``best_iou`` comes from a function
of another module of the project that returns one: ``score, _ = metrics.get_scores()`` where ``get_scores``
returns ``{"Mean IoU": np.nanmean(iu)}`` (an ``np.float64``: "Unsupported global: GLOBAL
numpy._core.multiarray.scalar" on torch 2.15). The saving file's walk records where such a value comes from
(the module an import names, and ``f`` or ``Class.method``); the project pass then reads the module that
defines it, once, only when a load reads that layout (:class:`ReturnIndex`).

A function returns an object when one of its ``return`` values is, or holds (in a dict, list or tuple display):
a numpy call's result (``np.nanmean(x)``, and arithmetic or methods on it other than ``tolist``/``item``), an
instance of a class the module defines, an ``argparse.Namespace``, or ``x.numpy()``. A class named by the
reference counts too: calling it builds an instance of the project's own class. ``float(x)``, ``int(x)``,
``x.item()`` are plain: ``AverageMeter.avg`` of ``float(loss)`` loads. A class's attributes that some method binds to
an object (``self.mean = np.zeros(n, np.float32)``) are objects in every method (``return {"indexes": self.indexes}``)
and, as ``Class.attr``, where another module saves them off an instance (``self.o_norm.mean``).
"""

from __future__ import annotations

import ast
import os
import re
import sys
from pathlib import Path
from typing import Callable

from .imports import dotted_name, is_torch_module, own_statements
from .passedinstances import parameter_methods, unspell
from .provenance import plain_numpy
from .source import parse_module_file

_PLAIN_METHODS = frozenset({"tolist", "item", "__str__", "format", "keys", "state_dict"})
_NAMESPACES = frozenset({"Namespace", "SimpleNamespace"})


# scikit-learn metrics that return NumPy arrays, whatever the release (its scalar scores are Python floats since 1.6)
_SKLEARN_ARRAYS = frozenset({"roc_curve", "precision_recall_curve", "det_curve", "confusion_matrix",
                             "multilabel_confusion_matrix"})


def sklearn_array_calls(tree: ast.Module) -> frozenset[str]:
    """The callee spellings that name one of _SKLEARN_ARRAYS through the module's imports: ``roc_curve`` after
    ``from sklearn.metrics import roc_curve``, ``metrics.roc_curve`` after ``from sklearn import metrics``."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("sklearn"):
            for alias in node.names:
                if node.module.startswith("sklearn.metrics") and alias.name in _SKLEARN_ARRAYS:
                    found.add(alias.asname or alias.name)
                elif node.module == "sklearn" and alias.name == "metrics":
                    found.update(f"{alias.asname or alias.name}.{name}" for name in _SKLEARN_ARRAYS)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in ("sklearn", "sklearn.metrics"):
                    local = alias.asname or alias.name
                    found.update(f"{local}.{name}" for name in _SKLEARN_ARRAYS)
    return frozenset(found)


class _Module:
    def __init__(self, tree: ast.Module, imported: Callable[[str], bool] | None = None) -> None:
        self.numpy = {alias.asname or alias.name for node in tree.body if isinstance(node, ast.Import)
                      for alias in node.names if alias.name == "numpy"}
        if not self.numpy and any(isinstance(node, ast.ImportFrom) and node.names[0].name == "*" for node in tree.body):
            # `from utils.fk import *` where fk.py does `import numpy as np`: np is numpy's usual name, which the module
            # does not import itself (provenance.py reads it by that name too)
            self.numpy = {"np"}
        self.sklearn_arrays = sklearn_array_calls(tree)
        # a function the module imports from another of the project: does it return an object (ReturnIndex asks)
        self.imported = imported
        self.classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
        # classes of third-party packages (``from attrdict import AttrDict``, ``from easydict import EasyDict``): an
        # instance is refused like one of the module's own (neither torch's nor the standard library's)
        self.classes |= {alias.asname or alias.name for node in tree.body if isinstance(node, ast.ImportFrom)
                         and not node.level and node.module and _third_party(node.module)
                         for alias in node.names if _CLASS_NAME.fullmatch(alias.name)}
        # module-level functions found to return an object so far -> what returns_object gave them
        self.returning: dict[str, set[str]] = {}
        self.instances: set[str] = set()  # the names the function being read binds to an instance of a class

    def builds(self, value: ast.expr | None, built: set[str]) -> bool:
        """``value`` is, or holds, an object that weights_only refuses (see the module docstring)."""
        if value is None:
            return False
        if isinstance(value, ast.Name):
            return value.id in built
        if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
            return any(self.builds(element, built) for element in value.elts)
        if isinstance(value, ast.Dict):
            return any(self.builds(element, built) for element in value.values)
        if isinstance(value, ast.Subscript):
            return self.builds(value.value, built)
        if isinstance(value, ast.BinOp):
            return self.builds(value.left, built) or self.builds(value.right, built)
        if isinstance(value, ast.Compare):  # pred[:n] == target[:n] of numpy arrays: a numpy bool array
            return any(self.builds(operand, built) for operand in (value.left, *value.comparators))
        if isinstance(value, ast.Attribute):
            return (dotted_name(value) or "") in built  # self.x, when bound above in the function
        if not isinstance(value, ast.Call):
            return False
        func = value.func
        if isinstance(func, ast.Attribute) and func.attr == "numpy":
            return True
        callee = dotted_name(func)
        if callee is not None:
            head, last = callee.partition(".")[0], callee.rsplit(".", 1)[-1]
            if (head in self.numpy and not plain_numpy(callee, value)) or last in _NAMESPACES or callee in self.classes:
                return True
            if "" in self.returning.get(callee, ()):  # fid = frechet_distance(...), a function above returning numpy
                return True
            if callee in self.sklearn_arrays:  # fprs, tprs, _ = roc_curve(labels, scores)
                return True
            if self.imported is not None and "." not in callee and self.imported(callee):
                return True  # eer = compute_eer(...) of ``from utils import compute_eer``, which returns numpy
        # np.diag(h).sum(): a method of a numpy value, except the ones that give plain Python back; not a method of an
        # instance (``meter.average()`` of an AverageMeter returns what the class's method does)
        return isinstance(func, ast.Attribute) and func.attr not in _PLAIN_METHODS and \
            not (isinstance(func.value, ast.Name) and func.value.id in self.instances) and self.builds(func.value, built)

    def returns_object(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                       attributes: frozenset[str] = frozenset()) -> set[str]:
        """``{""}`` when a return value holds an object; a function whose every return is a tuple display
        (``return scores, count``) also gets ``"#"`` and ``"#i"`` for each position holding one, so that
        ``mean, n = f()`` marks only what is at those positions. ``attributes``: the ``self.x`` its class binds to
        an object in any method (``return {"indexes": self.indexes}`` after ``self.indexes = np.arange(n)``)."""
        built: set[str] = set(attributes) | self._numpy_parameters(function)
        self.instances = {target.id for node in own_statements(function) if isinstance(node, ast.Assign)
                          and isinstance(node.value, ast.Call) and dotted_name(node.value.func) in self.classes
                          for target in node.targets if isinstance(target, ast.Name)}
        returns = []
        for node in own_statements(function):  # in source order: a name is built before the return reads it
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and \
                    self.builds(node.value, built):
                built.add(node.target.id)  # count += (pred == target).sum(): 0 + a numpy scalar is numpy
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                built.update(self._items(node.target, node.iter, built))
            elif isinstance(node, ast.Assign) and self.builds(node.value, built):
                positions = self._positions(node.value)
                for target in node.targets:
                    elements = target.elts if isinstance(target, ast.Tuple) else [target]
                    for i, element in enumerate(elements):
                        while isinstance(element, ast.Subscript):
                            element = element.value  # rng["numpy"] = np.random.get_state(): the dict holds it
                        if (name := dotted_name(element)) is not None and (
                                positions is None or not isinstance(target, ast.Tuple) or f"#{i}" in positions):
                            built.add(name)
            elif isinstance(node, ast.Return):
                returns.append(node.value)
        found = {""} if any(self.builds(value, built) for value in returns) else set()
        if found and returns and all(isinstance(value, ast.Tuple) for value in returns):
            found.add("#")
            found.update(f"#{i}" for value in returns for i, element in enumerate(value.elts)
                         if self.builds(element, built))
        return found

    def _numpy_parameters(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
        """The parameters annotated as numpy arrays (``batch_predictions: np.ndarray``), or as containers of them
        (``predictions: List[np.ndarray]``: each item read off them is one)."""
        arguments = function.args
        return {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
                if a.annotation is not None and any(
                    (dotted := dotted_name(node) or "").partition(".")[0] in self.numpy and dotted.endswith(".ndarray")
                    for node in ast.walk(a.annotation) if isinstance(node, ast.Attribute))} if self.numpy else set()

    def _items(self, target: ast.expr, iterable: ast.expr, built: set[str]) -> set[str]:
        """The loop names that take numpy items: ``for row in array``, ``for a, b in zip(array, other)``."""
        if isinstance(target, ast.Name):
            return {target.id} if self.builds(iterable, built) else set()
        if isinstance(target, ast.Tuple) and isinstance(iterable, ast.Call) and \
                isinstance(iterable.func, ast.Name) and iterable.func.id == "zip":
            return {element.id for element, source in zip(target.elts, iterable.args)
                    if isinstance(element, ast.Name) and self.builds(source, built)}
        return set()

    def built_attributes(self, node: ast.ClassDef) -> frozenset[str]:
        """``self.x`` that some method of the class binds to an object (``self.mean = np.zeros(n, np.float32)``)."""
        return frozenset(name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                         for statement in own_statements(item) if isinstance(statement, ast.Assign)
                         and self.builds(statement.value, set()) for target in statement.targets
                         if (name := dotted_name(target) or "").startswith("self.") and name.count(".") == 1)

    def _positions(self, value: ast.expr) -> set[str] | None:
        """For ``a, b = f()`` with ``f`` a function of the module returning tuple displays: the positions holding an
        object (``#1``); None for any other value, all of whose targets are built."""
        callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
        suffixes = self.returning.get(callee or "", set())
        return suffixes if "#" in suffixes else None


def returned_objects(tree: ast.Module, imported: Callable[[str], bool] | None = None) -> set[str]:
    """``f`` and ``Class.method`` of this module that return an object, ``Class.attr`` that a method of the class
    binds to one (numpy, an instance of the module's class), and the module's class names; for
    functions returning tuple displays, ``f#`` and ``f#i`` for the positions that hold one. What a module-level
    function returns counts where another function of the module returns it (StudioGAN's ``calculate_fid`` returns
    ``frechet_inception_distance(...)``, numpy arithmetic), however deep the chain. ``imported``: whether a function
    the module imports from another of the project's modules returns an object (ReturnIndex follows the import)."""
    module = _Module(tree, imported)
    found = set(module.classes)
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for _ in functions:  # each round settles one more link of a chain of calls; most modules stop after one
        before = dict(module.returning)
        module.returning = {node.name: suffixes for node in functions if (suffixes := module.returns_object(node))}
        if module.returning == before:
            break
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.update(node.name + suffix for suffix in module.returning.get(node.name, ()))
        elif isinstance(node, ast.ClassDef):
            attributes = module.built_attributes(node)
            found.update(f"{node.name}.{item.name}{suffix}" for item in node.body
                         if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                         for suffix in module.returns_object(item, attributes))
            # the attributes themselves: ``self.o_norm.mean`` saved elsewhere, with ``self.o_norm = normalizer(n)``
            found.update(f"{node.name}.{name[5:]}" for name in attributes)
            if holds_scheduler(node):
                found.add(f"{node.name}.state_dict")
    return found


_CLASS_NAME = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*")  # AttrDict, EasyDict; not CONSTANT, not Tensor-less names
# numpy and pandas values are read as such above; a scipy sparse matrix or a sklearn estimator is refused too, but
# the names these packages export are mostly functions and dtypes
_NOT_CLASSES = frozenset({"numpy", "torch", "torchvision", "torchaudio", "torchtext", "typing", "typing_extensions",
                          "__future__", "tqdm", "matplotlib"})


def _third_party(module: str) -> bool:
    top = module.partition(".")[0]
    return top not in sys.stdlib_module_names and top not in _NOT_CLASSES


# torch's learning-rate schedulers: a subclass inherits ``state_dict()``, which is the instance's ``__dict__`` (the
# optimizer left out), so every attribute the subclass sets is saved with it
_SCHEDULERS = frozenset({"LRScheduler", "_LRScheduler", "StepLR", "MultiStepLR", "ExponentialLR", "CosineAnnealingLR",
                         "CosineAnnealingWarmRestarts", "ReduceLROnPlateau", "LambdaLR", "MultiplicativeLR", "CyclicLR",
                         "OneCycleLR", "LinearLR", "ConstantLR", "PolynomialLR"})
_HELD_SCHEDULER = re.compile(r"(?i)sched(uler)?")


def holds_scheduler(node: ast.ClassDef) -> bool:
    """A subclass of a torch scheduler that keeps another scheduler (``self.after_scheduler = after_scheduler``, a
    warm-up wrapper's; ``self.initial_scheduler = CyclicLR(...)``) and does not define ``state_dict`` itself: its
    state dict holds that scheduler object, which weights_only refuses ("Unsupported global: GLOBAL
    torch.optim.lr_scheduler.CosineAnnealingLR", run on 2.15)."""
    if not any((dotted_name(base) or "").rsplit(".", 1)[-1] in _SCHEDULERS for base in node.bases):
        return False
    methods = [item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if any(method.name == "state_dict" for method in methods):
        return False
    for method in methods:
        parameters = {a.arg for a in (*method.args.args, *method.args.kwonlyargs)}
        for statement in own_statements(method):
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            if not ((name := dotted_name(target) or "").startswith("self.") and name.count(".") == 1):
                continue
            if isinstance(value, ast.Name) and value.id in parameters and _HELD_SCHEDULER.search(value.id) or \
                    isinstance(value, ast.Call) and (dotted_name(value.func) or "").rsplit(".", 1)[-1] in _SCHEDULERS:
                return True
    return False


def any_returns_object(tree: ast.Module, functions: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> bool:
    """One of ``functions`` (defined in ``tree``) returns an object, as :func:`returned_objects` decides."""
    module = _Module(tree)
    return any(module.returns_object(function) for function in functions)


def module_suffix(module: str | None, level: int, importer: str) -> str | None:
    """The path (without ``.py``) a module import names: ``a.b`` -> ``a/b``; a relative one is resolved against
    the importing file (``from .metrics import f`` in ``/p/pkg/train.py`` -> ``/p/pkg/metrics``)."""
    parts = (module or "").split(".") if module else []
    if not level:
        return "/".join(parts) or None
    folder = os.path.dirname(os.path.abspath(importer))
    for _ in range(level - 1):
        folder = os.path.dirname(folder)
    return os.path.join(folder, *parts).replace(os.sep, "/")


def from_imported(node: ast.ImportFrom, importer: str) -> dict[str, tuple[str, str]]:
    """local name -> (module path suffix, imported name) for a from-import of a project module (not torch's):
    ``from .metrics import f as g`` -> ``{"g": ("/p/pkg/metrics", "f")}``."""
    if not node.level and is_torch_module(node.module or ""):
        return {}
    suffix = module_suffix(node.module, node.level, importer)
    return {} if suffix is None else {a.asname or a.name: (suffix, a.name) for a in node.names if a.name != "*"}


def imported_module_paths(node: ast.Import) -> dict[str, str]:
    """local name -> module path suffix for the modules an import statement binds (not torch's):
    ``import pkg.metrics as metrics`` -> ``{"metrics": "pkg/metrics"}``, ``import pkg.metrics`` -> ``{"pkg": "pkg"}``."""
    return {alias.asname or alias.name.partition(".")[0]:
            (alias.name if alias.asname else alias.name.partition(".")[0]).replace(".", "/")
            for alias in node.names if not is_torch_module(alias.name)}


def is_module_file(path: str, suffix: str) -> bool:
    """``path`` (absolute, with ``/``) is the file of the module ``suffix`` names (module_suffix): ``.../a/b.py`` or
    ``.../a/b/__init__.py`` for ``a/b``, or exactly that file for a relative import's absolute suffix."""
    return any(path == suffix + tail or path.endswith(f"/{suffix}{tail}") for tail in (".py", "/__init__.py"))


def _nearest(paths: list[str], near: str) -> str:
    """Of module files, the one fewest folder steps away from the file ``near`` (the first of equals)."""
    here = os.path.dirname(os.path.abspath(near)).split(os.sep)

    def steps(path: str) -> int:
        there = os.path.dirname(path).split("/")
        common = next((i for i, (a, b) in enumerate(zip(here, there)) if a != b), min(len(here), len(there)))
        return len(here) + len(there) - 2 * common

    return min(paths, key=steps)


class ReturnIndex:
    """The files of one project by module name; each is parsed for :func:`returned_objects` the first time a
    reference into it is asked about, so the cost is one parse per module some saved layout draws from."""

    def __init__(self) -> None:
        self.by_stem: dict[str, list[str]] = {}  # "metrics" -> paths of metrics.py and metrics/__init__.py
        self.parsed: dict[str, set[str]] = {}
        self.classes: dict[str, set[str]] = {}
        self.reexports: dict[str, dict[str, str]] = {}  # path -> {name it imports: module path suffix}
        self.attributes: dict[str, set[str]] = {}  # path -> ``Class.attr`` a method binds to an object
        self.trees: dict[str, ast.Module | None] = {}

    def add(self, path: str) -> None:
        normalized = os.path.abspath(path).replace(os.sep, "/")
        folder, name = normalized.rsplit("/", 1)
        stem = folder.rsplit("/", 1)[-1] if name == "__init__.py" else name.removesuffix(".py")
        self.by_stem.setdefault(stem, []).append(normalized)

    def defining(self, suffix: str, qualname: str, follow: bool = True, near: str | None = None) -> str | None:
        """The project file that defines ``qualname`` in module ``suffix`` and returns an object from it (or
        defines it as a class). A package that only re-exports the name (``from .stream_metrics import
        StreamSegMetrics`` in ``metrics/__init__.py``) is followed to the module it names, once. ``near``: the file
        that imports it; where several files are that module (``test.py`` in two experiment folders), the import
        names the one nearest to it."""
        stem = suffix.rsplit("/", 1)[-1]
        paths = [path for path in self.by_stem.get(stem, ()) if is_module_file(path, suffix)]
        if near is not None and len(paths) > 1:
            paths = [_nearest(paths, near)]
        for path in paths:
            objects = self._objects(path)
            function, _, position = qualname.partition("#")
            # `a, b = f()`: position i of a function returning tuple displays, else whatever f returns
            if qualname in objects or (position and function in objects and f"{function}#" not in objects):
                return path
            head = qualname.partition(".")[0].partition("#")[0]
            if follow and (source := self.reexports.get(path, {}).get(head)) is not None and \
                    (found := self.defining(source, qualname, follow=False)) is not None:
                return found
        function, _, position = qualname.partition("#")
        name, passed = unspell(function)
        if not passed:
            return None
        # validate(metrics=metrics:StreamSegMetrics): validate alone, else a method of what the caller passes
        if (found := self.defining(suffix, name + (f"#{position}" if position else ""), follow, near)) is not None:
            return found
        for path in paths:
            if (tree := self.trees.get(path)) is None:
                continue
            for key, instance_suffix, cls in passed:
                if any(self.defining(instance_suffix, f"{cls}.{method}", near=path) is not None
                       for method in sorted(parameter_methods(tree, name, key, position))):
                    return path
        return None

    def _imported_returns(self, tree: ast.Module, path: str) -> Callable[[str], bool]:
        """For the module at ``path``: whether a name it imports from a project module (``from utils import
        compute_eer``) is a function returning an object there, read from that module when first asked."""
        imports = {name: source for node in tree.body if isinstance(node, ast.ImportFrom)
                   for name, source in from_imported(node, path).items()}

        def returns(name: str) -> bool:
            source = imports.get(name)
            # functions only (a capitalised name is a class: what its instances hold is not asked here)
            return source is not None and not source[1][:1].isupper() and \
                self.defining(source[0], source[1], near=path) is not None

        return returns

    def is_class(self, path: str, qualname: str) -> bool:
        return qualname in self.classes.get(path, ())

    def is_attribute(self, path: str, qualname: str) -> bool:
        return qualname in self.attributes.get(path, ())

    def _objects(self, path: str) -> set[str]:
        if path not in self.parsed:
            tree = self.trees[path] = parse_module_file(Path(path))
            self.parsed[path] = set()  # (a module importing from one that imports from it back: asked once)
            self.parsed[path] = returned_objects(tree, self._imported_returns(tree, path)) if tree is not None else set()
            self.classes[path] = {node.name for node in tree.body if isinstance(node, ast.ClassDef)} if tree else set()
            module = _Module(tree) if tree is not None else None
            self.attributes[path] = {f"{node.name}.{name[5:]}" for node in (tree.body if tree else ())
                                     if isinstance(node, ast.ClassDef) for name in module.built_attributes(node)}
            self.reexports[path] = {alias.asname or alias.name: suffix for node in (tree.body if tree else ())
                                    if isinstance(node, ast.ImportFrom)
                                    and (suffix := module_suffix(node.module, node.level, path)) is not None
                                    for alias in node.names}
        return self.parsed[path]
