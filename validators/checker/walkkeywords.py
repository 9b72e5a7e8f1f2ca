"""Keyword arguments for the walker: a call's keywords read through ``**kwargs`` spread from a literal dict, a dict
of the project, an instance attribute the constructor fills, or a parameter a caller forwards (spread.py,
forwarded.py), and the probes that try a call's keywords against the rules.
"""

from __future__ import annotations

import ast

from .classdicts import instance_keyword_dicts
from .moduledicts import filled_names, module_keyword_dicts
from .finding import Finding
from .imports import subnodes
from .guards import guard_outcome, is_version_guard
from .forwarded import ForwardedDefault, quiet_defaults
from .patterns import literal_keywords


class KeywordSpreading:
    def _probe(self, node: ast.Call) -> ast.Call:
        """The call as the rules should see it: ``**kwargs`` built as a literal dict in this scope spelled
        out (``export(m, x, f, **opts)`` after ``opts = dict(dynamic_axes=...)``), and a first argument
        that names a set built here (``params = set(a.parameters()) | set(b.parameters())``) as a set."""
        keywords, args = node.keywords, node.args
        if any(kw.arg is None for kw in keywords):
            spelled = []
            for kw in keywords:
                known = self._spread_keywords(kw.value) if kw.arg is None else [kw]
                spelled += [kw] if known is None else known  # an unknown `**` stays: it passes anything
            keywords = spelled
        if any(kw.value.__class__ is ast.IfExp for kw in keywords):
            keywords = [self._decided(kw) for kw in keywords]
        if any(kw.value.__class__ is ast.Name for kw in keywords) and (literals := self._module_literals()):
            keywords = [self._literal(kw, literals) for kw in keywords]
        if args and isinstance(args[0], ast.Name) and (self.scope, args[0].id) in self.sets:
            args = [ast.Set([args[0]]), *args[1:]]
        if keywords is node.keywords and args is node.args:
            return node
        probe = ast.Call(node.func, args, keywords)
        return ast.copy_location(probe, node)

    def _module_literals(self) -> dict[str, ast.Constant]:
        return self._module_numbers().literals()

    def _module_numbers(self) -> ModuleNumbers:
        if self.module_numbers is None:
            self.module_numbers = ModuleNumbers(self.tree)
        return self.module_numbers

    def _literal(self, keyword: ast.keyword, literals: dict[str, ast.Constant]) -> ast.keyword:
        """``eps=EPS`` with ``EPS = 1e-10`` bound once at module level (and not in the walked function): the literal
        itself, which the rules' literal values (``quiet_with``) can read."""
        value = keyword.value
        if value.__class__ is not ast.Name or value.id not in literals or (
                self.scope and self._bound_in_functions(value.id)):
            return keyword
        return ast.keyword(keyword.arg, literals[value.id])

    def _decided(self, keyword: ast.keyword) -> ast.keyword:
        """``dynamo=True if torch.__version__ >= "2.5" else False``: the branch a version check picks on the target
        (patterns.matches_call reads any other conditional value as either branch)."""
        value = keyword.value
        while value.__class__ is ast.IfExp and (taken := self._runs_on_target(value.test)) is not None:
            value = value.body if taken else value.orelse
        return keyword if value is keyword.value else ast.keyword(keyword.arg, value)

    def _spread_keywords(self, value: ast.expr) -> list[ast.keyword] | None:
        """What ``**value`` passes, where it is known: a literal dict bound in this scope, or at module level
        and not bound in the enclosing functions; ``self.x`` (``_instance_dict``); a dict another module of the
        project binds (``**onnx_helper.EXPORT_KWARGS``, ``_project_dict``); an inline dict."""
        if isinstance(value, ast.Name):
            known = self.keyword_dicts.get((self.scope, value.id))
            if known is not None or (self.scope and self._bound_in_functions(value.id)):
                return known
            if (0, value.id) in self.keyword_dicts:  # module level: unknown once a function fills or rebinds it
                if self.filled_dicts is None:
                    self.filled_dicts = filled_names(self.tree) if self.tree is not None else set()
                return None if value.id in self.filled_dicts else self.keyword_dicts[(0, value.id)]
            return self._project_dict(value)
        if isinstance(value, ast.Attribute):
            known = self._instance_dict(value)
            return known if known is not None else self._project_dict(value)
        return self._target_keywords(value)

    def _bound_in_functions(self, name: str) -> bool:
        """``name`` is a parameter of, or assigned in, the walked function or one enclosing it."""
        scope = self.scope
        while scope:
            function = self.scope_nodes.get(scope)
            if name in self.loads.params.get(scope, ()) or function is None or any(
                    isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)
                    for node in subnodes(function)):  # (no leaf is wanted; any one answers)
                return True
            scope = self.loads.provenance.parents.get(scope, 0)
        return False

    def _project_dict(self, value: ast.expr) -> list[ast.keyword] | None:
        """A keyword dict another module of the project binds once (moduledicts.py), as the branch its
        version or feature check picks on the target; None when unknown."""
        found = self.project_flags.defining_module(value) if self.project_flags is not None else None
        if found is None:
            return None
        dicts, imports = module_keyword_dicts(*found[0])
        chosen = dicts.get(found[1])
        while isinstance(chosen, ast.IfExp):
            if not is_version_guard(chosen.test, imports) or (taken := guard_outcome(
                    chosen.test, imports, (self.target.major, self.target.minor), self._removed,
                    removed_keyword=self._removed_keyword)) is None:
                return None
            chosen = chosen.body if taken else chosen.orelse
        return None if chosen is None else literal_keywords(chosen)

    def _target_keywords(self, value: ast.expr) -> list[ast.keyword] | None:
        """A literal dict's items as keywords (patterns.literal_keywords); for ``{"dynamo": False} if
        torch.__version__ >= "2.9" else {}`` those of the branch a version check picks on the target."""
        while isinstance(value, ast.IfExp) and (taken := self._runs_on_target(value.test)) is not None:
            value = value.body if taken else value.orelse
        return literal_keywords(value)

    def _without_forwarded(self, node: ast.Call) -> ast.Call:
        """``super().__init__(weight=weight, size_average=size_average)``: arguments that pass the enclosing
        function's own parameters on say what its callers pass, and most leave the defaults: a parameter whose
        default is a literal passes that literal (``reduction='elementwise_mean'`` in the subclass's signature), any
        other is left out; literals (``reduce=False``) stay."""
        params = self.loads.params.get(self.scope, set())
        function = self.scope_nodes.get(self.scope)
        defaults = {name: default for name, (_, default) in quiet_defaults(function).items()
                    if isinstance(default, ast.Constant) and default.value is not None} if isinstance(
            function, (ast.FunctionDef, ast.AsyncFunctionDef)) else {}

        def forwarded(value: ast.expr) -> bool:
            return isinstance(value, ast.Name) and value.id in params

        if not any(forwarded(a) for a in node.args) and not any(forwarded(kw.value) for kw in node.keywords):
            return node
        # a forwarded positional keeps its place (a later literal must not move), as its default or a placeholder
        args = [defaults.get(a.id, ast.Starred(ast.Name("_forwarded_"))) if forwarded(a) else a for a in node.args]
        keywords = [ast.keyword(kw.arg, defaults[kw.value.id]) if forwarded(kw.value) and kw.value.id in defaults
                    else kw for kw in node.keywords if not forwarded(kw.value) or kw.value.id in defaults]
        probe = ast.Call(node.func, args, keywords)
        return ast.copy_location(probe, node)

    def _note_deprecated_defaults(self, node: ast.Call, findings: list[Finding]) -> None:
        """Findings of ``super().__init__(reduction=reduction)`` made by the enclosing function's own default: kept
        by the project pass only while some call of that function can use the default (forwarded.py)."""
        function = self.scope_nodes.get(self.scope)
        if not findings or self.scope not in self.defaults_of or not isinstance(
                function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        callable_name, defaults = self.defaults_of[self.scope]
        arguments = function.args
        accepted = None if arguments.kwarg is not None else frozenset(
            a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)) - {"self"}
        passed = [value.id for value in (*node.args, *(kw.value for kw in node.keywords))
                  if isinstance(value, ast.Name) and value.id in defaults]
        self.call_sites.forwarded += [
            ForwardedDefault(callable_name, name, defaults[name][0], finding.line, finding.rule, deprecated=True,
                             accepted=accepted) for finding in findings for name in passed
            if isinstance(default := defaults[name][1], ast.Constant) and default.value is not None]

    def _instance_dict(self, value: ast.Attribute) -> list[ast.keyword] | None:
        """``**self.stft_params``: the keywords the enclosing class's ``__init__`` puts in it (classdicts.py)."""
        if not (self.class_nodes and isinstance(value.value, ast.Name) and value.value.id == "self"):
            return None
        owner = self.class_nodes[-1]
        if id(owner) not in self.instance_dicts:
            self.instance_dicts[id(owner)] = instance_keyword_dicts(owner, self._runs_on_target)
        return self.instance_dicts[id(owner)].get(value.attr)


