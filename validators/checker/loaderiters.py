"""``batch = loader_iter.next()``: the Python 2 spelling on a DataLoader's iterator, gone since torch 1.13.

A DataLoader's iterator kept a ``next`` alias of ``__next__`` up to 1.12; from 1.13 the call raises
``AttributeError: '_SingleProcessDataLoaderIter' object has no attribute 'next'`` (``_MultiProcessingDataLoaderIter``
with workers). Many projects give their own iterator classes the same alias (``next = __next__``), so a receiver is
taken for a DataLoader's iterator only where the file binds it to ``iter(...)`` (or ``....__iter__()``) of a loader:
a ``DataLoader(...)`` call, or a name whose last part says loader (``train_loader``, ``self.trainloader``: a parameter,
a copy of one) that the file builds with no call but ``DataLoader(...)`` or a function named for loaders
(``tg.get_data_loader(task)``, ``data_loader.load_training(...)``); ml-mdm's ``train_loader``, made by its own reader's ``get_dataset_partition``, is an
mlx stream. A list built of such iterators (``[iter(loaders[k]) for k in ...]``, or filled only by ``.append(iter(loader))`` and
``iters[i] = iter(loaders[i])``) holds one in each item, and so does a loop's variable over it (``for i, it in
enumerate(iters): it.next()``). A name of any spelling that every binding in the file makes a ``DataLoader(...)`` (``dl_train``) is a
loader too. ``iter(loader).next()`` written in one expression counts too, and so does an entry of a dict of loaders
at any depth (``iter(dataloaders["test"])``, ``iter(loaders["meta_train"]["train"][task])``) or of a container whose every stored item is a loader (``train_sets[i] =
DataLoader(...)`` ... ``iter(train_sets[k])``), and a dict or list comprehension of iterators over the entries of
a container named for loaders (``{k: iter(v) for k, v in self.train_loaders.items()}``).
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import assigned_pairs, dotted_name, walk_tree

_LOADER = re.compile(r".*loader.*", re.IGNORECASE)
_DATALOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})


def _builds_loader(call: ast.Call, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``DataLoader(...)``, or a project function named for what it builds (``tg.get_data_loader(task)``,
    ``build_dataloader(cfg)``) or held by a module named so (``data_loader.load_training(root, name)``) that is not
    torch's or another library's own call."""
    api = resolve(call.func) or ""
    if api in _DATALOADERS:
        return True
    return any(_LOADER.fullmatch(part) for part in (dotted_name(call.func) or "").split(".")) and \
        not api.startswith("torch.")


