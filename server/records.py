"""Sections as index rows: the shared parser's output flattened, with verification status attached."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from torchpatch.validators.markdown import Section, iter_reference_files, parse_reference
from torchpatch.validators.verification import RECORD_NAME, load_record, section_status

from .model_files import MODEL_NAME


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
    default: int  # the release an opt-in change became the default
    deprecated: int
    removed: int
    versions: str  # "since 2.6, removed 2.14" for display
    verified: str  # the readable status line
    verification: str  # the structured status as JSON: status, torch, devices, date, reason
    sources: tuple[str, ...] = ()  # upstream links: release notes, docs page, issue or PR

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
    """Every section of every reference, and the format problems found on the way.

    ``report`` is this home's verification record (see :mod:`torchpatch.validators.verification`);
    the record shipped beside the references is read here.
    """
    shipped = load_record(references / RECORD_NAME)
    local = report.get("sections", {}) if isinstance(report, dict) else {}
    records, problems = [], []
    for path in iter_reference_files([references]):
        reference = parse_reference(path, display=f"references/{path.relative_to(references)}")
        problems.extend(str(p) for p in reference.problems)
        for section in reference.sections:
            if section.title.lower() in ("contents", "quick reference") or not section.has_body:
                continue  # navigation, not knowledge: a group heading lives on in its H3s' breadcrumbs
            records.append(_record(section, section_status(section, shipped, local)))
    return records, problems


def load_report(path: Path | None) -> dict | None:
    if path is None or not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except ValueError:
        return None


def _record(section: Section, status: dict) -> SectionRecord:
    meta = section.meta
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
        default=meta.default.sort_key if meta and meta.default else 0,
        deprecated=meta.deprecated.sort_key if meta and meta.deprecated else 0,
        removed=meta.removed.sort_key if meta and meta.removed else 0,
        versions=", ".join(f"{k} {v}" for k, v in meta.versions().items()) if meta else "",
        verified=status["text"],
        verification=json.dumps({key: value for key, value in status.items() if key != "text"}),
        sources=meta.sources if meta else (),
    )
