"""The file names a load reads and a save writes: constants, templates, loops over checkpoint lists, path parameters.

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations

import ast

from .checkpoints import names_ckpt_file
from .ckptfile import file_name
from .imports import dotted_name, walk_nodes
from .loadedforms import (PLAIN_ANNOTATIONS, fills_a_pattern, is_path_method_call, path_key, scalar_annotation)


class PathNames:
    def _spelled_path(self, node: ast.expr, scope: int) -> str | None:
        """The path expression as written (through a name bound to it here), when it holds a string literal."""
        if isinstance(node, ast.Name):
            node = self.path_exprs.get((scope, node.id), node)
        if isinstance(node, ast.Name) or not (is_path_method_call(node) or any(
                isinstance(n, ast.Constant) and isinstance(n.value, str) for n in walk_nodes(node))):
            return None
        return ast.dump(node, annotate_fields=False, include_attributes=False)

    def file_name(self, node: ast.expr, scope: int) -> str | None:
        """:func:`ckptfile.file_name`, through a name bound to such a path in this scope."""
        if isinstance(node, ast.Name):
            return self.path_names.get((scope, node.id))
        return self._constant_file_name(node)

    def _constant_file_name(self, node: ast.expr) -> str | None:
        """:func:`ckptfile.file_name`, the last part also a module constant naming the file (``os.path.join(d,
        HYPERPARAMS_FILE)`` after ``HYPERPARAMS_FILE = 'hyperparams.pt'``, bound once)."""
        last = node.args[-1] if isinstance(node, ast.Call) and node.args else \
            node.right if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) else None
        if isinstance(last, ast.Name) and (constant := self.file_constants.get(last.id)) is not None:
            return file_name(ast.Constant(constant)) if file_name(
                ast.Call(func=node.func, args=[*node.args[:-1], ast.Constant(constant)], keywords=[])
                if isinstance(node, ast.Call) else ast.BinOp(node.left, node.op, ast.Constant(constant))) else None
        return file_name(node)

    def file_names(self, node: ast.expr, scope: int) -> set[str]:
        """The file names a save's path spells: the one of :meth:`file_name`, or each of a loop over a list of paths."""
        if (named := self.file_name(node, scope)) is not None:
            return {named}
        return set(self.path_lists.get((scope, node.id), ())) if isinstance(node, ast.Name) else set()

    def _ckpt_list(self, node: ast.expr, scope: int) -> bool:
        """A list or tuple of visibly .ckpt paths: a display, or a name bound to one here or at module level."""
        if isinstance(node, ast.Name):
            return (scope, node.id) in self.ckpt_lists or (0, node.id) in self.ckpt_lists
        return isinstance(node, (ast.List, ast.Tuple)) and bool(node.elts) and all(map(names_ckpt_file, node.elts))

    def note_loop_paths(self, target: ast.expr, iterable: ast.expr, scope: int) -> None:
        """``for checkpoint_path in checkpoint_paths`` (or over a list display of paths): the loop variable takes each.
        Over a list of .ckpt paths (zipped or enumerated too) it names a .ckpt file each time (see ckpt_lists), which
        quiet files keep too: the project pass reads calls given a .ckpt path."""
        if self.ckpt_lists or isinstance(iterable, (ast.List, ast.Tuple, ast.Call)):
            self._note_ckpt_loop(target, iterable, scope)
        if self.quiet:
            return
        if not isinstance(target, ast.Name):
            return
        if isinstance(iterable, ast.Name):
            named = self.path_lists.get((scope, iterable.id))
        elif isinstance(iterable, (ast.List, ast.Tuple)):
            named = {name for element in iterable.elts if (name := self.file_name(element, scope))}
        else:
            named = None
        if named:
            self.path_lists[(scope, target.id)] = set(named)

    def _note_ckpt_loop(self, target: ast.expr, iterable: ast.expr, scope: int) -> None:
        pairs: list[tuple[ast.expr, ast.expr]] = [(target, iterable)]
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and isinstance(target, ast.Tuple) \
                and not iterable.keywords and not any(isinstance(a, ast.Starred) for a in iterable.args):
            if iterable.func.id == "zip":
                pairs = list(zip(target.elts, iterable.args))
            elif iterable.func.id == "enumerate" and len(target.elts) == 2 and len(iterable.args) == 1:
                pairs = [(target.elts[1], iterable.args[0])]
        for variable, source in pairs:
            if isinstance(variable, ast.Name) and self._ckpt_list(source, scope):
                self.ckpt_names.setdefault(scope, set()).add(variable.id)

    def path_parameter(self, call: ast.Call, scope: int) -> tuple[str, int] | None:
        """(function, position) when the load reads a path parameter of its plain function: callers decide it."""
        path = call.args[0] if call.args else None
        function = self.functions.get(scope)
        if isinstance(path, ast.Name) and function is not None and path.id in function[1]:
            return function[0], function[1].index(path.id)
        return None

    def note_annotated_params(self, scope: int, arguments) -> None:
        """``random_states: RandomStates``: a parameter annotated with a class (not a tensor, a container or a
        typing name) holds an instance of it, which weights_only refuses when the function saves it."""
        for argument in arguments:
            name = (dotted_name(argument.annotation) or "").rsplit(".", 1)[-1] if argument.annotation else ""
            if name[:1].isupper() and name not in PLAIN_ANNOTATIONS:
                self.annotated_objects[(scope, argument.arg)] = name
            elif argument.annotation is not None and scalar_annotation(argument.annotation):
                self.annotated_plain.setdefault(scope, set()).add(argument.arg)

    def opened_path(self, path: ast.expr, scope: int) -> ast.expr:
        """The path a handle of an enclosing ``with open(p) as f`` opened (p for f), or the pattern a name the
        function binds once holds (``out = os.path.join(d, "optim.{0}.bin".format(i))``, then ``torch.save(s,
        out)``); any other path as it is."""
        if isinstance(path, ast.Name) and (opened := self.open_handles.get((scope, path.id))) is not None:
            return opened
        if isinstance(path, ast.Name) and len(bound := self.provenance.bindings.get((scope, path.id), ())) == 1:
            value, position, _ = bound[0]
            if position is None and isinstance(value, ast.Call) and any(map(fills_a_pattern, ast.walk(value))):
                return value  # os.path.join(d, "optim.{0}.bin".format(i)): a file family a load may read
        return path

    def file_key(self, path: ast.expr, scope: int) -> tuple[int, str]:
        """path_key of the file a path expression names (see opened_path)."""
        return path_key(self.opened_path(path, scope), scope)

    def load_key(self, call: ast.Call, scope: int) -> tuple[int, str]:
        """path_key of the file a load reads: the path its handle's ``with`` opened, where the load ran in one."""
        return path_key(self.load_handles.get(id(call), call.args[0]), scope)

    def note_load(self, call: ast.Call, scope: int) -> None:
        self.load_ids.add(id(call))
        if call.args and (opened := self.opened_path(call.args[0], scope)) is not call.args[0]:
            self.load_handles[id(call)] = opened  # kept now: after the walk, f may name another with's file
        if (bound := self.bindings.get(id(call))) is not None:
            self.loaded.add(bound)

