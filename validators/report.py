"""Write a validation run as JSON or JUnit XML (the terminal view lives with the CLI)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree as ET

from .matrix import check_claims
from .results import FAILED, KNOWN_BUG_FIXED, SKIPPED, TIMEOUT, SnippetResult
from .validate import ValidationRun


def summary(results: list[SnippetResult]) -> dict[str, int]:
    return dict(Counter(r.status for r in results))


def as_json(run: ValidationRun) -> dict:
    primary = run.builds[0]
    document = {
        "torch": primary.as_dict(),
        "results": [r.as_dict() for r in run.results[primary.python_path]],
        "summary": summary(run.results[primary.python_path]),
        "problems": [{"file": p.file, "line": p.line, "message": p.message} for p in run.problems],
    }
    if len(run.builds) > 1:
        document["matrix"] = [
            {"torch": b.as_dict(), "results": [r.as_dict() for r in run.results[b.python_path]]} for b in run.builds
        ]
        document["claims"] = [c.as_dict() for c in check_claims(run.snippets, run.builds, run.results)]
    return document


def write_json(run: ValidationRun, path: str | Path) -> None:
    Path(path).write_text(json.dumps(as_json(run), indent=2) + "\n")


def write_junit(run: ValidationRun, path: str | Path) -> None:
    suites = ET.Element("testsuites", name="torchpatch validate")
    for build in run.builds:
        results = run.results[build.python_path]
        counts = summary(results)
        suite = ET.SubElement(
            suites, "testsuite", name=f"snippets on {build.label}", tests=str(len(results) + len(run.problems)),
            failures=str(counts.get(FAILED, 0) + len(run.problems)), errors=str(counts.get(TIMEOUT, 0)),
            skipped=str(counts.get(SKIPPED, 0)),
            time=f"{sum(r.duration_s for r in results):.3f}",
        )
        for problem in run.problems:
            case = ET.SubElement(suite, "testcase", classname="format", name=f"{problem.file}:{problem.line}")
            ET.SubElement(case, "failure", message=problem.message).text = str(problem)
        for result in results:
            case = ET.SubElement(suite, "testcase", classname=result.section or result.file, name=result.id,
                                 time=f"{result.duration_s:.3f}", file=result.file, line=str(result.line))
            if result.status == FAILED:
                ET.SubElement(case, "failure", message=result.message.splitlines()[0][:300]).text = result.message
            elif result.status == TIMEOUT:
                ET.SubElement(case, "error", message=result.message).text = result.message
            elif result.status == SKIPPED:
                ET.SubElement(case, "skipped", message=result.message)
            elif result.status == KNOWN_BUG_FIXED:
                ET.SubElement(case, "system-out").text = "known bug no longer reproduces: update the reference"
    ET.indent(suites)
    ET.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)
