"""Other names the target build gives the very object a rule names: ``torch.jit._fork is torch.jit.fork``.

The data is ``object-aliases.json`` next to this file, made from the installed target build by
``validators/radar/object_aliases.py``: API -> the module-level names bound to the identical object in the
module that defines it, the module the rule's name uses, or a package above either (``torch.jit._fork``,
``torch.jit._async.fork``, ``torch.serialization.load``, ``torch.nn.modules.loss.MSELoss``). When the rules are
(re)built, :func:`with_object_aliases` appends each rule's aliases to its ``api`` list, so a use under another
name is reported by the same rule with the same message; nothing is read or looked up per file.

Which aliases a rule takes:

- a call-shape rule (call, keyword, missing-argument, positional, set-argument) and a plain-method rule: all of
  them; the same object called the same way (or subclassed) does the same thing under any name;
- a name rule whose finding is what the object does (severity ``warning`` or ``error``: it warns or raises when
  used): all of them, since the object cannot tell which name it was reached by;
- a name rule about the spelling (severity ``info``: a private name, a compatibility name with a new public one):
  only the same name re-exported elsewhere (``torch.distributed.distributed_c10d.gather_into_tensor``), never a
  differently named alias, which may be the new home the rule points to;
- never an alias that another rule of the same pattern already lists (that rule's message is the better one).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Iterable

from .rule import Rule

ALIASES_FILE = Path(__file__).with_name("object-aliases.json")
# The rule kinds whose finding follows the object. Method rules match any receiver's method by its name; the
# index, mask and order kinds name operators and receivers, not objects.
ALIAS_KINDS = ("name", "call", "keyword", "missing-argument", "positional", "set-argument", "plain-method")


def read_object_aliases(path: str | Path = ALIASES_FILE) -> dict[str, list[str]]:
    """API -> its aliases; empty when the file is missing or unreadable (a partial checkout): no rule grows."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        aliases = data["aliases"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return aliases if isinstance(aliases, dict) else {}


def aliases_for(rule: Rule, aliases: dict[str, list[str]], taken: set[tuple] = frozenset()) -> list[str]:
    """The aliases ``rule`` takes (module docstring), in the order of its APIs."""
    if rule.kind not in ALIAS_KINDS:
        return []
    spelling = rule.kind == "name" and rule.severity == "info"
    added: list[str] = []
    for api in rule.apis:
        leaf = api.rpartition(".")[2]
        for alias in aliases.get(api, ()):
            if spelling and alias.rpartition(".")[2] != leaf:
                continue
            if alias in rule.apis or alias in added or (rule.pattern, alias) in taken:
                continue
            added.append(alias)
    return added


def with_object_aliases(rules: Iterable[Rule], aliases: dict[str, list[str]]) -> list[Rule]:
    """``rules`` with each one's aliases appended to its ``apis`` (its first API, which names it, stays first)."""
    rules = list(rules)
    if not aliases:
        return rules
    taken = {(rule.pattern, api) for rule in rules for api in rule.apis}
    grown = []
    for rule in rules:
        added = aliases_for(rule, aliases, taken)
        grown.append(replace(rule, apis=rule.apis + tuple(added)) if added else rule)
    return grown
