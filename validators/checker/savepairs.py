"""A file's own writer and reader of one checkpoint, joined by the names the file gives them.

A class (or a module) that ``torch.save``s objects in one function often reads the same file back in another,
where no path expression is shared: ``def model_save(fn): torch.save([model, criterion, optimizer], f)`` and
``def model_load(fn): ... torch.load(f)`` (``with open(fn) as f`` in both), ``save(self, fname)`` /
``load(cls, fname)`` of one class, or ``os.path.join(path, self.STATE_NAME)`` in ``save`` and
``os.path.join(path, cls.STATE_NAME)`` in ``load``. Two joins, both inside one class (or among one module's
top-level functions):

- a path parameter of a function whose name says it saves (``save``, ``model_save``, ``save_checkpoint``) and a
  path parameter of the function of the same name with ``load`` in its place: callers hand both the same file (the
  saver may join the name it is handed to its folder: ``os.path.join(self.config.CHECKPOINT_FOLDER, file_name)``);
- a class constant naming the file (``self.TRAINER_STATE_NAME``, ``cls.TRAINER_STATE_NAME``): one file wherever
  the class spells it.

A path passed through ``str()``, ``Path()`` or ``os.fspath()`` (``torch.save(obj, str(path))``; ``path =
Path(path_or_state)`` before ``torch.load(str(path))``) is the parameter it converts.

A path attribute joins them too: ``saved_model_file = kwargs.pop("saved_model_file", self.saved_model_file)`` before
the save, and ``self.saved_model_file = resume_file`` (or ``checkpoint_file = model_file or self.saved_model_file``)
before the load: the name stands for the file that attribute names, wherever in the file it is written.

A folder parameter joins them the same way: ``save(self, save_dir)`` writing ``os.path.join(save_dir, name)`` and
``load(self, save_dir)`` reading ``os.path.join(save_dir, chunk)`` (curl's replay buffer) keep their files in the one
folder callers hand both. So does a folder attribute of the class (a checkpoint manager's ``os.path.join(self.save_dir,
fname)`` in ``save`` and ``os.path.join(self.save_dir, self.ckpts[i]["file"])`` in ``load_best``), where the class
saves nothing plain into that folder.

A buffer read back into another buffer (``f_read = BytesIO(f_write.getvalue())``) holds what was saved into the
first: the load of the copy reads that save.
"""

from __future__ import annotations

import ast
import re

from .imports import dotted_name, state_dict_call

_VERB = re.compile(r"(?i)(^|_)(save|load)(_|$)")
# Conversions that name the same file: ``str(path)``, ``Path(path)``, ``os.fspath(path)``
_PATH_CONVERSIONS = frozenset({"str", "Path", "fspath"})


def _converted(node: ast.expr) -> ast.expr:
    """``str(Path(p))`` -> ``p``: the path a conversion names."""
    while isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and \
            (dotted_name(node.func) or "").rsplit(".", 1)[-1] in _PATH_CONVERSIONS:
        node = node.args[0]
    return node
_COPY_METHODS = frozenset({"getvalue", "read", "getbuffer"})


def _folder(path: ast.expr) -> str | None:
    """``os.path.join(save_dir, name)``, ``Path(save_dir) / name``: the name of the folder the path is in
    (``self.save_dir`` for a folder attribute)."""
    if isinstance(path, ast.Call) and isinstance(path.func, ast.Attribute) and path.func.attr == "join" \
            and len(path.args) >= 2 and isinstance(first := _converted(path.args[0]), ast.Name):
        return first.id
    if isinstance(path, ast.Call) and isinstance(path.func, ast.Attribute) and path.func.attr == "join" \
            and len(path.args) >= 2 and (folder := _path_attributes(_converted(path.args[0]))) and len(folder) == 1:
        return next(iter(folder))
    if isinstance(path, ast.BinOp) and isinstance(path.op, ast.Div) and isinstance(left := _converted(path.left), ast.Name):
        return left.id
    return None


