"""Plain-text views of search results: the MCP tools' text content and the CLI's readable output."""

from __future__ import annotations

from .models import Hit, ReferenceInfo, SearchResponse, WhatsNew


def versions_line(hit) -> str:
    parts = [f"{label} {value}" for label, value in
             (("since", hit.since), ("default", getattr(hit, "default", None)), ("deprecated", hit.deprecated),
              ("removed", hit.removed)) if value]
    return " · ".join([hit.kind or "overview", *parts])


def hit_header(hit: Hit) -> str:
    applies = "" if hit.applies is None else (" · applies to your version" if hit.applies else " · not in your version yet")
    header = f"{hit.breadcrumb}\n  [{versions_line(hit)}{applies}] {hit.verified}\n  id: {hit.id}  ({hit.file}:{hit.line})"
    if hit.sources:
        header += "\n  source: " + " ".join(hit.sources)
    return header


def search_text(response: SearchResponse, full: bool = True) -> str:
    if not response.close_match:
        return "\n".join([f"No close match for {response.query!r} in the PyTorch 2.4-2.15 references.",
                          *(f"- {tip}" for tip in response.suggestions)])
    if not response.results:
        return f"No section matches {response.query!r}. Try an API name (torch.load) or the error's last line."
    blocks = []
    for number, hit in enumerate(response.results, start=1):
        body = hit.text.strip() if full else hit.summary
        blocks.append(f"{number}. {hit_header(hit)}\n\n{body}")
    if response.omitted:
        blocks.append(f"({response.omitted} more result(s) left out to fit max_tokens; raise it or read_section by id)")
    return "\n\n---\n\n".join(blocks)


def section_text(hit: Hit) -> str:
    return f"{hit_header(hit)}\n\n{hit.text.strip()}"


def references_text(references: list[ReferenceInfo]) -> str:
    lines = []
    for info in references:
        kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(info.kinds.items()))
        lines.append(f"{info.name}: {info.title} ({info.sections} sections: {kinds}) [{info.file}]")
    return "\n".join(lines)


def whats_new_text(report: WhatsNew) -> str:
    if not report.total:
        return f"No recorded changes between {report.from_version} and {report.to_version}."
    lines = [f"Changes after {report.from_version} up to {report.to_version} ({report.total}), breaking first:"]
    for kind, changes in report.groups.items():
        lines.append(f"\n## {kind} ({len(changes)})")
        for change in changes:
            lines.append(f"- {change.heading} [{versions_line(change)}] id: {change.id}")
            if change.summary:
                lines.append(f"  {change.summary}")
    return "\n".join(lines)
