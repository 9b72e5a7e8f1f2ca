"""What each page shows, as template context: the engine's and checker's answers, made presentable.

Bad input never raises from here: the engine's InvalidInput becomes a ``message`` the page shows
next to the form the person can correct. Only a missing section raises (the router makes it a 404 page).
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass, field
from urllib.parse import urlencode

from torchpatch.validators.errors import InvalidInput
from torchpatch.validators.markdown import KINDS, Version

from ..models import MAX_QUERY_CHARS, SearchRequest
from ..search import KIND_ORDER
from .badges import hit_badges
from .chart import BEFORE_FIRST, RELEASES, build_chart, count_changes
from .highlight import highlight_lines
from .markdown_html import render_section, section_url

RESULTS = 10
LONG_RESULT_LINES = 18  # a result longer than this is cut (with a fade) to keep the list scannable
MAX_PAGE_CODE_CHARS = 200_000  # a page of findings stays readable; larger files: `torchpatch check FILE`
# A check result's link carries its code, compressed (zlib, then base64url) in the query string:
# reloading, bookmarking and sharing need no state on the server and work without JavaScript. The
# server refuses URLs over 8 KiB (http_errors.MAX_URL_BYTES), so a link holds at most this much
# compressed code: about 15 kB of Python (11-17 kB measured on this project's modules). A larger
# result is shown once, without a link.
MAX_LINK_CODE_CHARS = 7_000
MAX_TITLE_QUERY_CHARS = 60
SEVERITY_LABELS = {"error": "Error", "warning": "Warning", "info": "Info"}
DEFAULT_CHANGES = ("2.9", "2.15")
EXAMPLE_CODE = '''import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP

model = FSDP(torch.jit.script(net))
program = torch.export.export_for_training(net, (x,))
L = torch.cholesky(a)
'''


@dataclass
class SearchForm:
    q: str | None = None  # None: no search asked for; "": asked with an empty box
    torch_version: str | None = None
    kind: str | None = None
    reference: str | None = None

    @classmethod
    def from_params(cls, params) -> "SearchForm":
        blank_to_none = lambda name: (params.get(name) or "").strip() or None
        return cls(q=params.get("q"), torch_version=blank_to_none("torch_version"), kind=blank_to_none("kind"),
                   reference=blank_to_none("reference"))

    @property
    def query_string(self) -> str:
        """The search as URL parameters: a section opened from the results links back to them."""
        return urlencode({name: value for name, value in (("q", self.q), ("torch_version", self.torch_version),
                                                          ("kind", self.kind), ("reference", self.reference)) if value})


def title_query(query: str | None) -> str:
    """A query as the start of the page's <title>: spaces collapsed, long ones cut ("" for none)."""
    words = " ".join((query or "").split())
    return words if len(words) <= MAX_TITLE_QUERY_CHARS else words[:MAX_TITLE_QUERY_CHARS - 1].rstrip() + "…"


@dataclass
class PageResult:
    context: dict = field(default_factory=dict)
    status: int = 200


def search_page(engine, form: SearchForm, whole_page: bool = True) -> PageResult:
    """``whole_page=False``: only the results, for live search (the reference list is then needed
    only for the introduction shown without a query)."""
    needs_references = whole_page or form.q is None
    context = {"form": form, "releases": RELEASES, "kinds": KINDS, "kind_order": KIND_ORDER, "hits": [], "message": None, "summary": "",
               "references": engine.list_references() if needs_references else [], "max_query": MAX_QUERY_CHARS}
    if form.q is None:
        return PageResult(context)
    if not form.q.strip():
        context["message"] = "Type an API name, a question or the last line of an error to search."
        return PageResult(context)
    try:
        response = engine.search(SearchRequest(query=form.q, k=RESULTS, torch_version=form.torch_version,
                                               kind=form.kind, reference=form.reference))
    except InvalidInput as exc:
        context["message"] = str(exc)
        return PageResult(context, 422)
    context["hits"] = [present_hit(hit, form.torch_version, form.query_string) for hit in response.results]
    count = len(response.results)
    if not response.close_match:  # the core's relevance floor: say so, and what to try
        context["summary"] = f"No close match for “{response.query}”. " + " ".join(response.suggestions)
        return PageResult(context)
    context["summary"] = (f"{count} result{'s' * (count != 1)} for “{response.query}”" if count
                          else f"Nothing matches “{response.query}”: try an API name such as torch.load, "
                               "or the last line of the error.")
    return PageResult(context)


def present_hit(hit, torch_version: str | None = None, search: str = "") -> dict:
    url = section_url(hit.id) + (f"?{search}" if search else "")
    return {"hit": hit, "url": url, "badges": hit_badges(hit, torch_version),
            "html": render_section(hit.text, hit.reference), "long": hit.text.count("\n") > LONG_RESULT_LINES}


def section_page(engine, section_id: str, params=None) -> PageResult:
    """``params``: the search the section was opened from (its ``?q=...``), for the way back."""
    if "#" not in section_id and "/" in section_id:
        section_id = section_id.replace("/", "#", 1)  # /s/<reference>/<anchor>, as the JSON API accepts
    search = SearchForm.from_params(params or {}).query_string
    return PageResult({"item": present_hit(engine.read_section(section_id)),
                       "back": f"/?{search}" if search else "/"})


