"""The search core: one engine behind the CLI, the MCP tools and the HTTP API.

It validates requests, runs full-text and vector retrieval on the index, fuses
and boosts, applies the caller's torch version and token budget, and returns
plain dataclasses. The transports only translate.
"""

from __future__ import annotations

import functools
import math
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from torchpatch.validators.errors import IndexUnavailable, InvalidInput, NotFound
from torchpatch.validators.markdown import KINDS, Version
from torchpatch.validators.markdown.metadata import EVENT_LABELS, PART_LIMIT

from torchpatch.validators.markdown.aliases import load_aliases

from . import ranking, relevance
from .live_index import LiveIndex, Loaded
from .models import (MAX_K, MAX_QUERY_CHARS, SEARCH_MODES, ChangeBrief, Hit, ReferenceInfo, SearchRequest,
                     SearchResponse, Verification, WhatsNew)

KIND_ORDER = ("breaking", "security", "behaviour-change", "deprecation", "known-bug", "new")
CANDIDATES = 40
ROW_COLUMNS = ["id", "reference", "file", "heading", "breadcrumb", "line", "text", "apis", "kind", "since",
               "default", "deprecated", "removed", "verified", "verification", "sources"]
EVENT_KEYS = ("since", "default", "deprecated", "removed")  # the index's columns of SectionMeta's events
MAX_ID_CHARS = 300  # the longest real section id is about 120
NOT_YET_APPLICABLE = 0.6  # with torch_version: a change that comes later than the user's build ranks lower
_META_LINE = re.compile(r"^\s*>\s*meta:", re.I)


