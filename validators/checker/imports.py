"""Resolve what a local name means: ``dist`` -> ``torch.distributed``, ``FSDP`` -> its full path.

Only ``torch`` imports are tracked, and flow-insensitively (every import anywhere in the
file counts): checked code is usually a module or a snippet, and a rebinding that hides
a torch import is rarer than a function-local ``import torch.distributed as dist``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field


def is_torch_module(module: str) -> bool:
    return module == "torch" or module.startswith("torch.")


@dataclass
class ImportMap:
    aliases: dict[str, str] = field(default_factory=dict)  # local name -> qualified name
    star_modules: list[str] = field(default_factory=list)  # from torch.x import *
    other_names: set[str] = field(default_factory=set)  # names bound by non-torch imports (np, scipy, ...)

    _resolved: dict = field(default_factory=dict, repr=False)  # dotted -> qualified, per file

    @classmethod
    def from_tree(cls, tree: ast.AST) -> "ImportMap":
        imports = cls()
        for node in _statements(tree):
            if isinstance(node, ast.Import):
                imports._add_import(node)
            elif isinstance(node, ast.ImportFrom) and not node.level and is_torch_module(node.module or ""):
                imports._add_from(node)
            elif isinstance(node, ast.ImportFrom):
                imports.other_names.update(alias.asname or alias.name for alias in node.names)
        for name in imports.other_names & imports.aliases.keys() - {"torch"}:
            del imports.aliases[name]  # `load` from torch here and from json there: guessing would mislead
        return imports

    def _add_import(self, node: ast.Import) -> None:
        for alias in node.names:
            if not is_torch_module(alias.name):
                self.other_names.add(alias.asname or alias.name.partition(".")[0])
                continue
            if alias.asname:
                self.aliases[alias.asname] = alias.name
            else:  # `import torch.distributed` binds `torch`
                self.aliases["torch"] = "torch"

    def _add_from(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                self.star_modules.append(node.module)
            else:
                self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def is_imported(self, dotted: str) -> bool:
        """True when ``dotted`` starts with any imported name: a module path, not a value like a tensor."""
        head = dotted.partition(".")[0]
        return head in self.aliases or head in self.other_names

    @property
    def uses_torch(self) -> bool:
        return bool(self.aliases or self.star_modules)

    def resolve(self, dotted: str, known=lambda name: False) -> str | None:
        """The qualified name of ``dotted`` (``dist.barrier``), or None when it is not torch.

        A bare name that a star import could have brought in resolves only when ``known``
        says the qualified candidate is something the rules care about.
        """
        try:
            return self._resolved[dotted]
        except KeyError:
            pass
        self._resolved[dotted] = qualified = self._resolve(dotted, known)
        return qualified

    def _resolve(self, dotted: str, known) -> str | None:
        head, _, rest = dotted.partition(".")
        if head in self.aliases:
            return f"{self.aliases[head]}.{rest}" if rest else self.aliases[head]
        for module in self.star_modules:
            candidate = f"{module}.{dotted}"
            if known(candidate) or known(f"{module}.{head}"):
                return candidate
        return None


def _statements(tree: ast.AST):
    """Every statement, at any depth, without visiting expressions: imports are statements."""
    pending = list(getattr(tree, "body", ()))
    while pending:
        node = pending.pop()
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            pending.extend(getattr(node, name, ()))


def dotted_name(node: ast.AST) -> str | None:
    """``a.b.c`` for a Name/Attribute chain; None when the chain starts with a call or subscript."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None