class ModuleNumbers:
    """The module's literal constants (module_literals), read when first asked; as a container, the names bound to a
    number (``gamma = 0.5``: ``gamma * D(x)`` keeps D's 0-dim shape, walkbindings.py). A name no module-level statement
    binds to a literal is answered without counting the file's bindings."""

    def __init__(self, tree: ast.AST | None) -> None:
        self.tree = tree
        self._literals: dict[str, ast.Constant] | None = None
        self._literal_bound: frozenset[str] | None = None  # names some module-level statement binds to a literal

    def literals(self) -> dict[str, ast.Constant]:
        if self._literals is None:
            self._literals = module_literals(self.tree) if self.tree is not None else {}
        return self._literals

    def __contains__(self, name: str) -> bool:
        if self._literal_bound is None:
            self._literal_bound = frozenset(target.id for node in getattr(self.tree, "body", ())
                                            if node.__class__ is ast.Assign and node.value.__class__ is ast.Constant
                                            for target in node.targets if target.__class__ is ast.Name)
        literal = self.literals().get(name) if name in self._literal_bound else None
        return literal is not None and type(literal.value) in (int, float)


def module_literals(tree: ast.AST) -> dict[str, ast.Constant]:
    """Names the module binds once, at module level, to a number, bool or string literal, and no statement of the
    file binds again (``EPS = 1e-10``): name -> the literal."""
    counts: dict[str, int] = {}
    found: dict[str, ast.Constant] = {}
    for node in subnodes(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            counts[node.id] = counts.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                counts[name] = counts.get(name, 0) + 2  # rebound in a function
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = (alias.asname or alias.name).partition(".")[0]
                counts[name] = counts.get(name, 0) + 2
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                isinstance(target := statement.targets[0], ast.Name) and isinstance(statement.value, ast.Constant) and \
                type(statement.value.value) in (int, float, bool, str):
            found[target.id] = statement.value
    return {name: value for name, value in found.items() if counts.get(name) == 1}
