"""Sections as index rows: the shared parser's output flattened, with verification status attached."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from torchpatch.validators.markdown import Section, iter_reference_files, parse_reference

from .embedding import MODEL_NAME


@dataclass(frozen=True)
class SectionRecord:
    id: str
    reference: str
    file: str
    heading: str
    breadcrumb: str
    line: int
    line_end: int
    text: str
    apis: tuple[str, ...]
    kind: str
    since: int  # Version.sort_key, 0 when absent: strings would sort 2.10 before 2.5
    deprecated: int
    removed: int
    versions: str  # "since 2.6, removed 2.14" for display
    verified: str

    @property
    def embed_text(self) -> str:
        """What the vector sees (first 256 tokens): where it sits, what it names, then the text."""
        return f"{self.breadcrumb}\n{', '.join(self.apis)}\n{self.text}"

    @property
    def search_text(self) -> str:
        return f"{self.breadcrumb}\n{' '.join(self.apis)}\n{self.text}"

    @property
    def content_hash(self) -> str:
        return hashlib.sha256(f"{MODEL_NAME}\n{self.embed_text}".encode()).hexdigest()


def load_records(references: Path, report: dict | None) -> tuple[list[SectionRecord], list[str]]:
    """Every section of every reference, and the format problems found on the way."""
    verification = _verification_by_section(report)
    records, problems = [], []
    for path in iter_reference_files([references]):
        reference = parse_reference(path, display=f"references/{path.relative_to(references)}")
        problems.extend(str(p) for p in reference.problems)
        for section in reference.sections:
            if section.title.lower() in ("contents", "quick reference"):
                continue  # navigation, not knowledge
            records.append(_record(section, verification.get(section.id)))
    return records, problems


def load_report(path: Path | None) -> dict | None:
    if path is None or not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except ValueError:
        return None


def _record(section: Section, verified: str | None) -> SectionRecord:
    meta = section.meta
    has_code = any(s.runnable for s in section.snippets)
    return SectionRecord(
        id=section.id,
        reference=section.reference,
        file=section.file,
        heading=section.title,
        breadcrumb=section.breadcrumb,
        line=section.line_start,
        line_end=section.line_end,
        text=section.text,
        apis=meta.apis if meta else (),
        kind=meta.kind if meta else "",
        since=meta.since.sort_key if meta and meta.since else 0,
        deprecated=meta.deprecated.sort_key if meta and meta.deprecated else 0,
        removed=meta.removed.sort_key if meta and meta.removed else 0,
        versions=", ".join(f"{k} {v}" for k, v in meta.versions().items()) if meta else "",
        verified=verified or ("not validated yet" if has_code else "no runnable snippet"),
    )


def _verification_by_section(report: dict | None) -> dict[str, str]:
    """'verified on torch 2.15.0 cpu', 'FAILED on ...', plus what was skipped and why."""
    if not report:
        return {}
    torch = report.get("torch", {})
    build = f"torch {str(torch.get('torch', '?')).split('+')[0]} {torch.get('device', 'cpu')}"
    by_section: dict[str, list[dict]] = {}
    for result in report.get("results", []):
        by_section.setdefault(result["section"], []).append(result)
    status = {}
    for section, results in by_section.items():
        states = {r["status"] for r in results}
        ran = [r for r in results if r["status"] not in ("skipped",)]
        if states & {"failed", "timeout"}:
            text = f"FAILED on {build}"
        elif ran:
            text = f"verified on {build} ({len(ran)} snippet{'s' * (len(ran) != 1)})"
        else:
            text = "not run"
        skipped = [r for r in results if r["status"] == "skipped"]
        if skipped:
            text += "; not run: " + "; ".join(sorted({r["message"] for r in skipped}))
        status[section] = text
    return status
