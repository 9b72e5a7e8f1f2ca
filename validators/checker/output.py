"""Render a :class:`CheckReport` for the tools people use: a terminal, JSON, SARIF 2.1.0 for code
scanning, and GitHub workflow commands (``::warning file=...``) for annotations on a pull request."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from .finding import CheckReport, Finding

FORMATS = ("text", "json", "sarif", "github")
# Where SARIF's helpUri points: the MCP resource of the rule's reference, with the section as fragment
# (stable, and readable through `torchpatch serve`). `help-uri` in [tool.torchpatch] replaces it, e.g.
# "https://github.com/ORG/REPO/blob/main/references/{reference}.md#{anchor}" or a web page's
# "http://127.0.0.1:8765/s/{reference}/{anchor}".
DEFAULT_HELP_URI = "torchpatch://references/{reference}#{anchor}"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_GITHUB_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def render(report: CheckReport, fmt: str, *, version: str = "", rules: dict | None = None,
           help_uri: str | None = None) -> str:
    if fmt == "json":
        return json.dumps(report.as_dict(), indent=2)
    if fmt == "sarif":
        return json.dumps(sarif(report, version, rules or {}, help_uri), indent=2)
    if fmt == "github":
        return github(report)
    return text(report)


def text(report: CheckReport) -> str:
    lines = []
    for f in report.findings:
        mark = " [*]" if f.applicability == "safe" else ""
        lines += [f"{f.file}:{f.line}:{f.column}: {f.code}{mark} {f.severity}: {f.message} [{f.rule}]",
                  f"    fix: {f.fix}", f"    read: {f.section}"]
    lines += [str(error) for error in report.errors]
    return "\n".join(lines)


def summary(report: CheckReport) -> str:
    parts = [f"{len(report.findings)} finding(s)" if report.findings else "no outdated torch usage found",
             f"in {report.files} file(s)"]
    fixable = sum(f.applicability == "safe" for f in report.findings)
    if fixable:
        parts.append(f"; [*] {fixable} fixable with --fix (--diff shows how)")
    if report.errors:
        parts.append(f"; {len(report.errors)} file(s) could not be checked")
    return " ".join(parts)


# --- SARIF 2.1.0 ----------------------------------------------------------------------------------

def sarif(report: CheckReport, version: str, rules: dict, help_uri: str | None = None) -> dict:
    """One run; each rule a reportingDescriptor (id: its code, name: its readable id), each finding a
    result with start and end, and the --fix rewrite as ``fixes``; each unreadable file a
    toolExecutionNotification (so code scanning shows it without counting it as an alert)."""
    used = sorted({(f.code or f.rule, f.rule) for f in report.findings})
    descriptors = [_descriptor(key, name, rules.get(name), report.findings, help_uri or DEFAULT_HELP_URI)
                   for key, name in used]
    index = {name: i for i, (_, name) in enumerate(used)}
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "torchpatch", "version": version or "0", "rules": descriptors}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
            "results": [_result(f, index[f.rule]) for f in report.findings],
            "invocations": [{
                "executionSuccessful": not report.errors,
                "toolExecutionNotifications": [{
                    "level": "error", "message": {"text": e.message},
                    "locations": [_location(e.file, e.line, e.column)]} for e in report.errors],
            }],
        }],
    }


def help_uri_for(section: str, template: str = DEFAULT_HELP_URI) -> str:
    reference, _, anchor = section.partition("#")
    return template.format(reference=quote(reference), anchor=quote(anchor))


def _descriptor(key: str, name: str, rule, findings: list[Finding], help_uri: str) -> dict:
    example = next(f for f in findings if f.rule == name)
    return {
        "id": key,
        "name": name,
        "shortDescription": {"text": example.message},
        "help": {"text": f"{example.fix} (read {example.section})"},
        "helpUri": help_uri_for(example.section, help_uri),
        "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity if rule else example.severity]},
        "properties": {"section": example.section},
    }


def _result(f: Finding, rule_index: int) -> dict:
    result = {
        "ruleId": f.code or f.rule, "ruleIndex": rule_index, "level": _SARIF_LEVEL[f.severity],
        "message": {"text": f"{f.message}. Fix: {f.fix} (read {f.section})"},
        "locations": [_location(f.file, f.line, f.column, f.end_line, f.end_column)],
        "properties": {"api": f.api, "section": f.section, "rule": f.rule},
    }
    if f.edits:
        result["fixes"] = [{
            "description": {"text": f.fix},
            "artifactChanges": [{
                "artifactLocation": _artifact(f.file),
                "replacements": [{"deletedRegion": _region(e.line, e.column, e.end_line, e.end_column),
                                  "insertedContent": {"text": e.content}} for e in f.edits],
            }],
        }]
    return result


def _region(line: int, column: int | None, end_line: int | None = None, end_column: int | None = None) -> dict:
    region = {"startLine": line, "startColumn": column or 1}
    if end_line:
        region["endLine"] = end_line
        if end_column:
            region["endColumn"] = end_column
    return region


def _location(file: str, line: int | None, column: int | None, end_line: int | None = None,
              end_column: int | None = None) -> dict:
    physical: dict = {"artifactLocation": _artifact(file)}
    if line:
        physical["region"] = _region(line, column, end_line, end_column)
    return {"physicalLocation": physical}


def _artifact(file: str) -> dict:
    path = Path(file)
    try:
        relative = path.resolve().relative_to(Path.cwd().resolve()) if path.is_absolute() else path
        return {"uri": quote(relative.as_posix()), "uriBaseId": "%SRCROOT%"}
    except ValueError:
        return {"uri": path.resolve().as_uri()}


# --- GitHub workflow commands ---------------------------------------------------------------------

def github(report: CheckReport) -> str:
    lines = [f"::{_GITHUB_COMMAND[f.severity]} file={_prop(f.file)},line={f.line},col={f.column},"
             f"endLine={f.end_line or f.line},endColumn={f.end_column or f.column},"
             f"title={_prop(f'torchpatch {f.code} {f.rule}')}::{_data(f'{f.message}. Fix: {f.fix} (read {f.section})')}"
             for f in report.findings]
    for e in report.errors:
        where = f",line={e.line},col={e.column or 1}" if e.line else ""
        lines.append(f"::error file={_prop(e.file)}{where},title=torchpatch cannot check::{_data(e.message)}")
    return "\n".join(lines)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
