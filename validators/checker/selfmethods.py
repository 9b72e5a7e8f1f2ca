"""``self.register_backward_hook(...)`` in a class that is an ``nn.Module``: the method rule applies to ``self``.

Method rules skip a ``self`` receiver (``self.qr(x)`` is usually the class's own method). A class whose base is a
torch module class (``nn.Conv1d``, ``torch.nn.Module``), directly or through a class of the same file, inherits
``nn.Module``'s methods, so a rule about an ``nn.Module`` method (api ``torch.nn.Module.<method>``) applies to
``self.<method>(...)`` there, unless the class itself defines that method.
"""

from __future__ import annotations

import ast

_MODULE_METHOD = "torch.nn.Module."
# under torch.nn but not module classes: parameters, the utilities' helper types, attention's enums
_NOT_MODULES = ("torch.nn.parameter", "torch.nn.Parameter", "torch.nn.UninitializedParameter",
                "torch.nn.UninitializedBuffer", "torch.nn.Buffer", "torch.nn.utils", "torch.nn.attention",
                "torch.nn.functional", "torch.nn.init", "torch.nn.common_types")


def is_module_class(qualified: str) -> bool:
    """A torch class name that is an ``nn.Module`` subclass: ``torch.nn.Conv1d``, ``torch.nn.modules.conv.Conv1d``."""
    if not qualified.startswith("torch.nn.") or qualified.startswith(_NOT_MODULES):
        return False
    last = qualified.rsplit(".", 1)[-1]
    return last[:1].isupper()


def module_rules(rules, method: str) -> list:
    """The rules of ``method`` whose api is the ``nn.Module`` method itself."""
    api = _MODULE_METHOD + method
    return [rule for rule in rules if api in rule.apis]


def defined_method(node: ast.ClassDef, method: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The class body's own ``def method``, or None."""
    return next((child for child in node.body
                 if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name == method), None)


def defines(node: ast.ClassDef, method: str) -> bool:
    return defined_method(node, method) is not None
