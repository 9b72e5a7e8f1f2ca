"""Render a :class:`CheckReport` for the tools people use: a terminal, JSON, SARIF 2.1.0 for code
scanning, and GitHub workflow commands (``::warning file=...``) for annotations on a pull request."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from .finding import CheckReport, Finding

FORMATS = ("text", "json", "sarif", "github")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_GITHUB_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def render(report: CheckReport, fmt: str, *, version: str = "", rules: dict | None = None) -> str:
    if fmt == "json":
        return json.dumps(report.as_dict(), indent=2)
    if fmt == "sarif":
        return json.dumps(sarif(report, version, rules or {}), indent=2)
    if fmt == "github":
        return github(report)
    return text(report)


def text(report: CheckReport) -> str:
    lines = []
    for f in report.findings:
        lines += [f"{f.file}:{f.line}:{f.column}: {f.severity}: {f.message} [{f.rule}]",
                  f"    fix: {f.fix}", f"    read: {f.section}"]
    lines += [str(error) for error in report.errors]
    return "\n".join(lines)


def summary(report: CheckReport) -> str:
    parts = [f"{len(report.findings)} finding(s)" if report.findings else "no outdated torch usage found",
             f"in {report.files} file(s)"]
    if report.errors:
        parts.append(f"; {len(report.errors)} file(s) could not be checked")
    return " ".join(parts)


# --- SARIF 2.1.0 ----------------------------------------------------------------------------------

def sarif(report: CheckReport, version: str, rules: dict) -> dict:
    """One run; each rule a reportingDescriptor, each finding a result, each unreadable file a
    toolExecutionNotification (so code scanning shows it without counting it as an alert)."""
    used = sorted({f.rule for f in report.findings})
    descriptors = [_descriptor(rule_id, rules.get(rule_id), report.findings) for rule_id in used]
    index = {rule_id: i for i, rule_id in enumerate(used)}
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


def _descriptor(rule_id: str, rule, findings: list[Finding]) -> dict:
    example = next(f for f in findings if f.rule == rule_id)
    return {
        "id": rule_id,
        "shortDescription": {"text": example.message},
        "help": {"text": f"{example.fix} (read {example.section})"},
        "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity if rule else example.severity]},
        "properties": {"section": example.section},
    }


def _result(f: Finding, rule_index: int) -> dict:
    return {
        "ruleId": f.rule, "ruleIndex": rule_index, "level": _SARIF_LEVEL[f.severity],
        "message": {"text": f"{f.message}. Fix: {f.fix} (read {f.section})"},
        "locations": [_location(f.file, f.line, f.column)],
        "properties": {"api": f.api, "section": f.section},
    }


def _location(file: str, line: int | None, column: int | None) -> dict:
    physical: dict = {"artifactLocation": _artifact(file)}
    if line:
        physical["region"] = {"startLine": line, "startColumn": column or 1}
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
             f"title={_prop(f'torchpatch {f.rule}')}::{_data(f'{f.message}. Fix: {f.fix} (read {f.section})')}"
             for f in report.findings]
    for e in report.errors:
        where = f",line={e.line},col={e.column or 1}" if e.line else ""
        lines.append(f"::error file={_prop(e.file)}{where},title=torchpatch cannot check::{_data(e.message)}")
    return "\n".join(lines)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
