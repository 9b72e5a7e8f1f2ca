"""``check_code``: flag outdated PyTorch usage in code, with the fix and the section to read.

The code is parsed, never executed. Rules come from ``references/check-rules.toml`` (call
patterns, each pointing at a reference section) and from the sections' ``> meta:`` lines
(APIs marked removed or deprecated). Public surface::

    check_source(code, torch_version=None, filename="<code>", selection=None) -> list[Finding]
    check_bounded(code, torch_version=None) -> BoundedCheck  (what MCP, HTTP and the web serve: capped)
    check_paths(paths, torch_version=None, selection=None, exclude=()) -> CheckReport
    fix_source(code, ...) -> FixResult (validators.checker.fixes)
    Finding(file, line, column, api, message, fix, section, rule, severity, code, end_line, end_column,
            applicability, edits).as_dict()

Each rule has a readable id (``rule``) and a short stable code (``code``, ``TP114``) from
``references/check-codes.toml`` (codes.py). ``check_source`` raises InvalidInput (too large, does not
parse, bad version, an unknown rule in a suppression comment); ``check_paths`` never stops at a file:
unreadable and unparsable files, and unknown rules in suppressions, are FileError entries of the
report. NotFound: no references folder. ``[tool.torchpatch]`` configuration: config.py.
"""

from .bounded import MAX_FINDINGS, BoundedCheck, check_bounded
from .check import MAX_SOURCE_BYTES, ParseError, check_paths, check_source, parse_target
from .finding import FIELDS, SEVERITIES, CheckReport, FileError, Finding
from .selection import Selection
from .rule import KINDS, Rule
from .ruleset import RULES_FILE_NAME, RuleSet, default_references_dir, default_rules, load_rules

__all__ = [
    "BoundedCheck",
    "MAX_FINDINGS",
    "check_bounded",
    "CheckReport",
    "FileError",
    "ParseError",
    "SEVERITIES",
    "Selection",
    "FIELDS",
    "KINDS",
    "MAX_SOURCE_BYTES",
    "RULES_FILE_NAME",
    "Finding",
    "Rule",
    "RuleSet",
    "check_paths",
    "check_source",
    "default_references_dir",
    "default_rules",
    "load_rules",
    "parse_target",
]
