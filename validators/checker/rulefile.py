"""Read ``references/check-rules.toml``: the explicit rule list kept next to the references.

Each ``[[rule]]`` names the section that explains it; :func:`rule_problems` reports a
rule whose section does not exist, or whose version contradicts the section's metadata.
Malformed rules raise :class:`InvalidInput` (the file cannot be used); missing sections
are :class:`Problem` values (the rule still works, its pointer is stale).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING


from ..errors import InvalidInput
from .tomltext import InvalidToml, parse_toml
from ..markdown import Version
from .rule import Rule, validate_rule_fields

if TYPE_CHECKING:  # the parser and its problems are loaded only when the rule cache is rebuilt
    from ..markdown import Problem, Section

_ALLOWED = {"id", "section", "api", "kind", "version", "message", "fix", "argument", "position",
            "max_positional", "when", "value", "severity", "rewrite", "insert", "unless", "max_args", "with_any",
            "without_any", "min_positional", "receiver_not", "unless_file_uses", "exact", "unless_file_imports",
            "receiver", "argument_like", "first_like", "first_literal", "unpacked_into", "quiet_with", "quiet_members", "none_is_unset", "with_any_defaults",
            "quiet_first", "at_method", "parameters", "positions", "tensor_sizes", "warns_in_forward",
            "tensor_input", "list_value", "division_value", "refills_placeholder", "none_at"}


def read_rule_file(path: Path) -> tuple[list[Rule], frozenset[str]]:
    """The rules, and the ``[meta] not_flagged`` names (replacements a section's api= also lists)."""
    text = path.read_text(encoding="utf-8")
    try:
        data = parse_toml(text)
    except InvalidToml as exc:
        raise InvalidInput(f"{path}: not valid TOML ({exc})") from None
    rules, seen = [], set()
    for number, raw in enumerate(data.get("rule", []), start=1):
        where = f"{path}:{_line_of(text, raw.get('id'))}: rule {raw.get('id') or number}"
        unknown = set(raw) - _ALLOWED
        if unknown:
            raise InvalidInput(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        rule = _build(raw, where)
        if rule.id in seen:
            raise InvalidInput(f"{where}: id {rule.id!r} is used twice")
        seen.add(rule.id)
        rules.append(rule)
    not_flagged = frozenset(data.get("meta", {}).get("not_flagged", []))
    return rules, not_flagged


def _build(raw: dict, where: str) -> Rule:
    try:
        apis = raw["api"]
        apis = (apis,) if isinstance(apis, str) else tuple(apis)
        rule = Rule(
            id=raw["id"], section=raw["section"], apis=apis, kind=raw["kind"],
            version=Version.parse(str(raw["version"])), message=raw["message"].strip(),
            fix=raw["fix"].strip(), argument=_tuple_of_list(raw.get("argument")), position=raw.get("position"),
            max_positional=raw.get("max_positional"), when=raw.get("when"), value=_tuple_of_list(raw.get("value")),
            severity=raw.get("severity", "warning"), rewrite=raw.get("rewrite"), insert=raw.get("insert"),
            unless=tuple(raw.get("unless", ())), max_args=raw.get("max_args"), with_any=tuple(raw.get("with_any", ())),
            without_any=tuple(raw.get("without_any", ())), min_positional=raw.get("min_positional"),
            receiver_not=raw.get("receiver_not"), unless_file_uses=tuple(raw.get("unless_file_uses", ())),
            unless_file_imports=tuple(raw.get("unless_file_imports", ())),
            exact=bool(raw.get("exact", False)), receiver=raw.get("receiver"),
            argument_like=raw.get("argument_like"), first_like=raw.get("first_like"),
            first_literal=_first_literal(raw.get("first_literal")), unpacked_into=raw.get("unpacked_into"),
            quiet_with=_quiet_with(raw.get("quiet_with", {})),
            with_any_defaults=_quiet_with(raw.get("with_any_defaults", {}), "with_any_defaults"),
            quiet_members=tuple(raw.get("quiet_members", ())), none_is_unset=bool(raw.get("none_is_unset", False)),
            quiet_first=raw.get("quiet_first"), at_method=bool(raw.get("at_method", False)),
            tensor_sizes=bool(raw.get("tensor_sizes", False)),
            warns_in_forward=bool(raw.get("warns_in_forward", False)),
            tensor_input=bool(raw.get("tensor_input", False)), list_value=bool(raw.get("list_value", False)),
            division_value=bool(raw.get("division_value", False)),
            refills_placeholder=bool(raw.get("refills_placeholder", False)),
            none_at=raw.get("none_at"),
            parameters=tuple(raw.get("parameters", ())),
            positions=tuple((api, tuple(at)) for api, at in sorted(raw.get("positions", {}).items())),
        )
    except KeyError as exc:
        raise InvalidInput(f"{where}: missing key {exc.args[0]!r}") from None
    except (ValueError, TypeError, AttributeError) as exc:
        raise InvalidInput(f"{where}: {exc}") from None
    problem = validate_rule_fields(rule)
    if problem:
        raise InvalidInput(f"{where}: {problem}")
    return rule


def _first_literal(kind) -> str | None:
    """``first_literal = "str"``: the kind of literal a method rule's first positional argument must be."""
    if kind is not None and kind not in ("str", "None"):
        raise ValueError('first_literal= must be "str" or "None"')
    return kind


def _quiet_with(table, key: str = "quiet_with") -> tuple:
    """``quiet_with = {_compile = false}``: keyword -> literal pairs (a TOML table of scalars)."""
    if not isinstance(table, dict) or not all(
            isinstance(value, (bool, int, float, str)) for value in table.values()):
        raise ValueError(f"{key}= must be a table of keyword = literal (bool, number or string)")
    return tuple(sorted(table.items()))


def _tuple_of_list(value):
    """TOML gives a list where a rule field takes a str or a tuple of them (argument=, value=)."""
    return tuple(value) if isinstance(value, list) else value


def rule_problems(path: Path, rules: list[Rule], sections: dict[str, Section]) -> list[Problem]:
    """Stale pointers: a section that does not exist, or a version its metadata does not name."""
    from ..markdown import Problem

    text = path.read_text(encoding="utf-8") if path.exists() else ""
    problems = []
    for rule in rules:
        line = _line_of(text, rule.id)
        section = sections.get(rule.section)
        if section is None:
            problems.append(Problem(str(path), line, f"rule {rule.id}: section {rule.section} does not exist"))
            continue
        meta = section.meta
        if meta is not None and rule.version not in meta.versions().values():
            problems.append(Problem(str(path), line, f"rule {rule.id}: version {rule.version} is none of the "
                                    f"section's metadata versions ({meta.describe()})"))
    return problems


def _line_of(text: str, rule_id: str | None) -> int:
    """The line of ``id = "<rule_id>"`` so messages can point into the TOML file."""
    if not rule_id:
        return 1
    match = re.search(rf'^\s*id\s*=\s*"{re.escape(rule_id)}"', text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else 1