class SearchEngine:
    def __init__(self, db_uri: str | None = None, references: Path | None = None, encoder=None):
        from .index import default_db_uri, default_references

        self.db_uri = db_uri or default_db_uri()
        self.references = references or default_references()
        self._encoder = encoder
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="torchpatch-fts")
        # One thread does all embedding: BLAS keeps a buffer per calling thread, and under load the
        # HTTP server's thread pool would otherwise grow the process by hundreds of megabytes.
        self._embedder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="torchpatch-embed")
        self._embed_cached = functools.lru_cache(maxsize=256)(
            lambda query: self._embedder.submit(lambda: self.encoder.encode([query])[0]).result())
        self._live = LiveIndex(self.db_uri, self.references, ROW_COLUMNS, _prepare_row)
        self._words: tuple[object, set[str]] = (None, set())  # identifier words of the rows loaded last

    # --- public API ------------------------------------------------------------------------

    def search(self, request: SearchRequest) -> SearchResponse:
        query = _validate_request(request, self.reference_names())
        version = _parse_version(request.torch_version, "torch_version")
        named = self._section_named(query)
        if named is not None:  # a section id (or an old id that now names its canonical section)
            return SearchResponse(query=query, results=[named], torch_version=request.torch_version)
        try:
            loaded = self._current()
            rankings, similarity = self._rankings(loaded.index, query, request)
        except IndexUnavailable:
            # The files of the version this engine holds may have been cleaned up by a rebuild
            # since the last check: look again now, and fail only if the newest one fails too.
            loaded = self._current(force_check=True)
            rankings, similarity = self._rankings(loaded.index, query, request)
        rows = loaded.rows
        # A pasted error found verbatim, or a release asked about ("what changed in 2.14"), is on topic
        # however far its words are from any one section.
        verbatim = request.mode == "hybrid" and bool(ranking.error_text_boosts(query, rows) or ranking.release_keys(query))
        if not relevance.is_close(query, similarity, self._corpus_words(loaded), verbatim):
            nearest = [rows[i] for i in rankings[-1] if i in rows]
            return SearchResponse(query=query, results=[], close_match=False, torch_version=request.torch_version,
                                  suggestions=relevance.suggestions(nearest))
        scores = ranking.rrf(rankings) if request.mode != "hybrid" else self._hybrid_scores(query, rankings, rows)
        ranked = []
        for section_id, score in scores.items():
            row = rows.get(section_id)
            if row is None:
                continue
            if (request.kind and row["kind"] != request.kind) or (request.reference and row["reference"] != request.reference):
                continue
            applies = None if version is None else _applies(row, version)
            ranked.append((score * (NOT_YET_APPLICABLE if applies is False else 1.0), section_id, applies))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        hits = []  # built for the top k only: a Hit carries the whole text and a summary
        for score, section_id, applies in ranked[: request.k]:
            hit = _hit(rows[section_id], score)
            hit.applies = applies
            hits.append(hit)
        kept, omitted = _fit_budget(hits, request.max_tokens)
        return SearchResponse(query=query, results=kept, omitted=omitted, torch_version=request.torch_version)

    def read_section(self, section_id: str) -> Hit:
        if not isinstance(section_id, str) or not section_id.strip():
            raise InvalidInput("id is empty: ids look like 'migrations-and-security#anchor'; use search to find one")
        if len(section_id) > MAX_ID_CHARS:
            raise InvalidInput(f"id {quote_prefix(section_id)} is {len(section_id)} characters; ids are at most "
                               f"{MAX_ID_CHARS}: use search or list_references to find one")
        rows = self._current().rows
        section_id = self.aliases().get(section_id, section_id)
        if section_id not in rows:
            raise NotFound(f"no section {quote_prefix(section_id)}: ids look like 'migrations-and-security#anchor'; "
                           "use search or list_references to find one")
        return _hit(rows[section_id], 1.0)

    def list_references(self) -> list[ReferenceInfo]:
        infos: dict[str, ReferenceInfo] = {}
        for row in self._current().rows.values():
            title = row["breadcrumb"].split(" > ")[0]
            info = infos.setdefault(row["reference"],
                                    ReferenceInfo(name=row["reference"], title=title, file=row["file"], sections=0))
            info.sections += 1
            if row["kind"]:
                info.kinds[row["kind"]] = info.kinds.get(row["kind"], 0) + 1
        return sorted(infos.values(), key=lambda info: info.name)

    def reference_names(self) -> set[str]:
        return {row["reference"] for row in self._current().rows.values()}

    def reference_text(self, name: str) -> str:
        """A whole reference file, read from the folder the index was built from."""
        names = self.reference_names()
        if not isinstance(name, str) or name not in names:
            raise NotFound(f"no reference {quote_prefix(str(name))}: one of {', '.join(sorted(names))}")
        return (self.references / f"{name}.md").read_text(encoding="utf-8")

    @property
    def remote(self) -> bool:
        """The index lives in object storage (this engine serves a local copy of its current build)."""
        return self._live.remote

    def index_state(self):
        """The build served and whether the store answered its last check (a :class:`~.live_index.StoreState`)."""
        return self._live.state()

    def health(self) -> int:
        """Answer one full-text and one vector query, as a search would; the number of sections.
        Raises IndexUnavailable when the index cannot answer (a missing file, a damaged version)."""
        loaded = self._current(force_check=True)
        any_row = next(iter(loaded.rows.values()), None)
        if any_row is None:
            raise IndexUnavailable(f"the index at {self.db_uri} is empty: run `torchpatch index`")
        loaded.index.fts_ids("torch", None, 1)
        loaded.index.vector_ids(self.embed("torch"), None, 1)
        return len(loaded.rows)

    def whats_new(self, from_version: str, to_version: str) -> WhatsNew:
        low, high = _parse_version(from_version, "from_version"), _parse_version(to_version, "to_version")
        if low is None or high is None or low >= high:
            raise InvalidInput("whats_new needs from_version < to_version, e.g. from 2.9 to 2.15")
        groups: dict[str, list[ChangeBrief]] = {kind: [] for kind in KIND_ORDER}
        for row in self._current().rows.values():
            events = [(key, row[key]) for key in EVENT_KEYS if row[key] and low.sort_key < row[key] <= high.sort_key]
            if row["kind"] and events:
                hit = _hit(row, 0.0)
                brief = ChangeBrief(**hit.model_dump(include=set(ChangeBrief.model_fields) - {"events"}),
                                    events=[f"{EVENT_LABELS[key]} {_label(value)}" for key, value in events])
                groups[event_kind(row["kind"], [key for key, _ in events])].append(brief)
        briefs = {kind: sorted(changes, key=lambda c: (_first_version(c), c.id))
                  for kind, changes in groups.items() if changes}
        return WhatsNew(from_version=str(low), to_version=str(high), total=sum(map(len, briefs.values())),
                        groups=briefs)

    # --- retrieval -------------------------------------------------------------------------

    def aliases(self) -> dict[str, str]:
        """Old section ids -> canonical ids (references/aliases.toml), reread when the file changes."""
        return load_aliases(self.references)

    def _section_named(self, query: str) -> Hit | None:
        if "#" not in query or len(query) > MAX_ID_CHARS or any(c.isspace() for c in query):
            return None
        try:
            return self.read_section(query)
        except NotFound:
            return None

    def _corpus_words(self, loaded: Loaded) -> set[str]:
        if self._words[0] is not loaded.rows:
            self._words = (loaded.rows, relevance.corpus_words(loaded.rows))
        return self._words[1]

    def _rankings(self, index, query: str, request: SearchRequest) -> tuple[list[list[str]], float | None]:
        """The rankings to fuse, and the nearest section's similarity (None without a vector query)."""
        where = _where(request)
        if request.mode == "fts":
            return [index.fts_ids(query, where, CANDIDATES)], None
        if request.mode == "vector":
            hits = index.vector_hits(self.embed(query), where, CANDIDATES)
            return [[i for i, _ in hits]], (hits[0][1] if hits else 0.0)
        # The full-text query runs in lancedb's own threads while this one embeds the query.
        full_text = self._pool.submit(index.fts_ids, query, where, CANDIDATES)
        hits = index.vector_hits(self.embed(query), where, CANDIDATES)
        return [full_text.result(), [i for i, _ in hits]], (hits[0][1] if hits else 0.0)

    def _hybrid_scores(self, query: str, rankings: list[list[str]], rows: dict[str, dict]) -> dict[str, float]:
        scores = ranking.rrf(rankings, ranking.HYBRID_WEIGHTS)
        # A few hundred rows held in memory: scanning them costs less than another query.
        for section_id, boost in ranking.error_text_boosts(query, rows).items():
            scores[section_id] = scores.get(section_id, 0.0) + boost
        for boosts in (ranking.version_boosts(query, rows), ranking.short_query_boosts(query, rows)):
            for section_id, boost in boosts.items():
                if section_id in scores:  # lifts what retrieval found; never adds an unrelated section
                    scores[section_id] += boost
        return scores

    def embed(self, query: str):
        """The query's vector; recent ones are kept, since agents often repeat a query."""
        return self._embed_cached(query)

    @property
    def encoder(self):
        if self._encoder is None:
            from .embedding import query_encoder

            self._encoder = query_encoder()
        return self._encoder

    def _current(self, force_check: bool = False) -> Loaded:
        return self._live.current(force_check)