def loader_iterator_next_calls(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                               text: str | None = None) -> Iterator[ast.Call]:
    """Each argument-less ``.next()`` call on a DataLoader's iterator (module docstring)."""
    if text is not None and ".next()" not in text:
        return
    assigned: dict[str, list[ast.expr]] = {}  # dotted target -> the values the file binds it to
    stored: dict[str, list[ast.expr]] = {}  # dotted container -> the values the file stores as its items
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:  # a_iter, b_iter = iter(a_loader), iter(b_loader)
            for part, bound_value in assigned_pairs(node.targets[0], node.value):
                if dotted := dotted_name(part):
                    assigned.setdefault(dotted, []).append(bound_value)
                elif isinstance(part, ast.Subscript) and (container := dotted_name(part.value)):
                    stored.setdefault(container, []).append(bound_value)
    appended: dict[str, list[ast.expr]] = {}  # dotted list -> the values the file appends to it
    for node in walk_tree(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" \
                and len(node.args) == 1 and not node.keywords and (container := dotted_name(node.func.value)):
            appended.setdefault(container, []).append(node.args[0])
    # dl_train = DataLoader(...): a name of any spelling the file binds to torch's loaders only
    built = {name for name, values in assigned.items()
             if all(isinstance(value, ast.Call) and resolve(value.func) in _DATALOADERS for value in values)}
    # im_train_set[i] = DataLoader(...), loaders.append(loader): a container the file fills with loaders only
    containers = {name for name in stored.keys() | appended.keys()
                  if all(isinstance(value, ast.Call) and _builds_loader(value, resolve)
                         or isinstance(value, ast.Name) and value.id in built
                         for value in (*stored.get(name, ()), *appended.get(name, ())))}
    # made by some other call (reader.get_dataset_partition(...)) and never by DataLoader(...); a name only copied
    # (self.data_loader = data_loader) tells nothing
    other = {name for name, values in assigned.items()
             if any(isinstance(value, ast.Call) and not _builds_loader(value, resolve) and not _iterates(value)
                    for value in values)}  # (loader = iter(loader) rebinds the loader's name to its iterator)
    # def test(net, dataset): ... test(crnn, test_loader): a parameter every call of its function passes a loader
    built |= _fed_loaders(tree, resolve, assigned, other, built)
    bound = {name for name, values in assigned.items()
             if any(_loader_iterator(value, resolve, other, containers, built) for value in values)}
    # iter_test = [iter(loader[name + str(i)]) for i in range(10)]: each item is a loader's iterator
    listed = {name for name, values in assigned.items()
              if any(isinstance(value, ast.ListComp) and _loader_iterator(value.elt, resolve, other, containers, built)
                     or _iterators_of_loaders(value) for value in values)}
    # iters.append(iter(loader)) and iters[i] = iter(loaders[i]) only: a list of loader iterators
    listed |= {name for name, values in appended.items()
               if all(_loader_iterator(value, resolve, other, containers, built)
                      for value in (*values, *stored.get(name, ())))}
    # for i, loader_iter in enumerate(iters): each one is an iterator
    for node in walk_tree(tree):
        if isinstance(node, ast.For) and (target := _item_target(node, listed)) is not None:
            bound.add(target)
    for node in walk_tree(tree):
        if isinstance(node, ast.Call) and not node.args and not node.keywords \
                and isinstance(node.func, ast.Attribute) and node.func.attr == "next" \
                and (_loader_iterator(node.func.value, resolve, other, containers, built)
                     or dotted_name(node.func.value) in bound
                     or isinstance(node.func.value, ast.Subscript) and dotted_name(node.func.value.value) in listed):
            yield node


def _fed_loaders(tree: ast.AST, resolve, assigned: dict[str, list[ast.expr]], other: set[str],
                 built: set[str]) -> set[str]:
    """Parameter names that hold a loader wherever they are parameters: each function of the file with such a
    parameter has a unique name, is called by that name at least once, and every call passes a loader for it
    (``DataLoader(...)``, a name bound only to one, or a name that says loader), by position or keyword. A name
    the file also assigns is left out (which value a use sees is unknown)."""
    functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    calls: dict[str, list[ast.Call]] = {}
    for node in walk_tree(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls.setdefault(node.func.id, []).append(node)

    def loader(value: ast.expr | None) -> bool:
        if isinstance(value, ast.Call):
            return resolve(value.func) in _DATALOADERS
        dotted = dotted_name(value) if value is not None else None
        return dotted is not None and (dotted in built or dotted not in other
                                       and bool(_LOADER.fullmatch(dotted.rsplit(".", 1)[-1])))

    fed: dict[str, bool] = {}
    for name, defined in functions.items():
        for function in defined:
            arguments = function.args
            positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
            for index, parameter in enumerate([*positional, *(a.arg for a in arguments.kwonlyargs)]):
                passed = [_passed(call, parameter, index if index < len(positional) else None)
                          for call in calls.get(name, ())]
                fed[parameter] = fed.get(parameter, True) and len(defined) == 1 and bool(passed) and all(
                    loader(value) for value in passed)
    return {parameter for parameter, only in fed.items() if only and parameter not in assigned}


def _passed(call: ast.Call, parameter: str, index: int | None) -> ast.expr | None:
    """What ``call`` passes for the parameter at ``index`` (None: keyword-only) named ``parameter``."""
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    if index is not None and index < len(call.args):
        return call.args[index]
    return next((keyword.value for keyword in call.keywords if keyword.arg == parameter), None)


def _iterators_of_loaders(value: ast.expr) -> bool:
    """``{k: iter(v) for k, v in self.train_loaders.items()}``, ``dict([(k, iter(v)) for k, v in loaders.items()])``,
    ``[iter(v) for v in loaders.values()]``: a container of iterators, one over each entry of a container named for
    loaders (Hydra's multi-task trainers, then ``loader_iterators[task_id].next()``)."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" \
            and len(value.args) == 1 and isinstance(value.args[0], (ast.ListComp, ast.GeneratorExp)) \
            and isinstance(pair := value.args[0].elt, ast.Tuple) and len(pair.elts) == 2:
        generators, item = value.args[0].generators, pair.elts[1]
    elif isinstance(value, ast.DictComp):
        generators, item = value.generators, value.value
    elif isinstance(value, ast.ListComp):
        generators, item = value.generators, value.elt
    else:
        return False
    if not (len(generators) == 1 and isinstance(item, ast.Call) and _iterates(item)):
        return False
    source = item.args[0] if isinstance(item.func, ast.Name) and len(item.args) == 1 else \
        item.func.value if isinstance(item.func, ast.Attribute) else None
    loop = generators[0]
    container, target = loop.iter, loop.target
    if isinstance(container, ast.Call) and isinstance(container.func, ast.Attribute) and not container.args:
        if container.func.attr == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]
        elif container.func.attr != "values":
            return False
        container = container.func.value
    dotted = dotted_name(container)
    return isinstance(source, ast.Name) and isinstance(target, ast.Name) and source.id == target.id and \
        dotted is not None and dotted.rsplit(".", 1)[-1].lower().endswith("loaders")


def _item_target(loop: ast.For, listed: set[str]) -> str | None:
    """The name a loop binds to each item of a ``listed`` list: ``for it in iters``, ``for i, it in
    enumerate(iters)``."""
    source, target = loop.iter, loop.target
    if isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and source.func.id == "enumerate" \
            and len(source.args) == 1 and isinstance(target, ast.Tuple) and len(target.elts) == 2:
        source, target = source.args[0], target.elts[1]
    return target.id if isinstance(target, ast.Name) and dotted_name(source) in listed else None


def _iterates(call: ast.Call) -> bool:
    """``iter(x)`` or ``x.__iter__()``."""
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "iter") or (isinstance(func, ast.Attribute)
                                                                 and func.attr == "__iter__")


def _loader_iterator(node: ast.expr, resolve: Callable[[ast.AST], str | None], other: set[str],
                     containers: set[str] = frozenset(), built: set[str] = frozenset()) -> bool:
    """``iter(loader)``, ``loader.__iter__()``, ``iter(DataLoader(ds))``, ``iter(train_sets[k])`` of a container the
    file fills with loaders only (``containers``), ``iter(dl_train)`` of a name bound to ``DataLoader(...)`` calls only
    (``built``); ``other``: the names the file binds only to something else than a DataLoader."""
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Name) and node.func.id == "iter" and len(node.args) == 1 and not node.keywords:
        source = node.args[0]
    elif isinstance(node.func, ast.Attribute) and node.func.attr == "__iter__" and not node.args:
        source = node.func.value
    else:
        return False
    if isinstance(source, ast.Call):
        return resolve(source.func) in _DATALOADERS
    if isinstance(source, ast.Subscript) and dotted_name(source.value) in containers:
        return True
    if isinstance(source, ast.Subscript):
        while isinstance(source, ast.Subscript):  # iter(dataloaders["test"]), iter(loaders["train"][task]): an entry
            source = source.value
        dotted = dotted_name(source)
        if dotted is not None and dotted.rsplit(".", 1)[-1].lower().endswith("loaders"):
            return True  # a dict named for loaders, whatever made it (SHOT's dset_loaders = data_load(args))
    dotted = dotted_name(source)
    return dotted is not None and (dotted in built or dotted not in other
                                   and bool(_LOADER.fullmatch(dotted.rsplit(".", 1)[-1])))
