"""Walk a module's AST once and collect the findings for a target torch version."""

from __future__ import annotations

import ast

from ..markdown import Version
from .finding import Finding
from .imports import ImportMap, dotted_name, is_torch_module
from .patterns import LoadedObjects, matches_call
from .rule import Rule
from .ruleset import RuleSet

_LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.Constant)


class FindingCollector(ast.NodeVisitor):
    def __init__(self, rules: RuleSet, imports: ImportMap, target: Version, filename: str):
        self.rules, self.imports, self.target, self.filename = rules, imports, target, filename
        self.findings: dict[tuple, Finding] = {}
        self.loads = LoadedObjects()
        self.pending: list[tuple[Rule, ast.Call, str]] = []  # waiting for the whole scope to be seen
        self.scope = 0

    # A faster visit than NodeVisitor's: the method per node type is looked up once, and
    # leaves that never matter (Load/Store contexts, operators, constants) are not entered.
    _dispatch: dict[type, object] = {}

    def visit(self, node: ast.AST) -> None:
        kind = type(node)
        method = self._dispatch.get(kind)
        if method is None:
            method = self._dispatch[kind] = getattr(type(self), "visit_" + kind.__name__, type(self).generic_visit)
        method(self, node)

    def generic_visit(self, node: ast.AST) -> None:
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST) and not isinstance(item, _LEAVES):
                        self.visit(item)
            elif isinstance(value, ast.AST) and not isinstance(value, _LEAVES):
                self.visit(value)

    def collect(self, tree: ast.AST) -> list[Finding]:
        self.visit(tree)
        for rule, call, api in self.pending:
            if self.loads.is_object(call):
                self._report(call, api, [rule])
        return sorted(self.findings.values())

    # --- scopes and bindings -------------------------------------------------
    def _visit_scope(self, node: ast.AST) -> None:
        outer, self.scope = self.scope, id(node)
        self.generic_visit(node)
        self.scope = outer

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = _visit_scope

    def visit_Assign(self, node: ast.Assign) -> None:
        if isinstance(node.value, ast.Call) and len(node.targets) == 1:
            self.loads.bind(node.value, self.scope, node.targets[0])
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.value, ast.Call):
            self.loads.bind(node.value, self.scope, node.target)
        self.generic_visit(node)

    # --- names ------------------------------------------------------------------
    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or not is_torch_module(node.module or ""):
            return
        for alias in node.names:
            self._check_qualified(alias, f"{node.module}.{alias.name}")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_qualified(alias, alias.name)

    # Stores count too: setting a moved config flag (`torch.distributed.config.x = ...`) is the use.
    def visit_Name(self, node: ast.Name) -> None:
        self._check_name(node, node.id)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.loads.note_attribute(node, self.scope)
        dotted = dotted_name(node)
        if dotted is not None:
            self._check_name(node, dotted)
        self.generic_visit(node)

    def _check_name(self, node: ast.AST, dotted: str) -> None:
        qualified = self.imports.resolve(dotted, self.rules.knows)
        if qualified is not None:
            self._check_qualified(node, qualified)

    def _check_qualified(self, node: ast.AST, qualified: str) -> None:
        for api, rules in self.rules.name_rules(qualified):
            self._report(node, api, rules)

    # --- calls --------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        self.loads.note_call(node, self.scope)
        dotted = dotted_name(node.func)
        api = self.imports.resolve(dotted, self.rules.knows) if dotted else None
        if api is not None and api in self.rules.by_call:
            self._check_call(node, api, self.rules.by_call[api])
        if isinstance(node.func, ast.Attribute) and not self._receiver_is_module(node.func.value):
            self._check_method(node, node.func.attr)
        self.generic_visit(node)

    def _receiver_is_module(self, receiver: ast.AST) -> bool:
        """``torch.linalg.qr(A)`` and ``np.linalg.qr(A)`` are functions, ``self.qr(x)`` the class's own method:
        none of them is the Tensor.qr method."""
        dotted = dotted_name(receiver)
        return dotted is not None and (self.imports.is_imported(dotted) or dotted.split(".")[0] in ("self", "cls"))

    def _check_method(self, node: ast.Call, method: str) -> None:
        """``x.refine_names(...)``: the receiver's type is unknown, so the method name alone decides."""
        rules = self.rules.by_method.get(method)
        if rules:
            api = next(a for a in rules[0].apis if a.rsplit(".", 1)[-1] == method)
            self._report(node, api, rules)

    def _check_call(self, node: ast.Call, api: str, rules: list[Rule]) -> None:
        matched = [rule for rule in rules if rule.applies_to(self.target) and matches_call(rule, node)]
        self.pending.extend((rule, node, api) for rule in matched if rule.when)
        self._report(node, api, [rule for rule in matched if not rule.when])

    # --- output -------------------------------------------------------------------
    def _report(self, node: ast.AST, api: str, rules: list[Rule]) -> None:
        """Per pattern, only the newest rule that applies to the target: one finding, not one per release."""
        newest: dict[tuple, Rule] = {}
        for rule in rules:
            if rule.applies_to(self.target):
                kept = newest.get(rule.pattern)
                if kept is None or rule.version.sort_key > kept.version.sort_key:
                    newest[rule.pattern] = rule
        for rule in newest.values():
            finding = Finding(self.filename, node.lineno, node.col_offset + 1, api, rule.message, rule.fix, rule.section)
            self.findings[(finding.line, finding.column, api, rule.pattern)] = finding