def _prepare_row(row: dict) -> None:
    row["_norm"] = ranking.error_form(row["text"])  # once per load, for the error-text boosts


def quote_prefix(text: str, limit: int = 60) -> str:
    """Quote user input in a message without echoing all of it back."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _validate_request(request: SearchRequest, references: set[str]) -> str:
    if not isinstance(request.query, str):
        raise InvalidInput("query must be a string")
    query = request.query.replace("\x00", " ").strip()
    if not query:
        raise InvalidInput("query is empty: ask about an API, a behaviour or paste an error message")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(f"query is {len(query)} characters; the limit is {MAX_QUERY_CHARS}: "
                           "paste the last lines of the error")
    if isinstance(request.k, bool) or not isinstance(request.k, int) or not 1 <= request.k <= MAX_K:
        raise InvalidInput(f"k must be a whole number from 1 to {MAX_K}")
    if request.kind is not None and request.kind not in KINDS:
        raise InvalidInput(f"unknown kind {quote_prefix(request.kind)}: one of {', '.join(KINDS)}")
    if request.reference is not None and request.reference not in references:
        raise InvalidInput(f"unknown reference {quote_prefix(request.reference)}: one of {', '.join(sorted(references))}")
    if request.max_tokens is not None and (not isinstance(request.max_tokens, int) or request.max_tokens < 1):
        raise InvalidInput("max_tokens must be a positive whole number")
    if request.mode not in SEARCH_MODES:
        raise InvalidInput(f"mode must be one of {', '.join(SEARCH_MODES)}")
    return query


def _parse_version(text: str | None, name: str) -> Version | None:
    if text is None:
        return None
    try:
        return Version.parse(str(text))
    except ValueError:
        raise InvalidInput(f"{name} {quote_prefix(str(text))} is not a torch version like 2.9 or 2.14.1") from None


def _where(request: SearchRequest) -> str | None:
    """Filter values are checked against closed lists above, and quoted here all the same."""
    clauses = []
    if request.kind:
        clauses.append(f"kind = {_sql_string(request.kind)}")
    if request.reference:
        clauses.append(f"reference = {_sql_string(request.reference)}")
    return " AND ".join(clauses) or None


def _sql_string(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def event_kind(kind: str, events: list[str]) -> str:
    """The group a change is listed under for a range holding these of its events ("since",
    "default", ...): a new API whose only event there is becoming the default changes behaviour."""
    return "behaviour-change" if kind == "new" and events == ["default"] else kind


def _applies(row: dict, version: Version) -> bool:
    versions = [row[key] for key in EVENT_KEYS if row[key]]
    return not versions or min(versions) <= version.sort_key


HIT_OVERHEAD_TOKENS = 40  # the fields around a hit's text


def _fit_budget(hits: list[Hit], max_tokens: int | None) -> tuple[list[Hit], int]:
    """Whole sections, best first, while they fit; when not even the best one fits, it comes back cut
    to the budget (marked ``truncated``): a small budget never turns a match into no answer."""
    if max_tokens is None:
        return hits, 0
    kept, used = [], 0
    for hit in hits:
        cost = estimate_tokens(hit.text) + HIT_OVERHEAD_TOKENS
        if used + cost <= max_tokens:
            kept.append(hit)
            used += cost
    if not kept and hits:
        best = hits[0]
        kept = [best.model_copy(update={"text": cut_text(best.text, max_tokens - HIT_OVERHEAD_TOKENS, best.id),
                                        "truncated": True})]
    return kept, len(hits) - len(kept)


def cut_text(text: str, tokens: int, section_id: str) -> str:
    """The section's first lines within about ``tokens`` (the heading at least), an open code fence
    closed, and a last line saying where the rest is."""
    limit = max(tokens, 0) * 4
    lines, size, in_code = [], 0, False
    for number, line in enumerate(text.splitlines()):
        if number and size + len(line) + 1 > limit:
            break
        lines.append(line)
        size += len(line) + 1
        if line.lstrip().startswith(("```", "~~~")):
            in_code = not in_code
    if in_code:
        lines.append("```")
    lines.append(f"[cut to fit max_tokens: read_section {section_id!r} for the whole section]")
    return "\n".join(lines) + "\n"


def estimate_tokens(text: str) -> int:
    """About four characters a token for English and code: close enough for a budget."""
    return math.ceil(len(text) / 4)


def _hit(row: dict, score: float) -> Hit:
    return Hit(
        id=row["id"], reference=row["reference"], heading=row["heading"], breadcrumb=row["breadcrumb"],
        file=row["file"], line=row["line"], kind=row["kind"] or None, since=_label(row["since"]),
        default=_label(row["default"]), deprecated=_label(row["deprecated"]), removed=_label(row["removed"]),
        apis=list(row["apis"] or []), sources=list(row["sources"] or []),
        verified=row["verified"], verification=_verification(row.get("verification")),
        summary=summarise(row["text"]), text=row["text"], score=round(score, 6),
    )


def _label(sort_key: int) -> str | None:
    if not sort_key:
        return None
    major, rest = divmod(sort_key, PART_LIMIT * PART_LIMIT)
    minor, patch = divmod(rest, PART_LIMIT)
    return f"{major}.{minor}" + (f".{patch}" if patch else "")


def _first_version(hit: Hit) -> tuple:
    values = [Version.parse(v) for v in (hit.since, hit.default, hit.deprecated, hit.removed) if v]
    return min(values) if values else Version(0, 0)


def summarise(text: str, limit: int = 240) -> str:
    """The section's first prose sentence(s): what changed, in a line."""
    prose = []
    in_code = False
    for line in text.splitlines()[1:]:
        if line.lstrip().startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if in_code or _META_LINE.match(line) or line.lstrip().startswith(("|", "#")):
            continue
        if line.strip():
            prose.append(line.strip())
        elif prose:
            break
    summary = " ".join(prose)
    return summary if len(summary) <= limit else summary[: limit - 1].rsplit(" ", 1)[0] + "…"


def _verification(column: str | None) -> Verification | None:
    return Verification.model_validate_json(column) if column else None
