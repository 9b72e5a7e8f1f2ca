"""Short stable rule codes (``TP101``), kept in ``references/check-codes.toml`` apart from the rules.

A code is ``TP`` + a family digit + two digits; once a family's 99 two-digit codes are taken, its new
rules get three (``TP0100``, ``TP0101``, ...), so old codes never change and a family prefix still selects
them all (as in ruff, a longer prefix such as ``TP01`` matches both ``TP010`` and ``TP0100``). The family is the topic of the reference file the
rule's section lives in (``[families]``: ``migrations-and-security`` = 1 gives ``TP1xx``), so a
prefix such as ``TP1`` selects one topic; several references of one topic share a digit (the
references on deprecated APIs that still warn are all ``TP0xx``). ``[codes]`` maps every rule id, hand-written or generated
from a section's metadata, to its code; ``[retired]`` keeps the codes of rules that are gone, so
a code is never given to another rule. Assign codes to new rules (and retire the codes of
vanished ones) with one command::

    .venv/bin/python -m torchpatch.validators.checker.assign_codes [REFERENCES_DIR]
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path


from ..errors import InvalidInput
from .tomltext import InvalidToml, parse_toml

CODES_FILE_NAME = "check-codes.toml"
CODE = re.compile(r"^TP\d(?:\d{2}|[1-9]\d{2})$")  # TP101, or TP0100 once family 0 is full
PREFIX = re.compile(r"^TP\d{0,4}$")  # TP, TP1, TP10, TP101, TP0100: what a selector may name
_HEADER = """\
# Short stable codes for the rules of `torchpatch check` (see validators/checker/codes.py).
# Generated and kept by `.venv/bin/python -m torchpatch.validators.checker.assign_codes`: run it after adding
# or removing rules (in check-rules.toml or through a section's `> meta:` line). It gives each new rule
# the next free code of its reference file's family and moves the codes of vanished rules to [retired];
# a code is never reused. Users type these codes in --select, --ignore, `# noqa: TP101` and config.
"""


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class CodeRegistry:
    """check-codes.toml: each rule's short code, each reference's family digit, and the codes retired."""

    families: dict[str, int] = field(default_factory=dict)  # reference stem -> family digit
    codes: dict[str, str] = field(default_factory=dict)  # rule id -> code
    retired: dict[str, str] = field(default_factory=dict)  # code -> the rule id it had

    @classmethod
    def read(cls, path: Path) -> "CodeRegistry":
        if not path.exists():
            return cls()
        try:
            data = parse_toml(path.read_text(encoding="utf-8"))
        except InvalidToml as exc:
            raise InvalidInput(f"{path}: not valid TOML ({exc})") from None
        registry = cls({str(k): int(v) for k, v in data.get("families", {}).items()},
                       {str(k): str(v) for k, v in data.get("codes", {}).items()},
                       {str(k): str(v) for k, v in data.get("retired", {}).items()})
        problem = registry.problem()
        if problem:
            raise InvalidInput(f"{path}: {problem}")
        return registry

    def problem(self) -> str | None:
        """What makes the registry unusable: a malformed or duplicated code, a retired code in use."""
        seen: dict[str, str] = {}
        for rule_id, code in self.codes.items():
            if not CODE.match(code):
                return f"rule {rule_id}: {code!r} is not a code like TP101"
            if code in seen:
                return f"code {code} is given to both {seen[code]} and {rule_id}"
            if code in self.retired:
                return f"code {code} of {rule_id} is retired (it was {self.retired[code]}); codes are never reused"
            seen[code] = rule_id
        return None

    def assign(self, rules) -> tuple[list[str], list[str]]:
        """Give each rule without a code the next free one of its family; retire codes of rules that are gone.

        Returns (assigned "code rule-id" lines, retired ones)."""
        current = {rule.id: rule for rule in rules}
        retired = []
        for rule_id in sorted(set(self.codes) - set(current)):
            code = self.codes.pop(rule_id)
            self.retired[code] = rule_id
            retired.append(f"{code} {rule_id}")
        used = set(self.codes.values()) | set(self.retired)
        assigned = []
        for rule in rules:  # in rule-file order, then the generated rules: new codes follow that order
            if rule.id in self.codes:
                continue
            family = self._family(rule.section.partition("#")[0])
            code = next((c for n in range(1, 1000) if (c := f"TP{family}{n:02d}") not in used), None)
            if code is None:
                raise InvalidInput(f"family TP{family} ({rule.section.partition('#')[0]}) has no free code left")
            self.codes[rule.id] = code
            used.add(code)
            assigned.append(f"{code} {rule.id}")
        return assigned, retired

    def _family(self, stem: str) -> int:
        if stem not in self.families:
            free = [d for d in (*range(1, 10), 0) if d not in self.families.values()]
            if not free:
                raise InvalidInput(f"no family digit left for reference {stem!r}: give it the digit of its topic "
                                   f"in [families] of {CODES_FILE_NAME} (references of one topic share a family)")
            self.families[stem] = free[0]
        return self.families[stem]

    def render(self) -> str:
        lines = [_HEADER, "[families]"]
        lines += [f'"{stem}" = {digit}' for stem, digit in sorted(self.families.items(), key=lambda kv: kv[1])]
        lines += ["", "[codes]"]
        lines += [f'"{rule_id}" = "{code}"' for rule_id, code in sorted(self.codes.items(), key=lambda kv: kv[1])]
        lines += ["", "[retired]", "# code = the rule id it had"]
        lines += [f'"{code}" = "{rule_id}"' for code, rule_id in sorted(self.retired.items())]
        return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from .ruleset import default_references_dir, load_rules

    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else default_references_dir()
    path = folder / CODES_FILE_NAME
    try:
        registry = CodeRegistry.read(path)
        rules = load_rules(folder).rules
        assigned, retired = registry.assign(rules)
    except InvalidInput as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 2
    path.write_text(registry.render(), encoding="utf-8")
    for line in assigned:
        print(f"assigned {line}")
    for line in retired:
        print(f"retired  {line}")
    print(f"{path}: {len(registry.codes)} rules with codes, {len(assigned)} assigned, {len(retired)} retired")
    return 0


if __name__ == "__main__":
    sys.exit(main())
