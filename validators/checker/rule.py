"""What a rule is: an API (or call pattern), the version it applies from, the message, the fix, the section.

Rule kinds, each a pattern the walker knows how to see in the AST:

    name              any use of the API: a call, an attribute, an import, a base class
    call              a direct call of exactly the API (``torch.compiler.precompile(...)``)
    keyword           a call that passes the keyword ``argument`` (equal to ``value``, when given)
    missing-argument  a call that does not pass ``argument`` (by keyword, or at ``position``);
                      ``when`` narrows it (``loads-pickled-object``)
    positional        a call with more than ``max_positional`` positional arguments
    method            ``<anything>.<method>(...)`` in a file that imports torch (types are unknown)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..markdown import Version

KINDS = ("name", "call", "keyword", "missing-argument", "positional", "method")
CONDITIONS = ("loads-pickled-object",)


@dataclass(frozen=True)
class Rule:
    id: str
    section: str  # "<reference-stem>#<anchor>"
    apis: tuple[str, ...]  # qualified names; method names for kind=method
    kind: str
    version: Version  # first torch release the finding applies to
    message: str
    fix: str
    argument: str | None = None
    position: int | None = None
    max_positional: int | None = None
    when: str | None = None
    value: bool | int | float | str | None = None
    origin: str = "rules"  # "rules" (check-rules.toml) or "meta" (a section's > meta: line)

    @property
    def pattern(self) -> tuple:
        """Rules with the same pattern are versions of one finding: the newest applicable wins."""
        return (self.kind, self.argument, self.position, self.max_positional, self.when, self.value)

    def applies_to(self, target: Version) -> bool:
        return target.sort_key >= self.version.sort_key


def validate_rule_fields(rule: Rule) -> str | None:
    """Return what is wrong with a rule's shape, or None; positions are added by the caller."""
    if rule.kind not in KINDS:
        return f"unknown kind {rule.kind!r} (one of {', '.join(KINDS)})"
    if "#" not in rule.section:
        return f"section {rule.section!r} is not '<reference-stem>#<anchor>'"
    if not rule.apis:
        return "api is empty"
    if not rule.message.strip() or not rule.fix.strip():
        return "message and fix are required"
    if "\n" in rule.fix.strip():
        return "fix must be one line"
    if rule.kind in ("keyword", "missing-argument") and not rule.argument:
        return f"kind={rule.kind} needs argument="
    if rule.kind == "positional" and rule.max_positional is None:
        return "kind=positional needs max_positional="
    if rule.when is not None and rule.when not in CONDITIONS:
        return f"unknown when={rule.when!r} (one of {', '.join(CONDITIONS)})"
    if rule.value is not None and rule.kind != "keyword":
        return "value= only goes with kind=keyword"
    if rule.when is not None and rule.kind != "missing-argument":
        return "when= only goes with kind=missing-argument"
    return None
