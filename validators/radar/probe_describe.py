"""Describe the public names of imported modules: kind, parameters, removal stubs, deprecations.

Standard library only (runs inside the interpreter under test, see ``probe_collect.py``).
Every public path gets an entry; an object reachable under several paths is described
once, at the first (shallowest) path, and the others point to it with ``alias_of``.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import types
import warnings

import probe_signature
import probe_source

_CALLABLE = (types.FunctionType, types.BuiltinFunctionType, types.MethodDescriptorType,
             types.WrapperDescriptorType, types.ClassMethodDescriptorType)


class Surface:
    def __init__(self, package: str):
        self.package = package
        self.apis: dict[str, dict] = {}
        self._seen: dict[int, str] = {}  # id(object) -> the path it was described at
        self._keep: list = []  # objects whose id is a key of _seen stay alive

    def add_module(self, module, deprecated: str | None) -> None:
        name = module.__name__
        self._add(name, module, name)
        if deprecated:
            self.apis[name]["deprecated"] = deprecated
        for attr, value, warned in self._public_members(module):
            path = f"{name}.{attr}"
            self._add(path, value, name)
            if warned and "deprecated" not in self.apis[path]:
                self.apis[path]["deprecated"] = warned

    def add_named(self, dotted: str) -> bool:
        """Resolve a dotted name (private ones too) and describe it in full; False when it does not resolve."""
        if dotted in self.apis and "alias_of" not in self.apis[dotted]:
            return True
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                target = importlib.import_module(".".join(parts[:cut]))
            except BaseException:  # noqa: BLE001
                continue
            try:
                for attr in parts[cut:]:
                    target = getattr(target, attr)
            except BaseException:  # noqa: BLE001  (properties of odd objects may raise anything)
                return False
            self.apis[dotted] = self._describe(target, ".".join(parts[:cut]), dotted)
            return True
        return False

    def _public_members(self, module):
        """(name, value, deprecation warning issued on access): ``__all__`` plus public torch objects.

        Both, because a removed function may leave ``__all__`` yet stay behind as a raising stub.
        """
        declared = getattr(module, "__all__", None)
        if not (isinstance(declared, (list, tuple)) and all(isinstance(n, str) for n in declared)):
            declared = ()
        for attr in declared:
            if attr.startswith("_"):
                continue
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    value = getattr(module, attr)
                except BaseException:  # noqa: BLE001  (a lazy module __getattr__ may raise anything)
                    continue
            yield attr, value, _deprecation_warning(caught)
        listed = set(declared)
        for attr, value in list(vars(module).items()):
            if attr.startswith("_") or attr in listed:
                continue
            if isinstance(value, types.ModuleType):
                if value.__name__.startswith(self.package + "."):
                    yield attr, value, None
            elif (inspect.isclass(value) or isinstance(value, _CALLABLE)) and self._ours(value):
                yield attr, value, None

    def _ours(self, value) -> bool:
        module = getattr(value, "__module__", None) or ""
        return module == self.package or module.startswith(self.package + ".")

    def _add(self, path: str, value, module: str) -> None:
        if path in self.apis:
            return
        aliasable = inspect.isclass(value) or isinstance(value, (types.ModuleType, *_CALLABLE))
        if aliasable and id(value) in self._seen:
            first = self._seen[id(value)]
            if inspect.isclass(value) or not (_home(value, path) and not _home(value, first)):
                self.apis[path] = {"kind": _kind(value), "module": module, "alias_of": first}
                return
            # a function's defining module beats one that re-exports it and happened to be walked first
            self.apis[first] = {"kind": _kind(value), "module": self.apis[first]["module"], "alias_of": path}
        if aliasable:
            self._seen[id(value)] = path
            self._keep.append(value)
        self.apis[path] = self._describe(value, module, path)
        if inspect.isclass(value):
            for attr, member in _class_members(value):
                self._add_member(f"{path}.{attr}", member, module)

    def _add_member(self, path: str, member, module: str) -> None:
        """Like _add; the 27 legacy tensor types (torch.FloatTensor, ...) share torch.Tensor's very methods."""
        if path in self.apis:
            return
        shared = isinstance(member, _CALLABLE)
        if shared and id(member) in self._seen:
            first = self._seen[id(member)]
            if not (_defined_at(member, path) and not _defined_at(member, first)):
                self.apis[path] = {"kind": "method", "module": module, "alias_of": first}
                return
            # the class that defines it beats a class that merely copied it (BoolTensor before Tensor)
            self.apis[first] = {"kind": "method", "module": self.apis[first]["module"], "alias_of": path}
        if shared:
            self._seen[id(member)] = path
            self._keep.append(member)
        self.apis[path] = self._describe(member, module, path, True)

    def _describe(self, value, module: str, path: str, member: bool = False) -> dict:
        kind = _kind(value)
        entry: dict = {"kind": "method" if member and kind == "function" else kind, "module": module}
        if kind == "attribute":
            entry["type"] = type(value).__name__
            return entry
        if kind == "property":
            value = value.fget
        if kind == "module":
            return entry
        home = f"{getattr(value, '__module__', None)}.{getattr(value, '__qualname__', None)}"
        if not member and kind in ("class", "function") and home != path and "<" not in home:
            entry["home"] = home  # where it is defined: a removed re-export may live on there
        entry.update(probe_signature.signature(value, path.rsplit(".", 1)[-1], member))
        node = _source_node(value)
        if node is not None:
            raises = probe_source.always_raises(node) or _delegate_raises(value, node)
            if raises:
                entry["raises"] = raises
            warns = probe_source.deprecation(node)
            if warns:
                entry["deprecated"] = warns
            messages = probe_source.deprecations(node)
            if messages:
                entry["warns"] = messages  # every one, with its category: the surface records keep them all
        flagged = getattr(value, "__deprecated__", None)
        # @deprecated marks the wrapped original too: on a function, only the wrapper counts
        declared = inspect.isclass(value) or hasattr(value, "__wrapped__")
        if isinstance(flagged, str) and declared and "deprecated" not in entry:
            entry["deprecated"] = " ".join(flagged.split())[:300]
        return entry