def changes_page(engine, chart_counts, params) -> PageResult:
    low = (params.get("from") or DEFAULT_CHANGES[0]).strip()
    high = (params.get("to") or DEFAULT_CHANGES[1]).strip()
    context = {"low": low, "high": high, "from_choices": [BEFORE_FIRST, *RELEASES[:-1]],
               "to_choices": RELEASES, "groups": [], "total": 0, "message": None,
               "chart": build_chart(chart_counts, KIND_ORDER), "chart_counts": chart_counts}
    context["in_range"] = _releases_between(low, high)
    try:
        report = engine.whats_new(low, high)
    except InvalidInput as exc:
        context["message"] = str(exc)
        return PageResult(context, 422)
    context["total"] = report.total
    context["groups"] = [(kind, [present_change(change) for change in changes])
                         for kind, changes in report.groups.items()]
    return PageResult(context)


def _releases_between(low: str, high: str) -> set[str]:
    try:
        low_key, high_key = Version.parse(low).sort_key, Version.parse(high).sort_key
    except ValueError:
        return set()
    return {release for release in RELEASES if low_key < Version.parse(release).sort_key <= high_key}


def chart_counts(engine, cache: dict) -> list[tuple[str, dict[str, int]]]:
    """Counted once per set of sections: the key changes when a re-index adds, drops or re-kinds one."""
    key = tuple((info.name, info.sections, tuple(sorted(info.kinds.items()))) for info in engine.list_references())
    if cache.get("key") != key:
        cache.update(key=key, counts=count_changes(engine.whats_new(BEFORE_FIRST, RELEASES[-1])))
    return cache["counts"]


def present_change(change) -> dict:
    return {"change": change, "url": section_url(change.id), "badges": hit_badges(change)}


def check_page(code: str | None = None, torch_version: str | None = None, findings=None,
               message: str | None = None, link: str | None = None, omitted: int = 0) -> dict:
    """The form, and once code was checked, its lines with each finding under the line it is on.
    ``link``: the result's own URL (None when the code is too large for one); ``omitted``: findings
    the checker counted beyond those it returned (its output is capped)."""
    context = {"code": code or "", "torch_version": torch_version or "", "releases": RELEASES, "max_chars": MAX_PAGE_CODE_CHARS,
               "message": message, "checked": findings is not None and message is None, "lines": [], "findings": [],
               "link": link, "more": 0, "max_link": MAX_LINK_CODE_CHARS}
    if context["checked"]:
        by_line: dict[int, list] = {}
        for finding in findings:
            by_line.setdefault(finding.line, []).append(finding)
        lines = highlight_lines(code)
        if len(lines) > 1 and not lines[-1]:
            lines.pop()  # the empty "line" after a final newline
        context["lines"] = [(number, html, [present_finding(f) for f in by_line.get(number, [])])
                            for number, html in enumerate(lines, start=1)]
        context["findings"] = [present_finding(f) for f in findings]
        context["more"] = omitted
    return context


def validate_check_input(code: str | None) -> str | None:
    """A message for input the checker should not be given, else None."""
    if code is None or not code.strip():
        return "Paste some Python code that uses torch, then press Check."
    if len(code) > MAX_PAGE_CODE_CHARS:
        return too_large(f"{len(code):,} characters")
    return None


def too_large(size: str) -> str:
    return (f"That is {size}; this page checks up to {MAX_PAGE_CODE_CHARS:,} characters. "
            "Check a large file from a terminal with `torchpatch check FILE`.")


def result_link(code: str, torch_version: str | None) -> str | None:
    """``/check?z=<code, compressed>&torch_version=...``, or None when the code is too large for a URL."""
    packed = base64.urlsafe_b64encode(zlib.compress(code.encode("utf-8"), 9)).rstrip(b"=").decode("ascii")
    if len(packed) > MAX_LINK_CODE_CHARS:
        return None
    return "/check?" + urlencode({"z": packed, **({"torch_version": torch_version} if torch_version else {})})


def code_from_link(packed: str) -> str:
    """The code a result link carries; InvalidInput for a link cut short or edited by hand."""
    damaged = InvalidInput("This link's code is damaged (cut short when it was copied?): paste the code again.")
    if len(packed) > MAX_LINK_CODE_CHARS:
        raise damaged
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(data, MAX_PAGE_CODE_CHARS * 4 + 1)  # a bound: no zip bomb expands past a page
        if inflate.unconsumed_tail or not inflate.eof or len(raw) > MAX_PAGE_CODE_CHARS * 4:
            raise damaged
        return raw.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise damaged from None


def present_finding(finding) -> dict:
    severity = finding.severity if finding.severity in SEVERITY_LABELS else "warning"
    return {"finding": finding, "url": section_url(finding.section) if finding.section else None,
            "severity": severity, "severity_label": SEVERITY_LABELS[severity],
            "code": getattr(finding, "code", "") or "", "suppression": suppression_comment(finding)}


def suppression_comment(finding) -> str:
    """The comment that silences this finding on its line: by its short code (``# noqa: TP101``)
    when the checker gives one, else by its rule id."""
    code = getattr(finding, "code", "") or ""
    if code:
        return f"# noqa: {code}"
    return f"# torchpatch: ignore[{finding.rule}]" if finding.rule else "# torchpatch: ignore"
