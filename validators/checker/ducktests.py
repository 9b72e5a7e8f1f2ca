"""``hasattr(obj, "new_method")`` on an object of any kind, choosing between a torch method and its replacement.

    if hasattr(module, "register_full_backward_hook"):
        module.register_full_backward_hook(hook)
    else:
        module.register_backward_hook(hook)

The object is not known to be torch's, so guards.py does not read the test. But the other branch calls, on the
same object, a method a rule flags, and that rule's fix names ``new_method`` as the replacement: the fix is
written for the target, so an object of the class the rule is about has ``new_method`` there, and the branch with
the old call is the fallback for releases without it. If the object is not torch's, the old call is not torch's
either. So the fallback is not reported; the branch with the new call is checked like any code.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache

from .imports import dotted_name, walk_nodes
from .probes import probe


def fallback_branch(test: ast.expr, body: list, orelse: list, by_method: dict) -> int | None:
    """0 when ``body`` is the fallback (``if not hasattr(o, "new"): o.old()``), 1 when ``orelse`` is, else None.
    ``by_method``: method name -> the method rules for it (RuleSet.by_method)."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    call = test.operand if negated else test
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "hasattr"
            and (found := probe(call)) is not None):
        return None
    owner, wanted = dotted_name(found[0]), found[1]
    fallback = body if negated else orelse
    if owner is None or not fallback:
        return None
    for statement in fallback:
        for node in walk_nodes(statement):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr != wanted
                    and dotted_name(node.func.value) == owner
                    and any(wanted in _fix_names(rule.fix) for rule in by_method.get(node.func.attr, ()))):
                return 0 if negated else 1
    return None


@lru_cache(maxsize=512)
def _fix_names(fix: str) -> frozenset[str]:
    """The attributes and callables a rule's fix text names (``.name`` or ``name(``): the replacements it points
    to, not the words around them."""
    return frozenset(re.findall(r"\.([A-Za-z_]\w*)", fix)) | frozenset(re.findall(r"([A-Za-z_]\w*)\(", fix))