def _source_node(value):
    """The def node to read: the function itself (unwrapped), or a class's own ``__init__``."""
    if inspect.isclass(value):
        value = vars(value).get("__init__")
    try:
        code = getattr(inspect.unwrap(value), "__code__", None) if value is not None else None
    except (ValueError, TypeError):  # a __wrapped__ cycle
        return None
    return probe_source.function_node(code) if isinstance(code, types.CodeType) else None


def _home(value, path: str) -> bool:
    return path == f"{getattr(value, '__module__', None)}.{getattr(value, '__name__', None)}"


def _defined_at(member, path: str) -> bool:
    return path.endswith("." + str(getattr(member, "__qualname__", "")))


def _deprecation_warning(caught) -> str | None:
    for warning in caught:
        if issubclass(warning.category, (DeprecationWarning, FutureWarning)):
            return " ".join(str(warning.message).split())[:300]
    return None


def _delegate_raises(value, node) -> str | None:
    """The error of the function this one only hands over to, if that one always raises."""
    target = probe_source.delegate(node)
    if target is None or inspect.isclass(value):
        return None
    module_name, name, level = target
    try:
        package = importlib.import_module(value.__module__).__package__ if level else None
        module = importlib.import_module(importlib.util.resolve_name("." * level + module_name, package))
        raises = probe_source.always_raises(_source_node(getattr(module, name)))
    except BaseException:  # noqa: BLE001  (a best-effort look one call deep)
        return None
    return raises


def _kind(value) -> str:
    if isinstance(value, types.ModuleType):
        return "module"
    if inspect.isclass(value):
        return "class"
    if isinstance(value, property):
        return "property"
    if callable(value) and isinstance(value, (*_CALLABLE, types.MethodType)) or inspect.isfunction(value):
        return "function"
    return "attribute"


def _class_members(cls):
    """Public members defined by the class itself or by a C base it wraps (torch.Tensor's methods)."""
    # only a direct C base: a subclass of torch.Tensor must not repeat the whole C tensor API
    sources = [cls, *(base for base in cls.__bases__ if (base.__module__ or "").endswith("._C"))]
    seen = set()
    for source in sources:
        for attr, raw in list(vars(source).items()):
            if attr.startswith("_") or attr in seen:
                continue
            seen.add(attr)
            value = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
            if isinstance(value, property) or inspect.isfunction(value) or isinstance(value, _CALLABLE):
                yield attr, value
