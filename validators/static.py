"""The static tier: every Python snippet parses, and the ``torch.*`` names it uses exist.

Names are collected here from the AST (imports and aliases resolved); whether they
resolve is asked of the build under test, by a ``static`` job in its fork server.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field

from .checker.imports import dotted_name
from .parsing import parse_python


@dataclass
class StaticReport:
    syntax_error: str | None = None
    error_line: int | None = None
    names: set[str] = field(default_factory=set)


@functools.lru_cache(maxsize=4096)
def collect_torch_names(code: str, first_line: int = 1) -> StaticReport:
    """Parse ``code`` and return the fully qualified ``torch.*`` names it reads (do not mutate the
    report: it is cached)."""
    try:
        tree = parse_python(code)
    except SyntaxError as exc:
        line = first_line + (exc.lineno or 1) - 1
        return StaticReport(syntax_error=f"line {line}: {exc.msg}", error_line=line)
    collector = _TorchNames()
    collector.visit(tree)
    return StaticReport(names=collector.names)


class _TorchNames(ast.NodeVisitor):
    def __init__(self):
        self.aliases: dict[str, str] = {}
        self.names: set[str] = set()

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name == "torch" or alias.name.startswith("torch."):
                self.names.add(alias.name)
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:
                    self.aliases["torch"] = "torch"

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level or not (module == "torch" or module.startswith("torch.")):
            return
        for alias in node.names:
            if alias.name == "*":
                continue
            full = f"{module}.{alias.name}"
            self.names.add(full)
            self.aliases[alias.asname or alias.name] = full

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dotted = dotted_name(node)
        if dotted and isinstance(node.ctx, ast.Load):
            head, _, rest = dotted.partition(".")
            if head in self.aliases:
                self.names.add(f"{self.aliases[head]}.{rest}")
                return  # the whole chain is recorded; its prefixes resolve if it does
        self.generic_visit(node)