def _named_by_parameter(path: ast.expr, params: frozenset[str]) -> bool:
    """``os.path.join(self.config.CHECKPOINT_FOLDER, file_name)`` with ``file_name`` a parameter: the saver's callers
    name the file (habitat trainers' ``save_checkpoint(f"ckpt.{n}.pth")``), its ``load_checkpoint`` is handed it."""
    return isinstance(path, ast.Call) and isinstance(path.func, ast.Attribute) and path.func.attr == "join" and \
        len(path.args) >= 2 and not path.keywords and isinstance(last := path.args[-1], ast.Name) and last.id in params


def _spells_name(path: ast.expr) -> bool:
    """``os.path.join(self.save_dir, "weights.pt")``: the file is named outright (the file-name evidence decides)."""
    return isinstance(path, ast.Call) and bool(path.args) and isinstance(path.args[-1], (ast.Constant, ast.JoinedStr))


def _stem(function: str) -> tuple[str, str] | None:
    """``model_save`` -> ("save", "model_"), ``load_checkpoint`` -> ("load", "_checkpoint"); None without the verb."""
    match = _VERB.search(function)
    if match is None:
        return None
    return match.group(2).lower(), (function[:match.start(2)] + "_" + function[match.end(2):]).lower()


def _class_constant(node: ast.expr) -> str | None:
    """``self.STATE_NAME``, ``cls.STATE_NAME``, or a path join ending in one: the class constant naming the file."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("join", "joinpath") \
            and node.args and not node.keywords:
        node = node.args[-1]
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        node = node.right
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls") \
            and node.attr.isupper() and len(node.attr) > 1:
        return node.attr
    return None


def _path_attributes(node: ast.expr) -> set[str]:
    """The ``self.x`` attributes a path expression may be: itself, either side of ``or``, either branch of a
    conditional expression, the default of ``kwargs.pop(key, self.x)`` / ``.get(key, self.x)``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return {f"self.{node.attr}"}
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return set().union(*(_path_attributes(value) for value in node.values))
    if isinstance(node, ast.IfExp):
        return _path_attributes(node.body) | _path_attributes(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("pop", "get") and \
            len(node.args) == 2:
        return _path_attributes(node.args[1])
    return set()


def is_plain_layout(value: ast.expr) -> bool:
    """A dict literal of state dicts, ``vars(...)`` and constants: plain data whatever the project passes (a
    parameter, ``**kwargs`` or ``self.config`` could turn out to be an object once the project is known)."""
    return isinstance(value, ast.Dict) and bool(value.values) and None not in value.keys and all(
        isinstance(item, ast.Constant) or (
            isinstance(item, ast.Call) and isinstance(item.func, (ast.Attribute, ast.Name)) and
            (item.func.attr if isinstance(item.func, ast.Attribute) else item.func.id) in ("state_dict", "vars"))
        for item in value.values)


def opened_files(node: ast.With) -> list[tuple[str, ast.expr]]:
    """``with open(p, "rb") as f``: (``f``, p) for each item of the statement that opens a file under a name."""
    return [(item.optional_vars.id, item.context_expr.args[0]) for item in node.items
            if isinstance(item.optional_vars, ast.Name) and isinstance(item.context_expr, ast.Call)
            and item.context_expr.args and (dotted_name(item.context_expr.func) or "").rsplit(".", 1)[-1] == "open"]


class SaveLoadPairs:
    def __init__(self) -> None:
        self.functions: dict[int, tuple[str, str, frozenset[str]]] = {}  # scope -> (owner, name, path parameters)
        self.opened: dict[tuple[int, str], ast.expr] = {}  # (scope, f) of `with open(P) as f` -> P
        self.copies: dict[tuple[int, str], ast.Name] = {}  # (scope, f_read) -> f_write of BytesIO(f_write.read())
        self.converted: dict[tuple[int, str], str] = {}  # (scope, path) of ``path = Path(path_or_state)`` -> the name
        self.joined: dict[tuple[int, str], str] = {}  # (scope, path) of ``path = os.path.join(d, ...)`` -> d
        self.saved: dict[tuple[str, str, str], int] = {}  # (owner, "param"|"const", stem or constant) -> line
        self.path_attributes: dict[tuple[int, str], set[str]] = {}  # (scope, name) -> the self.x paths it stands for
        self.saved_attributes: dict[str, int] = {}  # self.x paths objects were saved to -> line
        # torch.save(self.get_state(), path): decided once the file is walked, by what that method returns
        self.method_saves: list[tuple[str, str, ast.expr, int, int]] = []  # (owner, method, path, scope, line)
        self.object_methods: set[tuple[str, str]] = set()  # (owner, method) returning something holding objects
        # the same joins for saves of plain data (state dicts): a load joined only to those reads a plain file
        self.plain_saved: set[tuple[str, str, str]] = set()
        self.plain_attributes: set[str] = set()
        self.plain_methods: set[tuple[str, str]] = set()  # (owner, method) returning a provably plain dict

    def note_function(self, scope: int, owner: str, name: str, params: list[str]) -> None:
        """A function of class ``owner`` ("" for a module-level function) and its parameters."""
        self.functions[scope] = (owner, name, frozenset(params) - {"self", "cls"})

    def note_with(self, scope: int, node: ast.With) -> None:
        for name, path in opened_files(node):
            self.opened[(scope, name)] = path

    def note_binding(self, scope: int, target: ast.AST, value: ast.expr) -> None:
        """``f_read = BytesIO(f_write.read())``: a copy of the buffer ``f_write``; ``f = a or self.path``,
        ``f = kwargs.pop("f", self.path)``, ``self.path = f``: the name ``f`` stands for the file ``self.path`` names."""
        if isinstance(target, ast.Name) and isinstance(source := _converted(value), ast.Name) and source is not value:
            self.converted[(scope, target.id)] = source.id
        if isinstance(target, ast.Name) and (folder := _folder(value)) is not None:
            self.joined[(scope, target.id)] = folder
        if isinstance(target, ast.Name) and (attributes := _path_attributes(value)):
            self.path_attributes.setdefault((scope, target.id), set()).update(attributes)
        elif isinstance(value, ast.Name) and (attributes := _path_attributes(target)):
            self.path_attributes.setdefault((scope, value.id), set()).update(attributes)
        if isinstance(target, ast.Name) and isinstance(value, ast.Call) and len(value.args) == 1 and \
                (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "BytesIO" and \
                isinstance(read := value.args[0], ast.Call) and isinstance(read.func, ast.Attribute) and \
                read.func.attr in _COPY_METHODS and isinstance(read.func.value, ast.Name):
            self.copies[(scope, target.id)] = read.func.value

    def buffer_copied(self, node: ast.expr, scope: int) -> ast.Name | None:
        """The buffer ``node`` (a name) copies, if any."""
        return self.copies.get((scope, node.id)) if isinstance(node, ast.Name) else None

    def _keys(self, path: ast.expr, scope: int) -> list[tuple[str, str, str]]:
        function = self.functions.get(scope)
        if function is None:
            return []
        owner, name, params = function
        path = _converted(path)
        if isinstance(path, ast.Name):
            path = self.opened.get((scope, path.id), path)
        if isinstance(path, ast.Name) and (source := self.converted.get((scope, path.id))) is not None:
            path = ast.Name(source)  # path = Path(path_or_state); torch.load(str(path)): the parameter's file
        keys = []
        if (constant := _class_constant(path)) is not None and owner:
            keys.append((owner, "const", constant))
        if isinstance(path, ast.Name) and path.id in params and (stem := _stem(name)) is not None:
            keys.append((owner, stem[0], stem[1]))
        elif _named_by_parameter(path, params) and (stem := _stem(name)) is not None and stem[0] == "save":
            keys.append((owner, stem[0], stem[1]))  # save_checkpoint(self, file_name): join(folder, file_name)
        folder = self.joined.get((scope, path.id)) if isinstance(path, ast.Name) else _folder(path)
        if folder in params and (stem := _stem(name)) is not None:
            keys.append((owner, stem[0], stem[1] + "/"))  # a file in the folder the parameter names
        if folder is not None and folder.startswith("self.") and owner and not _spells_name(path):
            keys.append((owner, "dir", folder))  # a file in the class's own checkpoint folder
        return keys

    def _joins(self, path: ast.expr, scope: int, side: str) -> list[tuple[str, str, str]]:
        """The keys that join a save and a load of ``path`` in this function, seen from ``side`` ("save" or "load"):
        a class constant joins either side; a path parameter of a ``*save*`` function joins the loads of the
        matching ``*load*`` function, both keyed as "param"."""
        return [(owner, "param" if kind == side else kind, name)
                for owner, kind, name in self._keys(path, scope) if kind in (side, "const", "dir")]

    def _attributes(self, path: ast.expr, scope: int) -> set[str]:
        if isinstance(path, ast.Name):
            return self.path_attributes.get((scope, path.id), set())
        return _path_attributes(path)

    def note_objects_saved(self, path: ast.expr, scope: int, line: int) -> None:
        """``torch.save`` wrote objects to ``path`` in this function."""
        for attribute in self._attributes(path, scope):
            self.saved_attributes.setdefault(attribute, line)
        for key in self._joins(path, scope, "save"):
            self.saved.setdefault(key, line)

    def note_plain_saved(self, path: ast.expr, scope: int) -> None:
        """``torch.save`` wrote plain data (a state dict) to ``path`` in this function (into the class's folder too,
        however the file is named)."""
        self.plain_attributes.update(self._attributes(path, scope))
        self.plain_saved.update(self._joins(path, scope, "save"))
        if (function := self.functions.get(scope)) is not None and function[0] and \
                (folder := _folder(_converted(path))) is not None and folder.startswith("self."):
            self.plain_saved.add((function[0], "dir", folder))

    def note_method_save(self, saved: ast.expr, path: ast.expr, scope: int, line: int) -> None:
        """``torch.save(self.getStateDict(), path)``: objects if that method of the class returns some, plain data
        otherwise; any other plain save is plain data."""
        if isinstance(saved, ast.Call) and isinstance(saved.func, ast.Attribute) and \
                isinstance(saved.func.value, ast.Name) and saved.func.value.id == "self" and \
                (function := self.functions.get(scope)) is not None and function[0]:
            self.method_saves.append((function[0], saved.func.attr, path, scope, line))
        elif is_plain_layout(saved) or state_dict_call(saved):
            self.note_plain_saved(path, scope)  # a dict of state dicts, or model.state_dict() itself

    def note_return(self, scope: int, value: ast.expr) -> None:
        """A method's return value that is plain whatever the project passes (see ``is_plain_layout``)."""
        if is_plain_layout(value) and (function := self.functions.get(scope)) is not None and function[0]:
            self.plain_methods.add((function[0], function[1]))

    def note_object_return(self, scope: int) -> None:
        """This function returns something holding objects (a dict with the project's config object in it)."""
        if (function := self.functions.get(scope)) is not None and function[0]:
            self.object_methods.add((function[0], function[1]))

    def _settle(self) -> None:
        for owner, method, path, scope, line in self.method_saves:
            if (owner, method) in self.object_methods:
                self.note_objects_saved(path, scope, line)
            elif (owner, method) in self.plain_methods:
                self.note_plain_saved(path, scope)
        self.method_saves = []

    def saved_line(self, path: ast.expr, scope: int) -> int | None:
        """The line of the save of objects this load's path is joined to, if any."""
        if self.method_saves:
            self._settle()
        for attribute in self._attributes(path, scope):
            if (line := self.saved_attributes.get(attribute)) is not None:
                return line
        # a folder joins only where the class saves nothing plain into it (a state dict beside the objects)
        return next((line for key in self._joins(path, scope, "load") if (line := self.saved.get(key)) is not None
                     and not (key[1] == "dir" and key in self.plain_saved)), None)

    def reads_plain_save(self, path: ast.expr, scope: int) -> bool:
        """This load is joined to a plain save of its class's own, and to no save of objects. Module-level
        functions are left to the project evidence: their saved dicts may hold a config the project's imports decide."""
        if self.saved_line(path, scope) is not None:
            return False
        return bool(self._attributes(path, scope) & self.plain_attributes) or any(
            key in self.plain_saved for key in self._joins(path, scope, "load") if key[0] and key[1] != "dir")
        # (a shared folder proves no file plain: it only joins a load to the class's saves of objects)
